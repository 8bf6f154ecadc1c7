// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file mrope.h
/// Multimodal RoPE (M-RoPE): the rotary pairs split into temporal, height and width streams, each rotated by its
/// own position id, and the (t, h, w) ids of each token of a layout of text, images and videos, as transformers'
/// `get_rope_index` computes them (transformers decba1d2e, models/qwen2_vl/modeling_qwen2_vl.py:862-1016,
/// qwen2_5_vl/modeling_qwen2_5_vl.py `get_rope_index`, qwen3_vl/modeling_qwen3_vl.py `get_rope_index` and
/// `apply_interleaved_mrope`, glm4v/modeling_glm4v.py `apply_mrope`).

#include "posenc/names.h"
#include "posenc/encoding.h"
#include "posenc/params.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace posenc::mrope {

/// How the sections map onto the pairs. Chunked (Qwen2-VL, Qwen2.5-VL, GLM-4V): pairs [0, s_t) carry t,
/// [s_t, s_t + s_h) carry h, the rest w. Interleaved (Qwen3-VL): pair i carries h when i % 3 == 1 and
/// i < 3 s_h, w when i % 3 == 2 and i < 3 s_w, t otherwise. ErnieVl (ERNIE-4.5-VL, transformers decba1d
/// ernie4_5_vl_moe/modeling_ernie4_5_vl_moe.py:100-108, 133-157): the sections are (h, w, t) with s_h = s_w; pair i
/// < 2 s_h carries h when even and w when odd, the last s_t pairs (the slowest) carry t. No method draws it yet:
/// configs with it resolve to 1-D RoPE (exact for text, t = h = w) with a note (issue 38).
enum class SectionLayout { Chunked, Interleaved, ErnieVl };

/// How a video's temporal ids advance (and whether it is split into frames).
enum class PositionRule {
    Qwen2Vl,  ///< t = start + k (time_interval 1)
    Qwen25Vl, ///< t = start + k * tokens_per_second * int(temporal_patch_size / fps)
    Qwen3Vl   ///< the video is split into T grids of one temporal patch (Qwen3-VL, GLM-4V)
};

inline constexpr EnumName<PositionRule> kPositionRuleNames[] = {
    {PositionRule::Qwen2Vl, "qwen2-vl"}, {PositionRule::Qwen25Vl, "qwen2.5-vl"}, {PositionRule::Qwen3Vl, "qwen3-vl"}};

std::string toString(PositionRule rule);
/// "qwen2-vl", "qwen2.5-vl", "qwen3-vl"; throws InvalidInput("position-rule") otherwise.
PositionRule parsePositionRule(std::string_view name);

/// Stream of each pair: 0 = t, 1 = h, 2 = w. Throws InvalidInput("mrope-section") when the sections do not fit
/// `pairs` (chunked: they must add up to it, as torch.split requires).
std::vector<int> pairStreams(const std::vector<int>& sections, std::size_t pairs, SectionLayout layout);

enum class Modality : std::uint8_t { Text = 0, Image = 1, Video = 2 };
inline constexpr EnumName<Modality> kModalityNames[] = {
    {Modality::Text, "text"}, {Modality::Image, "image"}, {Modality::Video, "video"}};

/// One entry of a layout: `text:N`, `image:HxW`, `video:TxHxW[@FPS]` (H, W: the patch grid of HF's
/// image_grid_thw / video_grid_thw, before spatial_merge_size; T: temporal patches, video_grid_thw[0]).
struct LayoutItem {
    Modality modality = Modality::Text;
    std::int64_t count = 0; ///< text tokens
    std::int64_t t = 1, h = 1, w = 1;
    double fps = 2.0;
};

/// Parses "text:12,image:8x8,text:20,video:4x8x8@2". Empty text: no items. Throws InvalidInput("token-layout").
std::vector<LayoutItem> parseLayout(std::string_view text);

struct PositionOptions {
    PositionRule rule = PositionRule::Qwen2Vl;
    int spatialMergeSize = 2;
    double tokensPerSecond = 2.0; ///< Qwen2.5-VL vision_config.tokens_per_second
    int temporalPatchSize = 2;    ///< the processor's second_per_grid_ts = temporal_patch_size / fps
};

/// The (t, h, w) position ids of every token of a layout, and the modality of each.
struct PositionIds {
    std::vector<std::array<std::int64_t, 3>> ids;
    std::vector<Modality> modality;
    std::int64_t next = 0; ///< the id the first token after the layout gets (text continues from it)
    /// Ids of token `index`; past the layout, text: next + (index - size) on all three streams.
    std::array<std::int64_t, 3> at(std::int64_t index) const;
};

/// Tokens a layout has (checked before allocating). Throws InvalidInput("token-layout") when a grid does not divide by
/// the merge size or the layout exceeds `maxTokens`.
std::int64_t layoutTokens(const std::vector<LayoutItem>& items, const PositionOptions& options,
                          std::int64_t maxTokens = std::int64_t{1} << 26);
PositionIds positionIds(const std::vector<LayoutItem>& items, const PositionOptions& options);

/// The options of the ids, declared once for the M-RoPE methods and `compute positions` (mrope_params.cpp):
/// token-layout (text; `layoutAlias` also accepts "layout"), position-rule (default `rule`), spatial-merge-size,
/// tokens-per-second, temporal-patch-size.
std::vector<ParamSpec> positionParams(PositionRule rule, bool layoutAlias);
/// The checked values of those options.
PositionOptions positionOptionsFrom(const ParamSet& checked);

/// The stream of each pair of an `mrope` / `mrope-interleaved` encoding (0 = t, 1 = h, 2 = w); null for any other
/// encoding (every 1-D method rotates all pairs by the token index).
const std::vector<int>* pairStreamsOf(const Encoding& encoding);
/// The (t, h, w) ids of the token layout of an `mrope` / `mrope-interleaved` encoding (its --token-layout); null
/// for any other encoding.
const PositionIds* positionIdsOf(const Encoding& encoding);

} // namespace posenc::mrope
