// SPDX-License-Identifier: GPL-3.0-or-later
// Builders of view options (FigureSpecOptions_p.h).
#include "FigureSpecOptions_p.h"

namespace posenc::widgets::specopts {

ParamSpec choiceOption(std::string name, std::string label, std::string def, std::vector<std::string> choices,
                       std::string help)
{
    ParamSpec s;
    s.name = std::move(name);
    s.displayName = std::move(label);
    s.type = ParamType::Choice;
    s.defaultValue = std::move(def);
    s.choices = std::move(choices);
    s.help = std::move(help);
    return s;
}

ParamSpec intOption(std::string name, std::string label, double def, double min, double max, std::string help)
{
    ParamSpec s;
    s.name = std::move(name);
    s.displayName = std::move(label);
    s.type = ParamType::Int;
    s.defaultValue = def;
    s.min = min;
    s.max = max;
    s.help = std::move(help);
    return s;
}

ParamSpec realOption(std::string name, std::string label, double def, double min, double max, std::string help)
{
    ParamSpec s = intOption(std::move(name), std::move(label), def, min, max, std::move(help));
    s.type = ParamType::Real;
    s.scale = ScaleHint::Log;
    s.minInclusive = false;
    return s;
}

/// An optional length (unset: the view's default), at least 1.
ParamSpec optionalLength(std::string name, std::string label, std::string help)
{
    ParamSpec s = intOption(std::move(name), std::move(label), 0, 1, 1099511627776.0, std::move(help));
    s.defaultValue = std::monostate{};
    s.optional = true;
    s.scale = ScaleHint::Log;
    return s;
}

ParamSpec boolOption(std::string name, std::string label, bool def, std::string help)
{
    ParamSpec s;
    s.name = std::move(name);
    s.displayName = std::move(label);
    s.type = ParamType::Bool;
    s.defaultValue = def;
    s.help = std::move(help);
    return s;
}

std::vector<std::string> viewChoices()
{
    std::vector<std::string> out = {"auto"};
    for (View v : {View::Pe, View::Cos, View::Sin, View::Angle, View::Rotated, View::Bias})
        out.push_back(toString(v));
    return out;
}

ParamSpec viewOption(std::string help)
{
    return choiceOption("view", "Matrix", "auto", viewChoices(), std::move(help));
}

ParamSpec headOption(std::string help)
{
    return intOption("head", "Head", 0, 0, 4095, std::move(help));
}

ParamSpec optionalReal(std::string name, std::string label, double min, double max, std::string help)
{
    ParamSpec s = realOption(std::move(name), std::move(label), 0, min, max, std::move(help));
    s.defaultValue = std::monostate{};
    s.optional = true;
    return s;
}

} // namespace posenc::widgets::specopts
