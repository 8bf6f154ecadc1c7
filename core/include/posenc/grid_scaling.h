// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file grid_scaling.h
/// Resolution and length extrapolation of axial (image/video) RoPE per axis, and the per-token quantities the
/// explorer's grid views draw. Two published rules, as their code at diffusers 58eb52c08 computes them:
///  - per-axis NTK, Cosmos (transformer_cosmos.py:457 CosmosRotaryPosEmbed): θ_a′ = θ_a · s_a^(d_a/(d_a−2)),
///    one factor s_a per axis (its `rope_scale` (t, h, w)), d_a the axis' channels;
///  - Lumina-Next (models/embeddings.py:1087 get_2d_rotary_pos_embed_lumina → get_1d_rotary_pos_embed): θ′ = θ ·
///    ntk_factor (the factor itself, no exponent) and inv_freq / linear_factor (Position Interpolation: positions
///    divided by the factor); the Lumina pipeline (pipeline_lumina.py:768) sets one of the two to
///    √(W·H)/default_image_size², the other to 1.
/// Position Interpolation per axis is inv_freq_a / s_a in both.

#include "posenc/grid_rope.h"

#include <utility>

#include <cstddef>
#include <vector>

namespace posenc::grid {

/// How an axis' NTK factor enters θ: Exponent θ·s^(d/(d−2)) (Cosmos), Plain θ·s (Lumina-Next's ntk_factor).
enum class NtkRule { Exponent, Plain };

/// One axis' extrapolation: pi divides its frequencies (positions / pi), ntk raises its θ. 1 and 1: unchanged.
struct AxisScale {
    double pi = 1;
    double ntk = 1;
};

/// The model with every axis' θ and inv_freq rescaled: a frequency θ_a^(−x) (x = 2i/d_a for most families, Pixtral's
/// even/odd split of θ^(−2i/head_dim) too) becomes θ_a′^(−x) / pi_a. `scales` has one entry per axis (in the model's
/// axis order). InvalidInput("pi"/"ntk") for a factor that is not > 0 and finite, InvalidInput("axes") for the wrong
/// count, for an NTK factor ≠ 1 on a 2-channel axis with the Exponent rule (d/(d−2) is undefined) and on LTX-Video
/// (its frequencies θ^(k/(n−1))·π/2 are no powers θ^(−x): NTK is not defined for them; PI is).
Model scaleAxes(const Model& model, const std::vector<AxisScale>& scales, NtkRule rule);
/// The model with every axis' base θ replaced by `theta` (each frequency θ^(−x) becomes theta^(−x)).
/// InvalidInput("theta") for theta ≤ 1 and for LTX-Video (see scaleAxes).
Model withTheta(const Model& model, double theta);
/// Radians per grid step of axis `axis` for a frequency of 1: the model's id scale times its id unit (LTX-Video:
/// 2 · 32/2048 per row, ...; 1 for the families with integer ids). A pair's wavelength in tokens is
/// 2π / (inv_freq · tokenStep).
double tokenStep(const Model& model, int axis);

/// One rotary pair: its axis and its index inside the axis.
struct PairRef {
    int axis = 0;
    int index = 0;
};
/// Every pair in the model's pair order (axes concatenated, or (k, axis) with the axis fastest for LTX-Video).
std::vector<PairRef> pairRefs(const Model& model);
/// The axis of each of the head_dim channels, in the model's channel layout (Model::channels: pair j in channels
/// 2j and 2j + 1, or j and j + C/2; -1 for LTX-Video's leading unrotated channels).
std::vector<int> channelAxes(const Model& model);
/// The two channels of pair (axis, index) in the model's channel layout. InvalidInput("axis"/"pair") out of range.
std::pair<int, int> pairChannels(const Model& model, int axis, int index);

/// The rotation angle of pair (axis, index) at every token: inv_freq · (idScale · id_axis + idShift) (radians, not
/// wrapped; id_axis · inv_freq for every family but LTX-Video).
/// InvalidInput("axis"/"pair") when out of range.
std::vector<double> pairAngles(const Model& model, const std::vector<std::vector<double>>& positions, int axis,
                               int index);

/// Similarity of token `query` to every token: Σ over pairs of cos(angle_query − angle_token), the score ⟨R_q x,
/// R_k x⟩ of a vector x with unit pairs all (1, 0) — head_dim / 2 at the query itself, the 2-D decay picture.
std::vector<double> tokenSimilarity(const Model& model, const std::vector<std::vector<double>>& positions,
                                    std::size_t query);

} // namespace posenc::grid
