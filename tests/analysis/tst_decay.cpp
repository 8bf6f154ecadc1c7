// SPDX-License-Identifier: GPL-3.0-or-later
// Decay curves: every curve of tests/data/decay_curves.json (relative error <= 1e-9), RoFormer U(0) and U(100),
// Vaswani's sinusoidal dot products (theory.md §7), all-ones and random q,k scores against explicit rotations
// (rope_apply), xPos decay, ALiBi/T5 biases, the learned mean cosine against a direct sum, and input checks.

#include "analysis_support.h"

#include "posenc/analysis/decay.h"
#include "posenc/bias_functions.h"
#include "posenc/errors.h"
#include "posenc/random.h"
#include "posenc/rope_apply.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::analysis;
using posenc::test::buildMethod;

class TestDecay : public QObject {
    Q_OBJECT
private slots:
    void goldenCurves_data();
    void goldenCurves();
    void roformerPaperNumbers();
    void sinusoidalDotProducts();
    void allOnesMatchesExplicitRotation();
    void randomDrawsMatchExplicitRotation();
    void randomDrawsConvergeToTheory();
    void xposDecay();
    void attentionBiases();
    void learnedMeanCosine();
    void nopeHasNoCurve();
    void rejectsBadInput();
};

void TestDecay::goldenCurves_data()
{
    QTest::addColumn<int>("index");
    const auto curves = test::loadGolden("decay_curves.json")["curves"].toArray();
    QVERIFY(!curves.isEmpty());
    for (int i = 0; i < curves.size(); ++i) {
        const auto c = curves[i].toObject();
        QTest::newRow(qPrintable(QStringLiteral("%1 d=%2 base=%3")
                                     .arg(c["name"].toString())
                                     .arg(c["d_rot"].toInt())
                                     .arg(c["base"].toDouble())))
            << i;
    }
}

void TestDecay::goldenCurves()
{
    QFETCH(int, index);
    const auto c = test::loadGolden("decay_curves.json")["curves"].toArray()[index].toObject();
    const auto m = test::mapGoldenName(c);
    const auto enc = buildMethod(m.id, m.flags);
    QVERIFY(enc->rotary());
    QVERIFY2(test::maxRelativeError(enc->rotary()->invFreq, test::toVector(c["inv_freq"])) <= 1e-12,
             "golden inv_freq does not match the mapped method");
    DecayOptions o;
    o.distances = test::toVector(c["m"]);
    const auto r = computeDecay(*enc, o);
    std::size_t where = 0;
    const double eU =
        test::maxRelativeError(*r.roformerBound, test::toVector(c["roformer_relative_upper_bound"]), &where);
    QVERIFY2(eU <= 1e-9,
             qPrintable(QStringLiteral("roformer bound at m=%1: rel. error %2").arg(o.distances[where]).arg(eU)));
    const double eB = test::maxRelativeError(*r.similarToken, test::toVector(c["B_m_theta"]), &where);
    QVERIFY2(eB <= 1e-9, qPrintable(QStringLiteral("B at m=%1: rel. error %2").arg(o.distances[where]).arg(eB)));
}

void TestDecay::roformerPaperNumbers()
{
    // theory.md §1 (RoFormer Fig. 2, d = 128, base 1e4): U(0) = (d/2+1)/2 = 32.5, U(100) = 10.2273.
    const auto enc = buildMethod("rope");
    DecayOptions o;
    o.distances = {0, 100, 236, 4096};
    const auto r = computeDecay(*enc, o);
    QCOMPARE((*r.roformerBound)[0], 32.5);
    QCOMPARE(std::round((*r.roformerBound)[1] * 1e4) / 1e4, 10.2273);
    QCOMPARE(std::round((*r.roformerBound)[2] * 1e4) / 1e4, 6.4150);
    QCOMPARE(std::round((*r.roformerBound)[3] * 1e4) / 1e4, 4.8828);
    // all ones: 2 B(0) = head_dim
    QCOMPARE((*r.allOnesScore)[0], 128.0);
}

void TestDecay::sinusoidalDotProducts()
{
    // theory.md §7: d = 512, PE_m . PE_{m+Delta}.
    const auto enc = buildMethod("sinusoidal", {{"d-model", "512"}});
    DecayOptions o;
    o.distances = {0, 1, 2, 5, 10, 50, 100, 500, 1000};
    const double expected[] = {256,        249.102098, 231.733620, 189.596668, 173.789725,
                               131.090761, 111.950209, 67.233076,  44.971605};
    const auto r = computeDecay(*enc, o);
    QVERIFY(r.similarToken && !r.roformerBound && !r.allOnesScore);
    for (std::size_t k = 0; k < o.distances.size(); ++k)
        QVERIFY(std::fabs((*r.similarToken)[k] - expected[k]) < 5e-7);
    // Against the table itself: PE_7 . PE_{7+Delta} from the matrix view.
    MatrixRequest req;
    req.view = View::Pe;
    req.length = 1010;
    const Matrix pe = computeMatrix(*enc, req);
    for (std::size_t k = 0; k < o.distances.size(); ++k) {
        double dot = 0;
        for (std::size_t c = 0; c < pe.cols; ++c)
            dot += pe(7, c) * pe(7 + static_cast<std::size_t>(o.distances[k]), c);
        QVERIFY(std::fabs(dot - (*r.similarToken)[k]) < 1e-9);
    }
}

void TestDecay::allOnesMatchesExplicitRotation()
{
    // YaRN (a != 1) with partial rotation: a^2 2 B + pass-through equals <R_m 1, R_{m-D} 1> computed explicitly.
    const auto enc = buildMethod("yarn", {{"partial-rotary-factor", "0.5"}, {"factor", "16"}});
    const auto& f = *enc->rotary();
    DecayOptions o;
    o.distances = {0, 1, 3, 17, 250, 4095, 70000, 1e6};
    const auto r = computeDecay(*enc, o);
    const std::vector<double> ones(static_cast<std::size_t>(f.headDim), 1.0);
    for (std::size_t k = 0; k < o.distances.size(); ++k) {
        const double direct = rotaryScore(f, ones, 5.0 + o.distances[k], ones, 5.0);
        QVERIFY2(
            std::fabs((*r.allOnesScore)[k] - direct) <= 1e-9 * std::max(1.0, std::fabs(direct)),
            qPrintable(QStringLiteral("D=%1: %2 vs %3").arg(o.distances[k]).arg((*r.allOnesScore)[k]).arg(direct)));
    }
}

void TestDecay::randomDrawsMatchExplicitRotation()
{
    // Few draws (direct path) and many draws (covariance path): mean and population std against the scores of
    // explicitly rotated vectors drawn in the documented order.
    for (const int samples : {5, 300}) {
        for (const char* pairing : {"half", "interleaved"}) {
            const auto enc =
                buildMethod("xpos", {{"head-dim", "16"}, {"partial-rotary-factor", "0.75"}, {"pairing", pairing}});
            const auto& f = *enc->rotary();
            DecayOptions o;
            o.distances = {0, 1, 2, 3, 10, 33.5, 1000};
            o.samples = samples;
            o.seed = 42;
            o.correlation = 0.6;
            const auto r = computeDecay(*enc, o);
            QVERIFY(r.randomQkMean && r.randomQkStd);
            NormalSampler rng(42);
            const std::size_t hd = 16;
            std::vector<std::vector<double>> qs, ks;
            for (int s = 0; s < samples; ++s) {
                std::vector<double> q(hd), k(hd);
                for (double& x : q)
                    x = rng();
                for (std::size_t c = 0; c < hd; ++c)
                    k[c] = 0.6 * q[c] + 0.8 * rng();
                qs.push_back(q);
                ks.push_back(k);
            }
            for (std::size_t d = 0; d < o.distances.size(); ++d) {
                double sum = 0, sq = 0;
                std::vector<double> v;
                for (int s = 0; s < samples; ++s)
                    v.push_back(rotaryScore(f, qs[s], 100.0 + o.distances[d], ks[s], 100.0));
                for (double x : v)
                    sum += x;
                const double mean = sum / samples;
                for (double x : v)
                    sq += (x - mean) * (x - mean);
                const double sd = std::sqrt(sq / samples);
                QVERIFY2(std::fabs((*r.randomQkMean)[d] - mean) < 1e-9 * std::max(1.0, sd),
                         qPrintable(QStringLiteral("mean K=%1 D=%2: %3 vs %4")
                                        .arg(samples)
                                        .arg(o.distances[d])
                                        .arg((*r.randomQkMean)[d])
                                        .arg(mean)));
                QVERIFY2(std::fabs((*r.randomQkStd)[d] - sd) < 1e-8 * std::max(1.0, sd),
                         qPrintable(QStringLiteral("std K=%1 D=%2: %3 vs %4")
                                        .arg(samples)
                                        .arg(o.distances[d])
                                        .arg((*r.randomQkStd)[d])
                                        .arg(sd)));
            }
        }
    }
}

void TestDecay::randomDrawsConvergeToTheory()
{
    // Men et al. Theorem 1 with k = rho q + ...: E[q^T R k] = rho (2 B(D)) for unit variance; the sample mean is
    // within 5 standard errors.
    const auto enc = buildMethod("rope", {{"head-dim", "64"}});
    DecayOptions o;
    o.distances = {0, 5, 50, 500};
    o.samples = 20000;
    o.seed = 7;
    o.correlation = 0.5;
    const auto r = computeDecay(*enc, o);
    for (std::size_t k = 0; k < o.distances.size(); ++k) {
        const double expected = 0.5 * 2.0 * (*r.similarToken)[k];
        const double se = (*r.randomQkStd)[k] / std::sqrt(20000.0);
        QVERIFY2(std::fabs((*r.randomQkMean)[k] - expected) < 5 * se,
                 qPrintable(QStringLiteral("D=%1: %2 vs %3 (se %4)")
                                .arg(o.distances[k])
                                .arg((*r.randomQkMean)[k])
                                .arg(expected)
                                .arg(se)));
    }
}

void TestDecay::xposDecay()
{
    // theory.md §8: zeta_0 = 0.285714, zeta_63 = 0.988839; at Delta = 2048 the factors are 0.0066639 and 0.956099.
    const auto enc = buildMethod("xpos");
    const auto& f = *enc->rotary();
    DecayOptions o;
    o.distances = {0, 512, 2048};
    const auto r = computeDecay(*enc, o);
    double expected = 0;
    for (std::size_t i = 0; i < f.pairs(); ++i)
        expected += std::pow(f.xposZeta[i], 2048.0 / 512.0) * std::cos(2048.0 * f.invFreq[i]);
    QVERIFY(std::fabs((*r.similarToken)[2] - expected) < 1e-12 * 64);
    QVERIFY(std::fabs(std::pow(f.xposZeta[0], 4.0) - 0.0066639) < 1e-7);
    QVERIFY(std::fabs(std::pow(f.xposZeta[63], 4.0) - 0.956099) < 1e-6);
    // With q = k = 1, the all-ones score is the explicit xPos score.
    const std::vector<double> ones(128, 1.0);
    QVERIFY(std::fabs((*r.allOnesScore)[1] - rotaryScore(f, ones, 600.0, ones, 88.0)) < 1e-9);
}

void TestDecay::attentionBiases()
{
    const auto alibi = buildMethod("alibi", {{"num-heads", "8"}});
    DecayOptions o;
    o.distances = {0, 1, 10, 1e7};
    const auto r = computeDecay(*alibi, o);
    QCOMPARE(r.biasPerHead.size(), std::size_t(8));
    QCOMPARE(r.biasPerHead[0][2], -0.5 * 10);
    QCOMPARE(r.biasPerHead[7][3], -1e7 / 256.0);
    // T5 (bidirectional, 32 buckets, max distance 128): key before the query by |rp| >= 91 -> bucket 15.
    std::string values;
    for (int b = 0; b < 32; ++b)
        values += (b ? "," : "") + std::to_string(b * 0.25 - 3);
    const auto t5 = buildMethod("t5", {{"bucket-values", values}});
    o.distances = {0, 7, 8, 12, 91, 5000};
    const auto t = computeDecay(*t5, o);
    const int buckets[] = {0, 7, 8, 9, 15, 15};
    for (std::size_t k = 0; k < 6; ++k)
        QCOMPARE(t.biasPerHead[0][k], buckets[k] * 0.25 - 3);
    o.distances = {1.5};
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeDecay(*t5, o));
    // the peak is the distances, 7 curves and 8 bias heads in doubles: 4 x 16 x 8 bytes; one byte less is refused
    o.distances = {0, 1, 10, 1e7};
    QCOMPARE(decayPeakBytes(4, 8), 4.0 * 16 * 8);
    o.memoryBudget = 4 * 16 * 8;
    QCOMPARE(computeDecay(*alibi, o).biasPerHead.size(), std::size_t(8));
    o.memoryBudget = 4 * 16 * 8 - 1;
    QVERIFY_THROWS_EXCEPTION(BudgetExceeded, computeDecay(*alibi, o));
}

void TestDecay::learnedMeanCosine()
{
    const auto enc = buildMethod("learned", {{"d-model", "24"}, {"max-positions", "64"}, {"seed", "3"}});
    MatrixRequest req;
    req.view = View::Pe;
    req.length = 64;
    const Matrix pe = computeMatrix(*enc, req);
    DecayOptions o;
    o.distances = {0, 1, 13, 63};
    const auto r = computeDecay(*enc, o);
    QVERIFY(r.meanCosine && !r.similarToken);
    for (std::size_t k = 0; k < o.distances.size(); ++k) {
        const auto d = static_cast<std::size_t>(o.distances[k]);
        double sum = 0;
        for (std::size_t m = 0; m + d < 64; ++m) {
            double xy = 0, xx = 0, yy = 0;
            for (std::size_t c = 0; c < 24; ++c) {
                xy += pe(m, c) * pe(m + d, c);
                xx += pe(m, c) * pe(m, c);
                yy += pe(m + d, c) * pe(m + d, c);
            }
            sum += xy / std::sqrt(xx * yy);
        }
        QVERIFY(std::fabs((*r.meanCosine)[k] - sum / static_cast<double>(64 - d)) < 1e-12);
    }
    o.distances = {64};
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeDecay(*enc, o));
}

void TestDecay::nopeHasNoCurve()
{
    DecayOptions o;
    o.distances = {0, 1};
    const auto r = computeDecay(*buildMethod("nope"), o);
    QVERIFY(!r.similarToken && !r.roformerBound && !r.meanCosine && r.biasPerHead.empty());
    QCOMPARE(r.distance.size(), std::size_t(2));
}

void TestDecay::rejectsBadInput()
{
    const auto enc = buildMethod("rope");
    DecayOptions o;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeDecay(*enc, o));
    o.distances = {1, -2};
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeDecay(*enc, o));
    o.distances = {1, std::nan("")};
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeDecay(*enc, o));
    o.distances = {1};
    o.samples = 1000001;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeDecay(*enc, o));
    o.samples = 10;
    o.correlation = 1.5;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeDecay(*enc, o));
    o.correlation = 0.5;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeDecay(*buildMethod("alibi"), o));
    QVERIFY_THROWS_EXCEPTION(InvalidInput, integerDistances(0));
    try {
        o.samples = 0;
        o.distances = {0, -1};
        computeDecay(*enc, o);
        QFAIL("no exception");
    } catch (const InvalidInput& e) {
        QCOMPARE(e.param(), std::string("distances"));
        QVERIFY(std::string(e.what()).find("-1") != std::string::npos);
    }
}

QTEST_GUILESS_MAIN(TestDecay)
#include "tst_decay.moc"
