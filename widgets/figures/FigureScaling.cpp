// SPDX-License-Identifier: GPL-3.0-or-later
// Attention-scaling figure: the rules of core's attention-scaling table (posenc/analysis/attention_scale.h)
// against the context length n, one curve per rule, as the factor they put on the logits (or their own value).
// The values are the table's (scaleValue / logitFactor); this file only chooses the n at which they are drawn.
#include "FigureCompute_p.h"

#include "i18n/CoreText.h"
#include "i18n/ErrorText.h"

#include "posenc/analysis/attention_scale.h"
#include "posenc/errors.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <set>

namespace posenc::widgets::detail {

namespace {

/// The n drawn: every n up to 64, 400 log-spaced, L0 and its neighbours (where log-n and seed-log2 leave 1), and
/// both sides of every step of Llama 4's floor (n = k floor_scale - 1, k floor_scale) up to 4096 steps.
std::vector<double> sampleLengths(double maxLength, const analysis::ScaleParams& p)
{
    std::set<double> n;
    for (double k = 1; k <= std::min(64.0, maxLength); ++k)
        n.insert(k);
    for (int i = 0; i <= 400; ++i)
        n.insert(std::round(std::exp(std::log(maxLength) * i / 400.0)));
    for (double x : {p.originalLength, p.originalLength + 1, p.suBase})
        if (x >= 1 && x <= maxLength)
            n.insert(x);
    if (p.floorScale >= 1)
        for (double k = 1; k <= 4096 && k * p.floorScale <= maxLength; ++k) {
            n.insert(std::floor(k * p.floorScale) - 1);
            n.insert(std::floor(k * p.floorScale));
        }
    n.erase(0.0);
    return {n.begin(), n.upper_bound(maxLength)};
}

QString targetText(analysis::ScaleTarget t)
{
    switch (t) {
    case analysis::ScaleTarget::CosSin:
        return QObject::tr("on cos/sin");
    case analysis::ScaleTarget::Query:
        return QObject::tr("on the query");
    case analysis::ScaleTarget::Logits:
        return QObject::tr("on the logits");
    }
    return {};
}

/// The name a reader knows a rule by (the legend and the formulas; the id stays the option's value).
QString ruleName(const std::string& id)
{
    static const std::map<std::string, const char*> names = {
        {"yarn-mscale", QT_TRANSLATE_NOOP("QObject", "YaRN mscale")},
        {"yarn-mscale-squared", QT_TRANSLATE_NOOP("QObject", "YaRN mscale²")},
        {"deepseek-softmax", QT_TRANSLATE_NOOP("QObject", "DeepSeek softmax scale")},
        {"longrope", QT_TRANSLATE_NOOP("QObject", "LongRoPE scale")},
        {"llama4-nope", QT_TRANSLATE_NOOP("QObject", "Llama 4 NoPE temperature")},
        {"qwen-log-n", QT_TRANSLATE_NOOP("QObject", "Qwen log-n")},
        {"su-log512", QT_TRANSLATE_NOOP("QObject", "Su's log₅₁₂ n")},
        {"seed-log2", QT_TRANSLATE_NOOP("QObject", "log₂ length rule")},
        {"llama4-scaling-beta", QT_TRANSLATE_NOOP("QObject", "Mistral query temperature (llama_4_scaling_beta)")},
    };
    const auto it = names.find(id);
    return it == names.end() ? QString::fromStdString(id) : QObject::tr(it->second);
}

/// A distinct colour per rule (the method palette, indexed by the rule's row).
std::string colourKey(std::size_t row)
{
    static const char* keys[] = {"yarn",      "ntk-by-parts", "dynamic-ntk", "longrope", "nope",
                                 "ntk-aware", "alibi",        "pi",          "llama3"};
    return keys[row % std::size(keys)];
}

/// Curves equal at every drawn n (to 1e-12 relative), e.g. yarn-mscale, yarn-mscale-squared and deepseek-softmax
/// on the logits when mscale_all_dim = 1: later ones of a group dashed so that both show, and a note naming each group.
void markCoinciding(FigureData& data, const QStringList& names)
{
    auto same = [](const Curve& a, const Curve& b) {
        for (std::size_t i = 0; i < a.y.size(); ++i)
            if (!(std::abs(a.y[i] - b.y[i]) <= 1e-12 * std::max(std::abs(a.y[i]), std::abs(b.y[i]))))
                return false;
        return a.y.size() == b.y.size();
    };
    std::vector<int> group(data.curves.size(), -1);
    QStringList groups;
    for (std::size_t i = 0; i < data.curves.size(); ++i) {
        if (group[i] >= 0)
            continue;
        QStringList members{names[static_cast<int>(i)]};
        for (std::size_t j = i + 1; j < data.curves.size(); ++j)
            if (group[j] < 0 && same(data.curves[i], data.curves[j])) {
                group[j] = static_cast<int>(i);
                data.curves[j].dashed = true;
                members << names[static_cast<int>(j)];
            }
        if (members.size() > 1)
            groups << joinNames(members); // "a, b and c": "a = b" read as an equation between the rules
    }
    if (!groups.isEmpty())
        addNote(data, QObject::tr("Equal at every n with these values, drawn on top of each other (the later ones "
                                  "dashed): %1")
                          .arg(groups.join(QObject::tr("; "))));
}

} // namespace

FigureData attentionScaleFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods)
{
    const BuiltMethod& primary = methods.front();
    const RotaryFrequencies* f = primary.encoding->rotary();
    analysis::ScaleParams p;
    QStringList from;
    if (request.options.has("rule-factor")) {
        p.factor = request.options.real("rule-factor");
    } else if (primary.params.has("factor")) {
        p.factor = primary.params.real("factor");
        from << QObject::tr("s = %1 from %2").arg(num(p.factor), primary.name);
    }
    if (request.options.has("original-length")) {
        p.originalLength = static_cast<double>(request.options.integer("original-length"));
    } else if (f && f->originalLength > 0) {
        p.originalLength = f->originalLength;
        from << QObject::tr("L0 = %1 from %2").arg(num(p.originalLength), primary.name);
    }
    if (primary.params.has("mscale-all-dim")) {
        p.mscaleAllDim = primary.params.real("mscale-all-dim");
        from << QObject::tr("mscale_all_dim = %1 from %2").arg(num(p.mscaleAllDim), primary.name);
    }
    p.floorScale = request.options.real("floor-scale");
    p.attnScale = request.options.real("attn-scale");
    const std::string chosen = request.options.choice("rules");
    const bool logits = request.options.choice("quantity") == "logits";
    const double maxLength = static_cast<double>(std::max<std::int64_t>(2, request.length));

    FigureData data;
    data.title = logits ? QObject::tr("Attention scaling: the factor on the logits against context length")
                        : QObject::tr("Attention scaling: each rule's value against context length");
    // Two lines: on one, the label was wider than the plot beside a wide legend and cut at both ends (1366 px).
    data.xLabel = QObject::tr("context length n (tokens)\nper-position rules: the query at position n − 1");
    data.yLabel = logits ? QObject::tr("factor on the logits") : QObject::tr("value v(n) of the rule");
    data.logX = true;
    const std::vector<double> n = sampleLengths(maxLength, p);
    QStringList formulas, sources, skipped, drawn;
    const auto& rules = analysis::attentionScaleRules();
    for (std::size_t row = 0; row < rules.size(); ++row) {
        const auto& rule = rules[row];
        if (chosen != "all" && !(chosen == "length-dependent" && rule.lengthDependent) && chosen != rule.name)
            continue;
        const QString name = ruleName(rule.name);
        try {
            analysis::validateScaleParams(rule.rule, p);
        } catch (const InvalidInput& e) {
            skipped << QObject::tr("%1 (%2)").arg(name, ErrorText::of(e));
            continue;
        }
        Curve c;
        c.name = QObject::tr("%1 (%2)").arg(name, targetText(rule.target));
        c.methodId = colourKey(row);
        c.x = n;
        c.y.reserve(n.size());
        for (double x : n)
            c.y.push_back(logits ? analysis::logitFactor(rule.rule, x, p) : analysis::scaleValue(rule.rule, x, p));
        data.curves.push_back(std::move(c));
        drawn << name;
        formulas << QObject::tr("%1: %2").arg(name, CoreText::text(rule.formula));
        sources << QObject::tr("%1: %2").arg(name, CoreText::text(rule.source));
    }
    if (data.curves.empty())
        throw InvalidInput("rules", QObject::tr("no rule can be drawn with these values: %1")
                                        .arg(skipped.join(QObject::tr("; ")))
                                        .toStdString());
    markCoinciding(data, drawn);
    data.horizontalMarkers.push_back({1.0, QObject::tr("1 (no scaling)")});
    if (p.originalLength <= maxLength)
        data.verticalMarkers.push_back({p.originalLength, QObject::tr("L0 = %1").arg(num(p.originalLength))});
    addNote(data,
            QObject::tr("Values: s = %1, L0 = %2, mscale_all_dim = %3, floor_scale = %4, attn_scale = %5, γ = %6, Su's "
                        "base %7")
                .arg(num(p.factor), num(p.originalLength), num(p.mscaleAllDim), num(p.floorScale), num(p.attnScale),
                     num(p.gamma), num(p.suBase)));
    if (!from.isEmpty())
        addNote(data, QObject::tr("Taken from the primary method: %1").arg(from.join(QObject::tr("; "))));
    if (logits)
        addNote(data, QObject::tr("A factor on cos/sin enters the logits squared (q and k are both rotated); a "
                                  "query or logit factor once"));
    // Every rule's formula and source took 8 of the note's 12 lines and squeezed the plot to ~240 px at 1366 x 768
    // (issue 35): they are given for a few rules; with more, the note says where to find them.
    constexpr qsizetype kRulesWithFormulas = 3;
    if (formulas.size() <= kRulesWithFormulas) {
        addNote(data, QObject::tr("Formulas: %1").arg(formulas.join(QObject::tr("; "))));
        addNote(data, QObject::tr("Sources: %1").arg(sources.join(QObject::tr("; "))));
    } else {
        addNote(data, QObject::tr("The formula and source of a rule: choose that rule under Rules"));
    }
    if (!skipped.isEmpty())
        addNote(data, QObject::tr("Not shown: %1").arg(skipped.join(QObject::tr("; "))));
    return data;
}

} // namespace posenc::widgets::detail
