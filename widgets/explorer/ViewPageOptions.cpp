// SPDX-License-Identifier: GPL-3.0-or-later
// ViewPage's options as values keyed by option name (the session's "views"): the row's options (FigureSpec),
// checked against their specs, so a new option needs no code here.
#include "explorer/ViewPage.h"

#include "explorer/ParamEditor.h"

#include "posenc/errors.h"

#include <algorithm>

namespace posenc::widgets {

bool ViewPage::optionApplies(FigureKind kind, const std::string& name, const ParamSet& values, const Drawn& drawn,
                             QString* why)
{
    const std::vector<View>& views = drawn.views;
    const auto has = [&](const char* option) { return values.values().count(option) > 0; };
    const auto say = [&](const QString& reason) {
        if (why)
            *why = reason;
        return false;
    };
    if (kind == FigureKind::Heatmap) {
        std::string view = has("view") ? values.choice("view") : "auto";
        if (view == "auto" && !views.empty())
            view = toString(views.front());
        const bool alone = !has("mode") || values.choice("mode") == "primary";
        if (name == "head" && view != "bias")
            return say(tr("Head applies to the bias view (ALiBi, T5)"));
        if (name == "probe" && view != "rotated")
            return say(tr("Probe applies to the rotated view"));
        if ((name == "partner" || name == "attention-factor-in-view") && alone)
            return say(tr("Applies when Show is side by side or difference"));
    }
    if ((kind == FigureKind::Decay || kind == FigureKind::Entropy) && name == "window" &&
        (!has("attention") || values.choice("attention") == "full"))
        return say(tr("Window applies to sliding or chunked attention"));
    if (kind == FigureKind::Entropy && (name == "beta" || name == "beta-length") &&
        (!has("temperature") || values.choice("temperature") != "llama4-scaling-beta"))
        return say(tr("Applies to the llama4-scaling-beta temperature"));
    // The score model is the rotary methods' only (entropy.cpp scoreModel), RoPE's too when Show subtracts its
    // entropy (the default); σ² scales the expected-similar score.
    if (kind == FigureKind::Entropy && (name == "score" || name == "sigma2") && !drawn.anyRotary && has("show") &&
        values.choice("show") == "entropy")
        return say(tr("Applies when a rotary method is drawn or Show is entropy-minus-rope: the other methods' logits "
                      "do not use the score model"));
    if (kind == FigureKind::Entropy && name == "sigma2" && has("score") && values.choice("score") != "expected-similar")
        return say(tr("Applies to the expected-similar score model"));
    // The Similarity view draws the primary only: its head is a bias method's (ALiBi, T5), whose views include Bias.
    if (kind == FigureKind::Similarity && name == "head" && !views.empty() &&
        std::find(views.begin(), views.end(), View::Bias) == views.end())
        return say(tr("Head applies when the primary method is a bias method (ALiBi, T5)"));
    if (kind == FigureKind::Decay && name == "samples" && (!has("curve") || values.choice("curve") != "random-qk"))
        return say(tr("Samples applies to the random q, k curve"));
    if (kind == FigureKind::Grid) {
        const std::string show = has("show") ? values.choice("show") : "angle";
        if ((name == "dype-variant" || name == "dype-method" || name == "dype-timestep") &&
            !(has("dype") && values.flag("dype")))
            return say(tr("Applies when DyPE is on"));
        if ((name == "axis" || name == "pair") && show != "angle")
            return say(tr("Applies when Show is angle"));
        if ((name == "query-row" || name == "query-col") && show != "similarity")
            return say(tr("Applies when Show is similarity"));
        if (name == "frame" && show == "wavelengths")
            return say(tr("Applies when Show is angle or similarity"));
    }
    if (why)
        why->clear();
    return true;
}

void ViewPage::updateApplicability()
{
    for (ParamEditor* editor : m_editors) {
        QString why;
        const bool applies = optionApplies(kind(), editor->spec().name, m_values, m_drawn, &why);
        if (!editor->property("help-tip").isValid())
            editor->setProperty("help-tip", editor->toolTip());
        editor->setEnabled(applies);
        editor->setToolTip(applies ? editor->property("help-tip").toString() : why);
    }
}

io::ValueMap ViewPage::optionValues() const
{
    io::ValueMap out;
    const FigureRequest request = options(); // a copy: values() refers into it
    for (const auto& [name, value] : request.options.values())
        if (!std::holds_alternative<std::monostate>(value)) // unset optional options: the view's default
            out[name] = value;
    return out;
}

QStringList ViewPage::setOptionValues(const io::ValueMap& values)
{
    QStringList warnings;
    const QString view = figureKindName(kind());
    for (const auto& entry : values) {
        const std::string& key = entry.first;
        const ParamValue& value = entry.second; // not a structured binding: lambdas may not capture those (clang 14)
        const QString name = QString::fromStdString(key);
        const QString shown = QString::fromStdString(formatValue(value));
        const auto reject = [&](const QString& why) {
            warnings << tr("views.%1.%2: %3 %4; ignored").arg(view, name, shown, why);
        };
        const ParamSpec* spec = figureOption(kind(), key);
        if (!spec) {
            reject(tr("is not an option of this view"));
            continue;
        }
        try {
            setOption(key, value);
        } catch (const InvalidInput&) {
            const QString range = QString::fromStdString(spec->rangeText());
            switch (spec->type) {
            case ParamType::Int:
                reject(tr("must be an integer in %1").arg(range));
                break;
            case ParamType::Real:
                reject(tr("must be a number in %1").arg(range));
                break;
            case ParamType::Bool:
                reject(tr("must be true or false"));
                break;
            case ParamType::Choice:
                reject(tr("is not one of its choices (%1)").arg(range));
                break;
            default:
                reject(tr("must be %1").arg(range));
                break;
            }
        }
    }
    return warnings;
}

} // namespace posenc::widgets
