// SPDX-License-Identifier: GPL-3.0-or-later
// M-RoPE streams and position ids. Facts from transformers decba1d2ea4e (2026-08-19):
//   qwen2_vl/modeling_qwen2_vl.py:180-222 apply_multimodal_rotary_pos_emb (chunked sections, mrope_section * 2)
//   qwen2_vl/modeling_qwen2_vl.py:862-912 get_vision_position_ids, :914-1016 get_rope_index
//   qwen2_5_vl/modeling_qwen2_5_vl.py get_rope_index: time_interval = tokens_per_second * int(second_per_grid_t)
//   qwen3_vl/modeling_qwen3_vl.py apply_interleaved_mrope (slice(offset, 3 * section, 3)) and get_rope_index
//   (video_grid_thw repeated per temporal patch with t = 1); glm4v/modeling_glm4v.py:445-450 apply_mrope.
#include "posenc/mrope.h"

#include "posenc/errors.h"
#include "posenc/params.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <system_error>

namespace posenc::mrope {

std::string toString(PositionRule rule)
{
    return enumName(kPositionRuleNames, rule);
}

PositionRule parsePositionRule(std::string_view name)
{
    for (const auto& [r, n] : kPositionRuleNames)
        if (name == n)
            return r;
    throw InvalidInput("position-rule", "--position-rule " + std::string(name) +
                                            ": unknown; one of qwen2-vl, qwen2.5-vl, qwen3-vl (also GLM-4V)");
}

std::vector<int> pairStreams(const std::vector<int>& sections, std::size_t pairs, SectionLayout layout)
{
    if (sections.size() != 3)
        throw InvalidInput("mrope-section",
                           "--mrope-section needs 3 entries (t, h, w pairs), got " + std::to_string(sections.size()));
    long long sum = 0;
    for (int s : sections) {
        if (s < 0)
            throw InvalidInput("mrope-section", "--mrope-section entries must be >= 0, got " + std::to_string(s));
        sum += s;
    }
    std::vector<int> out(pairs, 0);
    if (layout == SectionLayout::Chunked) {
        if (sum != static_cast<long long>(pairs))
            throw InvalidInput("mrope-section", "--mrope-section " + std::to_string(sections[0]) + "," +
                                                    std::to_string(sections[1]) + "," + std::to_string(sections[2]) +
                                                    " adds up to " + std::to_string(sum) +
                                                    " pairs; the rotary "
                                                    "dimension has " +
                                                    std::to_string(pairs) + " (torch.split needs them equal)");
        std::size_t i = 0;
        for (int stream = 0; stream < 3; ++stream)
            for (int k = 0; k < sections[static_cast<std::size_t>(stream)]; ++k)
                out[i++] = stream;
        return out;
    }
    if (layout == SectionLayout::ErnieVl) {
        // inv_freq_3d[:hw] = cat(inv_freq[:hw][0::2], inv_freq[:hw][1::2]); recomposition_to_3d stacks h and w
        // back pair by pair and appends t: pair i keeps theta_i (modeling_ernie4_5_vl_moe.py:100-108, 151-157)
        if (sum != static_cast<long long>(pairs) || sections[0] != sections[1])
            throw InvalidInput("mrope-section", "--mrope-section " + std::to_string(sections[0]) + "," +
                                                    std::to_string(sections[1]) + "," + std::to_string(sections[2]) +
                                                    ": ERNIE-4.5-VL's (h, w, t) sections need h = w and a sum of " +
                                                    std::to_string(pairs) + " pairs");
        const std::size_t hw = 2 * static_cast<std::size_t>(sections[0]);
        for (std::size_t i = 0; i < pairs; ++i)
            out[i] = i < hw ? (i % 2 == 0 ? 1 : 2) : 0;
        return out;
    }
    for (int stream = 1; stream < 3; ++stream) {
        const std::size_t end =
            std::min(pairs, 3 * static_cast<std::size_t>(sections[static_cast<std::size_t>(stream)]));
        for (std::size_t i = static_cast<std::size_t>(stream); i < end; i += 3)
            out[i] = stream;
    }
    return out;
}

namespace {

[[noreturn]] void bad(std::string_view item, const std::string& why)
{
    throw InvalidInput("token-layout", "--token-layout entry \"" + std::string(item) + "\": " + why +
                                           " (entries: text:N, image:HxW, video:TxHxW[@FPS], comma-separated)");
}

std::int64_t positive(std::string_view item, std::string_view digits)
{
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || end != digits.data() + digits.size() || v <= 0 || v > (std::int64_t{1} << 30))
        bad(item, "\"" + std::string(digits) + "\" is not an integer in [1, 2^30]");
    return v;
}

std::vector<std::int64_t> dims(std::string_view item, std::string_view text)
{
    std::vector<std::int64_t> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t x = text.find('x', start);
        out.push_back(positive(item, text.substr(start, x == std::string_view::npos ? x : x - start)));
        if (x == std::string_view::npos)
            return out;
        start = x + 1;
    }
}

} // namespace

std::vector<LayoutItem> parseLayout(std::string_view text)
{
    std::vector<LayoutItem> out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string_view::npos)
            comma = text.size();
        const std::string_view item = text.substr(start, comma - start);
        start = comma + 1;
        const std::size_t colon = item.find(':');
        if (colon == std::string_view::npos)
            bad(item, "has no ':'");
        const std::string_view kind = item.substr(0, colon);
        std::string_view rest = item.substr(colon + 1);
        LayoutItem it;
        if (kind == "text") {
            it.modality = Modality::Text;
            it.count = positive(item, rest);
        } else if (kind == "image") {
            const auto d = dims(item, rest);
            if (d.size() != 2)
                bad(item, "an image is HxW (its patch grid)");
            it.modality = Modality::Image;
            it.h = d[0];
            it.w = d[1];
        } else if (kind == "video") {
            it.modality = Modality::Video;
            if (const auto at = rest.find('@'); at != std::string_view::npos) {
                const std::string fps(rest.substr(at + 1));
                char* end = nullptr;
                it.fps = std::strtod(fps.c_str(), &end);
                if (fps.empty() || *end != '\0' || !(it.fps > 0) || !std::isfinite(it.fps))
                    bad(item, "the frame rate after '@' must be a number > 0, got \"" + fps + "\"");
                rest = rest.substr(0, at);
            }
            const auto d = dims(item, rest);
            if (d.size() != 3)
                bad(item, "a video is TxHxW (temporal patches x patch grid)");
            it.t = d[0];
            it.h = d[1];
            it.w = d[2];
        } else {
            bad(item, "unknown kind \"" + std::string(kind) + "\"");
        }
        out.push_back(it);
    }
    if (!text.empty() && text.back() == ',')
        throw InvalidInput("token-layout", "--token-layout ends with ','");
    return out;
}

std::int64_t layoutTokens(const std::vector<LayoutItem>& items, const PositionOptions& options, std::int64_t maxTokens)
{
    const std::int64_t m = options.spatialMergeSize;
    if (m < 1)
        throw InvalidInput("spatial-merge-size", "--spatial-merge-size must be >= 1, got " + std::to_string(m));
    std::int64_t total = 0;
    for (const auto& it : items) {
        std::int64_t n = it.count;
        if (it.modality != Modality::Text) {
            if (it.h % m != 0 || it.w % m != 0)
                throw InvalidInput("token-layout", "--token-layout grid " + std::to_string(it.h) + "x" +
                                                       std::to_string(it.w) +
                                                       " does not divide by spatial_merge_size " + std::to_string(m) +
                                                       " (the vision merger joins m x m patches into one token)");
            n = it.t * (it.h / m) * (it.w / m);
        }
        total += n;
        if (total > maxTokens)
            throw InvalidInput("token-layout", "--token-layout has more than " + std::to_string(maxTokens) + " tokens");
    }
    return total;
}

PositionIds positionIds(const std::vector<LayoutItem>& items, const PositionOptions& options)
{
    PositionIds p;
    const auto n = static_cast<std::size_t>(layoutTokens(items, options));
    p.ids.reserve(n);
    p.modality.reserve(n);
    const std::int64_t m = options.spatialMergeSize;
    std::int64_t cur = 0;
    // get_vision_position_ids: t = k * interval + start, h = row + start, w = column + start
    const auto grid = [&](std::int64_t t, std::int64_t h, std::int64_t w, std::int64_t interval, Modality mod) {
        for (std::int64_t k = 0; k < t; ++k)
            for (std::int64_t r = 0; r < h / m; ++r)
                for (std::int64_t c = 0; c < w / m; ++c) {
                    p.ids.push_back({k * interval + cur, r + cur, c + cur});
                    p.modality.push_back(mod);
                }
        cur += std::max(h, w) / m; // HF: max(grid_h, grid_w) // spatial_merge_size, whatever T is
    };
    for (const auto& it : items) {
        if (it.modality == Modality::Text) {
            for (std::int64_t k = 0; k < it.count; ++k) {
                p.ids.push_back({cur + k, cur + k, cur + k});
                p.modality.push_back(Modality::Text);
            }
            cur += it.count;
        } else if (it.modality == Modality::Image) {
            grid(1, it.h, it.w, 1, Modality::Image);
        } else if (options.rule == PositionRule::Qwen3Vl) {
            for (std::int64_t k = 0; k < it.t; ++k)
                grid(1, it.h, it.w, 1, Modality::Video);
        } else {
            std::int64_t interval = 1;
            if (options.rule == PositionRule::Qwen25Vl) // int() truncates: fps > temporal_patch_size gives 0
                interval = static_cast<std::int64_t>(options.tokensPerSecond) *
                           static_cast<std::int64_t>(static_cast<double>(options.temporalPatchSize) / it.fps);
            grid(it.t, it.h, it.w, interval, Modality::Video);
        }
    }
    p.next = cur;
    return p;
}

std::array<std::int64_t, 3> PositionIds::at(std::int64_t index) const
{
    if (index >= 0 && static_cast<std::size_t>(index) < ids.size())
        return ids[static_cast<std::size_t>(index)];
    const std::int64_t v = next + (index - static_cast<std::int64_t>(ids.size()));
    return {v, v, v};
}

} // namespace posenc::mrope
