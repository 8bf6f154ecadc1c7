// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/param_state.h"

#include "posenc/method_key.h"
#include "posenc/registry.h"

#include <algorithm>

namespace posenc {

std::string ParamState::methodIdOf(const std::string& key)
{
    const auto parsed = MethodKey::tryParse(key);
    return parsed ? parsed->id : key;
}

const MethodDef& ParamState::methodOf(const std::string& key)
{
    return MethodKey::parse(key).method();
}

std::string ParamState::canonicalKey(const std::string& key)
{
    return MethodKey::parse(key).canonical().format();
}

const std::vector<std::string>& ParamState::sharedNames()
{
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

bool ParamState::isShared(const std::string& name)
{
    const auto& n = sharedNames();
    return std::find(n.begin(), n.end(), name) != n.end();
}

ParamSet ParamState::resolve(const std::string& key) const
{
    const auto& def = methodOf(key);
    ParamSet set = Registry::defaults(def);
    const auto ownIt = own.find(canonicalKey(key));
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

void ParamState::keepOthersFrom(const ParamState& other)
{
    for (const auto& key : other.methods) {
        if (std::find(methods.begin(), methods.end(), key) != methods.end())
            continue;
        methods.push_back(key);
        if (const auto it = other.own.find(key); it != other.own.end())
            own[key] = it->second;
        if (const auto it = other.labels.find(key); it != other.labels.end())
            labels[key] = it->second;
    }
}

} // namespace posenc
