// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/param_builders.h"

namespace posenc {

namespace {

ParamSpec numberParam(ParamType type, std::string name, double def, double min, double max, std::string unit,
                      std::string help)
{
    ParamSpec s;
    s.name = std::move(name);
    s.type = type;
    s.defaultValue = def;
    s.min = min;
    s.max = max;
    s.unit = std::move(unit);
    s.help = std::move(help);
    return s;
}

} // namespace

ParamSpec intParam(std::string name, double def, double min, double max, std::string unit, std::string help)
{
    return numberParam(ParamType::Int, std::move(name), def, min, max, std::move(unit), std::move(help));
}

ParamSpec realParam(std::string name, double def, double min, double max, std::string unit, std::string help,
                    ScaleHint scale)
{
    ParamSpec s = numberParam(ParamType::Real, std::move(name), def, min, max, std::move(unit), std::move(help));
    s.scale = scale;
    return s;
}

ParamSpec boolParam(std::string name, bool def, std::string help)
{
    ParamSpec s;
    s.name = std::move(name);
    s.type = ParamType::Bool;
    s.defaultValue = def;
    s.help = std::move(help);
    return s;
}

ParamSpec choiceParam(std::string name, std::string def, std::vector<std::string> choices, std::string help)
{
    ParamSpec s;
    s.name = std::move(name);
    s.type = ParamType::Choice;
    s.defaultValue = std::move(def);
    s.choices = std::move(choices);
    s.help = std::move(help);
    return s;
}

ParamSpec listParam(std::string name, double min, double max, std::string help)
{
    ParamSpec s;
    s.name = std::move(name);
    s.type = ParamType::RealList;
    s.defaultValue = std::vector<double>{};
    s.min = min;
    s.max = max;
    s.help = std::move(help);
    return s;
}

ParamSpec optional(ParamSpec spec)
{
    spec.optional = true;
    spec.defaultValue = std::monostate{};
    return spec;
}

ParamSpec labelled(ParamSpec spec, std::string label)
{
    spec.displayName = std::move(label);
    return spec;
}

} // namespace posenc
