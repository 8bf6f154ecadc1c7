// SPDX-License-Identifier: GPL-3.0-or-later
// The precision analysis and the float formats of posenc check, against values derived here independently: a
// bfloat16 rounding by bit manipulation of the binary32 (round to nearest even on the low 16 bits), brute-force
// collision scans, and the textbook facts (bf16 integers are exact up to 256, float16 up to 2048).

#include "posenc/analysis/precision.h"
#include "posenc/check.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

using namespace posenc;

namespace {

/// bfloat16 rounding of a double through float32 (exact for the integers and products used here, which are
/// exact in float32 or rounded to float32 first as an engine would).
double bf16(double x)
{
    const float f = static_cast<float>(x);
    std::uint32_t b = 0;
    std::memcpy(&b, &f, 4);
    b = (b + 0x7FFFu + ((b >> 16) & 1u)) & 0xFFFF0000u;
    float r = 0;
    std::memcpy(&r, &b, 4);
    return r;
}

RotaryFrequencies rope(int headDim)
{
    const auto& def = Registry::instance().find("rope");
    ParamSet p = Registry::defaults(def);
    p.set("head-dim", double(headDim));
    return *Registry::build(def, p)->rotary();
}

} // namespace

class TestPrecision : public QObject {
    Q_OBJECT
private slots:
    void roundTo_data()
    {
        QTest::addColumn<double>("x");
        QTest::addColumn<int>("format");
        QTest::addColumn<double>("expected");
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("bf16 257 ties to even") << 257.0 << int(FloatFormat::BF16) << 256.0;
        QTest::newRow("bf16 259") << 259.0 << int(FloatFormat::BF16) << 260.0;
        QTest::newRow("bf16 1/3") << 1.0 / 3.0 << int(FloatFormat::BF16) << 0.333984375;
        QTest::newRow("f16 2049 ties to even") << 2049.0 << int(FloatFormat::F16) << 2048.0;
        QTest::newRow("f16 2051") << 2051.0 << int(FloatFormat::F16) << 2052.0;
        QTest::newRow("f16 overflow") << 65520.0 << int(FloatFormat::F16) << inf;
        QTest::newRow("f16 max") << 65504.0 << int(FloatFormat::F16) << 65504.0;
        QTest::newRow("f16 subnormal up") << 3e-8 << int(FloatFormat::F16) << std::ldexp(1.0, -24);
        QTest::newRow("f16 underflow") << 2e-8 << int(FloatFormat::F16) << 0.0;
        QTest::newRow("f32 0.1") << 0.1 << int(FloatFormat::F32) << double(0.1f);
    }
    void roundTo()
    {
        QFETCH(double, x);
        QFETCH(int, format);
        QFETCH(double, expected);
        QCOMPARE(posenc::roundTo(x, FloatFormat(format)), expected);
    }

    void detectFormat()
    {
        QCOMPARE(toString(posenc::detectFormat({0.5, 0.333984375, 1.0})), toString(FloatFormat::BF16));
        QCOMPARE(toString(posenc::detectFormat({0.5, 0.3330078125})),
                 toString(FloatFormat::F16)); // 1/3 in float16, not bf16
        QCOMPARE(toString(posenc::detectFormat({0.5, double(0.1f)})), toString(FloatFormat::F32));
        QCOMPARE(toString(posenc::detectFormat({0.5, 0.1})), toString(FloatFormat::F64));
    }

    void positionCollisions()
    {
        // positions held in a format with p significant bits collide at 2^p (m = 2^p and 2^p + 1 both round to
        // 2^p): 256 for bfloat16, 2048 for float16, none below 2^24 in float32
        analysis::PrecisionRequest r;
        r.maxPosition = 131072;
        const auto res = analysis::analyzePrecision(rope(64), r);
        QCOMPARE(res.curves.size(), std::size_t(3));
        QVERIFY(res.curves[0].format == FloatFormat::F32);
        QCOMPARE(res.curves[0].firstCollision, std::int64_t(-1));
        QCOMPARE(res.curves[1].firstCollision, std::int64_t(256));
        QCOMPARE(res.curves[2].firstCollision, std::int64_t(2048));
        // the error curve: max over pairs of |e^{i bf16(m) theta} - e^{i m theta}|, computed here
        const auto f = rope(64);
        for (std::size_t k = 0; k < res.positions.size(); ++k) {
            const double m = res.positions[k];
            double expected = 0;
            for (double th : f.invFreq)
                expected = std::max(expected, 2.0 * std::abs(std::sin(0.5 * (bf16(m) - m) * th)));
            QVERIFY2(std::abs(res.curves[1].maxError[k] - expected) <= 1e-12,
                     qPrintable(QString("m=%1: %2 vs %3").arg(m).arg(res.curves[1].maxError[k]).arg(expected)));
            if (m <= 256)
                QCOMPARE(res.curves[1].maxError[k], 0.0);
        }
    }

    void productCollisions()
    {
        // the angle m theta_i held in bfloat16: first m with bf16(m theta_i) == bf16((m + 1) theta_i), by brute
        // force over every m (theta_i and the product rounded to float32 first cannot change a bf16 tie here:
        // checked by comparing both orders below)
        const auto f = rope(32);
        analysis::PrecisionRequest r;
        r.maxPosition = 20000;
        r.stage = analysis::PrecisionStage::Product;
        r.formats = {FloatFormat::BF16};
        const auto res = analysis::analyzePrecision(f, r);
        for (std::size_t i = 0; i < f.invFreq.size(); ++i) {
            std::int64_t first = -1;
            for (std::int64_t m = 1; m <= r.maxPosition && first < 0; ++m)
                if (bf16(double(m) * f.invFreq[i]) == bf16(double(m + 1) * f.invFreq[i]))
                    first = m;
            QCOMPARE(res.curves[0].collision[i], first);
        }
        QVERIFY(res.curves[0].firstCollision > 0);
    }

    void refusals()
    {
        analysis::PrecisionRequest r;
        r.maxPosition = 0;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, analysis::analyzePrecision(rope(64), r));
        r.maxPosition = 10;
        r.formats.clear();
        QVERIFY_THROWS_EXCEPTION(InvalidInput, analysis::analyzePrecision(rope(64), r));
    }
};

QTEST_GUILESS_MAIN(TestPrecision)
#include "tst_precision.moc"
