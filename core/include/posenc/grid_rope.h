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
#include "posenc/phrase.h"

#include <string>
#include <string_view>
#include <vector>

namespace posenc::grid {

enum class Family {
    Flux,
    Flux2,
    HunyuanVideo,
    Wan,
    QwenImage,
    CogVideoX,
    LtxVideo,       ///< grid_pairs.cpp
    Qwen25VLVision, ///< grid_vision.cpp: the VLM vision towers (--tower vision)
    Pixtral,
    Llama4Vision
};

/// The order tokens are listed in. Model: as the model's rotary sees them (Qwen2.5-VL's vision tower: its attention
/// windows, get_vision_window_index; every other family: raster). Window / Blocks apply to Qwen2.5-VL's tower only
/// (Blocks: merge block by merge block, get_vision_position_ids, the order the merger's output is restored to);
/// Raster: row-major over the grid, for every family.
enum class Order { Model, Window, Blocks, Raster };

/// How a model lays its rotary pairs into the head's channels.
enum class Channels {
    Interleaved, ///< pair j in channels 2j, 2j+1 (diffusers' repeat_interleave, complex pairs, Llama 4)
    Half         ///< pair j in channels j and j + C/2 (rotate_half: Qwen2.5-VL and Pixtral vision)
};

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
    bool text = false;               ///< text tokens are rotated (ids per family)
    bool image = false;              ///< takes image:HxW
    bool video = false;              ///< takes video:TxHxW
    int temporalAxis = -1;           ///< index of the time axis (RIFLEx), -1 when none
    int riflexK = 0;                 ///< the RIFLEx authors' published k for this family (0: none)
    std::vector<std::string> notes;  ///< which keys took class defaults, how ids are made (English)
    std::vector<Phrase> notePhrases; ///< the same notes as phrases (phrase.h), for a translated interface
    void note(Phrase p);             ///< appends english(p) to notes and p to notePhrases
    int headDim() const;             ///< rotated channels + padding
    int rotaryPairs() const;         ///< pairs that rotate (Σ axis inv_freq): the similarity of a token to itself

    // LTX-Video, CogVideoX grids and the vision towers (grid_pairs.cpp, grid_vision.cpp); defaults are the
    // families above.
    Channels channels = Channels::Interleaved;
    int padding = 0;                 ///< leading unrotated channels (cos 1, sin 0): LTX-Video's inner_dim % 6
    bool axesInterleaved = false;    ///< pairs ordered (k, axis), the axis fastest (LTX-Video); else axes concatenated
    double idScale = 1, idShift = 0; ///< angle = inv_freq * (idScale * id + idShift) (LTX-Video: 2 id - 1)
    std::vector<double> idUnit;      ///< LTX-Video: id = index * idUnit[axis] (VAE ratio * patch / base)
    bool tower = false;              ///< a VLM vision tower (--tower vision)
    int mergeSize = 0;               ///< Qwen2.5-VL spatial_merge_size: patches listed merge block by block
    int maxSide = 0;                 ///< Pixtral: the largest side image_size/patch_size; Llama 4: the fixed side
    bool fixedGrid = false;          ///< Llama 4: only the image_size/patch_size square, CLS token last
    int cogBaseH = 0, cogBaseW = 0;  ///< CogVideoX: sample_height/patch_size, sample_width/patch_size
    bool cogSlice = false;           ///< CogVideoX 1.5 (patch_size_t set): arange slices; 1.0: crop linspace
    // Qwen2.5-VL's attention windows (get_vision_window_index): window_size / spatial_merge_size / patch_size merge
    // blocks per window side, and the blocks that attend over the whole image instead (fullatt_block_indexes)
    int windowBlocks = 0; ///< merge blocks per window side (0: the tower has no windows)
    int windowPixels = 0, patchSize = 0, depth = 0;
    std::vector<int> fullAttentionBlocks;
    Order order = Order::Model; ///< the token order positions() lists (withOrder)
};

/// "model", "window", "blocks" or "raster" for `model`; InvalidInput("order") naming the rule when the model has no
/// such order (window and blocks: Qwen2.5-VL's vision tower only).
Order parseOrder(const Model& model, std::string_view name);
/// The model with positions() listing tokens in `order`.
Model withOrder(Model model, Order order);
/// The order's name ("window", "blocks", "raster"; Model resolved to what the model computes).
std::string orderName(const Model& model, Order order);

/// Qwen2.5-VL's attention windows of an H×W patch grid (get_vision_window_index at transformers decba1d2ea,
/// vision_utils.py:130): `blockIndex` lists the merge blocks (numbered row-major, as get_vision_position_ids lists
/// them) window by window — windows row-major, blocks row-major inside a window; `cuSeqlens` the windows'
/// cumulative lengths in patches, from 0 (torch.unique_consecutive: empty padding windows dropped).
struct Windows {
    std::vector<std::int64_t> blockIndex;
    std::vector<std::int64_t> cuSeqlens;
};
Windows visionWindows(const Model& model, std::int64_t h, std::int64_t w);

/// One rotary pair in the model's pair order: its axis and the frequency its angle is scaled by.
struct Pair {
    int axis = 0;
    double invFreq = 0;
};
/// The pairs in the model's order (axes concatenated, or (k, axis) for LTX-Video).
std::vector<Pair> pairs(const Model& model);
/// The channel layout in words, for inspect.
std::string channelLayoutText(const Model& model);

/// The VLM vision towers: reads a VLM config.json (its vision_config) whose tower is Qwen2.5-VL's, Pixtral's or
/// Llama 4's (transformers decba1d2ea: modeling_qwen2_5_vl.py:125 Qwen2_5_VisionRotaryEmbedding, vision_utils.py:81
/// get_vision_position_ids, modeling_pixtral.py:37/48, modeling_llama4.py:990). InvalidInput("config") for other
/// towers (listing these) or a key that does not fit.
Model fromVisionConfig(std::string_view jsonText, const std::string& origin);
/// The towers, for messages.
std::string towerList();

/// The families by method name and class name, for messages and listings.
std::string familyList();

/// True when the JSON text is an object with a `_class_name` (a diffusers config).
bool isDiffusersConfig(std::string_view jsonText);

/// Reads a diffusers transformer config. InvalidInput("config") for an unknown _class_name (listing the families),
/// a key of the wrong type or a dimension that does not fit (odd axis dims, axes that do not add up).
Model fromDiffusersConfig(std::string_view jsonText, const std::string& origin);

enum class Kind { Text, Image, Video, Cls };
struct LayoutItem {
    Kind kind = Kind::Text;
    std::int64_t n = 0, t = 1, h = 1, w = 1;
};

/// Parses "text:N,image:HxW,video:TxHxW" (and "cls", Llama 4's class token); InvalidInput("layout") naming the entry
/// and the rule.
std::vector<LayoutItem> parseLayout(std::string_view text);

/// Every token's position id per axis (N rows × axes columns), in the model's token order. InvalidInput("layout")
/// when the layout does not fit the model (video on an image model, text where the model rotates none, order).
std::vector<std::vector<double>> positions(const Model& model, const std::vector<LayoutItem>& layout);

/// cos or sin of every token's angles in the model's channel layout (Model::channels, padding first), N × headDim,
/// row-major.
std::vector<double> table(const Model& model, const std::vector<std::vector<double>>& positions, bool sine);
/// Every token's angle per rotary pair, in the model's pair order: N × pairs(model).size(), row-major.
std::vector<double> angles(const Model& model, const std::vector<std::vector<double>>& positions);

/// Positions of the families of grid_pairs.cpp and grid_vision.cpp (called by positions()).
std::vector<std::vector<double>> morePositions(const Model& model, const std::vector<LayoutItem>& layout);
/// The vision towers' patch ids (grid_vision.cpp).
std::vector<std::vector<double>> visionPositions(const Model& model, const std::vector<LayoutItem>& layout);
/// CogVideoX's grid (1.0 crop linspace or 1.5 slices), grid_pairs.cpp.
std::vector<std::vector<double>> cogvideoxPositions(const Model& model, const LayoutItem& video);

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
