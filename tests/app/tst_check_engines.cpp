// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check --engine llama.cpp|vllm` on each engine's own output: the cos/sin tables that ggml's CPU kernel
// (ggml_rope_ext) and vLLM's rotary-embedding classes computed, stored in tests/data/engines/ with the command
// that made them (ggml_rope_dump.c, vllm_dump.py). Each table is written in the shape the engine uses — ggml one
// column per pair, vLLM its cos_sin_cache cat(cos, sin) — and must be a match against its own engine; where the
// engine's semantics differ from HF's (docs: ../shared/docs/engines.md), the same table checked against HF must
// be a mismatch with the diagnosis that names the difference.

#include "cli_run.h"

#include "posenc/io/writers.h"
#include "posenc/matrix.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>

using namespace posenc::test;

namespace {

QJsonObject checkEnginesLoad(const char* name)
{
    QFile f(QStringLiteral(POSENC_TEST_DATA_DIR "/engines/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// Rows of JSON numbers as a float64 matrix; `f32`: each value rounded to float32 first (ggml's dump prints
/// float32 values with 9 significant digits, which read back as the same floats).
posenc::Matrix checkEnginesRows(const QJsonArray& rows, bool f32, std::size_t firstRow, std::size_t count)
{
    posenc::Matrix m;
    m.rows = count;
    m.cols = static_cast<std::size_t>(rows.at(0).toArray().size());
    for (std::size_t r = firstRow; r < firstRow + count; ++r)
        for (const auto& v : rows.at(static_cast<qsizetype>(r)).toArray())
            m.data.push_back(f32 ? static_cast<double>(static_cast<float>(v.toDouble())) : v.toDouble());
    return m;
}

/// cat(a, b) along the columns (vLLM's cos_sin_cache from its cos and sin halves).
posenc::Matrix checkEnginesConcat(const posenc::Matrix& a, const posenc::Matrix& b)
{
    posenc::Matrix m;
    m.rows = a.rows;
    m.cols = a.cols + b.cols;
    for (std::size_t r = 0; r < a.rows; ++r) {
        m.data.insert(m.data.end(), a.data.begin() + long(r * a.cols), a.data.begin() + long((r + 1) * a.cols));
        m.data.insert(m.data.end(), b.data.begin() + long(r * b.cols), b.data.begin() + long((r + 1) * b.cols));
    }
    return m;
}

QString checkEnginesWrite(const QTemporaryDir& dir, const QString& name, const posenc::Matrix& m)
{
    const QString path = dir.filePath(name);
    std::ofstream out(path.toStdString(), std::ios::binary);
    posenc::io::writeNpy(out, m);
    return path;
}

QString checkEnginesPositions(const std::vector<qint64>& positions)
{
    QStringList p;
    for (qint64 x : positions)
        p << QString::number(x);
    return p.join(',');
}

/// The ggml cases as posenc method instances (the same mapping as tst_engines).
const std::map<QString, QString>& ggmlCheckArgs()
{
    static const std::map<QString, QString> m = {
        {"none-neox", "--method rope --head-dim 128"},
        {"none-norm-partial", "--method rope --head-dim 128 --partial-rotary-factor 0.5 --pairing interleaved"},
        {"linear4-neox", "--method pi --factor 4"},
        {"yarn8-neox", "--method yarn --factor 8 --original-max-position-embeddings 4096"},
        {"yarn40-deepseek-norm", "--method yarn --head-dim 64 --factor 40 --original-max-position-embeddings 4096 "
                                 "--mscale 1 --mscale-all-dim 1 --pairing interleaved"},
        {"yarn3-neox-base1e6", "--method yarn --factor 3 --base 1000000 --original-max-position-embeddings 32768"},
        {"llama3-neox", "--method llama3"},
        // gpt-oss-20b's config (resources/presets/gpt-oss-20b.json): HF's yarn with truncate = false
        {"yarn32-gptoss-neox", "--method yarn --head-dim 64 --base 150000 --factor 32 "
                               "--original-max-position-embeddings 4096 --truncate false"},
    };
    return m;
}

/// ggml cases whose semantics differ from HF's, and the diagnosis the HF check must give.
const std::map<QString, QString>& ggmlDiffersFromHf()
{
    static const std::map<QString, QString> m = {
        // ggml_rope_yarn_corr_dims floors the start and ceils the end of the correction range always (ggml
        // src/ggml.c lines 4379-4380 at d99724f2b141; ggml_rope_ext has no truncate argument), where HF's
        // _compute_yarn_parameters skips the floor/ceil with truncate = false (gpt-oss): `truncate`
        {"yarn32-gptoss-neox", "truncate"},
    };
    return m;
}

/// vLLM cases whose semantics differ from HF's, and the diagnosis the HF check must give (engines.md).
const std::map<QString, QString>& vllmDiffersFromHf()
{
    static const std::map<QString, QString> m = {
        // DeepseekScalingRotaryEmbedding: mscale without mscale_all_dim = g(s, 0.707)/g(s, 0) (vLLM #48623's
        // other side); HF's attention factor is 0.1 ln s + 1
        {"deepseek-mscale-only", "attention-factor-ratio"},
        // Phi3LongRoPE: long factors for every position once max_model_len > original (HF switches on length)
        {"longrope-max-model-len-131072", "longrope-switch"},
        // DynamicNTKScaling: the base at max_model_len for every position (vLLM #41236's design)
        {"dynamic2-at-16384", "dynamic-static"},
        // NTKScalingRotaryEmbedding (rope_type ntk, vllm/model_executor/layers/rotary_embedding/
        // ntk_scaling_rope.py lines 32-37 at 03587f553db4): base * s with every frequency divided by s^(2/d), not
        // the NTK-aware base * s^(d/(d-2)) (core/src/engines/vllm.cpp): the kind `ntk-variant`
        {"ntk4", "ntk-variant"},
    };
    return m;
}

struct CheckEnginesOutcome {
    int exitCode = -1;
    QString first;
    QString text;
};

CheckEnginesOutcome checkEnginesRun(const QString& input, const QString& args, const QStringList& extra)
{
    QStringList a = {"check", "--input", input, "--format", "json"};
    a << args.split(' ', Qt::SkipEmptyParts) << extra;
    const Run r = posencCli(a);
    const QJsonObject j = jsonOut(r);
    const QJsonArray d = j["diagnosis"].toArray();
    CheckEnginesOutcome o;
    o.exitCode = r.exitCode;
    o.first = d.isEmpty() ? QString() : d[0].toObject()["kind"].toString();
    o.text = QString::fromUtf8(r.out.left(1500)) + r.err;
    return o;
}

} // namespace

class TestCheckEngines : public QObject {
    Q_OBJECT
private slots:
    void ggmlOwnOutputMatchesLlamaCpp()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QJsonArray cases = checkEnginesLoad("ggml_rope.json")["cases"].toArray();
        QCOMPARE(cases.size(), 8);
        int differing = 0;
        for (const auto& cv : cases) {
            const QJsonObject c = cv.toObject();
            const QString name = c["name"].toString();
            std::vector<qint64> positions;
            for (const auto& p : c["positions"].toArray())
                positions.push_back(static_cast<qint64>(p.toDouble()));
            const QString pos = checkEnginesPositions(positions);
            for (const char* q : {"cos", "sin"}) {
                // ggml's per-pair view: [positions, n_dims / 2] (the dump's cos/sin of each pair i0/2)
                const QJsonArray rows = c[q].toArray();
                const QString file =
                    checkEnginesWrite(dir, name + "-" + q + ".npy", checkEnginesRows(rows, true, 0, positions.size()));
                const QString args = ggmlCheckArgs().at(name) + " --quantity " + q + " --positions " + pos;
                const auto own = checkEnginesRun(file, args, {"--engine", "llama.cpp"});
                QVERIFY2(own.exitCode == 0, qPrintable(name + " " + q + " (llama.cpp): " + own.text));
                // most configurations have the same semantics in llama.cpp and HF (engines.md: corr dims
                // truncated as HF's default truncate=true, the attention factor cancelled, rope_freqs =
                // HF's llama3 inv_freq): HF's reference matches ggml's float32 output too; where they differ,
                // HF's reference is a mismatch whose first diagnosis names the difference
                const auto hf = checkEnginesRun(file, args, {});
                const auto expected = ggmlDiffersFromHf().find(name);
                if (expected == ggmlDiffersFromHf().end()) {
                    QVERIFY2(hf.exitCode == 0, qPrintable(name + " " + q + " (hf): " + hf.text));
                } else {
                    ++differing;
                    QVERIFY2(hf.exitCode == 1, qPrintable(name + " " + q + " (hf): " + hf.text));
                    QVERIFY2(hf.first == expected->second,
                             qPrintable(name + " " + q + " (hf) first diagnosis " + hf.first + ", expected " +
                                        expected->second + ": " + hf.text));
                }
            }
        }
        QCOMPARE(differing, 2 * int(ggmlDiffersFromHf().size())); // cos and sin
    }

    void vllmOwnOutputMatchesVllm()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QJsonArray cases = checkEnginesLoad("vllm_rope.json")["cases"].toArray();
        QVERIFY(cases.size() >= 9);
        int differing = 0;
        for (const auto& cv : cases) {
            const QJsonObject c = cv.toObject();
            const QString name = c["name"].toString();
            QString args = c["posenc"].toString();
            // rows past max_model_len are not served (vLLM's cache has max_model_len rows)
            const QRegularExpressionMatch served = QRegularExpression("--max-model-len (\\d+)").match(args);
            const qint64 limit = served.hasMatch() ? served.captured(1).toLongLong() : (qint64(1) << 40);
            std::vector<qint64> positions;
            for (const auto& p : c["positions"].toArray())
                if (static_cast<qint64>(p.toDouble()) < limit)
                    positions.push_back(static_cast<qint64>(p.toDouble()));
            args += " --positions " + checkEnginesPositions(positions);
            const auto cosHalf = checkEnginesRows(c["cos"].toArray(), false, 0, positions.size());
            const auto sinHalf = checkEnginesRows(c["sin"].toArray(), false, 0, positions.size());
            // vLLM's shape: cos_sin_cache [positions, rotary_dim] = cat(cos, sin), read as such under --engine vllm
            const QString cache =
                checkEnginesWrite(dir, name + "-cos_sin_cache.npy", checkEnginesConcat(cosHalf, sinHalf));
            const auto own = checkEnginesRun(cache, args, {"--engine", "vllm", "--quantity", "cos"});
            QVERIFY2(own.exitCode == 0, qPrintable(name + " cos_sin_cache (vllm): " + own.text));
            // its sin half alone, one column per pair
            const QString sinFile = checkEnginesWrite(dir, name + "-sin.npy", sinHalf);
            const auto ownSin = checkEnginesRun(sinFile, args, {"--engine", "vllm", "--quantity", "sin"});
            QVERIFY2(ownSin.exitCode == 0, qPrintable(name + " sin (vllm): " + ownSin.text));
            // against HF (the cache layout declared): a match where the semantics agree, else the difference named
            const auto hf = checkEnginesRun(cache, args, {"--quantity", "cos", "--layout", "cos-sin"});
            const auto expected = vllmDiffersFromHf().find(name);
            if (expected == vllmDiffersFromHf().end()) {
                QVERIFY2(hf.exitCode == 0, qPrintable(name + " (hf): " + hf.text));
            } else {
                ++differing;
                QVERIFY2(hf.exitCode == 1, qPrintable(name + " (hf): " + hf.text));
                QVERIFY2(hf.first == expected->second, qPrintable(name + " (hf) first diagnosis " + hf.first +
                                                                  ", expected " + expected->second + ": " + hf.text));
            }
        }
        QCOMPARE(differing, int(vllmDiffersFromHf().size()));
    }

    void vllmCacheWithoutEngineIsALayoutMismatch()
    {
        // the same cos_sin_cache checked against HF without --layout: HF's 2n columns are cat(freqs, freqs), so
        // the table is read as the half layout and diagnosed `layout` (its evidence names vLLM's cache)
        QTemporaryDir dir;
        const QJsonObject c = checkEnginesLoad("vllm_rope.json")["cases"].toArray().at(0).toObject();
        QCOMPARE(c["name"].toString(), QString("yarn8"));
        const std::size_t n = static_cast<std::size_t>(c["positions"].toArray().size());
        const QString cache = checkEnginesWrite(dir, "yarn8.npy",
                                                checkEnginesConcat(checkEnginesRows(c["cos"].toArray(), false, 0, n),
                                                                   checkEnginesRows(c["sin"].toArray(), false, 0, n)));
        std::vector<qint64> positions;
        for (const auto& p : c["positions"].toArray())
            positions.push_back(static_cast<qint64>(p.toDouble()));
        const QString args = c["posenc"].toString() + " --positions " + checkEnginesPositions(positions);
        const auto hf = checkEnginesRun(cache, args, {"--quantity", "cos"});
        QCOMPARE(hf.exitCode, 1);
        QCOMPARE(hf.first, QString("layout"));
        QVERIFY2(hf.text.contains("cos_sin_cache"), qPrintable(hf.text));
    }

    void mropeWithEngineRefused()
    {
        // M-RoPE under --engine: refused (exit 2) with the reason and what to do instead, for both engines
        for (const char* engine : {"vllm", "llama.cpp"})
            for (const char* method : {"mrope", "mrope-interleaved"}) {
                const Run r =
                    posencCli({"check", "--input", QStringLiteral(POSENC_TEST_DATA_DIR "/check/ok_mrope_chunked.npy"),
                               "--method", method, "--position-layout", "text:4,image:16x16,text:20", "--quantity",
                               "cos", "--engine", engine});
                QVERIFY2(r.exitCode == 2 && r.err.contains("M-RoPE under an engine is not modelled") &&
                             r.err.contains("without --engine"),
                         qPrintable(QString(engine) + " " + method + ": " + r.err));
            }
    }

    void positionListRefusals()
    {
        QTemporaryDir dir;
        posenc::Matrix m;
        m.rows = 2;
        m.cols = 64;
        m.data.assign(128, 1.0);
        const QString file = checkEnginesWrite(dir, "two.npy", m);
        for (const QString& bad : {QString("0,5,3"), QString("0,1,2"), QString("0:2,5"), QString("0,x")}) {
            const Run r =
                posencCli({"check", "--input", file, "--method", "rope", "--quantity", "cos", "--positions", bad});
            QVERIFY2(r.exitCode == 2 && r.err.contains("--positions"), qPrintable(bad + ": " + r.err));
        }
    }
};

QTEST_GUILESS_MAIN(TestCheckEngines)
#include "tst_check_engines.moc"
