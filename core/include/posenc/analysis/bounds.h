// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file bounds.h
/// Context-length bounds and band summaries for the rotary family (theory.md §2-3).

#include "posenc/encoding.h"

#include <cstdint>
#include <optional>

namespace posenc::analysis {

struct BoundsResult {
    std::optional<int> criticalDim;             ///< d_extra (Liu et al. 2023): 2 ceil((d/2) log_b(L0/2pi))
    std::optional<double> extrapolationBound;   ///< T_extra = 2 pi b^(d_extra/d)
    std::optional<std::int64_t> lTheta;         ///< first Delta with B(Delta) < 0, minus 1 (Men et al. Eq. 10)
    std::optional<double> baseLowerBound;       ///< smallest feasible base for the context length (definition in docs)
    int pairsKept = 0;                          ///< theta' == theta
    int pairsRamped = 0;                        ///< strictly between
    int pairsInterpolated = 0;                  ///< theta' == theta / s (or the lowest band)
    double largestWavelength = 0;
    double originalContext = 0;                 ///< L0 (0 if the method has none)
    double targetContext = 0;                   ///< the --context-length used
};

/// Throws InvalidInput for non-rotary methods or a non-positive context length.
BoundsResult computeBounds(const Encoding& encoding, double contextLength);

} // namespace posenc::analysis
