// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute attention-scale`: the attention-scaling table (core attention_scale.h), and one rule (or all)
// evaluated against context length: its value and the factor it puts on the logits.
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/attention_scale.h"
#include "posenc/analysis/entropy.h"
#include "posenc/errors.h"

#include <cmath>

namespace posenc::cli {

namespace {

using analysis::ScaleRuleInfo;

int run(const Args& args, const Command&)
{
    const std::string format = tableFormat(args);
    std::vector<const ScaleRuleInfo*> rules;
    const std::string name = args.has("rule") ? choiceOption(args, "rule") : std::string("all");
    if (name == "all")
        for (const auto& r : analysis::attentionScaleRules())
            rules.push_back(&r);
    else
        rules.push_back(&analysis::findScaleRule(name));
    analysis::ScaleParams p;
    p.factor = realOption(args, "factor");
    p.mscaleAllDim = realOption(args, "mscale-all-dim");
    p.originalLength = realOption(args, "original-max-position-embeddings");
    p.floorScale = realOption(args, "floor-scale");
    p.attnScale = realOption(args, "attn-scale");
    p.gamma = realOption(args, "gamma");
    p.suBase = realOption(args, "su-base");
    for (const auto* r : rules)
        analysis::validateScaleParams(r->rule, p);
    std::vector<std::int64_t> lengths;
    if (args.has("lengths")) {
        lengths = intListOption(args, "lengths");
    } else {
        const long long n = intOption(args, "max-length");
        lengths = analysis::logSpacedLengths(n, static_cast<int>(intOption(args, "per-decade")));
    }
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            out << "rule,target,length,value,logit_factor\n";
            for (const auto* r : rules)
                for (auto n : lengths)
                    out << r->name << ',' << toString(r->target) << ',' << n << ','
                        << io::JsonWriter::number(analysis::scaleValue(r->rule, static_cast<double>(n), p)) << ','
                        << io::JsonWriter::number(analysis::logitFactor(r->rule, static_cast<double>(n), p)) << '\n';
            return;
        }
        io::JsonWriter w(out);
        w.beginObject();
        w.key("rules").beginArray();
        for (const auto* r : rules) {
            w.beginObject();
            w.field("name", r->name);
            w.field("formula", r->formula);
            w.field("parameters", r->parameters);
            w.field("source", r->source);
            w.field("target", toString(r->target));
            w.field("length_dependent", r->lengthDependent);
            std::vector<double> len, value, logit;
            for (auto n : lengths) {
                len.push_back(static_cast<double>(n));
                value.push_back(analysis::scaleValue(r->rule, static_cast<double>(n), p));
                logit.push_back(analysis::logitFactor(r->rule, static_cast<double>(n), p));
            }
            w.key("length").array(len);
            w.key("value").array(value);
            w.key("logit_factor").array(logit);
            w.endObject();
        }
        w.endArray();
        w.endObject();
    });
    return 0;
}

} // namespace

Command attentionScaleCommand()
{
    std::vector<std::string> names{"all"};
    for (const auto& r : analysis::attentionScaleRules())
        names.push_back(r.name);
    Command c{{"compute", "attention-scale"},
              "posenc compute attention-scale [--rule R|all] [--max-length N | --lengths L1,...] [--factor s] "
              "[--original-max-position-embeddings L0] [--floor-scale F] [--attn-scale A] [--gamma G] "
              "[--format json|csv] [-o FILE]",
              "The attention-scaling rules (YaRN mscale and its square, DeepSeek's softmax multiplier, LongRoPE, "
              "Llama 4's NoPE temperature, Qwen log-n, Su log_512 n, a log2 length rule): formula, "
              "parameters, source, and the value and logit factor against context length n (the per-position "
              "rules at the query at position n - 1). The entropy view's n-dependent temperatures are these rows.",
              {choiceOpt("rule", "a rule of the table, or all", "all", names),
               intOpt("max-length", "largest context length (log-spaced lengths up to it)", 1048576, 1, 1e15),
               listOpt("lengths", "context lengths (comma-separated integers), instead of --max-length", 1, 1e15),
               intOpt("per-decade", "log-spaced lengths per decade", 10, 1, 1000),
               realOpt("factor", "scale factor s (YaRN, DeepSeek, LongRoPE)", 8, 0, 1e12),
               realOpt("mscale-all-dim", "DeepSeek mscale_all_dim", 1, -1e6, 1e6),
               realOpt("original-max-position-embeddings", "L0 (LongRoPE, Qwen log-n, seed-log2)", 4096, 0, 1e15),
               realOpt("floor-scale", "Llama 4 floor_scale", 8192, 0, 1e15),
               realOpt("attn-scale", "Llama 4 attn_scale", 0.1, -1e6, 1e6),
               realOpt("gamma", "seed-log2 coefficient", 0.1, -1e6, 1e6),
               realOpt("su-base", "Su's log base (length where the scale is 1)", 512, 0, 1e15), tableFormatOption()},
              false,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
