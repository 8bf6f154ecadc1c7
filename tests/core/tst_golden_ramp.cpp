// SPDX-License-Identifier: GPL-3.0-or-later
// Known-answer test: wavelengths, rotation counts and the two ramps of tests/data/wavelengths_ramp.json, and the
// scalars of tests/data/scalars.json that our methods produce (YaRN temperature, DeepSeek mscale rule as in
// HF, correction ranges, Llama-3 band edges, dynamic-NTK bases, LongRoPE attention factor, the current HF
// interpretation of a YaRN config). Relative error <= 1e-10.

#include "golden_support.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QJsonArray>
#include <QTest>

#include <map>
#include <string>

using namespace posenc;
using posenc::test::exactText;

namespace {

constexpr double kTol = 1e-10;
using Flags = std::map<std::string, std::string>;

FrequencyTable table(const std::string& id, const Flags& flags)
{
    const MethodDef& def = Registry::instance().find(id);
    const auto enc = Registry::build(def, Registry::resolve(def, flags));
    return enc->frequencyTable().value();
}

const RotaryFrequencies& rotary(const std::string& id, const Flags& flags, std::shared_ptr<const Encoding>& keep)
{
    const MethodDef& def = Registry::instance().find(id);
    keep = Registry::build(def, Registry::resolve(def, flags));
    return *keep->rotary();
}

double extra(const FrequencyTable& t, const char* key)
{
    const auto it = t.extras.find(key);
    return it == t.extras.end() ? std::nan("") : it->second;
}

void verifyVector(const std::vector<double>& actual, const std::vector<double>& expected, const char* what)
{
    QCOMPARE(actual.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        POSENC_VERIFY_REL(actual[i], expected[i], kTol, std::string(what) + "[" + std::to_string(i) + "]");
}

QJsonArray scalars(const char* section)
{
    return posenc::test::loadGolden("scalars.json")[section].toArray();
}

} // namespace

class TstGoldenRamp : public QObject {
    Q_OBJECT

private slots:
    void wavelengthsAndRamps_data()
    {
        QTest::addColumn<QJsonObject>("golden");
        const auto cases = posenc::test::loadGolden("wavelengths_ramp.json")["cases"].toArray();
        QVERIFY(!cases.isEmpty());
        for (const auto& v : cases) {
            const QJsonObject c = v.toObject();
            QTest::newRow(qPrintable(QStringLiteral("d%1 b%2 L%3")
                                         .arg(c["d_rot"].toInt())
                                         .arg(c["base"].toDouble())
                                         .arg(c["original_max_position_embeddings"].toInt())))
                << c;
        }
    }

    void wavelengthsAndRamps()
    {
        QFETCH(QJsonObject, golden);
        const std::string d = exactText(golden["d_rot"].toDouble());
        const std::string base = exactText(golden["base"].toDouble());
        const double L = golden["original_max_position_embeddings"].toDouble();
        const std::string l0 = exactText(L);

        const auto rope = table("rope", {{"head-dim", d}, {"base", base}});
        verifyVector(rope.invFreq, posenc::test::toVector(golden["inv_freq"]), "inv_freq");
        verifyVector(rope.wavelength, posenc::test::toVector(golden["wavelength"]), "wavelength");
        std::vector<double> rotations;
        for (double lambda : rope.wavelength)
            rotations.push_back(L / lambda);
        verifyVector(rotations, posenc::test::toVector(golden["rotations_r"]), "rotations_r");

        // paper ramp: ntk-by-parts Def. 2, alpha 1, beta 32 (the factor does not enter gamma)
        const auto parts = table("ntk-by-parts", {{"head-dim", d},
                                                  {"base", base},
                                                  {"original-max-position-embeddings", l0},
                                                  {"alpha", "1"},
                                                  {"beta", "32"}});
        QVERIFY(parts.ramp.has_value());
        verifyVector(*parts.ramp, posenc::test::toVector(golden["gamma_paper_alpha1_beta32"]), "gamma paper");

        // reference-code ramp: YaRN index ramp, beta_fast 32 (our beta), beta_slow 1 (our alpha)
        for (const bool truncate : {true, false}) {
            const auto yarn = table("yarn", {{"head-dim", d},
                                             {"base", base},
                                             {"original-max-position-embeddings", l0},
                                             {"beta-fast", "32"},
                                             {"beta-slow", "1"},
                                             {"truncate", truncate ? "true" : "false"}});
            QVERIFY(yarn.ramp.has_value());
            verifyVector(*yarn.ramp,
                         posenc::test::toVector(
                             golden[truncate ? "gamma_code_beta_fast32_beta_slow1" : "gamma_code_untruncated"]),
                         truncate ? "gamma code" : "gamma code untruncated");
            const auto range = posenc::test::toVector(
                golden[truncate ? "correction_range_truncated" : "correction_range_untruncated"]);
            QCOMPARE(range.size(), std::size_t(2));
            POSENC_VERIFY_REL(extra(yarn, "ramp_low"), range[0], kTol, "ramp_low");
            POSENC_VERIFY_REL(extra(yarn, "ramp_high"), range[1], kTol, "ramp_high");
        }
    }

    void yarnTemperature()
    {
        const auto rows = scalars("yarn_mscale");
        QVERIFY(rows.size() >= 5);
        for (const auto& v : rows) {
            const QJsonObject r = v.toObject();
            const auto t = table("yarn", {{"factor", exactText(r["s"].toDouble())}});
            const double a = t.attentionFactor;
            POSENC_VERIFY_REL(a, r["sqrt_1_over_t"].toDouble(), kTol, "sqrt(1/t)");
            POSENC_VERIFY_REL(a * a, r["one_over_t"].toDouble(), kTol, "1/t");
            POSENC_VERIFY_REL(1.0 / (a * a), r["t"].toDouble(), kTol, "t");
        }
    }

    /// The HF rule (mscale used only when mscale_all_dim is also set). DeepSeek's own code, which uses
    /// g(s, mscale) when mscale_all_dim is 0, is not a variant we implement (cos_sin_scale_deepseek_code).
    void deepseekMscale()
    {
        const auto rows = scalars("deepseek");
        QVERIFY(rows.size() >= 4);
        for (const auto& v : rows) {
            const QJsonObject r = v.toObject();
            std::shared_ptr<const Encoding> keep;
            const auto& f = rotary("yarn",
                                   {{"factor", exactText(r["factor"].toDouble())},
                                    {"mscale", exactText(r["mscale"].toDouble())},
                                    {"mscale-all-dim", exactText(r["mscale_all_dim"].toDouble())},
                                    {"softmax-mscale", "true"}}, // DeepSeek's attention multiplies by g^2
                                   keep);
            POSENC_VERIFY_REL(f.attentionFactor, r["cos_sin_scale_hf"].toDouble(), kTol, "cos/sin scale (HF)");
            POSENC_VERIFY_REL(f.softmaxScaleMultiplier, r["softmax_scale_multiplier"].toDouble(), kTol,
                              "softmax scale multiplier");
        }
    }

    void yarnCorrectionRanges()
    {
        const auto rows = scalars("yarn_correction_ranges");
        QVERIFY(rows.size() >= 5);
        for (const auto& v : rows) {
            const QJsonObject r = v.toObject();
            for (const bool truncate : {true, false}) {
                const auto t = table("yarn", {{"head-dim", exactText(r["d_rot"].toDouble())},
                                              {"base", exactText(r["base"].toDouble())},
                                              {"original-max-position-embeddings", exactText(r["L"].toDouble())},
                                              {"beta", exactText(r["beta_fast"].toDouble())},
                                              {"alpha", exactText(r["beta_slow"].toDouble())},
                                              {"truncate", truncate ? "true" : "false"}});
                const auto range = posenc::test::toVector(r[truncate ? "range_truncated" : "range_untruncated"]);
                const std::string name = r["name"].toString().toStdString();
                POSENC_VERIFY_REL(extra(t, "ramp_low"), range[0], kTol, name + " low");
                POSENC_VERIFY_REL(extra(t, "ramp_high"), range[1], kTol, name + " high");
                if (!truncate) { // no clamping happens in these configurations: the bounds are i*(beta), i*(alpha)
                    POSENC_VERIFY_REL(extra(t, "ramp_low"), r["dim_at_beta_fast"].toDouble(), kTol, name);
                    POSENC_VERIFY_REL(extra(t, "ramp_high"), r["dim_at_beta_slow"].toDouble(), kTol, name);
                }
            }
        }
    }

    void llama3BandEdges()
    {
        const auto rows = scalars("llama3_band_edges");
        QVERIFY(rows.size() >= 3);
        for (const auto& v : rows) {
            const QJsonObject r = v.toObject();
            const auto t = table("llama3", {{"original-max-position-embeddings",
                                             exactText(r["original_max_position_embeddings"].toDouble())},
                                            {"low-freq-factor", exactText(r["low_freq_factor"].toDouble())},
                                            {"high-freq-factor", exactText(r["high_freq_factor"].toDouble())}});
            POSENC_VERIFY_REL(extra(t, "low_freq_wavelen"), r["low_freq_wavelen"].toDouble(), kTol, "low edge");
            POSENC_VERIFY_REL(extra(t, "high_freq_wavelen"), r["high_freq_wavelen"].toDouble(), kTol, "high edge");
        }
    }

    void dynamicNtkBases()
    {
        const auto rows = scalars("dynamic_ntk_bases");
        QVERIFY(rows.size() >= 4);
        for (const auto& v : rows) {
            const QJsonObject r = v.toObject();
            const Flags common = {{"head-dim", exactText(r["d_rot"].toDouble())},
                                  {"base", exactText(r["base"].toDouble())},
                                  {"factor", exactText(r["factor"].toDouble())}};
            Flags dyn = common;
            dyn["max-position-embeddings"] = exactText(r["max_position_embeddings"].toDouble());
            dyn["seq-len"] = exactText(r["seq_len"].toDouble());
            dyn["dynamic-formula"] = "hf";
            POSENC_VERIFY_REL(extra(table("dynamic-ntk", dyn), "base_prime"), r["base_prime_hf"].toDouble(), kTol,
                              "HF dynamic base'");
            dyn["dynamic-formula"] = "paper";
            POSENC_VERIFY_REL(extra(table("dynamic-ntk", dyn), "base_prime"), r["base_prime_paper_dynamic"].toDouble(),
                              kTol, "paper dynamic base'");
            POSENC_VERIFY_REL(extra(table("ntk-aware", common), "base_prime"),
                              r["base_prime_static_ntk_aware"].toDouble(), kTol, "NTK-aware base'");
        }
    }

    void longropeAttentionFactor()
    {
        const auto rows = scalars("longrope_attention_factor");
        QVERIFY(rows.size() >= 3);
        for (const auto& v : rows) {
            const QJsonObject r = v.toObject();
            const auto t = table("longrope", {{"factor", exactText(r["factor"].toDouble())},
                                              {"original-max-position-embeddings",
                                               exactText(r["original_max_position_embeddings"].toDouble())}});
            POSENC_VERIFY_REL(t.attentionFactor, r["attention_factor"].toDouble(), kTol, "longrope attention");
        }
    }

    /// Our yarn takes the factor as given and L0 = original-max-position-embeddings: the interpretation of the
    /// current transformers release ("v5", also "2025c") of factor 8, original 4096, d 128, base 1e4.
    void currentHfYarnInterpretation()
    {
        QJsonObject v5;
        for (const auto& v : scalars("hf_era_yarn_interpretation"))
            if (v.toObject()["era"].toString() == QLatin1String("v5"))
                v5 = v.toObject();
        QVERIFY(!v5.isEmpty());
        const auto t = table(
            "yarn",
            {{"factor", "8"}, {"original-max-position-embeddings", "4096"}, {"head-dim", "128"}, {"base", "10000"}});
        POSENC_VERIFY_REL(t.invFreq.front(), v5["inv_freq_first"].toDouble(), kTol, "inv_freq first");
        POSENC_VERIFY_REL(t.invFreq.back(), v5["inv_freq_last"].toDouble(), kTol, "inv_freq last");
        POSENC_VERIFY_REL(t.attentionFactor, v5["attention_factor"].toDouble(), kTol, "attention factor");
    }
};

QTEST_GUILESS_MAIN(TstGoldenRamp)
#include "tst_golden_ramp.moc"
