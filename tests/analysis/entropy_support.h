// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers of the entropy tests (tst_entropy.cpp, tst_entropy_spans.cpp): the entropy and the rotary logits from
// their definitions, and the all-ones score options the older tests were written for.

#include "posenc/analysis/entropy.h"
#include "posenc/encoding.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace posenc::test {

/// Entropy of softmax(z) from scratch: two passes, no running state.
inline double directEntropy(const std::vector<double>& z)
{
    double M = -INFINITY;
    for (double x : z)
        M = std::max(M, x);
    long double S = 0, W = 0;
    for (double x : z) {
        const long double e = std::exp(static_cast<long double>(x - M));
        S += e;
        W += e * x;
    }
    return static_cast<double>(M + std::log(S) - W / S);
}

/// Rotary logits straight from the definition with std::cos.
inline std::vector<double> directRotaryLogits(const RotaryFrequencies& f, std::int64_t n, double a, double sigma2)
{
    std::vector<double> z(static_cast<std::size_t>(n));
    for (std::int64_t d = 0; d < n; ++d) {
        double b = 0;
        for (std::size_t i = 0; i < f.pairs(); ++i) {
            const double w = f.xposZeta.empty() ? 1.0 : std::pow(f.xposZeta[i], d / f.xposScaleBase);
            b += w * std::cos(static_cast<double>(d) * f.invFreq[i]);
        }
        z[static_cast<std::size_t>(d)] =
            sigma2 * (a * a * 2 * b + (f.headDim - f.rotaryDim)) / std::sqrt(static_cast<double>(f.headDim));
    }
    return z;
}

/// The options these tests were written for: the all-ones score (q = k = 1, sigma2 = 1), not the default.
inline analysis::EntropyOptions allOnesOptions()
{
    analysis::EntropyOptions o;
    o.score = analysis::ScoreModel::AllOnes;
    o.sigma2 = 1.0;
    return o;
}

} // namespace posenc::test
