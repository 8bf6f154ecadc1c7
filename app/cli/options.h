// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Command options described once: name, help, type, default and valid range (a ParamSpec, as for method
// parameters). `posenc` parses, checks and lists them in --help from that description alone.

#include "args.h"

#include "posenc/params.h"

#include <optional>
#include <string>
#include <vector>

namespace posenc::cli {

/// One option of a command: a typed ParamSpec, or free text (a file name, a list of method ids) given as
/// `{"name", "help"}`. Free text may not be empty.
struct Option {
    ParamSpec spec;
    bool freeText = false;

    Option(ParamSpec s) : spec(std::move(s)) {} // NOLINT(google-explicit-constructor): tables of ParamSpecs
    Option(std::string name, std::string help);
};

/// Builders for the common option kinds. An integer or real option without a default is optional: unset unless
/// given (the command decides what that means).
ParamSpec intOpt(std::string name, std::string help, std::optional<double> fallback, double min, double max);
ParamSpec realOpt(std::string name, std::string help, std::optional<double> fallback, double min, double max);
/// One of `choices`; an empty fallback makes it optional (unset unless given).
ParamSpec choiceOpt(std::string name, std::string help, std::string fallback, std::vector<std::string> choices);
/// A comma-separated list of numbers, each in [min, max]. Unset unless given.
ParamSpec listOpt(std::string name, std::string help, double min, double max);

/// Appends a table of ParamSpecs (e.g. a figure's view options) to a command's options.
void appendOptions(std::vector<Option>& options, const std::vector<ParamSpec>& specs);

/// Parses and checks every option in `options` that `args` gives (InvalidInput naming the flag, the value and
/// the valid range; empty list entries and empty values rejected) and stores it, or its default, in
/// args.options.
void parseOptions(Args& args, const std::vector<Option>& options);

/// "help (an integer in [1, 2147483648]; default 64)": an option's help with its range and default (free text:
/// the help alone). Used by --help and the man page.
std::string optionText(const Option& option);

/// "  --name  help (an integer in [1, 2147483648]; default 64)" lines for --help.
std::string optionsHelp(const std::vector<Option>& options);

} // namespace posenc::cli
