// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Pieces of the level-of-detail code shared between its translation units.

#include "posenc/lod.h"

namespace posenc::lod {

/// k * theta reduced to [-pi, pi] (about), from the exact product, in double arithmetic: accurate to a few ulp of
/// the result for any |k| < 2^53 (phasor_sum.cpp).
double reducePhase(std::int64_t k, double theta);

/// Attention-bias view: query bins x key bins over the same window (exact rectangle means or point samples).
LodMatrix biasLod(const Encoding& encoding, const LodRequest& request, const ProgressFn& progress);

/// Phasor views: exact bin means from the closed-form geometric series.
Matrix phasorBinMeans(const PhasorLayout& layout, const std::vector<std::int64_t>& edges);

/// Throws Cancelled when `progress` returns false.
void reportProgress(const ProgressFn& progress, double fraction);

} // namespace posenc::lod
