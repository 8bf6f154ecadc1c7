// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute positions`: the (t, h, w) M-RoPE position ids of every token of a layout, as transformers'
// get_rope_index computes them (posenc/mrope.h). Flags, defaults, checks and result fields of the M-RoPE ids are
// the core's declaration of the analysis (analysis_spec_positions.cpp); --config reads an image/video model.
#include "analysis_output.h"
#include "commands_list.h"
#include "grid_cli.h"

#include "posenc/errors.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command&)
{
    if (args.has("config")) { // a diffusers image/video config (posenc/grid_rope.h)
        const auto grid = diffusersConfigArg(args);
        if (!grid)
            throw InvalidInput("config", "--config " + args.get("config") +
                                             ": not a diffusers transformer config (no _class_name; a VLM's vision "
                                             "tower needs --tower vision); `compute positions --config` reads "
                                             "those, the M-RoPE ids need --token-layout");
        return runGridPositions(args, *grid);
    }
    if (args.has("order"))
        throw InvalidInput("order", "--order applies to --config (an image/video or vision-tower config); the M-RoPE "
                                    "ids of --token-layout are listed in the layout's order");
    // --token-layout, as the M-RoPE methods call it; --layout (its first spelling) is accepted here, where
    // nothing else is called a layout
    if (args.has("token-layout") && args.has("layout"))
        throw InvalidInput("layout", "give --token-layout or --layout (the same option), not both");
    Args given = args;
    if (args.has("layout"))
        given.flags["token-layout"] = given.flags.extract("layout").mapped();
    return runFormulaAnalysis(given, "positions");
}

} // namespace

Command positionsCommand()
{
    const auto& spec = analysis::analysisSpec("positions");
    std::vector<Option> options{
        {"config", "a diffusers transformer/config.json: the ids of its image/video RoPE family (with --layout "
                   "text:N,image:HxW or video:TxHxW)"},
        {"layout", "the same as --token-layout (its first name); with --config, the image/video layout"}};
    for (auto& o : analysisCommandOptions(spec)) // token-layout, position-rule, ..., format: the core's declaration
        options.push_back(std::move(o));
    options.push_back(towerOption());
    options.push_back(columnsOption());
    options.push_back(orderOption());
    Command c{{"compute", "positions"},
              "posenc compute positions --token-layout L [--position-rule qwen2-vl|qwen2.5-vl|qwen3-vl] "
              "[--spatial-merge-size 2] [--tokens-per-second 2] [--temporal-patch-size 2] [--format json|csv] "
              "[-o FILE]\n"
              "       posenc compute positions --config CONFIG --layout L [--tower vision] [--format json|csv] "
              "[--columns rows|named] [--order model|window|blocks|raster]",
              spec.summary,
              std::move(options),
              false,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
