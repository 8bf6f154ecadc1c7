// SPDX-License-Identifier: GPL-3.0-or-later
// --arithmetic engine for HF and vLLM: inv_freq as their PyTorch code computes it in float32 tensors, one rounding
// per tensor operation, replayed here operation for operation (facts read from the code, none of it copied):
//  - HF transformers decba1d2ea4e (2026-08-19), src/transformers/modeling_rope_utils.py: default and linear
//    (lines 184-190: 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim)), then /= factor),
//    dynamic (line 341, the base computed in Python float64), yarn (lines 464-481), llama3 (lines 642-660).
//  - vLLM rotary_embedding/base.py 04458da08417 RotaryEmbedding._compute_inv_freq (the same expression),
//    yarn_scaling_rope.py 0cd5784803d8 _compute_inv_freq with common.py yarn_linear_ramp_mask, llama3_rope.py
//    045d7575500e, dynamic_ntk_scaling_rope.py (base at max_model_len), linear_scaling_rope.py (positions / s:
//    the unscaled inv_freq here).
//  - SGLang rotary_embedding/ (base.py 0099dee6aa65, yarn.py and rope_variant.py 0b1fd02d56f0): vLLM's
//    expressions (_compute_inv_freq, YaRN's mask and blend, Llama 3's bands, LinearScaling's t / s).
//  - ORT GenAI builders/base.py a0c04eb1313b lines 2541-2582: 1.0 / (factor * base ** (...)), YaRN's
//    interpolation inv_freq / factor with unrounded float64 bounds; llama.py's bands as HF's.
// Python's `scalar / tensor` is Tensor.__rtruediv__ = reciprocal() * scalar (torch/_tensor.py): two roundings.
// A Python float meeting a float32 tensor is rounded to float32 first (type promotion keeps float32).
#include "engines_internal.h"

#include <algorithm>
#include <cmath>
#include <numbers>

// Each float32 operation is rounded on its own: no -march is given, so x86-64 has no FMA to contract into.
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

namespace posenc::engine_detail {

namespace {

/// base ** (torch.arange(0, dim, 2).float() / dim): float32 exponents, powf (torch's vectorised pow may differ by
/// one ulp: tests/data/engines/hf_f32_dump.py's values are compared to a stated bound).
std::vector<float> basePow(double base, int dim)
{
    std::vector<float> out(static_cast<std::size_t>(dim / 2));
    for (std::size_t i = 0; i < out.size(); ++i) {
        const float e = static_cast<float>(2 * i) / static_cast<float>(dim);
        out[i] = std::pow(static_cast<float>(base), e);
    }
    return out;
}

/// `scalar / t` as torch computes it: reciprocal(t) * float(scalar).
float rdiv(double scalar, float t)
{
    const float r = 1.0f / t;
    return r * static_cast<float>(scalar);
}

std::vector<float> defaultInv(double base, int dim)
{
    std::vector<float> p = basePow(base, dim);
    for (auto& x : p)
        x = rdiv(1.0, x);
    return p;
}

std::vector<float> yarnInv(const ParamSet& p, const RotaryFrequencies& f)
{
    const int dim = f.rotaryDim;
    const double base = f.base;
    const double s = p.real("factor");
    const double L0 = p.real("original-max-position-embeddings");
    // find_correction_range in Python float64 (modeling_rope_utils.py lines 448-460; common.py in vLLM)
    const auto corrDim = [&](double rotations) {
        return (dim * std::log(L0 / (rotations * 2.0 * std::numbers::pi))) / (2.0 * std::log(base));
    };
    double low = corrDim(p.real("beta")), high = corrDim(p.real("alpha"));
    if (p.flag("truncate")) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, static_cast<double>(dim - 1));
    if (low == high)
        high += 0.001;
    const std::vector<float> pos = basePow(base, dim);
    std::vector<float> out(pos.size());
    const float lowF = static_cast<float>(low), spanF = static_cast<float>(high - low), sF = static_cast<float>(s);
    for (std::size_t i = 0; i < pos.size(); ++i) {
        const float linear = (static_cast<float>(i) - lowF) / spanF;
        const float ramp = std::clamp(linear, 0.0f, 1.0f);
        const float extrapolationFactor = 1.0f - ramp;
        const float extrapolation = rdiv(1.0, pos[i]);
        const float interpolation = rdiv(1.0, sF * pos[i]);
        const float a = interpolation * (1.0f - extrapolationFactor);
        const float b = extrapolation * extrapolationFactor;
        out[i] = a + b;
    }
    return out;
}

std::vector<float> llama3Inv(const ParamSet& p, const RotaryFrequencies& f)
{
    std::vector<float> inv = defaultInv(f.base, f.rotaryDim);
    const double s = p.real("factor"), L0 = p.real("original-max-position-embeddings");
    const double lowFactor = p.real("alpha"), highFactor = p.real("beta");
    const float lowWavelen = static_cast<float>(L0 / lowFactor), highWavelen = static_cast<float>(L0 / highFactor);
    const float sF = static_cast<float>(s);
    for (auto& x : inv) {
        const float wavelen = rdiv(2.0 * std::numbers::pi, x);
        const float llama = wavelen > lowWavelen ? x / sF : x;
        const float smooth = (rdiv(L0, wavelen) - static_cast<float>(lowFactor)) /
                             static_cast<float>(highFactor - lowFactor);
        const float a = ((1.0f - smooth) * llama) / sF;
        const float b = smooth * llama;
        const bool medium = !(wavelen < highWavelen) && !(wavelen > lowWavelen);
        x = medium ? a + b : llama;
    }
    return inv;
}

/// ORT GenAI's make_inv_freq_rescaled_with_ntk (base.py lines 2541-2563 @ a0c04eb1313b): interpolation =
/// inv_freq / factor, bounds in float64 never rounded, ramp (arange - low) / (high - low) in float32.
std::vector<float> ortYarnInv(const ParamSet& p, const RotaryFrequencies& f)
{
    const std::vector<float> inv = defaultInv(f.base, f.rotaryDim);
    const auto lowIt = f.extras.find("ramp_low"), highIt = f.extras.find("ramp_high");
    if (lowIt == f.extras.end() || highIt == f.extras.end())
        return {};
    const float lowF = static_cast<float>(lowIt->second);
    const float spanF = static_cast<float>(highIt->second - lowIt->second);
    const float sF = static_cast<float>(p.real("factor"));
    std::vector<float> out(inv.size());
    for (std::size_t i = 0; i < inv.size(); ++i) {
        const float ramp = std::clamp((static_cast<float>(i) - lowF) / spanF, 0.0f, 1.0f);
        const float mask = 1.0f - ramp;
        const float interpolation = inv[i] / sF;
        out[i] = interpolation * (1.0f - mask) + inv[i] * mask;
    }
    return out;
}

/// 1.0 / (rescale_factors * base ** (arange / dim)) with float32 factors (SGLang's Phi3LongRoPE _compute_inv_freq,
/// ORT GenAI's make_rotary_embedding_caches_from_scratch with the multi-cache factors or the linear factor).
std::vector<float> rescaledInv(const std::vector<double>& factors, double scalar, double base, int dim)
{
    std::vector<float> p = basePow(base, dim);
    for (std::size_t i = 0; i < p.size(); ++i) {
        const float factor = factors.empty() ? static_cast<float>(scalar) : static_cast<float>(factors[i]);
        p[i] = rdiv(1.0, factor * p[i]);
    }
    return p;
}

} // namespace

std::vector<float> torchInvFreq(Engine engine, const std::string& id, const ParamSet& p, const RotaryFrequencies& f)
{
    if (f.rotaryDim <= 0 || f.rotaryDim % 2 != 0)
        return {};
    if (id == "rope")
        return defaultInv(f.base, f.rotaryDim);
    if (engine == Engine::OrtGenai) {
        if (id == "pi")
            return rescaledInv({}, p.real("factor"), f.base, f.rotaryDim);
        if (id == "yarn")
            return ortYarnInv(p, f);
        if (id == "longrope")
            return rescaledInv(p.list(f.extras.count("uses_long_factor") && f.extras.at("uses_long_factor") != 0.0
                                          ? "long-factor"
                                          : "short-factor"),
                               1.0, f.base, f.rotaryDim);
    }
    if (engine == Engine::Sglang && id == "longrope")
        return rescaledInv(p.list(f.extras.count("uses_long_factor") && f.extras.at("uses_long_factor") != 0.0
                                      ? "long-factor"
                                      : "short-factor"),
                           1.0, f.base, f.rotaryDim);
    if (id == "pi") {
        std::vector<float> inv = defaultInv(f.base, f.rotaryDim);
        if (engine == Engine::Hf) // inv_freq /= factor; vLLM and SGLang divide the positions instead
            for (auto& x : inv)
                x /= static_cast<float>(p.real("factor"));
        return inv;
    }
    if (id == "dynamic-ntk") {
        const auto prime = f.extras.find("base_prime");
        return defaultInv(prime == f.extras.end() ? f.base : prime->second, f.rotaryDim);
    }
    if (id == "yarn") {
        if (p.choice("ramp") == "paper")
            return {};
        // vLLM's DeepSeek path (DeepseekScalingRotaryEmbedding) is not replayed
        if (engine == Engine::Vllm && (p.real("mscale") != 0.0 || p.real("mscale-all-dim") != 0.0))
            return {};
        return yarnInv(p, f);
    }
    if (id == "llama3")
        return llama3Inv(p, f);
    return {};
}

} // namespace posenc::engine_detail
