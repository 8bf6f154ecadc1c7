// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check` on each engine's own output in the model dtype (issue 19's "in that engine's own arithmetic and
// dtype, bf16 and f16 included"): vLLM's cos_sin_cache after RotaryEmbedding's cache.to(dtype) (vllm_dtype_dump.py),
// ggml's CPU rope on F16 tensors (ggml_rope_f16_dump.c) and transformers' LlamaRotaryEmbedding.forward cos/sin
// .to(x.dtype) (hf_dtype_dump.py), all stored in tests/data/engines/ with the command that made them. The test
// writes each table as a .safetensors tensor of that dtype (BF16 / F16) and checks it against its own engine:
// a match (exit 0, storage detected as the dtype); the same engine's code run with the YaRN attention factor
// dropped, in the same dtype, is a mismatch whose first diagnosis is `attention-factor-missing`.
// Measured once on whole tables made the same way (not stored: 8-34 MB each): vLLM's full yarn8 (32768 rows) and
// llama3 (131072 rows) caches, HF's cos/sin at positions 0 .. 32767 / 0 .. 131071 and ggml's F16 output at every
// 8th position up to 131064, in bf16 and f16, all match with max |error| / tolerance <= 0.4974 (each value is the
// engine's float32 result rounded once, at most half an ulp; the tolerance allows one ulp plus the float32 angle).

#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QtNumeric>
#include <qfloat16.h>

#include <bit>
#include <cstring>
#include <map>

using namespace posenc::test;

namespace {

QJsonObject dtypeLoad(const char* name)
{
    QFile f(QStringLiteral(POSENC_TEST_DATA_DIR "/engines/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// The 16-bit pattern of `v` in `dtype` ("bf16" or "f16"); `exact` false when `v` is not a value of that dtype
/// (the dumps print the engine's 16-bit values, which are exact in a double).
quint16 dtypeBits(double v, const QString& dtype, bool& exact)
{
    const float f = static_cast<float>(v);
    if (dtype == "bf16") {
        const auto u = std::bit_cast<quint32>(f);
        exact = exact && static_cast<double>(f) == v && (u & 0xffffu) == 0;
        return static_cast<quint16>(u >> 16);
    }
    const qfloat16 h(f);
    exact = exact && static_cast<double>(static_cast<float>(h)) == v;
    quint16 bits = 0;
    std::memcpy(&bits, &h, sizeof bits);
    return bits;
}

/// Rows of JSON numbers (columns [first, first + cols) of each) written as one safetensors tensor "table" of
/// dtype BF16 or F16; empty string when a value is not exact in that dtype.
QString dtypeWrite(const QTemporaryDir& dir, const QString& name, const QJsonArray& rows, const QString& dtype,
                   qsizetype first = 0, qsizetype cols = -1)
{
    if (cols < 0)
        cols = rows.at(0).toArray().size() - first;
    QByteArray data;
    bool exact = true;
    for (const auto& row : rows) {
        const QJsonArray r = row.toArray();
        for (qsizetype c = first; c < first + cols; ++c) {
            const quint16 b = dtypeBits(r.at(c).toDouble(), dtype, exact);
            data.append(static_cast<char>(b & 0xff));
            data.append(static_cast<char>(b >> 8));
        }
    }
    if (!exact)
        return {};
    QByteArray header = QStringLiteral(R"({"table":{"dtype":"%1","shape":[%2,%3],"data_offsets":[0,%4]}})")
                            .arg(dtype == "bf16" ? "BF16" : "F16")
                            .arg(rows.size())
                            .arg(cols)
                            .arg(data.size())
                            .toUtf8();
    while (header.size() % 8)
        header.append(' ');
    const QString path = dir.filePath(name + ".safetensors");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    const quint64 n = static_cast<quint64>(header.size());
    for (int i = 0; i < 8; ++i)
        f.putChar(static_cast<char>((n >> (8 * i)) & 0xff));
    f.write(header);
    f.write(data);
    return path;
}

QString dtypePositions(const QJsonArray& positions, qint64 below = qint64(1) << 40)
{
    QStringList p;
    for (const auto& x : positions)
        if (static_cast<qint64>(x.toDouble()) < below)
            p << QString::number(static_cast<qint64>(x.toDouble()));
    return p.join(',');
}

struct DtypeOutcome {
    int exitCode = -1;
    QString first, storage, text;
    double maxAbs = -1, normalized = -1;
};

DtypeOutcome dtypeRun(const QString& file, const QString& args, const QStringList& extra)
{
    QStringList a = {"check", "--input", file, "--format", "json"};
    a << args.split(' ', Qt::SkipEmptyParts) << extra;
    const Run r = posencCli(a);
    const QJsonObject j = jsonOut(r);
    const QJsonArray d = j["diagnosis"].toArray();
    DtypeOutcome o;
    o.exitCode = r.exitCode;
    o.first = d.isEmpty() ? QString() : d[0].toObject()["kind"].toString();
    o.storage = j["storage"].toString();
    o.maxAbs = j["max_abs_error"].toDouble(-1);
    o.normalized = j["normalized_error"].toDouble(-1);
    o.text = QString::fromUtf8(r.out.left(1500)) + r.err;
    return o;
}

/// One engine table: a match in its dtype, or (expected_kind set) a mismatch naming that kind. Returns whether it
/// was a bug case; logs the measured error against the tolerance (normalized error = max of |error| / tolerance).
bool dtypeExpect(const QString& what, const QJsonObject& c, const DtypeOutcome& o)
{
    const QString dtype = c["dtype"].toString();
    const QString storage = dtype == "bf16" ? "bfloat16" : "float16";
    const QString kind = c["expected_kind"].toString();
    qInfo("%s: exit %d, storage %s, max |error| %.3g, max |error|/tolerance %.3g%s", qPrintable(what), o.exitCode,
          qPrintable(o.storage), o.maxAbs, o.normalized, kind.isEmpty() ? "" : qPrintable(", first " + o.first));
    if (o.storage != storage)
        qWarning("%s: storage %s, expected %s", qPrintable(what), qPrintable(o.storage), qPrintable(storage));
    if (kind.isEmpty())
        return o.exitCode == 0 && o.storage == storage;
    return o.exitCode == 1 && o.first == kind && o.storage == storage;
}

/// The F16 ggml cases as posenc method instances (the same mapping as tst_check_engines / tst_engines).
const std::map<QString, QString>& ggmlF16Args()
{
    static const std::map<QString, QString> m = {
        {"none-neox", "--method rope --head-dim 128"},
        {"none-norm-partial", "--method rope --head-dim 128 --partial-rotary-factor 0.5 --pairing interleaved"},
        {"yarn8-neox", "--method yarn --factor 8 --original-max-position-embeddings 4096"},
        {"yarn40-deepseek-norm", "--method yarn --head-dim 64 --factor 40 --original-max-position-embeddings 4096 "
                                 "--mscale 1 --mscale-all-dim 1 --pairing interleaved"},
        {"llama3-neox", "--method llama3"},
        {"bug-attn-missing-yarn8-neox", "--method yarn --factor 8 --original-max-position-embeddings 4096"},
    };
    return m;
}

} // namespace

class TestCheckEnginesDtype : public QObject {
    Q_OBJECT
private slots:
    void vllmModelDtypeCacheMatchesVllm()
    {
        // vLLM's cos_sin_cache [positions, rotary_dim] = cat(cos, sin) as a bf16/f16 model serves it
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QJsonArray cases = dtypeLoad("vllm_rope_dtype.json")["cases"].toArray();
        QVERIFY(cases.size() >= 8);
        int bugs = 0;
        std::map<QString, int> dtypes;
        for (const auto& cv : cases) {
            const QJsonObject c = cv.toObject();
            const QString name = c["name"].toString();
            const QString file = dtypeWrite(dir, name, c["cos_sin_cache"].toArray(), c["dtype"].toString());
            QVERIFY2(!file.isEmpty(), qPrintable(name + ": values not exact in " + c["dtype"].toString()));
            const QString args = c["posenc"].toString() + " --positions " + dtypePositions(c["positions"].toArray());
            const auto o = dtypeRun(file, args, {"--engine", "vllm", "--quantity", "cos"});
            QVERIFY2(dtypeExpect("vllm " + name, c, o), qPrintable(name + ": " + o.text));
            bugs += c.contains("expected_kind");
            ++dtypes[c["dtype"].toString()];
        }
        QCOMPARE(bugs, 2);
        QVERIFY(dtypes["bf16"] >= 4 && dtypes["f16"] >= 4);
    }

    void ggmlF16RopeMatchesLlamaCpp()
    {
        // ggml_rope_ext on F16 tensors: ggml's per-pair view [positions, n_dims / 2] of cos and of sin
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QJsonArray cases = dtypeLoad("ggml_rope_f16.json")["cases"].toArray();
        QCOMPARE(cases.size(), int(ggmlF16Args().size()));
        int bugs = 0;
        for (const auto& cv : cases) {
            const QJsonObject c = cv.toObject();
            const QString name = c["name"].toString();
            QCOMPARE(c["dtype"].toString(), QString("f16"));
            for (const char* q : {"cos", "sin"}) {
                const QString file = dtypeWrite(dir, name + "-" + q, c[q].toArray(), "f16");
                QVERIFY2(!file.isEmpty(), qPrintable(name + ": values not exact in f16"));
                const QString args = ggmlF16Args().at(name) + " --quantity " + q + " --positions " +
                                     dtypePositions(c["positions"].toArray());
                const auto o = dtypeRun(file, args, {"--engine", "llama.cpp"});
                QVERIFY2(dtypeExpect("llama.cpp " + name + " " + q, c, o), qPrintable(name + " " + q + ": " + o.text));
            }
            bugs += c.contains("expected_kind");
        }
        QCOMPARE(bugs, 1);
    }

    void hfRotaryEmbeddingInModelDtypeMatchesHf()
    {
        // LlamaRotaryEmbedding.forward's cos and sin [positions, head_dim] = cat(freqs, freqs), .to(x.dtype);
        // checked against HF (no --engine), whole rows and the one-column-per-pair first half
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QJsonArray cases = dtypeLoad("hf_rope_dtype.json")["cases"].toArray();
        QVERIFY(cases.size() >= 8);
        int bugs = 0;
        for (const auto& cv : cases) {
            const QJsonObject c = cv.toObject();
            const QString name = c["name"].toString();
            const QString dtype = c["dtype"].toString();
            const QString args = c["posenc"].toString() + " --positions " + dtypePositions(c["positions"].toArray());
            for (const char* q : {"cos", "sin"}) {
                const QJsonArray rows = c[q].toArray();
                const QString file = dtypeWrite(dir, name + "-" + q, rows, dtype);
                QVERIFY2(!file.isEmpty(), qPrintable(name + ": values not exact in " + dtype));
                const auto o = dtypeRun(file, args, {"--quantity", q});
                QVERIFY2(dtypeExpect("hf " + name + " " + q, c, o), qPrintable(name + " " + q + ": " + o.text));
                const qsizetype half = rows.at(0).toArray().size() / 2;
                const QString pairs = dtypeWrite(dir, name + "-" + q + "-pairs", rows, dtype, 0, half);
                const auto p = dtypeRun(pairs, args, {"--quantity", q});
                QVERIFY2(dtypeExpect("hf " + name + " " + q + " pairs", c, p),
                         qPrintable(name + " " + q + " pairs: " + p.text));
            }
            bugs += c.contains("expected_kind");
        }
        QCOMPARE(bugs, 2);
    }
};

QTEST_GUILESS_MAIN(TestCheckEnginesDtype)
#include "tst_check_engines_dtype.moc"
