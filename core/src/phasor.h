// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Row-by-row cos/sin of m*theta_i for consecutive positions m, by the angle-addition recurrence
// (c, s) <- (c cos t - s sin t, s cos t + c sin t), re-seeded every kReseed rows. Between re-seeds the error
// grows by a few ulp per step: below 1e-14 absolute for kReseed = 32 (checked in tests/core/tst_matrix.cpp
// against the direct formula).
//
// A re-seed is exact (std::cos/std::sin of m theta) at the first row of a call. Inside the call, row
// r = k kReseed is seeded as e^{i m0 theta} e^{i r theta} with the second factor taken from a PhasorSeeds
// table computed once per encoding with std::cos/std::sin: one complex multiplication (a few ulp, not
// accumulating) instead of a sin/cos pair per pair and re-seed, which was a third of the fill time.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <vector>

namespace posenc::detail {

inline constexpr std::size_t kReseed = 32;
/// Rows covered by a PhasorSeeds table (computeMatrix fills blocks of 2048 rows); beyond it, re-seeds fall
/// back to std::cos/std::sin.
inline constexpr std::size_t kSeedTableRows = 2048;

/// cos and sin of (k kReseed) theta_i for k = 0 .. kSeedTableRows/kReseed - 1, row-major [k][i].
struct PhasorSeeds {
    std::size_t pairs = 0;
    std::vector<double> cos;
    std::vector<double> sin;

    PhasorSeeds() = default;
    explicit PhasorSeeds(std::span<const double> theta) : pairs(theta.size())
    {
        const std::size_t steps = kSeedTableRows / kReseed;
        cos.resize(steps * pairs);
        sin.resize(steps * pairs);
        for (std::size_t k = 0; k < steps; ++k)
            for (std::size_t i = 0; i < pairs; ++i) {
                const double a = static_cast<double>(k * kReseed) * theta[i];
                cos[k * pairs + i] = std::cos(a);
                sin[k * pairs + i] = std::sin(a);
            }
    }
};

/// A PhasorSeeds table made on first use, once, by whichever thread needs it first. Building an encoding stays
/// O(pairs): the explorer builds one on the GUI thread for every edit (its resolved values), and the table costs 64
/// sin/cos pairs per pair (about 100 ms at head-dim 65536, a tst_monkey block).
class LazyPhasorSeeds {
public:
    /// `theta` must be the same every call (the encoding's own frequencies).
    const PhasorSeeds& get(std::span<const double> theta) const
    {
        std::call_once(m_once, [&] { m_seeds = PhasorSeeds(theta); });
        return m_seeds;
    }

private:
    mutable std::once_flag m_once;
    mutable PhasorSeeds m_seeds;
};

/// Calls fn(rowIndex, const double* cosRow, const double* sinRow) for rows 0 .. rows-1, position firstRow + row.
/// `seeds` must have been built from the same `theta` (or be empty: every re-seed then uses std::cos/std::sin).
template <class RowFn>
void forEachPhasorRow(std::span<const double> theta, const PhasorSeeds& seeds, std::int64_t firstRow, std::size_t rows,
                      RowFn&& fn)
{
    const std::size_t n = theta.size();
    const bool useSeeds = seeds.pairs == n && n > 0;
    std::vector<double> c(n), s(n), dc(n), ds(n), c0(n), s0(n);
    for (std::size_t i = 0; i < n; ++i) {
        dc[i] = std::cos(theta[i]);
        ds[i] = std::sin(theta[i]);
    }
    double* __restrict cp = c.data();
    double* __restrict sp = s.data();
    const double* __restrict dcp = dc.data();
    const double* __restrict dsp = ds.data();
    for (std::size_t r = 0; r < rows; ++r) {
        if (r % kReseed == 0) {
            const std::size_t k = r / kReseed;
            if (r == 0 || !useSeeds || k * kReseed >= kSeedTableRows) {
                const double m = static_cast<double>(firstRow + static_cast<std::int64_t>(r));
                for (std::size_t i = 0; i < n; ++i) {
                    const double a = m * theta[i];
                    cp[i] = std::cos(a);
                    sp[i] = std::sin(a);
                }
                if (r == 0) {
                    c0.assign(cp, cp + n);
                    s0.assign(sp, sp + n);
                }
            } else {
                const double* __restrict tc = seeds.cos.data() + k * n;
                const double* __restrict ts = seeds.sin.data() + k * n;
                const double* __restrict bc = c0.data();
                const double* __restrict bs = s0.data();
                for (std::size_t i = 0; i < n; ++i) {
                    cp[i] = bc[i] * tc[i] - bs[i] * ts[i];
                    sp[i] = bs[i] * tc[i] + bc[i] * ts[i];
                }
            }
        } else {
            for (std::size_t i = 0; i < n; ++i) {
                const double cn = cp[i] * dcp[i] - sp[i] * dsp[i];
                sp[i] = sp[i] * dcp[i] + cp[i] * dsp[i];
                cp[i] = cn;
            }
        }
        fn(r, static_cast<const double*>(cp), static_cast<const double*>(sp));
    }
}

} // namespace posenc::detail
