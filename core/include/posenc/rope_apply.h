// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file rope_apply.h
/// RoPE applied to explicit vectors, and the resulting attention score.

#include "posenc/encoding.h"

#include <cstdint>
#include <span>
#include <vector>

namespace posenc {

/// R_m x: each pair (a, b) at angle m theta'_i becomes a*(a cos - b sin, a sin + b cos) (attention factor a);
/// channels >= d_rot pass through unchanged. xPos additionally scales pair i by zeta_i^(m/B) (`keySide`: by
/// zeta_i^(-m/B)). `x.size()` must equal head_dim.
std::vector<double> applyRotary(const RotaryFrequencies& f, std::span<const double> x, double position,
                                bool keySide = false);

/// <R_m q, R_n k> (with xPos: query scaled at m, key at n).
double rotaryScore(const RotaryFrequencies& f, std::span<const double> q, double m, std::span<const double> k,
                   double n);

/// The default probe [1,...,1,-1,...,-1] (first half ones) of length `headDim`.
std::vector<double> defaultProbe(int headDim);

} // namespace posenc
