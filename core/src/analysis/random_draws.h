// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Mean and spread of the rotary score <R_m q, R_{m-D} k> over seeded random draws (decay.h documents the model).

#include "posenc/encoding.h"
#include "posenc/matrix.h"

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace posenc::analysis::detail {

/// Per distance: the mean and the population standard deviation over `samples` draws. Cost per distance
/// O(min(K, 2P+1) (2P+1)): with more draws than features the score is a linear form in the 2P+1 draw features,
/// so its moments follow from their mean and covariance (accumulated once, pairwise-merged in blocks).
std::pair<std::vector<double>, std::vector<double>> randomScoreMoments(const RotaryFrequencies& f,
                                                                       std::span<const double> distances,
                                                                       int samples, std::uint64_t seed,
                                                                       double correlation,
                                                                       const ProgressFn& progress);

} // namespace posenc::analysis::detail
