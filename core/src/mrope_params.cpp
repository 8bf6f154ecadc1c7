// SPDX-License-Identifier: GPL-3.0-or-later
// The M-RoPE position-id options, declared once: the parameters of the mrope / mrope-interleaved methods
// (methods/mrope.cpp) and the options of the `positions` analysis (analysis/analysis_spec_positions.cpp), from which
// the CLI's flags, the GUI's editors and Python's keyword arguments are generated.
#include "posenc/mrope.h"
#include "posenc/param_builders.h"

namespace posenc::mrope {

std::vector<ParamSpec> positionParams(PositionRule rule, bool layoutAlias)
{
    ParamSpec lay;
    // --token-layout, not --layout: sinusoidal's --layout (interleaved / concatenated) and check's column layout
    // keep that name; the old spelling still reaches the methods' parameter when no selected method has a layout of
    // its own (render_compare.cpp) and in saved sessions.
    lay.name = "token-layout";
    if (layoutAlias)
        lay.aliases = {"layout"};
    lay.type = ParamType::Text;
    lay.optional = true;
    lay.displayName = "token layout";
    lay.help = "Tokens as text:N, image:HxW (patch grid), video:TxHxW[@FPS], comma-separated; (t, h, w) ids as "
               "HF get_rope_index gives them. Unset: text only (ids = token index, the same as RoPE).";
    return {lay,
            choiceParam("position-rule", toString(rule), enumNames(kPositionRuleNames),
                        "How video ids advance: qwen2-vl t += 1 per temporal patch; qwen2.5-vl t += "
                        "tokens_per_second * int(temporal_patch_size / fps); qwen3-vl (and GLM-4V) one grid per "
                        "temporal patch, each starting a new block."),
            intParam("spatial-merge-size", 2, 1, 64, "patches", "HF vision_config.spatial_merge_size."),
            realParam("tokens-per-second", 2, 0, 1e6, "", "Qwen2.5-VL vision_config.tokens_per_second."),
            intParam("temporal-patch-size", 2, 1, 64, "frames", "HF vision_config.temporal_patch_size.")};
}

PositionOptions positionOptionsFrom(const ParamSet& p)
{
    PositionOptions o;
    o.rule = parsePositionRule(p.choice("position-rule"));
    o.spatialMergeSize = static_cast<int>(p.integer("spatial-merge-size"));
    o.tokensPerSecond = p.real("tokens-per-second");
    o.temporalPatchSize = static_cast<int>(p.integer("temporal-patch-size"));
    return o;
}

} // namespace posenc::mrope
