// SPDX-License-Identifier: GPL-3.0-or-later
// The image/video RoPE presets (posenc/grid_presets.h): the RoPE keys of each published checkpoint's
// transformer/config.json or VLM vision_config, checked against public copies of those files and against diffusers
// 58eb52c0 / transformers decba1d2 (class defaults, scripts/convert_*_to_diffusers.py). FLUX.1-dev axes_dims_rope
// [16, 56, 56] (the first, 0.30.0.dev0 config has no such key: the class default); FLUX.2-dev [32, 32, 32, 32],
// rope_theta 2000 (convert_flux2_to_diffusers.py "flux2-dev"); Qwen-Image [16, 56, 56]; HunyuanVideo rope_axes_dim
// [16, 56, 56], rope_theta 256 (convert "HYVideo-T/2-cfgdistill"); Wan 2.1 T2V-14B attention_head_dim 128 (convert
// "Wan-T2V-14B"); LTX-Video 2B (0.9.0 to 0.9.5) 32 heads of 64 (0.9.7 13B: 128); CogVideoX-5B attention_head_dim 64,
// sample_height 60, sample_width 90, patch_size 2, no patch_size_t, use_rotary_positional_embeddings true (class
// default false: CogVideoX-2B has no RoPE); Qwen2.5-VL-7B-Instruct vision_config hidden_size 1280, num_heads 16, depth
// 32, patch_size 14, spatial_merge_size 2, window_size 112, fullatt_block_indexes [7, 15, 23, 31]; Pixtral-12B
// (mistral-community/pixtral-12b) hidden_size 1024, 16 heads, image_size 1024, patch_size 16, rope_theta 10000
// (PixtralVisionConfig's defaults); Llama 4 Scout-17B-16E hidden_size 1408, 16 heads, image_size 336, patch_size 14,
// rope_theta 10000. Reference grids: the diffusers pipelines' default sizes (FLUX, Qwen-Image: 1024 px / VAE 8 / 2x2
// packing; HunyuanVideo, Wan, CogVideoX: VAE 4x time, 8x space, patch 2; LTX-Video: VAE 8x time, 32x space, patch 1).
#include "posenc/grid_presets.h"

#include "posenc/errors.h"

namespace posenc::grid {

const std::vector<Preset>& presets()
{
    static const std::vector<Preset> all = {
        {"flux.1-dev",
         "FLUX.1-dev",
         R"({"_class_name": "FluxTransformer2DModel", "axes_dims_rope": [16, 56, 56]})",
         1,
         64,
         64,
         {0, 1024, 1024},
         false},
        {"flux.2-dev",
         "FLUX.2-dev",
         R"({"_class_name": "Flux2Transformer2DModel", "axes_dims_rope": [32, 32, 32, 32], "rope_theta": 2000})",
         1,
         64,
         64,
         {0, 1024, 1024},
         false},
        {"qwen-image",
         "Qwen-Image",
         R"({"_class_name": "QwenImageTransformer2DModel", "axes_dims_rope": [16, 56, 56]})",
         1,
         64,
         64,
         {0, 1024, 1024},
         false},
        {"hunyuan-video",
         "HunyuanVideo",
         R"({"_class_name": "HunyuanVideoTransformer3DModel", "rope_axes_dim": [16, 56, 56], "rope_theta": 256.0})",
         33,
         45,
         80,
         {129, 720, 1280},
         false},
        {"wan2.1-t2v-14b",
         "Wan 2.1 T2V-14B",
         R"({"_class_name": "WanTransformer3DModel", "attention_head_dim": 128})",
         21,
         30,
         52,
         {81, 480, 832},
         false},
        {"ltx-video",
         "LTX-Video",
         R"({"_class_name": "LTXVideoTransformer3DModel", "num_attention_heads": 32, "attention_head_dim": 64})",
         21,
         16,
         22,
         {161, 512, 704},
         false},
        {"cogvideox-5b",
         "CogVideoX-5B",
         R"({"_class_name": "CogVideoXTransformer3DModel", "attention_head_dim": 64, "sample_height": 60, "sample_width": 90, "patch_size": 2, "patch_size_t": null, "use_rotary_positional_embeddings": true})",
         13,
         30,
         45,
         {49, 480, 720},
         false},
        {"qwen2.5-vl-7b-vision",
         "Qwen2.5-VL-7B vision",
         R"({"model_type": "qwen2_5_vl", "vision_config": {"depth": 32, "hidden_size": 1280, "num_heads": 16, "patch_size": 14, "spatial_merge_size": 2, "window_size": 112, "fullatt_block_indexes": [7, 15, 23, 31]}})",
         1,
         32,
         32,
         {0, 448, 448, PixelSize::Kind::ExampleImage},
         true},
        {"pixtral-12b-vision",
         "Pixtral-12B vision",
         R"({"model_type": "llava", "vision_config": {"model_type": "pixtral", "hidden_size": 1024, "num_attention_heads": 16, "image_size": 1024, "patch_size": 16, "rope_theta": 10000.0}})",
         1,
         28,
         28,
         {0, 448, 448, PixelSize::Kind::ExampleImage},
         true},
        {"llama4-scout-vision",
         "Llama 4 Scout vision",
         R"({"model_type": "llama4", "vision_config": {"model_type": "llama4_vision_model", "hidden_size": 1408, "num_attention_heads": 16, "image_size": 336, "patch_size": 14, "rope_theta": 10000.0}})",
         1,
         24,
         24,
         {0, 336, 336, PixelSize::Kind::FixedCrop},
         true},
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
    return p.tower ? fromVisionConfig(p.config, p.name) : fromDiffusersConfig(p.config, p.name);
}

} // namespace posenc::grid
