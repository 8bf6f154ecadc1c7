// SPDX-License-Identifier: GPL-3.0-or-later
#include "spec_options.h"

namespace posenc::cli {

std::vector<OptionHelp> specOptionHelp(const std::vector<ParamSpec>& specs)
{
    std::vector<OptionHelp> out;
    for (const auto& s : specs) {
        std::string help = s.help + "; valid: " + s.rangeText();
        if (!std::holds_alternative<std::monostate>(s.defaultValue))
            help += " (default " + formatValue(s.defaultValue) + ")";
        out.push_back({s.name, help});
    }
    return out;
}

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
