// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Ordered scans of the similar-token sum B(m) = sum_i w_i cos(m theta_i) over m = 0, 1, 2, ... with early exit,
// shared by the L_theta search (bounds.cpp) and the base lower bound (base_bound.cpp).

#include "phasor_sweep.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

namespace posenc::analysis::detail {

/// |B| below this is re-evaluated directly (no recurrence) before its sign is trusted.
inline constexpr double kNearZero = 1e-9;

/// B(m) for one m straight from the definition.
inline double directB(const PhasorSet& set, std::int64_t m)
{
    const double x = static_cast<double>(m);
    double b = 0;
    for (std::size_t i = 0; i < set.size(); ++i) {
        const double w = set.logDecay.empty() ? 1.0 : std::exp(x * set.logDecay[i]);
        b += w * std::cos(x * set.theta[i]);
    }
    return b;
}

/// Calls visit(m, B(m)) for m = 0 .. end-1 in order, chunk by chunk (each chunk computed in parallel), until
/// visit returns false. The first chunk is small so that early exits stay cheap.
template <class Visit> void scanB(const PhasorSet& set, std::int64_t end, Visit&& visit)
{
    std::vector<double> buf;
    std::int64_t chunk = 512;
    for (std::int64_t first = 0; first < end; first += chunk, chunk = std::min<std::int64_t>(chunk * 2, 1 << 18)) {
        const auto count = static_cast<std::size_t>(std::min(chunk, end - first));
        buf.resize(count);
        parallelSweepIntegers(set, first, count, [&](std::size_t k, const PhasorStepper& st) { buf[k] = sumRe(st); });
        for (std::size_t k = 0; k < count; ++k) {
            const std::int64_t m = first + static_cast<std::int64_t>(k);
            const double b = std::fabs(buf[k]) < kNearZero ? directB(set, m) : buf[k];
            if (!visit(m, b))
                return;
        }
    }
}

/// Whether B(m) > 0 for every m in [0, limit) follows from a bound alone (no scan), for sets without decay: a
/// pair whose angle stays within [0, pi] on the range contributes at least cos((limit - 1) theta_i) (cos falls on
/// [0, pi]), every other pair at least -1. Proportional RoPE's zero-frequency pairs (each exactly 1) make the sum
/// of a Gemma 4 full layer positive everywhere, which a scan to 2^24 would take seconds to find.
inline bool positiveByBound(const PhasorSet& set, std::int64_t limit)
{
    if (!set.logDecay.empty() || limit < 1)
        return false;
    const double last = static_cast<double>(limit - 1);
    double floor = 0;
    for (const double t : set.theta)
        floor += std::fabs(t) * last <= 3.141592653589793 ? std::cos(std::fabs(t) * last) : -1.0;
    return floor > kNearZero * static_cast<double>(set.size() + 1);
}

/// First m in [0, limit) with B(m) < 0, or nullopt.
inline std::optional<std::int64_t> firstNegative(const PhasorSet& set, std::int64_t limit)
{
    if (positiveByBound(set, limit))
        return std::nullopt;
    std::optional<std::int64_t> found;
    scanB(set, limit, [&](std::int64_t m, double b) {
        if (b < 0)
            found = m;
        return !found;
    });
    return found;
}

} // namespace posenc::analysis::detail
