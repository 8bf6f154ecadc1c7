// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file grid_dype.h
/// DyPE (Issachar et al. 2025, "Dynamic Position Extrapolation"): YaRN or NTK of one spatial RoPE axis whose strength
/// follows the diffusion timestep t ∈ (0, 1] (1 = pure noise). Two published codes that differ, both reproduced:
///  - Official — the authors' guyyariv/DyPE 436fe61, flux/transformer_flux.py:514 get_1d_rotary_pos_embed (yarn,
///    dype) and :656 FluxPosEmbed (ntk): κ(t) = t², YaRN's ramp ends multiplied, β = (1.25κ, 0.75κ),
///    γ = (16κ, 2κ); mscale 0.1·ln s + 1 at every t; NTK θ·(s^(d/(d−2)))^(2t²).
///  - ComfyUI — wildminder/ComfyUI-DyPE 3fd9149, src/rope.py:92 get_1d_yarn_pos_embed, :160 get_1d_ntk_pos_embed,
///    src/base.py:191: k(t) = dype_scale·t^dype_exponent (2, 2: k = 2t²), the ramp ends raised to that power,
///    β = (1.25^k, 0.75^k), γ = (16^k, 2^k) — at t = 1 they are squared, not kept; mscale 1 + 0.1·ln s/√s (or the
///    authors' 0.1·ln s + 1 with use_aggressive_mscale); NTK the same θ·(s^(d/(d−2)))^k.
/// s = target / base extent (in patches); at s ≤ 1 both leave the axis unchanged.

#include <string>
#include <vector>

namespace posenc::grid {

enum class DypeVariant { Official, ComfyUI };
enum class DypeMethod { Yarn, Ntk };

struct DypeRequest {
    DypeVariant variant = DypeVariant::Official;
    DypeMethod method = DypeMethod::Yarn;
    int dim = 0;                   ///< the axis' channels (2 per pair)
    double theta = 10000;          ///< the axis' RoPE base
    double base = 64;              ///< training extent in patches (FLUX: 1024 px / 16 = 64)
    double target = 64;            ///< the generated extent in patches
    double t = 1;                  ///< timestep, (0, 1], 1 = pure noise
    double dypeScale = 2;          ///< ComfyUI's dype_scale (the official code has none: κ = t²)
    double dypeExponent = 2;       ///< ComfyUI's dype_exponent
    bool aggressiveMscale = false; ///< ComfyUI: 0.1·ln s + 1 instead of 1 + 0.1·ln s/√s
};

struct DypeAxis {
    std::vector<double> invFreq; ///< one per pair
    double mscale = 1;           ///< the factor cos and sin are multiplied by (YaRN's attention temperature)
    double strength = 1;         ///< κ(t) (official) or k(t) (ComfyUI)
};

/// The axis at timestep t. InvalidInput naming the value and rule: dim odd or < 4, θ ≤ 1, base or target ≤ 0,
/// t outside (0, 1] (t = 0 divides by zero in both codes' correction range).
DypeAxis dypeAxis(const DypeRequest& request);
/// "official" / "comfyui", "yarn" / "ntk"; InvalidInput listing the choices.
DypeVariant parseDypeVariant(const std::string& name);
DypeMethod parseDypeMethod(const std::string& name);

} // namespace posenc::grid
