// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute similarity`: position-by-position similarity matrix (structure.h). Flags, defaults and checks are
// the core's declaration of the analysis (posenc/analysis/analysis_spec.h); the output is its one matrix.
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/structure.h"
#include "posenc/errors.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const auto& spec = analysis::analysisSpec("similarity");
    const ParamSet options = checkedAnalysisFlags(args, spec);
    const auto choice = resolveMethod(args, self);
    const ParamSpec& lengthSpec = spec.option("length");
    const std::int64_t length = lengthOption(args, choice, static_cast<std::int64_t>(lengthSpec.min),
                                             static_cast<std::int64_t>(lengthSpec.max), "window of positions");
    const double n = static_cast<double>(length);
    checkMemory(args, "length", 8.0 * n * n + 2.0 * n * encodingRowBytes(*choice.encoding),
                "an " + std::to_string(length) + " x " + std::to_string(length) + " similarity matrix");
    (void)matrixFormat(args); // reject a bad --format before computing
    const analysis::AnalysisOutput out = spec.run(choice.encoding.get(), options, {{}, memoryBudgetOption(args)});
    writeMatrixOutput(args, *out.matrix("similarity"));
    return 0;
}

} // namespace

Command similarityCommand()
{
    const auto& spec = analysis::analysisSpec("similarity");
    std::vector<Option> options(spec.options.begin(), spec.options.end());
    options.emplace_back(matrixFormatOption());
    Command c{
        {"compute", "similarity"},
        "posenc compute similarity --method M [--PARAM VALUE ...] --length N [--start P]\n"
        "                          [--kind auto|dot|cosine|relative-score] [--probe-q LIST --probe-k LIST] [--head H]\n"
        "                          [--format npy|csv|json] [-o FILE]",
        spec.summary,
        std::move(options),
        true,
        {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
