// SPDX-License-Identifier: GPL-3.0-or-later
// DyPE's timestep-dependent YaRN / NTK of one spatial axis (posenc/grid_dype.h), as the authors' code
// (guyyariv/DyPE 436fe61 flux/transformer_flux.py:485-650, 700-719) and ComfyUI-DyPE's (wildminder/ComfyUI-DyPE
// 3fd9149 src/rope.py:5-178, src/base.py:170-198) compute it.
#include "posenc/grid_dype.h"

#include "posenc/errors.h"
#include "posenc/params.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc::grid {

namespace {

/// find_correction_factor: the pair index whose wavelength makes `rotations` turns over `length` positions.
double correctionFactor(double rotations, int dim, double theta, double length)
{
    return dim * std::log(length / (rotations * 2 * std::numbers::pi)) / (2 * std::log(theta));
}

/// find_correction_range, then clamped to [0, dim/2] as get_1d_*_pos_embed do.
std::pair<double, double> correctionRange(double lowRot, double highRot, int dim, double theta, double length)
{
    double low = std::max(std::floor(correctionFactor(lowRot, dim, theta, length)), 0.0);
    double high = std::min(std::ceil(correctionFactor(highRot, dim, theta, length)), static_cast<double>(dim - 1));
    low = std::max(0.0, low);
    high = std::min(static_cast<double>(dim / 2), high);
    return {low, high};
}

/// 1 − linear_ramp_mask(low, high, dim/2): 1 on the pairs below `low` (fast pairs), 0 above `high`.
std::vector<double> keepMask(std::pair<double, double> range, int pairs)
{
    auto [lo, hi] = range;
    if (lo == hi)
        hi += 0.001; // the codes' guard against a zero-width ramp
    std::vector<double> m(static_cast<std::size_t>(pairs));
    for (int j = 0; j < pairs; ++j)
        m[static_cast<std::size_t>(j)] = 1 - std::clamp((j - lo) / (hi - lo), 0.0, 1.0);
    return m;
}

} // namespace

DypeVariant parseDypeVariant(const std::string& name)
{
    if (name == "official")
        return DypeVariant::Official;
    if (name == "comfyui")
        return DypeVariant::ComfyUI;
    throw InvalidInput("dype-variant", "DyPE variant \"" + name +
                                           "\": official (guyyariv/DyPE: ramp ends times t^2) or comfyui "
                                           "(ComfyUI-DyPE: ramp ends to the power dype_scale*t^dype_exponent)");
}

DypeMethod parseDypeMethod(const std::string& name)
{
    if (name == "yarn")
        return DypeMethod::Yarn;
    if (name == "ntk")
        return DypeMethod::Ntk;
    throw InvalidInput("dype-method", "DyPE method \"" + name + "\": yarn or ntk");
}

DypeAxis dypeAxis(const DypeRequest& r)
{
    if (r.dim < 4 || r.dim % 2 != 0)
        throw InvalidInput("dim", "dim " + std::to_string(r.dim) + ": the axis' channels must be even and >= 4 "
                                                            "(d/(d-2) in NTK)");
    if (!(r.theta > 1) || !std::isfinite(r.theta))
        throw InvalidInput("theta", "theta " + formatNumber(r.theta) + ": must be > 1 and finite");
    if (!(r.base > 0) || !(r.target > 0) || !std::isfinite(r.base) || !std::isfinite(r.target))
        throw InvalidInput("target", "DyPE extents base " + formatNumber(r.base) + ", target " +
                                         formatNumber(r.target) + ": both must be > 0 patches");
    if (!(r.t > 0) || r.t > 1)
        throw InvalidInput("dype-timestep", "dype-timestep " + formatNumber(r.t) +
                                                ": must be in (0, 1] (1 = pure noise; at 0 the correction range "
                                                "divides by zero in both codes)");
    const int pairs = r.dim / 2;
    DypeAxis out;
    out.strength = r.variant == DypeVariant::Official ? r.t * r.t : r.dypeScale * std::pow(r.t, r.dypeExponent);
    std::vector<double> base(static_cast<std::size_t>(pairs));
    for (int j = 0; j < pairs; ++j)
        base[static_cast<std::size_t>(j)] = 1.0 / std::pow(r.theta, 2.0 * j / r.dim);
    const double s = r.target / r.base;
    if (s <= 1) { // both codes: no extrapolation needed, the plain axis
        out.invFreq = base;
        return out;
    }
    const double ntkBase = std::pow(s, static_cast<double>(r.dim) / (r.dim - 2));
    if (r.method == DypeMethod::Ntk) { // θ · max(1, base_ntk^(2t²)) (official) or base_ntk^k (ComfyUI)
        const double factor =
            std::max(1.0, std::pow(ntkBase, r.variant == DypeVariant::Official ? 2 * r.t * r.t : out.strength));
        out.invFreq.resize(base.size());
        for (int j = 0; j < pairs; ++j)
            out.invFreq[static_cast<std::size_t>(j)] = 1.0 / std::pow(r.theta * factor, 2.0 * j / r.dim);
        return out;
    }
    double b0 = 1.25, b1 = 0.75, g0 = 16, g1 = 2;
    if (r.variant == DypeVariant::Official) {
        b0 *= out.strength;
        b1 *= out.strength;
        g0 *= out.strength;
        g1 *= out.strength;
    } else {
        b0 = std::pow(b0, out.strength);
        b1 = std::pow(b1, out.strength);
        g0 = std::pow(g0, out.strength);
        g1 = std::pow(g1, out.strength);
    }
    const double newTheta = r.theta * ntkBase;
    const auto beta = keepMask(correctionRange(b0, b1, r.dim, r.theta, r.base), pairs);
    const auto gamma = keepMask(correctionRange(g0, g1, r.dim, r.theta, r.base), pairs);
    out.invFreq.resize(base.size());
    for (std::size_t j = 0; j < base.size(); ++j) {
        const double linear = base[j] / s, ntk = 1.0 / std::pow(newTheta, 2.0 * static_cast<double>(j) / r.dim);
        const double mixed = linear * (1 - beta[j]) + ntk * beta[j];
        out.invFreq[j] = mixed * (1 - gamma[j]) + base[j] * gamma[j];
    }
    out.mscale = r.variant == DypeVariant::Official || r.aggressiveMscale ? 0.1 * std::log(s) + 1
                                                                          : 1 + 0.1 * std::log(s) / std::sqrt(s);
    return out;
}

} // namespace posenc::grid
