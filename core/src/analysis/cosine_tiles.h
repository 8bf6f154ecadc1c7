// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// B(m) = sum_i cos(m theta_i) for runs of consecutive integer distances m, the inner loop of the base lower
// bound (base_bound.cpp). Rows are grouped in tiles of kTile: with E_ik = e^{i k theta_i} (k < kTile, powers of
// e^{i theta_i} from std::cos/std::sin, once per set of angles) and z_i = e^{i m0 theta_i} at a tile's first row,
//
//     B(m0 + k) = sum_i Re(z_i E_ik) = sum_i (Re z_i Re E_ik - Im z_i Im E_ik),
//
// two multiply-adds per pair and row, vectorised across the kTile rows. z is seeded exactly (std::cos/std::sin)
// every kSeedTiles tiles and advanced in between by the exact multiplier e^{i kTile theta_i}: every value is one
// product of two recurrences (< kTile and < kSeedTiles steps), so its error stays below ~1e-12 for 64 pairs
// (callers re-evaluate values within kNearZero of zero directly before trusting their sign).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace posenc::analysis::detail {

class CosineTiles {
public:
    static constexpr std::size_t kTile = 32;
    static constexpr std::size_t kSeedTiles = 32;

    /// Prepares the tile multipliers for these angles (rad per unit distance).
    void setTheta(std::span<const double> theta);

    /// out[k] = B(first + k) for k < count (first >= 0). Splits the rows over the calling thread's thread
    /// budget (posenc/threads.h) when count is large enough to pay for a parallel region.
    void evaluate(std::int64_t first, std::size_t count, double* out) const;

private:
    void evaluateSerial(std::int64_t first, std::size_t count, double* out) const;

    std::vector<double> m_theta;
    std::vector<double> m_er, m_ei;         ///< [pair][k] Re / Im e^{i k theta}
    std::vector<double> m_stepRe, m_stepIm; ///< e^{i kTile theta}
};

} // namespace posenc::analysis::detail
