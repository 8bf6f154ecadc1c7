// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/analysis/options.h"

#include "posenc/param_builders.h"

namespace posenc {

ParamSpec headOption(std::string help)
{
    ParamSpec s = intParam("head", 0, 0, kMaxHeads - 1, {}, std::move(help));
    s.displayName = "Head";
    return s;
}

} // namespace posenc
