// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file grid_presets.h
/// One preset per image/video RoPE family: the published checkpoint's transformer config (the keys that set its
/// RoPE; the rest take the class defaults, posenc/grid_rope.h) and its reference token grid, the size diffusers'
/// pipeline generates by default at 58eb52c08 (pipeline_flux.py, pipeline_flux2.py, pipeline_qwenimage.py:
/// default_sample_size 128 × VAE 8 = 1024 px; pipeline_hunyuan_video.py: 129 frames 720×1280; pipeline_wan.py: 81
/// frames 480×832), in tokens: latent frames (VAE 4× in time: (F − 1)/4 + 1) × rows × columns after the 2×2 patch.

#include "posenc/grid_rope.h"

#include <string>
#include <vector>

namespace posenc::grid {

struct Preset {
    std::string id;                ///< "flux.1-dev", ...: the Grid view's family choice, `posenc render grid --family`
    std::string name;              ///< "FLUX.1-dev"
    std::string config;            ///< a transformer/config.json (JSON text) with its _class_name
    long long t = 1, h = 1, w = 1; ///< reference grid in tokens (t = 1: an image model)
    std::string size;              ///< the pixel size it comes from, "1024×1024", "129 frames 720×1280"
};

/// FLUX.1-dev, FLUX.2-dev, Qwen-Image, HunyuanVideo, Wan 2.1 T2V-14B.
const std::vector<Preset>& presets();
/// The preset `id`; InvalidInput("family") listing the ids.
const Preset& preset(const std::string& id);
/// The model of a preset (fromDiffusersConfig of its config).
Model presetModel(const Preset& p);

} // namespace posenc::grid
