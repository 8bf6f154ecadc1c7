// SPDX-License-Identifier: GPL-3.0-or-later
// Matrix views against the direct formulas (std::cos/std::sin of m*theta'_i, pairing layouts, attention
// factor, pass-through channels, xPos scaling, sinusoidal layouts) at random positions up to 2^20 and far
// beyond; half vs interleaved pairing give equal scores for permuted vectors; a 1,048,576 x 128 view computes;
// the budget check refuses larger ones.
//
// Error model. The views use the angle-addition recurrence re-seeded every 32 rows (core/src/phasor.h). A
// reference computes cos(fl(m theta)); the argument rounding alone is up to ulp(m theta)/2, i.e. an absolute
// error that grows with the angle. So each entry's error is divided by its magnitude scale (attention factor x
// probe size x xPos factor) and by max(1, m theta_i): that normalised error must stay below 1e-12 everywhere.

#include "posenc/errors.h"
#include "posenc/matrix.h"
#include "posenc/registry.h"
#include "posenc/rope_apply.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <random>
#include <string>

using namespace posenc;

namespace {

using Flags = std::map<std::string, std::string>;
constexpr double kMaxNormalisedError = 1e-12;
constexpr std::int64_t kBlock = 100; // rows per sample block: spans several re-seeds

std::shared_ptr<const Encoding> build(const std::string& id, const Flags& flags)
{
    const MethodDef& def = Registry::instance().find(id);
    return Registry::build(def, Registry::resolve(def, flags));
}

/// Block starts: fixed edge cases plus random positions up to 2^20 and up to 2^40.
std::vector<std::int64_t> sampleStarts()
{
    std::vector<std::int64_t> starts = {
        0, 1, 31, (1 << 20) - kBlock / 2, (1 << 20), std::int64_t(1) << 31, (std::int64_t(1) << 40) - kBlock};
    std::mt19937_64 rng(20240917);
    std::uniform_int_distribution<std::int64_t> small(0, 1 << 20);
    std::uniform_int_distribution<std::int64_t> large(0, std::int64_t(1) << 40);
    for (int i = 0; i < 12; ++i)
        starts.push_back(small(rng));
    for (int i = 0; i < 6; ++i)
        starts.push_back(large(rng));
    return starts;
}

Matrix block(const Encoding& enc, View view, std::int64_t first, std::int64_t rows, std::vector<double> probe = {})
{
    MatrixRequest req;
    req.view = view;
    req.firstPosition = first;
    req.length = rows;
    req.options.probe = std::move(probe);
    return computeMatrix(enc, req);
}

/// Channel indices (a, b) of pair i.
std::pair<std::size_t, std::size_t> pairChannels(const RotaryFrequencies& f, std::size_t i)
{
    const std::size_t P = f.pairs();
    return f.pairing == Pairing::Half ? std::pair{i, i + P} : std::pair{2 * i, 2 * i + 1};
}

struct ErrorTracker {
    double worst = 0.0;
    QString where;
    void add(double actual, double expected, double scale, double angle, const QString& at)
    {
        const double e = std::fabs(actual - expected) / (std::max(scale, 1e-300) * std::max(1.0, angle));
        if (!(e <= worst)) { // also catches NaN
            worst = std::isnan(e) ? std::numeric_limits<double>::infinity() : e;
            where = at + QStringLiteral(": got %1, expected %2").arg(actual, 0, 'g', 17).arg(expected, 0, 'g', 17);
        }
    }
};

double xposScale(const RotaryFrequencies& f, std::size_t i, double m)
{
    return f.xposZeta.empty() ? 1.0 : std::pow(f.xposZeta[i], m / f.xposScaleBase);
}

} // namespace

class TstMatrix : public QObject {
    Q_OBJECT

private slots:
    void rotaryViews_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QStringList>("flags");
        QTest::newRow("rope half") << "rope" << QStringList{"head-dim=128"};
        QTest::newRow("rope interleaved partial")
            << "rope" << QStringList{"head-dim=96", "partial-rotary-factor=0.5", "pairing=interleaved"};
        QTest::newRow("yarn attention factor, partial, half")
            << "yarn" << QStringList{"head-dim=64", "partial-rotary-factor=0.25", "factor=16"};
        QTest::newRow("llama3 interleaved") << "llama3" << QStringList{"pairing=interleaved"};
        QTest::newRow("longrope attention") << "longrope" << QStringList{"head-dim=32"};
        QTest::newRow("xpos") << "xpos" << QStringList{"head-dim=64", "partial-rotary-factor=0.5"};
    }

    void rotaryViews()
    {
        QFETCH(QString, method);
        QFETCH(QStringList, flags);
        Flags text;
        for (const auto& f : flags)
            text[f.section('=', 0, 0).toStdString()] = f.section('=', 1).toStdString();
        const auto enc = build(method.toStdString(), text);
        const RotaryFrequencies& f = *enc->rotary();
        const std::size_t P = f.pairs();
        const double a = f.attentionFactor;
        std::mt19937_64 rng(7);
        std::uniform_real_distribution<double> uni(-2.0, 2.0);
        std::vector<double> probe(static_cast<std::size_t>(f.headDim));
        for (double& x : probe)
            x = uni(rng);
        double probeMax = 0;
        for (double x : probe)
            probeMax = std::max(probeMax, std::fabs(x));

        const bool xpos = !f.xposZeta.empty();
        ErrorTracker cosErr, sinErr, angleErr, rotErr;
        for (std::int64_t first : sampleStarts()) {
            if (xpos && first > (1 << 22))
                continue; // zeta^(m/B) underflows to 0 there; nothing left to compare
            const Matrix c = block(*enc, View::Cos, first, kBlock);
            const Matrix s = block(*enc, View::Sin, first, kBlock);
            const Matrix ang = block(*enc, View::Angle, first, kBlock);
            const Matrix rot = block(*enc, View::Rotated, first, kBlock, probe);
            QCOMPARE(c.cols, static_cast<std::size_t>(f.rotaryDim));
            QCOMPARE(ang.cols, P);
            QCOMPARE(rot.cols, static_cast<std::size_t>(f.headDim));
            for (std::int64_t r = 0; r < kBlock; ++r) {
                const double m = static_cast<double>(first + r);
                const auto row = static_cast<std::size_t>(r);
                for (std::size_t i = 0; i < P; ++i) {
                    const double angle = m * f.invFreq[i];
                    const double ci = std::cos(angle);
                    const double si = std::sin(angle);
                    const auto [ja, jb] = pairChannels(f, i);
                    const QString at = QStringLiteral("m=%1 pair %2").arg(m, 0, 'f', 0).arg(i);
                    cosErr.add(c(row, ja), a * ci, a, angle, at);
                    cosErr.add(c(row, jb), a * ci, a, angle, at);
                    sinErr.add(s(row, ja), a * si, a, angle, at);
                    sinErr.add(s(row, jb), a * si, a, angle, at);
                    // angle view: (m theta) mod 2 pi, compared on the circle
                    const double wrapped = ang(row, i);
                    QVERIFY(wrapped >= 0.0 && wrapped < 2 * std::numbers::pi);
                    double d = std::remainder(wrapped - angle, 2 * std::numbers::pi);
                    angleErr.add(d, 0.0, 1.0, angle, at);
                    // rotated: a * zeta^(m/B) * R(m theta) (x_a, x_b)
                    const double k = a * xposScale(f, i, m);
                    const double ea = k * (probe[ja] * ci - probe[jb] * si);
                    const double eb = k * (probe[ja] * si + probe[jb] * ci);
                    const double xposAngle = xpos ? std::fabs(std::log(f.xposZeta[i])) * m / f.xposScaleBase : 0.0;
                    rotErr.add(rot(row, ja), ea, k * probeMax, std::max(angle, xposAngle), at);
                    rotErr.add(rot(row, jb), eb, k * probeMax, std::max(angle, xposAngle), at);
                }
                for (std::size_t j = static_cast<std::size_t>(f.rotaryDim); j < rot.cols; ++j)
                    QCOMPARE(rot(row, j), probe[j]); // pass-through: unrotated, not scaled
            }
        }
        qInfo("max normalised error: cos %.3g, sin %.3g, angle %.3g, rotated %.3g", cosErr.worst, sinErr.worst,
              angleErr.worst, rotErr.worst);
        for (const auto* e : {&cosErr, &sinErr, &angleErr, &rotErr})
            QVERIFY2(e->worst < kMaxNormalisedError, qPrintable(e->where));
    }

    void sinusoidalViews_data()
    {
        QTest::addColumn<int>("d");
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("exponent");
        QTest::newRow("128 interleaved 2i/d") << 128 << "interleaved"
                                              << "2i/d";
        QTest::newRow("128 concatenated 2i/d") << 128 << "concatenated"
                                               << "2i/d";
        QTest::newRow("64 concatenated t2t") << 64 << "concatenated"
                                             << "t2t";
        QTest::newRow("512 interleaved t2t") << 512 << "interleaved"
                                             << "t2t";
    }

    void sinusoidalViews()
    {
        QFETCH(int, d);
        QFETCH(QString, layout);
        QFETCH(QString, exponent);
        const auto enc = build(
            "sinusoidal",
            {{"d-model", std::to_string(d)}, {"layout", layout.toStdString()}, {"exponent", exponent.toStdString()}});
        const std::size_t P = static_cast<std::size_t>(d / 2);
        std::vector<double> omega(P);
        for (std::size_t i = 0; i < P; ++i)
            omega[i] = std::pow(10000.0, exponent == QLatin1String("t2t") ? -static_cast<double>(i) / (d / 2.0 - 1.0)
                                                                          : -2.0 * static_cast<double>(i) / d);
        const bool interleaved = layout == QLatin1String("interleaved");
        ErrorTracker pe, ang;
        for (std::int64_t first : sampleStarts()) {
            const Matrix m = block(*enc, View::Pe, first, kBlock);
            const Matrix a = block(*enc, View::Angle, first, kBlock);
            QCOMPARE(m.cols, static_cast<std::size_t>(d));
            for (std::int64_t r = 0; r < kBlock; ++r) {
                const double p = static_cast<double>(first + r);
                const auto row = static_cast<std::size_t>(r);
                for (std::size_t i = 0; i < P; ++i) {
                    const double angle = p * omega[i];
                    const QString at = QStringLiteral("p=%1 i=%2").arg(p, 0, 'f', 0).arg(i);
                    pe.add(m(row, interleaved ? 2 * i : i), std::sin(angle), 1.0, angle, at);
                    pe.add(m(row, interleaved ? 2 * i + 1 : i + P), std::cos(angle), 1.0, angle, at);
                    ang.add(std::remainder(a(row, i) - angle, 2 * std::numbers::pi), 0.0, 1.0, angle, at);
                }
            }
        }
        qInfo("max normalised error: pe %.3g, angle %.3g", pe.worst, ang.worst);
        QVERIFY2(pe.worst < kMaxNormalisedError, qPrintable(pe.where));
        QVERIFY2(ang.worst < kMaxNormalisedError, qPrintable(ang.where));
    }

    /// Half and interleaved pairing are the same map up to a channel permutation: permuting q and k the same
    /// way gives the same score (and the same rotated vector, permuted).
    void pairingsGiveEqualScores()
    {
        const Flags common = {{"head-dim", "80"}, {"partial-rotary-factor", "0.8"}, {"factor", "8"}};
        Flags half = common, inter = common;
        half["pairing"] = "half";
        inter["pairing"] = "interleaved";
        const auto eh = build("yarn", half);
        const auto ei = build("yarn", inter);
        const RotaryFrequencies& fh = *eh->rotary();
        const RotaryFrequencies& fi = *ei->rotary();
        const std::size_t D = 80, P = fh.pairs();
        QCOMPARE(P, std::size_t(32));
        std::vector<std::size_t> perm(D); // interleaved channel -> half channel
        for (std::size_t i = 0; i < P; ++i) {
            perm[2 * i] = i;
            perm[2 * i + 1] = i + P;
        }
        for (std::size_t j = 2 * P; j < D; ++j)
            perm[j] = j;
        std::mt19937_64 rng(11);
        std::normal_distribution<double> normal;
        for (int trial = 0; trial < 20; ++trial) {
            std::vector<double> q(D), k(D), qi(D), ki(D);
            for (std::size_t j = 0; j < D; ++j) {
                q[j] = normal(rng);
                k[j] = normal(rng);
            }
            for (std::size_t j = 0; j < D; ++j) {
                qi[j] = q[perm[j]];
                ki[j] = k[perm[j]];
            }
            const double m = std::uniform_real_distribution<double>(0, 1e6)(rng);
            const double n = std::floor(m) + trial * 37;
            const double sh = rotaryScore(fh, q, std::floor(m), k, n);
            const double si = rotaryScore(fi, qi, std::floor(m), ki, n);
            QVERIFY2(std::fabs(sh - si) <= 1e-12 * (1.0 + std::fabs(sh)),
                     qPrintable(QStringLiteral("%1 vs %2").arg(sh, 0, 'g', 17).arg(si, 0, 'g', 17)));
            // the rotated views agree channel for channel under the permutation
            const auto first = static_cast<std::int64_t>(m);
            const Matrix rh = block(*eh, View::Rotated, first, 40, q);
            const Matrix ri = block(*ei, View::Rotated, first, 40, qi);
            for (std::size_t r = 0; r < 40; ++r)
                for (std::size_t j = 0; j < D; ++j)
                    QCOMPARE(ri(r, j), rh(r, perm[j]));
        }
    }

    /// 1,048,576 x 128 doubles = 1 GiB, under the default 2 GiB budget.
    void millionPositions()
    {
        const auto enc = build("rope", {{"head-dim", "128"}});
        const RotaryFrequencies& f = *enc->rotary();
        MatrixRequest req;
        req.view = View::Cos;
        req.length = std::int64_t(1) << 20;
        QCOMPARE(estimateMatrixBytes(*enc, req), std::size_t(1) << 30);
        int calls = 0;
        double lastProgress = 0;
        const Matrix m = computeMatrix(*enc, req, [&](double fraction) {
            ++calls;
            lastProgress = fraction;
            return true;
        });
        QCOMPARE(m.rows, std::size_t(1) << 20);
        QCOMPARE(m.cols, std::size_t(128));
        QVERIFY(calls > 0 && lastProgress <= 1.0);
        ErrorTracker err;
        for (const std::size_t r :
             {std::size_t(0), std::size_t(12345), std::size_t(524287), std::size_t(999999), std::size_t(1048575)}) {
            for (std::size_t i = 0; i < 64; ++i) {
                const double angle = static_cast<double>(r) * f.invFreq[i];
                err.add(m(r, i), std::cos(angle), 1.0, angle, QStringLiteral("row %1 pair %2").arg(r).arg(i));
                err.add(m(r, i + 64), std::cos(angle), 1.0, angle, QStringLiteral("row %1 pair %2").arg(r).arg(i));
            }
        }
        QVERIFY2(err.worst < kMaxNormalisedError, qPrintable(err.where));
    }

    void budgetRejectsLarger()
    {
        const auto enc = build("rope", {{"head-dim", "128"}});
        MatrixRequest req;
        req.view = View::Rotated;
        req.length = (std::int64_t(1) << 21) + 1; // just above 2 GiB
        QVERIFY_THROWS_EXCEPTION(BudgetExceeded, (void)computeMatrix(*enc, req));
        req.length = std::int64_t(1) << 20;
        req.memoryBudget = (std::size_t(1) << 30) - 1; // one byte short of 1 GiB
        QVERIFY_THROWS_EXCEPTION(BudgetExceeded, (void)computeMatrix(*enc, req));
    }

    void progressCanCancel()
    {
        const auto enc = build("rope", {});
        MatrixRequest req;
        req.view = View::Cos;
        req.length = 1 << 16;
        QVERIFY_THROWS_EXCEPTION(Cancelled, (void)computeMatrix(*enc, req, [](double) { return false; }));
    }
};

QTEST_GUILESS_MAIN(TstMatrix)
#include "tst_matrix.moc"
