// SPDX-License-Identifier: GPL-3.0-or-later
#include "options.h"

#include "posenc/errors.h"

namespace posenc::cli {

Option::Option(std::string name, std::string help) : freeText(true)
{
    spec.name = std::move(name);
    spec.help = std::move(help);
    spec.type = ParamType::Choice;
    spec.optional = true;
}

namespace {

ParamSpec numberOpt(ParamType type, std::string name, std::string help, std::optional<double> fallback, double min,
                    double max)
{
    ParamSpec s;
    s.name = std::move(name);
    s.help = std::move(help);
    s.type = type;
    s.min = min;
    s.max = max;
    s.optional = !fallback;
    if (fallback)
        s.defaultValue = *fallback;
    return s;
}

} // namespace

ParamSpec intOpt(std::string name, std::string help, std::optional<double> fallback, double min, double max)
{
    return numberOpt(ParamType::Int, std::move(name), std::move(help), fallback, min, max);
}

ParamSpec realOpt(std::string name, std::string help, std::optional<double> fallback, double min, double max)
{
    return numberOpt(ParamType::Real, std::move(name), std::move(help), fallback, min, max);
}

ParamSpec choiceOpt(std::string name, std::string help, std::string fallback, std::vector<std::string> choices)
{
    ParamSpec s;
    s.name = std::move(name);
    s.help = std::move(help);
    s.type = ParamType::Choice;
    s.optional = fallback.empty();
    if (!fallback.empty())
        s.defaultValue = std::move(fallback);
    s.choices = std::move(choices);
    return s;
}

ParamSpec listOpt(std::string name, std::string help, double min, double max)
{
    ParamSpec s = numberOpt(ParamType::RealList, std::move(name), std::move(help), std::nullopt, min, max);
    return s;
}

void appendOptions(std::vector<Option>& options, const std::vector<ParamSpec>& specs)
{
    options.insert(options.end(), specs.begin(), specs.end());
}

void parseOptions(Args& args, const std::vector<Option>& options)
{
    for (const auto& o : options) {
        const ParamSpec& spec = o.spec;
        const auto given = args.flags.find(spec.name);
        if (given == args.flags.end()) {
            if (!o.freeText)
                args.options.set(spec.name, spec.defaultValue);
            continue;
        }
        const std::string& text = given->second;
        if (text.find_first_not_of(" \t") == std::string::npos)
            throw InvalidInput(spec.name,
                               "--" + spec.name + " is empty; expected " + (o.freeText ? spec.help : spec.rangeText()));
        if (o.freeText)
            continue;
        ParamValue v = parseValue(spec, text);
        checkValue(spec, v);
        args.options.set(spec.name, std::move(v));
    }
}

std::string optionText(const Option& option)
{
    std::string out = option.spec.help;
    if (!option.freeText) {
        out += " (" + option.spec.rangeText();
        if (!std::holds_alternative<std::monostate>(option.spec.defaultValue))
            out += "; default " + formatValue(option.spec.defaultValue);
        out += ")";
    }
    return out;
}

std::string optionsHelp(const std::vector<Option>& options)
{
    std::string out;
    for (const auto& o : options)
        out += "  --" + o.spec.name + "  " + optionText(o) + "\n";
    return out;
}

} // namespace posenc::cli
