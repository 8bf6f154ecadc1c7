// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file grid_rope.h
/// Axial RoPE of image and video diffusion transformers: each rotary pair belongs to one axis (t, h, w, ...) and
/// turns by that axis' position id. A diffusers `transformer/config.json` is recognised by its `_class_name`; keys
/// it lacks take the model class's defaults. Every rule follows the model's own code at diffusers 58eb52c08
/// (src/diffusers/models/transformers/transformer_flux.py:500 FluxPosEmbed, pipelines/flux/pipeline_flux.py:506,
/// transformer_flux2.py:971 Flux2PosEmbed, pipelines/flux2/pipeline_flux2.py:356/375, transformer_hunyuan_video.py:478,
/// transformer_wan.py:354, transformer_qwenimage.py:232 QwenEmbedRope, models/embeddings.py:831/1120) and RIFLEx
/// (thu-ml/RIFLEx 18e0bc34d riflex_utils.py:5 get_1d_rotary_pos_embed_riflex, :61 identify_k).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace posenc::grid {

enum class Family { Flux, Flux2, HunyuanVideo, Wan, QwenImage, CogVideoX };

/// One axis: its pairs are consecutive, in the model's pair order; inv_freq[i] = theta^(-2i/dim).
struct Axis {
    std::string name; ///< "t", "h", "w", "l"
    int dim = 0;      ///< channels (2 per pair)
    double theta = 10000;
    std::vector<double> invFreq;
};

struct Model {
    Family family = Family::Flux;
    std::string method;    ///< "rope-flux", "rope-wan", ...
    std::string className; ///< the config's _class_name
    std::vector<Axis> axes;
    bool text = false;              ///< text tokens are rotated (ids per family)
    bool image = false;             ///< takes image:HxW
    bool video = false;             ///< takes video:TxHxW
    int temporalAxis = -1;          ///< index of the time axis (RIFLEx), -1 when none
    int riflexK = 0;                ///< the RIFLEx authors' published k for this family (0: none)
    std::vector<std::string> notes; ///< which keys took class defaults
    int headDim() const;
};

/// The families by method name and class name, for messages and listings.
std::string familyList();

/// True when the JSON text is an object with a `_class_name` (a diffusers config).
bool isDiffusersConfig(std::string_view jsonText);

/// Reads a diffusers transformer config. InvalidInput("config") for an unknown _class_name (listing the families),
/// a key of the wrong type or a dimension that does not fit (odd axis dims, axes that do not add up).
Model fromDiffusersConfig(std::string_view jsonText, const std::string& origin);

enum class Kind { Text, Image, Video };
struct LayoutItem {
    Kind kind = Kind::Text;
    std::int64_t n = 0, t = 1, h = 1, w = 1;
};

/// Parses "text:N,image:HxW,video:TxHxW"; InvalidInput("layout") naming the entry and the rule.
std::vector<LayoutItem> parseLayout(std::string_view text);

/// Every token's position id per axis (N rows × axes columns), in the model's token order. InvalidInput("layout")
/// when the layout does not fit the model (video on an image model, text where the model rotates none, order).
std::vector<std::vector<double>> positions(const Model& model, const std::vector<LayoutItem>& layout);

/// cos or sin of every token's angles in the model's channel layout: pair j in channels 2j and 2j + 1
/// (repeat_interleave / complex pairs), axes concatenated. N × headDim, row-major.
std::vector<double> table(const Model& model, const std::vector<std::vector<double>>& positions, bool sine);

/// RIFLEx (Zhao et al. 2025): the temporal axis' inv_freq with component k (1-based) set to 0.9·2π/frames, as
/// get_1d_rotary_pos_embed_riflex; the authors' scripts apply it only when frames > N_k.
struct Riflex {
    int k = 0;
    long long nK = 0; ///< round(2π/θ_k), the period of component k in latent frames
    bool applied = false;
    std::vector<long long> periods; ///< N_j of every component
    std::vector<double> invFreq;    ///< the temporal axis after RIFLEx (unchanged when not applied)
    std::vector<double> original;
    std::string note;
};
/// `k` 0: from `repetition` (identify_k: the N_j nearest, lower j on a tie) when > 0, else the family's default.
Riflex riflex(const Model& model, long long frames, int k, long long repetition);

} // namespace posenc::grid
