// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Attention biases in closed form: a bias that is linear in d = q - k on a few intervals (ALiBi: two, T5: one per
// bucket) is summed over any block of query x key positions exactly, without visiting the positions
// (core/src/lod/bias_lod.cpp). A bias encoding offers its pieces by also deriving from PiecewiseBias.

#include <cstdint>
#include <vector>

namespace posenc::methods {

/// bias(d) = a + b * d for first <= d <= last, or masked (NaN: excluded from means) when `masked`.
struct BiasPiece {
    std::int64_t first = 0;
    std::int64_t last = 0;
    long double a = 0;
    long double b = 0;
    bool masked = false;
};

class PiecewiseBias {
public:
    virtual ~PiecewiseBias() = default;
    /// The pieces of head `head`'s bias covering [dMin, dMax] in order, without gaps.
    virtual std::vector<BiasPiece> biasPieces(int head, std::int64_t dMin, std::int64_t dMax) const = 0;
};

/// Pieces of a bias that is constant on runs of `key(d)`, a function non-decreasing in |d| on d <= 0 and on
/// d > 0 separately (T5's bucket): the run ends are found by binary search, O(runs log(range)) evaluations.
/// `value(d)` gives the bias of a run (NaN: masked).
template <typename Key, typename Value>
std::vector<BiasPiece> constantRuns(std::int64_t dMin, std::int64_t dMax, Key key, Value value)
{
    std::vector<BiasPiece> out;
    const auto runs = [&](std::int64_t lo, std::int64_t hi) { // one monotone side, in d order
        std::int64_t start = lo;
        while (start <= hi) {
            const auto k = key(start);
            // The last d >= start with key(d) == k (key is monotone in d on [lo, hi] in either direction).
            std::int64_t good = start, bad = hi + 1;
            if (key(hi) == k)
                good = hi;
            else
                while (bad - good > 1) {
                    const std::int64_t mid = good + (bad - good) / 2;
                    (key(mid) == k ? good : bad) = mid;
                }
            const double v = value(start);
            out.push_back({start, good, v != v ? 0.0L : static_cast<long double>(v), 0.0L, v != v});
            start = good + 1;
        }
    };
    if (dMin <= 0)
        runs(dMin, dMax < 0 ? dMax : 0);
    if (dMax > 0)
        runs(dMin > 1 ? dMin : 1, dMax);
    return out;
}

} // namespace posenc::methods
