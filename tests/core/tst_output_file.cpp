// SPDX-License-Identifier: GPL-3.0-or-later
// Output files (issue 11, defects 1, 8, 9; issue 10 §2): -o to FIFOs, symlinks (existing and dangling) and
// character devices is written straight through, never replaced; write errors carry the system's message
// (ENOSPC on a full-device node made inside a temporary folder); a replaced file keeps its mode; a 240-byte
// name works; the free space is checked first; the streaming matrix writer is byte-identical to the whole-
// matrix writers for any block split, and streamMatrix equals computeMatrix byte for byte, its sink keeps the
// caller's thread budget, and sink errors and cancellation reach the caller.

#include "posenc/io/output_file.h"
#include "posenc/io/writers.h"
#include "posenc/matrix.h"
#include "posenc/registry.h"
#include "posenc/threads.h"
#include "posenc/errors.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <thread>

using namespace posenc;

namespace {

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

std::string readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

mode_t modeOf(const QString& path)
{
    struct stat st {};
    return ::lstat(qPrintable(path), &st) == 0 ? st.st_mode : 0;
}

Matrix sample(std::size_t rows, std::size_t cols)
{
    Matrix m;
    m.rows = rows;
    m.cols = cols;
    m.data.resize(rows * cols);
    for (std::size_t i = 0; i < m.data.size(); ++i)
        m.data[i] = std::sin(0.37 * static_cast<double>(i)) * std::pow(10.0, static_cast<double>(i % 9) - 4.0);
    if (m.data.size() > 5) {
        m.data[3] = std::nan("");
        m.data[5] = -INFINITY;
    }
    return m;
}

} // namespace

class TstOutputFile : public QObject {
    Q_OBJECT

private slots:
    void fifoIsWrittenThrough()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("pipe"));
        QCOMPARE(::mkfifo(qPrintable(fifo), 0600), 0);
        std::string received;
        std::thread reader([&] {
            const int fd = ::open(qPrintable(fifo), O_RDONLY);
            char buf[4096];
            for (ssize_t n; fd >= 0 && (n = ::read(fd, buf, sizeof buf)) > 0;)
                received.append(buf, static_cast<std::size_t>(n));
            if (fd >= 0)
                ::close(fd);
        });
        io::atomicWrite(fifo.toStdString(), [](std::ostream& out) { out << "through the pipe\n"; });
        reader.join();
        QCOMPARE(received, std::string("through the pipe\n"));
        QVERIFY(S_ISFIFO(modeOf(fifo))); // still a FIFO, not replaced by a regular file
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("pipe")});
    }

    void symlinksAreFollowed()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("real.csv"));
        const QString link = dir.filePath(QStringLiteral("link.csv"));
        QVERIFY(QFile::link(QStringLiteral("real.csv"), link)); // relative, dangling
        io::atomicWrite(link.toStdString(), [](std::ostream& out) { out << "first"; });
        QVERIFY(S_ISLNK(modeOf(link)));
        QCOMPARE(readAll(target), std::string("first")); // created through the dangling link
        io::atomicWrite(link.toStdString(), [](std::ostream& out) { out << "second"; });
        QVERIFY(S_ISLNK(modeOf(link)));
        QCOMPARE(readAll(target), std::string("second"));
        QCOMPARE(entries(dir.path()), (QStringList{QStringLiteral("link.csv"), QStringLiteral("real.csv")}));
    }

    void fullDeviceReportsEnospc()
    {
        if (::geteuid() != 0)
            QSKIP("making a device node needs root");
        QTemporaryDir dir;
        const QString full = dir.filePath(QStringLiteral("full"));
        if (::mknod(qPrintable(full), S_IFCHR | 0666, makedev(1, 7)) != 0)
            QSKIP("mknod is not permitted here");
        try {
            io::atomicWrite(full.toStdString(), [](std::ostream& out) { out << std::string(200000, 'x'); });
            QFAIL("writing to a full device succeeded");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains(QStringLiteral("No space left on device")), e.what());
        }
        QVERIFY(S_ISCHR(modeOf(full))); // the node is still a device
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("full")});
        // a symlink to the device is followed to it, the device is not replaced either
        const QString link = dir.filePath(QStringLiteral("tofull"));
        QVERIFY(QFile::link(full, link));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 io::atomicWrite(link.toStdString(), [](std::ostream& out) { out << "x\n"; }));
        QVERIFY(S_ISCHR(modeOf(full)));
    }

    void replacedFileKeepsItsMode()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("secret.json"));
        io::atomicWrite(path.toStdString(), [](std::ostream& out) { out << "old"; });
        QCOMPARE(::chmod(qPrintable(path), 0600), 0);
        io::atomicWrite(path.toStdString(), [](std::ostream& out) { out << "new"; });
        QCOMPARE(readAll(path), std::string("new"));
        QCOMPARE(modeOf(path) & 07777, mode_t(0600));
        QCOMPARE(::chmod(qPrintable(path), 0640), 0);
        io::atomicWrite(path.toStdString(), [](std::ostream& out) { out << "newer"; });
        QCOMPARE(modeOf(path) & 07777, mode_t(0640));
    }

    void longFileName()
    {
        QTemporaryDir dir;
        for (const int length : {240, 255}) {
            const QString name = QString(length - 4, QLatin1Char('n')) + QStringLiteral(".csv");
            const QString path = dir.filePath(name);
            io::atomicWrite(path.toStdString(), [](std::ostream& out) { out << "long"; });
            QCOMPARE(readAll(path), std::string("long"));
            io::atomicWrite(path.toStdString(), [](std::ostream& out) { out << "again"; });
            QCOMPARE(readAll(path), std::string("again"));
            QVERIFY(QFile::remove(path));
        }
        // multi-byte characters: the temporary name is cut on a character boundary
        const QString wide = QString(120, QChar(0x00e9)) + QStringLiteral(".csv"); // 244 bytes in UTF-8
        io::atomicWrite(dir.filePath(wide).toStdString(), [](std::ostream& out) { out << "utf8"; });
        QCOMPARE(readAll(dir.filePath(wide)), std::string("utf8"));
        QCOMPARE(entries(dir.path()), QStringList{wide});
    }

    void freeSpaceCheckedFirst()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("huge.npy"));
        bool called = false;
        try {
            io::atomicWrite(
                path.toStdString(), [&](std::ostream&) { called = true; }, std::uint64_t(1) << 62);
            QFAIL("a 4 EiB file was accepted");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains(QStringLiteral("free")), e.what());
        }
        QVERIFY(!called);
        QVERIFY(entries(dir.path()).isEmpty());
    }

    void streamingIsByteIdentical_data()
    {
        QTest::addColumn<int>("format");
        QTest::newRow("npy") << static_cast<int>(io::MatrixFormat::Npy);
        QTest::newRow("csv") << static_cast<int>(io::MatrixFormat::Csv);
        QTest::newRow("json") << static_cast<int>(io::MatrixFormat::Json);
    }

    void streamingIsByteIdentical()
    {
        QFETCH(int, format);
        const auto f = static_cast<io::MatrixFormat>(format);
        const Matrix m = sample(1000, 7);
        std::ostringstream whole;
        if (f == io::MatrixFormat::Npy)
            io::writeNpy(whole, m);
        else if (f == io::MatrixFormat::Csv)
            io::writeCsv(whole, m);
        else
            io::writeMatrixJson(whole, m);
        for (const std::size_t block : {std::size_t(1), std::size_t(3), std::size_t(64), std::size_t(999)}) {
            std::ostringstream streamed;
            io::MatrixStreamWriter w(streamed, f, m.rows, m.cols);
            for (std::size_t r = 0; r < m.rows; r += block)
                w.rows(std::min(block, m.rows - r), m.data.data() + r * m.cols);
            w.finish();
            QVERIFY2(streamed.str() == whole.str(), qPrintable(QStringLiteral("block %1").arg(block)));
        }
    }

    void wideTextSplitsIntoChunks()
    {
        // 40 rows of 30000 columns: the text writer formats a few rows per chunk (about 4 MiB of text), so a block
        // spans many chunks. Against text built here number by number with std::to_chars.
        const Matrix m = sample(40, 30000);
        std::string csv, json = "{\"shape\":[40,30000],\"data\":[";
        for (std::size_t c = 0; c < m.cols; ++c)
            csv += (c ? ",c" : "c") + std::to_string(c);
        csv += '\n';
        for (std::size_t i = 0; i < m.data.size(); ++i) {
            char buf[64];
            const double x = m.data[i];
            const std::string number =
                std::isfinite(x) ? std::string(buf, std::to_chars(buf, buf + 64, x).ptr) : "null";
            csv += (i % m.cols ? "," : "") + number + (i % m.cols == m.cols - 1 ? "\n" : "");
            json += (i ? "," : "") + number;
        }
        json += "]}\n";
        for (const std::size_t block : {std::size_t(1), std::size_t(7), std::size_t(40)}) {
            std::ostringstream outCsv, outJson;
            io::MatrixStreamWriter wc(outCsv, io::MatrixFormat::Csv, m.rows, m.cols);
            io::MatrixStreamWriter wj(outJson, io::MatrixFormat::Json, m.rows, m.cols);
            for (std::size_t r = 0; r < m.rows; r += block) {
                wc.rows(std::min(block, m.rows - r), m.data.data() + r * m.cols);
                wj.rows(std::min(block, m.rows - r), m.data.data() + r * m.cols);
            }
            wc.finish();
            wj.finish();
            QVERIFY2(outCsv.str() == csv, qPrintable(QStringLiteral("csv, block %1").arg(block)));
            QVERIFY2(outJson.str() == json, qPrintable(QStringLiteral("json, block %1").arg(block)));
        }
    }

    void streamedMatrixEqualsComputed_data()
    {
        QTest::addColumn<qint64>("length");
        QTest::addColumn<qint64>("blockBytes");
        QTest::newRow("one-row blocks") << qint64(5000) << qint64(1);
        QTest::newRow("default blocks, 10 of them") << qint64(20000) << qint64(8 << 20);
        QTest::newRow("two 2 MiB buffers") << qint64(20000) << qint64(4 << 20);
        QTest::newRow("one block") << qint64(300) << qint64(8 << 20);
    }

    void streamedMatrixEqualsComputed()
    {
        // core's block-by-block computation against the in-memory matrix
        QFETCH(qint64, length);
        QFETCH(qint64, blockBytes);
        const auto& def = Registry::instance().find("rope");
        const auto enc = def.build(Registry::resolve(def, {}));
        MatrixRequest req;
        req.view = View::Cos;
        req.length = length;
        req.firstPosition = 17;
        const Matrix m = computeMatrix(*enc, req);
        std::ostringstream whole;
        io::writeNpy(whole, m);
        std::ostringstream streamed;
        io::MatrixStreamWriter w(streamed, io::MatrixFormat::Npy, m.rows, m.cols);
        streamMatrix(
            *enc, req, [&](std::size_t rows, const double* data) { w.rows(rows, data); }, {},
            static_cast<std::size_t>(blockBytes));
        w.finish();
        QVERIFY(streamed.str() == whole.str());
    }

    void streamBlocksSizedFromTheBudgetInOnePlace()
    {
        // matrix.h: a quarter of the budget, at most 8 MiB; below two rows BudgetExceeded naming --memory-budget,
        // before any output exists.
        const auto& def = Registry::instance().find("rope");
        const auto enc = def.build(Registry::resolve(def, {}));
        MatrixRequest req;
        req.view = View::Cos;
        req.length = 100;
        QCOMPARE(streamBlockBytes(*enc, req), std::size_t(8) << 20);
        req.memoryBudget = std::size_t(1) << 20;
        QCOMPARE(streamBlockBytes(*enc, req), std::size_t(256) << 10);
        const std::size_t twoRows = 2 * 8 * matrixColumns(*enc, req);
        req.memoryBudget = twoRows;
        QCOMPARE(streamBlockBytes(*enc, req), twoRows / 4);
        req.memoryBudget = twoRows - 1;
        try {
            (void)streamBlockBytes(*enc, req);
            QFAIL("no BudgetExceeded below two rows");
        } catch (const BudgetExceeded& e) {
            QVERIFY2(std::string(e.what()).find("below two rows") != std::string::npos, e.what());
        }
        // streamMatrix applies the same rule by default: the same refusal, nothing handed to the sink.
        int calls = 0;
        QVERIFY_THROWS_EXCEPTION(BudgetExceeded, streamMatrix(*enc, req, [&](std::size_t, const double*) { ++calls; }));
        QCOMPARE(calls, 0);
    }

    void streamSinkKeepsTheCallersBudgetAndErrors()
    {
        // The sink runs on a worker thread: it must see the caller's thread budget (a CSV sink opens parallel
        // regions; before, it saw every core), and its exceptions and a cancelled progress reach the caller.
        const auto& def = Registry::instance().find("rope");
        const auto enc = def.build(Registry::resolve(def, {}));
        MatrixRequest req;
        req.view = View::Cos;
        req.length = 10000;
        {
            const ScopedThreadBudget one(1);
            int seen = -1;
            streamMatrix(
                *enc, req, [&](std::size_t, const double*) { seen = threadBudget(); }, {}, 1 << 20);
            QCOMPARE(seen, 1);
        }
        int calls = 0;
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, streamMatrix(
                                                         *enc, req,
                                                         [&](std::size_t, const double*) {
                                                             if (++calls == 2)
                                                                 throw std::runtime_error("disk full");
                                                         },
                                                         {}, 1 << 20));
        QCOMPARE(calls, 2); // nothing more is handed to a failed sink
        QVERIFY_THROWS_EXCEPTION(
            Cancelled, streamMatrix(
                           *enc, req, [](std::size_t, const double*) {}, [](double) { return false; }, 1 << 20));
    }
};

QTEST_GUILESS_MAIN(TstOutputFile)
#include "tst_output_file.moc"
