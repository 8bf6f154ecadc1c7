// SPDX-License-Identifier: GPL-3.0-or-later
// Builders of view options (FigureSpecOptions_p.h).
#include "FigureSpecOptions_p.h"

#include "posenc/analysis/analysis_spec.h"
#include "posenc/analysis/options.h"
#include "posenc/attention_span.h"
#include "posenc/param_builders.h"
#include "posenc/param_state.h"

namespace posenc::widgets::specopts {

// Each builds through core's one builder set (posenc/param_builders.h) and adds the editor's label.
ParamSpec choiceOption(std::string name, std::string label, std::string def, std::vector<std::string> choices,
                       std::string help)
{
    return labelled(choiceParam(std::move(name), std::move(def), std::move(choices), std::move(help)),
                    std::move(label));
}

ParamSpec intOption(std::string name, std::string label, double def, double min, double max, std::string help)
{
    return labelled(intParam(std::move(name), def, min, max, {}, std::move(help)), std::move(label));
}

ParamSpec realOption(std::string name, std::string label, double def, double min, double max, std::string help)
{
    ParamSpec s = labelled(realParam(std::move(name), def, min, max, {}, std::move(help), ScaleHint::Log),
                           std::move(label));
    s.minInclusive = false;
    return s;
}

void appendAttentionSpanOptions(std::vector<ParamSpec>& options)
{
    options.push_back(choiceOption("attention", "Attention", "full", enumNames(kAttentionKindNames),
                                   "which keys a query sees, as transformers' masks: full (every earlier key), "
                                   "sliding (the last W: sliding_window), chunked (the query's own chunk of W: "
                                   "Llama 4's attention_chunk_size)"));
    options.push_back(optionalLength("window", "Window",
                                     "W of a sliding or chunked layer (unset: the loaded config's window for that "
                                     "kind of layer)"));
}

/// An optional length (unset: the view's default), at least 1.
ParamSpec optionalLength(std::string name, std::string label, std::string help)
{
    ParamSpec s = optional(intOption(std::move(name), std::move(label), 0, 1, static_cast<double>(kMaxLength),
                                     std::move(help)));
    s.scale = ScaleHint::Log;
    return s;
}

ParamSpec boolOption(std::string name, std::string label, bool def, std::string help)
{
    return labelled(boolParam(std::move(name), def, std::move(help)), std::move(label));
}

std::vector<std::string> viewChoices()
{
    std::vector<std::string> out = {"auto"};
    for (const auto& name : enumNames(kViewNames))
        out.push_back(name);
    return out;
}

ParamSpec viewOption(std::string help)
{
    return choiceOption("view", "Matrix", "auto", viewChoices(), std::move(help));
}

ParamSpec headOption(std::string help)
{
    return posenc::headOption(std::move(help)); // the range declared once in core (analysis/options.h)
}

ParamSpec analysisOption(const std::string& analysis, const std::string& name, std::string label)
{
    return labelled(analysis::analysisSpec(analysis).option(name), std::move(label));
}

ParamSpec optionalReal(std::string name, std::string label, double min, double max, std::string help)
{
    return optional(realOption(std::move(name), std::move(label), 0, min, max, std::move(help)));
}

} // namespace posenc::widgets::specopts
