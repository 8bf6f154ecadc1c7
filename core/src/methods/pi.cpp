// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

namespace posenc::methods {

MethodDef piMethod()
{
    MethodDef m;
    m.info.id = "pi";
    m.info.displayName = "Position Interpolation";
    m.info.summary = "Linear position interpolation: every frequency divided by the scale, theta'_i = theta_i / s.";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = "Chen et al., Position Interpolation, arXiv:2306.15595; HF 'linear'";
    m.info.aliases = {"linear"};
    m.info.params = withRopeParams({factorParam()});
    m.validate = validateRope;
    m.build = [](const ParamSet& p) {
        auto f = plainRotary(ropeBase(p));
        const double s = p.real("factor");
        for (auto& t : f.invFreq)
            t /= s;
        f.scale = s;
        f.nominalScale = s;
        f.scaled = true;
        return makeRotaryEncoding(std::move(f));
    };
    return m;
}

} // namespace posenc::methods
