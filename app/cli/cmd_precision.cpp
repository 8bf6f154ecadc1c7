// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute precision`: error of cos/sin(m theta) with positions, theta or the product held in float32,
// bfloat16 or float16, against the position; the first colliding position per pair. Flags, defaults, checks and
// result fields are the core's declaration of the analysis (posenc/analysis/analysis_spec.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/errors.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const auto& spec = analysis::analysisSpec("precision");
    const std::string format = tableFormat(args);
    const ParamSet options = checkedAnalysisFlags(args, spec);
    const auto choice = resolveMethod(args, self);
    if (!choice.encoding->rotary())
        throw InvalidInput("method", "compute precision needs a rotary method; " + choice.def->info.id + " is " +
                                         toString(choice.def->info.kind));
    const analysis::AnalysisOutput out = spec.run(choice.encoding.get(), options, {{}, memoryBudgetOption(args)});
    writeOutput(args, [&](std::ostream& os) {
        if (format == "csv") { // the position, then max_error_<format> per curve
            const std::vector<double>& positions = *out.column("positions");
            os << "position";
            for (const auto& c : out.records)
                os << ",max_error_" << c.labels.front().second;
            os << '\n';
            for (std::size_t k = 0; k < positions.size(); ++k) {
                os << io::JsonWriter::number(positions[k]);
                for (const auto& c : out.records)
                    os << ',' << io::JsonWriter::number((*c.column("max_error"))[k]);
                os << '\n';
            }
            return;
        }
        writeAnalysisJson(os, &choice, spec, out);
    });
    return 0;
}

} // namespace

Command precisionCommand()
{
    const auto& spec = analysis::analysisSpec("precision");
    Command c{{"compute", "precision"},
              "posenc compute precision --method M [--PARAM VALUE ...] [--stage positions|theta|product|all] "
              "[--formats float32,bfloat16,float16] [--max-position N] [--format json|csv] [-o FILE]",
              spec.summary,
              analysisCommandOptions(spec),
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
