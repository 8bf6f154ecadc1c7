// SPDX-License-Identifier: GPL-3.0-or-later
#include "spec_options.h"

namespace posenc::cli {

ParamSet parseSpecOptions(const Args& args, const std::vector<ParamSpec>& specs)
{
    ParamSet set;
    for (const auto& s : specs) {
        if (!args.has(s.name))
            continue;
        ParamValue v = parseValue(s, args.get(s.name));
        checkValue(s, v);
        set.set(s.name, std::move(v));
    }
    return set;
}

} // namespace posenc::cli
