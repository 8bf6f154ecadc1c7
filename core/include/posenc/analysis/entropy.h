// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file entropy.h
/// Attention entropy against context length (theory.md §6, conventions.md "Curves").
///
/// The last query of a context of n tokens attends to keys at relative distances Delta = 0 .. n-1 with logits
/// z(Delta) = c_n * score(Delta); H(n) = log sum e^z - sum p z (nats), p = softmax(z). Score models:
///  - rotary: score = sigma2 (a^2 2 sum_i w_i cos(Delta theta'_i) + (head_dim - d_rot)) / sqrt(head_dim), the
///    expected logit of a key with the query's content (Men et al. k* = q; all-ones q = k when sigma2 = 1);
///    w_i = zeta_i^(Delta/B) for xPos, 1 otherwise; the method's softmax-scale multiplier (DeepSeek) applies to
///    all channels under Temperature::Method;
///  - sinusoidal (identity projections): score = (1/sqrt(d_model)) sum_i cos(Delta omega_i);
///  - ALiBi / T5: score = bias(head, Delta) (T5 needs learned bucket values: bucket indices are not a bias);
///  - NoPE: score = 0 (H = ln n).
/// With c_n = 1 (temperature method / none, or n <= L0) all H(1..N) come from one running log-sum-exp pass:
/// M = max z, S = sum e^(z-M), T = sum (z-M) e^(z-M), H = ln S - T/S; O(N d) for the scores + O(N).
/// LogN and SeedLog2 make c_n depend on n: each reported n > L0 then costs an exact O(n) pass of its own
/// (total O(N d) + O(sum of reported n > L0)); pass a log-spaced `lengths` list for long curves.
/// A sliding window or chunked attention (EntropyOptions::span, HF's masks) limits the keys: the last query of n
/// tokens sees k(n) = span.keysSeen(n - 1) keys at Delta = 0 .. k(n)-1 (min(n, W); (n-1) mod C + 1), so
/// H(n) = H over those keys with the logits scaled by c_n (the temperature still follows the position n).

#include "posenc/attention_span.h"
#include "posenc/encoding.h"
#include "posenc/matrix.h"
#include "posenc/method.h"
#include "posenc/names.h"

#include <cstdint>
#include <vector>

namespace posenc::analysis {

enum class ScoreModel { AllOnes, ExpectedSimilar };
enum class Temperature {
    Method,   ///< the method's own attention factor a enters the score as a^2 (YaRN, LongRoPE); a = 1 elsewhere
    None,     ///< a = 1 for every method
    LogN,     ///< a = 1, logits x max(1, log_{L0} n) (Qwen / Su)
    SeedLog2, ///< a = 1, logits / t, t = 1 + gamma log2(n / L0) for n > L0 (the seed article's rule)
    SuLog512, ///< a = 1, logits x log_512 n (Su's entropy-invariant scale; below 1 for n < 512)
    Llama4Nope, ///< a = 1, query x log1p(floor(n / floor_scale)) attn_scale + 1 (Llama 4 NoPE layers)
    Llama4ScalingBeta ///< the method's a, query x (1 + beta ln(1 + floor((n - 1) / L0))) (Ministral 3, Mistral 4)
};
// The n-dependent rules (LogN .. Llama4Nope) are rows of the attention-scaling table (attention_scale.h):
// LogN = qwen-log-n, SeedLog2 = seed-log2, SuLog512 = su-log512, Llama4Nope = llama4-nope,
// Llama4ScalingBeta = llama4-scaling-beta. Llama4ScalingBeta multiplies the query of every layer after RoPE, on top
// of the method's own attention factor (Ministral 3 is YaRN with it: modeling_ministral3.py:144-150), so it keeps a.

/// The one spelling of each choice (CLI --score / --temperature, GUI, JSON).
inline constexpr EnumName<ScoreModel> kScoreModelNames[] = {{ScoreModel::AllOnes, "all-ones"},
                                                            {ScoreModel::ExpectedSimilar, "expected-similar"}};
inline constexpr EnumName<Temperature> kTemperatureNames[] = {{Temperature::Method, "method"},
                                                              {Temperature::None, "none"},
                                                              {Temperature::LogN, "log-n"},
                                                              {Temperature::SeedLog2, "seed-log2"},
                                                              {Temperature::SuLog512, "su-log512"},
                                                              {Temperature::Llama4Nope, "llama4-nope"},
                                                              {Temperature::Llama4ScalingBeta, "llama4-scaling-beta"}};

/// Whether a temperature keeps the method's own attention factor a (and softmax-scale multiplier) in the logits:
/// method, and llama4-scaling-beta (a query scale on top of the cos/sin factor, as in Ministral 3's YaRN).
constexpr bool keepsMethodFactor(Temperature t)
{
    return t == Temperature::Method || t == Temperature::Llama4ScalingBeta;
}

/// The longest context the entropy is computed for (2^31; the cost grows with it: O(N d) per method).
inline constexpr std::int64_t kEntropyMaxLength = std::int64_t(1) << 31;

/// The default score model, declared once: expected-similar with sigma2 = 0.25 (the golden data's variance). With
/// it interpolation raises H and YaRN's temperature brings it back to RoPE's; all-ones (q = k = 1, a logit of
/// sqrt(head_dim) at Delta = 0) is the sharpest case and makes any attention factor move H by nats.
inline constexpr ScoreModel kDefaultScoreModel = ScoreModel::ExpectedSimilar;
inline constexpr double kDefaultSigma2 = 0.25;

struct EntropyOptions {
    std::int64_t maxLength = 0;          ///< N: H(n) for n = 1..N is computed in one O(N d) + O(N) pass
    std::vector<std::int64_t> lengths;   ///< n values to report (each in 1..N); empty = every n in 1..N
    ScoreModel score = kDefaultScoreModel;
    double sigma2 = kDefaultSigma2;      ///< ExpectedSimilar: variance of q's components
    Temperature temperature = Temperature::Method;
    double gamma = 0.1;                  ///< SeedLog2 coefficient
    double originalLength = 4096;        ///< L0 for LogN / SeedLog2 (the method's own L0 when it has one)
    double floorScale = 8192;            ///< Llama4Nope floor_scale
    double attnScale = 0.1;              ///< Llama4Nope attn_scale
    /// Llama4ScalingBeta's beta and L0 (rope_parameters llama_4_scaling_beta, original_max_position_embeddings);
    /// the defaults are Ministral3Config's (configuration_ministral3.py:96-107). A config that sets them fixes them
    /// (io::HfEncoding::analysisDefaults).
    double beta = 0.1;
    double betaLength = 16384;
    int head = 0;                        ///< attention-bias methods: which head
    AttentionSpan span;                  ///< which keys the last query sees (full: all n)
    /// Work limit for the n-dependent temperatures: sum of the reported n > L0 (exp evaluations).
    double maxWork = 4.0e9;
};

struct EntropyResult {
    std::vector<double> length;                ///< n
    std::vector<double> entropy;               ///< H(n) in nats
    std::vector<double> entropyOverLogLength;  ///< H(n)/ln n (NaN at n = 1)
    std::vector<double> uniform;               ///< ln k(n): uniform attention over the keys seen (ln n if full)
    std::vector<double> keys;                  ///< k(n): keys the last query sees (n under full attention)
};

/// Throws InvalidInput (N <= 0 or above 2^31, a sliding/chunked span of size < 1, lengths outside 1..N, sigma2 <= 0, a learned table, a head out of
/// range, work above maxWork, ...), BudgetExceeded or Cancelled.
EntropyResult computeEntropy(const Encoding& encoding, const EntropyOptions& options,
                             const ProgressFn& progress = {});

/// Why an encoding has no attention entropy: the one decision that computeEntropy() throws on and that callers
/// use to say so in their own words (the GUI translates it).
enum class EntropyGap {
    None,          ///< the entropy applies
    BiasNotLogits, ///< an attention bias not in logit units (T5 without bucket values: bucket indices)
    NoScoreModel,  ///< a learned position table: its dot products depend on both positions, not only on q − k
};
EntropyGap entropyGap(const Encoding& encoding);

/// Checks, before a long computation, that the method's encoding can enter an entropy at all (entropyGap() is
/// None). Throws InvalidInput("bucket-values" or "method") with the reason. computeEntropy() performs the same
/// check itself.
void checkEntropyParams(const MethodDef& method, const ParamSet& params);

/// About `perDecade` log-spaced integers in 1..n (always including 1 and n), increasing, without duplicates.
std::vector<std::int64_t> logSpacedLengths(std::int64_t n, int perDecade = 50);

} // namespace posenc::analysis
