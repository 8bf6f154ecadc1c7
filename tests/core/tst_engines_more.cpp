// SPDX-License-Identifier: GPL-3.0-or-later
// --engine sglang|mlx|ort-genai against known answers from each engine's own rope code (MLX-LM's rope_utils.py,
// ONNX Runtime GenAI's model builder, SGLang's rotary_embedding classes), run with NumPy/PyTorch standing in for
// MLX and the accelerator kernels: tests/data/engines/engine_more_cases.json, made by make_engine_more_cases.py
// (its header lists the revisions and every stand-in). Also each engine's named divergences and refusals.
#include "golden_support.h"

#include "posenc/engine.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QObject>
#include <QTest>

#include <cmath>
#include <map>
#include <sstream>

using namespace posenc;

namespace {

std::map<std::string, std::string> parseArgs(const std::string& args, std::string& method)
{
    std::istringstream in(args);
    std::string word;
    std::map<std::string, std::string> text;
    while (in >> word) {
        std::string value;
        in >> value;
        if (word == "--method")
            method = value;
        else
            text[word.substr(2)] = value;
    }
    return text;
}

std::shared_ptr<const Encoding> build(const std::string& args, const std::string& engine,
                                      const std::string& arithmetic = "f64")
{
    std::string method = "rope";
    auto text = parseArgs(args, method);
    text["engine"] = engine;
    text["arithmetic"] = arithmetic;
    const MethodDef& def = Registry::instance().find(method);
    return Registry::build(def, Registry::resolve(def, text));
}

EngineFrequencies engineBuild(const std::string& args, Engine engine)
{
    std::string method = "rope";
    const auto text = parseArgs(args, method);
    const MethodDef& def = Registry::instance().find(method);
    const ParamSet p = Registry::resolve(def, text);
    const auto hf = Registry::build(def, p);
    return applyEngine(engine, method, p, *hf->rotary());
}

double relative(double a, double b)
{
    return std::fabs(a - b) / std::max(std::fabs(b), 1e-300);
}

std::vector<double> viewRow(const Encoding& e, View view, std::int64_t pos, const std::vector<double>& probe = {})
{
    ViewOptions o;
    o.probe = probe;
    std::vector<double> row(e.columns(view, o));
    e.fillRows(view, pos, 1, row.data(), o);
    return row;
}

bool contains(const std::vector<std::string>& v, const std::string& s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
}

} // namespace

class TstEnginesMore : public QObject {
    Q_OBJECT

private slots:
    void tableNamesTheThreeEngines()
    {
        const auto ids = engineIds();
        for (const char* id : {"sglang", "mlx", "ort-genai"}) {
            QVERIFY2(std::find(ids.begin(), ids.end(), id) != ids.end(), id);
            const EngineInfo& e = engineInfo(parseEngine(id));
            QVERIFY(!e.rules.empty());
            for (const auto& r : e.rules)
                QVERIFY2(!r.source.empty(), r.topic.c_str());
        }
        try {
            parseEngine("tensorrt");
            QFAIL("no error");
        } catch (const InvalidInput& e) {
            QVERIFY(std::string(e.what()).find("sglang, mlx, ort-genai") != std::string::npos);
        }
    }

    void knownAnswersFromTheEnginesOwnCode()
    {
        const QJsonObject root = test::loadGolden("engines/engine_more_cases.json");
        const QJsonArray cases = root.value("cases").toArray();
        QVERIFY(cases.size() >= 12);
        double worstInv = 0, worstCos = 0, worstRot = 0;
        for (const auto& v : cases) {
            const QJsonObject c = v.toObject();
            const std::string name = c.value("name").toString().toStdString();
            const std::string args = c.value("posenc").toString().toStdString();
            const std::string engine = c.value("engine").toString().toStdString();
            const auto f64 = build(args, engine);
            const auto f32 = build(args, engine, "engine");
            if (c.contains("inv_freq_f32")) {
                const auto want = test::toVector(c.value("inv_freq_f32"));
                const auto& got32 = f32->rotary()->invFreq;
                const auto& got64 = f64->rotary()->invFreq;
                QCOMPARE(got32.size(), want.size());
                for (std::size_t i = 0; i < want.size(); ++i) {
                    worstInv = std::max(worstInv, relative(got32[i], want[i]));
                    // float32 against float32: a few ulps (powf against NumPy's/torch's vectorised pow)
                    QVERIFY2(relative(got32[i], want[i]) <= 4.8e-7, (name + " f32 pair " + std::to_string(i)).c_str());
                    // the engine's semantics in float64 against its float32 output: float32 rounding only (the
                    // ramp's rounding is amplified up to s-fold in the blend: 1e-5 at s = 40)
                    QVERIFY2(relative(got64[i], want[i]) <= 1e-5, (name + " f64 pair " + std::to_string(i)).c_str());
                }
            }
            if (c.contains("attention"))
                QVERIFY2(relative(f64->rotary()->attentionFactor, c.value("attention").toDouble()) <= 1e-12,
                         (name + " attention " + std::to_string(f64->rotary()->attentionFactor)).c_str());
            if (c.contains("base_prime"))
                QVERIFY2(relative(f64->rotary()->extras.at("base_prime"), c.value("base_prime").toDouble()) <= 1e-12,
                         name.c_str());
            if (c.contains("cos_f32")) {
                const auto positions = test::toVector(c.value("positions"));
                const QJsonArray cosRows = c.value("cos_f32").toArray(), sinRows = c.value("sin_f32").toArray();
                const RotaryFrequencies& f = *f32->rotary();
                const auto theta = test::toVector(c.value("inv_freq_f32"));
                for (std::size_t k = 0; k < positions.size(); ++k) {
                    const auto pos = static_cast<std::int64_t>(positions[k]);
                    const auto wc = test::toVector(cosRows[static_cast<int>(k)]);
                    const auto ws = test::toVector(sinRows[static_cast<int>(k)]);
                    const auto gc = viewRow(*f32, View::Cos, pos), gs = viewRow(*f32, View::Sin, pos);
                    for (std::size_t i = 0; i < wc.size(); ++i) {
                        const double d =
                            std::max(std::fabs(gc[f.channelA(i)] - wc[i]), std::fabs(gs[f.channelA(i)] - ws[i]));
                        // two float32 ulps of 1 for cos/sin themselves (libm against torch's vectorised cos/sin),
                        // plus the angle the (ulp-level) difference of inv_freq makes at this position
                        const double angle = static_cast<double>(pos) * std::fabs(f.invFreq[i] - theta[i]);
                        worstCos = std::max(worstCos, d - angle);
                        QVERIFY2(d <= 2.4e-7 + angle, (name + " cos/sin at " + std::to_string(pos)).c_str());
                    }
                }
            }
            if (c.contains("rotated_f32")) {
                const auto probe = test::toVector(c.value("probe"));
                const auto want = test::toVector(c.value("rotated_f32"));
                const auto got = viewRow(*f32, View::Rotated, c.value("rotated_position").toInteger(), probe);
                for (std::size_t j = 0; j < want.size(); ++j) {
                    worstRot = std::max(worstRot, std::fabs(got[j] - want[j]));
                    QVERIFY2(std::fabs(got[j] - want[j]) <= 1e-6, (name + " channel " + std::to_string(j)).c_str());
                }
            }
            if (c.contains("hf")) { // the engine's table is far from HF's for this config
                const auto hf = build(c.value("hf").toString().toStdString(), "hf");
                QVERIFY(relative(hf->rotary()->invFreq.back(), f64->rotary()->invFreq.back()) > 0.5);
            }
        }
        qInfo("max relative |d inv_freq| %.3g, max |d cos/sin| beyond the angle bound %.3g, max |d rotated| %.3g",
              worstInv, worstCos, worstRot);
    }

    void issueNumbers()
    {
        // SGLang: dynamic NTK once at L0 s: theta 1e4, s 2, d 128 -> 1e4 3^(128/126) at every length
        const auto dyn = engineBuild("--method dynamic-ntk --head-dim 128 --factor 2 --seq-len 100", Engine::Sglang);
        QVERIFY(relative(dyn.frequencies.extras.at("base_prime"), 1e4 * std::pow(3.0, 128.0 / 126.0)) < 1e-14);
        QVERIFY(contains(dyn.divergences, "engine-dynamic-static"));
        // SGLang: explicit attention_factor 1.0 with s 64 -> 1 + 0.1 ln 64 = 1.4159
        const auto y = engineBuild("--method yarn --factor 64 --attention-factor 1", Engine::Sglang);
        QVERIFY(std::fabs(y.frequencies.attentionFactor - 1.4159) < 5e-5);
        QVERIFY(contains(y.divergences, "engine-attention-factor-ignored"));
        // MLX-LM: gpt-oss bounds 8/18 instead of 8.0928/17.3980
        const auto g = engineBuild("--method yarn --head-dim 64 --base 150000 --factor 32 "
                                   "--original-max-position-embeddings 4096 --truncate false",
                                   Engine::Mlx);
        QCOMPARE(g.frequencies.extras.at("ramp_low"), 8.0);
        QCOMPARE(g.frequencies.extras.at("ramp_high"), 18.0);
        QVERIFY(contains(g.divergences, "engine-bounds-rounded"));
        // ORT GenAI: Ministral 3's bounds 20.385 / 36.440 (HF 20 / 37)
        const auto m = engineBuild("--method yarn --head-dim 128 --base 1000000 --factor 16 "
                                   "--original-max-position-embeddings 16384 --mscale 1 --mscale-all-dim 1",
                                   Engine::OrtGenai);
        QVERIFY(std::fabs(m.frequencies.extras.at("ramp_low") - 20.385) < 5e-4);
        QVERIFY(std::fabs(m.frequencies.extras.at("ramp_high") - 36.440) < 5e-4);
        QVERIFY(contains(m.divergences, "engine-bounds-unrounded"));
        // ORT GenAI: mscale verbatim
        const auto v = engineBuild("--method yarn --factor 40 --mscale 0.707", Engine::OrtGenai);
        QCOMPARE(v.frequencies.attentionFactor, 0.707);
        QVERIFY(contains(v.divergences, "engine-mscale-verbatim"));
    }

    void longFactorsBelowL0UnderMlx()
    {
        const std::string lists = " --short-factor 1,1,1,1 --long-factor 2,4,8,16 --head-dim 8";
        const auto e = engineBuild("--method longrope --factor 32 --original-max-position-embeddings 4096 "
                                   "--seq-len 4096" +
                                       lists,
                                   Engine::Mlx);
        QVERIFY(contains(e.divergences, "engine-long-factors-below-l0"));
        QCOMPARE(e.frequencies.invFreq[3], e.frequencies.baseInvFreq[3] / 16.0);
        // SGLang: length L0 + 1 is long for HF, short for SGLang (any position > L0)
        const auto s = engineBuild("--method longrope --factor 32 --original-max-position-embeddings 4096 "
                                   "--seq-len 4097" +
                                       lists,
                                   Engine::Sglang);
        QVERIFY(contains(s.divergences, "engine-longrope-off-by-one"));
        QCOMPARE(s.frequencies.invFreq[3], s.frequencies.baseInvFreq[3]);
    }

    void refusalsNameTheEngineAndTheRule()
    {
        const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
            {"--method dynamic-ntk --factor 2", "ort-genai", "ort-genai exports no dynamic NTK"},
            {"--method ntk-aware --factor 2", "mlx", "Unsupported RoPE type"},
            {"--method ntk-aware --factor 2", "sglang", "no NTK-aware"},
            {"--method xpos", "sglang", "decay"},
            {"--method yarn --factor 8 --head-dim 128 --partial-rotary-factor 0.5", "ort-genai", "partial-rotary"},
            {"--method yarn --factor 2 --original-max-position-embeddings 64", "ort-genai", "asserts 0 < low"},
            {"--method longrope --pairing interleaved", "sglang", "neox"}};
        for (const auto& [args, engine, needle] : cases) {
            try {
                build(args, engine);
                QFAIL((args + " under " + engine + ": no error").c_str());
            } catch (const InvalidInput& e) {
                QVERIFY2(std::string(e.what()).find(needle) != std::string::npos, e.what());
            }
        }
        // MLX-LM expresses M-RoPE as plain RoPE (text positions exact), and says so
        const auto mrope = build("--method mrope --head-dim 128 --mrope-section 16,24,24", "mlx");
        bool said = false;
        for (const auto& n : engineNotes(*mrope))
            said = said || n.find("plain RoPE") != std::string::npos;
        QVERIFY(said);
    }
};

QTEST_GUILESS_MAIN(TstEnginesMore)
#include "tst_engines_more.moc"
