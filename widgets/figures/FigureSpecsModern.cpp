// SPDX-License-Identifier: GPL-3.0-or-later
// Rows of the figure table for issue 20 (RoPE as 2026 models use it): attention scaling against length and the
// layers of a loaded config. FigureSpecs.cpp appends them where their tabs go.
#include "figures/FigureSpec.h"

#include "FigureCompute_p.h"
#include "FigureSpecOptions_p.h"

#include "posenc/analysis/attention_scale.h"
#include "posenc/io/hf_config.h"
#include "posenc/param_builders.h"
#include "posenc/registry.h"

#include <algorithm>

namespace posenc::widgets {

using namespace specopts;

void appendAttentionScaleSpec(std::vector<FigureSpec>& specs)
{
    using namespace detail;
    std::vector<std::string> rules = {"all", "length-dependent"};
    for (const auto& r : analysis::attentionScaleRules())
        rules.push_back(r.name);
    specs.push_back(
        {FigureKind::AttentionScale,
         "attention-scale",
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Scaling")),
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                    "Attention-scaling rules (YaRN, DeepSeek, LongRoPE, Llama 4 NoPE, log-n, ...) "
                                    "against the context length.")),
         {choiceOption("rules", "Rules", "all", rules,
                       "which rows of the attention-scaling table: all, the length-dependent ones (log-n, Su, "
                       "Llama 4 NoPE, seed-log2, llama4-scaling-beta), or one rule"),
          choiceOption("quantity", "Show", "logits", {"logits", "value"},
                       "logits: the factor each rule puts on the attention logits (a cos/sin factor squared); "
                       "value: the rule's own value v(n)"),
          optionalReal("rule-factor", "s", 0, 1e6,
                       "scale factor s of the YaRN, DeepSeek and LongRoPE rules (unset: the "
                       "primary's factor, else 8)"),
          optionalLength(
              "original-length", "L0",
              "original context L0 of LongRoPE, log-n, seed-log2 and llama4-scaling-beta (unset: the primary's L0, "
              "else 4096)"),
          // floor_scale and attn_scale as the core declares them (compute attention-scale, Python's keywords).
          analysisOption("attention-scale", "floor-scale", "floor_scale"),
          analysisOption("attention-scale", "attn-scale", "attn_scale")},
         [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress&) {
             return attentionScaleFigure(r, m);
         }});
    specs.back().defaultLength = 1 << 20;
}

void appendLayersSpec(std::vector<FigureSpec>& specs)
{
    using namespace detail;
    specs.push_back({FigureKind::Layers,
                     "layers",
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Layers")),
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                                "Each layer of the loaded config: its encoding, attention window and "
                                                "θ. Click a layer to make its encoding the primary.")),
                     {},
                     [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress&) {
                         return layersFigure(r, m);
                     }});
    specs.back().shown = [](const std::vector<std::string>&, const io::HfConfig* config) {
        return config && layerGroups(*config) > 1; // layers that differ: windows, encodings or NoPE
    };
}

void appendPositionsSpec(std::vector<FigureSpec>& specs)
{
    using namespace detail;
    specs.push_back({FigureKind::Positions,
                     "positions",
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Positions")),
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                                "M-RoPE: the (t, h, w) ids of each token of the method's token "
                                                "layout, as transformers' get_rope_index gives them. Dual chunk "
                                                "attention (Qwen2.5-1M): the query × key distance RoPE sees.")),
                     {choiceOption("show", "Show", "auto", {"auto", "ids", "dual-chunk"},
                                   "auto: the (t, h, w) ids of a compared M-RoPE method, else the loaded config's "
                                   "dual chunk attention; ids: the M-RoPE ids; dual-chunk: the query x key distance "
                                   "matrix of dual chunk attention over the length"),
                      optional(intOption("chunk-size", "chunk_size", 262144, 2, 1e15,
                                         "dual-chunk: dual_chunk_attention_config chunk_size (unset: the loaded "
                                         "config's, else Qwen2.5-1M's 262144)")),
                      optional(intOption("local-size", "local_size", 8192, 1, 1e15,
                                         "dual-chunk: dual_chunk_attention_config local_size, < chunk_size (unset: "
                                         "the loaded config's, else Qwen2.5-1M's 8192)")),
                      boolOption("plain", "Plain q − k", true,
                                 "dual-chunk: draw plain RoPE's distance q - k beside the remapped one (same colour "
                                 "scale)")},
                     [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress&) {
                         return positionsFigure(r, m);
                     }});
    specs.back().shown = [](const std::vector<std::string>& ids, const io::HfConfig* config) {
        if (config && config->dualChunk) // dual chunk attention's distances
            return true;
        // a compared method with a token layout (the registry's M-RoPE methods), not a guess from the id
        return std::any_of(ids.begin(), ids.end(), [](const std::string& id) {
            const MethodDef* def = Registry::instance().tryFind(id);
            return def && def->findParam("token-layout");
        });
    };
}

} // namespace posenc::widgets
