// SPDX-License-Identifier: GPL-3.0-or-later
// Error bound of the tiled cosine sums behind the base lower bound (core/src/analysis/cosine_tiles.h): against a
// long-double evaluation of sum_i cos(m theta_i), the error per pair stays below (2 m theta_i + 8 (kSeedTiles + 1))
// 2^-53 (the rounding of m theta_i, then at most kSeedTiles - 1 recurrence steps and one product), for runs that
// start anywhere, end inside a tile and are split over threads.

#include "../../core/src/analysis/cosine_tiles.h"

#include <QTest>

#include <cmath>
#include <vector>

using namespace posenc::analysis::detail;

class TestCosineTiles : public QObject {
    Q_OBJECT
private slots:
    void errorBound_data();
    void errorBound();
};

void TestCosineTiles::errorBound_data()
{
    QTest::addColumn<qint64>("first");
    QTest::addColumn<qint64>("count");
    QTest::addColumn<double>("base");
    QTest::newRow("m from 0, one partial tile") << qint64(0) << qint64(21) << 10000.0;
    QTest::newRow("m from 0, base 1e4") << qint64(0) << qint64(1 << 17) << 10000.0;
    QTest::newRow("m from 999983, base 6.5e7") << qint64(999983) << qint64(50001) << 6.5e7;
    QTest::newRow("m from 1e7, base 1e4") << qint64(10000000) << qint64(40007) << 10000.0;
}

void TestCosineTiles::errorBound()
{
    QFETCH(qint64, first);
    QFETCH(qint64, count);
    QFETCH(double, base);
    std::vector<double> theta;
    for (int i = 0; i < 64; ++i)
        theta.push_back(std::pow(base, -i / 64.0));
    CosineTiles tiles;
    tiles.setTheta(theta);
    std::vector<double> b(static_cast<std::size_t>(count) + 1, 42.0);
    tiles.evaluate(first, static_cast<std::size_t>(count), b.data());
    QCOMPARE(b.back(), 42.0); // nothing written past the end
    double worstRatio = 0, worstAbs = 0;
    for (qint64 k = 0; k < count; k += (k < 100 ? 1 : 7)) {
        const long double m = static_cast<long double>(first + k);
        long double exact = 0, bound = 0;
        for (const double t : theta) {
            const long double a = m * static_cast<long double>(t);
            exact += std::cos(a);
            bound += (2.0L * a + 8.0L * (CosineTiles::kSeedTiles + 1)) * std::ldexp(1.0L, -53);
        }
        const double err = std::fabs(static_cast<double>(b[static_cast<std::size_t>(k)] - exact));
        worstAbs = std::max(worstAbs, err);
        worstRatio = std::max(worstRatio, err / static_cast<double>(bound));
    }
    qInfo("max |error| %.3g, max error / bound %.3g", worstAbs, worstRatio);
    QVERIFY(worstRatio <= 1.0);
    if (first + count < (1 << 20))
        QVERIFY(worstAbs < 1e-9); // below the re-evaluation threshold kNearZero at the lengths the bound uses
}

QTEST_GUILESS_MAIN(TestCosineTiles)
#include "tst_cosine_tiles.moc"
