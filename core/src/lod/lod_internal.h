// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Pieces of the level-of-detail code shared between its translation units.

#include "posenc/lod.h"

namespace posenc::lod {

/// x reduced to [-pi, pi] in extended precision (x = a * theta for positions up to ~1e7 stays accurate to ~1e-13).
long double reducePhase(long double x);

/// Attention-bias view: query bins x key bins over the same window (exact rectangle means or point samples).
LodMatrix biasLod(const Encoding& encoding, const LodRequest& request, const ProgressFn& progress);

/// Phasor views: exact bin means from the closed-form geometric series.
Matrix phasorBinMeans(const PhasorLayout& layout, const std::vector<std::int64_t>& edges);

/// Throws Cancelled when `progress` returns false.
void reportProgress(const ProgressFn& progress, double fraction);

} // namespace posenc::lod
