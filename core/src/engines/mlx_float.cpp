// SPDX-License-Identifier: GPL-3.0-or-later
// --arithmetic engine for MLX-LM: inv_freq as MLX computes it, replayed operation for operation (facts read from
// the code, none of it copied):
//  - mlx_lm/models/rope_utils.py @ d78bf58e217c builds `freqs` (periods) in float32 arrays: SuScaledRoPE
//    long_factor * base ** (arange(0, d, 2, float32) / d) (lines 49-50); YarnRoPE freq_extra = base ** (...),
//    freq_inter = factor * freq_extra, mask 1 - clip((arange(d/2) - low) / (high - low), 0, 1), freqs =
//    (freq_inter * freq_extra) / (freq_inter * mask + freq_extra * (1 - mask)) (lines 162-180); Llama3RoPE
//    lines 96-108 (arange of int32 divided by d, wavelens = 2 pi freqs, mx.where of the bands).
//  - mx.fast.rope on the CPU (ml-explore/mlx mlx/backend/cpu/rope.cpp @ 92175519729f compute_rope_sincos):
//    position = float(t + offset) * scale; inv_freq = 1.0f / freqs[j] when freqs are given, else
//    exp(float(-j) * log(base) / (d/2)) in float; theta = position * inv_freq; cos/sin in float.
// A Python float meeting a float32 array stays float32 (weak scalar); Python-side scalars (bounds, factors) are
// float64 and rounded to float32 where they meet an array.
#include "engines_internal.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc::engine_detail {

namespace {

/// base ** (arange(0, d, 2, float32) / d): float32 exponent, powf.
std::vector<float> periods(double base, int dim)
{
    std::vector<float> out(static_cast<std::size_t>(dim / 2));
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = std::pow(static_cast<float>(base), static_cast<float>(2 * i) / static_cast<float>(dim));
    return out;
}

std::vector<float> reciprocal(const std::vector<float>& freqs)
{
    std::vector<float> out(freqs.size());
    for (std::size_t i = 0; i < freqs.size(); ++i)
        out[i] = 1.0f / freqs[i];
    return out;
}

/// nn.RoPE without freqs: the kernel's exp(-j ln(base) / half_dims) in float.
std::vector<float> kernelInv(double base, int dim)
{
    const int half = dim / 2;
    const float logBase = std::log(static_cast<float>(base));
    std::vector<float> out(static_cast<std::size_t>(half));
    for (int j = 0; j < half; ++j)
        out[static_cast<std::size_t>(j)] = std::exp(static_cast<float>(-j) * logBase / static_cast<float>(half));
    return out;
}

std::vector<float> yarnFreqs(const ParamSet& p, const RotaryFrequencies& f)
{
    const auto lowIt = f.extras.find("ramp_low"), highIt = f.extras.find("ramp_high");
    if (lowIt == f.extras.end() || highIt == f.extras.end())
        return {};
    double low = lowIt->second, high = highIt->second;
    if (low == high)
        high += 0.001;
    const float lowF = static_cast<float>(low), spanF = static_cast<float>(high - low);
    const float sF = static_cast<float>(p.real("factor"));
    const std::vector<float> extra = periods(f.base, f.rotaryDim);
    std::vector<float> out(extra.size());
    for (std::size_t i = 0; i < extra.size(); ++i) {
        const float inter = sF * extra[i];
        const float mask = 1.0f - std::clamp((static_cast<float>(i) - lowF) / spanF, 0.0f, 1.0f);
        out[i] = (inter * extra[i]) / (inter * mask + extra[i] * (1.0f - mask));
    }
    return out;
}

std::vector<float> llama3Freqs(const ParamSet& p, const RotaryFrequencies& f)
{
    const double s = p.real("factor"), L0 = p.real("original-max-position-embeddings");
    const double lowFactor = p.real("alpha"), highFactor = p.real("beta");
    const float lowWavelen = static_cast<float>(L0 / lowFactor), highWavelen = static_cast<float>(L0 / highFactor);
    const float sF = static_cast<float>(s), piF = static_cast<float>(std::numbers::pi);
    std::vector<float> out = periods(f.base, f.rotaryDim);
    for (auto& x : out) {
        const float wavelen = 2.0f * piF * x;
        const float scaled = wavelen > lowWavelen ? x * sF : x;
        const bool medium = wavelen > highWavelen && wavelen < lowWavelen;
        const float smooth = (static_cast<float>(L0) / wavelen - static_cast<float>(lowFactor)) /
                             static_cast<float>(highFactor - lowFactor);
        const float smoothFreq = scaled / ((1.0f - smooth) / sF + smooth);
        x = medium ? smoothFreq : scaled;
    }
    return out;
}

} // namespace

std::vector<float> mlxInvFreq(const std::string& id, const ParamSet& p, const RotaryFrequencies& f)
{
    if (f.rotaryDim <= 0 || f.rotaryDim % 2 != 0)
        return {};
    if (id == "rope" || id == "pi" || id == "mrope" || id == "mrope-interleaved")
        return kernelInv(f.base, f.rotaryDim);
    if (id == "dynamic-ntk") {
        const auto prime = f.extras.find("base_prime");
        return kernelInv(prime == f.extras.end() ? f.base : prime->second, f.rotaryDim);
    }
    if (id == "yarn")
        return reciprocal(yarnFreqs(p, f));
    if (id == "llama3")
        return reciprocal(llama3Freqs(p, f));
    if (id == "longrope") {
        std::vector<float> freqs = periods(f.base, f.rotaryDim);
        const auto& ext = p.list("long-factor");
        for (std::size_t i = 0; i < freqs.size(); ++i)
            freqs[i] = (ext.empty() ? 1.0f : static_cast<float>(ext[i])) * freqs[i];
        return reciprocal(freqs);
    }
    return {};
}

} // namespace posenc::engine_detail
