// SPDX-License-Identifier: GPL-3.0-or-later
#include "config_source.h"

#include "cli_common.h"

#include "posenc/errors.h"
#include "posenc/io/builtin_presets.h"
#include "posenc/io/config_choice.h"
#include "posenc/params.h"

#include <iostream>

namespace posenc::cli {

const std::vector<std::string>& configOptionNames()
{
    static const std::vector<std::string> names{"config", "preset", "hf-era", "encoding"};
    return names;
}

io::HfConfigOptions configOptions(const Args& args, const std::string& origin)
{
    io::HfConfigOptions o;
    o.origin = origin;
    if (args.has("hf-era"))
        o.era = io::parseHfEra(args.get("hf-era"));
    if (args.has("seq-len")) {
        ParamSpec spec;
        spec.name = "seq-len";
        spec.type = ParamType::Real;
        spec.min = 0;
        spec.max = 1e12;
        const ParamValue v = parseValue(spec, args.get("seq-len"));
        checkValue(spec, v);
        o.seqLen = std::get<double>(v);
    }
    return o;
}

std::optional<io::HfConfig> configFromArgs(const Args& args, bool reportWarnings)
{
    if (args.has("config") && args.has("preset"))
        throw InvalidInput("preset", "--config and --preset both name a configuration; give one");
    // Read afresh on every call: no cache (a cache keyed on the path returned stale values after the file was
    // rewritten and was shared, unguarded, between threads). Parsing a config takes microseconds.
    std::optional<io::HfConfig> config;
    if (args.has("config")) {
        config = io::loadHfConfig(args.get("config"), configOptions(args, args.get("config")));
    } else if (args.has("preset")) {
        const std::string name = args.get("preset");
        config = io::parseHfConfig(io::presetText(name), configOptions(args, "preset " + name));
    } else {
        if (args.has("hf-era"))
            throw InvalidInput("hf-era", "--hf-era applies to a --config or --preset file; none is given");
        if (args.has("encoding"))
            throw InvalidInput("encoding",
                               "--encoding picks one encoding of a --config or --preset file; none is given");
        return std::nullopt;
    }
    if (reportWarnings)
        printWarnings(config->warnings);
    return config;
}

const io::HfEncoding& chosenEncoding(const io::HfConfig& config, const Args& args)
{
    return io::selectEncoding(config,
                              args.has("encoding") ? std::optional<std::string>(args.get("encoding")) : std::nullopt);
}

void printWarnings(const std::vector<std::string>& warnings)
{
    for (const auto& w : warnings)
        std::cerr << "posenc: warning: " << w << "\n";
}

} // namespace posenc::cli
