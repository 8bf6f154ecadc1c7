// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute entropy`: attention entropy against context length (entropy.h). Flags, defaults, checks and
// columns are the core's declaration of the analysis (posenc/analysis/analysis_spec.h).
#include "analysis_output.h"
#include "commands_list.h"
#include "config_source.h"
#include "spec_options.h"

#include "posenc/analysis/analysis_spec.h"
#include "posenc/analysis/entropy.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const auto& spec = analysis::analysisSpec("entropy");
    tableFormat(args);
    // What a --config / --preset fixes (llama_4_scaling_beta: beta, beta-length) is the default; flags win.
    ParamSet given = parseSpecOptions(args, spec.options);
    if (const auto config = configFromArgs(args, false))
        given = analysis::withConfigValues(spec, std::move(given), chosenEncoding(*config, args).analysisDefaults());
    const ParamSet options = analysis::checkAnalysisOptions(spec, given);
    const analysis::EntropyOptions o = analysis::entropyOptionsFrom(options);
    if (o.lengths.empty()) // every n in 1..N: four reported columns, the running sums and their logits
        checkMemory(args, "max-length", 64.0 * static_cast<double>(o.maxLength),
                    "reporting every n up to " + std::to_string(o.maxLength));
    const auto choice = resolveMethod(args, self);
    analysis::checkEntropyParams(*choice.def, choice.params);
    const auto out = [&] {
        TerminalProgress progress("entropy");
        return spec.run(choice.encoding.get(), options,
                        {[&](double f) { return progress(f); }, memoryBudgetOption(args)});
    }();
    writeAnalysisOutput(args, choice, spec, out);
    return 0;
}

} // namespace

Command entropyCommand()
{
    const auto& spec = analysis::analysisSpec("entropy");
    Command c{
        {"compute", "entropy"},
        "posenc compute entropy --method M [--PARAM VALUE ...] (--max-length N | --lengths LIST)\n"
        "                       [--score all-ones|expected-similar] [--sigma2 V]\n"
        "                       [--temperature none|method|log-n|seed-log2|su-log512|llama4-nope|llama4-scaling-beta]\n"
        "                       [--reference-length L0] [--beta B --beta-length L0]\n"
        "                       [--attention full|sliding|chunked --window W] [--head H] [--format json|csv] [-o FILE]",
        spec.summary,
        analysisCommandOptions(spec),
        true,
        {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
