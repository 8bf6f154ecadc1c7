// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute pca`: principal components of the position vectors of a view (structure.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/structure.h"
#include "posenc/errors.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const std::string format = tableFormat(args);
    const auto choice = resolveMethod(args, self);
    MatrixRequest req;
    req.length = lengthOption(args, choice, 2, std::int64_t(1) << 24, "positions");
    req.firstPosition = intOption(args, "start");
    req.view = args.has("view") ? parseView(args.get("view"))
                                : (choice.encoding->views().empty() ? View::Pe : choice.encoding->views().front());
    const int k = static_cast<int>(intOption(args, "components"));
    const double row = encodingRowBytes(*choice.encoding), n = static_cast<double>(req.length);
    checkMemory(args, "length", 2.0 * n * row + row * row / 8.0 + 8.0 * n * k,
                std::to_string(req.length) + " position vectors, their covariance and projections");
    req.memoryBudget = memoryBudgetOption(args);
    const auto r = analysis::computePca(computeMatrix(*choice.encoding, req, ambientProgress()), k);
    std::vector<std::vector<double>> proj(static_cast<std::size_t>(k), std::vector<double>(r.projections.rows));
    std::vector<std::vector<double>> axes(static_cast<std::size_t>(k), std::vector<double>(r.components.cols));
    std::vector<std::string> names;
    for (std::size_t j = 0; j < proj.size(); ++j) {
        for (std::size_t i = 0; i < r.projections.rows; ++i)
            proj[j][i] = r.projections(i, j);
        for (std::size_t c = 0; c < r.components.cols; ++c)
            axes[j][c] = r.components(j, c);
        names.push_back("pc" + std::to_string(j + 1));
    }
    std::vector<double> position(r.projections.rows);
    for (std::size_t i = 0; i < position.size(); ++i)
        position[i] = static_cast<double>(req.firstPosition + static_cast<std::int64_t>(i));
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            std::vector<NamedColumn> cols{{"position", &position}};
            for (std::size_t j = 0; j < proj.size(); ++j)
                cols.emplace_back(names[j], &proj[j]);
            writeColumnsCsv(out, cols);
            return;
        }
        io::JsonWriter w(out);
        beginAnalysisJson(w, choice, "pca");
        w.field("view", toString(req.view));
        w.key("explained_variance").array(r.explainedVariance);
        w.key("explained_variance_ratio").array(r.explainedVarianceRatio);
        w.key("components").beginArray();
        for (const auto& a : axes)
            w.array(a);
        w.endArray();
        w.key("projections").beginArray();
        for (const auto& p : proj)
            w.array(p);
        w.endArray();
        w.endObject();
    });
    return 0;
}

} // namespace

Command pcaCommand()
{
    Command c{{"compute", "pca"},
              "posenc compute pca --method M [--PARAM VALUE ...] --length N [--start P] [--view V] [--components K]\n"
              "                   [--format json|csv] [-o FILE]",
              "Principal components of the position vectors (rows of a view): explained variance, axes and the "
              "projection of every position (sinusoidal tables form circles, learned GPT-2 tables a helix).",
              {intOpt("length", "positions N (default with --input: the whole table)", std::nullopt, 2,
                      std::int64_t(1) << 24),
               intOpt("start", "first position", 0, 0, std::int64_t(1) << 50),
               {"view", "matrix view (default: the method's first view)"},
               intOpt("components", "K, at most min(N, columns)", 3, 1, 4096),
               tableFormatOption()},
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
