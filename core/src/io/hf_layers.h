// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Per-layer reading of a config scope: layer types, windows, NoPE layers (Llama 4, Cohere 2), Gemma 4's global
// head dim, M-RoPE sections. Called from hf_config.cpp; the model code each rule follows is cited in the .cpp.

#include "hf_rope_resolve.h"
#include "json_object_reader.h"

#include "posenc/io/hf_config.h"

#include <optional>
#include <string>
#include <vector>

namespace posenc::io::detail {

/// The head dim a layer type's rotary embedding uses: Gemma 4 full-attention layers use global_head_dim.
long long sectionHeadDim(JsonObjectReader& r, const std::string& modelType, const std::string& layer,
                         long long headDim);

struct MropeSpec {
    std::vector<int> sections;
    bool interleaved = false;
    bool ernie = false; ///< ERNIE-4.5-VL's (h, w, t) layout (mrope::SectionLayout::ErnieVl)
    std::string rule;   ///< position rule: qwen2-vl, qwen2.5-vl, qwen3-vl (also GLM-4V)
};
/// The M-RoPE keys of a rope dict (mrope_section, mrope_interleaved), marked as read; nullopt when not M-RoPE.
std::optional<MropeSpec> readMrope(JsonObjectReader* rope, const std::string& modelType);
/// Turns a default-RoPE resolution into the registry's mrope / mrope-interleaved method.
void applyMrope(const MropeSpec& spec, RopeResolution& res, Diagnostics& diag, const std::string& where);

/// The position keys of the top-level vision_config (spatial_merge_size, temporal_patch_size; Qwen2.5-VL also
/// tokens_per_second) onto the M-RoPE encodings, with HF's class defaults when absent; rebuilds them.
void readVisionConfig(JsonObjectReader& top, const std::string& origin, std::vector<HfEncoding>& encodings,
                      Diagnostics& diag);

struct LayerInfo {
    std::vector<HfLayer> layers;
    std::optional<HfNopeTemperature> nope;
};
/// Layers of a scope, each pointing at its encoding; sets HfEncoding::window.
LayerInfo readLayers(JsonObjectReader& r, const std::string& modelType, std::vector<HfEncoding>& encodings,
                     Diagnostics& diag);

} // namespace posenc::io::detail
