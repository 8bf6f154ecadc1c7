// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

namespace posenc::methods {

MethodDef xposMethod()
{
    MethodDef m;
    m.info.id = "xpos";
    m.info.displayName = "xPos";
    m.info.summary = "RoPE with a per-pair exponential decay: the score of pair i is scaled by "
                     "zeta_i^(Delta/scale-base), zeta_i = (2i + gamma d)/((1 + gamma) d).";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = "Sun et al., A Length-Extrapolatable Transformer, arXiv:2212.10554; torchscale XPOS";
    auto gamma = realParam("gamma", 0.4, 0.0, 1e3, "",
                           "Offset gamma in zeta_i = (i/(d/2) + gamma)/(1 + gamma); 0.4 in the paper. Larger = "
                           "weaker decay.");
    gamma.minInclusive = false;
    auto scaleBase = realParam("scale-base", 512.0, 0.0, 1e9, "positions",
                               "Distance B over which pair i decays by the factor zeta_i (torchscale scale_base).",
                               ScaleHint::Log);
    scaleBase.minInclusive = false;
    m.info.params = withRopeParams({gamma, scaleBase});
    m.validate = validateRope;
    m.build = [](const ParamSet& p) {
        const auto rb = ropeBase(p);
        auto f = plainRotary(rb);
        const double g = p.real("gamma");
        const double d = rb.rotaryDim;
        f.xposZeta.resize(f.invFreq.size());
        for (std::size_t i = 0; i < f.xposZeta.size(); ++i)
            f.xposZeta[i] = (2.0 * static_cast<double>(i) + g * d) / ((1.0 + g) * d);
        f.xposScaleBase = p.real("scale-base");
        return makeRotaryEncoding(std::move(f));
    };
    return m;
}

} // namespace posenc::methods
