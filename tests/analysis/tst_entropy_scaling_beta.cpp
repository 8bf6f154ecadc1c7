// SPDX-License-Identifier: GPL-3.0-or-later
// The entropy's llama4-scaling-beta temperature (Ministral 3, Mistral 4): against Hugging Face's own Ministral 3
// attention path (tests/data/entropy_scaling_beta.json, made by make_entropy_scaling_beta.py at transformers
// decba1d2ea4e), against the issue's numbers at Ministral 3's beta 0.1 and L0 16384, the method's own factor kept
// (YaRN), the defaults a config fixes (llama_4_scaling_beta) for the CLI, Python and the GUI, and bad input.

#include "analysis_support.h"

#include "posenc/analysis/analysis_spec.h"
#include "posenc/analysis/entropy.h"
#include "posenc/errors.h"
#include "posenc/io/hf_config.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::analysis;
using posenc::test::buildMethod;

namespace {

/// H of softmax(c z) from scratch: two passes, no running state.
double directEntropy(const std::vector<double>& z, double c)
{
    double M = -INFINITY;
    for (double x : z)
        M = std::max(M, c * x);
    long double S = 0, W = 0;
    for (double x : z) {
        const long double e = std::exp(static_cast<long double>(c * x - M));
        S += e;
        W += e * c * x;
    }
    return static_cast<double>(M + std::log(S) - W / S);
}

ParamSet lengthsOnly()
{
    ParamSet p;
    p.set("lengths", std::vector<double>{10});
    return p;
}

EntropyOptions betaOptions(double beta, double L0, std::vector<std::int64_t> lengths)
{
    EntropyOptions o;
    o.score = ScoreModel::AllOnes;
    o.sigma2 = 1.0;
    o.temperature = Temperature::Llama4ScalingBeta;
    o.beta = beta;
    o.betaLength = L0;
    o.maxLength = *std::max_element(lengths.begin(), lengths.end());
    o.lengths = std::move(lengths);
    return o;
}

} // namespace

class TestEntropyScalingBeta : public QObject {
    Q_OBJECT
private slots:
    void matchesTransformersMinistral3();
    void ministral3Numbers();
    void keepsTheMethodsFactor();
    void configFixesTheDefaults();
    void rejectsBadInput();
};

/// HF computes cos/sin in float32: 1e-6 nats at n <= 400 (measured 5e-7 at most).
void TestEntropyScalingBeta::matchesTransformersMinistral3()
{
    const QJsonObject g = test::loadGolden("entropy_scaling_beta.json");
    QCOMPARE(g["score"].toString(), QStringLiteral("all-ones"));
    const auto enc = buildMethod(
        "rope", {{"head-dim", std::to_string(g["head_dim"].toInt())}, {"base", std::to_string(g["base"].toDouble())}});
    std::vector<std::int64_t> lengths;
    for (const auto v : g["lengths"].toArray())
        lengths.push_back(v.toInt());
    const auto r = computeEntropy(*enc, betaOptions(g["beta"].toDouble(), g["beta_length"].toDouble(), lengths));
    const QJsonArray h = g["entropy"].toArray();
    QCOMPARE(static_cast<std::size_t>(h.size()), lengths.size());
    double worst = 0;
    for (std::size_t k = 0; k < lengths.size(); ++k)
        worst = std::max(worst, std::fabs(r.entropy[k] - h[static_cast<qsizetype>(k)].toDouble()));
    QVERIFY2(worst <= 1e-6, qPrintable(QString::number(worst)));
    // the temperature steps where floor((n - 1) / L0) does: n = 65 is the first query past L0 = 64
    const auto none = computeEntropy(*enc, [&] {
        EntropyOptions o = betaOptions(0.5, 64, {64, 65});
        o.temperature = Temperature::None;
        return o;
    }());
    const auto beta = computeEntropy(*enc, betaOptions(0.5, 64, {64, 65}));
    QCOMPARE(beta.entropy[0], none.entropy[0]);
    QVERIFY(beta.entropy[1] < none.entropy[1] - 0.1);
}

/// beta 0.1, L0 16384: the query at position 16384 (n = 16385) carries 1 + 0.1 ln 2 = 1.0693, at 131071 1.2079,
/// at 131072 1.2197 (the issue's numbers); the logits carry it once (keys unscaled).
void TestEntropyScalingBeta::ministral3Numbers()
{
    const auto enc = buildMethod("rope", {{"head-dim", "16"}});
    const auto& f = *enc->rotary();
    const std::vector<std::int64_t> lengths{16384, 16385, 131072, 131073};
    const auto r = computeEntropy(*enc, betaOptions(0.1, 16384, lengths));
    std::vector<double> z(static_cast<std::size_t>(lengths.back()));
    for (std::size_t d = 0; d < z.size(); ++d) {
        double b = 0;
        for (double t : f.invFreq)
            b += std::cos(static_cast<double>(d) * t);
        z[d] = 2 * b / 4.0; // all-ones: 2 sum cos / sqrt(16)
    }
    const double c[] = {1.0, 1.0693, 1.2079, 1.2197};
    for (std::size_t k = 0; k < lengths.size(); ++k) {
        const std::vector<double> zn(z.begin(), z.begin() + lengths[k]);
        const double h = directEntropy(zn, c[k]);
        // c is given to 4 decimals: dH/dc is a few nats here, so 1e-3 covers the rounding; exact c within 1e-9
        QVERIFY2(std::fabs(r.entropy[k] - h) < 1e-3, qPrintable(QStringLiteral("n %1").arg(lengths[k])));
        const double exact = 1.0 + 0.1 * std::log1p(std::floor(static_cast<double>(lengths[k] - 1) / 16384));
        QVERIFY(std::fabs(r.entropy[k] - directEntropy(zn, exact)) < 1e-9);
    }
}

/// Ministral 3 is YaRN with the query temperature: cos/sin keep YaRN's factor, so up to L0 the entropy is the
/// method temperature's.
void TestEntropyScalingBeta::keepsTheMethodsFactor()
{
    const auto yarn =
        buildMethod("yarn", {{"head-dim", "32"}, {"factor", "16"}, {"original-max-position-embeddings", "256"}});
    QVERIFY(yarn->rotary()->attentionFactor > 1.2);
    EntropyOptions method = betaOptions(0.1, 1024, {100, 1024});
    method.temperature = Temperature::Method;
    const auto own = computeEntropy(*yarn, method);
    const auto beta = computeEntropy(*yarn, betaOptions(0.1, 1024, {100, 1024}));
    QCOMPARE(beta.entropy[0], own.entropy[0]);
    QCOMPARE(beta.entropy[1], own.entropy[1]);
}

/// A config with llama_4_scaling_beta fixes beta and beta-length (rope_parameters, modeling_ministral3.py:146-150);
/// given options win; other configs fix nothing.
void TestEntropyScalingBeta::configFixesTheDefaults()
{
    const io::HfConfig c = io::parseHfConfig(R"({"model_type":"ministral3","head_dim":128,
        "max_position_embeddings":262144,"rope_parameters":{"type":"yarn","rope_theta":1000000.0,"factor":16.0,
        "original_max_position_embeddings":8192,"beta_fast":32.0,"beta_slow":1.0,"mscale_all_dim":1.0,
        "mscale":1.0,"llama_4_scaling_beta":0.25}})");
    const AnalysisSpec& spec = analysisSpec("entropy");
    const ParamSet fixed = c.encodings.at(0).analysisDefaults();
    const EntropyOptions o =
        entropyOptionsFrom(checkAnalysisOptions(spec, withConfigValues(spec, lengthsOnly(), fixed)));
    QCOMPARE(o.beta, 0.25);
    QCOMPARE(o.betaLength, 8192.0);
    ParamSet given = lengthsOnly();
    given.set("beta", 0.5);
    const EntropyOptions mine = entropyOptionsFrom(checkAnalysisOptions(spec, withConfigValues(spec, given, fixed)));
    QCOMPARE(mine.beta, 0.5);
    QCOMPARE(mine.betaLength, 8192.0);
    // without the key: Ministral3Config's defaults (configuration_ministral3.py:96-107)
    const io::HfConfig llama = io::parseHfConfig(R"({"model_type":"llama","head_dim":128,"rope_theta":10000.0})");
    QVERIFY(llama.encodings.at(0).analysisDefaults().values().empty());
    const EntropyOptions d = entropyOptionsFrom(checkAnalysisOptions(spec, withConfigValues(spec, lengthsOnly(), {})));
    QCOMPARE(d.beta, 0.1);
    QCOMPARE(d.betaLength, 16384.0);
}

void TestEntropyScalingBeta::rejectsBadInput()
{
    const auto enc = buildMethod("rope", {{"head-dim", "16"}});
    try {
        computeEntropy(*enc, betaOptions(0.1, 0, {10}));
        QFAIL("beta-length 0 accepted");
    } catch (const InvalidInput& e) {
        QCOMPARE(e.param(), std::string("beta-length"));
    }
    try {
        computeEntropy(*enc, betaOptions(NAN, 16, {10}));
        QFAIL("beta NaN accepted");
    } catch (const InvalidInput& e) {
        QCOMPARE(e.param(), std::string("beta"));
    }
    ParamSet given = lengthsOnly();
    given.set("beta-length", -1.0);
    try {
        checkAnalysisOptions(analysisSpec("entropy"), given);
        QFAIL("beta-length -1 accepted");
    } catch (const InvalidInput& e) {
        QCOMPARE(e.param(), std::string("beta-length"));
    }
}

QTEST_APPLESS_MAIN(TestEntropyScalingBeta)
#include "tst_entropy_scaling_beta.moc"
