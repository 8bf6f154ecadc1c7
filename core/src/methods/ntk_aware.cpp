// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

#include <cmath>

namespace posenc::methods {

MethodDef ntkAwareMethod()
{
    MethodDef m;
    m.info.id = "ntk-aware";
    m.info.displayName = "NTK-aware";
    m.info.summary = "Raise the base to base*s^(d_rot/(d_rot-2)): the lowest frequency is divided by s, the "
                     "highest kept.";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = "bloc97 (2023); Peng et al., YaRN, arXiv:2309.00071, Def. 1 / App. A.1";
    m.info.aliases = {"ntk"};
    m.info.params = withRopeParams({factorParam()});
    m.validate = [](const ParamSet& p) { validateNtkExponent(p, "ntk-aware"); };
    m.build = [](const ParamSet& p) {
        const auto rb = ropeBase(p);
        auto f = plainRotary(rb);
        const double s = p.real("factor");
        const double d = rb.rotaryDim;
        const double basePrime = rb.base * std::pow(s, d / (d - 2.0));
        f.invFreq = defaultInvFreq(basePrime, rb.rotaryDim);
        f.scale = s;
        f.nominalScale = s;
        f.scaled = true;
        f.extras["base_prime"] = basePrime;
        return makeRotaryEncoding(std::move(f));
    };
    return m;
}

} // namespace posenc::methods
