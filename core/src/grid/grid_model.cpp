// SPDX-License-Identifier: GPL-3.0-or-later
// Recognising a diffusers transformer config (by _class_name) and the per-axis frequencies of its family; the
// class defaults are the keyword defaults of each model class's __init__ at diffusers 58eb52c08.
#include "posenc/grid_rope.h"

#include "posenc/errors.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <numbers>
#include <numeric>
#include <optional>

namespace posenc::grid {

namespace {

struct FamilyInfo {
    Family family;
    const char* method;
    const char* className;
    const char* what;
};

constexpr FamilyInfo kFamilies[] = {
    {Family::Flux, "rope-flux", "FluxTransformer2DModel", "FLUX.1"},
    {Family::Flux2, "rope-flux2", "Flux2Transformer2DModel", "FLUX.2"},
    {Family::HunyuanVideo, "rope-hunyuan-video", "HunyuanVideoTransformer3DModel", "HunyuanVideo"},
    {Family::Wan, "rope-wan", "WanTransformer3DModel", "Wan 2.1"},
    {Family::QwenImage, "rope-qwen-image", "QwenImageTransformer2DModel", "Qwen-Image"},
    {Family::CogVideoX, "rope-cogvideox", "CogVideoXTransformer3DModel", "CogVideoX 1.0/1.5"},
    {Family::LtxVideo, "rope-ltx-video", "LTXVideoTransformer3DModel", "LTX-Video"},
};

std::string dump(const nlohmann::json& v)
{
    std::string s = v.dump();
    return s.size() > 80 ? s.substr(0, 77) + "..." : s;
}

class Reader {
public:
    Reader(const nlohmann::json& j, std::string origin, Model& model)
        : m_json(j), m_origin(std::move(origin)), m_model(model)
    {
    }

    void classDefault(const std::string& key, std::string value)
    {
        m_model.note(Phrase::of("grid.class-default", {Phrase::literal(key), Phrase::literal(std::move(value))}));
    }

    [[noreturn]] void fail(const std::string& key, const nlohmann::json& v, const std::string& rule) const
    {
        throw InvalidInput("config", m_origin + ": " + key + " = " + dump(v) + ": " + rule);
    }

    double number(const std::string& key, double fallback)
    {
        if (!m_json.contains(key) || m_json[key].is_null()) {
            classDefault(key, nlohmann::json(fallback).dump());
            return fallback;
        }
        const auto& v = m_json[key];
        if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>()))
            fail(key, v, "must be a positive number");
        return v.get<double>();
    }

    int evenInt(const std::string& key, int fallback)
    {
        if (!m_json.contains(key) || m_json[key].is_null()) {
            classDefault(key, std::to_string(fallback));
            return fallback;
        }
        const auto& v = m_json[key];
        if (!v.is_number_integer() || v.get<long long>() < 2 || v.get<long long>() > 65536)
            fail(key, v, "must be an integer in [2, 65536]");
        return static_cast<int>(v.get<long long>());
    }

    /// An integer in [lo, hi]; nullopt when absent or null and `fallback` is nullopt.
    std::optional<int> integer(const std::string& key, std::optional<int> fallback, int lo, int hi)
    {
        if (!m_json.contains(key) || m_json[key].is_null()) {
            classDefault(key, fallback ? std::to_string(*fallback) : std::string("null"));
            return fallback;
        }
        const auto& v = m_json[key];
        if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
            fail(key, v, "must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
        return static_cast<int>(v.get<long long>());
    }

    std::vector<int> dims(const std::string& key, std::vector<int> fallback, std::size_t count)
    {
        std::vector<int> out;
        if (!m_json.contains(key) || m_json[key].is_null()) {
            std::string s;
            for (int d : fallback)
                s += (s.empty() ? "" : ",") + std::to_string(d);
            classDefault(key, "(" + s + ")");
            out = std::move(fallback);
        } else {
            const auto& v = m_json[key];
            if (!v.is_array() || v.size() != count)
                fail(key, v, "must list " + std::to_string(count) + " axis dimensions");
            for (const auto& d : v) {
                if (!d.is_number_integer() || d.get<long long>() < 2 || d.get<long long>() > 65536 ||
                    d.get<long long>() % 2 != 0)
                    fail(key, v, "every axis dimension must be an even integer in [2, 65536] (channels, 2 per pair)");
                out.push_back(static_cast<int>(d.get<long long>()));
            }
        }
        return out;
    }

    /// CogVideoX's use_rotary_positional_embeddings: false refused (the model rotates nothing), absent noted.
    void cogVideoXRope()
    {
        const std::string key = "use_rotary_positional_embeddings";
        if (!m_json.contains(key) || m_json[key].is_null()) {
            m_model.note(Phrase::of("grid.cogvideox-rope-absent", {}));
            return;
        }
        const auto& v = m_json[key];
        if (!v.is_boolean())
            fail(key, v, "must be true or false");
        if (!v.get<bool>())
            fail(key, v,
                 "this CogVideoX (as CogVideoX-2B) adds sinusoidal position embeddings to its patches and rotates "
                 "nothing, so it has no RoPE to show; CogVideoX-5B and 1.5 set it true");
    }

private:
    const nlohmann::json& m_json;
    std::string m_origin;
    Model& m_model;
};

Axis axis(const char* name, int dim, double theta)
{
    Axis a{name, dim, theta, {}};
    for (int i = 0; 2 * i < dim; ++i)
        a.invFreq.push_back(1.0 / std::pow(theta, static_cast<double>(2 * i) / dim));
    return a;
}

void addAxes(Model& m, const std::vector<int>& dims, double theta)
{
    static constexpr const char* kNames[] = {"t", "h", "w", "l"};
    for (std::size_t i = 0; i < dims.size(); ++i)
        m.axes.push_back(axis(kNames[i], dims[i], theta));
}

} // namespace

void Model::note(Phrase p)
{
    notes.push_back(english(p));
    notePhrases.push_back(std::move(p));
}

int Model::headDim() const
{
    return padding + std::accumulate(axes.begin(), axes.end(), 0, [](int s, const Axis& a) { return s + a.dim; });
}

int Model::rotaryPairs() const
{
    return std::accumulate(axes.begin(), axes.end(), 0,
                           [](int s, const Axis& a) { return s + static_cast<int>(a.invFreq.size()); });
}

std::string familyList()
{
    std::string s;
    for (const auto& f : kFamilies)
        s += (s.empty() ? "" : ", ") + std::string(f.className) + " (" + f.what + ", " + f.method + ")";
    return s;
}

bool isDiffusersConfig(std::string_view jsonText)
{
    const auto j = nlohmann::json::parse(jsonText, nullptr, false);
    return j.is_object() && j.contains("_class_name");
}

Model fromDiffusersConfig(std::string_view jsonText, const std::string& origin)
{
    const auto j = nlohmann::json::parse(jsonText, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        throw InvalidInput("config", origin + ": not a JSON object");
    if (!j.contains("_class_name") || !j["_class_name"].is_string())
        throw InvalidInput("config", origin +
                                         ": no _class_name string; a diffusers transformer config names its "
                                         "class, one of " +
                                         familyList());
    const std::string cls = j["_class_name"].get<std::string>();
    const FamilyInfo* info = nullptr;
    for (const auto& f : kFamilies)
        if (cls == f.className)
            info = &f;
    if (!info)
        throw InvalidInput("config", origin + ": _class_name \"" + cls +
                                         "\" is not a known image/video RoPE family; "
                                         "the families are " +
                                         familyList());
    Model m;
    m.family = info->family;
    m.method = info->method;
    m.className = cls;
    Reader r(j, origin, m);
    switch (m.family) {
    case Family::Flux: // FluxPosEmbed(theta=10000, axes_dim=axes_dims_rope); text (0,0,0), image (0,r,c)
        addAxes(m, r.dims("axes_dims_rope", {16, 56, 56}, 3), 10000.0);
        m.text = m.image = true;
        break;
    case Family::Flux2: // Flux2PosEmbed(theta=rope_theta, axes_dim=axes_dims_rope); (t,h,w,l)
        addAxes(m, r.dims("axes_dims_rope", {32, 32, 32, 32}, 4), r.number("rope_theta", 2000.0));
        m.text = m.image = true;
        break;
    case Family::HunyuanVideo:
        addAxes(m, r.dims("rope_axes_dim", {16, 56, 56}, 3), r.number("rope_theta", 256.0));
        m.video = true;
        m.temporalAxis = 0;
        m.riflexK = 4;
        break;
    case Family::Wan: { // WanRotaryPosEmbed: h = w = 2*(d//6), t = d - h - w, theta 10000
        const int d = r.evenInt("attention_head_dim", 128);
        const int hw = 2 * (d / 6);
        if (d % 2 != 0 || hw < 2)
            throw InvalidInput("config", origin + ": attention_head_dim = " + std::to_string(d) +
                                             ": Wan splits it into t = d - 2h and h = w = 2*floor(d/6) channels; "
                                             "it must be even and at least 6");
        addAxes(m, {d - 2 * hw, hw, hw}, 10000.0);
        m.video = true;
        m.temporalAxis = 0;
        m.riflexK = 6;
        break;
    }
    case Family::QwenImage: // QwenEmbedRope(theta=10000, axes_dim=axes_dims_rope, scale_rope=True)
        addAxes(m, r.dims("axes_dims_rope", {16, 56, 56}, 3), 10000.0);
        m.text = m.image = true;
        break;
    case Family::CogVideoX: { // get_3d_rotary_pos_embed: t = d/4, h = w = d/8*3
        // transformer_cogvideox.py: use_rotary_positional_embeddings (default False) decides whether the model
        // rotates at all; the published CogVideoX-5B and 1.5 configs set it true, CogVideoX-2B false
        r.cogVideoXRope();
        const int d = r.evenInt("attention_head_dim", 64);
        if (d % 8 != 0)
            throw InvalidInput("config", origin + ": attention_head_dim = " + std::to_string(d) +
                                             ": CogVideoX splits it into d/4 (t) and 3d/8 (h, w) channels; it must "
                                             "be a multiple of 8");
        addAxes(m, {d / 4, d / 8 * 3, d / 8 * 3}, 10000.0);
        m.video = true;
        m.temporalAxis = 0;
        m.riflexK = 2;
        // pipeline_cogvideox.py _prepare_rotary_positional_embeddings: base grid sample_{height,width} // patch_size;
        // patch_size_t null: CogVideoX 1.0 (linspace over the crop region), set: CogVideoX 1.5 (arange slices)
        const int p = *r.integer("patch_size", 2, 1, 4096);
        const int sh = *r.integer("sample_height", 60, 1, 1 << 20);
        const int sw = *r.integer("sample_width", 90, 1, 1 << 20);
        m.cogBaseH = sh / p;
        m.cogBaseW = sw / p;
        if (m.cogBaseH < 1 || m.cogBaseW < 1)
            throw InvalidInput("config", origin + ": sample_height/patch_size = " + std::to_string(sh) + "/" +
                                             std::to_string(p) + " or sample_width/patch_size = " + std::to_string(sw) +
                                             "/" + std::to_string(p) +
                                             " is 0; the base grid needs at least one patch per side");
        m.cogSlice = r.integer("patch_size_t", std::nullopt, 1, 4096).has_value();
        m.note(Phrase::of(m.cogSlice ? "grid.cogvideox-slices" : "grid.cogvideox-linspace",
                          {Phrase::literal(std::to_string(m.cogBaseH)), Phrase::literal(std::to_string(m.cogBaseW))}));
        break;
    }
    case Family::LtxVideo: { // LTXVideoRotaryPosEmbed(dim = inner_dim = heads * head_dim, 20, 2048, 2048, ...)
        const int heads = *r.integer("num_attention_heads", 32, 1, 4096);
        const int hd = *r.integer("attention_head_dim", 64, 1, 65536);
        const long long inner = static_cast<long long>(heads) * hd;
        if (inner < 6 || inner > 1 << 20)
            throw InvalidInput("config", origin +
                                             ": num_attention_heads * attention_head_dim = " + std::to_string(inner) +
                                             ": LTX-Video rotates the whole inner dim in 6-channel groups (pair "
                                             "k of t, h, w); it must be in [6, 1048576]");
        const int n = static_cast<int>(inner / 6);
        const double theta = 10000.0;
        // freqs = theta ** linspace(0, 1, n) * pi / 2 (torch.linspace: the second half counted from the end)
        std::vector<double> f(static_cast<std::size_t>(n));
        const double step = n > 1 ? 1.0 / (n - 1) : 0.0;
        for (int k = 0; k < n; ++k) {
            const double x = k < n / 2 ? step * k : 1.0 - step * (n - 1 - k);
            f[static_cast<std::size_t>(k)] = std::pow(theta, x) * std::numbers::pi / 2.0;
        }
        for (const char* name : {"t", "h", "w"})
            m.axes.push_back(Axis{name, 2 * n, theta, f});
        m.padding = static_cast<int>(inner % 6);
        m.axesInterleaved = true;
        m.idScale = 2;
        m.idShift = -1;
        const int p = *r.integer("patch_size", 1, 1, 4096);
        const int pt = *r.integer("patch_size_t", 1, 1, 4096);
        // pipeline_ltx.py: rope_interpolation_scale = (vae_temporal 8 / frame_rate 25, vae_spatial 32, 32)
        m.idUnit = {8.0 / 25.0 * pt / 20.0, 32.0 * p / 2048.0, 32.0 * p / 2048.0};
        m.video = true;
        m.note(Phrase::of("grid.ltx-ids"));
        break;
    }
    case Family::Qwen25VLVision:
    case Family::Pixtral:
    case Family::Llama4Vision:
        break; // not in kFamilies: the vision towers are read by fromVisionConfig
    }
    return m;
}

} // namespace posenc::grid
