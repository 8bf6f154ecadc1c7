// SPDX-License-Identifier: GPL-3.0-or-later
// The image/video RoPE presets (posenc/grid_presets.h). The configs hold the RoPE keys of the published
// checkpoints' transformer/config.json (FLUX.1-dev: axes_dims_rope [16, 56, 56]; FLUX.2-dev: [32, 32, 32, 32],
// rope_theta 2000; Qwen-Image: [16, 56, 56]; HunyuanVideo: rope_axes_dim [16, 56, 56], rope_theta 256; Wan 2.1
// T2V-14B: attention_head_dim 128), which are also their classes' defaults.
#include "posenc/grid_presets.h"

#include "posenc/errors.h"

namespace posenc::grid {

const std::vector<Preset>& presets()
{
    static const std::vector<Preset> all = {
        {"flux.1-dev", "FLUX.1-dev", R"({"_class_name": "FluxTransformer2DModel", "axes_dims_rope": [16, 56, 56]})", 1,
         64, 64, "1024×1024"},
        {"flux.2-dev", "FLUX.2-dev",
         R"({"_class_name": "Flux2Transformer2DModel", "axes_dims_rope": [32, 32, 32, 32], "rope_theta": 2000})", 1, 64,
         64, "1024×1024"},
        {"qwen-image", "Qwen-Image",
         R"({"_class_name": "QwenImageTransformer2DModel", "axes_dims_rope": [16, 56, 56]})", 1, 64, 64, "1024×1024"},
        {"hunyuan-video", "HunyuanVideo",
         R"({"_class_name": "HunyuanVideoTransformer3DModel", "rope_axes_dim": [16, 56, 56], "rope_theta": 256.0})", 33,
         45, 80, "129 frames 720×1280"},
        {"wan2.1-t2v-14b", "Wan 2.1 T2V-14B", R"({"_class_name": "WanTransformer3DModel", "attention_head_dim": 128})",
         21, 30, 52, "81 frames 480×832"},
    };
    return all;
}

const Preset& preset(const std::string& id)
{
    std::string ids;
    for (const auto& p : presets()) {
        if (p.id == id)
            return p;
        ids += (ids.empty() ? "" : ", ") + p.id;
    }
    throw InvalidInput("family", "unknown family preset \"" + id + "\"; the presets are " + ids);
}

Model presetModel(const Preset& p)
{
    return fromDiffusersConfig(p.config, p.name);
}

} // namespace posenc::grid
