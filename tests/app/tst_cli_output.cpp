// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc` output files and budgets as a separate process (issue 10 §1-2, issue 11 defects 1, 5, 6): a matrix
// streamed to -o is byte-identical to the in-memory writer; SIGTERM/SIGINT during a large write leave no hidden
// temporary file; a full device gives exit 1 with the system's message; --memory-budget is range-checked after
// its suffix is applied; compute base-bound writes the documented JSON in the order given; CSV prints integers as
// integers.

#include "posenc/io/writers.h"
#include "posenc/matrix.h"
#include "posenc/registry.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cmath>
#include <sstream>

using namespace posenc;

namespace {

struct Run {
    int code = -1;
    QByteArray out;
    QString err;
};

Run cli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(POSENC_CLI_PATH), args);
    Run r;
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

} // namespace

class TstCliOutput : public QObject {
    Q_OBJECT

private slots:
    void streamedMatrixIsByteIdentical_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("npy") << QStringLiteral("npy");
        QTest::newRow("csv") << QStringLiteral("csv");
        QTest::newRow("json") << QStringLiteral("json");
    }

    void streamedMatrixIsByteIdentical()
    {
        QFETCH(QString, format);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.") + format);
        // 20000 rows: several 2048-row compute blocks and, with a 1 MiB budget, several output blocks
        const Run r = cli({"compute", "matrix", "--method", "rope", "--length", "20000", "--start", "3", "--view",
                           "cos", "--memory-budget", "1MiB", "--format", format, "-o", path});
        QCOMPARE(r.code, 0);
        const auto& def = Registry::instance().find("rope");
        const auto enc = def.build(Registry::resolve(def, {}));
        MatrixRequest req;
        req.view = View::Cos;
        req.length = 20000;
        req.firstPosition = 3;
        const Matrix m = computeMatrix(*enc, req);
        std::ostringstream expected;
        if (format == QLatin1String("npy"))
            io::writeNpy(expected, m);
        else if (format == QLatin1String("csv"))
            io::writeCsv(expected, m);
        else
            io::writeMatrixJson(expected, m);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().toStdString() == expected.str());
    }

    void signalRemovesTemporaryFile_data()
    {
        QTest::addColumn<int>("sig");
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGINT") << int(SIGINT);
    }

    void signalRemovesTemporaryFile()
    {
        QFETCH(int, sig);
        QTemporaryDir dir;
        QProcess p;
        // 2^22 x 64 float64 = 2 GiB: the write runs for seconds; the signal arrives as soon as the temp file exists
        p.start(QStringLiteral(POSENC_CLI_PATH),
                {"compute", "matrix", "--method", "rope", "--head-dim", "64", "--length", "4194304", "--view", "cos",
                 "-o", dir.filePath(QStringLiteral("big.npy"))});
        QVERIFY(p.waitForStarted());
        while (entries(dir.path()).isEmpty() && p.state() == QProcess::Running) // no clock: a loaded machine
            QThread::msleep(2);
        QVERIFY2(!entries(dir.path()).isEmpty(), "no temporary file appeared");
        QVERIFY(entries(dir.path()).first().startsWith(QStringLiteral(".big.npy.tmp-")));
        ::kill(static_cast<pid_t>(p.processId()), sig);
        QVERIFY(p.waitForFinished(-1));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit); // re-raised: killed by the signal
        QVERIFY2(entries(dir.path()).isEmpty(), qPrintable(entries(dir.path()).join(' ')));
    }

    void fullDeviceExitsOne()
    {
        if (::geteuid() != 0)
            QSKIP("making a device node needs root");
        QTemporaryDir dir;
        const QString full = dir.filePath(QStringLiteral("full"));
        if (::mknod(qPrintable(full), S_IFCHR | 0666, makedev(1, 7)) != 0)
            QSKIP("mknod is not permitted here");
        const Run r = cli({"compute", "frequencies", "--method", "rope", "-o", full});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("No space left on device")), qPrintable(r.err));
        struct stat st {};
        QCOMPARE(::stat(qPrintable(full), &st), 0);
        QVERIFY(S_ISCHR(st.st_mode));
    }

    void memoryBudgetCheckedAfterScaling()
    {
        for (const char* bad : {"1e18TiB", "0.5", "0KiB", "2e7TiB"}) {
            const Run r = cli(
                {"compute", "matrix", "--method", "rope", "--length", "8", "--view", "cos", "--memory-budget", bad});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(QStringLiteral("--memory-budget")) && r.err.contains(QLatin1String(bad)),
                     qPrintable(r.err));
        }
        QCOMPARE(cli({"compute", "matrix", "--method", "rope", "--length", "8", "--view", "cos", "--memory-budget",
                      "1GiB", "--format", "csv"})
                     .code,
                 0);
    }

    void baseBoundJson()
    {
        const Run r = cli({"compute", "base-bound", "--head-dim", "128", "--lengths", "4096,1024,2048"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["head_dim"].toInt(), 128);
        QCOMPARE(o["length"].toArray(), (QJsonArray{4096, 1024, 2048}));
        const QJsonArray b = o["base_lower_bound"].toArray();
        QCOMPARE(b.size(), 3);
        // theory.md §2, infimum by fine linear scans: 26954, 4294, 11588
        QVERIFY(std::fabs(b[0].toDouble() / 26954 - 1) < 2e-4);
        QVERIFY(std::fabs(b[1].toDouble() / 4294 - 1) < 2e-4);
        QVERIFY(std::fabs(b[2].toDouble() / 11588 - 1) < 2e-4);
        QCOMPARE(o["paper_table2"].toArray()[2].toDouble(), 1.6e4);
        QCOMPARE(o["paper_vs_computed"].toArray()[2].toString(), QStringLiteral("differs"));
        QCOMPARE(o["su_vs_computed"].toArray()[2].toString(), QStringLiteral("agrees (2 s.f.)"));
        QCOMPARE(cli({"compute", "base-bound", "--lengths", "0"}).code, 2);
        QCOMPARE(cli({"compute", "base-bound", "--head-dim", "7", "--lengths", "10"}).code, 2);
    }

    void csvPrintsIntegersAsIntegers()
    {
        // one CSV writer for every analysis: a distance of a million is 1000000 (not 1e+06), other numbers in
        // the shortest form that reads back exactly
        const Run r = cli({"compute", "decay", "--method", "rope", "--distances", "1000,1000000", "--format", "csv"});
        QCOMPARE(r.code, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QByteArray("distance,roformer-bound,similar-token,all-ones"));
        const QList<QByteArray> row = lines[2].split(',');
        QCOMPARE(row[0], QByteArray("1000000"));
        // all-ones: q = k = (1, ..., 1), score 2 sum_i cos(d theta_i), theta_i = 10000^(-2i/128) (RoFormer)
        double score = 0;
        for (int i = 0; i < 64; ++i)
            score += 2 * std::cos(1e6 * std::pow(10000.0, -2.0 * i / 128));
        QVERIFY2(std::fabs(row[3].toDouble() - score) < 1e-9, row[3].constData());
        const Run b = cli({"compute", "base-bound", "--head-dim", "128", "--lengths", "1000000", "--format", "csv"});
        QCOMPARE(b.code, 0);
        QVERIFY2(b.out.split('\n').value(1).startsWith("1000000,"), b.out.constData());
    }
};

QTEST_GUILESS_MAIN(TstCliOutput)
#include "tst_cli_output.moc"
