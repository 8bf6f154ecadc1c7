// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check --config CONFIG --position-layout L --input TABLE --quantity cos|sin` for an image/video RoPE
// config (or --tower vision): the table against the model's rule, with named diagnoses (posenc/grid_check.h).
// Exit 0 match, 1 mismatch, 2 bad input, as `posenc check`.
#include "grid_cli.h"

#include "cli_common.h"

#include "posenc/errors.h"
#include "posenc/grid_check.h"
#include "posenc/grid_report.h"
#include "posenc/io/writers.h"
#include "posenc/io/tables.h"

namespace posenc::cli {

int runGridCheck(const Args& args, const std::string& text)
{
    if (!args.has("input"))
        throw InvalidInput("input", "--input FILE[:TENSOR] is required (the cos or sin table to check)");
    const std::string quantity = args.get("quantity");
    if (quantity != "cos" && quantity != "sin")
        throw InvalidInput("quantity", "--quantity " + (quantity.empty() ? std::string("(missing)") : quantity) +
                                           ": an image/video RoPE table is checked as cos or sin");
    if (!args.has("position-layout"))
        throw InvalidInput("position-layout", "--position-layout is required: the table's tokens, e.g. "
                                              "text:4,image:32x32 or video:8x30x52 (one row each)");
    if (args.has("layout"))
        throw InvalidInput("layout", "--layout: an image/video table is read in its model's channel layout (or one "
                                     "column per pair); a wrong layout is one of the diagnoses");
    const bool tower = args.has("tower") && args.get("tower") == "vision";
    const std::string origin = args.get("config");
    auto model = tower ? grid::fromVisionConfig(text, origin) : grid::fromDiffusersConfig(text, origin);
    if (args.has("order")) // the table's token order (default: what the model computes)
        model = grid::withOrder(model, grid::parseOrder(model, args.get("order")));
    grid::GridCheckRequest req;
    req.sine = quantity == "sin";
    if (args.has("tolerance"))
        req.tolerance = realOption(args, "tolerance");
    if (args.has("riflex-frames"))
        req.riflexFrames = intOption(args, "riflex-frames");
    if (args.has("riflex-k"))
        req.riflexK = static_cast<int>(intOption(args, "riflex-k"));
    const std::string layout = args.get("position-layout");
    const std::string input = args.get("input");
    const Matrix table = io::readTableFile(io::parseTableSource(input), io::TableReadOptions{});
    const auto res = grid::checkGridTable(model, grid::parseLayout(layout), table.data, table.rows, table.cols, req);
    const std::string format = args.get("format", "text");
    writeOutput(args, [&](std::ostream& out) {
        if (format == "json") {
            io::JsonWriter w(out);
            writeGridCheckReport(w, model, {input, quantity, layout, req.tolerance}, res);
            return;
        }
        out << (res.match ? "match" : "MISMATCH") << ": " << input << " (" << quantity << ", " << layout << ") against "
            << model.method << "\n";
        out << "max |error| " << formatNumber(res.maxError) << " (tolerance " << formatNumber(req.tolerance)
            << "), worst at row " << res.worstRow << ", column " << res.worstColumn << "\n";
        out << "columns read as: " << res.layout << "\n";
        for (const auto& d : res.diagnosis)
            out << "diagnosis: " << d.kind << " — " << d.evidence << " (max |error| " << formatNumber(d.maxError)
                << ")\n";
        if (!res.match && res.diagnosis.empty())
            out << "diagnosis: none of the planted bugs (" << res.tested.size() << " tried) reproduces this table\n";
    });
    return res.match ? 0 : 1;
}

} // namespace posenc::cli
