// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute base-bound`: Men et al.'s lower bound on the RoPE base for many context lengths at once
// (base_bound.h), beside the published rows. Flags, defaults, checks and result fields are the core's declaration of
// the analysis (posenc/analysis/analysis_spec.h); it uses no method.
#include "analysis_output.h"
#include "commands_list.h"

#include <cmath>

namespace posenc::cli {

namespace {

int run(const Args& args, const Command&)
{
    const auto& spec = analysis::analysisSpec("base-bound");
    const std::string format = tableFormat(args);
    const ParamSet options = checkedAnalysisFlags(args, spec);
    const analysis::AnalysisOutput out = [&] {
        TerminalProgress bar("base bound");
        return spec.run(nullptr, options, [&](double f) { return bar(f); });
    }();
    writeOutput(args, [&](std::ostream& os) {
        if (format == "csv") {
            os << "length,base_lower_bound,paper_table2,paper_vs_computed,su_kexue_fm,su_vs_computed\n";
            const auto num = [](double x) { return std::isfinite(x) ? io::JsonWriter::number(x) : std::string(); };
            const auto& length = *out.column("length");
            const auto& value = *out.column("base_lower_bound");
            const auto& paper = *out.column("paper_table2");
            const auto& su = *out.column("su_kexue_fm");
            const auto& paperNote = out.textColumns[0].second;
            const auto& suNote = out.textColumns[1].second;
            for (std::size_t k = 0; k < length.size(); ++k)
                os << static_cast<long long>(length[k]) << ',' << num(value[k]) << ',' << num(paper[k]) << ','
                   << paperNote[k] << ',' << num(su[k]) << ',' << suNote[k] << '\n';
            return;
        }
        writeAnalysisJson(os, nullptr, spec, out); // no admissible base up to 1e15, no published row: null
    });
    return 0;
}

} // namespace

Command baseBoundCommand()
{
    const auto& spec = analysis::analysisSpec("base-bound");
    Command c{{"compute", "base-bound"},
              "posenc compute base-bound [--head-dim 128] --lengths 1024,2048,... [--format json|csv] [-o FILE]",
              spec.summary,
              analysisCommandOptions(spec),
              false,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
