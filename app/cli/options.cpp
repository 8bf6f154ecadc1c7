// SPDX-License-Identifier: GPL-3.0-or-later
#include "options.h"

#include "posenc/errors.h"
#include "posenc/param_builders.h"

namespace posenc::cli {

Option::Option(std::string name, std::string help) : freeText(true)
{
    spec.name = std::move(name);
    spec.help = std::move(help);
    spec.type = ParamType::Choice;
    spec.optional = true;
}

namespace {

ParamSpec withFallback(ParamSpec s, bool hasFallback)
{
    return hasFallback ? s : optional(std::move(s));
}

} // namespace

ParamSpec intOpt(std::string name, std::string help, std::optional<double> fallback, double min, double max)
{
    return withFallback(intParam(std::move(name), fallback.value_or(0), min, max, {}, std::move(help)),
                        fallback.has_value());
}

ParamSpec realOpt(std::string name, std::string help, std::optional<double> fallback, double min, double max)
{
    return withFallback(realParam(std::move(name), fallback.value_or(0), min, max, {}, std::move(help)),
                        fallback.has_value());
}

ParamSpec choiceOpt(std::string name, std::string help, std::string fallback, std::vector<std::string> choices)
{
    const bool has = !fallback.empty();
    return withFallback(choiceParam(std::move(name), std::move(fallback), std::move(choices), std::move(help)), has);
}

ParamSpec listOpt(std::string name, std::string help, double min, double max)
{
    return optional(listParam(std::move(name), min, max, std::move(help)));
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
