// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

#include "posenc/errors.h"

namespace posenc::methods {

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
    auto truncate =
        boolParam("truncate", true, "Round the ramp's index bounds down/up to integers (reference code default).");
    auto ramp = choiceParam("ramp", "index", {"index", "paper"},
                            "index: reference code (HF, YaRN repo), linear in the pair index; paper: Eq. 18, "
                            "linear in r = L0/lambda. They differ by up to 3x mid-band.");
    auto mscale = realParam("mscale", 0.0, 0.0, 1e3, "",
                            "DeepSeek mscale. Used (as g(s,mscale)/g(s,mscale_all_dim)) only when both it and "
                            "mscale-all-dim are non-zero, as in HF; 0 = unset.");
    auto mscaleAll = realParam("mscale-all-dim", 0.0, 0.0, 1e3, "",
                               "DeepSeek mscale_all_dim; 0 = unset. Divides the attention factor (with mscale); "
                               "with softmax-mscale it also multiplies the softmax scale.");
    auto softmaxMscale =
        boolParam("softmax-mscale", false,
                  "The model's attention multiplies the softmax scale of every channel by g(s, mscale_all_dim)^2 "
                  "(DeepSeek-V2/V3, MiniCPM3, Mistral 4, ...; set from the config's model type). HF's YaRN itself "
                  "does not: Ministral 3 keeps head_dim^-0.5.");
    auto attention = realParam("attention-factor", 0.0, 0.0, 1e3, "",
                               "Explicit attention factor (multiplies cos and sin); overrides the mscale rules. "
                               "Leave unset for the default.");
    attention.optional = true;
    attention.defaultValue = std::monostate{};
    m.info.params = withRopeParams({factorParam(), originalLengthParam(), alphaParam(1.0, {"beta-slow"}),
                                    betaParam(32.0, {"beta-fast"}), truncate, ramp, mscale, mscaleAll, softmaxMscale, attention});
    m.validate = [](const ParamSet& p) {
        validateRope(p);
        if (p.choice("ramp") == "paper")
            validateAlphaBeta(p); // HF's index ramp takes swapped bounds (a warning); the paper's divides by zero
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
            gamma = indexRamp(rb.theta.size(), rb.rotaryDim, rb.base, L0, alpha, beta, p.flag("truncate"), low, high);
            f.extras["ramp_low"] = low;
            f.extras["ramp_high"] = high;
        }
        f.invFreq = blend(rb.theta, gamma, s);
        f.ramp = std::move(gamma);
        f.nominalScale = s;
        f.rampAlpha = alpha;
        f.rampBeta = beta;
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
        if (msAll != 0.0 && p.flag("softmax-mscale")) {
            const double g = yarnMscale(s, msAll);
            f.softmaxScaleMultiplier = g * g;
        }
        f.extras["softmax_scale_multiplier"] = f.softmaxScaleMultiplier;
        return makeRotaryEncoding(std::move(f));
    };
    return m;
}

} // namespace posenc::methods
