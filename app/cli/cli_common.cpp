// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_common.h"

#include "posenc/errors.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace posenc::cli {

namespace {

bool isCommandOption(const Command& command, const std::string& name)
{
    if (isGlobalOption(command, name))
        return true;
    for (const auto& o : command.options)
        if (o.spec.name == name)
            return true;
    return false;
}

} // namespace

bool isGlobalOption(const Command& command, const std::string& name)
{
    return name == "output" || name == "memory-budget" || (command.takesMethod && name == "method");
}

void rejectUnknownFlags(const Args& args, const Command& command)
{
    for (const auto& [name, value] : args.flags) {
        if (isCommandOption(command, name))
            continue;
        if (command.takesMethod) {
            bool someMethodTakesIt = false;
            for (const auto& m : Registry::instance().methods())
                someMethodTakesIt = someMethodTakesIt || m.findParam(name) != nullptr;
            if (someMethodTakesIt)
                continue; // the chosen method's parameters: Registry::resolve names one it does not take
        }
        std::string known = "-o";
        for (const auto& o : command.options)
            known += ", --" + o.spec.name;
        std::string words;
        for (const auto& w : command.words)
            words += " " + w;
        std::string message = "--" + name + " is not an option of `posenc" + words + "` (its options: " + known + ")";
        if (command.takesMethod) {
            if (const MethodDef* def =
                    Registry::instance().tryFind(args.get("method", std::string(Registry::defaultMethod())))) {
                std::string takes;
                for (const auto& p : def->info.params)
                    takes += (takes.empty() ? "--" : ", --") + p.name;
                message += " nor a parameter of method " + def->info.id +
                           (takes.empty() ? std::string(" (it takes none)") : " (it takes " + takes + ")");
            }
        }
        throw InvalidInput(name, message);
    }
}

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

MethodChoice resolveMethod(const Args& args, const Command& command)
{
    return resolveMethodNamed(args.get("method", std::string(Registry::defaultMethod())), args, command, false);
}

long long intOption(const Args& args, const std::string& name)
{
    return args.options.integer(name);
}

double realOption(const Args& args, const std::string& name)
{
    return args.options.real(name);
}

const std::string& choiceOption(const Args& args, const std::string& name)
{
    return args.options.choice(name);
}

std::vector<double> listOption(const Args& args, const std::string& name)
{
    return args.options.has(name) ? args.options.list(name) : std::vector<double>{};
}

void checkRange(const std::string& name, double value, double min, double max)
{
    if (value < min || value > max)
        throw InvalidInput(name, "--" + name + " " + formatNumber(value) + ": out of the valid range [" +
                                     formatNumber(min) + ", " + formatNumber(max) + "]");
}

std::size_t memoryBudget(const Args& args)
{
    if (!args.has("memory-budget"))
        return kDefaultMemoryBudget;
    std::string t = args.get("memory-budget");
    double mult = 1;
    for (const auto& [suffix, m] : {std::pair<const char*, double>{"KiB", 1024.0},
                                    {"MiB", 1048576.0},
                                    {"GiB", 1073741824.0},
                                    {"TiB", 1099511627776.0}}) {
        const std::string s = suffix;
        if (t.size() > s.size() && t.compare(t.size() - s.size(), s.size(), s) == 0) {
            mult = m;
            t.resize(t.size() - s.size());
            break;
        }
    }
    const ParamSpec spec = realOpt("memory-budget", "", std::nullopt, 1, 1e18);
    const ParamValue parsed = parseValue(spec, t);
    checkValue(spec, parsed);
    const double v = std::get<double>(parsed) * mult;
    return static_cast<std::size_t>(v);
}

namespace {

std::string bytesText(double bytes)
{
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 6) {
        bytes /= 1024.0;
        ++u;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
    return buf;
}

} // namespace

void checkMemory(const Args& args, const std::string& flag, double bytes, const std::string& what)
{
    const std::size_t budget = memoryBudget(args);
    if (bytes <= static_cast<double>(budget))
        return;
    throw BudgetExceeded(flag, "--" + flag + " " + args.get(flag, "(default)") + ": " + what + " would need about " +
                                   bytesText(bytes) + ", over the memory budget of " +
                                   bytesText(static_cast<double>(budget)) + "; lower --" + flag +
                                   " or raise --memory-budget");
}

double encodingRowBytes(const Encoding& encoding)
{
    std::size_t widest = 1;
    for (View v : encoding.views())
        if (v != View::Bias)
            widest = std::max(widest, encoding.columns(v, {}));
    return 8.0 * static_cast<double>(widest);
}

void writeOutput(const Args& args, const std::function<void(std::ostream&)>& produce)
{
    io::atomicWrite(args.get("output", "-"), produce);
}

std::string matrixFormat(const Args& args)
{
    return choiceOption(args, "format");
}

ParamSpec matrixFormatOption()
{
    return choiceOpt("format", "output format", "npy", {"npy", "csv", "json"});
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
