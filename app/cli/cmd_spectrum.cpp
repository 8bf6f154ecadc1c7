// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute spectrum`: FFT power spectrum of each column of an encoding view (structure.h). Flags, defaults,
// checks and columns are the core's declaration of the analysis (posenc/analysis/analysis_spec.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/structure.h"
#include "posenc/errors.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const auto& spec = analysis::analysisSpec("spectrum");
    const std::string format = tableFormat(args);
    const ParamSet options = checkedAnalysisFlags(args, spec);
    const auto choice = resolveMethod(args, self);
    const ParamSpec& lengthSpec = spec.option("length");
    const std::int64_t length = lengthOption(args, choice, static_cast<std::int64_t>(lengthSpec.min),
                                             static_cast<std::int64_t>(lengthSpec.max), "positions transformed");
    checkMemory(args, "length", 3.0 * static_cast<double>(length) * encodingRowBytes(*choice.encoding),
                std::to_string(length) + " positions of every column and their transforms");
    const analysis::AnalysisOutput out = spec.run(choice.encoding.get(), options, {{}, memoryBudgetOption(args)});
    if (format == "csv") { // the per-column columns (the frequency bins are a JSON array of their own)
        std::vector<NamedColumn> cols;
        for (const auto& [name, values] : out.columns)
            if (name != "frequency")
                cols.emplace_back(name, &values);
        writeOutput(args, [&](std::ostream& os) { writeColumnsCsv(os, cols); });
        return 0;
    }
    writeAnalysisOutput(args, choice, spec, out, {}, [&](io::JsonWriter& w) {
        const Matrix& power = *out.matrix("power"); // one array per column, over the frequency bins
        w.key("power").beginArray();
        for (std::size_t c = 0; c < power.rows; ++c)
            w.array(std::vector<double>(power.data.begin() + static_cast<std::ptrdiff_t>(c * power.cols),
                                        power.data.begin() + static_cast<std::ptrdiff_t>((c + 1) * power.cols)));
        w.endArray();
    });
    return 0;
}

} // namespace

Command spectrumCommand()
{
    const auto& spec = analysis::analysisSpec("spectrum");
    Command c{{"compute", "spectrum"},
              "posenc compute spectrum --method M [--PARAM VALUE ...] --length N [--start P] [--view V]\n"
              "                        [--format json|csv] [-o FILE]",
              spec.summary,
              analysisCommandOptions(spec),
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
