// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 20: per-layer encodings, NoPE layers, M-RoPE and the attention-scaling table. Known answers come from the
// pinned transformers code itself (tests/data/modern/make_modern_golden.py runs get_rope_index, the rotary classes,
// apply_multimodal_rotary_pos_emb and Llama 4's temperature expression; float32 as HF computes them), the layer
// rules from the model code cited in core/src/io/hf_layers.cpp, the scaling rules from their papers.
#include "golden_support.h"

#include "posenc/analysis/attention_scale.h"
#include "posenc/analysis/entropy.h"
#include "posenc/errors.h"
#include "posenc/io/hf_config.h"
#include "posenc/mrope.h"
#include "posenc/registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace posenc;

namespace {

QJsonObject golden()
{
    static const QJsonObject g = test::loadGolden("modern/modern_golden.json");
    return g;
}

io::HfConfig preset(const char* name)
{
    io::HfConfigOptions o;
    o.compareEras = false;
    return io::loadHfConfig(std::string(POSENC_SOURCE_DIR "/resources/presets/") + name + ".json", o);
}

io::HfConfig parse(const std::string& json)
{
    io::HfConfigOptions o;
    o.compareEras = false;
    return io::parseHfConfig(json, o);
}

mrope::PositionOptions options(const QJsonObject& c)
{
    mrope::PositionOptions o;
    o.rule = mrope::parsePositionRule(c["rule"].toString().toStdString());
    if (c.contains("tokens_per_second"))
        o.tokensPerSecond = c["tokens_per_second"].toDouble();
    return o;
}

QJsonObject positionCase(const QString& name)
{
    for (const auto& v : golden()["position_cases"].toArray())
        if (v.toObject()["name"].toString() == name)
            return v.toObject();
    return {};
}

std::string layerString(const io::HfConfig& c)
{
    std::string s;
    for (const auto& L : c.layers)
        s += L.encoding < 0 ? 'N' : L.attention == AttentionKind::Sliding ? 's' : L.attention == AttentionKind::Chunked ? 'c' : 'F';
    return s;
}

} // namespace

class TstModern : public QObject {
    Q_OBJECT

private slots:
    void positionIdsMatchGetRopeIndex()
    {
        const QJsonArray cases = golden()["position_cases"].toArray();
        QCOMPARE(cases.size(), 4);
        for (const auto& v : cases) {
            const QJsonObject c = v.toObject();
            const auto ids = mrope::positionIds(mrope::parseLayout(c["layout"].toString().toStdString()), options(c));
            const QJsonArray expected = c["position_ids"].toArray();
            QCOMPARE(static_cast<qsizetype>(ids.ids.size()), expected[0].toArray().size());
            for (int s = 0; s < 3; ++s)
                for (qsizetype k = 0; k < expected[s].toArray().size(); ++k)
                    QCOMPARE(ids.ids[static_cast<std::size_t>(k)][static_cast<std::size_t>(s)],
                             static_cast<std::int64_t>(expected[s].toArray()[k].toInt()));
            // HF's rope delta: the id after the layout minus its token count
            std::int64_t maxId = 0;
            for (const auto& t : ids.ids)
                maxId = std::max({maxId, t[0], t[1], t[2]});
            QCOMPARE(maxId + 1 - static_cast<std::int64_t>(ids.ids.size()), static_cast<std::int64_t>(c["delta"].toInt()));
        }
    }

    void rotatedQueryMatchesHf()
    {
        for (const auto& v : golden()["rotary_cases"].toArray()) {
            const QJsonObject c = v.toObject();
            const QJsonObject pc = positionCase(c["case"].toString());
            const bool glm = c["case"].toString() == QLatin1String("glm4v");
            const bool inter = c["case"].toString() == QLatin1String("qwen3-vl");
            const MethodDef& def = Registry::instance().find(inter ? "mrope-interleaved" : "mrope");
            ParamSet p = Registry::defaults(def);
            p.set("head-dim", c["head_dim"].toDouble());
            p.set("base", c["rope_theta"].toDouble());
            p.set("partial-rotary-factor", c["partial_rotary_factor"].toDouble());
            p.set("pairing", std::string(glm ? "interleaved" : "half"));
            p.set("mrope-section", test::toVector(c["mrope_section"]));
            p.set("token-layout", pc["layout"].toString().toStdString());
            p.set("position-rule", pc["rule"].toString().toStdString());
            Registry::validate(def, p);
            const auto enc = def.build(p);
            const QJsonArray rotated = c["rotated"].toArray(), cosine = c["cos"].toArray();
            ViewOptions vo;
            vo.probe = test::toVector(c["probe"]);
            const std::size_t cols = enc->columns(View::Rotated, vo), cosCols = enc->columns(View::Cos, vo);
            std::vector<double> out(rotated.size() * cols), cosOut(rotated.size() * cosCols);
            enc->fillRows(View::Rotated, 0, static_cast<std::size_t>(rotated.size()), out.data(), vo);
            enc->fillRows(View::Cos, 0, static_cast<std::size_t>(rotated.size()), cosOut.data(), vo);
            double worst = 0, worstCos = 0;
            for (qsizetype r = 0; r < rotated.size(); ++r) {
                const auto row = test::toVector(rotated[r]), crow = test::toVector(cosine[r]);
                QCOMPARE(row.size(), cols);
                QCOMPARE(crow.size(), cosCols);
                for (std::size_t j = 0; j < cols; ++j)
                    worst = std::max(worst, std::abs(row[j] - out[static_cast<std::size_t>(r) * cols + j]));
                for (std::size_t j = 0; j < cosCols; ++j)
                    worstCos = std::max(worstCos, std::abs(crow[j] - cosOut[static_cast<std::size_t>(r) * cosCols + j]));
            }
            // HF rotates in float32 (angles up to ~30 rad here): 1e-5 absolute
            QVERIFY2(worst < 1e-5, qPrintable(c["case"].toString() + QStringLiteral(" rotated: ") + QString::number(worst)));
            QVERIFY2(worstCos < 1e-5, qPrintable(c["case"].toString() + QStringLiteral(" cos: ") + QString::number(worstCos)));
        }
    }

    /// The position keys are read from vision_config (Qwen2.5-VL-7B's released shape; a v5-saved shape without
    /// tokens_per_second: HF's class default 4), and the ids from them match get_rope_index run with the values
    /// HF's config class holds (make_modern_golden.py, vision_config_cases).
    void visionConfigSetsThePositionIds()
    {
        const QJsonArray cases = golden()["vision_config_cases"].toArray();
        QCOMPARE(cases.size(), 2);
        for (const auto& v : cases) {
            const QJsonObject c = v.toObject();
            io::HfConfigOptions o;
            o.compareEras = false;
            const auto config =
                io::loadHfConfig(std::string(POSENC_SOURCE_DIR "/") + c["config"].toString().toStdString(), o);
            QCOMPARE(config.encodings.size(), std::size_t{1});
            const ParamSet& p = config.encodings.front().params;
            QCOMPARE(config.encodings.front().method, std::string("mrope"));
            QCOMPARE(p.choice("position-rule"), std::string("qwen2.5-vl"));
            const QJsonObject read = c["vision_config_read"].toObject();
            QCOMPARE(p.integer("spatial-merge-size"), read["spatial_merge_size"].toInteger());
            QCOMPARE(p.integer("temporal-patch-size"), read["temporal_patch_size"].toInteger());
            QCOMPARE(p.real("tokens-per-second"), read["tokens_per_second"].toDouble());
            mrope::PositionOptions po;
            po.rule = mrope::parsePositionRule(p.choice("position-rule"));
            po.spatialMergeSize = static_cast<int>(p.integer("spatial-merge-size"));
            po.tokensPerSecond = p.real("tokens-per-second");
            po.temporalPatchSize = static_cast<int>(p.integer("temporal-patch-size"));
            const auto ids = mrope::positionIds(mrope::parseLayout(c["layout"].toString().toStdString()), po);
            const QJsonArray expected = c["position_ids"].toArray();
            QCOMPARE(static_cast<qsizetype>(ids.ids.size()), expected[0].toArray().size());
            for (int s = 0; s < 3; ++s)
                for (qsizetype k = 0; k < expected[s].toArray().size(); ++k)
                    QCOMPARE(ids.ids[static_cast<std::size_t>(k)][static_cast<std::size_t>(s)],
                             static_cast<std::int64_t>(expected[s].toArray()[k].toInt()));
            const bool defaults = c["config"].toString().contains(QLatin1String("defaults"));
            const bool noted = std::any_of(config.notes.begin(), config.notes.end(), [](const std::string& n) {
                return n.find("tokens_per_second 4") != std::string::npos;
            });
            QCOMPARE(noted, defaults);
        }
        // a bad value is refused naming the key
        try {
            parse(R"({"model_type": "qwen2_5_vl", "hidden_size": 128, "num_attention_heads": 1,
                      "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]},
                      "vision_config": {"spatial_merge_size": 1.5}})");
            QFAIL("accepted spatial_merge_size 1.5");
        } catch (const InvalidInput& e) {
            QVERIFY2(std::string(e.what()).find("vision_config.spatial_merge_size") != std::string::npos, e.what());
        }
    }

    void mropeWithoutLayoutIsRope()
    {
        const auto& def = Registry::instance().find("mrope");
        const auto m = def.build(Registry::defaults(def));
        const auto& rd = Registry::instance().find("rope");
        const auto r = rd.build(Registry::defaults(rd));
        ViewOptions vo;
        std::vector<double> a(100 * 128), b(100 * 128);
        m->fillRows(View::Cos, 1000, 100, a.data(), vo);
        r->fillRows(View::Cos, 1000, 100, b.data(), vo);
        for (std::size_t k = 0; k < a.size(); ++k)
            QVERIFY(std::abs(a[k] - b[k]) < 1e-9);
        QCOMPARE(mrope::pairStreamsOf(*m)->size(), std::size_t(64));
        QCOMPARE((*mrope::pairStreamsOf(*m))[15], 0);
        QCOMPARE((*mrope::pairStreamsOf(*m))[16], 1);
        QCOMPARE((*mrope::pairStreamsOf(*m))[40], 2);
        QVERIFY(!mrope::pairStreamsOf(*r));
    }

    void badLayoutsNameTheFlag()
    {
        for (const char* bad : {"text:0", "image:5x4", "video:2x4", "pic:3", "text:3,", "video:1x4x4@-1", "text"}) {
            try {
                const auto items = mrope::parseLayout(bad);
                (void)mrope::layoutTokens(items, {});
                QFAIL(bad);
            } catch (const InvalidInput& e) {
                QCOMPARE(e.param(), std::string("token-layout"));
            }
        }
        QVERIFY_THROWS_EXCEPTION(InvalidInput, mrope::pairStreams({16, 24, 23}, 64, mrope::SectionLayout::Chunked));
    }

    void llama4NopeScaleMatchesHf()
    {
        for (const auto& v : golden()["llama4_nope_scale"].toArray()) {
            const QJsonObject c = v.toObject();
            analysis::ScaleParams p;
            p.floorScale = c["floor_scale"].toDouble();
            p.attnScale = c["attn_scale"].toDouble();
            const auto pos = test::toVector(c["positions"]), scale = test::toVector(c["scale"]);
            for (std::size_t k = 0; k < pos.size(); ++k) // n = pos + 1; HF float32
                QVERIFY(std::abs(analysis::scaleValue(analysis::ScaleRule::Llama4Nope, pos[k] + 1, p) - scale[k]) <
                        3e-7 * scale[k]);
        }
    }

    void presetInvFreqMatchesHf()
    {
        const QJsonObject g = golden()["preset_inv_freq"].toObject();
        QCOMPARE(g.size(), 5);
        for (auto it = g.begin(); it != g.end(); ++it) {
            const auto cfg = preset(qPrintable(it.key()));
            const QJsonObject byId = it.value().toObject();
            QCOMPARE(static_cast<qsizetype>(cfg.encodings.size()), byId.size());
            for (const auto& e : cfg.encodings) {
                const auto expected = test::toVector(byId[QString::fromStdString(e.id())].toObject()["inv_freq"]);
                QCOMPARE(e.invFreq.size(), expected.size());
                for (std::size_t i = 0; i < expected.size(); ++i) // HF float32
                    QVERIFY2(std::abs(e.invFreq[i] - expected[i]) <= 1e-7 * std::abs(expected[i]) + 1e-30,
                             qPrintable(it.key() + QStringLiteral(" pair ") + QString::number(i)));
            }
        }
    }

    void layersOfThePresets()
    {
        // Gemma 3: every 6th layer full (configuration_gemma3.py:111-115), sliding window 1024
        const auto g3 = preset("gemma-3-27b");
        QCOMPARE(g3.layers.size(), std::size_t(62));
        QCOMPARE(layerString(g3).substr(0, 12), std::string("sssssFsssssF"));
        QCOMPARE(*g3.layers[0].window, std::int64_t(1024));
        QCOMPARE(g3.encodings[static_cast<std::size_t>(g3.layers[0].encoding)].id(), std::string("sliding_attention"));
        QCOMPARE(*g3.encodings[static_cast<std::size_t>(g3.layers[0].encoding)].window, std::int64_t(1024));
        QVERIFY(!g3.encodings[static_cast<std::size_t>(g3.layers[5].encoding)].window);
        // Llama 4: every 4th layer NoPE + full attention, the others RoPE + 8192 chunks; adjacent-pair rotation
        const auto l4 = preset("llama-4-scout");
        QCOMPARE(layerString(l4).substr(0, 8), std::string("cccNcccN"));
        QCOMPARE(*l4.layers[0].window, std::int64_t(8192));
        QVERIFY(l4.nopeTemperature && l4.nopeTemperature->enabled && l4.nopeTemperature->floorScale == 8192);
        QVERIFY(l4.encodings[0].encoding->rotary()->pairing == Pairing::Interleaved);
        // Gemma 4: last layer full, full layers head_dim 512 proportional (64 rotating pairs)
        const auto g4 = preset("gemma-4-e2b");
        QVERIFY(g4.layers.back().attention == AttentionKind::Full);
        const auto& full = g4.encodings[static_cast<std::size_t>(g4.layers[5].encoding)];
        QCOMPARE(full.headDim, 512);
        QCOMPARE(full.method, std::string("proportional"));
        QCOMPARE(*g4.encodings[static_cast<std::size_t>(g4.layers[0].encoding)].window, std::int64_t(512));
        // M-RoPE presets
        QCOMPARE(preset("qwen2.5-vl-7b").encodings[0].method, std::string("mrope"));
        QCOMPARE(preset("qwen2.5-vl-7b").encodings[0].params.choice("position-rule"), std::string("qwen2.5-vl"));
        QCOMPARE(preset("qwen3-vl-8b").encodings[0].method, std::string("mrope-interleaved"));
    }

    void layersOfOtherFamilies()
    {
        const std::string base = R"("hidden_size":512,"num_attention_heads":8,"num_hidden_layers":6,)";
        // gpt-oss alternates (configuration_gpt_oss.py:75-78)
        QCOMPARE(layerString(parse("{" + base + R"("model_type":"gpt_oss","sliding_window":128})")),
                 std::string("sFsFsF"));
        // Qwen2: sliding only with use_sliding_window, from max_window_layers on (configuration_qwen2.py:84-95)
        QCOMPARE(layerString(parse("{" + base + R"("model_type":"qwen2","sliding_window":4096,"max_window_layers":4})")),
                 std::string("FFFFFF"));
        QCOMPARE(layerString(parse("{" + base +
                                   R"("model_type":"qwen2","use_sliding_window":true,"sliding_window":4096,"max_window_layers":4})")),
                 std::string("FFFFss"));
        // Mistral: every layer slides (modeling_mistral.py:172); null: none
        QCOMPARE(layerString(parse("{" + base + R"("model_type":"mistral","sliding_window":4096})")), std::string("ssssss"));
        QCOMPARE(layerString(parse("{" + base + R"("model_type":"mistral","sliding_window":null})")), std::string("FFFFFF"));
        // Cohere 2: pattern 4, RoPE only in sliding layers (modeling_cohere2.py:229-230)
        QCOMPARE(layerString(parse("{" + base + R"("model_type":"cohere2","sliding_window":4096})")), std::string("sssNss"));
        // explicit layer_types must match num_hidden_layers
        QVERIFY_THROWS_EXCEPTION(InvalidInput, parse("{" + base + R"("layer_types":["full_attention"]})"));
        // v5 per-layer rope_parameters: the sliding encoding's bound is at its window
        const auto v5 = parse("{" + base + R"("model_type":"gemma3_text","sliding_window":1024,"max_position_embeddings":131072,
            "rope_parameters":{"full_attention":{"rope_type":"linear","factor":8,"rope_theta":1e6},
                               "sliding_attention":{"rope_type":"default","rope_theta":1e4}}})");
        QCOMPARE(layerString(v5), std::string("sssssF"));
        QCOMPARE(v5.encodings[static_cast<std::size_t>(v5.layers[0].encoding)].layerType, std::string("sliding_attention"));
    }

    void attentionScaleTable()
    {
        analysis::ScaleParams p; // s = 8, L0 = 4096
        using analysis::ScaleRule;
        QVERIFY(std::abs(analysis::scaleValue(ScaleRule::YarnMscale, 1, p) - (0.1 * std::log(8.0) + 1)) < 1e-15);
        QVERIFY(std::abs(analysis::logitFactor(ScaleRule::YarnMscale, 1, p) -
                         std::pow(0.1 * std::log(8.0) + 1, 2)) < 1e-15);
        p.factor = 40;
        p.mscaleAllDim = 0.707; // DeepSeek-V2: softmax_scale * (0.0707 ln 40 + 1)^2 = 1.590...
        QVERIFY(std::abs(analysis::scaleValue(ScaleRule::DeepseekSoftmax, 1, p) -
                         std::pow(0.0707 * std::log(40.0) + 1, 2)) < 1e-15);
        p.factor = 32; // Phi-3-mini-128k: sqrt(1 + ln 32 / ln 4096) = 1.1902
        QVERIFY(std::abs(analysis::scaleValue(ScaleRule::Longrope, 1, p) - std::sqrt(1 + 5.0 / 12.0)) < 1e-15);
        QCOMPARE(analysis::scaleValue(ScaleRule::QwenLogN, 4096, p), 1.0);
        QVERIFY(std::abs(analysis::scaleValue(ScaleRule::QwenLogN, 4096.0 * 4096.0, p) - 2.0) < 1e-15);
        QVERIFY(std::abs(analysis::scaleValue(ScaleRule::SuLog512, 512.0 * 512.0, p) - 2.0) < 1e-15);
        QVERIFY(std::abs(analysis::scaleValue(ScaleRule::SeedLog2, 8192, p) - 1.0 / 1.1) < 1e-15);
        QCOMPARE(analysis::unitUpTo(ScaleRule::Llama4Nope, p), 8191.0);
        QCOMPARE(analysis::attentionScaleRules().size(), std::size_t(9));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, analysis::findScaleRule("nope"));
    }

    void entropyTemperaturesComeFromTheTable()
    {
        const auto& def = Registry::instance().find("nope");
        const auto enc = def.build(Registry::defaults(def)); // NoPE: z = 0, so any c_n gives ln n
        const auto& rd = Registry::instance().find("rope");
        const auto rope = rd.build(Registry::defaults(rd));
        analysis::EntropyOptions o;
        o.maxLength = 20000;
        o.lengths = {100, 8191, 8192, 20000};
        o.temperature = analysis::Temperature::None;
        const auto none = analysis::computeEntropy(*rope, o);
        o.temperature = analysis::Temperature::Llama4Nope;
        const auto l4 = analysis::computeEntropy(*rope, o);
        QCOMPARE(l4.entropy[0], none.entropy[0]); // c_n = 1 below floor_scale: the running pass itself
        QCOMPARE(l4.entropy[1], none.entropy[1]);
        QVERIFY(l4.entropy[2] < none.entropy[2]); // x (log 2 * 0.1 + 1): sharper
        o.temperature = analysis::Temperature::SuLog512;
        const auto su = analysis::computeEntropy(*rope, o);
        QVERIFY(su.entropy[0] > none.entropy[0]); // log_512 100 < 1: flatter
        QVERIFY(std::abs(analysis::computeEntropy(*enc, o).entropy[3] - std::log(20000.0)) < 1e-9);
    }
};

QTEST_GUILESS_MAIN(TstModern)
#include "tst_modern.moc"
