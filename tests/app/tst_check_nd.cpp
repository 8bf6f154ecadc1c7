// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check` on tables of more than 2 dimensions in GGUF and CSV (issue 19): the [batch, seq, dim] and
// [batch, heads, seq, dim] tables of tests/data/check (NumPy-made .npy files) written again by the test as a GGUF
// tensor (ggml order: ne[0] = dim is the fastest, so a C-order [B, H, S, D] is ne = [D, S, H, B]) and as a CSV with
// a "# shape: (B, H, S, D)" comment (the leading dimensions stacked into the rows, as numpy.savetxt of
// a.reshape(-1, D) with header=f"shape: {a.shape}" writes it). Each must give what the .npy gives: the same exit
// status, first diagnosis and failing slice. Forms that cannot carry the shape, or that contradict it, exit 2 with
// the reason.

#include "cli_run.h"
#include "gguf_writer.h"

#include "posenc/io/tables.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstdio>
#include <fstream>

using namespace posenc::test;

namespace {

QString ndData(const char* name)
{
    return QStringLiteral(POSENC_TEST_DATA_DIR "/check/") + QLatin1String(name);
}

struct NdTable {
    posenc::Matrix m;
    std::vector<std::uint64_t> shape; ///< C order
};

NdTable ndRead(const char* name)
{
    std::vector<std::uint64_t> leading;
    posenc::io::TableReadOptions o;
    o.leadingDims = &leading;
    NdTable t;
    t.m = posenc::io::readNpyFile(ndData(name).toStdString(), o);
    t.shape = leading;
    t.shape.push_back(t.m.rows);
    for (std::size_t k = 0; k + 1 < t.shape.size(); ++k)
        t.shape.back() /= t.shape[k];
    t.shape.push_back(t.m.cols);
    return t;
}

/// The table as one GGUF tensor "cos" of ggml type F64 (28) or F32 (0), dims reversed.
QString ndWriteGguf(const QTemporaryDir& dir, const QString& name, const NdTable& t, bool f32)
{
    std::string bytes;
    for (double v : t.m.data) {
        if (f32) {
            const float x = static_cast<float>(v);
            bytes.append(reinterpret_cast<const char*>(&x), sizeof x);
        } else {
            bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
        }
    }
    GgufWriter w;
    w.string("general.architecture", "llama");
    w.tensor("cos", std::vector<std::uint64_t>(t.shape.rbegin(), t.shape.rend()), f32 ? 0 : 28, bytes);
    const QString path = dir.filePath(name);
    if (!w.writeSparse(path.toStdString()))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

QString ndShapeText(const std::vector<std::uint64_t>& shape)
{
    QStringList s;
    for (auto v : shape)
        s << QString::number(v);
    return "(" + s.join(", ") + ")";
}

QString ndWriteCsv(const QTemporaryDir& dir, const QString& name, const posenc::Matrix& m, const QString& header)
{
    const QString path = dir.filePath(name);
    std::ofstream out(path.toStdString());
    if (!header.isEmpty())
        out << "# " << header.toStdString() << '\n';
    char buf[40];
    for (std::size_t r = 0; r < m.rows; ++r)
        for (std::size_t c = 0; c < m.cols; ++c) {
            std::snprintf(buf, sizeof buf, "%.17g", m.data[r * m.cols + c]);
            out << buf << (c + 1 == m.cols ? '\n' : ',');
        }
    return path;
}

struct NdOutcome {
    int exitCode = -1;
    QString first;
    QJsonArray slice;
    QString text;
};

NdOutcome ndCheck(const QString& input, const QString& quantity)
{
    const Run r =
        posencCli({"check", "--input", input, "--method", "rope", "--quantity", quantity, "--format", "json"});
    const QJsonObject j = jsonOut(r);
    NdOutcome o;
    o.exitCode = r.exitCode;
    const QJsonArray d = j["diagnosis"].toArray();
    o.first = d.isEmpty() ? QString() : d[0].toObject()["kind"].toString();
    o.slice = j["slice"].toArray();
    o.text = QString::fromUtf8(r.out.left(800)) + r.err;
    return o;
}

} // namespace

class TestCheckNd : public QObject {
    Q_OBJECT
private slots:
    void ggufAndCsvAsNpy_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("quantity");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("slice"); // -1: none
        // the same expectations as tests/data/check/cases.json has for the .npy files
        QTest::newRow("3d ok") << "ok_rope_batch2_3d.npy"
                               << "cos" << 0 << "" << -1;
        QTest::newRow("3d slice 1 offset") << "bug_batch_slice1_3d.npy"
                                           << "cos" << 1 << "position-offset" << 1;
        QTest::newRow("4d ok") << "ok_rotated_4d.npy"
                               << "rotated" << 0 << "" << -1;
        QTest::newRow("4d head 1 pairing") << "bug_rotated_head1_4d.npy"
                                           << "rotated" << 1 << "pairing" << 1;
    }
    void ggufAndCsvAsNpy()
    {
        QFETCH(QString, file);
        QFETCH(QString, quantity);
        QFETCH(int, exitCode);
        QFETCH(QString, kind);
        QFETCH(int, slice);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const NdTable t = ndRead(file.toLatin1().constData());
        QVERIFY(t.shape.size() >= 3);
        const auto npy = ndCheck(ndData(file.toLatin1().constData()), quantity);
        QCOMPARE(npy.exitCode, exitCode);
        const QString gguf = ndWriteGguf(dir, "t.gguf", t, false) + ":cos";
        const QString gguf32 = ndWriteGguf(dir, "t32.gguf", t, true) + ":cos";
        const QString csv = ndWriteCsv(dir, "t.csv", t.m, "shape: " + ndShapeText(t.shape));
        for (const QString& input : {gguf, gguf32, csv}) {
            const auto o = ndCheck(input, quantity);
            QVERIFY2(o.exitCode == exitCode, qPrintable(input + ": " + o.text));
            QVERIFY2(o.first == kind, qPrintable(input + ": first diagnosis " + o.first + ": " + o.text));
            if (slice >= 0) {
                QVERIFY2(o.slice == npy.slice, qPrintable(input + ": " + o.text));
                QCOMPARE(o.slice.last().toInt(), slice);
            }
        }
    }

    void csvShapeForms()
    {
        QTemporaryDir dir;
        const NdTable t = ndRead("bug_batch_slice1_3d.npy");
        // "x"-separated and bracketed forms are read alike
        const QString x =
            ndWriteCsv(dir, "x.csv", t.m, QString("Shape = %1x%2x%3").arg(t.shape[0]).arg(t.shape[1]).arg(t.shape[2]));
        QCOMPARE(ndCheck(x, "cos").first, QString("position-offset"));
        // without the comment, the stacked rows are one 2-D table: positions 0 .. B*S-1, not the batch
        const auto flat = ndCheck(ndWriteCsv(dir, "flat.csv", t.m, QString()), "cos");
        QVERIFY2(flat.slice.isEmpty(), qPrintable(flat.text));
        // a shape that contradicts the rows read, an unparsable one: exit 2 naming the comment
        for (const QString& bad : {QString("shape: (3, %1, %2)").arg(t.shape[1]).arg(t.shape[2]),
                                   QString("shape: (%1, %2, 7)").arg(t.shape[0]).arg(t.shape[1]),
                                   QString("shape: (2, -4, 64)"), QString("shape (2, 4, 64)")}) {
            const Run r = posencCli(
                {"check", "--input", ndWriteCsv(dir, "bad.csv", t.m, bad), "--method", "rope", "--quantity", "cos"});
            QVERIFY2(r.exitCode == 2 && r.err.contains("shape comment"), qPrintable(bad + ": " + r.err));
        }
        // a 1-D inv_freq written by numpy.savetxt (one value per line) with its shape
        posenc::Matrix column;
        column.rows = 64;
        column.cols = 1;
        for (int i = 0; i < 64; ++i)
            column.data.push_back(std::pow(10000.0, -2.0 * i / 128.0));
        const Run inv = posencCli({"check", "--input", ndWriteCsv(dir, "inv.csv", column, "shape: (64,)"), "--method",
                                   "rope", "--quantity", "inv_freq"});
        QVERIFY2(inv.exitCode == 0, qPrintable(inv.err + QString::fromUtf8(inv.out)));
    }

    void otherCommandsRefuseNd()
    {
        // commands that take a learned position table (2-D) refuse a 3-D GGUF tensor or CSV with the reason
        QTemporaryDir dir;
        const NdTable t = ndRead("ok_rope_batch2_3d.npy");
        const QString gguf = ndWriteGguf(dir, "t.gguf", t, false) + ":cos";
        const QString csv = ndWriteCsv(dir, "t.csv", t.m, "shape: " + ndShapeText(t.shape));
        const Run g = posencCli({"compute", "pca", "--input", gguf});
        QVERIFY2(g.exitCode == 2 && g.err.contains("3-D"), qPrintable(g.err));
        const Run c = posencCli({"compute", "pca", "--input", csv});
        QVERIFY2(c.exitCode == 2 && c.err.contains("3-D") && c.err.contains("shape comment"), qPrintable(c.err));
    }
};

QTEST_GUILESS_MAIN(TestCheckNd)
#include "tst_check_nd.moc"
