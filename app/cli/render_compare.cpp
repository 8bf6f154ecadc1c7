// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc render --compare`: the grammar of the compared methods (render_parts.h).
#include "render_parts.h"

#include "posenc/errors.h"

namespace posenc::cli {

namespace {

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.find_first_not_of(' ') == std::string::npos)
            throw InvalidInput("compare", "--compare '" + text +
                                              "': empty method id in the list (expected ids "
                                              "separated by single commas)");
        out.push_back(item);
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return out;
}

} // namespace

std::vector<MethodChoice> resolveRenderMethods(const Args& args, const Command& self)
{
    if (!args.has("compare"))
        return {resolveMethod(args, self)};
    std::vector<MethodChoice> out = {resolveMethodNamed(primaryMethodId(args), args, self, true)};
    // Each item: ID or ID:NAME=VALUE[:NAME=VALUE...], an instance with its own parameters (yarn:factor=4).
    for (const auto& item : splitList(args.get("compare"))) {
        std::vector<std::string> parts;
        for (std::size_t start = 0;;) {
            const std::size_t colon = item.find(':', start);
            parts.push_back(item.substr(start, colon == std::string::npos ? std::string::npos : colon - start));
            if (colon == std::string::npos)
                break;
            start = colon + 1;
        }
        Args own = args;
        const MethodDef& def = Registry::instance().find(parts.front());
        for (std::size_t i = 1; i < parts.size(); ++i) {
            const std::size_t eq = parts[i].find('=');
            if (eq == std::string::npos || eq == 0)
                throw InvalidInput("compare", "--compare " + item + ": expected ID:NAME=VALUE, got '" + parts[i] + "'");
            const std::string name = parts[i].substr(0, eq);
            const ParamSpec* spec = def.findParam(name);
            if (!spec)
                throw InvalidInput("compare",
                                   "--compare " + item + ": " + def.info.id + " has no parameter '" + name + "'");
            own.flags.erase(name);
            for (const auto& alias : spec->aliases)
                own.flags.erase(alias);
            own.flags[spec->name] = parts[i].substr(eq + 1);
        }
        out.push_back(resolveMethodNamed(def.info.id, own, self, true));
    }
    for (const auto& [name, value] : args.flags) {
        const bool own = isCommandOption(self, name);
        bool taken = false;
        for (const auto& c : out)
            taken = taken || c.def->findParam(name) != nullptr;
        if (!own && !taken)
            throw InvalidInput(name, "--" + name + " is not a parameter of any selected method");
    }
    return out;
}

} // namespace posenc::cli
