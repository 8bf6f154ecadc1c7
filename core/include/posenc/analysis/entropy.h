// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file entropy.h
/// Attention entropy against context length (theory.md §6, conventions.md "Curves").

#include "posenc/encoding.h"
#include "posenc/matrix.h"

#include <cstdint>
#include <vector>

namespace posenc::analysis {

enum class ScoreModel { AllOnes, ExpectedSimilar };
enum class Temperature {
    Method,   ///< the method's own attention factor a enters the score as a^2 (YaRN, LongRoPE); a = 1 elsewhere
    None,     ///< a = 1 for every method
    LogN,     ///< a = 1, logits x max(1, log_{L0} n) (Qwen / Su)
    SeedLog2  ///< a = 1, logits / t, t = 1 + gamma log2(n / L0) for n > L0 (the seed article's rule)
};

struct EntropyOptions {
    std::int64_t maxLength = 0;          ///< N: H(n) for n = 1..N is computed in one O(N d) + O(N) pass
    std::vector<std::int64_t> lengths;   ///< n values to report (each in 1..N); empty = every n in 1..N
    ScoreModel score = ScoreModel::AllOnes;
    double sigma2 = 1.0;                 ///< ExpectedSimilar: variance of q's components
    Temperature temperature = Temperature::Method;
    double gamma = 0.1;                  ///< SeedLog2 coefficient
    double originalLength = 4096;        ///< L0 for LogN / SeedLog2 (the method's own L0 when it has one)
};

struct EntropyResult {
    std::vector<double> length;                ///< n
    std::vector<double> entropy;               ///< H(n) in nats
    std::vector<double> entropyOverLogLength;  ///< H(n)/ln n (NaN at n = 1)
    std::vector<double> uniform;               ///< ln n
};

/// Throws InvalidInput (N <= 0 or above 2^31, lengths outside 1..N, sigma2 <= 0, ...) or Cancelled.
EntropyResult computeEntropy(const Encoding& encoding, const EntropyOptions& options,
                             const ProgressFn& progress = {});

} // namespace posenc::analysis
