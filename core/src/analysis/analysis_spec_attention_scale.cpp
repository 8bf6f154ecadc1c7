// SPDX-License-Identifier: GPL-3.0-or-later
// `attention-scale` declared once (analysis_spec.h): options, result fields, the run. A formula of its options:
// it uses no encoding (AnalysisSpec::usesEncoding false).
#include "analysis_specs_p.h"

#include "posenc/analysis/attention_scale.h"
#include "posenc/analysis/entropy.h"
#include "posenc/errors.h"
#include "posenc/param_builders.h"

namespace posenc::analysis {

namespace {

AnalysisOutput run(const Encoding*, const ParamSet& p, const RunContext&)
{
    std::vector<const ScaleRuleInfo*> rules;
    const std::string& name = p.choice("rule");
    if (name == "all")
        for (const auto& r : attentionScaleRules())
            rules.push_back(&r);
    else
        rules.push_back(&findScaleRule(name));
    ScaleParams sp;
    sp.factor = p.real("factor");
    sp.mscaleAllDim = p.real("mscale-all-dim");
    sp.originalLength = p.real("original-max-position-embeddings");
    sp.floorScale = p.real("floor-scale");
    sp.attnScale = p.real("attn-scale");
    sp.gamma = p.real("gamma");
    sp.suBase = p.real("su-base");
    for (const auto* r : rules)
        validateScaleParams(r->rule, sp);
    const std::vector<std::int64_t> lengths =
        p.has("lengths") ? integerList(p, "lengths")
                         : logSpacedLengths(p.integer("max-length"), static_cast<int>(p.integer("per-decade")));
    AnalysisOutput out;
    out.recordsKey = "rules";
    for (const auto* r : rules) {
        AnalysisOutput row;
        row.labels = {{"name", r->name},
                      {"formula", r->formula},
                      {"parameters", r->parameters},
                      {"source", r->source},
                      {"target", toString(r->target)}};
        row.flags = {{"length_dependent", r->lengthDependent}};
        std::vector<double> len, value, logit;
        for (auto n : lengths) {
            len.push_back(static_cast<double>(n));
            value.push_back(scaleValue(r->rule, static_cast<double>(n), sp));
            logit.push_back(logitFactor(r->rule, static_cast<double>(n), sp));
        }
        row.columns = {{"length", std::move(len)}, {"value", std::move(value)}, {"logit_factor", std::move(logit)}};
        out.records.push_back(std::move(row));
    }
    return out;
}

} // namespace

AnalysisSpec attentionScaleSpec()
{
    const ScaleParams defaults;
    std::vector<std::string> names{"all"};
    for (const auto& r : attentionScaleRules())
        names.push_back(r.name);
    AnalysisSpec s;
    s.id = "attention-scale";
    s.summary = "The attention-scaling rules (YaRN mscale and its square, DeepSeek's softmax multiplier, LongRoPE, "
                "Llama 4's NoPE temperature, Qwen log-n, Su log_512 n, a log2 length rule): formula, "
                "parameters, source, and the value and logit factor against context length n (the per-position "
                "rules at the query at position n - 1). The entropy view's n-dependent temperatures are these rows.";
    s.options = {
        choiceParam("rule", "all", names, "a rule of the table, or all"),
        intParam("max-length", 1048576, 1, 1e15, {}, "largest context length (log-spaced lengths up to it)"),
        optional(listParam("lengths", 1, 1e15, "context lengths (comma-separated integers), instead of --max-length")),
        intParam("per-decade", 10, 1, 1000, {}, "log-spaced lengths per decade"),
        realParam("factor", defaults.factor, 0, 1e12, {}, "scale factor s (YaRN, DeepSeek, LongRoPE)"),
        realParam("mscale-all-dim", defaults.mscaleAllDim, -1e6, 1e6, {}, "DeepSeek mscale_all_dim"),
        realParam("original-max-position-embeddings", defaults.originalLength, 0, 1e15, {},
                  "L0 (LongRoPE, Qwen log-n, seed-log2, llama4-scaling-beta)"),
        realParam("floor-scale", defaults.floorScale, 0, 1e15, {}, "Llama 4 NoPE temperature: floor_scale"),
        realParam("attn-scale", defaults.attnScale, -1e6, 1e6, {},
                  "Llama 4 NoPE temperature: attn_scale; also beta of llama4-scaling-beta (Mistral's query "
                  "temperature)"),
        realParam("gamma", defaults.gamma, -1e6, 1e6, {}, "seed-log2 coefficient"),
        realParam("su-base", defaults.suBase, 0, 1e15, {}, "Su's log base (length where the scale is 1)"),
    };
    s.columns = {{"rules",
                  "one record per rule: name, formula, parameters, source, target (cos-sin, query or logits), "
                  "length_dependent, and per context length: length, value (the rule's v(n)), logit_factor (the "
                  "factor it puts on the logits)",
                  true, ResultShape::Records}};
    s.run = &run;
    s.usesEncoding = false;
    return s;
}

} // namespace posenc::analysis
