// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute positions`: the (t, h, w) M-RoPE position ids of every token of a layout, as transformers'
// get_rope_index computes them (posenc/mrope.h).
#include "analysis_output.h"
#include "commands_list.h"
#include "grid_cli.h"

#include "posenc/errors.h"
#include "posenc/mrope.h"

#include <algorithm>

namespace posenc::cli {

namespace {

std::string modalityName(mrope::Modality m)
{
    return enumName(mrope::kModalityNames, m);
}

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
    const std::string format = tableFormat(args);
    // --token-layout, as the M-RoPE methods call it; --layout (its first spelling) is accepted here, where
    // nothing else is called a layout
    if (args.has("token-layout") && args.has("layout"))
        throw InvalidInput("layout", "give --token-layout or --layout (the same option), not both");
    const std::string flag = args.has("layout") ? "layout" : "token-layout";
    if (!args.has(flag))
        throw InvalidInput("token-layout", "--token-layout is required, e.g. text:12,image:8x8,text:20,video:4x8x8@2");
    mrope::PositionOptions o;
    o.rule = mrope::parsePositionRule(choiceOption(args, "position-rule"));
    o.spatialMergeSize = static_cast<int>(intOption(args, "spatial-merge-size"));
    o.tokensPerSecond = realOption(args, "tokens-per-second");
    o.temporalPatchSize = static_cast<int>(intOption(args, "temporal-patch-size"));
    const std::string layout = args.flags.at(flag);
    const auto items = mrope::parseLayout(layout);
    const auto p = mrope::positionIds(items, o);
    std::int64_t maxId = -1;
    for (const auto& t : p.ids)
        maxId = std::max({maxId, t[0], t[1], t[2]});
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            out << "token,modality,t,h,w\n";
            for (std::size_t k = 0; k < p.ids.size(); ++k)
                out << k << ',' << modalityName(p.modality[k]) << ',' << p.ids[k][0] << ',' << p.ids[k][1] << ','
                    << p.ids[k][2] << '\n';
            return;
        }
        io::JsonWriter w(out);
        w.beginObject();
        w.field("layout", layout);
        w.field("position_rule", toString(o.rule));
        w.field("spatial_merge_size", o.spatialMergeSize);
        w.field("tokens", static_cast<long long>(p.ids.size()));
        w.key("modality").beginArray();
        for (auto m : p.modality)
            w.value(std::string(modalityName(m)));
        w.endArray();
        for (int s = 0; s < 3; ++s) {
            std::vector<double> v;
            for (const auto& t : p.ids)
                v.push_back(static_cast<double>(t[static_cast<std::size_t>(s)]));
            w.key(std::string(1, "thw"[s])).array(v);
        }
        w.field("next_position", static_cast<long long>(p.next));
        // HF's mrope_position_deltas: max id + 1 - tokens (get_rope_index)
        w.field("rope_delta", static_cast<long long>(maxId + 1 - static_cast<std::int64_t>(p.ids.size())));
        w.endObject();
    });
    return 0;
}

} // namespace

Command positionsCommand()
{
    Command c{{"compute", "positions"},
              "posenc compute positions --token-layout L [--position-rule qwen2-vl|qwen2.5-vl|qwen3-vl] "
              "[--spatial-merge-size 2] [--tokens-per-second 2] [--temporal-patch-size 2] [--format json|csv] "
              "[-o FILE]\n"
              "       posenc compute positions --config CONFIG --layout L [--tower vision] [--format json|csv] "
              "[--columns rows|named] [--order model|window|blocks|raster]",
              "M-RoPE (t, h, w) position ids of every token of a layout of text:N, image:HxW (patch grid) and "
              "video:TxHxW[@FPS] entries, as transformers' get_rope_index computes them (Qwen2-VL, Qwen2.5-VL, "
              "Qwen3-VL, GLM-4V).",
              {{"config", "a diffusers transformer/config.json: the ids of its image/video RoPE family (with "
                          "--layout text:N,image:HxW or video:TxHxW)"},
               {"token-layout", "comma-separated text:N, image:HxW, video:TxHxW[@FPS]"},
               {"layout", "the same as --token-layout (its first name)"},
               choiceOpt("position-rule", "how video ids advance", "qwen2-vl", enumNames(mrope::kPositionRuleNames)),
               intOpt("spatial-merge-size", "patches merged per side (vision_config.spatial_merge_size)", 2, 1, 64),
               realOpt("tokens-per-second", "Qwen2.5-VL vision_config.tokens_per_second", 2, 0, 1e6),
               intOpt("temporal-patch-size", "frames per temporal patch", 2, 1, 64),
               tableFormatOption(),
               towerOption(),
               columnsOption(),
               orderOption()},
              false,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
