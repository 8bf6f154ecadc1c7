// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

#include <string>
#include <vector>

namespace posenc {
struct ParamSpec;
class InvalidInput;
} // namespace posenc

namespace posenc::widgets {

/// A parameter's valid range and the messages of its rules in the user's language. Core decides (ParamSpec's
/// numbers, checkValue/parseValue and the rule id they throw with, InvalidInput::rule()); this class only words
/// the decision through translatable templates, so a zh_CN editor shows no English range or reason.
class ParamText {
    Q_DECLARE_TR_FUNCTIONS(posenc::widgets::ParamText)
public:
    /// "[2, 65536]", "(0, ∞)": the interval of a number or of a list's entries.
    static QString interval(const ParamSpec& spec);
    /// "an even integer in [2, 65536]", "one of half, interleaved" as the user's language says it.
    static QString range(const ParamSpec& spec);
    /// The message for `e` about `spec`: the label, the value and the rule, worded here; core's own English
    /// sentence (translated when the catalogue has it, CoreText::withNumbers) when `e` names no rule of a spec.
    static QString problem(const ParamSpec& spec, const InvalidInput& e);
    /// The same, `spec` looked up by e.param() in `specs` (a method's parameters).
    static QString problem(const std::vector<ParamSpec>& specs, const InvalidInput& e);
};

} // namespace posenc::widgets
