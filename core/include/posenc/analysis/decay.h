// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file decay.h
/// Attention-score decay against relative distance Delta, for every method kind (theory.md §1-2, §7-8).
///
/// Rotary methods (theta'_i the method's own, possibly scaled frequencies, P = d_rot/2 pairs, a the attention
/// factor, w_i(Delta) = zeta_i^(Delta/B) for xPos and 1 otherwise):
///  - roformer-bound U(Delta) = (1/P) sum_{j=1}^{P} |S_j(Delta)|, S_j = sum_{i<j} w_i e^{i Delta theta'_i}
///    (Su et al., RoFormer, arXiv:2104.09864, §3.4.3, Fig. 2; U(0) = (P+1)/2);
///  - similar-token B(Delta) = sum_i w_i cos(Delta theta'_i) (Men et al., arXiv:2405.14591, Theorem 1);
///  - all-ones = a^2 2 B(Delta) + (head_dim - d_rot) (q = k = 1);
///  - random-qk-mean / random-qk-std: mean and population standard deviation (divisor K) of
///    <R_m q, R_{m-Delta} k> over K draws q ~ N(0, I), k = rho q + sqrt(1 - rho^2) eps, eps ~ N(0, I), drawn
///    from posenc::NormalSampler(seed) in the order q_0..q_{hd-1}, eps_0..eps_{hd-1} per draw.
/// Sinusoidal: PE_m . PE_{m+Delta} = sum_i cos(Delta omega_i) (Vaswani et al. §3.5), reported as similar-token.
/// Learned tables: the mean over m of cos(PE_m, PE_{m+Delta}) (integer Delta below the table length).
/// ALiBi / T5: the bias of each head at query - key = Delta (Encoding::bias).
/// NoPE: no curve applies (only `distance` is filled).

#include "posenc/encoding.h"
#include "posenc/matrix.h"
#include "posenc/names.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace posenc::analysis {

/// The decay measures; their names are the CLI/GUI choice names and the column names of `compute decay`
/// (random-qk gives the columns random-qk-mean and random-qk-std; bias gives bias-head-H).
enum class DecayCurve { RoformerBound, SimilarToken, AllOnes, RandomQk, MeanCosine, Bias };
inline constexpr EnumName<DecayCurve> kDecayCurveNames[] = {
    {DecayCurve::RoformerBound, "roformer-bound"}, {DecayCurve::SimilarToken, "similar-token"},
    {DecayCurve::AllOnes, "all-ones"},             {DecayCurve::RandomQk, "random-qk"},
    {DecayCurve::MeanCosine, "mean-cosine"},       {DecayCurve::Bias, "bias"}};

struct DecayOptions {
    std::vector<double> distances;   ///< Delta values (>= 0; need not be integers or sorted)
    int samples = 0;                 ///< random q,k draws for random_qk_*; 0 = skip (rotary only), <= 1e6
    std::uint64_t seed = 0;
    double correlation = 0.9;        ///< k = rho q + sqrt(1 - rho^2) noise, rho in [-1, 1]
    std::size_t memoryBudget = kDefaultMemoryBudget; ///< decayPeakBytes() at most
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

/// Peak bytes of computeDecay's result for `distances` distances: the distances, up to 7 curves and one curve per
/// bias head (`biasHeads`, Encoding::biasHeads()). computeDecay refuses more than DecayOptions::memoryBudget.
double decayPeakBytes(double distances, int biasHeads);

/// Throws InvalidInput (negative/non-finite distances, samples out of range, correlation outside [-1, 1],
/// samples for a non-rotary method, fractional or too large Delta for tables and biases), BudgetExceeded or
/// Cancelled. Cost O(|distances| d) (plus O(|distances| min(K, d+1) d) for the random draws); equally spaced
/// distances use the angle-addition recurrence, both cores are used.
DecayResult computeDecay(const Encoding& encoding, const DecayOptions& options, const ProgressFn& progress = {});

/// 0, 1, ..., n-1. Throws InvalidInput("max-distance") unless 1 <= n <= 2^31.
std::vector<double> integerDistances(std::int64_t n);

} // namespace posenc::analysis
