// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file decay.h
/// Attention-score decay against relative distance Delta, for every method kind (theory.md §1-2, §7-8).

#include "posenc/encoding.h"
#include "posenc/matrix.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace posenc::analysis {

struct DecayOptions {
    std::vector<double> distances;   ///< Delta values (>= 0; need not be integers or sorted)
    int samples = 0;                 ///< random q,k draws for random_qk_*; 0 = skip (rotary only), <= 1e6
    std::uint64_t seed = 0;
    double correlation = 0.9;        ///< k = rho q + sqrt(1 - rho^2) noise, rho in [-1, 1]
};

/// Each curve is present where it applies to the method kind, else nullopt. Curves have distances.size() entries.
struct DecayResult {
    std::vector<double> distance;
    std::optional<std::vector<double>> roformerBound;  ///< rotary: (1/(d/2)) sum_j |S_j(Delta)| (RoFormer Fig. 2)
    std::optional<std::vector<double>> similarToken;   ///< rotary/sinusoidal: sum_i cos(Delta theta'_i) (Men et al.)
    std::optional<std::vector<double>> allOnesScore;   ///< rotary: a^2 2 sum_i cos(Delta theta'_i) + (head_dim - d_rot)
    std::optional<std::vector<double>> randomQkMean;   ///< rotary: mean of q^T R_Delta k over the draws
    std::optional<std::vector<double>> randomQkStd;
    std::optional<std::vector<double>> meanCosine;     ///< learned: mean cosine similarity of PE_m, PE_{m+Delta}
    std::vector<std::vector<double>> biasPerHead;      ///< alibi/t5: bias at each Delta, one curve per head
};

/// Throws InvalidInput (negative/non-finite distances, samples out of range, correlation outside [-1, 1]).
DecayResult computeDecay(const Encoding& encoding, const DecayOptions& options, const ProgressFn& progress = {});

/// 0, 1, ..., n-1.
std::vector<double> integerDistances(std::int64_t n);

} // namespace posenc::analysis
