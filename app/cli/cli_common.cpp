// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_common.h"
#include "config_source.h"

#include "posenc/errors.h"

#include <cmath>

namespace posenc::cli {

namespace {

const std::set<std::string> kGlobalOptions = {"method", "format", "output", "memory-budget"};

} // namespace

bool isCommandOption(const Command& command, const std::string& name)
{
    if (kGlobalOptions.count(name))
        return true;
    for (const auto& n : configOptionNames())
        if (n == name)
            return true;
    for (const auto& o : command.options)
        if (o.name == name)
            return true;
    return false;
}

std::string primaryMethodId(const Args& args)
{
    if (args.has("method"))
        return args.get("method");
    if (const auto config = configFromArgs(args, false))
        return chosenEncoding(*config, args).method;
    return std::string(Registry::defaultMethod());
}

MethodChoice resolveMethodNamed(const std::string& id, const Args& args, const Command& command, bool lenient)
{
    MethodChoice c;
    c.def = &Registry::instance().find(id);
    const auto config = configFromArgs(args);
    std::map<std::string, std::string> text;
    for (const auto& [name, value] : args.flags) {
        if (isCommandOption(command, name))
            continue;
        if (config && name == "seq-len" && !c.def->findParam(name))
            continue; // consumed as HF's seq_len while resolving the file
        if (lenient && !c.def->findParam(name))
            continue;
        text[name] = value;
    }
    if (config) {
        // the file's values first (all of them for its own method, the ones this method shares otherwise)
        const io::HfEncoding& enc = chosenEncoding(*config, args);
        ParamSet start = Registry::defaults(*c.def);
        for (const auto& [name, value] : enc.params.values())
            if (enc.method == c.def->info.id || c.def->findParam(name))
                start.set(name, value);
        c.params = Registry::resolve(*c.def, std::move(start), text);
    } else {
        c.params = Registry::resolve(*c.def, text);
    }
    for (const auto& pw : Registry::warnings(*c.def, c.params)) {
        const std::string& w = pw.message;
        bool reported = false; // the file's own warnings were printed when it was read
        for (const auto& fw : config ? config->warnings : std::vector<std::string>{})
            reported = reported || (fw.size() >= w.size() && fw.compare(fw.size() - w.size(), w.size(), w) == 0);
        if (!reported)
            printWarnings({w});
    }
    c.encoding = c.def->build(c.params);
    return c;
}

MethodChoice resolveMethod(const Args& args, const Command& command)
{
    return resolveMethodNamed(primaryMethodId(args), args, command, false);
}

long long intOption(const Args& args, const std::string& name, long long fallback, long long min, long long max)
{
    const double x =
        realOption(args, name, static_cast<double>(fallback), static_cast<double>(min), static_cast<double>(max));
    if (x != std::floor(x))
        throw InvalidInput(name, "--" + name + " " + args.get(name) + ": must be an integer");
    return static_cast<long long>(x);
}

double realOption(const Args& args, const std::string& name, double fallback, double min, double max)
{
    if (!args.has(name))
        return fallback;
    ParamSpec spec;
    spec.name = name;
    spec.type = ParamType::Real;
    spec.min = min;
    spec.max = max;
    const ParamValue v = parseValue(spec, args.get(name));
    checkValue(spec, v);
    return std::get<double>(v);
}

std::string choiceOption(const Args& args, const std::string& name, const std::string& fallback,
                         const std::vector<std::string>& choices)
{
    if (!args.has(name))
        return fallback;
    ParamSpec spec;
    spec.name = name;
    spec.type = ParamType::Choice;
    spec.choices = choices;
    const ParamValue v = parseValue(spec, args.get(name));
    checkValue(spec, v);
    return std::get<std::string>(v);
}

std::vector<double> listOption(const Args& args, const std::string& name)
{
    if (!args.has(name))
        return {};
    ParamSpec spec;
    spec.name = name;
    spec.type = ParamType::RealList;
    const ParamValue v = parseValue(spec, args.get(name));
    checkValue(spec, v);
    return std::get<std::vector<double>>(v);
}

void writeOutput(const Args& args, const std::function<void(std::ostream&)>& produce)
{
    io::atomicWrite(args.get("output", "-"), produce);
}

std::string matrixFormat(const Args& args)
{
    return choiceOption(args, "format", "npy", {"npy", "csv", "json"});
}

void writeMatrixOutput(const Args& args, const Matrix& m)
{
    const std::string format = matrixFormat(args);
    writeOutput(args, [&](std::ostream& out) {
        if (format == "npy")
            io::writeNpy(out, m);
        else if (format == "csv")
            io::writeCsv(out, m);
        else
            io::writeMatrixJson(out, m);
    });
}

void writeParams(io::JsonWriter& w, const MethodDef& def, const ParamSet& params)
{
    w.key("params").beginObject();
    for (const auto& spec : def.info.params) {
        w.key(spec.name);
        const ParamValue& v = params.get(spec.name);
        if (std::holds_alternative<std::monostate>(v))
            w.null();
        else if (const auto* d = std::get_if<double>(&v))
            spec.type == ParamType::Int ? w.value(static_cast<long long>(*d)) : w.value(*d);
        else if (const auto* b = std::get_if<bool>(&v))
            w.value(*b);
        else if (const auto* s = std::get_if<std::string>(&v))
            w.value(*s);
        else
            w.array(std::get<std::vector<double>>(v));
    }
    w.endObject();
}

} // namespace posenc::cli
