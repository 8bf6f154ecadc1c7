// SPDX-License-Identifier: GPL-3.0-or-later
// Bounds: L_theta for every base of tests/data/decay_curves.json and each golden curve, Men et al. Table 4
// counts, the base lower bound on the golden grid, Liu et al.'s d_extra / T_extra for LLaMA-2, and the pair
// counts of Llama 3.1 and YaRN (theory.md §2-4, §9).

#include "analysis_support.h"

#include "posenc/analysis/bounds.h"
#include "posenc/errors.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::analysis;
using posenc::test::buildMethod;

namespace {

std::vector<double> ropeTheta(double base, int d)
{
    std::vector<double> t(static_cast<std::size_t>(d / 2));
    for (std::size_t i = 0; i < t.size(); ++i)
        t[i] = std::pow(base, -2.0 * static_cast<double>(i) / d);
    return t;
}

double round1(double x)
{
    return std::round(x * 10) / 10;
}

} // namespace

class TestBounds : public QObject {
    Q_OBJECT
private slots:
    void goldenLTheta_data();
    void goldenLTheta();
    void goldenCurveLTheta();
    void zeroFrequencyPairsNeverNegative();
    void menTable4();
    void baseLowerBoundGrid_data();
    void baseLowerBoundGrid();
    void liuCriticalDimension();
    void pairCounts();
    void rejectsBadInput();
};

void TestBounds::goldenLTheta_data()
{
    QTest::addColumn<double>("base");
    QTest::addColumn<int>("dim");
    QTest::addColumn<qint64>("expected");
    for (const auto& v : test::loadGolden("decay_curves.json")["L_theta"].toArray()) {
        const auto c = v.toObject();
        QTest::newRow(qPrintable(QStringLiteral("base %1").arg(c["base"].toDouble())))
            << c["base"].toDouble() << c["d_rot"].toInt() << static_cast<qint64>(c["L_theta"].toDouble());
    }
}

void TestBounds::goldenLTheta()
{
    QFETCH(double, base);
    QFETCH(int, dim);
    QFETCH(qint64, expected);
    const auto enc = buildMethod("rope", {{"base", test::exactText(base)}, {"head-dim", std::to_string(dim)}});
    BoundsOptions o;
    o.contextLength = 4096;
    o.computeBaseLowerBound = false;
    const auto r = computeBounds(*enc, o);
    QVERIFY(r.lTheta.has_value());
    QCOMPARE(static_cast<qint64>(*r.lTheta), expected);
    // The same from the plain-theta building block.
    QCOMPARE(static_cast<qint64>(*firstNegativeSimilarToken(ropeTheta(base, dim), 1 << 22)), expected + 1);
}

void TestBounds::zeroFrequencyPairsNeverNegative()
{
    // Proportional RoPE (Gemma 4's full layers, p = 0.25): 48 of 64 pairs have theta = 0 and contribute exactly 1
    // each, so B(m) >= 48 - 16 > 0 at every distance; the search answers without scanning 2^30 distances.
    std::vector<double> theta = ropeTheta(1e6, 32);
    theta.resize(64, 0.0);
    QVERIFY(!firstNegativeSimilarToken(theta, std::int64_t(1) << 30).has_value());
    // Balanced sets (as many slow pairs as fast ones) are scanned: the answer is the brute-force one, from the
    // definition, at bases where the first negative distance is small.
    for (const double base : {2.0, 5.0, 20.0, 100.0}) {
        std::vector<double> t = ropeTheta(base, 16);
        t.resize(12, 0.0); // 8 rotating pairs, 4 at theta = 0: B(m) >= 4 - 8 can be negative
        std::optional<std::int64_t> brute;
        for (std::int64_t m = 0; m < 200000 && !brute; ++m) {
            double b = 0;
            for (double x : t)
                b += std::cos(static_cast<double>(m) * x);
            if (b < 0)
                brute = m;
        }
        const auto got = firstNegativeSimilarToken(t, 200000);
        QCOMPARE(got.has_value(), brute.has_value());
        if (brute)
            QCOMPARE(static_cast<qint64>(*got), static_cast<qint64>(*brute));
    }
}

void TestBounds::goldenCurveLTheta()
{
    // Every golden curve (scaled methods included): L_theta of the method's own frequencies.
    for (const auto& v : test::loadGolden("decay_curves.json")["curves"].toArray()) {
        const auto c = v.toObject();
        const auto m = test::mapGoldenName(c);
        BoundsOptions o;
        o.contextLength = 4096;
        o.computeBaseLowerBound = false;
        const auto r = computeBounds(*buildMethod(m.id, m.flags), o);
        QCOMPARE(static_cast<double>(*r.lTheta), c["L_theta_first_negative_minus_1"].toDouble());
    }
}

void TestBounds::menTable4()
{
    // Men et al. Table 4: method 1 (base 5e6) has no m with B < 0 up to 15k / 30k (k = 1024).
    const auto theta = ropeTheta(5e6, 128);
    QCOMPARE(countNegativeSimilarToken(theta, 15 * 1024), std::int64_t(0));
    QCOMPARE(countNegativeSimilarToken(theta, 30 * 1024), std::int64_t(0));
    // Counting agrees with a direct evaluation on a base with many negatives.
    const auto t1e4 = ropeTheta(1e4, 128);
    std::int64_t direct = 0;
    for (std::int64_t m = 0; m <= 5000; ++m) {
        double b = 0;
        for (double t : t1e4)
            b += std::cos(static_cast<double>(m) * t);
        direct += b < 0 ? 1 : 0;
    }
    QCOMPARE(countNegativeSimilarToken(t1e4, 5000), direct);
}

void TestBounds::baseLowerBoundGrid_data()
{
    QTest::addColumn<int>("L");
    QTest::addColumn<double>("expected");
    for (const auto& v : test::loadGolden("decay_curves.json")["base_lower_bound"].toArray()) {
        const auto c = v.toObject();
        if (c["L"].toInt() > 8192)
            continue; // 16k / 32k take seconds; the CLI test covers the code path
        QTest::newRow(qPrintable(QStringLiteral("L=%1").arg(c["L"].toInt())))
            << c["L"].toInt() << c["smallest_feasible_base_on_grid"].toDouble();
    }
}

void TestBounds::baseLowerBoundGrid()
{
    QFETCH(int, L);
    QFETCH(double, expected);
    const auto b = gridBaseLowerBound(128, L);
    QVERIFY(b.has_value());
    POSENC_VERIFY_REL(*b, expected, 1e-12, "smallest feasible base on the grid");
    // Its definition: B >= 0 on [0, L] there, and a negative value one grid step below.
    QVERIFY(!firstNegativeSimilarToken(ropeTheta(*b, 128), L + 1));
    QVERIFY(firstNegativeSimilarToken(ropeTheta(*b / std::pow(10.0, 0.001), 128), L + 1).has_value());
}

void TestBounds::liuCriticalDimension()
{
    // LLaMA-2 (d 128, base 1e4, T_train 4096): d_extra = 92, T_extra = 4711.7 (theory.md §3).
    BoundsOptions o;
    o.contextLength = 4096;
    o.computeBaseLowerBound = false;
    auto r = computeBounds(*buildMethod("rope"), o);
    QCOMPARE(*r.criticalDim, 92);
    QCOMPARE(round1(*r.extrapolationBound), 4711.7);
    QCOMPARE(*r.lTheta, std::int64_t(1706));
    // Fine-tuned with base 1e6 after pre-training at 1e4: T_extra = 2 pi 1e6^(92/128) = 129026.8.
    o.pretrainBase = 1e4;
    o.trainLength = 4096;
    r = computeBounds(*buildMethod("rope", {{"base", "1e6"}}), o);
    QCOMPARE(*r.criticalDim, 92);
    QCOMPARE(round1(*r.extrapolationBound), 129026.8);
    QCOMPARE(*r.lTheta, std::int64_t(27114));
    // LLaMA-1 (T_train 2048): 82.
    o.trainLength = 2048;
    r = computeBounds(*buildMethod("rope"), o);
    QCOMPARE(*r.criticalDim, 82);
    // Proportional RoPE (Gemma-4-E2B's global layers: head_dim 512, base 1e6, p = 0.25, T 131072): the ladder
    // formula gives 2 ceil(256 ln(131072/2 pi)/ln 1e6) = 370, but only 64 pairs have a frequency, and all of them
    // turn within T (lambda_63 = 2 pi 1e6^(126/512) = 188.0); the rest never turn, so d_extra = 128, T_extra is
    // infinite and so is the largest wavelength.
    BoundsOptions p;
    p.contextLength = 131072;
    p.trainLength = 131072;
    p.computeBaseLowerBound = false;
    r = computeBounds(
        *buildMethod("proportional", {{"head-dim", "512"}, {"base", "1000000"}, {"partial-rotary-factor", "0.25"}}), p);
    QCOMPARE(*r.criticalDim, 128);
    QVERIFY(std::isinf(*r.extrapolationBound) && *r.extrapolationBound > 0);
    QVERIFY(std::isinf(r.largestWavelength));
    // With p = 1 every pair turns: the plain-RoPE answer, 2 ceil(256 ln(131072/2 pi)/ln 1e6) = 370.
    r = computeBounds(
        *buildMethod("proportional", {{"head-dim", "512"}, {"base", "1000000"}, {"partial-rotary-factor", "1"}}), p);
    QCOMPARE(*r.criticalDim, 370);
    QVERIFY(std::isfinite(*r.extrapolationBound));
}

void TestBounds::pairCounts()
{
    // Llama 3.1 (theory.md §9): 29 kept, 6 smoothed, 29 divided by 8.
    BoundsOptions o;
    o.contextLength = 131072;
    o.computeBaseLowerBound = false;
    auto r = computeBounds(*buildMethod("llama3"), o);
    QCOMPARE(r.pairsKept, 29);
    QCOMPARE(r.pairsRamped, 6);
    QCOMPARE(r.pairsInterpolated, 29);
    QCOMPARE(r.originalContext, 8192.0);
    POSENC_VERIFY_REL(r.largestWavelength, 8 * 2 * M_PI * std::pow(5e5, 126.0 / 128), 1e-12, "largest wavelength");
    // YaRN reference ramp (s 16, L0 4096): pairs < 20 kept... low = 20, high = 46 -> 21 kept, 25 ramped, 18 PI.
    r = computeBounds(*buildMethod("yarn", {{"factor", "16"}}), o);
    QCOMPARE(r.pairsKept, 21);
    QCOMPARE(r.pairsRamped, 25);
    QCOMPARE(r.pairsInterpolated, 18);
    // PI: everything interpolated; RoPE: everything kept.
    r = computeBounds(*buildMethod("pi"), o);
    QCOMPARE(r.pairsInterpolated, 64);
    r = computeBounds(*buildMethod("rope"), o);
    QCOMPARE(r.pairsKept, 64);
}

void TestBounds::rejectsBadInput()
{
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeBounds(*buildMethod("alibi"), 4096.0));
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeBounds(*buildMethod("rope"), 0.0));
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeBounds(*buildMethod("rope"), -5.0));
    BoundsOptions o;
    o.contextLength = 100;
    o.pretrainBase = 0.5;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeBounds(*buildMethod("rope"), o));
    QVERIFY_THROWS_EXCEPTION(InvalidInput, baseLowerBound(127, 100));
}

QTEST_GUILESS_MAIN(TestBounds)
#include "tst_bounds.moc"
