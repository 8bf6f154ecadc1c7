// SPDX-License-Identifier: GPL-3.0-or-later
// Data writers: .npy (NEP 1 / numpy.lib.format version 1.0: magic, version, little-endian header length,
// '<f8', C order, shape, header padded to a multiple of 64 bytes and ending in '\n'), CSV with a header, JSON
// matrices, the streaming JsonWriter, and atomicWrite (no partial and no temporary file on failure).

#include "posenc/io/writers.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>

using namespace posenc;

namespace {

Matrix sampleMatrix(std::size_t rows, std::size_t cols)
{
    Matrix m;
    m.rows = rows;
    m.cols = cols;
    m.data.resize(rows * cols);
    for (std::size_t i = 0; i < m.data.size(); ++i)
        m.data[i] = std::sin(0.37 * static_cast<double>(i)) * std::pow(10.0, static_cast<double>(i % 7) - 3.0);
    return m;
}

QStringList leftovers(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
}

std::string readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

} // namespace

class TstWriters : public QObject {
    Q_OBJECT

private slots:
    void npyHeaderAndPayload_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::newRow("3x5") << 3 << 5;
        QTest::newRow("1x1") << 1 << 1;
        QTest::newRow("1000x128") << 1000 << 128;
        QTest::newRow("123457x3") << 123457 << 3;
    }

    void npyHeaderAndPayload()
    {
        QFETCH(int, rows);
        QFETCH(int, cols);
        const Matrix m = sampleMatrix(static_cast<std::size_t>(rows), static_cast<std::size_t>(cols));
        std::ostringstream out;
        io::writeNpy(out, m);
        const std::string bytes = out.str();
        QVERIFY(bytes.size() > 10);
        QCOMPARE(bytes.substr(0, 6), std::string("\x93NUMPY"));
        QCOMPARE(static_cast<int>(bytes[6]), 1); // version 1.0
        QCOMPARE(static_cast<int>(bytes[7]), 0);
        const std::size_t headerLen = static_cast<unsigned char>(bytes[8]) |
                                      (static_cast<std::size_t>(static_cast<unsigned char>(bytes[9])) << 8);
        QCOMPARE((10 + headerLen) % 64, std::size_t(0)); // payload 64-byte aligned
        const std::string header = bytes.substr(10, headerLen);
        QCOMPARE(header.back(), '\n');
        QVERIFY2(header.find("'descr': '<f8'") != std::string::npos, header.c_str());
        QVERIFY2(header.find("'fortran_order': False") != std::string::npos, header.c_str());
        const std::string shape = "'shape': (" + std::to_string(rows) + ", " + std::to_string(cols) + ")";
        QVERIFY2(header.find(shape) != std::string::npos, header.c_str());
        QCOMPARE(header.front(), '{');
        QVERIFY(header.find('}') != std::string::npos);
        QCOMPARE(bytes.size(), 10 + headerLen + m.data.size() * 8);
        std::vector<double> back(m.data.size());
        std::memcpy(back.data(), bytes.data() + 10 + headerLen, back.size() * 8);
        QVERIFY(back == m.data); // little-endian host: exact bytes
    }

    /// An independent reader: NumPy itself, when present.
    void npyLoadsInNumpy()
    {
        // the python3 first on PATH may be a private one without numpy (pyenv): try the system one too
        QString python;
        for (const QString& candidate :
             {QStandardPaths::findExecutable(QStringLiteral("python3")), QStringLiteral("/usr/bin/python3")}) {
            if (candidate.isEmpty() || !QFile::exists(candidate))
                continue;
            QProcess probe;
            probe.start(candidate, {QStringLiteral("-c"), QStringLiteral("import numpy")});
            if (probe.waitForFinished(-1) && probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0) {
                python = candidate;
                break;
            }
        }
        if (python.isEmpty())
            QSKIP("no python3 with numpy found");
        QTemporaryDir dir;
        const Matrix m = sampleMatrix(17, 9);
        const QString path = dir.filePath(QStringLiteral("m.npy"));
        io::atomicWrite(path.toStdString(), [&](std::ostream& out) { io::writeNpy(out, m); });
        QProcess py;
        py.start(python, {QStringLiteral("-c"),
                          QStringLiteral("import numpy,sys; a=numpy.load(sys.argv[1]); "
                                         "print(a.dtype.str, a.shape[0], a.shape[1], int(a.flags['C_CONTIGUOUS']), "
                                         "repr(float(a[16,8])), repr(float(a[3,4])))"),
                          path});
        QVERIFY(py.waitForFinished(-1));
        QCOMPARE(py.exitCode(), 0);
        const QStringList words = QString::fromUtf8(py.readAllStandardOutput()).split(' ', Qt::SkipEmptyParts);
        QCOMPARE(words.size(), 6);
        QCOMPARE(words[0], QStringLiteral("<f8"));
        QCOMPARE(words[1], QStringLiteral("17"));
        QCOMPARE(words[2], QStringLiteral("9"));
        QCOMPARE(words[3], QStringLiteral("1"));
        QCOMPARE(words[4].trimmed().toDouble(), m(16, 8));
        QCOMPARE(words[5].trimmed().toDouble(), m(3, 4));
    }

    void csvHeaderAndValues()
    {
        const Matrix m = sampleMatrix(4, 3);
        std::ostringstream plain;
        io::writeCsv(plain, m);
        QStringList lines = QString::fromStdString(plain.str()).split('\n');
        QCOMPARE(lines.takeLast(), QString()); // trailing newline
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0], QStringLiteral("c0,c1,c2"));
        for (int r = 0; r < 4; ++r) {
            const QStringList cells = lines[r + 1].split(',');
            QCOMPARE(cells.size(), 3);
            for (int c = 0; c < 3; ++c) // shortest round-trip form: parses back exactly
                QCOMPARE(std::stod(cells[c].toStdString()),
                         m(static_cast<std::size_t>(r), static_cast<std::size_t>(c)));
        }
        std::ostringstream named;
        io::writeCsv(named, m, {"inv_freq", "wavelength", "ramp"});
        QVERIFY(named.str().rfind("inv_freq,wavelength,ramp\n", 0) == 0);
    }

    void jsonMatrixShape()
    {
        Matrix m = sampleMatrix(5, 7);
        m(2, 3) = std::numeric_limits<double>::quiet_NaN();
        std::ostringstream out;
        io::writeMatrixJson(out, m);
        QJsonParseError err{};
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()), &err);
        QCOMPARE(err.error, QJsonParseError::NoError);
        const QJsonObject o = doc.object();
        QCOMPARE(o["shape"].toArray(), (QJsonArray{5, 7}));
        const QJsonArray data = o["data"].toArray();
        QCOMPARE(data.size(), 35);
        for (qsizetype i = 0; i < data.size(); ++i) {
            if (i == 2 * 7 + 3)
                QVERIFY(data[i].isNull()); // NaN as null
            else
                QCOMPARE(data[i].toDouble(), m.data[static_cast<std::size_t>(i)]);
        }
    }

    void jsonWriterProducesValidJson()
    {
        std::ostringstream out;
        io::JsonWriter w(out);
        w.beginObject();
        w.field("method", "yarn").field("text", std::string("quote \" backslash \\ newline \n tab \t"));
        w.field("n", 3).field("x", 0.1).field("flag", true);
        w.key("inf").value(std::numeric_limits<double>::infinity());
        w.key("list").array({1.0, 2.5, 1e-300});
        w.key("empty").beginArray().endArray();
        w.key("nested").beginObject().key("none").null().endObject();
        w.endObject();
        QJsonParseError err{};
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()), &err).object();
        QVERIFY2(err.error == QJsonParseError::NoError, out.str().c_str());
        QCOMPARE(o["method"].toString(), QStringLiteral("yarn"));
        QCOMPARE(o["text"].toString(), QStringLiteral("quote \" backslash \\ newline \n tab \t"));
        QCOMPARE(o["n"].toInt(), 3);
        QCOMPARE(o["x"].toDouble(), 0.1);
        QCOMPARE(o["flag"].toBool(), true);
        QVERIFY(o["inf"].isNull());
        QCOMPARE(o["list"].toArray(), (QJsonArray{1.0, 2.5, 1e-300}));
        QVERIFY(o["empty"].toArray().isEmpty());
        QVERIFY(o["nested"].toObject()["none"].isNull());
    }

    void paramValuesHaveOneJsonForm()
    {
        // One ParamValue -> JSON mapping (issue 17 §4): CLI output, `posenc methods` and sessions write through it.
        const auto text = [](const ParamValue& v) {
            std::ostringstream out;
            io::JsonWriter w(out, false);
            w.beginArray().value(v).endArray();
            return out.str();
        };
        QCOMPARE(text(ParamValue{}), std::string("[null]"));
        QCOMPARE(text(ParamValue{32768.0}), std::string("[32768]"));     // a count keeps its digits
        QCOMPARE(text(ParamValue{1e6}), std::string("[1000000]"));       // not 1e+06
        QCOMPARE(text(ParamValue{9007199254740992.0}), std::string("[9007199254740992]"));
        QCOMPARE(text(ParamValue{1e300}), std::string("[1e+300]"));      // beyond 2^53: shortest round trip
        QCOMPARE(text(ParamValue{0.1}), std::string("[0.1]"));
        QCOMPARE(text(ParamValue{-2.5}), std::string("[-2.5]"));
        QCOMPARE(text(ParamValue{std::numeric_limits<double>::quiet_NaN()}), std::string("[null]"));
        QCOMPARE(text(ParamValue{true}), std::string("[true]"));
        QCOMPARE(text(ParamValue{std::string("a\"b")}), std::string("[\"a\\\"b\"]"));
        QCOMPARE(text(ParamValue{std::vector<double>{1.0, 0.25}}), std::string("[[1,0.25]]"));
    }

    void csvFieldsAndNumbers()
    {
        // The CSV rules the matrix writers and the explorer's figure export share (RFC 4180 quoting).
        QCOMPARE(io::csvField("YaRN"), std::string("YaRN"));
        QCOMPARE(io::csvField("YaRN, s = 8"), std::string("\"YaRN, s = 8\""));
        QCOMPARE(io::csvField("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
        QCOMPARE(io::csvField("two\nlines"), std::string("\"two\nlines\""));
        QCOMPARE(io::csvNumber(0.1), std::string("0.1"));
        QCOMPARE(io::csvNumber(1.0 / 3.0), std::string("0.3333333333333333"));
        QCOMPARE(std::stod(io::csvNumber(1.0 / 3.0)), 1.0 / 3.0);
        QCOMPARE(io::csvNumber(std::numeric_limits<double>::infinity()), std::string("null"));
        // the same form as a matrix CSV cell
        Matrix m;
        m.rows = 1;
        m.cols = 2;
        m.data = {0.1, 1.0 / 3.0};
        std::ostringstream out;
        io::writeCsv(out, m, {"a", "b"});
        QCOMPARE(out.str(), "a,b\n" + io::csvNumber(0.1) + "," + io::csvNumber(1.0 / 3.0) + "\n");
    }

    void atomicWriteSucceeds()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.csv"));
        io::atomicWrite(path.toStdString(), [](std::ostream& out) { out << "a,b\n1,2\n"; });
        QCOMPARE(readAll(path), std::string("a,b\n1,2\n"));
        QCOMPARE(leftovers(dir.path()), QStringList{QStringLiteral("out.csv")});
        // replacing an existing file
        io::atomicWrite(path.toStdString(), [](std::ostream& out) { out << "new"; });
        QCOMPARE(readAll(path), std::string("new"));
        QCOMPARE(leftovers(dir.path()), QStringList{QStringLiteral("out.csv")});
    }

    void atomicWriteProducerThrows()
    {
        QTemporaryDir dir;
        const QString fresh = dir.filePath(QStringLiteral("fresh.npy"));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, io::atomicWrite(fresh.toStdString(), [](std::ostream& out) {
                                     out << std::string(100000, 'x'); // partly written, then the producer fails
                                     throw std::runtime_error("producer failed");
                                 }));
        QVERIFY(!QFile::exists(fresh));
        QVERIFY2(leftovers(dir.path()).isEmpty(), qPrintable(leftovers(dir.path()).join(' ')));

        // an existing file is left untouched
        const QString existing = dir.filePath(QStringLiteral("keep.json"));
        io::atomicWrite(existing.toStdString(), [](std::ostream& out) { out << "{\"old\":1}"; });
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, io::atomicWrite(existing.toStdString(), [](std::ostream& out) {
                                     out << "{\"new\":";
                                     throw std::runtime_error("producer failed");
                                 }));
        QCOMPARE(readAll(existing), std::string("{\"old\":1}"));
        QCOMPARE(leftovers(dir.path()), QStringList{QStringLiteral("keep.json")});
    }

    void atomicWriteMissingFolder()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("no/such/folder/out.npy"));
        bool called = false;
        try {
            io::atomicWrite(path.toStdString(), [&](std::ostream& out) {
                called = true;
                out << "x";
            });
            QFAIL("writing into a missing folder succeeded");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains(QStringLiteral("does not exist")), e.what());
        }
        QVERIFY(!called);
        QVERIFY(!QFile::exists(path));
        QVERIFY(leftovers(dir.path()).isEmpty());
    }

    void atomicWriteUnwritableFolder()
    {
        QTemporaryDir dir;
        QDir(dir.path()).mkdir(QStringLiteral("ro"));
        const QString ro = dir.filePath(QStringLiteral("ro"));
        QVERIFY(QFile::setPermissions(ro, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        // root ignores directory permissions: fall back to a folder nobody can create files in
        const QString folder = ::access(qPrintable(ro), W_OK) == 0 ? QStringLiteral("/proc") : ro;
        const QString path = folder + QStringLiteral("/posenc-test-output.npy");
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 io::atomicWrite(path.toStdString(), [](std::ostream& out) { out << "x"; }));
        QVERIFY(!QFile::exists(path));
        QVERIFY(leftovers(folder == ro ? ro : dir.path()).filter(QStringLiteral("posenc-test-output")).isEmpty());
        QFile::setPermissions(ro, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QVERIFY(leftovers(ro).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstWriters)
#include "tst_writers.moc"
