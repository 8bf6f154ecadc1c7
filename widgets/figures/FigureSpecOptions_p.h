// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Builders of the view options of the figure table (FigureSpecs.cpp and the rows kept in their own files,
// FigureSpecsModern.cpp): one place for how a view option of each kind is made.

#include "posenc/encoding.h"
#include "posenc/names.h"
#include "posenc/params.h"

#include <QString>

#include <string>
#include <vector>

namespace posenc::widgets::specopts {

ParamSpec choiceOption(std::string name, std::string label, std::string def, std::vector<std::string> choices,
                       std::string help);
ParamSpec intOption(std::string name, std::string label, double def, double min, double max, std::string help);
ParamSpec realOption(std::string name, std::string label, double def, double min, double max, std::string help);
ParamSpec optionalLength(std::string name, std::string label, std::string help);
ParamSpec boolOption(std::string name, std::string label, bool def, std::string help);
std::vector<std::string> viewChoices();
ParamSpec viewOption(std::string help);
ParamSpec headOption(std::string help);
/// The option `name` of the core's declaration of `analysis` (posenc/analysis/analysis_spec.h: the same name,
/// range, default and help as the CLI's flag and Python's keyword) with the editor's label.
ParamSpec analysisOption(const std::string& analysis, const std::string& name, std::string label);
/// The "attention" (full / sliding / chunked, posenc/attention_span.h) and "window" options of the views whose
/// distances a sliding window or chunked attention limits (Decay, Entropy).
void appendAttentionSpanOptions(std::vector<ParamSpec>& options);
/// An optional real (unset: the view takes it from the primary method), > min.
ParamSpec optionalReal(std::string name, std::string label, double min, double max, std::string help);

template <typename E, std::size_t N>
inline ParamSpec enumOption(std::string name, std::string label, E def, const EnumName<E> (&table)[N],
                            std::string help)
{
    return choiceOption(std::move(name), std::move(label), enumName(table, def), enumNames(table), std::move(help));
}

/// Tab titles and explanations stay English in the table (it is built once, before a language switch); ViewPage
/// translates them in its own context when it shows them. QT_TRANSLATE_NOOP lets lupdate find them.
inline QString viewText(const char* english)
{
    return QString::fromUtf8(english);
}

} // namespace posenc::widgets::specopts

namespace posenc::widgets {
struct FigureSpec;
/// Rows of the figure table kept in their own file (FigureSpecsModern.cpp), appended where their tab goes.
void appendAttentionScaleSpec(std::vector<FigureSpec>& specs);
void appendLayersSpec(std::vector<FigureSpec>& specs);
void appendPositionsSpec(std::vector<FigureSpec>& specs);
/// Issue 37 (FigureSpecsGrid.cpp): the Grid view of image and video RoPE.
void appendGridSpec(std::vector<FigureSpec>& specs);
} // namespace posenc::widgets
