// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/io/config_choice.h"

#include "posenc/errors.h"

namespace posenc::io {

namespace {

bool endsWith(const std::string& s, const std::string& tail)
{
    return !tail.empty() && s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

} // namespace

const HfEncoding& selectEncoding(const HfConfig& config, const std::optional<std::string>& which,
                                 const std::optional<int>& layer)
{
    if (layer) {
        if (config.layers.empty())
            throw InvalidInput("layer", "layer " + std::to_string(*layer) +
                                            ": the config has no layer count (num_hidden_layers)");
        if (*layer < 0 || *layer >= static_cast<int>(config.layers.size()))
            throw InvalidInput("layer", "layer " + std::to_string(*layer) + " is outside 0.." +
                                            std::to_string(config.layers.size() - 1) + " (the config's layers)");
        const HfLayer& l = config.layers[static_cast<std::size_t>(*layer)];
        if (l.encoding < 0 || l.encoding >= static_cast<int>(config.encodings.size()))
            throw InvalidInput("layer", "layer " + std::to_string(*layer) +
                                            " rotates nothing (a NoPE layer): its encoding is method nope");
        return config.encodings[static_cast<std::size_t>(l.encoding)];
    }
    if (!which)
        return config.encodings.front();
    std::string names;
    for (std::size_t i = 0; i < config.encodings.size(); ++i) {
        const HfEncoding& e = config.encodings[i];
        if (*which == std::to_string(i) || e.scope == *which || e.name == *which || endsWith(e.scope, *which))
            return e;
        names += (names.empty() ? "" : ", ") + std::to_string(i) + " (" + (e.scope.empty() ? e.name : e.scope) + ")";
    }
    throw InvalidInput("encoding", "encoding " + *which + ": the config has no such encoding; it has " + names);
}

ParamSet paramsFromEncoding(const HfEncoding& encoding, const MethodDef& method)
{
    ParamSet start = Registry::defaults(method);
    for (const auto& [name, value] : encoding.params.values())
        if (encoding.method == method.info.id || method.findParam(name))
            start.set(name, value);
    return start;
}

} // namespace posenc::io
