// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Row-by-row cos/sin of m*theta_i for consecutive positions m, by the angle-addition recurrence
// (c, s) <- (c cos t - s sin t, s cos t + c sin t), re-seeded with exact std::cos/std::sin every kReseed rows.
// Between re-seeds the error grows by a few ulp per step: below 1e-14 absolute for kReseed = 32
// (checked in tests/core/tst_matrix.cpp against the direct formula).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace posenc::detail {

inline constexpr std::size_t kReseed = 32;

/// Calls fn(rowIndex, const double* cosRow, const double* sinRow) for rows 0 .. rows-1, position firstRow + row.
template <class RowFn>
void forEachPhasorRow(std::span<const double> theta, std::int64_t firstRow, std::size_t rows, RowFn&& fn)
{
    const std::size_t n = theta.size();
    std::vector<double> c(n), s(n), dc(n), ds(n);
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
            const double m = static_cast<double>(firstRow + static_cast<std::int64_t>(r));
            for (std::size_t i = 0; i < n; ++i) {
                const double a = m * theta[i];
                cp[i] = std::cos(a);
                sp[i] = std::sin(a);
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
