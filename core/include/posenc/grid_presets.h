// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file grid_presets.h
/// One preset per image/video RoPE family: the published checkpoint's transformer config (the keys that set its
/// RoPE; the rest take the class defaults, posenc/grid_rope.h) and its reference token grid, the size diffusers'
/// pipeline generates by default at 58eb52c08 (pipeline_flux.py, pipeline_flux2.py, pipeline_qwenimage.py:
/// default_sample_size 128 × VAE 8 = 1024 px; pipeline_hunyuan_video.py: 129 frames 720×1280; pipeline_wan.py: 81
/// frames 480×832; pipeline_ltx.py: 161 frames 512×704, VAE 8× time / 32× space, patch 1; pipeline_cogvideox.py:
/// sample_frames 49 at sample_height/width 60×90 latents), in tokens: latent frames (VAE 4× in time: (F − 1)/4 + 1)
/// × rows × columns after the 2×2 patch. The VLM vision towers (`tower`: read by fromVisionConfig) have no default
/// size; their reference grid is a 448×448 image in patches (Qwen2.5-VL: 32×32 patches of 14 px, 4×4 windows;
/// Pixtral: 28×28 of 16 px) or the fixed grid (Llama 4: image_size 336 / patch_size 14 = 24×24).

#include "posenc/grid_rope.h"

#include <string>
#include <vector>

namespace posenc::grid {

/// The pixel size a preset's reference grid comes from.
struct PixelSize {
    /// A diffusion pipeline's default generation size, an example image for a tower that takes many sizes, or the
    /// fixed crop a tower cuts every image into.
    enum class Kind { PipelineDefault, ExampleImage, FixedCrop };
    long long frames = 0; ///< video frames; 0 for an image
    long long height = 0, width = 0;
    Kind kind = Kind::PipelineDefault;
};

struct Preset {
    std::string id;                ///< "flux.1-dev", ...: the Grid view's family choice, `posenc render grid --family`
    std::string name;              ///< "FLUX.1-dev"
    std::string config;            ///< a transformer/config.json (JSON text) with its _class_name
    long long t = 1, h = 1, w = 1; ///< reference grid in tokens (t = 1: an image model)
    PixelSize size;                ///< the pixel size it comes from
    bool tower = false;            ///< a VLM config.json read for its vision tower (fromVisionConfig)
};

/// FLUX.1-dev, FLUX.2-dev, Qwen-Image, HunyuanVideo, Wan 2.1 T2V-14B, LTX-Video, CogVideoX-5B and the vision
/// towers of Qwen2.5-VL-7B, Pixtral-12B and Llama 4 Scout.
const std::vector<Preset>& presets();
/// The preset `id`; InvalidInput("family") listing the ids.
const Preset& preset(const std::string& id);
/// The model of a preset (fromDiffusersConfig, or fromVisionConfig for a tower, of its config).
Model presetModel(const Preset& p);

} // namespace posenc::grid
