// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute attention-scale`: the attention-scaling table (core attention_scale.h), and one rule (or all)
// evaluated against context length: its value and the factor it puts on the logits. Flags, defaults, checks and
// result fields are the core's declaration of the analysis (posenc/analysis/analysis_spec.h); it uses no method.
#include "analysis_output.h"
#include "commands_list.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command&)
{
    const auto& spec = analysis::analysisSpec("attention-scale");
    const std::string format = tableFormat(args);
    const analysis::AnalysisOutput out = spec.run(nullptr, checkedAnalysisFlags(args, spec), {});
    writeOutput(args, [&](std::ostream& os) {
        if (format == "csv") { // one line per rule and length
            os << "rule,target,length,value,logit_factor\n";
            for (const auto& r : out.records) {
                const auto& length = *r.column("length");
                const auto& value = *r.column("value");
                const auto& logit = *r.column("logit_factor");
                for (std::size_t k = 0; k < length.size(); ++k)
                    os << r.labels[0].second << ',' << r.labels[4].second << ',' << static_cast<long long>(length[k])
                       << ',' << io::JsonWriter::number(value[k]) << ',' << io::JsonWriter::number(logit[k]) << '\n';
            }
            return;
        }
        writeAnalysisJson(os, nullptr, spec, out);
    });
    return 0;
}

} // namespace

Command attentionScaleCommand()
{
    const auto& spec = analysis::analysisSpec("attention-scale");
    Command c{{"compute", "attention-scale"},
              "posenc compute attention-scale [--rule R|all] [--max-length N | --lengths L1,...] [--factor s] "
              "[--original-max-position-embeddings L0] [--floor-scale F] [--attn-scale A] [--gamma G] "
              "[--format json|csv] [-o FILE]",
              spec.summary,
              analysisCommandOptions(spec),
              false,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
