// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc render --compare`: the grammar of the compared methods (render_parts.h).
#include "render_parts.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <algorithm>

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

/// The method id of a --compare item (ID or ID:NAME=VALUE...).
const MethodDef& itemMethod(const std::string& item)
{
    return Registry::instance().find(item.substr(0, item.find(':')));
}

/// `args` without the flags `def` knows only by an alias that another selected method has as its own name: an
/// old spelling goes to the method that is called so (--layout is sinusoidal's interleaved / concatenated when
/// one is selected; M-RoPE takes it as its token layout's first name only when none is).
Args withoutForeignAliases(const Args& args, const MethodDef& def, const std::vector<const MethodDef*>& selected)
{
    Args out = args;
    for (const auto& entry : args.flags) {
        const std::string& name = entry.first;
        const ParamSpec* spec = def.findParam(name);
        if (!spec || spec->name == name)
            continue;
        for (const MethodDef* other : selected)
            if (other != &def && std::any_of(other->info.params.begin(), other->info.params.end(),
                                             [&](const ParamSpec& p) { return p.name == name; }))
                out.flags.erase(name);
    }
    return out;
}

} // namespace

std::vector<MethodChoice> resolveRenderMethods(const Args& args, const Command& self)
{
    if (!args.has("compare"))
        return {resolveMethod(args, self)};
    const std::vector<std::string> items = splitList(args.get("compare"));
    std::vector<const MethodDef*> selected = {&Registry::instance().find(primaryMethodId(args))};
    for (const auto& item : items)
        selected.push_back(&itemMethod(item));
    std::vector<MethodChoice> out = {resolveMethodNamed(
        primaryMethodId(args), withoutForeignAliases(args, *selected.front(), selected), self, true)};
    // Each item: ID or ID:NAME=VALUE[:NAME=VALUE...], an instance with its own parameters (yarn:factor=4).
    for (const auto& item : items) {
        std::vector<std::string> parts;
        for (std::size_t start = 0;;) {
            const std::size_t colon = item.find(':', start);
            parts.push_back(item.substr(start, colon == std::string::npos ? std::string::npos : colon - start));
            if (colon == std::string::npos)
                break;
            start = colon + 1;
        }
        const MethodDef& def = Registry::instance().find(parts.front());
        Args own = withoutForeignAliases(args, def, selected);
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
