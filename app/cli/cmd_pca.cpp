// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute pca`: principal components of the position vectors of a view (structure.h). Flags, defaults,
// checks and columns are the core's declaration of the analysis (posenc/analysis/analysis_spec.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/structure.h"
#include "posenc/errors.h"

namespace posenc::cli {

namespace {

/// Row `r` of `m` as a vector.
std::vector<double> row(const Matrix& m, std::size_t r)
{
    return {m.data.begin() + static_cast<std::ptrdiff_t>(r * m.cols),
            m.data.begin() + static_cast<std::ptrdiff_t>((r + 1) * m.cols)};
}

int run(const Args& args, const Command& self)
{
    const auto& spec = analysis::analysisSpec("pca");
    const std::string format = tableFormat(args);
    const ParamSet options = checkedAnalysisFlags(args, spec);
    const auto choice = resolveMethod(args, self);
    const ParamSpec& lengthSpec = spec.option("length");
    const std::int64_t length = lengthOption(args, choice, static_cast<std::int64_t>(lengthSpec.min),
                                             static_cast<std::int64_t>(lengthSpec.max), "positions");
    const auto k = static_cast<double>(options.integer("components"));
    const double rowBytes = encodingRowBytes(*choice.encoding), n = static_cast<double>(length);
    checkMemory(args, "length", 2.0 * n * rowBytes + rowBytes * rowBytes / 8.0 + 8.0 * n * k,
                std::to_string(length) + " position vectors, their covariance and projections");
    ParamSet checked = options;
    checked.set("length", static_cast<double>(length)); // the whole table when --length is not given
    const analysis::AnalysisOutput out = spec.run(choice.encoding.get(), checked, {{}, memoryBudgetOption(args)});
    const Matrix& components = *out.matrix("components");
    const Matrix& projections = *out.matrix("projections");
    std::vector<std::vector<double>> proj, axes;
    for (std::size_t j = 0; j < projections.rows; ++j) {
        proj.push_back(row(projections, j));
        axes.push_back(row(components, j));
    }
    if (format == "csv") {
        std::vector<double> position(projections.cols);
        const std::int64_t first = options.integer("start");
        for (std::size_t i = 0; i < position.size(); ++i)
            position[i] = static_cast<double>(first + static_cast<std::int64_t>(i));
        std::vector<std::string> names;
        for (std::size_t j = 0; j < proj.size(); ++j)
            names.push_back("pc" + std::to_string(j + 1));
        std::vector<NamedColumn> cols{{"position", &position}};
        for (std::size_t j = 0; j < proj.size(); ++j)
            cols.emplace_back(names[j], &proj[j]);
        writeOutput(args, [&](std::ostream& os) { writeColumnsCsv(os, cols); });
        return 0;
    }
    writeAnalysisOutput(args, choice, spec, out, {}, [&](io::JsonWriter& w) {
        w.key("components").beginArray();
        for (const auto& a : axes)
            w.array(a);
        w.endArray();
        w.key("projections").beginArray();
        for (const auto& p : proj)
            w.array(p);
        w.endArray();
    });
    return 0;
}

} // namespace

Command pcaCommand()
{
    const auto& spec = analysis::analysisSpec("pca");
    Command c{{"compute", "pca"},
              "posenc compute pca --method M [--PARAM VALUE ...] --length N [--start P] [--view V] [--components K]\n"
              "                   [--format json|csv] [-o FILE]",
              spec.summary,
              analysisCommandOptions(spec),
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
