// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file param_builders.h
/// The one set of ParamSpec builders: method parameters (core/src/methods), view options (the figure table) and
/// command options (the CLI) are all made here; callers add what is theirs (a label, "optional").

#include "posenc/params.h"

#include <string>
#include <vector>

namespace posenc {

ParamSpec intParam(std::string name, double def, double min, double max, std::string unit, std::string help);
ParamSpec realParam(std::string name, double def, double min, double max, std::string unit, std::string help,
                    ScaleHint scale = ScaleHint::Linear);
ParamSpec boolParam(std::string name, bool def, std::string help);
ParamSpec choiceParam(std::string name, std::string def, std::vector<std::string> choices, std::string help);
/// A list of numbers, each in [min, max]; empty by default.
ParamSpec listParam(std::string name, double min, double max, std::string help);
/// The same spec with no default: unset unless given (a command's option that is read only when present).
ParamSpec optional(ParamSpec spec);
/// The same spec with `label` as the name a user reads (view options' editors).
ParamSpec labelled(ParamSpec spec, std::string label);

} // namespace posenc
