// SPDX-License-Identifier: GPL-3.0-or-later
// Similarity (Toeplitz structure, explicit rotations, sinusoidal closed form), spectrum (FFT peak and exact power
// of pure sinusoids, measured vs analytic wavelengths of the sinusoidal table, plan reuse) and PCA (planted
// circles in a random basis, the circle of the sinusoidal table, the Gram path against an SVD).

#include "analysis_support.h"

#include "../../core/src/analysis/fftw_plans.h"

#include "posenc/analysis/structure.h"
#include "posenc/errors.h"
#include "posenc/random.h"
#include "posenc/rope_apply.h"

#include <Eigen/Dense>

#include <QTest>

#include <cmath>
#include <numbers>

using namespace posenc;
using namespace posenc::analysis;
using posenc::test::buildMethod;

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

Matrix fromColumns(std::size_t rows, const std::vector<std::function<double(std::size_t)>>& cols)
{
    Matrix m;
    m.rows = rows;
    m.cols = cols.size();
    m.data.resize(rows * cols.size());
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t c = 0; c < cols.size(); ++c)
            m(i, c) = cols[c](i);
    return m;
}

} // namespace

class TestStructure : public QObject {
    Q_OBJECT
private slots:
    void relativeScoreIsToeplitz();
    void sinusoidalDotAndCosine();
    void biasSimilarity();
    void similarityRejects();
    void fftPeakOfPureSinusoids();
    void sinusoidalSpectrumMatchesAnalytic();
    void plansAreReused();
    void pcaRecoversPlantedCircles();
    void pcaOfSinusoidalTable();
    void pcaGramPathMatchesSvd();
    void pcaRejects();
};

void TestStructure::relativeScoreIsToeplitz()
{
    const auto enc = buildMethod("xpos", {{"head-dim", "32"}});
    SimilarityOptions o;
    o.kind = SimilarityKind::RelativeScore;
    o.first = 100;
    o.length = 64;
    const Matrix s = computeSimilarity(*enc, o);
    QCOMPARE(s.rows, std::size_t(64));
    const auto probe = defaultProbe(32);
    for (std::size_t i = 0; i < 64; i += 7)
        for (std::size_t j = 0; j < 64; j += 5) {
            const double direct = rotaryScore(*enc->rotary(), probe, 100.0 + i, probe, 100.0 + j);
            QVERIFY(std::fabs(s(i, j) - direct) < 1e-10 * std::max(1.0, std::fabs(direct)));
            if (i + 1 < 64 && j + 1 < 64)
                QVERIFY(std::fabs(s(i + 1, j + 1) - s(i, j)) < 1e-9 * std::max(1.0, std::fabs(s(i, j))));
        }
}

void TestStructure::sinusoidalDotAndCosine()
{
    const auto enc = buildMethod("sinusoidal", {{"d-model", "64"}, {"layout", "concatenated"}});
    const auto w = enc->frequencyTable()->invFreq;
    SimilarityOptions o;
    o.first = 10;
    o.length = 50;
    const Matrix dot = computeSimilarity(*enc, o);
    for (std::size_t i = 0; i < 50; i += 3)
        for (std::size_t j = 0; j < 50; j += 4) {
            double b = 0;
            for (double x : w)
                b += std::cos((static_cast<double>(i) - static_cast<double>(j)) * x);
            QVERIFY(std::fabs(dot(i, j) - b) < 1e-10);
        }
    o.kind = SimilarityKind::Cosine;
    const Matrix cosine = computeSimilarity(*enc, o);
    for (std::size_t i = 0; i < 50; ++i)
        QVERIFY(std::fabs(cosine(i, i) - 1.0) < 1e-14);
    QVERIFY(std::fabs(cosine(3, 9) - dot(3, 9) / 32.0) < 1e-14); // |PE|^2 = d/2
}

void TestStructure::biasSimilarity()
{
    const auto enc = buildMethod("alibi", {{"num-heads", "4"}});
    SimilarityOptions o;
    o.kind = SimilarityKind::RelativeScore;
    o.length = 20;
    o.head = 1;
    const Matrix s = computeSimilarity(*enc, o);
    QCOMPARE(s(15, 3), -12.0 / 16.0); // slope 2^-4 for head 1 of 4
    QCOMPARE(s(3, 15), enc->bias(1, -12));
}

void TestStructure::similarityRejects()
{
    SimilarityOptions o;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeSimilarity(*buildMethod("rope"), o));
    o.kind = SimilarityKind::RelativeScore;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeSimilarity(*buildMethod("sinusoidal"), o));
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeSimilarity(*buildMethod("nope"), o));
    o.length = 0;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeSimilarity(*buildMethod("rope"), o));
    o.length = 1 << 20;
    QVERIFY_THROWS_EXCEPTION(BudgetExceeded, computeSimilarity(*buildMethod("rope"), o));
}

void TestStructure::fftPeakOfPureSinusoids()
{
    const std::size_t n = 1024;
    const Matrix m = fromColumns(n, {[&](std::size_t i) { return std::cos(kTwoPi * 37.0 * i / n); },
                                     [&](std::size_t i) { return 3.0 * std::sin(kTwoPi * 100.0 * i / n); },
                                     [](std::size_t) { return 2.0; }});
    const auto r = computeSpectrum(m, std::vector<double>{n / 37.0, n / 100.0, 0.0});
    QCOMPARE(r.frequency.size(), n / 2 + 1);
    QCOMPARE(r.peakFrequency[0], 37.0 / n);
    QCOMPARE(r.peakFrequency[1], 100.0 / n);
    QCOMPARE(r.measuredWavelength[1], n / 100.0);
    // |X_k|^2 of A cos(2 pi k0 i / n) is (A n / 2)^2 at k0 and 0 elsewhere.
    QVERIFY(std::fabs(r.power(37, 0) - 512.0 * 512.0) < 1e-6);
    QVERIFY(std::fabs(r.power(100, 1) - 1536.0 * 1536.0) < 1e-6);
    QVERIFY(r.power(36, 0) < 1e-18 * 512.0 * 512.0 * n);
    QVERIFY(std::fabs(r.power(0, 2) - 2048.0 * 2048.0) < 1e-6); // constant: DC only, no peak
    QVERIFY(std::isnan(r.peakFrequency[2]));
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computeSpectrum(m, std::vector<double>{1.0}));
}

void TestStructure::sinusoidalSpectrumMatchesAnalytic()
{
    for (const char* layout : {"interleaved", "concatenated"}) {
        const auto enc = buildMethod("sinusoidal", {{"d-model", "32"}, {"layout", layout}});
        const std::int64_t n = 4096;
        const auto r = computeEncodingSpectrum(*enc, View::Pe, 0, n);
        QVERIFY(r.analyticWavelength.has_value());
        int checked = 0;
        for (std::size_t c = 0; c < 32; ++c) {
            const double lambda = (*r.analyticWavelength)[c];
            if (lambda > n / 4.0)
                continue; // too few periods in the window to resolve
            QVERIFY2(std::fabs(r.peakFrequency[c] - 1.0 / lambda) <= 1.0 / n,
                     qPrintable(QStringLiteral("%1 column %2: peak %3, analytic %4").arg(layout).arg(c)
                                    .arg(r.peakFrequency[c]).arg(1.0 / lambda)));
            ++checked;
        }
        QVERIFY(checked >= 16);
    }
    // Rotary cos view in both pairings: column c carries pair c mod P (half) or c / 2 (interleaved).
    const auto rope = buildMethod("rope", {{"head-dim", "16"}, {"pairing", "interleaved"}});
    const auto w = *columnWavelengths(*rope, View::Cos);
    QCOMPARE(w[3], kTwoPi / rope->rotary()->invFreq[1]);
    QVERIFY(!columnWavelengths(*buildMethod("learned", {{"max-positions", "8"}}), View::Pe));
}

void TestStructure::plansAreReused()
{
    const Matrix m = fromColumns(777, {[](std::size_t i) { return std::sin(0.3 * i); }});
    computeSpectrum(m);
    const std::size_t before = detail::plansCreated();
    for (int k = 0; k < 5; ++k)
        computeSpectrum(m);
    QCOMPARE(detail::plansCreated(), before);
}

void TestStructure::pcaRecoversPlantedCircles()
{
    // Three circles (radii 3, 2, 1, integer numbers of turns) in the planes of a random orthonormal basis of R^9.
    const std::size_t n = 400, d = 9;
    NormalSampler rng(11);
    Eigen::MatrixXd g(d, d);
    for (Eigen::Index i = 0; i < g.size(); ++i)
        g.data()[i] = rng();
    const Eigen::MatrixXd basis = Eigen::HouseholderQR<Eigen::MatrixXd>(g).householderQ();
    const double radius[] = {3, 2, 1}, turns[] = {5, 17, 40};
    Matrix m;
    m.rows = n;
    m.cols = d;
    m.data.assign(n * d, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        for (int c = 0; c < 3; ++c) {
            const double a = kTwoPi * turns[c] * i / n;
            for (std::size_t j = 0; j < d; ++j)
                m(i, j) += radius[c] * (std::cos(a) * basis(j, 2 * c) + std::sin(a) * basis(j, 2 * c + 1));
        }
    const auto r = computePca(m, 6);
    for (int c = 0; c < 3; ++c) {
        const double var = radius[c] * radius[c] / 2.0 * n / (n - 1.0);
        QVERIFY(std::fabs(r.explainedVariance[2 * c] - var) < 1e-10);
        QVERIFY(std::fabs(r.explainedVariance[2 * c + 1] - var) < 1e-10);
        for (int k = 2 * c; k < 2 * c + 2; ++k) {
            Eigen::VectorXd axis(d);
            for (std::size_t j = 0; j < d; ++j)
                axis[static_cast<Eigen::Index>(j)] = r.components(static_cast<std::size_t>(k), j);
            const double inPlane = std::hypot(axis.dot(basis.col(2 * c)), axis.dot(basis.col(2 * c + 1)));
            QVERIFY(std::fabs(inPlane - 1.0) < 1e-10);
        }
        for (std::size_t i = 0; i < n; i += 13) {
            const double rad = std::hypot(r.projections(i, 2 * c), r.projections(i, 2 * c + 1));
            QVERIFY(std::fabs(rad - radius[c]) < 1e-10);
        }
    }
    QVERIFY(std::fabs(r.explainedVarianceRatio[0] - 9.0 / 28.0) < 1e-10); // 9/2 of (9+4+1)/2 * 2 axes
}

void TestStructure::pcaOfSinusoidalTable()
{
    // d = 4, base 1e8: pair 0 (wavelength 2 pi) turns ~650 times in 4096 positions, pair 1 (wavelength 62832)
    // barely moves, so the first two components are the planted (sin_0, cos_0) circle of radius 1.
    const auto enc = buildMethod("sinusoidal", {{"d-model", "4"}, {"base", "1e8"}});
    MatrixRequest req;
    req.view = View::Pe;
    req.length = 4096;
    const auto r = computePca(computeMatrix(*enc, req), 2);
    for (std::size_t k = 0; k < 2; ++k) {
        const double inPair0 = std::hypot(r.components(k, 0), r.components(k, 1)); // interleaved: sin_0, cos_0
        QVERIFY2(std::fabs(inPair0 - 1.0) < 1e-3, qPrintable(QString::number(inPair0)));
        QVERIFY(std::fabs(r.explainedVariance[k] - 0.5) < 2e-3);
    }
    double worst = 0;
    for (std::size_t i = 0; i < 4096; ++i)
        worst = std::max(worst, std::fabs(std::hypot(r.projections(i, 0), r.projections(i, 1)) - 1.0));
    QVERIFY2(worst < 0.02, qPrintable(QString::number(worst)));
}

void TestStructure::pcaGramPathMatchesSvd()
{
    NormalSampler rng(5);
    Matrix m;
    m.rows = 6;
    m.cols = 20;
    m.data.resize(120);
    for (double& x : m.data)
        x = rng();
    const auto r = computePca(m, 5);
    Eigen::MatrixXd x = Eigen::Map<Eigen::Matrix<double, 6, 20, Eigen::RowMajor>>(m.data.data());
    x.rowwise() -= x.colwise().mean();
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(x, Eigen::ComputeThinV);
    for (int k = 0; k < 5; ++k) {
        QVERIFY(std::fabs(r.explainedVariance[k] - svd.singularValues()[k] * svd.singularValues()[k] / 5.0) < 1e-10);
        double dot = 0;
        for (int j = 0; j < 20; ++j)
            dot += r.components(static_cast<std::size_t>(k), static_cast<std::size_t>(j)) * svd.matrixV()(j, k);
        QVERIFY(std::fabs(std::fabs(dot) - 1.0) < 1e-8);
    }
}

void TestStructure::pcaRejects()
{
    Matrix m;
    m.rows = 3;
    m.cols = 2;
    m.data = {1, 2, 3, 4, 5, 7};
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computePca(m, 0));
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computePca(m, 3));
    m.rows = 1;
    QVERIFY_THROWS_EXCEPTION(InvalidInput, computePca(m, 1));
}

QTEST_GUILESS_MAIN(TestStructure)
#include "tst_structure.moc"
