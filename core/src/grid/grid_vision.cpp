// SPDX-License-Identifier: GPL-3.0-or-later
// The 2-D RoPE of VLM vision towers (--tower vision), as transformers decba1d2ea computes it:
// Qwen2.5-VL — models/qwen2_5_vl/modeling_qwen2_5_vl.py:125 Qwen2_5_VisionRotaryEmbedding(head_dim // 2), :370, and
//   vision_utils.py:81 get_vision_position_ids (merge blocks); emb = cat(f, f) (:445): channels j and j + C/2.
// Pixtral — models/pixtral/modeling_pixtral.py:48 PixtralRotaryEmbedding (h takes the even, w the odd frequencies
//   of theta^(-2i/head_dim); cat(inv_freq, inv_freq)), :37 position_ids_in_meshgrid (r * max_width + c).
// Llama 4 — models/llama4/modeling_llama4.py:990 Llama4VisionRotaryEmbedding: the fixed (image_size/patch_size)^2
//   grid, ids (c + 1, r + 1), x first, theta^(-2i/(head_dim/2)), complex (adjacent) pairs; CLS last, angle 0.
#include "posenc/grid_rope.h"

#include "posenc/errors.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace posenc::grid {

namespace {

struct TowerInfo {
    Family family;
    const char* method;
    const char* modelTypes; ///< model_type values that name it (top level or vision_config)
    const char* what;
};

constexpr TowerInfo kTowers[] = {
    {Family::Qwen25VLVision, "rope-qwen2.5-vl-vision", "qwen2_5_vl qwen2_5_vl_vision", "Qwen2.5-VL"},
    {Family::Pixtral, "rope-pixtral", "pixtral", "Pixtral (vision_config.model_type pixtral)"},
    {Family::Llama4Vision, "rope-llama4-vision", "llama4 llama4_vision_model", "Llama 4"},
};

bool names(const char* list, const std::string& type)
{
    const std::string l = std::string(" ") + list + " ";
    return !type.empty() && l.find(" " + type + " ") != std::string::npos;
}

class VisionReader {
public:
    VisionReader(const nlohmann::json& v, std::string origin, Model& model)
        : m_v(v), m_origin(std::move(origin)), m_model(model)
    {
    }

    int integer(const std::string& key, int fallback, int lo, int hi)
    {
        if (!m_v.contains(key) || m_v[key].is_null()) {
            m_model.note(Phrase::of("grid.class-default", {Phrase::literal("vision_config." + key),
                                                           Phrase::literal(std::to_string(fallback))}));
            return fallback;
        }
        const auto& x = m_v[key];
        if (!x.is_number_integer() || x.get<long long>() < lo || x.get<long long>() > hi)
            throw InvalidInput("config", m_origin + ": vision_config." + key + " = " + x.dump() +
                                             ": must be an integer in [" + std::to_string(lo) + ", " +
                                             std::to_string(hi) + "]");
        return static_cast<int>(x.get<long long>());
    }

    /// A list of integers in [lo, hi] (fullatt_block_indexes).
    std::vector<int> integers(const std::string& key, const std::vector<int>& fallback, int lo, int hi)
    {
        if (!m_v.contains(key) || m_v[key].is_null()) {
            std::string text;
            for (int x : fallback)
                text += (text.empty() ? "[" : ", ") + std::to_string(x);
            m_model.note(Phrase::of("grid.class-default",
                                    {Phrase::literal("vision_config." + key), Phrase::literal(text + "]")}));
            return fallback;
        }
        const auto& x = m_v[key];
        std::vector<int> out;
        for (const auto& e : x.is_array() ? x : nlohmann::json::array({nullptr})) {
            if (!e.is_number_integer() || e.get<long long>() < lo || e.get<long long>() > hi)
                throw InvalidInput("config", m_origin + ": vision_config." + key + " = " + x.dump() +
                                                 ": must be a list of integers in [" + std::to_string(lo) + ", " +
                                                 std::to_string(hi) + "]");
            out.push_back(static_cast<int>(e.get<long long>()));
        }
        return out;
    }

    /// rope_parameters.rope_theta, else rope_theta, else transformers' default_theta 10000.
    double theta()
    {
        const nlohmann::json* x = nullptr;
        if (m_v.contains("rope_parameters") && m_v["rope_parameters"].is_object() &&
            m_v["rope_parameters"].contains("rope_theta"))
            x = &m_v["rope_parameters"]["rope_theta"];
        else if (m_v.contains("rope_theta"))
            x = &m_v["rope_theta"];
        if (!x) {
            m_model.note(Phrase::of("grid.vision-theta-default"));
            return 10000.0;
        }
        if (!x->is_number() || !(x->get<double>() > 1) || !std::isfinite(x->get<double>()))
            throw InvalidInput("config", m_origin + ": vision_config rope_theta = " + x->dump() + ": must be > 1");
        return x->get<double>();
    }

    void fail(const std::string& what, const std::string& rule) const
    {
        throw InvalidInput("config", m_origin + ": " + what + ": " + rule);
    }

private:
    const nlohmann::json& m_v;
    std::string m_origin;
    Model& m_model;
};

std::vector<double> powers(double theta, int count, double denom, int first, int stride)
{
    std::vector<double> f;
    for (int i = 0; i < count; ++i)
        f.push_back(1.0 / std::pow(theta, static_cast<double>(first + stride * i) / denom));
    return f;
}

int headDimOf(VisionReader& r, int hidden, int heads, const std::string& headsKey)
{
    if (hidden % heads != 0)
        r.fail("vision_config.hidden_size = " + std::to_string(hidden) + ", " + headsKey + " = " +
                   std::to_string(heads),
               "head_dim = hidden_size / " + headsKey + " must be an integer");
    return hidden / heads;
}

[[noreturn]] void misfit(const Model& m, const std::string& rule)
{
    throw InvalidInput("layout", "--layout does not fit " + m.className + " (" + m.method + "): " + rule);
}

} // namespace

std::string towerList()
{
    std::string s;
    for (const auto& t : kTowers)
        s += (s.empty() ? "" : ", ") + std::string(t.what) + " (" + t.method + ")";
    return s;
}

Model fromVisionConfig(std::string_view jsonText, const std::string& origin)
{
    const auto j = nlohmann::json::parse(jsonText, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        throw InvalidInput("config", origin + ": not a JSON object");
    if (j.contains("_class_name"))
        throw InvalidInput("config", origin + ": --tower vision: this is a diffusers transformer config (_class_name " +
                                         j["_class_name"].dump() + "); read it without --tower");
    const nlohmann::json& v = j.contains("vision_config") && j["vision_config"].is_object() ? j["vision_config"] : j;
    const std::string top = j.value("model_type", std::string());
    const std::string vt = v.is_object() && v.contains("model_type") && v["model_type"].is_string()
                               ? v["model_type"].get<std::string>()
                               : std::string();
    const TowerInfo* info = nullptr;
    for (const auto& t : kTowers) // the vision tower's own model_type first (llava + pixtral)
        if (names(t.modelTypes, vt))
            info = &t;
    for (const auto& t : kTowers)
        if (!info && names(t.modelTypes, top))
            info = &t;
    if (!info)
        throw InvalidInput("config", origin + ": --tower vision: model_type \"" + top + "\"" +
                                         (vt.empty() ? "" : ", vision_config.model_type \"" + vt + "\"") +
                                         " is not a known vision tower; the towers are " + towerList());
    Model m;
    m.family = info->family;
    m.method = info->method;
    m.className = vt.empty() || vt == top ? top : top + "/" + vt;
    m.tower = m.image = true;
    VisionReader r(v, origin, m);
    switch (m.family) {
    case Family::Qwen25VLVision: { // Qwen2_5_VLVisionConfig defaults: hidden_size 3584, num_heads 16, merge 2
        // read in this order (a call's arguments are evaluated in no fixed order: the notes would differ
        // between compilers)
        const int hidden = r.integer("hidden_size", 3584, 1, 1 << 20);
        const int heads = r.integer("num_heads", 16, 1, 4096);
        const int hd = headDimOf(r, hidden, heads, "num_heads");
        if (hd % 4 != 0)
            r.fail("head_dim = " + std::to_string(hd), "Qwen2.5-VL rotates head_dim/2 channels per axis (h, w) in "
                                                       "pairs: head_dim must be a multiple of 4");
        m.mergeSize = r.integer("spatial_merge_size", 2, 1, 64);
        m.patchSize = r.integer("patch_size", 14, 1, 1 << 16);
        m.windowPixels = r.integer("window_size", 112, 1, 1 << 20);
        m.depth = r.integer("depth", 32, 1, 4096);
        m.fullAttentionBlocks = r.integers("fullatt_block_indexes", {7, 15, 23, 31}, 0, m.depth - 1);
        m.windowBlocks = m.windowPixels / m.mergeSize / m.patchSize; // vit_merger_window_size
        if (m.windowBlocks < 1)
            r.fail("window_size " + std::to_string(m.windowPixels) + " // spatial_merge_size " +
                       std::to_string(m.mergeSize) + " // patch_size " + std::to_string(m.patchSize) + " = 0",
                   "a window (get_vision_window_index) must hold at least one merge block");
        const auto f = powers(10000.0, hd / 4, hd / 2.0, 0, 2); // theta 10000 hard-coded in the class
        m.axes = {Axis{"h", hd / 2, 10000.0, f}, Axis{"w", hd / 2, 10000.0, f}};
        m.channels = Channels::Half;
        m.note(Phrase::of("grid.qwen-merge-blocks", {Phrase::literal(std::to_string(m.mergeSize))}));
        std::string full;
        for (int b : m.fullAttentionBlocks)
            full += (full.empty() ? "" : ", ") + std::to_string(b);
        m.note(
            Phrase::of("grid.qwen-windows",
                       {Phrase::literal(std::to_string(m.windowBlocks)),
                        Phrase::literal(std::to_string(m.windowPixels)), Phrase::literal(full.empty() ? "none" : full),
                        Phrase::literal(std::to_string(m.depth - static_cast<int>(m.fullAttentionBlocks.size())))}));
        break;
    }
    case Family::Pixtral: { // PixtralVisionConfig: head_dim = hidden_size // num_attention_heads
        // read in this order (a call's arguments are evaluated in no fixed order: the notes would differ
        // between compilers)
        const int hidden = r.integer("hidden_size", 1024, 1, 1 << 20);
        const int heads = r.integer("num_attention_heads", 16, 1, 4096);
        const int hd = headDimOf(r, hidden, heads, "num_attention_heads");
        if (hd % 4 != 0)
            r.fail("head_dim = " + std::to_string(hd), "Pixtral gives every other frequency of head_dim/2 to h and "
                                                       "w: head_dim must be a multiple of 4");
        const int image = r.integer("image_size", 1024, 1, 1 << 20), patch = r.integer("patch_size", 16, 1, 1 << 20);
        m.maxSide = image / patch;
        if (m.maxSide < 1)
            r.fail("image_size / patch_size = 0", "at least one patch per side");
        const double theta = r.theta();
        m.axes = {Axis{"h", hd / 2, theta, powers(theta, hd / 4, hd, 0, 4)},
                  Axis{"w", hd / 2, theta, powers(theta, hd / 4, hd, 2, 4)}};
        m.channels = Channels::Half;
        break;
    }
    case Family::Llama4Vision: { // Llama4VisionConfig defaults: hidden 768, heads 16, image 448, patch 14
        // read in this order (a call's arguments are evaluated in no fixed order: the notes would differ
        // between compilers)
        const int hidden = r.integer("hidden_size", 768, 1, 1 << 20);
        const int heads = r.integer("num_attention_heads", 16, 1, 4096);
        const int hd = headDimOf(r, hidden, heads, "num_attention_heads");
        if (hd % 4 != 0)
            r.fail("head_dim = " + std::to_string(hd), "Llama 4 vision gives head_dim/4 pairs to x and to y: "
                                                       "head_dim must be a multiple of 4");
        const int image = r.integer("image_size", 448, 1, 1 << 20), patch = r.integer("patch_size", 14, 1, 1 << 20);
        m.maxSide = image / patch;
        if (m.maxSide < 1)
            r.fail("image_size / patch_size = 0", "at least one patch per side");
        const double theta = r.theta();
        const auto f = powers(theta, hd / 4, hd / 2.0, 0, 2);
        m.axes = {Axis{"w", hd / 2, theta, f}, Axis{"h", hd / 2, theta, f}}; // x (column) first
        m.fixedGrid = true;
        m.note(Phrase::of("grid.llama4-fixed-grid", {Phrase::literal(std::to_string(m.maxSide))}));
        break;
    }
    default:
        break;
    }
    return m;
}

std::vector<std::vector<double>> visionPositions(const Model& m, const std::vector<LayoutItem>& layout)
{
    const LayoutItem& im = layout.front(); // checkLayout: one image, first
    const std::int64_t h = im.h, w = im.w;
    std::vector<std::vector<double>> ids;
    if (m.family == Family::Qwen25VLVision) {
        const std::int64_t s = m.mergeSize;
        if (h % s != 0 || w % s != 0)
            misfit(m, "image:" + std::to_string(h) + "x" + std::to_string(w) + ": the patches are merged in " +
                          std::to_string(s) + "x" + std::to_string(s) +
                          " blocks (spatial_merge_size), so H and W must be multiples of " + std::to_string(s));
        if (m.order == Order::Raster) {
            for (std::int64_t r = 0; r < h; ++r)
                for (std::int64_t c = 0; c < w; ++c)
                    ids.push_back({static_cast<double>(r), static_cast<double>(c)});
            return ids;
        }
        for (std::int64_t br = 0; br < h / s; ++br) // blocks row-major, then row-major inside the block
            for (std::int64_t bc = 0; bc < w / s; ++bc)
                for (std::int64_t i = 0; i < s; ++i)
                    for (std::int64_t j = 0; j < s; ++j)
                        ids.push_back({static_cast<double>(br * s + i), static_cast<double>(bc * s + j)});
        if (m.order == Order::Blocks)
            return ids;
        // forward() (:438-444): rotary_pos_emb.reshape(blocks, s*s, -1)[window_index]: whole blocks, window by window
        std::vector<std::vector<double>> windowed;
        windowed.reserve(ids.size());
        for (std::int64_t b : visionWindows(m, h, w).blockIndex)
            for (std::int64_t k = 0; k < s * s; ++k)
                windowed.push_back(ids[static_cast<std::size_t>(b * s * s + k)]);
        return windowed;
    }
    if (m.family == Family::Pixtral) {
        if (h > m.maxSide || w > m.maxSide)
            misfit(m, "image:" + std::to_string(h) + "x" + std::to_string(w) + ": Pixtral indexes a table of " +
                          std::to_string(m.maxSide) +
                          " patches per side (image_size / patch_size), so H and W must "
                          "be <= " +
                          std::to_string(m.maxSide));
        for (std::int64_t r = 0; r < h; ++r)
            for (std::int64_t c = 0; c < w; ++c)
                ids.push_back({static_cast<double>(r), static_cast<double>(c)});
        return ids;
    }
    if (h != m.maxSide || w != m.maxSide)
        misfit(m, "image:" + std::to_string(h) + "x" + std::to_string(w) + ": Llama 4's vision tower has a fixed " +
                      std::to_string(m.maxSide) + "x" + std::to_string(m.maxSide) +
                      " grid (image_size / patch_size; larger images are tiled into such crops); give image:" +
                      std::to_string(m.maxSide) + "x" + std::to_string(m.maxSide) + "[,cls]");
    for (std::int64_t r = 0; r < h; ++r)
        for (std::int64_t c = 0; c < w; ++c)
            ids.push_back({static_cast<double>(c + 1), static_cast<double>(r + 1)});
    if (layout.back().kind == Kind::Cls)
        ids.push_back({0.0, 0.0});
    return ids;
}

} // namespace posenc::grid
