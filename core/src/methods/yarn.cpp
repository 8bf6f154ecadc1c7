// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

#include "posenc/errors.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc::methods {

namespace {

/// YaRN reference code `find_correction_dim`: the (fractional) pair index whose wavelength makes `rotations`
/// turns in L0: d ln(L0 / (2 pi N)) / (2 ln base).
double correctionDim(double rotations, int dim, double base, double L0)
{
    return dim * std::log(L0 / (rotations * 2.0 * std::numbers::pi)) / (2.0 * std::log(base));
}

/// Reference-code ramp (HF _compute_yarn_parameters): linear in the pair index between low = floor(i*(beta))
/// and high = ceil(i*(alpha)), clamped to [0, d_rot-1]. Returns gamma = 1 - linear ramp (1 keeps theta).
std::vector<double> indexRamp(std::size_t pairs, int dim, double base, double L0, double alpha, double beta,
                              bool truncate, double& low, double& high)
{
    low = correctionDim(beta, dim, base, L0);
    high = correctionDim(alpha, dim, base, L0);
    if (truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, static_cast<double>(dim - 1));
    double hi = high;
    if (low == hi)
        hi += 0.001; // the reference avoids a division by zero this way
    std::vector<double> gamma(pairs);
    for (std::size_t j = 0; j < pairs; ++j) {
        const double linear = std::clamp((static_cast<double>(j) - low) / (hi - low), 0.0, 1.0);
        gamma[j] = 1.0 - linear;
    }
    return gamma;
}

} // namespace

MethodDef yarnMethod()
{
    MethodDef m;
    m.info.id = "yarn";
    m.info.displayName = "YaRN";
    m.info.summary = "NTK-by-parts frequencies plus attention temperature: cos and sin scaled by "
                     "sqrt(1/t) = 0.1 ln s + 1 (or the DeepSeek mscale rule).";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = "Peng et al., YaRN, arXiv:2309.00071, Def. 3, Eq. 22; HF _compute_yarn_parameters; "
                      "DeepSeek-V2/V3 yarn_get_mscale";
    auto truncate = boolParam("truncate", true,
                              "Round the ramp's index bounds down/up to integers (reference code default).");
    auto ramp = choiceParam("ramp", "index", {"index", "paper"},
                            "index: reference code (HF, YaRN repo), linear in the pair index; paper: Eq. 18, "
                            "linear in r = L0/lambda. They differ by up to 3x mid-band.");
    auto mscale = realParam("mscale", 0.0, 0.0, 1e3, "",
                            "DeepSeek mscale. Used (as g(s,mscale)/g(s,mscale-all-dim)) only when both it and "
                            "mscale-all-dim are non-zero, as in HF; 0 = unset.");
    auto mscaleAll = realParam("mscale-all-dim", 0.0, 0.0, 1e3, "",
                               "DeepSeek mscale_all_dim; 0 = unset. When set, the softmax scale of all channels "
                               "is multiplied by g(s, mscale-all-dim)^2.");
    auto attention = realParam("attention-factor", 0.0, 0.0, 1e3, "",
                               "Explicit attention factor (multiplies cos and sin); overrides the mscale rules. "
                               "Leave unset for the default.");
    attention.minInclusive = false;
    attention.optional = true;
    attention.defaultValue = std::monostate{};
    m.info.params = withRopeParams({factorParam(), originalLengthParam(), alphaParam(1.0, {"beta-slow"}),
                                    betaParam(32.0, {"beta-fast"}), truncate, ramp, mscale, mscaleAll, attention});
    m.validate = [](const ParamSet& p) {
        validateRope(p);
        validateAlphaBeta(p);
        if (p.real("alpha") <= 0.0)
            throw InvalidInput("alpha", "--alpha (beta_slow) " + formatNumber(p.real("alpha")) +
                                            " must be positive: the reference ramp takes ln(L0/(2 pi alpha))");
    };
    m.build = [](const ParamSet& p) {
        const auto rb = ropeBase(p);
        auto f = plainRotary(rb);
        const double s = p.real("factor");
        const double L0 = p.real("original-max-position-embeddings");
        const double alpha = p.real("alpha");
        const double beta = p.real("beta");
        std::vector<double> gamma;
        if (p.choice("ramp") == "paper") {
            gamma = rotationRamp(rb.theta, L0, alpha, beta);
        } else {
            double low = 0, high = 0;
            gamma = indexRamp(rb.theta.size(), rb.rotaryDim, rb.base, L0, alpha, beta, p.flag("truncate"), low,
                              high);
            f.extras["ramp_low"] = low;
            f.extras["ramp_high"] = high;
        }
        f.invFreq = blend(rb.theta, gamma, s);
        f.ramp = std::move(gamma);
        f.scale = s;
        f.scaled = true;
        f.originalLength = p.real("original-max-position-embeddings");

        const double ms = p.real("mscale");
        const double msAll = p.real("mscale-all-dim");
        if (p.has("attention-factor"))
            f.attentionFactor = p.real("attention-factor");
        else if (ms != 0.0 && msAll != 0.0)
            f.attentionFactor = yarnMscale(s, ms) / yarnMscale(s, msAll);
        else
            f.attentionFactor = yarnMscale(s);
        if (msAll != 0.0) {
            const double g = yarnMscale(s, msAll);
            f.softmaxScaleMultiplier = g * g;
        }
        f.extras["softmax_scale_multiplier"] = f.softmaxScaleMultiplier;
        return makeRotaryEncoding(std::move(f));
    };
    return m;
}

} // namespace posenc::methods
