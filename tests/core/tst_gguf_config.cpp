// SPDX-License-Identifier: GPL-3.0-or-later
// The rope settings of GGUF files this test writes itself (gguf_writer.h): each rope scaling type resolved to the
// frequencies written out here from their definitions (θ_i = base^(-2i/d), /factor, /f_i) and to the same encoding
// as the equivalent HF config.json; llama.cpp's pairing by architecture; drift against a config.json; a Phi-3 GGUF
// (factor tensors, attn_factor, no scaling type) under --engine llama.cpp against ggml's own kernel (issue 38).

#include "golden_support.h"
#include "gguf_support.h"

#include "posenc/engine.h"
#include "posenc/registry.h"

#include "posenc/errors.h"
#include "posenc/io/gguf.h"

#include <QTest>

#include <cmath>

using namespace posenc;
using posenc::test::GgufWriter;
using posenc::test::llamaLike;
using posenc::test::resolve;
using posenc::test::span;

namespace {

double theta(double base, std::size_t i, double d)
{
    return std::pow(base, -2.0 * static_cast<double>(i) / d);
}

void compareFreqs(const std::vector<double>& got, const std::vector<double>& want, double tol = 1e-12)
{
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        if (std::abs(got[i] - want[i]) > tol * std::abs(want[i]))
            QFAIL(qPrintable(QString("pair %1: %2 vs %3").arg(i).arg(got[i], 0, 'g', 17).arg(want[i], 0, 'g', 17)));
}

} // namespace

class TestGgufConfig : public QObject {
    Q_OBJECT

private slots:
    void plainAndPairing()
    {
        // qwen2: NEOX (half split); llama: NORM (adjacent pairs); an arch outside the table: half, with a note
        for (const auto& [arch, pairing] : std::vector<std::pair<std::string, std::string>>{
                 {"qwen2", "half"}, {"llama", "interleaved"}, {"futurearch", "half"}}) {
            const io::HfConfig c = resolve(llamaLike(arch, 1e6f, 64).bytes());
            QCOMPARE(c.encodings.size(), std::size_t(1));
            const auto& e = c.encodings[0];
            QCOMPARE(e.method, std::string("rope"));
            QCOMPARE(e.ropeType, std::string("none"));
            QCOMPARE(e.headDim, 64);
            QCOMPARE(std::get<std::string>(e.params.get("pairing")), pairing);
            std::vector<double> want(32);
            for (std::size_t i = 0; i < 32; ++i)
                want[i] = theta(1e6, i, 64);
            compareFreqs(e.invFreq, want);
        }
        // partial rotary: n_rot 32 of head 64
        const auto phi2 = resolve(llamaLike("phi2", 1e4f, 32).bytes());
        const auto& e = phi2.encodings[0];
        QCOMPARE(e.rotaryDim, 32);
        QCOMPARE(e.invFreq.size(), std::size_t(16));
        QCOMPARE(e.invFreq[1], theta(1e4, 1, 32));
    }

    void scalingTypes()
    {
        // linear: θ_i / factor
        {
            auto w = llamaLike("llama", 1e4f, 64);
            w.string("llama.rope.scaling.type", "linear").f32("llama.rope.scaling.factor", 4.0f);
            const auto c = resolve(w.bytes());
            const auto& e = c.encodings[0];
            QCOMPARE(e.method, std::string("pi"));
            QCOMPARE(e.invFreq[5], theta(1e4, 5, 64) / 4.0);
        }
        // Llama 3: rope_freqs.weight divides θ_i (factors written by the test: 1, 2, ..., 32 / 4)
        {
            auto w = llamaLike("llama", 5e5f, 64);
            std::vector<float> f(32);
            for (std::size_t i = 0; i < 32; ++i)
                f[i] = 1.0f + 0.25f * static_cast<float>(i);
            w.tensor("rope_freqs.weight", {32}, 0, GgufWriter::f32Data(f));
            const auto c = resolve(w.bytes());
            const auto& e = c.encodings[0];
            QCOMPARE(e.ropeType, std::string("none"));
            QCOMPARE(e.attentionFactor, 1.0);
            std::vector<double> want(32);
            for (std::size_t i = 0; i < 32; ++i)
                want[i] = theta(static_cast<double>(5e5f), i, 64) / static_cast<double>(f[i]);
            compareFreqs(e.invFreq, want);
        }
        // YaRN: the same encoding as the HF config with the same values
        {
            auto w = llamaLike("qwen2", 1e6f, 64);
            w.string("qwen2.rope.scaling.type", "yarn")
                .f32("qwen2.rope.scaling.factor", 4.0f)
                .u32("qwen2.rope.scaling.original_context_length", 2048)
                .f32("qwen2.rope.scaling.yarn_beta_fast", 16.0f)
                .f32("qwen2.rope.scaling.yarn_beta_slow", 2.0f);
            const auto g = resolve(w.bytes());
            const std::string cfg = R"({"model_type": "qwen2", "hidden_size": 256, "num_attention_heads": 4,
                "max_position_embeddings": 8192, "rope_theta": 1000000.0, "rope_scaling": {"rope_type": "yarn",
                "factor": 4.0, "original_max_position_embeddings": 2048, "beta_fast": 16, "beta_slow": 2}})";
            io::HfConfigOptions o;
            o.compareEras = false;
            const auto h = io::parseHfConfig(cfg, o);
            QCOMPARE(g.encodings[0].method, std::string("yarn"));
            compareFreqs(g.encodings[0].invFreq, h.encodings[0].invFreq);
            QCOMPARE(g.encodings[0].attentionFactor, 0.1 * std::log(4.0) + 1.0);
            QVERIFY(io::compareGgufWithHf(g, h).empty());
        }
        // LongRoPE (Phi-3): long factors past the original length, short below; the file's attn_factor
        {
            auto w = llamaLike("phi3", 1e4f, 64);
            w.u32("phi3.rope.scaling.original_context_length", 4096)
                .string("phi3.rope.scaling.type", "longrope")
                .f32("phi3.rope.scaling.attn_factor", 1.19f);
            std::vector<float> lf(32, 2.0f), sf(32, 1.5f);
            w.tensor("rope_factors_long.weight", {32}, 0, GgufWriter::f32Data(lf));
            w.tensor("rope_factors_short.weight", {32}, 0, GgufWriter::f32Data(sf));
            const std::string b = w.bytes();
            const auto shortE = resolve(b).encodings[0];
            const auto longE = resolve(b, 5000.0).encodings[0];
            QCOMPARE(shortE.method, std::string("longrope"));
            QCOMPARE(shortE.invFreq[3], 1.0 / (1.5 * std::pow(1e4, 6.0 / 64)));
            QCOMPARE(longE.invFreq[3], 1.0 / (2.0 * std::pow(1e4, 6.0 / 64)));
            QCOMPARE(longE.attentionFactor, static_cast<double>(1.19f));
        }
        // SWA variants: a second, unscaled encoding with its own base
        {
            auto w = llamaLike("gemma3", 1e6f, 64);
            w.f32("gemma3.rope.freq_base_swa", 1e4f);
            const auto c = resolve(w.bytes());
            QCOMPARE(c.encodings.size(), std::size_t(2));
            QCOMPARE(c.encodings[1].scope, std::string("sliding_attention"));
            QCOMPARE(c.encodings[1].invFreq[1], theta(1e4, 1, 64));
        }
    }

    void phi3FactorTensorsAsLlamaCppAppliesThem()
    {
        // What Phi-3's converter writes: no rope.scaling.type, the factor tensors and rope.scaling.attn_factor.
        // Known answer: ggml_rope_ext at d99724f2b141 on these factors (tests/data/engines/ggml_rope_phi3.json).
        const QJsonObject golden = test::loadGolden("engines/ggml_rope_phi3.json");
        QFile presetFile(QStringLiteral(POSENC_SOURCE_DIR "/resources/presets/phi-3.5-mini.json"));
        QVERIFY(presetFile.open(QIODevice::ReadOnly));
        const QJsonObject scaling =
            QJsonDocument::fromJson(presetFile.readAll()).object().value("rope_scaling").toObject();
        std::vector<float> lf, sf;
        for (double x : test::toVector(scaling.value("long_factor")))
            lf.push_back(static_cast<float>(x));
        for (double x : test::toVector(scaling.value("short_factor")))
            sf.push_back(static_cast<float>(x));
        QCOMPARE(lf.size(), std::size_t(48));
        GgufWriter w;
        w.string("general.architecture", "phi3")
            .string("general.name", "phi-3.5-mini-shape")
            .u32("phi3.context_length", 131072)
            .u32("phi3.embedding_length", 3072)
            .u32("phi3.attention.head_count", 32)
            .f32("phi3.rope.freq_base", 1e4f)
            .u32("phi3.rope.dimension_count", 96)
            .u32("phi3.rope.scaling.original_context_length", 4096)
            .f32("phi3.rope.scaling.attn_factor", static_cast<float>(golden.value("attn_factor").toDouble()));
        w.tensor("rope_factors_long.weight", {48}, 0, GgufWriter::f32Data(lf));
        w.tensor("rope_factors_short.weight", {48}, 0, GgufWriter::f32Data(sf));
        const io::HfConfig c = resolve(w.bytes());
        QCOMPARE(c.encodings.size(), std::size_t(1));
        const io::HfEncoding& e = c.encodings[0];
        QCOMPARE(e.method, std::string("longrope")); // was: plain rope, factors and magnitude left out
        QCOMPARE(e.ropeType, std::string("longrope"));
        QCOMPARE(static_cast<float>(e.attentionFactor), static_cast<float>(golden.value("attn_factor").toDouble()));
        // llama.cpp chooses the set by the served context (n_ctx_seq > n_ctx_orig_yarn), not by the position
        const QJsonObject rotated = golden.value("rotated").toObject();
        for (const auto& [set, served] : {std::pair<const char*, double>{"short", 4096.0}, {"long", 131072.0}}) {
            ParamSet p = e.params;
            p.set("engine", std::string("llama.cpp"));
            p.set("arithmetic", std::string("engine"));
            p.set("max-model-len", served);
            const auto enc = Registry::build(Registry::instance().find(e.method), p);
            ViewOptions o;
            for (int j = 0; j < 96; ++j)
                o.probe.push_back(static_cast<double>(1.0f + static_cast<float>(j) / 10.0f));
            const QJsonObject rows = rotated.value(set).toObject();
            QCOMPARE(rows.size(), 6);
            double worst = 0;
            for (auto it = rows.begin(); it != rows.end(); ++it) {
                const auto want = test::toVector(it.value());
                std::vector<double> got(enc->columns(View::Rotated, o));
                QCOMPARE(got.size(), want.size());
                enc->fillRows(View::Rotated, it.key().toLongLong(), 1, got.data(), o);
                for (std::size_t j = 0; j < got.size(); ++j) {
                    // the float32 replay of the kernel: within a few float32 ulps of the probe's size (10.6)
                    worst = std::max(worst, std::abs(got[j] - want[j]));
                    QVERIFY2(std::abs(got[j] - want[j]) <= 16 * 10.6 * std::ldexp(1.0, -23),
                             qPrintable(QString("%1 set, position %2, channel %3: %4 vs ggml %5")
                                            .arg(set)
                                            .arg(it.key())
                                            .arg(j)
                                            .arg(got[j], 0, 'g', 9)
                                            .arg(want[j], 0, 'g', 9)));
                }
            }
            qInfo("phi3 %s factors: |posenc llama.cpp float32 - ggml| <= %.3g", set, worst);
        }
        // pair 47 under the long factors: theta_47 / f_47 (1.2e-4 / 64.84 = 1.9e-6)
        ParamSet p = e.params;
        p.set("engine", std::string("llama.cpp"));
        p.set("max-model-len", 131072.0);
        const auto enc = Registry::build(Registry::instance().find(e.method), p);
        QVERIFY(test::relativeError(enc->rotary()->invFreq[47], std::pow(1e4, -94.0 / 96) / lf[47]) < 1e-12);
    }

    void against()
    {
        const std::string llama3 = R"({"model_type": "llama", "hidden_size": 256, "num_attention_heads": 4,
            "max_position_embeddings": 8192, "rope_theta": 500000.0, "rope_scaling": {"rope_type": "llama3",
            "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}})";
        io::HfConfigOptions o;
        o.compareEras = false;
        const auto h = io::parseHfConfig(llama3, o);
        // a converter that dropped rope_freqs.weight
        const auto g = resolve(llamaLike("llama", 5e5f, 64).bytes());
        const auto drift = io::compareGgufWithHf(g, h);
        QVERIFY(!drift.empty());
        QCOMPARE(drift[0].what, std::string("rope_freqs"));
        QVERIFY(drift[0].mismatch);
        // with the tensor holding HF's own factors (inv_freq ratio, rounded to float32): no mismatch
        auto w = llamaLike("llama", 5e5f, 64);
        std::vector<float> f(32);
        for (std::size_t i = 0; i < 32; ++i)
            f[i] = static_cast<float>(theta(5e5, i, 64) / h.encodings[0].invFreq[i]);
        w.tensor("rope_freqs.weight", {32}, 0, GgufWriter::f32Data(f));
        for (const auto& d : io::compareGgufWithHf(resolve(w.bytes()), h))
            QVERIFY2(!d.mismatch, d.message.c_str());
        // a reciprocal factor
        auto y = llamaLike("qwen2", 1e6f, 64);
        y.string("qwen2.rope.scaling.type", "yarn").f32("qwen2.rope.scaling.factor", 0.25f);
        const std::string cfg = R"({"model_type": "qwen2", "hidden_size": 256, "num_attention_heads": 4,
            "max_position_embeddings": 8192, "rope_theta": 1000000.0, "rope_scaling": {"rope_type": "yarn",
            "factor": 4.0, "original_max_position_embeddings": 8192}})";
        bool reciprocal = false;
        for (const auto& d : io::compareGgufWithHf(resolve(y.bytes()), io::parseHfConfig(cfg, o)))
            reciprocal = reciprocal || (d.what == "factor" && d.message.find("reciprocal") != std::string::npos);
        QVERIFY(reciprocal);
    }
};

QTEST_GUILESS_MAIN(TestGgufConfig)
#include "tst_gguf_config.moc"
