// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/method_key.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

namespace posenc {

std::optional<MethodKey> MethodKey::tryParse(std::string_view text)
{
    const std::size_t hash = text.find('#');
    MethodKey key{std::string(text.substr(0, hash)), 1};
    if (key.id.empty())
        return std::nullopt;
    if (hash == std::string_view::npos)
        return key;
    const std::string_view k = text.substr(hash + 1);
    if (k.empty() || k.size() > 4 || k.find_first_not_of("0123456789") != std::string_view::npos || k[0] == '0')
        return std::nullopt;
    key.instance = std::stoi(std::string(k));
    if (key.instance < 2 || key.instance > kMaxInstance)
        return std::nullopt;
    return key;
}

MethodKey MethodKey::parse(std::string_view text)
{
    if (auto key = tryParse(text))
        return *key;
    throw InvalidInput("method", "'" + std::string(text) +
                                     "' is not a method key (a method id, or ID#K for its K-th instance, 2 <= K <= " +
                                     std::to_string(kMaxInstance) + ")");
}

std::string MethodKey::format() const
{
    return instance <= 1 ? id : id + "#" + std::to_string(instance);
}

std::string MethodKey::label(std::string_view displayName, std::string_view engine) const
{
    std::string out(displayName);
    if (instance > 1)
        out += " #" + std::to_string(instance);
    if (!engine.empty())
        out += " (" + std::string(engine) + ")";
    return out;
}

const MethodDef& MethodKey::method() const
{
    return Registry::instance().find(id);
}

MethodKey MethodKey::canonical() const
{
    return {method().info.id, instance};
}

} // namespace posenc
