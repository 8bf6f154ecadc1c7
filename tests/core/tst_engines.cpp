// SPDX-License-Identifier: GPL-3.0-or-later
// Engines as data (engine.h): known answers from each engine's own code, run by hand at its pinned revision and
// stored with the command in tests/data/engines/ (ggml_rope_dump.c, vllm_dump.py, hf_f32_dump.py): ggml's CPU
// kernel through ggml_rope_ext, vLLM's rotary-embedding classes and HF's LlamaRotaryEmbedding under python3-torch. Also the table itself and the refusals.
#include "golden_support.h"

#include "posenc/engine.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QObject>
#include <QTest>

#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <sstream>

using namespace posenc;

namespace {

/// Resolves "--method M --name value ..." plus the engine and arithmetic.
std::shared_ptr<const Encoding> build(const std::string& args, const std::string& engine,
                                      const std::string& arithmetic = "f64")
{
    std::istringstream in(args);
    std::string word, method = "rope";
    std::map<std::string, std::string> text;
    while (in >> word) {
        std::string value;
        in >> value;
        if (word == "--method")
            method = value;
        else
            text[word.substr(2)] = value;
    }
    text["engine"] = engine;
    text["arithmetic"] = arithmetic;
    const MethodDef& def = Registry::instance().find(method);
    return Registry::build(def, Registry::resolve(def, text));
}

/// cos and sin of every pair at `pos` (the first channel of each pair), and the rotated probe.
struct Row {
    std::vector<double> cos, sin, rotated;
};
Row rowAt(const Encoding& e, std::int64_t pos, const std::vector<double>& probe = {})
{
    const RotaryFrequencies* f = e.rotary();
    ViewOptions o;
    o.probe = probe;
    std::vector<double> c(e.columns(View::Cos, o)), s(c.size());
    e.fillRows(View::Cos, pos, 1, c.data(), o);
    e.fillRows(View::Sin, pos, 1, s.data(), o);
    Row r;
    for (std::size_t i = 0; i < f->pairs(); ++i) {
        r.cos.push_back(c[f->channelA(i)]);
        r.sin.push_back(s[f->channelA(i)]);
    }
    if (!probe.empty()) {
        r.rotated.resize(e.columns(View::Rotated, o));
        e.fillRows(View::Rotated, pos, 1, r.rotated.data(), o);
    }
    return r;
}

/// The dump prints floats with 9 significant digits (exact for float32): compare as float32.
double f32diff(double actual, double dumped)
{
    return std::fabs(static_cast<double>(static_cast<float>(actual)) - static_cast<double>(static_cast<float>(dumped)));
}

const std::map<std::string, std::string>& ggmlCaseArgs()
{
    // what each ggml case is, as a posenc method instance
    static const std::map<std::string, std::string> m = {
        {"none-neox", "--method rope --head-dim 128"},
        {"none-norm-partial", "--method rope --head-dim 128 --partial-rotary-factor 0.5 --pairing interleaved"},
        {"linear4-neox", "--method pi --factor 4"},
        {"yarn8-neox", "--method yarn --factor 8 --original-max-position-embeddings 4096"},
        {"yarn40-deepseek-norm", "--method yarn --head-dim 64 --factor 40 --original-max-position-embeddings 4096 "
                                 "--mscale 1 --mscale-all-dim 1 --pairing interleaved"},
        {"yarn3-neox-base1e6", "--method yarn --factor 3 --base 1000000 --original-max-position-embeddings 32768"},
        {"llama3-neox", "--method llama3"},
        // gpt-oss-20b (HF truncate = false; ggml floors/ceils the correction dims regardless: src/ggml.c:4379-4380)
        {"yarn32-gptoss-neox", "--method yarn --head-dim 64 --base 150000 --factor 32 "
                               "--original-max-position-embeddings 4096 --truncate false"},
    };
    return m;
}

} // namespace

class TestEngines : public QObject {
    Q_OBJECT
private slots:
    void ggmlKernelKnownAnswers();
    void vllmKnownAnswers();
    void torchFloat32KnownAnswers();
    void enginesDisagreeWhereTheyShould();
    void tableAndRefusals();
};

void TestEngines::ggmlKernelKnownAnswers()
{
    const QJsonObject root = test::loadGolden("engines/ggml_rope.json");
    const QJsonArray cases = root.value("cases").toArray();
    QCOMPARE(cases.size(), 8);
    for (const auto& cv : cases) {
        const QJsonObject c = cv.toObject();
        const std::string name = c.value("name").toString().toStdString();
        const std::string args = ggmlCaseArgs().at(name);
        const auto f64 = build(args, "llama.cpp", "f64");
        const auto f32 = build(args, "llama.cpp", "engine");
        const RotaryFrequencies* f = f64->rotary();
        QCOMPARE(f->rotaryDim, c.value("n_dims").toInt());
        QCOMPARE(f->headDim, c.value("head_dim").toInt());
        QCOMPARE(static_cast<int>(f->extras.at("ggml_mode")), c.value("mode").toInt());
        QVERIFY2(test::relativeError(f->extras.at("freq_scale"), c.value("freq_scale").toDouble()) < 1e-7,
                 name.c_str());
        QVERIFY2(test::relativeError(f->extras.at("attn_factor_passed"), c.value("attn_factor").toDouble()) < 1e-6,
                 name.c_str());
        if (c.value("ext_factor").toDouble() != 0.0) { // ggml_rope_yarn_corr_dims, floor/ceil and clamp
            const auto dims = test::toVector(c.value("corr_dims"));
            QCOMPARE(f->extras.at("corr_low"), dims[0]);
            QCOMPARE(f->extras.at("corr_high"), dims[1]);
        }
        std::vector<double> probe(static_cast<std::size_t>(f->headDim));
        for (std::size_t j = 0; j < probe.size(); ++j)
            probe[j] = static_cast<double>(j % 7) - 3.0 + 0.25;
        const auto positions = test::toVector(c.value("positions"));
        const QJsonArray cosA = c.value("cos").toArray(), sinA = c.value("sin").toArray(),
                         rotA = c.value("rotated").toArray();
        const double magnitude = f->attentionFactor;
        QVERIFY2(test::relativeError(magnitude, cosA.at(0).toArray().at(0).toDouble()) < 1e-6, name.c_str());
        double worstF32 = 0, worstF64Ratio = 0;
        for (qsizetype t = 0; t < static_cast<qsizetype>(positions.size()); ++t) {
            const auto pos = static_cast<std::int64_t>(positions[static_cast<std::size_t>(t)]);
            const auto ec = test::toVector(cosA.at(t)), es = test::toVector(sinA.at(t)),
                       er = test::toVector(rotA.at(t));
            const Row a = rowAt(*f32, pos, probe);
            const Row b = rowAt(*f64, pos);
            for (std::size_t i = 0; i < ec.size(); ++i) {
                // --arithmetic engine replays the kernel's float32 operations: the same floats
                worstF32 = std::max({worstF32, f32diff(a.cos[i], ec[i]), f32diff(a.sin[i], es[i])});
                // float64: the kernel's error is its float32 angle, theta by i repeated multiplications
                const double tol = magnitude * (2e-7 + (static_cast<double>(i) + 3.0) * std::ldexp(1.0, -24) *
                                                           static_cast<double>(pos) * f->invFreq[i]);
                worstF64Ratio =
                    std::max({worstF64Ratio, std::fabs(b.cos[i] - ec[i]) / tol, std::fabs(b.sin[i] - es[i]) / tol});
            }
            for (std::size_t j = 0; j < er.size(); ++j)
                worstF32 = std::max(worstF32, f32diff(a.rotated[j], er[j]));
        }
        qInfo("%s: |engine-arithmetic - ggml| <= %.3g, float64 error / float32 bound <= %.3g", name.c_str(), worstF32,
              worstF64Ratio);
        QVERIFY2(worstF32 == 0.0, name.c_str());
        QVERIFY2(worstF64Ratio <= 1.0, name.c_str());
    }
}

void TestEngines::vllmKnownAnswers()
{
    const QJsonObject root = test::loadGolden("engines/vllm_rope.json");
    const QJsonArray cases = root.value("cases").toArray();
    QVERIFY(cases.size() >= 9);
    for (const auto& cv : cases) {
        const QJsonObject c = cv.toObject();
        const std::string name = c.value("name").toString().toStdString();
        const auto enc = build(c.value("posenc").toString().toStdString(), "vllm");
        const RotaryFrequencies* f = enc->rotary();
        const auto inv = test::toVector(c.value("inv_freq"));
        // vLLM computes inv_freq in float32 tensors: float64 agrees to float32 rounding
        QVERIFY2(test::maxRelativeError(f->invFreq, inv) < 1e-6, name.c_str());
        QVERIFY2(test::relativeError(f->attentionFactor, c.value("mscale").toDouble()) < 1e-12, name.c_str());
        const auto positions = test::toVector(c.value("positions"));
        const QJsonArray cosA = c.value("cos").toArray(), sinA = c.value("sin").toArray();
        for (qsizetype t = 0; t < static_cast<qsizetype>(positions.size()); ++t) {
            const auto pos = static_cast<std::int64_t>(positions[static_cast<std::size_t>(t)]);
            const auto served = f->extras.find("max_model_len"); // rows past max_model_len are not served
            if (served != f->extras.end() && static_cast<double>(pos) >= served->second)
                continue;
            const Row r = rowAt(*enc, pos);
            const auto ec = test::toVector(cosA.at(t)), es = test::toVector(sinA.at(t));
            for (std::size_t i = 0; i < ec.size(); ++i) {
                const double tol =
                    f->attentionFactor * (1e-6 + 4.0 * std::ldexp(1.0, -24) * static_cast<double>(pos) * f->invFreq[i]);
                QVERIFY2(std::fabs(r.cos[i] - ec[i]) <= tol && std::fabs(r.sin[i] - es[i]) <= tol,
                         (name + " at position " + std::to_string(pos) + " pair " + std::to_string(i)).c_str());
            }
        }
    }
}

void TestEngines::torchFloat32KnownAnswers()
{
    // --arithmetic engine for HF and vLLM replays their float32 tensor operations (torch_float.cpp). Known answers
    // from their own code on python3-torch 1.13.1 (AVX2): hf_f32_dump.py (LlamaRotaryEmbedding in float32) and
    // vllm_dump.py (float32 cos_sin_cache). The bound, and why it is not bit for bit everywhere: torch computes
    // base ** x with its vectorised pow and cos/sin with its vectorised kernels (SLEEF, 1-ulp accuracy), posenc
    // with the C library's powf/cosf/sinf; each may differ by one ulp. So: inv_freq within 1 ulp (measured: all
    // equal but one pair of one case); cos and sin within a(2 ulp(1)) where theta is equal, plus m |dtheta| + ulp
    // of the angle where it is not (one ulp of theta turns into m ulps of the angle).
    struct Source {
        const char* file;
        const char* engine;
        const char* magnitudeKey;
    };
    int replayed = 0, thetaExact = 0, thetaTotal = 0;
    long long cosExact = 0, cosTotal = 0;
    std::string unequal;
    const auto bits = [](double x) { return std::bit_cast<std::int32_t>(static_cast<float>(x)); };
    for (const Source src : {Source{"engines/hf_rope_f32.json", "hf", "attention_scaling"},
                             Source{"engines/vllm_rope.json", "vllm", "mscale"}}) {
        const QJsonArray cases = test::loadGolden(src.file).value("cases").toArray();
        QVERIFY(cases.size() >= 7);
        for (const auto& cv : cases) {
            const QJsonObject c = cv.toObject();
            const std::string name = std::string(src.engine) + " " + c.value("name").toString().toStdString();
            const auto enc = build(c.value("posenc").toString().toStdString(), src.engine, "engine");
            const auto notes = engineNotes(*enc);
            const bool isReplayed = std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
                return n.find("the engine's float32 tensor operations") != std::string::npos;
            });
            if (!isReplayed) { // vLLM's DeepSeek, ntk and Phi-3 classes: their float32 steps are not replayed
                QVERIFY2(std::string(src.engine) == "vllm", name.c_str());
                continue;
            }
            ++replayed;
            const RotaryFrequencies* f = enc->rotary();
            const auto theta = test::toVector(c.value("inv_freq"));
            QCOMPARE(f->pairs(), theta.size());
            std::vector<double> dTheta(theta.size());
            for (std::size_t i = 0; i < theta.size(); ++i) { // the reported inv_freq is the float32 theta
                QVERIFY2(std::abs(bits(f->invFreq[i]) - bits(theta[i])) <= 1, (name + " pair " + std::to_string(i)).c_str());
                dTheta[i] = std::fabs(f->invFreq[i] - theta[i]);
                thetaExact += dTheta[i] == 0.0;
                if (dTheta[i] != 0.0)
                    unequal += " " + name + " pair " + std::to_string(i) + ";";
                ++thetaTotal;
            }
            const double a = static_cast<float>(c.value(src.magnitudeKey).toDouble());
            QCOMPARE(static_cast<float>(f->attentionFactor), static_cast<float>(a));
            const auto positions = test::toVector(c.value("positions"));
            const QJsonArray cosA = c.value("cos").toArray(), sinA = c.value("sin").toArray();
            for (qsizetype t = 0; t < static_cast<qsizetype>(positions.size()); ++t) {
                const double m = positions[static_cast<std::size_t>(t)];
                const Row r = rowAt(*enc, static_cast<std::int64_t>(m));
                const auto ec = test::toVector(cosA.at(t)), es = test::toVector(sinA.at(t));
                for (std::size_t i = 0; i < ec.size(); ++i) {
                    const double angleUlp = dTheta[i] > 0 ? std::ldexp(m * theta[i], -23) : 0.0;
                    const double tol = a * (m * dTheta[i] + angleUlp + std::ldexp(1.0, -22));
                    QVERIFY2(std::fabs(r.cos[i] - ec[i]) <= tol && std::fabs(r.sin[i] - es[i]) <= tol,
                             (name + " at position " + std::to_string(m) + " pair " + std::to_string(i)).c_str());
                    cosExact += (r.cos[i] == ec[i]) + (r.sin[i] == es[i]);
                    cosTotal += 2;
                }
            }
        }
    }
    qInfo("float32 replay: %d cases, inv_freq bit-equal %d of %d (1 ulp:%s), cos/sin bit-equal %lld of %lld",
          replayed, thetaExact, thetaTotal, unequal.c_str(), cosExact, cosTotal);
    QVERIFY(replayed >= 10);
    QVERIFY(thetaTotal - thetaExact <= 3); // pow's ulp, measured 3 of 640 (bases 1e6 and vLLM's dynamic base)
}

void TestEngines::enginesDisagreeWhereTheyShould()
{
    // The vLLM answers above differ from HF exactly where the engine tables say (values from vLLM's code).
    const QJsonObject root = test::loadGolden("engines/vllm_rope.json");
    std::map<std::string, QJsonObject> byName;
    for (const auto& cv : root.value("cases").toArray())
        byName[cv.toObject().value("name").toString().toStdString()] = cv.toObject();
    // DeepSeek path: mscale 0.707 without mscale_all_dim: vLLM g(40, 0.707) = 1.2608, HF g(40) = 1.3689
    const auto& ds = byName.at("deepseek-mscale-only");
    const auto hfDs = build(ds.value("posenc").toString().toStdString(), "hf");
    QVERIFY(std::fabs(hfDs->rotary()->attentionFactor - (0.1 * std::log(40.0) + 1.0)) < 1e-12);
    QVERIFY(std::fabs(hfDs->rotary()->attentionFactor - ds.value("mscale").toDouble()) > 0.1);
    // LongRoPE: max_model_len 131072 > L0 gives vLLM the long factors at position 100; HF (seq_len 100) the short
    const auto& lr = byName.at("longrope-max-model-len-131072");
    const auto hfLr = build(lr.value("posenc").toString().toStdString(), "hf");
    QVERIFY(test::relativeError(hfLr->rotary()->invFreq[1], test::toVector(lr.value("inv_freq"))[1]) > 0.3);
    // dynamic NTK: vLLM's base at max_model_len 16384 for every position; HF at --seq-len 0 (no sequence yet)
    const auto& dy = byName.at("dynamic2-at-16384");
    const auto hfDy = build(dy.value("posenc").toString().toStdString() + " --seq-len 0", "hf");
    QVERIFY(test::relativeError(hfDy->rotary()->invFreq[1], test::toVector(dy.value("inv_freq"))[1]) > 0.01);
    // llama.cpp: YaRN with truncate false is rounded anyway (a note), and an explicit attention factor unused
    const auto lc = build("--method yarn --factor 4 --truncate false --attention-factor 0.8", "llama.cpp");
    QVERIFY(engineNotes(*lc).size() >= 2);
    QCOMPARE(engineOf(*lc), std::string("llama.cpp"));
    QVERIFY(std::fabs(lc->rotary()->attentionFactor - (0.1 * std::log(4.0) + 1.0)) < 1e-12);
}

void TestEngines::tableAndRefusals()
{
    QCOMPARE(engines().size(), std::size_t(6)); // hf, llama.cpp, vllm, sglang, mlx, ort-genai
    for (const auto& e : engines()) {
        QVERIFY(!e.revision.empty());
        QVERIFY(!e.rules.empty());
        for (const auto& r : e.rules)
            QVERIFY2(!r.source.empty() && !r.rule.empty(), r.topic.c_str());
        QVERIFY(parseEngine(e.id) == e.engine);
    }
    try {
        parseEngine("tensorrt");
        QFAIL("no error");
    } catch (const InvalidInput& e) {
        QCOMPARE(e.param(), std::string("engine"));
    }
    for (const auto& [method, engine] : std::vector<std::pair<std::string, std::string>>{
             {"dynamic-ntk", "llama.cpp"}, {"ntk-aware", "llama.cpp"}, {"xpos", "vllm"}, {"ntk-by-parts", "vllm"}}) {
        try {
            build("--method " + method, engine);
            QFAIL((method + " on " + engine + " built").c_str());
        } catch (const InvalidInput& e) {
            QCOMPARE(e.param(), std::string("engine"));
            QVERIFY(std::string(e.what()).find("cannot express") != std::string::npos);
        }
    }
    // hf and f64 are the defaults: the ordinary encoding
    const auto plain = build("--method yarn --factor 8", "hf");
    QCOMPARE(engineOf(*plain), std::string("hf"));
    QVERIFY(engineNotes(*plain).empty());
}

QTEST_APPLESS_MAIN(TestEngines)
#include "tst_engines.moc"
