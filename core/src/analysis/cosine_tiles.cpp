// SPDX-License-Identifier: GPL-3.0-or-later
// Tiled evaluation of sum_i cos(m theta_i) over consecutive m (cosine_tiles.h).
#include "cosine_tiles.h"

#include "phasor_sweep.h"

#include "posenc/threads.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace posenc::analysis::detail {

namespace {

/// Rows handed to one thread at a time; smaller evaluations run on the calling thread only.
constexpr std::size_t kParallelChunk = 16384;

} // namespace

void CosineTiles::setTheta(std::span<const double> theta)
{
    m_theta.assign(theta.begin(), theta.end());
    const std::size_t n = m_theta.size();
    m_er.resize(n * kTile);
    m_ei.resize(n * kTile);
    m_stepRe.resize(n);
    m_stepIm.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        // e^{i k theta} by repeated multiplication with e^{i theta} (k < kTile: at most ~kTile ulps off), so a new
        // set of angles costs n sin/cos pairs, not n kTile (the base bound's walk changes its angles ~10^5 times).
        const double c1 = std::cos(m_theta[i]);
        const double s1 = std::sin(m_theta[i]);
        double* er = m_er.data() + i * kTile;
        double* ei = m_ei.data() + i * kTile;
        er[0] = 1.0;
        ei[0] = 0.0;
        for (std::size_t k = 1; k < kTile; ++k) {
            er[k] = er[k - 1] * c1 - ei[k - 1] * s1;
            ei[k] = er[k - 1] * s1 + ei[k - 1] * c1;
        }
        const double a = static_cast<double>(kTile) * m_theta[i];
        m_stepRe[i] = std::cos(a);
        m_stepIm[i] = std::sin(a);
    }
}

void CosineTiles::evaluate(std::int64_t first, std::size_t count, double* out) const
{
    const auto chunks = static_cast<std::int64_t>((count + kParallelChunk - 1) / kParallelChunk);
    if (chunks <= 1 || threadBudget() <= 1) {
        evaluateSerial(first, count, out);
        return;
    }
#pragma omp parallel for schedule(static, 1) num_threads(posenc::threadBudget())
    for (std::int64_t c = 0; c < chunks; ++c) {
        const std::size_t b = static_cast<std::size_t>(c) * kParallelChunk;
        evaluateSerial(first + static_cast<std::int64_t>(b), std::min(kParallelChunk, count - b), out + b);
    }
}

void CosineTiles::evaluateSerial(std::int64_t first, std::size_t count, double* out) const
{
    const std::size_t n = m_theta.size();
    std::vector<double> zr(n), zi(n);
    std::array<double, kTile> acc{};
    for (std::size_t t = 0; t * kTile < count; ++t) {
        const std::size_t row = t * kTile;
        if (t % kSeedTiles == 0) {
            const double m0 = static_cast<double>(first + static_cast<std::int64_t>(row));
            for (std::size_t i = 0; i < n; ++i) {
                zr[i] = std::cos(m0 * m_theta[i]);
                zi[i] = std::sin(m0 * m_theta[i]);
            }
        } else {
            multiplyInPlace(zr.data(), zi.data(), m_stepRe.data(), m_stepIm.data(), n);
        }
        acc.fill(0.0);
        for (std::size_t i = 0; i < n; ++i) {
            const double a = zr[i];
            const double c = zi[i];
            const double* __restrict er = m_er.data() + i * kTile;
            const double* __restrict ei = m_ei.data() + i * kTile;
#pragma omp simd
            for (std::size_t k = 0; k < kTile; ++k)
                acc[k] += a * er[k] - c * ei[k];
        }
        std::copy_n(acc.begin(), std::min(kTile, count - row), out + row);
    }
}

} // namespace posenc::analysis::detail
