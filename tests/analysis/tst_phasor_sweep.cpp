// SPDX-License-Identifier: GPL-3.0-or-later
// Error bound of the angle-addition recurrence used by the decay / entropy / bounds sweeps
// (core/src/analysis/phasor_sweep.h): against a long-double evaluation of sum_i w_i cos(D theta_i), the error per
// pair stays below (2 D theta_i + 8 kSweepReseed) 2^-53 (the first term is the rounding of D theta_i that any double
// evaluation, NumPy's included, carries; the second the recurrence's growth between exact re-seeds).

#include "../../core/src/analysis/phasor_sweep.h"

#include <QTest>

#include <cmath>
#include <vector>

using namespace posenc::analysis::detail;

class TestPhasorSweep : public QObject {
    Q_OBJECT
private slots:
    void recurrenceErrorBound_data();
    void recurrenceErrorBound();
};

void TestPhasorSweep::recurrenceErrorBound_data()
{
    QTest::addColumn<double>("first");
    QTest::addColumn<bool>("decay");
    QTest::newRow("D from 0") << 0.0 << false;
    QTest::newRow("D from 1e7") << 1e7 << false;
    QTest::newRow("xPos decay from 0") << 0.0 << true;
}

void TestPhasorSweep::recurrenceErrorBound()
{
    QFETCH(double, first);
    QFETCH(bool, decay);
    PhasorSet set;
    for (int i = 0; i < 64; ++i) {
        set.theta.push_back(std::pow(10000.0, -i / 64.0));
        if (decay)
            set.logDecay.push_back(std::log((2.0 * i + 0.4 * 128) / (1.4 * 128)) / 512.0);
    }
    const std::size_t count = 1 << 17;
    std::vector<double> d(count);
    for (std::size_t k = 0; k < count; ++k)
        d[k] = first + static_cast<double>(k);
    std::vector<double> b(count);
    parallelSweep(set, d, [&](std::size_t k, const PhasorStepper& st) { b[k] = sumRe(st); });
    double worstRatio = 0, worstAbs = 0;
    for (std::size_t k = 0; k < count; k += 7) {
        long double exact = 0, bound = 0;
        for (std::size_t i = 0; i < 64; ++i) {
            const long double a = static_cast<long double>(d[k]) * static_cast<long double>(set.theta[i]);
            const long double w = decay ? std::exp(static_cast<long double>(d[k]) * set.logDecay[i]) : 1.0L;
            exact += w * std::cos(a);
            bound += (2.0L * a + 8.0L * kSweepReseed) * std::ldexp(1.0L, -53);
        }
        const double err = std::fabs(static_cast<double>(b[k] - exact));
        worstAbs = std::max(worstAbs, err);
        worstRatio = std::max(worstRatio, err / static_cast<double>(bound));
    }
    qInfo("max |error| %.3g, max error / bound %.3g", worstAbs, worstRatio);
    QVERIFY(worstRatio <= 1.0);
    if (first == 0.0)
        QVERIFY(worstAbs < 1e-10); // D < 2^17: the rounding of D theta dominates
}

QTEST_GUILESS_MAIN(TestPhasorSweep)
#include "tst_phasor_sweep.moc"
