// SPDX-License-Identifier: GPL-3.0-or-later
// Level of detail (posenc/lod.h): every bin is the exact mean of the positions it covers. References are brute
// force sums in extended precision: of the direct formulas (conventions.md: pairing layouts, sinusoidal layouts,
// xPos decay) for the analytic views, and of fillRows / bias() where those are exact (tables, biases, angle).
#include "posenc/errors.h"
#include "posenc/lod.h"
#include "posenc/registry.h"
#include "posenc/rope_apply.h"

#include <QElapsedTimer>
#include <QTest>

#include <cmath>
#include <random>

using namespace posenc;

namespace {

std::shared_ptr<const Encoding> build(const std::string& id, const std::map<std::string, std::string>& text = {})
{
    const MethodDef& def = Registry::instance().find(id);
    return Registry::build(def, Registry::resolve(def, text));
}

/// Value of `view` at position m from the formulas in conventions.md, in long double.
long double directValue(const Encoding& e, View view, long double m, std::size_t col)
{
    if (const RotaryFrequencies* f = e.rotary()) {
        const std::size_t P = f->pairs();
        const bool half = f->pairing == Pairing::Half;
        const long double a = f->attentionFactor;
        if (view == View::Cos || view == View::Sin) {
            const std::size_t p = half ? col % P : col / 2;
            const long double phase = m * static_cast<long double>(f->invFreq[p]);
            return a * (view == View::Cos ? std::cos(phase) : std::sin(phase));
        }
        // Rotated: (x0 cos - x1 sin, x0 sin + x1 cos) per pair, times a and the xPos decay; pass-through after d_rot.
        const std::vector<double> x = defaultProbe(f->headDim);
        if (col >= static_cast<std::size_t>(f->rotaryDim))
            return x[col];
        const std::size_t p = half ? col % P : col / 2;
        const bool first = half ? col < P : col % 2 == 0;
        const std::size_t ca = half ? p : 2 * p, cb = half ? p + P : 2 * p + 1;
        const long double phase = m * static_cast<long double>(f->invFreq[p]);
        long double scale = a;
        if (!f->xposZeta.empty())
            scale *= std::exp(m * std::log(static_cast<long double>(f->xposZeta[p])) / f->xposScaleBase);
        const long double c = std::cos(phase), s = std::sin(phase);
        return scale * (first ? x[ca] * c - x[cb] * s : x[ca] * s + x[cb] * c);
    }
    // Sinusoidal pe: interleaved PE[2i] = sin, PE[2i+1] = cos, or concatenated [sin... | cos...].
    const auto t = e.frequencyTable();
    const std::size_t P = t->invFreq.size();
    std::vector<double> row0(2 * P);
    e.fillRows(View::Pe, 0, 1, row0.data(), {}); // sin(0) = 0, cos(0) = 1 tells the layout apart
    const bool interleaved = row0[1] == 1.0;
    const std::size_t p = interleaved ? col / 2 : col % P;
    const bool isSin = interleaved ? col % 2 == 0 : col < P;
    const long double phase = m * static_cast<long double>(t->invFreq[p]);
    return isSin ? std::sin(phase) : std::cos(phase);
}

struct Case {
    const char* name;
    std::string id;
    std::map<std::string, std::string> params;
    View view;
};

std::vector<Case> analyticCases()
{
    return {
        {"rope cos", "rope", {{"head-dim", "64"}}, View::Cos},
        {"rope sin interleaved", "rope", {{"head-dim", "64"}, {"pairing", "interleaved"}}, View::Sin},
        {"rope rotated partial", "rope", {{"head-dim", "64"}, {"partial-rotary-factor", "0.5"}}, View::Rotated},
        {"pi cos", "pi", {{"head-dim", "32"}}, View::Cos},
        {"ntk-aware sin", "ntk-aware", {{"head-dim", "32"}}, View::Sin},
        {"yarn cos (attention factor)", "yarn", {{"head-dim", "64"}}, View::Cos},
        {"yarn rotated", "yarn", {{"head-dim", "32"}, {"pairing", "interleaved"}}, View::Rotated},
        {"llama3 sin", "llama3", {{"head-dim", "32"}}, View::Sin},
        {"xpos rotated (decay)", "xpos", {{"head-dim", "32"}}, View::Rotated},
        {"xpos rotated slow decay", "xpos", {{"head-dim", "16"}, {"scale-base", "100000"}}, View::Rotated},
        {"sinusoidal pe interleaved", "sinusoidal", {{"d-model", "64"}}, View::Pe},
        {"sinusoidal pe concatenated t2t",
         "sinusoidal",
         {{"d-model", "32"}, {"layout", "concatenated"}, {"exponent", "t2t"}},
         View::Pe},
    };
}

} // namespace

class TestLod : public QObject {
    Q_OBJECT
private slots:
    void biasMeansMemoryBoundedAtAnyLength()
    {
        // Issue 11 defect 2: the bias level of detail kept a bitmap over every distance of the window (2^40
        // positions: 256 GiB, std::bad_alloc before any work). Its memory now grows with the bins only: the sweep
        // starts (and is cancelled here through its progress callback) instead of failing to allocate.
        const auto alibi = build("alibi");
        LodRequest r;
        r.view = View::Bias;
        r.first = 0;
        r.last = std::int64_t(1) << 40;
        r.bins = 64;
        r.keyBins = 64;
        int calls = 0;
        const ProgressFn cancelSoon = [&calls](double) { return ++calls < 3; };
        QVERIFY_THROWS_EXCEPTION(Cancelled, computeLod(*alibi, r, cancelSoon));
        QVERIFY(calls >= 3);
    }

    void binEdgesCoverTheWindow()
    {
        const auto e = binEdges(10, 1010, 7);
        QCOMPARE(e.size(), std::size_t(8));
        QCOMPARE(e.front(), std::int64_t(10));
        QCOMPARE(e.back(), std::int64_t(1010));
        for (std::size_t b = 0; b + 1 < e.size(); ++b)
            QVERIFY(e[b + 1] - e[b] == 142 || e[b + 1] - e[b] == 143);
        QCOMPARE(binEdges(0, 5, 100).size(), std::size_t(6)); // at most one bin per position
    }

    void phasorSumMatchesDirectSum_data()
    {
        QTest::addColumn<double>("theta");
        QTest::addColumn<double>("logRho");
        QTest::addColumn<qint64>("a");
        QTest::addColumn<qint64>("n");
        QTest::newRow("theta 1") << 1.0 << 0.0 << qint64(12345) << qint64(1000);
        QTest::newRow("tiny theta") << 1e-9 << 0.0 << qint64(1000000) << qint64(777);
        QTest::newRow("theta pi") << M_PI << 0.0 << qint64(3) << qint64(101);
        QTest::newRow("theta near 2 pi") << 2 * M_PI - 1e-7 << 0.0 << qint64(5) << qint64(500);
        QTest::newRow("theta above 2 pi") << 7.5 << 0.0 << qint64(99999) << qint64(64);
        QTest::newRow("decay") << 0.3 << -1e-3 << qint64(2000) << qint64(3000);
        QTest::newRow("strong decay") << 0.01 << -0.05 << qint64(10) << qint64(400);
        QTest::newRow("one term") << 0.7 << -0.01 << qint64(1048575) << qint64(1);
    }
    void phasorSumMatchesDirectSum()
    {
        QFETCH(double, theta);
        QFETCH(double, logRho);
        QFETCH(qint64, a);
        QFETCH(qint64, n);
        long double re = 0, im = 0;
        for (qint64 m = a; m < a + n; ++m) {
            const long double r = std::exp(static_cast<long double>(m) * logRho);
            re += r * std::cos(static_cast<long double>(m) * theta);
            im += r * std::sin(static_cast<long double>(m) * theta);
        }
        const auto z = phasorSum(theta, logRho, a, n);
        const double tol = 1e-12 * static_cast<double>(n);
        QVERIFY2(std::abs(z.real() - static_cast<double>(re)) <= tol,
                 qPrintable(QString::number(static_cast<double>(z.real() - re))));
        QVERIFY2(std::abs(z.imag() - static_cast<double>(im)) <= tol,
                 qPrintable(QString::number(static_cast<double>(z.imag() - im))));
    }

    /// z^a at far positions (up to 2^40, the explorer's longest window): the phase a*theta mod 2 pi comes from the
    /// exact product. Known answers from Python's decimal module at 80 digits (pi to 100 digits):
    ///   x = Decimal(a) * Decimal(theta); n = (x / (2 pi)).to_integral_value(); float(x - n * 2 pi)
    /// Extended precision (64-bit mantissa) products were off by up to 5e-8 rad at 2^40.
    void phaseOfFarPositionsIsExact_data()
    {
        QTest::addColumn<qint64>("a");
        QTest::addColumn<double>("theta");
        QTest::addColumn<double>("phase");
        QTest::newRow("2^40, theta 1") << qint64(1099511627776) << 1.0 << -2.723842610921788;
        QTest::newRow("2^40 - 1, theta 1/2") << qint64(1099511627775) << 0.5 << -1.861921305460894;
        QTest::newRow("1.2e11, pi/4") << qint64(123456789012) << 0.7853981633974483 << 3.141588873815756;
        QTest::newRow("1e12, 1e-4") << qint64(1000000000000) << 1e-4 << 1.942695139296188;
        QTest::newRow("2^33, 0.9999") << qint64(8589934592) << 0.9999 << 0.614168221259496;
        QTest::newRow("355, near 113 turns") << qint64(355) << 1.0 << -3.141562509236429;
    }
    void phaseOfFarPositionsIsExact()
    {
        QFETCH(qint64, a);
        QFETCH(double, theta);
        QFETCH(double, phase);
        const auto z = phasorSum(theta, 0.0, a, 1);
        QVERIFY2(std::abs(z.real() - std::cos(phase)) <= 4e-16 && std::abs(z.imag() - std::sin(phase)) <= 4e-16,
                 qPrintable(QStringLiteral("%1 %2 vs %3 %4")
                                .arg(z.real(), 0, 'g', 17)
                                .arg(z.imag(), 0, 'g', 17)
                                .arg(std::cos(phase), 0, 'g', 17)
                                .arg(std::sin(phase), 0, 'g', 17)));
    }

    /// Random windows (up to position 2^20), bins and methods: closed-form means equal brute-force means of the
    /// direct formula to 1e-12.
    void closedFormEqualsBruteForce()
    {
        std::mt19937_64 rng(20240611);
        int checked = 0;
        for (const Case& c : analyticCases()) {
            const auto e = build(c.id, c.params);
            for (int trial = 0; trial < 4; ++trial) {
                LodRequest r;
                r.view = c.view;
                r.first = std::uniform_int_distribution<std::int64_t>(0, 1 << 20)(rng);
                r.last = r.first + std::uniform_int_distribution<std::int64_t>(2, 3000)(rng);
                r.bins = std::uniform_int_distribution<int>(1, 300)(rng);
                const LodMatrix lod = computeLod(*e, r);
                const std::size_t cols = lod.values.cols;
                QCOMPARE(lod.rowEdges.size(), lod.values.rows + 1);
                if (r.last - r.first <= r.bins) {
                    // One row per position: the view itself, exactly as computeMatrix gives it.
                    QVERIFY(lod.method == LodMethod::PerPosition);
                    MatrixRequest mr;
                    mr.view = r.view;
                    mr.firstPosition = r.first;
                    mr.length = r.last - r.first;
                    QVERIFY(computeMatrix(*e, mr).data == lod.values.data);
                    continue;
                }
                QVERIFY(lod.method == LodMethod::ClosedForm);
                for (std::size_t b = 0; b < lod.values.rows; ++b) {
                    const std::int64_t a = lod.rowEdges[b], z = lod.rowEdges[b + 1];
                    for (std::size_t j = 0; j < cols; ++j) {
                        long double sum = 0;
                        for (std::int64_t m = a; m < z; ++m)
                            sum += directValue(*e, c.view, static_cast<long double>(m), j);
                        const double ref = static_cast<double>(sum / static_cast<long double>(z - a));
                        const double got = lod.values(b, j);
                        if (!(std::abs(got - ref) <= 1e-12)) {
                            QFAIL(qPrintable(QStringLiteral("%1: window [%2, %3), bins %4, bin %5, column %6: %7 vs %8")
                                                 .arg(QString::fromLatin1(c.name))
                                                 .arg(r.first)
                                                 .arg(r.last)
                                                 .arg(r.bins)
                                                 .arg(b)
                                                 .arg(j)
                                                 .arg(got, 0, 'g', 17)
                                                 .arg(ref, 0, 'g', 17)));
                        }
                        ++checked;
                    }
                }
            }
        }
        QVERIFY(checked > 10000);
    }

    /// Learned tables (mean pyramid), attention biases (prefix sums) and the angle view (exact sums below the
    /// cap) against plain sums of fillRows / bias().
    void tablesBiasesAndAnglesEqualBruteForce_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("extra");
        QTest::newRow("learned pe") << "learned"
                                    << "pe"
                                    << "d-model=24";
        QTest::newRow("alibi causal") << "alibi"
                                      << "bias"
                                      << "num-heads=8";
        QTest::newRow("alibi symmetric") << "alibi"
                                         << "bias"
                                         << "causal=false";
        QTest::newRow("t5 buckets") << "t5"
                                    << "bias"
                                    << "";
        QTest::newRow("t5 decoder") << "t5"
                                    << "bias"
                                    << "bidirectional=false";
        QTest::newRow("rope angle") << "rope"
                                    << "angle"
                                    << "head-dim=32";
        QTest::newRow("sinusoidal angle") << "sinusoidal"
                                          << "angle"
                                          << "d-model=32";
    }
    void tablesBiasesAndAnglesEqualBruteForce()
    {
        QFETCH(QString, id);
        QFETCH(QString, view);
        QFETCH(QString, extra);
        std::map<std::string, std::string> params;
        if (!extra.isEmpty())
            params[extra.section(QLatin1Char('='), 0, 0).toStdString()] =
                extra.section(QLatin1Char('='), 1).toStdString();
        const auto e = build(id.toStdString(), params);
        std::mt19937_64 rng(7);
        for (int trial = 0; trial < 6; ++trial) {
            LodRequest r;
            r.view = parseView(view.toStdString());
            const std::int64_t limit = e->maxPositions() >= 0 ? e->maxPositions() : 100000;
            const std::int64_t n =
                std::uniform_int_distribution<std::int64_t>(2, r.view == View::Bias ? 700 : 1000)(rng);
            r.first = std::uniform_int_distribution<std::int64_t>(0, limit - n)(rng);
            r.last = r.first + n;
            r.bins = std::uniform_int_distribution<int>(1, 120)(rng);
            r.keyBins = std::uniform_int_distribution<int>(1, 90)(rng);
            r.options.head = e->biasHeads() > 1 ? 3 : 0;
            r.exactSumCap = 1000; // the angle view: exact sums at every bin width used here
            const LodMatrix lod = computeLod(*e, r);
            for (std::size_t b = 0; b < lod.values.rows; ++b) {
                const std::int64_t a = lod.rowEdges[b], z = lod.rowEdges[b + 1];
                for (std::size_t j = 0; j < lod.values.cols; ++j) {
                    long double sum = 0;
                    long double count = 0;
                    if (r.view == View::Bias) {
                        for (std::int64_t q = a; q < z; ++q)
                            for (std::int64_t k = lod.colEdges[j]; k < lod.colEdges[j + 1]; ++k) {
                                const double v = e->bias(r.options.head, q - k);
                                if (!std::isnan(v)) {
                                    sum += v;
                                    count += 1;
                                }
                            }
                    } else {
                        std::vector<double> row(lod.values.cols);
                        for (std::int64_t m = a; m < z; ++m) {
                            e->fillRows(r.view, m, 1, row.data(), r.options);
                            sum += row[j];
                            count += 1;
                        }
                    }
                    const double got = lod.values(b, j);
                    if (count == 0) {
                        QVERIFY2(std::isnan(got), "a fully masked cell stays NaN");
                        continue;
                    }
                    const double ref = static_cast<double>(sum / count);
                    QVERIFY2(std::abs(got - ref) <= 1e-12 * std::max(1.0, std::abs(ref)),
                             qPrintable(
                                 QStringLiteral("%1 bin %2 col %3: %4 vs %5").arg(id).arg(b).arg(j).arg(got).arg(ref)));
                }
            }
        }
    }

    void meanPyramidMeansAnyRange()
    {
        Matrix t;
        t.rows = 1001;
        t.cols = 3;
        std::mt19937_64 rng(3);
        std::normal_distribution<double> normal(0.5, 2.0);
        for (std::size_t i = 0; i < t.rows * t.cols; ++i)
            t.data.push_back(normal(rng));
        const MeanPyramid pyramid(t);
        for (int trial = 0; trial < 300; ++trial) {
            std::size_t a = std::uniform_int_distribution<std::size_t>(0, 1000)(rng);
            std::size_t b = std::uniform_int_distribution<std::size_t>(0, 1000)(rng);
            if (a > b)
                std::swap(a, b);
            ++b;
            double out[3];
            pyramid.mean(a, b, out);
            for (std::size_t c = 0; c < 3; ++c) {
                long double s = 0;
                for (std::size_t r = a; r < b; ++r)
                    s += t(r, c);
                QVERIFY(std::abs(out[c] - static_cast<double>(s / (b - a))) <= 1e-13);
            }
        }
    }

    void oneMillionPositionsAtScreenResolution()
    {
        const auto e = build("yarn", {{"factor", "32"}});
        LodRequest r;
        r.view = View::Cos;
        r.first = 0;
        r.last = 1048576;
        r.bins = 1024;
        QElapsedTimer timer;
        timer.start();
        const LodMatrix lod = computeLod(*e, r);
        const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        qInfo("1,048,576 positions x 128 channels at 1024 bins: %.2f ms", ms); // measured in bench/, not asserted
        QVERIFY(lod.method == LodMethod::ClosedForm);
        QCOMPARE(lod.values.rows, std::size_t(1024));
        // Spot check three bins (1024 positions each) against the direct formula.
        for (std::size_t b : {std::size_t(0), std::size_t(511), std::size_t(1023)})
            for (std::size_t j : {std::size_t(0), std::size_t(40), std::size_t(63), std::size_t(127)}) {
                long double s = 0;
                for (std::int64_t m = lod.rowEdges[b]; m < lod.rowEdges[b + 1]; ++m)
                    s += directValue(*e, View::Cos, static_cast<long double>(m), j);
                QVERIFY(std::abs(lod.values(b, j) - static_cast<double>(s / 1024)) <= 1e-12);
            }
    }

    void rejectsBadRequests()
    {
        const auto e = build("rope");
        LodRequest r;
        r.view = View::Pe;
        r.last = 10;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeLod(*e, r)); // rope has no pe view
        r.view = View::Cos;
        r.first = 10;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeLod(*e, r)); // empty window
        r.first = 0;
        r.bins = 0;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeLod(*e, r));
        const auto learned = build("learned", {{"max-positions", "100"}, {"d-model", "8"}});
        LodRequest t;
        t.view = View::Pe;
        t.last = 101;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeLod(*learned, t)); // beyond the table
    }
};

QTEST_GUILESS_MAIN(TestLod)
#include "tst_lod.moc"
