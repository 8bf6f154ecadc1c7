// SPDX-License-Identifier: GPL-3.0-or-later
// MLX-LM: the frequencies and magnitude of mlx_lm/models/rope_utils.py (ml-explore/mlx-lm d78bf58e217c, read from
// /work/.mirror/ml-explore+mlx-lm) for a method instance, in float64. The formulas are restated (line numbers of
// that revision), no code is copied. MLX-LM passes `freqs` (periods, base^(2i/d) times a factor) to mx.fast.rope,
// whose kernel takes 1/freqs as inv_freq (mlx/backend/cpu/rope.cpp compute_rope_sincos).
#include "engines_internal.h"

#include "../methods/method_common.h"
#include "posenc/errors.h"

#include <cmath>

namespace posenc::engine_detail {

RotaryFrequencies mlxFrequencies(const std::string& id, const ParamSet& p, const RotaryFrequencies& hf,
                                 std::vector<std::string>& notes, std::vector<std::string>& divergences)
{
    RotaryFrequencies f = hf;
    if (id == "rope" || id == "llama3" || id == "dynamic-ntk")
        return f; // nn.RoPE, Llama3RoPE (lines 74-108), DynamicNTKScalingRoPE per call (lines 259-264): as HF
    if (id == "pi") {
        // initialize_rope lines 289-291: nn.RoPE(scale = 1/factor): the kernel multiplies the position by it.
        f.extras["position_multiplier"] = 1.0 / p.real("factor");
        return f;
    }
    if (id == "mrope" || id == "mrope-interleaved") {
        // lines 350-355: rope type mrope asserts three sections and returns nn.RoPE(dims, base): plain RoPE.
        notes.push_back("MLX-LM (rope_utils.py lines 350-355) turns rope type mrope into plain RoPE, rotating by the "
                        "token index: exact only for text before the first image or video (t = h = w = index); image "
                        "and video tokens lose their h and w ids, and later text lacks HF's rope_deltas offset");
        divergences.push_back("engine-mrope-plain");
        return f;
    }
    if (id == "yarn") {
        // YarnRoPE: yarn_find_correction_range always floors and ceils (lines 152-155; initialize_rope lines
        // 312-322 pass original_max_position_embeddings, beta_fast, beta_slow, mscale, mscale_all_dim only: no
        // truncate, no attention_factor); mscale g(s, mscale)/g(s, mscale_all_dim) with defaults 1 and 0
        // (lines 139-140, 171-173).
        const double s = p.real("factor");
        const double ms = p.real("mscale"), msAll = p.real("mscale-all-dim");
        f.attentionFactor = methods::yarnMscale(s, ms == 0.0 ? 1.0 : ms) / methods::yarnMscale(s, msAll);
        if (!p.flag("truncate") || p.choice("ramp") != "index") {
            double low = 0, high = 0;
            setRoundedYarnRamp(f, hf, p, low, high);
            if (!p.flag("truncate"))
                notes.push_back("MLX-LM's YarnRoPE always rounds the ramp bounds (truncate = false is not read): " +
                                formatNumber(low) + " / " + formatNumber(high) + " instead of " +
                                formatNumber(hf.extras.count("ramp_low") ? hf.extras.at("ramp_low") : low) + " / " +
                                formatNumber(hf.extras.count("ramp_high") ? hf.extras.at("ramp_high") : high));
            if (p.choice("ramp") != "index")
                notes.push_back("MLX-LM's YarnRoPE ramp is linear in the pair index between the bounds " +
                                formatNumber(low) + " / " + formatNumber(high) +
                                ": --ramp paper is not expressible and the index ramp is used");
            divergences.push_back(p.choice("ramp") == "index" ? "engine-bounds-rounded" : "ramp-convention");
        }
        if (std::abs(f.attentionFactor - hf.attentionFactor) > 1e-12) {
            notes.push_back("MLX-LM's YarnRoPE scales by g(s, mscale)/g(s, mscale_all_dim) with mscale default 1 and "
                            "mscale_all_dim default 0" +
                            std::string(p.has("attention-factor") ? " and does not read attention_factor (" +
                                                                        formatNumber(p.real("attention-factor")) + ")"
                                                                  : "") +
                            ": attention factor " + formatNumber(f.attentionFactor) + " (HF " +
                            formatNumber(hf.attentionFactor) + ")");
            divergences.push_back(p.has("attention-factor") ? "engine-attention-factor-ignored"
                                                            : "attention-factor-ratio");
        }
        return f;
    }
    if (id == "longrope") {
        // SuScaledRoPE: self._freqs = long_factor * base^(2i/d) for every length (lines 49-50); scale long_mscale or
        // sqrt(1 + ln(max_pos/L0)/ln L0) (lines 52-58); initialize_rope (lines 331-341) passes neither
        // short_mscale, long_mscale nor attention_factor.
        const double s = p.real("factor");
        const double L0 = p.real("original-max-position-embeddings");
        const auto& ext = p.list("long-factor");
        for (std::size_t i = 0; i < f.invFreq.size(); ++i)
            f.invFreq[i] = hf.baseInvFreq[i] / (ext.empty() ? 1.0 : ext[i]);
        f.attentionFactor = s <= 1.0 ? 1.0 : std::sqrt(1.0 + std::log(s) / std::log(L0));
        f.extras["uses_long_factor"] = 1.0;
        const bool hfLong = hf.extras.count("uses_long_factor") && hf.extras.at("uses_long_factor") != 0.0;
        if (!hfLong && p.list("long-factor") != p.list("short-factor")) {
            notes.push_back("MLX-LM's SuScaledRoPE uses the long factors at every length (rope_utils.py line 50); "
                            "HF uses the short factors while the length <= L0 = " +
                            formatNumber(L0));
            divergences.push_back("engine-long-factors-below-l0");
        }
        if (p.has("attention-factor")) {
            notes.push_back("MLX-LM's initialize_rope does not pass attention_factor (" +
                            formatNumber(p.real("attention-factor")) +
                            ") to SuScaledRoPE: " + formatNumber(f.attentionFactor));
            if (std::abs(f.attentionFactor - hf.attentionFactor) > 1e-12)
                divergences.push_back("engine-attention-factor-ignored");
        }
        return f;
    }
    throw InvalidInput("engine", "--engine mlx cannot express method " + id);
}

} // namespace posenc::engine_detail
