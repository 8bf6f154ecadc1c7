// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file bounds.h
/// Context-length bounds and band summaries for the rotary family (theory.md §2-3).
///
/// - Critical dimension (Liu et al., Scaling Laws of RoPE-based Extrapolation, arXiv:2310.05209, Lemma 1,
///   Eqs. 12-13): d_extra = 2 ceil((d/2) log_{b0}(T_train / 2 pi)), b0 the pre-training base, d = d_rot: the pairs
///   below d_extra/2 completed a full period during training. Extrapolation bound (Theorem 3, Eq. 16):
///   T_extra = 2 pi beta^(d_extra/d) for a fine-tuned base beta; computed here as the wavelength 2 pi/theta'_k of
///   the critical pair k = d_extra/2 under the method's own frequencies (equal to Eq. 16 for base scaling;
///   LLaMA-2: d_extra 92, T_extra 4711.7 at base 1e4 and 129026.8 at 1e6).
/// - L_theta (Men et al., Base of RoPE Bounds Context Length, arXiv:2405.14591, Eq. 10): the first integer
///   Delta with B(Delta) = sum_i w_i cos(Delta theta'_i) < 0, minus 1 (w_i = xPos decay, else 1).
/// - Lower bound on the base (Men et al. Eq. 11): the literal infimum of the bases b with
///   B(m) = sum_i cos(m b^(-2i/d)) >= 0 for every integer m in [0, L], computed by base_bound.h (certified walk;
///   the feasible set is not an interval, theory.md §2). gridBaseLowerBound keeps the older definition, the
///   first feasible point of the grid 10^(k/1000) scanned upward from L/4 (L = 4096: 28641.8 on the grid vs
///   the infimum 26952.4).
/// - Pairs kept / ramped / interpolated: by the interpolation fraction log(theta_i/theta'_i)/log(s):
///   <= 1e-9 kept, >= 1 - 1e-9 interpolated, otherwise ramped (unscaled methods: all kept).

#include "posenc/encoding.h"

#include <cstdint>
#include <optional>
#include <span>

namespace posenc::analysis {

struct BoundsOptions {
    double contextLength = 0;    ///< target context L (> 0)
    double trainLength = 0;      ///< T_train for d_extra; 0 = the method's L0, or L when it has none
    double pretrainBase = 0;     ///< b0 for d_extra; 0 = the method's (unscaled) base
    std::int64_t lThetaSearchLimit = std::int64_t(1) << 24; ///< L_theta is searched in [0, limit)
    bool computeBaseLowerBound = true;  ///< the certified walk of base_bound.h (seconds at L = 1M)
    double maxBaseBoundContext = 1 << 20; ///< larger L: the base bound is left unset (cost)
};

struct BoundsResult {
    /// d_extra (Liu et al. 2023): 2 ceil((d/2) log_b(L0/2pi)), at most 2 x the pairs of non-zero frequency
    std::optional<int> criticalDim;
    std::optional<double> extrapolationBound;   ///< T_extra = 2 pi / theta'_{d_extra/2}; infinite at frequency 0
    std::optional<std::int64_t> lTheta;         ///< first Delta with B(Delta) < 0, minus 1 (Men et al. Eq. 10)
    std::optional<double> baseLowerBound;       ///< smallest feasible base for the context length (definition in docs)
    int pairsKept = 0;                          ///< theta' == theta
    int pairsRamped = 0;                        ///< strictly between
    int pairsInterpolated = 0;                  ///< theta' == theta / s (or the lowest band)
    double largestWavelength = 0;               ///< infinite when a pair has frequency 0
    double originalContext = 0;                 ///< L0 (0 if the method has none)
    double targetContext = 0;                   ///< the --context-length used
    double trainLength = 0;                     ///< T_train used for d_extra
    double pretrainBase = 0;                    ///< b0 used for d_extra
    std::int64_t lThetaSearchLimit = 0;         ///< lTheta unset: B >= 0 on the whole searched range
};

/// Throws InvalidInput for non-rotary methods or a non-positive context length.
BoundsResult computeBounds(const Encoding& encoding, double contextLength);
BoundsResult computeBounds(const Encoding& encoding, const BoundsOptions& options);

/// First integer m in [0, limit) with sum_i cos(m theta_i) < 0, or nullopt. Values within 1e-9 of zero are
/// re-evaluated directly (no recurrence) before their sign is trusted.
std::optional<std::int64_t> firstNegativeSimilarToken(std::span<const double> theta, std::int64_t limit);
/// Number of integers m in [0, L] with sum_i cos(m theta_i) < 0 (Men et al. Table 4).
std::int64_t countNegativeSimilarToken(std::span<const double> theta, std::int64_t L);
/// The base lower bound (exact infimum, base_bound.h) for rotary dim d and context L; nullopt above base 1e15.
std::optional<double> baseLowerBound(int rotaryDim, std::int64_t L);
/// The smallest feasible base on the grid 10^(k/1000), scanned upward from L/4 (the former definition).
std::optional<double> gridBaseLowerBound(int rotaryDim, std::int64_t L);

} // namespace posenc::analysis
