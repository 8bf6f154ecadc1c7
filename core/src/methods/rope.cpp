// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

namespace posenc::methods {

MethodDef ropeMethod()
{
    MethodDef m;
    m.info.id = "rope";
    m.info.displayName = "RoPE";
    m.info.summary = "Rotary position embedding: rotate channel pairs by m*theta_i, theta_i = base^(-2i/d_rot).";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = "Su et al., RoFormer, arXiv:2104.09864 (Eq. 34); HF modeling_rope_utils 'default'";
    m.info.aliases = {"default"};
    m.info.params = ropeParams();
    m.validate = validateRope;
    m.build = [](const ParamSet& p) { return makeRotaryEncoding(plainRotary(ropeBase(p))); };
    return m;
}

} // namespace posenc::methods
