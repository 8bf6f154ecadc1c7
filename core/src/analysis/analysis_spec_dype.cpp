// SPDX-License-Identifier: GPL-3.0-or-later
// `dype` declared once (analysis_spec.h): DyPE's timestep-dependent YaRN or NTK of one spatial RoPE axis of an
// image model (posenc/grid_dype.h), in either published code. A function of its options: it uses no encoding.
#include "analysis_specs_p.h"

#include "posenc/grid_dype.h"
#include "posenc/param_builders.h"

#include <cmath>
#include <numbers>

namespace posenc::analysis {

namespace {

AnalysisOutput run(const Encoding*, const ParamSet& p, const RunContext&)
{
    grid::DypeRequest r;
    r.variant = grid::parseDypeVariant(p.choice("dype-variant"));
    r.method = grid::parseDypeMethod(p.choice("dype-method"));
    r.dim = static_cast<int>(p.integer("dim"));
    r.theta = p.real("theta");
    r.base = p.real("base");
    r.target = p.real("target");
    r.t = p.real("dype-timestep");
    r.dypeScale = p.real("dype-scale");
    r.dypeExponent = p.real("dype-exponent");
    r.aggressiveMscale = p.choice("aggressive-mscale") == "yes";
    const grid::DypeAxis axis = grid::dypeAxis(r);
    std::vector<double> pair, plain, invFreq, wavelength, ratio;
    for (std::size_t j = 0; j < axis.invFreq.size(); ++j) {
        pair.push_back(static_cast<double>(j));
        plain.push_back(1.0 / std::pow(r.theta, 2.0 * static_cast<double>(j) / r.dim));
        invFreq.push_back(axis.invFreq[j]);
        wavelength.push_back(2 * std::numbers::pi / axis.invFreq[j]);
        ratio.push_back(plain.back() / axis.invFreq[j]);
    }
    AnalysisOutput out;
    out.scalars = {{"scale", r.target / r.base}, {"strength", axis.strength}, {"mscale", axis.mscale}};
    out.columns = {{"pair", std::move(pair)},
                   {"inv_freq_plain", std::move(plain)},
                   {"inv_freq", std::move(invFreq)},
                   {"wavelength", std::move(wavelength)},
                   {"slowdown", std::move(ratio)}};
    return out;
}

} // namespace

AnalysisSpec dypeSpec()
{
    AnalysisSpec s;
    s.id = "dype";
    s.summary = "DyPE (Issachar et al. 2025): YaRN or NTK of one spatial RoPE axis whose strength follows the "
                "diffusion timestep t (1 = pure noise), in either published code: official (guyyariv/DyPE: the ramp "
                "ends times t^2, mscale 0.1 ln s + 1) or comfyui (ComfyUI-DyPE: the ramp ends to the power "
                "dype_scale t^dype_exponent, mscale 1 + 0.1 ln s / sqrt s). s = target / base extent in patches; at "
                "s <= 1 the axis is unchanged.";
    s.options = {
        choiceParam("dype-variant", "official", {"official", "comfyui"},
                    "official: guyyariv/DyPE (kappa = t^2 multiplies the ramp ends); comfyui: ComfyUI-DyPE (the "
                    "ramp ends raised to dype_scale t^dype_exponent)"),
        choiceParam("dype-method", "yarn", {"yarn", "ntk"}, "the extrapolation whose strength DyPE varies"),
        intParam("dim", 56, 4, 65536, "channels", "the axis' channels, 2 per pair (FLUX.1: 56 for h and for w)"),
        realParam("theta", 10000, 1, 1e12, "", "the axis' RoPE base (FLUX.1: 10000)"),
        realParam("base", 64, 1e-9, 1e9, "patches",
                  "the training extent of the axis (FLUX.1: 1024 px / 16 px per token = 64)"),
        realParam("target", 128, 1e-9, 1e9, "patches", "the generated extent of the axis (2048 px: 128)"),
        realParam("dype-timestep", 1, 0, 1, "", "diffusion timestep t in (0, 1]: 1 = pure noise, towards 0 = clean"),
        realParam("dype-scale", 2, 0, 1e3, "", "comfyui: dype_scale (k = dype_scale t^dype_exponent)"),
        realParam("dype-exponent", 2, 0, 1e3, "", "comfyui: dype_exponent"),
        choiceParam("aggressive-mscale", "no", {"yes", "no"},
                    "comfyui: yes uses the authors' mscale 0.1 ln s + 1 (use_aggressive_mscale)"),
    };
    s.columns = {
        {"scale", "s = target / base", true, ResultShape::Number},
        {"strength", "kappa(t) = t^2 (official) or k(t) = dype_scale t^dype_exponent (comfyui)", true,
         ResultShape::Number},
        {"mscale", "the factor cos and sin are multiplied by (1 for NTK and at s <= 1)", true, ResultShape::Number},
        {"pair", "pair index j of the axis"},
        {"inv_freq_plain", "theta^(-2j/dim): the axis unscaled (radians per patch)"},
        {"inv_freq", "the axis' frequency at this timestep (radians per patch)"},
        {"wavelength", "2 pi / inv_freq, in patches"},
        {"slowdown", "inv_freq_plain / inv_freq: 1 kept, s interpolated"},
    };
    s.run = &run;
    s.usesEncoding = false;
    return s;
}

} // namespace posenc::analysis
