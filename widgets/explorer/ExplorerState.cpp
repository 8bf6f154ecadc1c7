// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/ExplorerState.h"

#include "posenc/registry.h"

#include <algorithm>

namespace posenc::widgets {

const std::vector<std::string>& ExplorerState::sharedNames()
{
    // Data-driven: the parameters the registry marks as the same quantity in every method (ParamSpec::shared),
    // in registry order.
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& def : Registry::instance().methods())
            for (const auto& spec : def.info.params)
                if (spec.shared && std::find(out.begin(), out.end(), spec.name) == out.end())
                    out.push_back(spec.name);
        return out;
    }();
    return names;
}

bool ExplorerState::isShared(const std::string& name)
{
    const auto& n = sharedNames();
    return std::find(n.begin(), n.end(), name) != n.end();
}

const MethodDef& ExplorerState::methodOf(const std::string& key)
{
    return MethodKey::parse(key).method();
}

std::string ExplorerState::canonicalKey(const std::string& key)
{
    return MethodKey::parse(key).canonical().format();
}

ParamSet ExplorerState::resolve(const std::string& methodId) const
{
    const auto& def = methodOf(methodId);
    ParamSet set = Registry::defaults(def);
    const auto ownIt = own.find(canonicalKey(methodId));
    for (const auto& spec : def.info.params) {
        if (ownIt != own.end()) {
            if (const auto v = ownIt->second.find(spec.name); v != ownIt->second.end()) {
                set.set(spec.name, v->second);
                continue;
            }
        }
        if (isShared(spec.name))
            if (const auto v = shared.find(spec.name); v != shared.end())
                set.set(spec.name, v->second);
    }
    return set;
}

} // namespace posenc::widgets
