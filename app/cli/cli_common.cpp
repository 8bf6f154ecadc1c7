// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_common.h"

#include "posenc/errors.h"
#include "posenc/io/table_cache.h"

#include <algorithm>
#include <cmath>

namespace posenc::cli {

namespace {

const std::set<std::string> kGlobalOptions = {"method", "format", "output", "memory-budget"};

bool isCommandOption(const Command& command, const std::string& name)
{
    if (kGlobalOptions.count(name))
        return true;
    for (const auto& o : command.options)
        if (o.name == name)
            return true;
    return false;
}

} // namespace

MethodChoice resolveMethodNamed(const std::string& id, const Args& args, const Command& command, bool lenient)
{
    MethodChoice c;
    c.def = &Registry::instance().find(id);
    std::map<std::string, std::string> text;
    for (const auto& [name, value] : args.flags) {
        if (isCommandOption(command, name))
            continue;
        if (lenient && !c.def->findParam(name))
            continue;
        text[name] = value;
    }
    c.params = Registry::resolve(*c.def, text);
    c.encoding = c.def->build(c.params);
    return c;
}

std::string primaryMethodId(const Args& args)
{
    if (args.has("method"))
        return args.get("method");
    if (args.has(io::kTableParam))
        return io::tableMethod().info.id;
    return std::string(Registry::defaultMethod());
}

MethodChoice resolveMethod(const Args& args, const Command& command)
{
    return resolveMethodNamed(primaryMethodId(args), args, command, false);
}

std::int64_t lengthOption(const Args& args, const MethodChoice& choice, std::int64_t min, std::int64_t max,
                          const std::string& what)
{
    if (!args.has("length") && choice.encoding->maxPositions() < 0)
        throw InvalidInput("length", "--length N is required (" + what + ")");
    const std::int64_t whole = std::clamp<std::int64_t>(choice.encoding->maxPositions(), min, max);
    return intOption(args, "length", whole, min, max);
}

long long intOption(const Args& args, const std::string& name, long long fallback, long long min, long long max)
{
    const double x = realOption(args, name, static_cast<double>(fallback), static_cast<double>(min),
                                static_cast<double>(max));
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
