// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute bounds`: context-length bounds and band counts of a rotary method (bounds.h). Flags, defaults,
// checks and result fields are the core's declaration of the analysis (posenc/analysis/analysis_spec.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/errors.h"

#include <cmath>

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const auto& spec = analysis::analysisSpec("bounds");
    const std::string format = tableFormat(args);
    const ParamSet options = checkedAnalysisFlags(args, spec);
    const auto choice = resolveMethod(args, self);
    if (!choice.encoding->rotary())
        throw InvalidInput("method", "bounds apply to rotary methods; " + choice.def->info.id + " is " +
                                         toString(choice.def->info.kind));
    const analysis::AnalysisOutput out = spec.run(choice.encoding.get(), options, {{}, memoryBudgetOption(args)});
    writeOutput(args, [&](std::ostream& os) {
        if (format == "csv") { // one row per number of the result
            os << "quantity,value\n";
            for (const auto& [name, value] : out.scalars)
                os << name << ',' << (std::isfinite(value) ? io::JsonWriter::number(value) : "") << '\n';
            return;
        }
        writeAnalysisJson(os, &choice, spec, out); // unset values are written as null
    });
    return 0;
}

} // namespace

Command boundsCommand()
{
    const auto& spec = analysis::analysisSpec("bounds");
    Command c{{"compute", "bounds"},
              "posenc compute bounds --method M [--PARAM VALUE ...] [--context-length L] [--train-length T]\n"
              "                      [--pretrain-base B] [--base-bound yes|no] [--format json|csv] [-o FILE]",
              spec.summary,
              analysisCommandOptions(spec),
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
