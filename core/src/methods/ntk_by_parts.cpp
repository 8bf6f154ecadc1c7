// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

namespace posenc::methods {

MethodDef ntkByPartsMethod()
{
    MethodDef m;
    m.info.id = "ntk-by-parts";
    m.info.displayName = "NTK-by-parts";
    m.info.summary = "Per-pair blend of theta and theta/s by the ramp gamma(r), r = L0/lambda turns in the "
                     "original context (paper Def. 2).";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = "Peng et al., YaRN, arXiv:2309.00071, §3.2 Eqs. 17-20 (Def. 2)";
    m.info.params = withRopeParams(
        {factorParam(), originalLengthParam(), alphaParam(1.0, {"beta-slow"}), betaParam(32.0, {"beta-fast"})});
    m.validate = [](const ParamSet& p) {
        validateRope(p);
        validateAlphaBeta(p);
    };
    m.build = [](const ParamSet& p) {
        const auto rb = ropeBase(p);
        auto f = plainRotary(rb);
        const double s = p.real("factor");
        auto gamma =
            rotationRamp(rb.theta, p.real("original-max-position-embeddings"), p.real("alpha"), p.real("beta"));
        f.invFreq = blend(rb.theta, gamma, s);
        f.ramp = std::move(gamma);
        f.scale = s;
        f.nominalScale = s;
        f.rampAlpha = p.real("alpha");
        f.rampBeta = p.real("beta");
        f.scaled = true;
        f.originalLength = p.real("original-max-position-embeddings");
        return makeRotaryEncoding(std::move(f));
    };
    return m;
}

} // namespace posenc::methods
