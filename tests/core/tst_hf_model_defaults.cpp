// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 38, wrong answers a and b, against Hugging Face's own code:
// - absent rope keys take the config class's defaults per model type and era (tests/data/hf_class_defaults.json,
//   read from each era's configuration_*.py by make_hf_class_defaults.py);
// - ERNIE-4.5-VL's 3-D layout (h/w alternating on the fastest pairs, t on the slowest), not Qwen2-VL's;
// - Gemma 3 27B's published config (no rope_theta, no rope_local_base_freq) and Cohere2 (interleaved pairs):
//   frequencies and rotated vectors from transformers decba1d's Gemma3RotaryEmbedding / Cohere2RotaryEmbedding and
//   apply_rotary_pos_emb run with python3-torch (tests/data/hf_rotary_cases.json, make_hf_rotary_cases.py).
#include "golden_support.h"

#include "posenc/analysis/attention_scale.h"
#include "posenc/engine.h"
#include "posenc/errors.h"
#include "posenc/io/hf_config.h"
#include "posenc/mrope.h"
#include "posenc/registry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::io;

namespace {

HfConfig parse(const std::string& json, HfEra era = HfEra::V5)
{
    HfConfigOptions o;
    o.era = era;
    o.origin = "config.json";
    return parseHfConfig(json, o);
}

std::string text(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

/// HF's rotated probe (float32 tensors) against the encoding replayed in HF's float32 arithmetic: within a few
/// ulp of the angle m*theta (torch's and the C library's cos/sin may differ by an ulp) times the probe's size.
void compareRotated(const HfEncoding& enc, const QJsonObject& rotated, const std::string& what)
{
    ParamSet p = enc.params;
    p.set("arithmetic", std::string("engine"));
    const auto e32 = Registry::build(Registry::instance().find(enc.method), p);
    ViewOptions o;
    for (int j = 0; j < enc.headDim; ++j)
        o.probe.push_back(static_cast<double>(1.0f + static_cast<float>(j) / 10.0f));
    int compared = 0;
    for (auto it = rotated.begin(); it != rotated.end(); ++it) {
        const std::int64_t m = it.key().toLongLong();
        const auto expected = test::toVector(it.value());
        std::vector<double> got(e32->columns(View::Rotated, o));
        QCOMPARE(got.size(), expected.size());
        e32->fillRows(View::Rotated, m, 1, got.data(), o);
        const double thetaMax = enc.invFreq.front();
        const double tol = 13.8 * 2.0 * (std::ldexp(static_cast<double>(m) * thetaMax, -22) + std::ldexp(1.0, -21));
        for (std::size_t j = 0; j < got.size(); ++j)
            QVERIFY2(std::fabs(got[j] - expected[j]) <= tol,
                     (what + " position " + std::to_string(m) + " channel " + std::to_string(j) + ": " +
                      test::exactText(got[j]) + " vs HF " + test::exactText(expected[j]))
                         .c_str());
        ++compared;
    }
    QCOMPARE(compared, 5);
}

} // namespace

class TstHfModelDefaults : public QObject {
    Q_OBJECT
private slots:
    void classDefaultsPerModelTypeAndEra()
    {
        const QJsonObject root = test::loadGolden("hf_class_defaults.json");
        const QJsonObject types = root.value("types").toObject();
        QVERIFY(types.size() >= 25);
        int checked = 0;
        for (auto t = types.begin(); t != types.end(); ++t) {
            const QJsonObject eras = t.value().toObject();
            for (auto e = eras.begin(); e != eras.end(); ++e) {
                const HfEra era = parseHfEra(e.key().toStdString());
                const QJsonObject want = e.value().toObject();
                QJsonObject cfgObject{{"model_type", t.key()},
                                      {"head_dim", t.key().startsWith("glm4v") ? 64 : 128},
                                      {"max_position_embeddings", 4096}};
                const std::string cfg = text(cfgObject);
                const std::string what = t.key().toStdString() + " in era " + e.key().toStdString();
                HfConfig c;
                try {
                    c = parse(cfg, era);
                } catch (const std::exception& ex) {
                    QFAIL((what + ": " + ex.what()).c_str());
                }
                QVERIFY2(!c.encodings.empty(), what.c_str());
                QVERIFY2(c.encodings[0].params.real("base") == want.value("theta").toDouble(),
                         (what + ": base " + test::exactText(c.encodings[0].params.real("base"))).c_str());
                QCOMPARE(c.encodings[0].params.real("partial-rotary-factor"),
                         want.value("partial_rotary_factor").toDouble(1.0));
                if (want.contains("local_theta")) {
                    QVERIFY2(c.encodings.size() == 2, what.c_str());
                    QCOMPARE(c.encodings[1].layerType, std::string("sliding_attention"));
                    QCOMPARE(c.encodings[1].params.real("base"), want.value("local_theta").toDouble());
                } else {
                    QVERIFY2(c.encodings.size() == 1, what.c_str());
                }
                ++checked;
            }
        }
        qInfo("class defaults: %d (model type, era) pairs as transformers' config classes have them", checked);
    }

    void ernieVlLayoutAsHfRecomposesIt()
    {
        const QJsonObject g = test::loadGolden("hf_rotary_cases.json").value("ernie4_5_vl").toObject();
        const HfConfig c = parse(text(g.value("config").toObject()));
        QCOMPARE(c.encodings.size(), std::size_t(1));
        const HfEncoding& enc = c.encodings[0];
        // before issue 38: method "mrope" with Qwen2-VL's chunked layout (t on pairs 0..21)
        QCOMPARE(enc.method, std::string("rope"));
        QCOMPARE(enc.params.choice("pairing"), std::string("interleaved"));
        QCOMPARE(enc.params.real("base"), 500000.0);
        bool noted = false;
        for (const auto& n : c.notes)
            noted = noted || n.find("ERNIE-4.5-VL's 3-D RoPE") != std::string::npos;
        QVERIFY(noted);
        const auto streams = mrope::pairStreams({22, 22, 20}, 64, mrope::SectionLayout::ErnieVl);
        const auto ids = test::toVector(g.value("position_ids_thw"));
        const auto cosA = test::toVector(g.value("cos")), sinA = test::toVector(g.value("sin"));
        const auto rotA = test::toVector(g.value("rotated"));
        QCOMPARE(cosA.size(), std::size_t(128));
        std::string seen;
        for (std::size_t j = 0; j < 64; ++j) {
            const double angle = ids[static_cast<std::size_t>(streams[j])] * enc.invFreq[j];
            // HF's float32 angle (<= 1000 rad): within 2e-4 of the float64 one
            for (std::size_t ch : {2 * j, 2 * j + 1})
                QVERIFY2(std::fabs(std::cos(angle) - cosA[ch]) < 2e-4 && std::fabs(std::sin(angle) - sinA[ch]) < 2e-4,
                         ("pair " + std::to_string(j) + " stream " + std::to_string(streams[j])).c_str());
            const double a = 1.0 + static_cast<double>(2 * j) / 10.0, b = 1.0 + static_cast<double>(2 * j + 1) / 10.0;
            QVERIFY(std::fabs(a * std::cos(angle) - b * std::sin(angle) - rotA[2 * j]) < 3e-3);
            QVERIFY(std::fabs(a * std::sin(angle) + b * std::cos(angle) - rotA[2 * j + 1]) < 3e-3);
            seen += "thw"[streams[j]];
        }
        QCOMPARE(seen, std::string("hwhwhwhwhwhwhwhwhwhwhwhwhwhwhwhwhwhwhwhwhwhw") + std::string(20, 't'));
        // sections that HF's torch.stack / split could not take
        QVERIFY_THROWS_EXCEPTION(InvalidInput, mrope::pairStreams({22, 20, 22}, 64, mrope::SectionLayout::ErnieVl));
    }

    void hunyuanAlphaNtkAsHfComputesIt()
    {
        const QJsonObject g = test::loadGolden("hf_rotary_cases.json").value("hunyuan_alpha").toObject();
        for (HfEra era : {HfEra::Y2025c, HfEra::V5}) {
            const HfConfig c = parse(text(g.value("config").toObject()), era);
            QCOMPARE(c.encodings.size(), std::size_t(1));
            const HfEncoding& enc = c.encodings[0];
            QCOMPARE(enc.ropeType, std::string("dynamic (alpha)"));
            QCOMPARE(enc.method, std::string("rope"));
            // theta 1e4, alpha 1000, d 128: 1e4 * 1000^(128/126) = 1.11588e7 (issue 38)
            QVERIFY2(test::relativeError(enc.params.real("base"), 1e4 * std::pow(1000.0, 128.0 / 126.0)) < 1e-15 &&
                         std::abs(enc.params.real("base") - 1.11588e7) < 50.0,
                     test::exactText(enc.params.real("base")).c_str());
            const auto inv = test::toVector(g.value("inv_freq"));
            QCOMPARE(enc.invFreq.size(), inv.size());
            for (std::size_t i = 0; i < inv.size(); ++i)
                QVERIFY2(test::relativeError(enc.invFreq[i], inv[i]) < 1e-6, ("pair " + std::to_string(i)).c_str());
            QCOMPARE(enc.attentionFactor, g.value("attention_scaling").toDouble());
        }
        QVERIFY_THROWS_EXCEPTION(InvalidInput, parse(R"({"model_type":"hunyuan_v1_dense","head_dim":128,
            "rope_scaling":{"type":"dynamic","alpha":-2,"factor":1}})"));
    }

    void ministral3QueryTemperatureAsHfComputesIt()
    {
        const QJsonObject g = test::loadGolden("hf_rotary_cases.json").value("ministral3_query_scale").toObject();
        const auto pos = test::toVector(g.value("positions"));
        const auto scale = test::toVector(g.value("scale"));
        analysis::ScaleParams p;
        p.attnScale = g.value("beta").toDouble();
        p.originalLength = g.value("original_max_position_embeddings").toDouble();
        for (std::size_t k = 0; k < pos.size(); ++k) { // HF computes in float32; the query at pos is n = pos + 1
            const double v = analysis::scaleValue(analysis::ScaleRule::Llama4ScalingBeta, pos[k] + 1, p);
            QVERIFY2(std::fabs(v - scale[k]) < 1e-7, ("pos " + std::to_string(pos[k])).c_str());
            QCOMPARE(analysis::logitFactor(analysis::ScaleRule::Llama4ScalingBeta, pos[k] + 1, p), v); // query only
        }
        QCOMPARE(analysis::unitUpTo(analysis::ScaleRule::Llama4ScalingBeta, p), 16384.0);
        QVERIFY(std::fabs(analysis::scaleValue(analysis::ScaleRule::Llama4ScalingBeta, 262144, p) - 1.2773) < 5e-5);
        // the config: rope_parameters as Ministral3Config writes them (configuration_ministral3.py:96-107)
        const std::string cfg = R"({"model_type":"ministral3","head_dim":128,"max_position_embeddings":262144,
            "rope_parameters":{"type":"yarn","rope_theta":1000000.0,"factor":16.0,
            "original_max_position_embeddings":16384,"beta_fast":32.0,"beta_slow":1.0,"mscale_all_dim":1.0,
            "mscale":1.0,"llama_4_scaling_beta":0.1}})";
        const HfConfig c = parse(cfg);
        QCOMPARE(c.encodings.size(), std::size_t(1));
        QVERIFY(c.encodings[0].llama4ScalingBeta);
        QCOMPARE(*c.encodings[0].llama4ScalingBeta, 0.1);
        QCOMPARE(c.encodings[0].llama4ScalingLength, 16384.0);
        QCOMPARE(c.encodings[0].method, std::string("yarn"));
        QVERIFY(std::fabs(c.encodings[0].attentionFactor - 1.0) < 1e-15); // mscale = mscale_all_dim: YaRN's is 1
        // Ministral3Attention keeps scaling = head_dim**-0.5 (modeling_ministral3.py:120): no softmax multiplier.
        // The same rope dict under DeepSeek-V3 (modeling_deepseek_v3.py:283-285) multiplies it by
        // yarn_get_mscale(16, 1)^2 = (0.1 ln 16 + 1)^2.
        QCOMPARE(c.encodings[0].encoding->rotary()->softmaxScaleMultiplier, 1.0);
        std::string deepseek = cfg;
        deepseek.replace(deepseek.find("ministral3"), 10, "deepseek_v3");
        const double g2 = parse(deepseek).encodings[0].encoding->rotary()->softmaxScaleMultiplier;
        QVERIFY2(std::fabs(g2 - 1.6313902266748685) < 1e-15, std::to_string(g2).c_str());
        // another model type does not read it
        const HfConfig other = parse(R"({"model_type":"llama","head_dim":128,
            "rope_parameters":{"rope_type":"default","rope_theta":10000.0,"llama_4_scaling_beta":0.1}})");
        QVERIFY(!other.encodings[0].llama4ScalingBeta);
    }

    void gemma3PublishedConfigAsHfComputesIt()
    {
        const QJsonObject g = test::loadGolden("hf_rotary_cases.json").value("gemma3_27b").toObject();
        const HfConfig c = parse(text(g.value("config").toObject()));
        QCOMPARE(c.encodings.size(), std::size_t(2));
        const QJsonObject layers = g.value("layers").toObject();
        for (const HfEncoding& enc : c.encodings) {
            const QJsonObject want = layers.value(QString::fromStdString(enc.layerType)).toObject();
            QVERIFY2(!want.isEmpty(), enc.layerType.c_str());
            const auto inv = test::toVector(want.value("inv_freq"));
            QCOMPARE(enc.invFreq.size(), inv.size());
            for (std::size_t i = 0; i < inv.size(); ++i) // HF's float32 inv_freq: within float32 rounding
                QVERIFY2(test::relativeError(enc.invFreq[i], inv[i]) < 2e-7,
                         (enc.layerType + " pair " + std::to_string(i)).c_str());
            QCOMPARE(enc.attentionFactor, want.value("attention_scaling").toDouble());
            QCOMPARE(enc.params.choice("pairing"), std::string("half"));
            compareRotated(enc, want.value("rotated").toObject(), "gemma3 " + enc.layerType);
        }
        // the wrong answer this replaces: theta 10000 with linear x8 on the global layers
        QCOMPARE(c.encodings[0].method, std::string("pi"));
        QCOMPARE(c.encodings[0].params.real("base"), 1e6);
        QCOMPARE(c.encodings[1].params.real("base"), 1e4);
        bool noted = false;
        for (const auto& n : c.notes)
            noted = noted || n.find("Gemma3TextConfig.default_theta") != std::string::npos;
        QVERIFY(noted);
    }

    void cohere2RotatesInterleavedPairs()
    {
        const QJsonObject g = test::loadGolden("hf_rotary_cases.json").value("cohere2").toObject();
        const HfConfig c = parse(text(g.value("config").toObject()));
        QCOMPARE(c.encodings.size(), std::size_t(1));
        const HfEncoding& enc = c.encodings[0];
        QCOMPARE(enc.params.choice("pairing"), std::string("interleaved"));
        const auto inv = test::toVector(g.value("inv_freq"));
        for (std::size_t i = 0; i < inv.size(); ++i)
            QVERIFY(test::relativeError(enc.invFreq[i], inv[i]) < 2e-7);
        compareRotated(enc, g.value("rotated").toObject(), "cohere2");
    }
};

QTEST_GUILESS_MAIN(TstHfModelDefaults)
#include "tst_hf_model_defaults.moc"
