// SPDX-License-Identifier: GPL-3.0-or-later
// Attention entropy: every case of tests/data/entropy_curves.json (relative error <= 1e-9), theory.md §6 numbers
// (RoPE / PI / NTK / YaRN at n = 16 .. 32768, ALiBi closed form), the running log-sum-exp against a direct
// softmax at random n, the n-dependent temperatures against direct evaluation, and the input checks.
// Attention spans and the default score model: tst_entropy_spans.cpp.

#include "analysis_support.h"
#include "entropy_support.h"

#include "posenc/analysis/analysis_spec.h"
#include "posenc/analysis/entropy.h"
#include "posenc/attention_span.h"
#include "posenc/errors.h"
#include "posenc/random.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::analysis;
using namespace posenc::test;

namespace {

double entropyAt(const Encoding& e, std::int64_t n, EntropyOptions o = allOnesOptions())
{
    o.maxLength = n;
    o.lengths = {n};
    return computeEntropy(e, o).entropy[0];
}

double round4(double x)
{
    return std::round(x * 1e4) / 1e4;
}

} // namespace

class TestEntropy : public QObject {
    Q_OBJECT
private slots:
    void goldenCases_data();
    void goldenCases();
    void theoryNumbers();
    void runningMatchesDirectSoftmax();
    void nDependentTemperatures();
    void otherKinds();
    void reportsEveryLength();
    void rejectsBadInput();
};

void TestEntropy::goldenCases_data()
{
    QTest::addColumn<int>("index");
    const auto cases = test::loadGolden("entropy_curves.json")["cases"].toArray();
    QVERIFY(!cases.isEmpty());
    for (int i = 0; i < cases.size(); ++i) {
        const auto c = cases[i].toObject();
        QTest::newRow(qPrintable(QStringLiteral("%1 %2 sigma2=%3")
                                     .arg(c["name"].toString(), c["score"].toString())
                                     .arg(c["sigma2"].toDouble())))
            << i;
    }
}

void TestEntropy::goldenCases()
{
    QFETCH(int, index);
    const auto c = test::loadGolden("entropy_curves.json")["cases"].toArray()[index].toObject();
    const auto m = test::mapGoldenName(c);
    const auto enc = buildMethod(m.id, m.flags);
    QVERIFY2(test::maxRelativeError(enc->rotary()->invFreq, test::toVector(c["inv_freq"])) <= 1e-12,
             "golden inv_freq does not match the mapped method");
    EntropyOptions o = allOnesOptions();
    // The golden's attention factor is the method's own, or 1 for the "no attention factor" cases.
    const double golden = c["attention_factor"].toDouble();
    o.temperature = golden == enc->rotary()->attentionFactor ? Temperature::Method : Temperature::None;
    QVERIFY(o.temperature == Temperature::Method || golden == 1.0);
    if (c["score"].toString() == QLatin1String("expected_similar")) {
        o.score = ScoreModel::ExpectedSimilar;
        o.sigma2 = c["sigma2"].toDouble();
    }
    for (double l : test::toVector(c["l"]))
        o.lengths.push_back(static_cast<std::int64_t>(l));
    o.maxLength = o.lengths.back();
    const auto r = computeEntropy(*enc, o);
    const auto expected = test::toVector(c["H_nats"]);
    QCOMPARE(r.entropy[0], 0.0); // n = 1
    std::size_t where = 0;
    const std::vector<double> tail(r.entropy.begin() + 1, r.entropy.end());
    const std::vector<double> expectedTail(expected.begin() + 1, expected.end());
    const double err = test::maxRelativeError(tail, expectedTail, &where);
    QVERIFY2(err <= 1e-9, qPrintable(QStringLiteral("H at l=%1: rel. error %2").arg(o.lengths[where + 1]).arg(err)));
    const auto ratio = test::toVector(c["H_over_log_l"]);
    for (std::size_t k = 1; k < ratio.size(); ++k)
        POSENC_VERIFY_REL(r.entropyOverLogLength[k], ratio[k], 1e-9, "H/ln l");
    QVERIFY(std::isnan(r.entropyOverLogLength[0]));
}

void TestEntropy::theoryNumbers()
{
    // theory.md §6 (d 128, base 1e4, sigma2 = 1), H at n = 4096 (and 16, 32768), rounded to 4 decimals.
    QCOMPARE(round4(entropyAt(*buildMethod("rope"), 4096)), 3.5641);
    QCOMPARE(round4(entropyAt(*buildMethod("rope"), 16)), 1.7985);
    QCOMPARE(round4(entropyAt(*buildMethod("rope"), 32768)), 4.5291);
    QCOMPARE(round4(entropyAt(*buildMethod("pi", {{"factor", "8"}}), 4096)), 5.2362);
    QCOMPARE(round4(entropyAt(*buildMethod("ntk-aware", {{"factor", "8"}}), 4096)), 5.4312);
    QCOMPARE(round4(entropyAt(*buildMethod("ntk-by-parts", {{"factor", "8"}}), 4096)), 6.1551);
    const auto yarnPaper = buildMethod("yarn", {{"factor", "8"}, {"ramp", "paper"}});
    QCOMPARE(round4(entropyAt(*yarnPaper, 4096)), 2.3891);
    QCOMPARE(round4(entropyAt(*yarnPaper, 512)), 1.9423);
    QCOMPARE(round4(entropyAt(*yarnPaper, 32768)), 2.5826);
    QCOMPARE(round4(entropyAt(*buildMethod("yarn", {{"factor", "8"}}), 4096)), 1.8980);
    // ALiBi, 8 heads: head 0 slope 1/2 reaches H_inf = -ln(1-q) + m q/(1-q), q = e^-m; head 7 (1/256): H(512).
    const auto alibi = buildMethod("alibi");
    const double q = std::exp(-0.5);
    EntropyOptions o = allOnesOptions();
    QVERIFY(std::fabs(entropyAt(*alibi, 4096, o) - (-std::log(1 - q) + 0.5 * q / (1 - q))) < 1e-12);
    o.head = 7;
    QCOMPARE(round4(entropyAt(*alibi, 512, o)), 6.0867);
}

void TestEntropy::runningMatchesDirectSoftmax()
{
    NormalSampler rng(2024);
    const char* methods[] = {"rope", "yarn", "xpos", "longrope"};
    for (const char* id : methods) {
        const auto enc = buildMethod(id, {{"head-dim", "64"}});
        const auto& f = *enc->rotary();
        EntropyOptions o = allOnesOptions();
        o.score = ScoreModel::ExpectedSimilar;
        o.sigma2 = 0.7;
        o.maxLength = 20000;
        for (int k = 0; k < 6; ++k)
            o.lengths.push_back(1 + static_cast<std::int64_t>(rng.uniform() * 19999));
        const auto r = computeEntropy(*enc, o);
        const auto z = directRotaryLogits(f, o.maxLength, f.attentionFactor, 0.7);
        for (std::size_t k = 0; k < o.lengths.size(); ++k) {
            const std::vector<double> head(z.begin(), z.begin() + o.lengths[k]);
            const double d = directEntropy(head);
            QVERIFY2(
                std::fabs(r.entropy[k] - d) <= 1e-10 * std::max(1.0, d),
                qPrintable(QStringLiteral("%1 n=%2: %3 vs %4").arg(id).arg(o.lengths[k]).arg(r.entropy[k]).arg(d)));
        }
    }
}

void TestEntropy::nDependentTemperatures()
{
    const auto enc = buildMethod("yarn", {{"factor", "4"}, {"original-max-position-embeddings", "1024"}});
    const auto& f = *enc->rotary();
    const auto z = directRotaryLogits(f, 5000, 1.0, 1.0);
    for (const auto t : {Temperature::LogN, Temperature::SeedLog2}) {
        EntropyOptions o = allOnesOptions();
        o.temperature = t;
        o.gamma = 0.3;
        o.maxLength = 5000;
        o.lengths = {1, 700, 1024, 1025, 3000, 5000};
        const auto r = computeEntropy(*enc, o);
        for (std::size_t k = 0; k < o.lengths.size(); ++k) {
            const double n = static_cast<double>(o.lengths[k]);
            double c = 1.0; // L0 is the method's own (1024)
            if (n > 1024)
                c = t == Temperature::LogN ? std::log(n) / std::log(1024.0) : 1.0 / (1.0 + 0.3 * std::log2(n / 1024));
            std::vector<double> scaled(z.begin(), z.begin() + o.lengths[k]);
            for (double& x : scaled)
                x *= c;
            QVERIFY(std::fabs(r.entropy[k] - directEntropy(scaled)) <= 1e-10);
        }
    }
    // A method without L0 uses the option's L0.
    EntropyOptions o = allOnesOptions();
    o.temperature = Temperature::LogN;
    o.originalLength = 100;
    QVERIFY(entropyAt(*buildMethod("rope"), 400, o) < entropyAt(*buildMethod("rope"), 400));
}

void TestEntropy::otherKinds()
{
    // NoPE: uniform attention.
    QVERIFY(std::fabs(entropyAt(*buildMethod("nope"), 1000) - std::log(1000.0)) < 1e-12);
    // Sinusoidal: (1/sqrt d) sum cos(Delta w_i).
    const auto sin = buildMethod("sinusoidal", {{"d-model", "64"}});
    const auto w = sin->frequencyTable()->invFreq;
    std::vector<double> z(300);
    for (std::size_t d = 0; d < z.size(); ++d) {
        for (double x : w)
            z[d] += std::cos(static_cast<double>(d) * x);
        z[d] /= 8.0;
    }
    QVERIFY(std::fabs(entropyAt(*sin, 300) - directEntropy(z)) < 1e-12);
    // T5 with learned values: softmax of the bucket values.
    std::string values;
    for (int b = 0; b < 32; ++b)
        values += (b ? "," : "") + std::to_string(std::sin(b * 0.7) * 2);
    const auto t5 = buildMethod("t5", {{"bucket-values", values}});
    std::vector<double> tz(200);
    for (std::size_t d = 0; d < tz.size(); ++d)
        tz[d] = t5->bias(0, static_cast<std::int64_t>(d));
    QVERIFY(std::fabs(entropyAt(*t5, 200) - directEntropy(tz)) < 1e-12);
    // T5 without values: rejected at the parameter level; learned tables: no relative score.
    const auto& def = Registry::instance().find("t5");
    QVERIFY_THROWS_EXCEPTION(InvalidInput, checkEntropyParams(def, Registry::defaults(def)));
    checkEntropyParams(def, Registry::resolve(def, {{"bucket-values", values}}));
    QVERIFY_THROWS_EXCEPTION(InvalidInput, entropyAt(*buildMethod("learned"), 10));
    // The one decision behind both rejections (the GUI words its reason from it): every method of the registry.
    for (const auto& m : Registry::instance().methods()) {
        const EntropyGap gap = entropyGap(*buildMethod(m.info.id));
        const EntropyGap expected = m.info.id == "t5"        ? EntropyGap::BiasNotLogits
                                    : m.info.id == "learned" ? EntropyGap::NoScoreModel
                                                             : EntropyGap::None;
        QVERIFY2(gap == expected, m.info.id.c_str());
        if (gap == EntropyGap::None)
            QVERIFY(std::isfinite(entropyAt(*buildMethod(m.info.id), 64)));
        else
            QVERIFY_THROWS_EXCEPTION(InvalidInput, entropyAt(*buildMethod(m.info.id), 64));
    }
    QVERIFY(entropyGap(*t5) == EntropyGap::None);
}

void TestEntropy::reportsEveryLength()
{
    EntropyOptions o = allOnesOptions();
    o.maxLength = 3000;
    const auto all = computeEntropy(*buildMethod("rope"), o);
    QCOMPARE(all.length.size(), std::size_t(3000));
    o.lengths = {2999, 7, 1500};
    const auto some = computeEntropy(*buildMethod("rope"), o);
    QCOMPARE(some.length[0], 2999.0);
    QCOMPARE(some.entropy[0], all.entropy[2998]);
    QCOMPARE(some.entropy[1], all.entropy[6]);
    QCOMPARE(some.uniform[2], std::log(1500.0));
    const auto ls = logSpacedLengths(1000000, 10);
    QCOMPARE(ls.front(), std::int64_t(1));
    QCOMPARE(ls.back(), std::int64_t(1000000));
    for (std::size_t i = 1; i < ls.size(); ++i)
        QVERIFY(ls[i] > ls[i - 1]);
}

void TestEntropy::rejectsBadInput()
{
    const auto enc = buildMethod("rope");
    EntropyOptions o = allOnesOptions();
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeEntropy(*enc, o)); // N = 0
    o.maxLength = (std::int64_t(1) << 31) + 1;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeEntropy(*enc, o));
    o.maxLength = 100;
    o.lengths = {0};
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeEntropy(*enc, o));
    o.lengths = {101};
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeEntropy(*enc, o));
    o.lengths = {};
    o.score = ScoreModel::ExpectedSimilar;
    o.sigma2 = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeEntropy(*enc, o));
    o.score = ScoreModel::AllOnes;
    o.head = 9;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeEntropy(*buildMethod("alibi"), o));
    // Every n up to 4M with log-n is O(N^2): refused with a message naming --lengths.
    EntropyOptions big = allOnesOptions();
    big.maxLength = 4194304;
    big.temperature = Temperature::LogN;
    try {
        computeEntropy(*enc, big);
        QFAIL("no exception");
    } catch (const InvalidInput& e) {
        QCOMPARE(e.param(), std::string("lengths"));
    }
    int calls = 0;
    o = {};
    o.maxLength = 200000;
    QVERIFY_THROWS_EXCEPTION(Cancelled, computeEntropy(*enc, o, [&](double) { return ++calls < 2; }));
}

QTEST_GUILESS_MAIN(TestEntropy)
#include "tst_entropy.moc"
