// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers printed in the papers and reference code (as collected in ../shared/docs/theory.md): NTK-aware base
// (YaRN Def. 1), Llama 3.1 bands, YaRN temperature (Eq. 22/25) and ramps (§3.2 vs reference code), dynamic
// NTK bases, LongRoPE/Phi-3 attention factor, ALiBi slopes (Press et al. §3), T5 buckets (HF
// _relative_position_bucket), xPos decay (Sun et al., torchscale). Printed values are rounded: each check
// allows half a unit in the last printed digit.

#include "posenc/bias_functions.h"
#include "posenc/errors.h"
#include "posenc/matrix.h"
#include "posenc/registry.h"
#include "posenc/rope_apply.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <string>
#include <vector>

using namespace posenc;

namespace {

using Flags = std::map<std::string, std::string>;

std::shared_ptr<const Encoding> build(const std::string& id, const Flags& flags)
{
    const MethodDef& def = Registry::instance().find(id);
    return Registry::build(def, Registry::resolve(def, flags));
}

double extra(const Encoding& enc, const char* key)
{
    const auto& ex = enc.rotary()->extras;
    const auto it = ex.find(key);
    return it == ex.end() ? std::nan("") : it->second;
}

/// Expected bucket from the boundary tables of theory.md §8 (not from the formula).
int tableBucket(std::int64_t keyMinusQuery, bool bidirectional)
{
    if (bidirectional) {
        static const std::int64_t starts[] = {8, 12, 16, 23, 32, 46, 64, 91}; // buckets 8..15
        const std::int64_t n = keyMinusQuery < 0 ? -keyMinusQuery : keyMinusQuery;
        const int offset = keyMinusQuery > 0 ? 16 : 0;
        if (n < 8)
            return offset + static_cast<int>(n);
        return offset + 7 + static_cast<int>(std::count_if(std::begin(starts), std::end(starts), [n](std::int64_t s) {
                   return s <= n;
               }));
    }
    static const std::int64_t starts[] = {16, 19, 21, 24, 27, 31, 35, 40, 46, 52, 59, 67, 77, 87, 99, 113};
    if (keyMinusQuery > 0)
        return 0; // future keys
    const std::int64_t n = -keyMinusQuery;
    if (n < 16)
        return static_cast<int>(n);
    return 15 + static_cast<int>(
                    std::count_if(std::begin(starts), std::end(starts), [n](std::int64_t s) { return s <= n; }));
}

} // namespace

class TstPapers : public QObject {
    Q_OBJECT

private slots:
    void ntkAwareBase_data()
    {
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("expected");
        // YaRN App. A.1 / theory.md §4 (d 128, base 1e4); text-generation-webui #3452: 10000 * alpha^(64/63)
        QTest::newRow("s2") << 2.0 << 20221.26;
        QTest::newRow("s4") << 4.0 << 40889.94;
        QTest::newRow("s8") << 8.0 << 82684.62;
        QTest::newRow("s16") << 16.0 << 167198.74;
    }

    void ntkAwareBase()
    {
        QFETCH(double, factor);
        QFETCH(double, expected);
        const auto enc = build("ntk-aware", {{"factor", std::to_string(factor)}, {"head-dim", "128"}});
        QVERIFY(std::fabs(extra(*enc, "base_prime") - expected) <= 0.005);
        // the lowest frequency is exactly PI's theta_last / s, the highest unchanged
        const auto& f = *enc->rotary();
        QVERIFY(std::fabs(f.invFreq.back() / (f.baseInvFreq.back() / factor) - 1.0) < 1e-13);
        QCOMPARE(f.invFreq.front(), 1.0);
    }

    void dynamicNtkBases()
    {
        // theory.md §4/peers §4.5: d 128, L 4096, factor 2: l 8192 -> 30527.7, l 16384 -> 72195.9 (HF);
        // the paper's dynamic s = l/L at l 8192 gives the static NTK-aware 20221.3.
        const std::pair<const char*, double> hf[] = {{"8192", 30527.7}, {"16384", 72195.9}};
        for (const auto& [len, expected] : hf) {
            const auto enc = build("dynamic-ntk", {{"factor", "2"},
                                                   {"original-max-position-embeddings", "4096"},
                                                   {"seq-len", len},
                                                   {"dynamic-formula", "hf"}});
            QVERIFY2(std::fabs(extra(*enc, "base_prime") - expected) <= 0.05, len);
        }
        const auto paper = build("dynamic-ntk", {{"factor", "2"},
                                                 {"original-max-position-embeddings", "4096"},
                                                 {"seq-len", "8192"},
                                                 {"dynamic-formula", "paper"}});
        QVERIFY(std::fabs(extra(*paper, "base_prime") - 20221.3) <= 0.05);
    }

    void llama3Bands()
    {
        // Llama 3.1: base 5e5, factor 8, low 1, high 4, L0 8192, d 128 -> 29 kept, 6 smoothed, 29 divided
        const auto enc = build("llama3", {{"head-dim", "128"},
                                          {"base", "500000"},
                                          {"factor", "8"},
                                          {"original-max-position-embeddings", "8192"},
                                          {"low-freq-factor", "1"},
                                          {"high-freq-factor", "4"}});
        QCOMPARE(extra(*enc, "pairs_kept"), 29.0);
        QCOMPARE(extra(*enc, "pairs_smoothed"), 6.0);
        QCOMPARE(extra(*enc, "pairs_divided"), 29.0);
        const auto& f = *enc->rotary();
        for (std::size_t i = 0; i < 29; ++i)
            QCOMPARE(f.invFreq[i], f.baseInvFreq[i]);
        for (std::size_t i = 35; i < 64; ++i)
            QVERIFY(std::fabs(f.invFreq[i] * 8.0 / f.baseInvFreq[i] - 1.0) < 1e-15);
        const double ratio[] = {0.8282, 0.6437, 0.4935, 0.3711, 0.2714, 0.1902}; // theta'/theta, pairs 29..34
        for (std::size_t k = 0; k < 6; ++k)
            QVERIFY2(std::fabs(f.invFreq[29 + k] / f.baseInvFreq[29 + k] - ratio[k]) <= 5e-5,
                     qPrintable(QString::number(29 + k)));
        // original wavelength range 6.283 ... 2.559e6 (unscaled theta)
        QVERIFY(std::fabs(2 * std::numbers::pi / f.baseInvFreq.front() - 6.283) < 5e-4);
        QVERIFY(std::fabs(2 * std::numbers::pi / f.baseInvFreq.back() / 1e6 - 2.559) < 5e-4);
    }

    void yarnTemperature_data()
    {
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("sqrtInvT");
        // YaRN Eq. 22: sqrt(1/t) = 0.1 ln s + 1; Eq. 25: ~1.208 at s = 8
        QTest::newRow("s2") << 2.0 << 1.069315;
        QTest::newRow("s4") << 4.0 << 1.138629;
        QTest::newRow("s8") << 8.0 << 1.207944;
        QTest::newRow("s16") << 16.0 << 1.277259;
        QTest::newRow("s32") << 32.0 << 1.346574;
    }

    void yarnTemperature()
    {
        QFETCH(double, factor);
        QFETCH(double, sqrtInvT);
        for (const char* ramp : {"index", "paper"}) {
            const auto enc = build("yarn", {{"factor", std::to_string(factor)}, {"ramp", ramp}});
            QVERIFY(std::fabs(enc->rotary()->attentionFactor - sqrtInvT) <= 5e-7);
        }
        if (factor == 8.0) { // 1/t = 1.459129
            const double a = build("yarn", {{"factor", "8"}})->rotary()->attentionFactor;
            QVERIFY(std::fabs(a * a - 1.459129) <= 5e-7);
        }
    }

    void yarnRamps()
    {
        // theory.md §4, LLaMA d 128, base 1e4, L 4096, s 16: pairs 21/25/30/33/40/45
        const std::size_t pairs[] = {21, 25, 30, 33, 40, 45};
        const double paper[] = {0.9918, 0.5436, 0.2482, 0.1498, 0.0342, 0.0001};
        const double code[] = {0.9615, 0.8077, 0.6154, 0.5000, 0.2308, 0.0385};
        const Flags common = {{"factor", "16"}, {"original-max-position-embeddings", "4096"}, {"head-dim", "128"}};
        Flags paperFlags = common;
        paperFlags["ramp"] = "paper";
        const auto p = build("yarn", paperFlags);
        const auto c = build("yarn", common);
        const auto parts = build("ntk-by-parts", common);
        for (std::size_t k = 0; k < 6; ++k) {
            QVERIFY(std::fabs((*p->rotary()->ramp)[pairs[k]] - paper[k]) <= 5e-5);
            QVERIFY(std::fabs((*parts->rotary()->ramp)[pairs[k]] - paper[k]) <= 5e-5);
            QVERIFY(std::fabs((*c->rotary()->ramp)[pairs[k]] - code[k]) <= 5e-5);
        }
        QCOMPARE(extra(*c, "ramp_low"), 20.0);
        QCOMPARE(extra(*c, "ramp_high"), 46.0);
        // paper: pairs 0-20 unchanged (r > 32), >= 46 pure PI (r < 1)
        for (std::size_t i = 0; i <= 20; ++i)
            QCOMPARE((*parts->rotary()->ramp)[i], 1.0);
        for (std::size_t i = 46; i < 64; ++i)
            QCOMPARE((*parts->rotary()->ramp)[i], 0.0);
    }

    void longropeAttention()
    {
        // Phi-3-mini-128k: s 32, L0 4096 -> sqrt(17/12) = 1.190238; s 16, L0 8192 -> 1.143544
        const auto a = build("longrope", {{"factor", "32"}, {"original-max-position-embeddings", "4096"}});
        QVERIFY(std::fabs(a->rotary()->attentionFactor - 1.190238) <= 5e-7);
        QVERIFY(std::fabs(a->rotary()->attentionFactor - std::sqrt(17.0 / 12.0)) <= 1e-15);
        const auto b = build("longrope", {{"factor", "16"}, {"original-max-position-embeddings", "8192"}});
        QVERIFY(std::fabs(b->rotary()->attentionFactor - 1.143544) <= 5e-7);
    }

    void alibiSlopes_data()
    {
        QTest::addColumn<int>("heads");
        QTest::addColumn<QList<double>>("exponents"); // slope_h = 2^exponent
        QTest::newRow("6") << 6 << QList<double>{-2, -4, -6, -8, -1, -3};
        QTest::newRow("8") << 8 << QList<double>{-1, -2, -3, -4, -5, -6, -7, -8};
        QTest::newRow("12") << 12 << QList<double>{-1, -2, -3, -4, -5, -6, -7, -8, -0.5, -1.5, -2.5, -3.5};
        QTest::newRow("20") << 20 << QList<double>{-0.5, -1, -1.5, -2, -2.5, -3, -3.5,  -4,    -4.5,  -5,
                                                   -5.5, -6, -6.5, -7, -7.5, -8, -0.25, -0.75, -1.25, -1.75};
    }

    void alibiSlopes()
    {
        QFETCH(int, heads);
        QFETCH(QList<double>, exponents);
        const auto slopes = posenc::alibiSlopes(heads);
        QCOMPARE(slopes.size(), static_cast<std::size_t>(heads));
        for (int h = 0; h < heads; ++h) {
            const double expected = std::exp2(exponents[h]);
            const double tol = exponents[h] == std::floor(exponents[h]) ? 0.0 : 4e-16; // integer powers exact
            QVERIFY2(
                std::fabs(slopes[static_cast<std::size_t>(h)] / expected - 1.0) <= tol,
                qPrintable(QStringLiteral("head %1: %2 vs 2^%3").arg(h).arg(slopes[h], 0, 'g', 17).arg(exponents[h])));
        }
        // the same slopes through the bias view: Bias[q, k] = -m_h (q - k), future keys masked (NaN)
        const auto enc = build("alibi", {{"num-heads", std::to_string(heads)}});
        QCOMPARE(enc->biasHeads(), heads);
        for (int h = 0; h < heads; ++h) {
            MatrixRequest req;
            req.view = View::Bias;
            req.length = 40;
            req.options.head = h;
            const Matrix m = computeMatrix(*enc, req);
            QCOMPARE(m.rows, std::size_t(40));
            QCOMPARE(m.cols, std::size_t(40));
            const double slope = std::exp2(exponents[h]);
            for (std::size_t q = 0; q < 40; ++q)
                for (std::size_t k = 0; k < 40; ++k) {
                    if (k > q)
                        QVERIFY(std::isnan(m(q, k)));
                    else
                        QVERIFY(std::fabs(m(q, k) + slope * static_cast<double>(q - k)) <=
                                1e-15 * static_cast<double>(q - k + 1));
                }
        }
    }

    void t5Buckets_data()
    {
        QTest::addColumn<bool>("bidirectional");
        QTest::newRow("bidirectional") << true;
        QTest::newRow("decoder") << false;
    }

    void t5Buckets()
    {
        QFETCH(bool, bidirectional);
        // spot values quoted in theory.md §8
        if (bidirectional) {
            QCOMPARE(t5RelativeBucket(1, true, 32, 128), 17);
            QCOMPARE(t5RelativeBucket(10, true, 32, 128), 24);
            QCOMPARE(t5RelativeBucket(91, true, 32, 128), 31);
            QCOMPARE(t5RelativeBucket(-90, true, 32, 128), 14);
            QCOMPARE(t5RelativeBucket(-100000, true, 32, 128), 15);
        } else {
            QCOMPARE(t5RelativeBucket(5, false, 32, 128), 0);
            QCOMPARE(t5RelativeBucket(-113, false, 32, 128), 31);
            QCOMPARE(t5RelativeBucket(-112, false, 32, 128), 30);
        }
        for (std::int64_t rp = -400; rp <= 400; ++rp)
            QVERIFY2(t5RelativeBucket(rp, bidirectional, 32, 128) == tableBucket(rp, bidirectional),
                     qPrintable(QStringLiteral("relative position %1: bucket %2, table %3")
                                    .arg(rp)
                                    .arg(t5RelativeBucket(rp, bidirectional, 32, 128))
                                    .arg(tableBucket(rp, bidirectional))));

        // through the bias view (no bucket values: the view shows bucket indices), key - query = k - q
        const auto enc = build("t5", {{"bidirectional", bidirectional ? "true" : "false"}});
        MatrixRequest req;
        req.view = View::Bias;
        req.length = 260;
        const Matrix m = computeMatrix(*enc, req);
        for (std::size_t q = 0; q < m.rows; ++q)
            for (std::size_t k = 0; k < m.cols; ++k)
                QVERIFY(m(q, k) ==
                        tableBucket(static_cast<std::int64_t>(k) - static_cast<std::int64_t>(q), bidirectional));
        // with learned values the view shows value[bucket]
        std::string values;
        for (int b = 0; b < 32; ++b)
            values += (b ? "," : "") + std::to_string(0.5 * b - 3.0);
        const auto valued =
            build("t5", {{"bidirectional", bidirectional ? "true" : "false"}, {"bucket-values", values}});
        const Matrix v = computeMatrix(*valued, req);
        for (std::size_t q = 0; q < v.rows; q += 7)
            for (std::size_t k = 0; k < v.cols; k += 3)
                QCOMPARE(v(q, k),
                         0.5 * tableBucket(static_cast<std::int64_t>(k) - static_cast<std::int64_t>(q), bidirectional) -
                             3.0);
    }

    void xposDecay()
    {
        // theory.md §8, d 128, gamma 0.4, B 512: zeta_0 0.285714, zeta_31 0.631696, zeta_63 0.988839;
        // score factor zeta^(Delta/B): Delta 512 -> zeta_i; Delta 2048 -> 0.0066639 (i 0), 0.956099 (i 63)
        const auto enc = build("xpos", {{"head-dim", "128"}});
        const auto& f = *enc->rotary();
        QCOMPARE(f.xposZeta.size(), std::size_t(64));
        QVERIFY(std::fabs(f.xposZeta[0] - 0.285714) <= 5e-7);
        QVERIFY(std::fabs(f.xposZeta[31] - 0.631696) <= 5e-7);
        QVERIFY(std::fabs(f.xposZeta[63] - 0.988839) <= 5e-7);
        QCOMPARE(f.xposScaleBase, 512.0);

        // measured through applyRotary: a unit vector on pair i rotated at query position m keeps its angle
        // structure but its length becomes zeta^(m/B); the key side at n is scaled by zeta^(-n/B).
        auto pairNorm = [&](std::size_t i, double position, bool keySide) {
            std::vector<double> x(128, 0.0);
            x[i] = 1.0; // half pairing: pair i is (i, i + 64)
            const auto r = applyRotary(f, x, position, keySide);
            return std::hypot(r[i], r[i + 64]);
        };
        const struct {
            std::size_t i;
            double delta;
            double expected;
            double tol;
        } cases[] = {{0, 512, 0.285714, 5e-7},
                     {31, 512, 0.631696, 5e-7},
                     {63, 512, 0.988839, 5e-7},
                     {0, 2048, 0.0066639, 5e-8},
                     {63, 2048, 0.956099, 5e-7}};
        for (const auto& c : cases) {
            for (const double n : {0.0, 1000.0}) {
                const double factor = pairNorm(c.i, n + c.delta, false) * pairNorm(c.i, n, true);
                QVERIFY2(std::fabs(factor - c.expected) <= c.tol,
                         qPrintable(QStringLiteral("pair %1, Delta %2, n %3: %4")
                                        .arg(c.i)
                                        .arg(c.delta)
                                        .arg(n)
                                        .arg(factor, 0, 'g', 10)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TstPapers)
#include "tst_papers.moc"
