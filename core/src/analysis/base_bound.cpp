// SPDX-License-Identifier: GPL-3.0-or-later
// The exact base lower bound (base_bound.h): a certified walk upward in ln(base).
#include "posenc/analysis/base_bound.h"

#include "cosine_tiles.h"
#include "similar_token_scan.h"

#include "posenc/errors.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <limits>
#include <numeric>
#include <string>

namespace posenc::analysis {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
/// Rounding allowance on a computed B_m (64 cosines of arguments up to ~1e7: each off by < 1e-10).
constexpr double kMargin = 1e-8;
/// Remembered negative distances, each re-evaluated directly (64 cosines) before any scan: a few recent ones
/// catch most violations (16 rather than 128 halved the walk at 1M tokens with the same bounds).
constexpr std::size_t kMaxWitnesses = 16;
/// Shortest intermediate length walked before a longer one (baseLowerBounds).
constexpr std::int64_t kFirstStone = 1024;
/// Recent witnesses whose neighbourhood [w - kNearBelow, w + kNearAbove) is scanned before the whole range.
constexpr std::size_t kNearWitnesses = 16;
constexpr std::int64_t kNearBelow = 32;
constexpr std::int64_t kNearAbove = 224;
/// Negative distances remembered from one scanned block.
constexpr int kWitnessesPerBlock = 32;
/// Rows of the first scanned block below L; later blocks double up to kLastBlock.
constexpr std::int64_t kFirstBlock = 2048;
constexpr std::int64_t kLastBlock = 65536;

/// Exclusion and candidate bookkeeping for the walk in ln(base) (base_bound.h).
class Walker {
public:
    explicit Walker(int d)
    {
        m_expo.resize(static_cast<std::size_t>(d / 2));
        for (std::size_t i = 0; i < m_expo.size(); ++i)
            m_expo[i] = 2.0 * static_cast<double>(i) / d;
        m_set.theta.resize(m_expo.size());
        moveTo(0.0);
    }

    double lnBase() const { return m_lnBase; }

    /// Walks up from the current base until one is admissible for L; nullopt above kMaxSearchedBase.
    template <class Tick> std::optional<double> walk(std::int64_t L, Tick&& tick)
    {
        const double lnMax = std::log(kMaxSearchedBase);
        for (std::uint64_t round = 0;; ++round) {
            if (m_lnBase > lnMax)
                return std::nullopt;
            if (round % 16 == 0)
                tick(m_lnBase);
            const std::optional<std::int64_t> violator = findViolator(L);
            if (!violator)
                return m_base; // every m in [0, L] evaluated: admissible
            ride(*violator);
        }
    }

private:
    void moveTo(double lnBase)
    {
        m_lnBase = lnBase;
        m_base = std::exp(lnBase);
        for (std::size_t i = 0; i < m_expo.size(); ++i)
            m_set.theta[i] = std::pow(m_base, -m_expo[i]);
        m_tilesStale = true;
    }

    /// A negative m at the current base, or nullopt when B_m >= 0 for every m in [0, L]. Recent violators
    /// ("witnesses", most recently successful first) are tried first, then blocks of m from L downwards, small
    /// at first and doubling (violations are densest at large m, where fewer pairs are still in their first,
    /// positive quarter turn; the first one is typically within 2% of L).
    std::optional<std::int64_t> findViolator(std::int64_t L)
    {
        for (std::size_t k = 0; k < m_witness.size(); ++k) {
            const std::int64_t m = m_witness[k];
            if (m <= L && detail::directB(m_set, m) < -2 * kMargin) {
                std::rotate(m_witness.begin(), m_witness.begin() + static_cast<std::ptrdiff_t>(k),
                            m_witness.begin() + static_cast<std::ptrdiff_t>(k) + 1);
                return m;
            }
        }
        if (m_tilesStale) {
            m_tiles.setTheta(m_set.theta);
            m_tilesStale = false;
        }
        if (const auto near = nearWitnesses(L))
            return near;
        std::optional<std::int64_t> found;
        std::int64_t block = kFirstBlock;
        for (std::int64_t hi = L + 1; hi > 0 && !found; block = std::min(2 * block, kLastBlock)) {
            const std::int64_t lo = std::max<std::int64_t>(0, hi - block);
            m_values.resize(static_cast<std::size_t>(hi - lo));
            m_tiles.evaluate(lo, m_values.size(), m_values.data());
            int added = 0;
            for (std::size_t k = m_values.size(); k-- > 0 && added < kWitnessesPerBlock;) {
                const auto m = lo + static_cast<std::int64_t>(k);
                double b = m_values[k];
                if (std::fabs(b) < detail::kNearZero)
                    b = detail::directB(m_set, m);
                if (b < 0) {
                    if (!found)
                        found = m;
                    addWitness(m);
                    ++added;
                }
            }
            hi = lo;
        }
        return found;
    }

    /// The most negative m in windows around the most recent witnesses, or nullopt. As the base grows, the
    /// negative distances drift slowly upwards: most new violators lie a few to a few hundred above a witness.
    std::optional<std::int64_t> nearWitnesses(std::int64_t L)
    {
        const std::size_t count = std::min(m_witness.size(), kNearWitnesses);
        const std::vector<std::int64_t> recent(m_witness.begin(),
                                               m_witness.begin() + static_cast<std::ptrdiff_t>(count));
        for (const std::int64_t w : recent) {
            const std::int64_t lo = std::max<std::int64_t>(0, w - kNearBelow);
            const std::int64_t hi = std::min<std::int64_t>(L + 1, w + kNearAbove);
            if (lo >= hi)
                continue;
            m_values.resize(static_cast<std::size_t>(hi - lo));
            m_tiles.evaluate(lo, m_values.size(), m_values.data());
            std::optional<std::int64_t> best;
            double bestValue = 0;
            for (std::size_t k = 0; k < m_values.size(); ++k) {
                const auto m = lo + static_cast<std::int64_t>(k);
                double b = m_values[k];
                if (std::fabs(b) < detail::kNearZero)
                    b = detail::directB(m_set, m);
                if (b < bestValue) {
                    best = m;
                    bestValue = b;
                }
            }
            if (best) {
                addWitness(*best);
                return best;
            }
        }
        return std::nullopt;
    }

    /// Puts m first among the witnesses (dropping the least recently successful one when full).
    void addWitness(std::int64_t m)
    {
        auto it = std::find(m_witness.begin(), m_witness.end(), m);
        if (it == m_witness.end()) {
            if (m_witness.size() < kMaxWitnesses)
                m_witness.push_back(m);
            it = m_witness.end() - 1;
            *it = m;
        }
        std::rotate(m_witness.begin(), it, it + 1);
    }

    /// Moves up while m stays provably negative: each step is the larger of two certified exclusion radii.
    void ride(std::int64_t m)
    {
        for (int it = 0; it < 100000; ++it) {
            const double v = -detail::directB(m_set, m);
            double r = v > 2 * kMargin ? exclusion(m, v) : 0.0;
            const bool forced = r < kMinRelativeStep;
            moveTo(m_lnBase + std::max(r, kMinRelativeStep));
            if (forced)
                return;
        }
    }

    /// The largest r (>= 0) such that B_m < 0 on [b, b e^r], given B_m(b) = -v: the better of
    /// (1) per pair, the angle x_i = m theta_i only shrinks, to >= x_i e^(-2ir/d): cos x_i grows at most to the
    ///     maximum of cos on that interval (doubling, then bisection on r);
    /// (2) second order: B_m(b e^r) <= -v + B'r + M2 r^2/2 with |B''| <= sum_i (a_i x_i)^2 + a_i^2 x_i.
    double exclusion(std::int64_t m, double v)
    {
        const double target = v - kMargin;
        if (target <= 0)
            return 0;
        const double x = static_cast<double>(m);
        const std::size_t n = m_expo.size();
        double slope = 0, d1 = 0, m2 = 0;
        for (std::size_t i = 1; i < n; ++i) {
            const double xi = x * m_set.theta[i];
            const double ax = m_expo[i] * xi;
            slope += ax;
            d1 += std::sin(xi) * ax; // dB/d ln b
            m2 += ax * ax + m_expo[i] * ax;
        }
        double best = 0;
        if (m2 > 0) {
            const double d1b = d1 + 1e-6; // rounding allowance on the derivative
            const double r2 = (-d1b + std::sqrt(d1b * d1b + 2 * m2 * target)) / m2;
            best = std::max(best, 0.999 * r2);
        }
        // The angles at b and their cosines do not depend on r: computed once for every trial r below.
        m_angle.resize(n);
        m_cosAngle.resize(n);
        for (std::size_t i = 1; i < n; ++i) {
            m_angle[i] = x * m_set.theta[i];
            m_cosAngle[i] = std::cos(m_angle[i]);
        }
        const auto growth = [&](double r) {
            double g = 0;
            for (std::size_t i = 1; i < n; ++i) {
                const double hi = m_angle[i];
                const double lo = hi * std::exp(-m_expo[i] * r);
                const double c = m_cosAngle[i];
                const bool crest = std::ceil(lo / kTwoPi) * kTwoPi <= hi; // a multiple of 2 pi inside
                g += (crest ? 1.0 : std::max(std::cos(lo), c)) - c;
            }
            return g;
        };
        if (slope == 0) // B_m does not depend on the base (d = 2, or m = 0): negative for every base
            return std::numeric_limits<double>::infinity();
        double r = 0.999 * target / slope; // first order: |d cos x_i| <= x_i 2i/d dr
        if (!(r > 0) || !std::isfinite(r))
            return best;
        if (growth(2 * std::max(r, best)) >= target)
            return std::max(r, best);
        double hi = 2 * std::max(r, best);
        while (hi < 1.0 && growth(2 * hi) < target)
            hi *= 2;
        double lo = hi;
        hi *= 2;
        for (int k = 0; k < 5; ++k) {
            const double mid = 0.5 * (lo + hi);
            (growth(mid) < target ? lo : hi) = mid;
        }
        return std::max(lo, best);
    }

    std::vector<double> m_expo;
    double m_lnBase = 0;
    double m_base = 1;
    detail::PhasorSet m_set;
    detail::CosineTiles m_tiles;
    bool m_tilesStale = true;
    std::vector<double> m_values;
    std::vector<double> m_angle, m_cosAngle; ///< exclusion's angles m theta_i and their cosines
    std::vector<std::int64_t> m_witness; ///< most recently successful first
};

void checkHeadDim(int d)
{
    if (d < 2 || d % 2 != 0 || d > 65536)
        throw InvalidInput("head-dim", "--head-dim " + std::to_string(d) + " must be an even integer in [2, 65536]");
}

} // namespace

std::vector<std::optional<double>> baseLowerBounds(int headDim, std::span<const std::int64_t> lengths,
                                                   const BaseBoundProgress& progress)
{
    checkHeadDim(headDim);
    for (const std::int64_t L : lengths)
        if (L < 1 || L > (std::int64_t(1) << 32))
            throw InvalidInput("lengths", "--lengths: " + std::to_string(L) + " is outside [1, 2^32]");
    std::vector<std::size_t> order(lengths.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return lengths[a] < lengths[b]; });

    std::vector<std::optional<double>> out(lengths.size());
    Walker walker(headDim);
    bool exhausted = false;
    std::optional<double> last;
    std::int64_t lastL = -1;
    // Progress: lengths done plus the walk's position towards a rough guess (base ~ L^1.63 / 24, Men et al.).
    double done = 0;
    const double total = static_cast<double>(lengths.size());
    for (const std::size_t k : order) {
        const std::int64_t L = lengths[k];
        if (L == lastL || exhausted) {
            out[k] = exhausted ? std::nullopt : last;
            done += 1;
            continue;
        }
        const double start = walker.lnBase();
        const double guess = std::max(start + 1e-3, std::log(0.0424) + 1.628 * std::log(static_cast<double>(L)));
        const auto tick = [&](double lnBase) {
            if (progress && !progress((done + std::clamp((lnBase - start) / (guess - start), 0.0, 0.99)) / total))
                throw Cancelled();
        };
        // Stepping stones: a base admissible for L is admissible for every shorter length, so walking through
        // L/2^j (shortest first, down to kFirstStone or the previous length) skips the low bases with scans over
        // short ranges; no admissible base for a stone means none for L either.
        last = 1.0;
        int j = 0;
        while ((L >> (j + 1)) >= kFirstStone && (L >> (j + 1)) > lastL)
            ++j;
        for (; j >= 1 && last; --j)
            last = walker.walk(L >> j, tick);
        if (last)
            last = walker.walk(L, tick);
        exhausted = !last;
        lastL = L;
        out[k] = last;
        done += 1;
    }
    if (progress && !progress(1.0))
        throw Cancelled();
    return out;
}

bool baseAdmissible(int headDim, double base, std::int64_t L)
{
    checkHeadDim(headDim);
    detail::PhasorSet set;
    set.theta.resize(static_cast<std::size_t>(headDim / 2));
    for (std::size_t i = 0; i < set.theta.size(); ++i)
        set.theta[i] = std::pow(base, -2.0 * static_cast<double>(i) / headDim);
    return !detail::firstNegative(set, L + 1);
}

} // namespace posenc::analysis
