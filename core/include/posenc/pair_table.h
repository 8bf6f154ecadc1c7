// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file pair_table.h
/// The per-pair quantities of a rotary method and their names, defined once (issue 16, "one vocabulary"): the
/// CSV/JSON columns of `posenc compute frequencies`, the figure axes and notes and the explorer's pair table all
/// use these names and this band rule. The three ramp quantities mean different things and are never called
/// just "ramp":
///  - `gamma_paper`   γ(r) of the YaRN paper (Peng et al. 2023, Def. 2): 1 keeps θ, 0 interpolates to θ/s;
///  - `hf_ramp`       Hugging Face's `linear_ramp_factor` (modeling_rope_utils.py, _compute_yarn_parameters): the
///                    opposite orientation, 0 keeps θ, 1 interpolates (hf_ramp = 1 − γ; for Llama 3 it is
///                    1 − smooth_factor);
///  - `interpolation` log(θ/θ′)/log s: the fraction of log s a pair is divided by (0 kept, 1 fully θ/s), defined
///                    for every scaled method, with or without a ramp.

#include "posenc/names.h"
#include "posenc/encoding.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace posenc {

namespace quantity {
inline constexpr const char* kGammaPaper = "gamma_paper";
inline constexpr const char* kHfRamp = "hf_ramp";
inline constexpr const char* kInterpolation = "interpolation";
/// The name `compute frequencies` used before for gamma_paper; JSON still carries it (deprecated, same values).
inline constexpr const char* kOldGammaName = "ramp";
} // namespace quantity

/// Which band a pair is in, from its interpolation fraction x: keep (x = 0, θ′ = θ), interpolate (x = 1,
/// θ′ = θ/s) or ramp (between), with a tolerance of 1e-9. The one rule behind the Bounds counts, the shaded
/// bands of the figures and the pair table.
enum class PairBand { Keep, Ramp, Interpolate };
inline constexpr EnumName<PairBand> kPairBandNames[] = {
    {PairBand::Keep, "keep"}, {PairBand::Ramp, "ramp"}, {PairBand::Interpolate, "interpolate"}};
PairBand pairBand(double interpolationFraction);
std::string toString(PairBand band); ///< "keep", "ramp", "interpolate"

/// One row of the per-pair table.
struct PairRow {
    std::size_t pair = 0;
    std::size_t channelA = 0, channelB = 0; ///< the channels pair i rotates (RotaryFrequencies::channelA/B)
    double theta = 0, thetaPrime = 0;       ///< θᵢ before scaling, θ′ᵢ used (rad/position)
    double lambda = 0, lambdaPrime = 0;     ///< 2π/θ, 2π/θ′ (positions; +inf for a zero frequency)
    std::optional<double> r;                ///< L0/λᵢ: turns of the unscaled pair in L0 (unset without an L0)
    std::optional<double> gammaPaper;       ///< methods with a ramp (yarn, ntk-by-parts, llama3, ...)
    std::optional<double> hfRamp;           ///< 1 − gammaPaper
    std::optional<double> interpolation;    ///< scaled methods
    PairBand band = PairBand::Keep;         ///< pairBand(interpolation); Keep for unscaled methods
};

/// Every pair of `f`, highest frequency first.
std::vector<PairRow> pairRows(const RotaryFrequencies& f);

/// The values a method resolves its parameters to (shown next to the parameters and by `inspect`).
struct ResolvedValues {
    double attentionFactor = 1;        ///< a: multiplies cos and sin (rotated-channel logits scale by a²)
    double softmaxScaleMultiplier = 1; ///< DeepSeek's mscale² on the softmax scale of every channel (1 elsewhere)
    /// The base whose plain RoPE frequencies end at the method's lowest one; none when some pairs have frequency 0.
    std::optional<double> effectiveBase;
    std::optional<double> effectiveContext; ///< RotaryFrequencies::targetContext (unset without an L0)
};
ResolvedValues resolvedValues(const RotaryFrequencies& f);

/// The base b_eff whose plain RoPE frequencies b^(−2i/d) reach the method's lowest frequency at the last pair:
/// the base a scaled method behaves like at long range (NTK-aware: exactly its b′; PI: b·s^(d/(d−2))).
/// None when some pairs have frequency 0 (Proportional RoPE): they never turn, which no plain-RoPE base does.
std::optional<double> effectiveBase(const RotaryFrequencies& f);

} // namespace posenc
