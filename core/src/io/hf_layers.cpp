// SPDX-License-Identifier: GPL-3.0-or-later
// Layers of a config as transformers decba1d2ea4e (2026-08-19) builds them. Model code followed, per rule:
//   layer_types entries: configuration_utils.py:63-100 (allowed types, legacy "attention" -> full_attention),
//     :525-545 (layer_types must have num_hidden_layers entries)
//   Gemma 3:  models/gemma3/configuration_gemma3.py:104-115 (sliding_window_pattern 6, bidirectional halving),
//             :136-162 (rope_parameters per layer type, rope_local_base_freq); modeling_gemma3.py:292
//   Gemma 4:  models/gemma4/configuration_gemma4.py:185-224 (pattern 6, last layer forced full, full layers
//             head_dim = global_head_dim 512, proportional p = 0.25 theta 1e6, sliding default theta 1e4)
//   Llama 4:  models/llama4/configuration_llama4.py:166-201 (no_rope_layers: 1 = RoPE, default every
//             no_rope_layer_interval-th layer NoPE; RoPE layers chunked_attention), modeling_llama4.py:321-374
//             (use_rope = no_rope_layers[i]; NoPE temperature), :227-239 (complex = adjacent-pair rotation)
//   gpt-oss:  models/gpt_oss/configuration_gpt_oss.py:75-78 (alternating sliding/full), modeling :292
//   Qwen2/3:  models/qwen2/configuration_qwen2.py:83-95 (sliding_window only with use_sliding_window, layers
//             >= max_window_layers slide), qwen3/configuration_qwen3.py:86-98
//   Mistral:  models/mistral/modeling_mistral.py:172 (every layer uses config.sliding_window)
//   Cohere 2: models/cohere2/configuration_cohere2.py:95-101 (pattern 4), modeling_cohere2.py:198-230 (RoPE
//             only in sliding layers: full layers are NoPE)
//   vision:   the position ids read vision_config.spatial_merge_size (qwen2_vl/modeling_qwen2_vl.py:963,
//             qwen2_5_vl/modeling_qwen2_5_vl.py:996, qwen3_vl/modeling_qwen3_vl.py:970) and, Qwen2.5-VL only,
//             vision_config.tokens_per_second (modeling_qwen2_5_vl.py:997, :1043); class defaults
//             spatial_merge_size 2, temporal_patch_size 2 (configuration_qwen2_vl.py:39-40,
//             configuration_qwen2_5_vl.py:58-60 with tokens_per_second 4, configuration_qwen3_vl.py:49-50)
//   M-RoPE:   qwen2_vl (mrope_section), qwen3_vl/configuration_qwen3_vl.py:79 and modeling (always interleaved,
//             default [24, 20, 20]), glm4v/modeling_glm4v.py:403 (default [8, 12, 12]), :452-491 (adjacent pairs)
#include "hf_layers.h"

#include "posenc/errors.h"
#include "posenc/mrope.h"
#include "posenc/registry.h"

#include <algorithm>
#include <cmath>

namespace posenc::io::detail {

namespace {

bool startsWith(const std::string& s, const std::string& p)
{
    return s.rfind(p, 0) == 0;
}

bool isGemma4(const std::string& t)
{
    return startsWith(t, "gemma4");
}

constexpr long long kMaxLayers = 100000;

/// The config class's sliding_window default when the key is absent (the configuration_*.py lines above).
std::optional<std::int64_t> defaultWindow(const std::string& t)
{
    if (startsWith(t, "gemma3") || startsWith(t, "cohere2") || t == "mistral" || startsWith(t, "qwen2") ||
        startsWith(t, "qwen3"))
        return 4096;
    if (isGemma4(t))
        return 512;
    if (t == "gpt_oss")
        return 128;
    return std::nullopt;
}

} // namespace

long long sectionHeadDim(JsonObjectReader& r, const std::string& modelType, const std::string& layer, long long headDim)
{
    if (!isGemma4(modelType))
        return headDim;
    const auto global = r.positiveInt("global_head_dim");
    return layer == "full_attention" ? global.value_or(512) : headDim;
}

std::optional<MropeSpec> readMrope(JsonObjectReader* rope, const std::string& modelType)
{
    const bool qwen3 = startsWith(modelType, "qwen3_vl");
    const bool glm = startsWith(modelType, "glm4v");
    const bool ernie = startsWith(modelType, "ernie4_5_vl"); // default [22, 22, 20]: modeling :75, :98
    std::optional<std::vector<double>> list = rope ? rope->numberList("mrope_section") : std::nullopt;
    const auto flag = rope ? rope->boolean("mrope_interleaved") : std::nullopt;
    if (!list && !qwen3 && !glm && !ernie)
        return std::nullopt;
    MropeSpec s;
    s.ernie = ernie;
    if (!list)
        list = qwen3   ? std::vector<double>{24, 20, 20}
               : ernie ? std::vector<double>{22, 22, 20}
                       : std::vector<double>{8, 12, 12};
    for (double v : *list) {
        if (v != std::floor(v) || v < 0 || v > 65536)
            rope->fail("mrope_section", "entries must be integers in [0, 65536], got " + formatNumber(v));
        s.sections.push_back(static_cast<int>(v));
    }
    s.interleaved = qwen3 || flag.value_or(false);
    s.rule = qwen3 || glm ? "qwen3-vl" : startsWith(modelType, "qwen2_5_vl") ? "qwen2.5-vl" : "qwen2-vl";
    return s;
}

void applyMrope(const MropeSpec& spec, RopeResolution& res, Diagnostics& diag, const std::string& where)
{
    if (res.method != "rope") {
        diag.note(Phrase::of("config.mrope-unmodelled", {lit(where), lit(res.ropeType)}));
        return;
    }
    if (spec.ernie) {
        // Issue 38: read as Qwen2-VL's chunked layout before, which put t on the fastest pairs. No method draws
        // ERNIE's layout yet: text positions (t = h = w) rotate every pair by the token index, as 1-D RoPE does.
        const std::size_t pairs =
            static_cast<std::size_t>(res.params.real("head-dim") * res.params.real("partial-rotary-factor")) / 2;
        try {
            (void)mrope::pairStreams(spec.sections, pairs, mrope::SectionLayout::ErnieVl);
        } catch (const InvalidInput& e) {
            throw e.located("mrope_section", where + ".mrope_section");
        }
        diag.note(Phrase::of("config.ernie-vl", {lit(where), num(spec.sections[0]), num(spec.sections[1]),
                                                 num(spec.sections[2]), num(2 * spec.sections[0] - 1)}));
        return;
    }
    res.method = spec.interleaved ? "mrope-interleaved" : "mrope";
    const MethodDef& def = Registry::instance().find(res.method);
    ParamSet p = Registry::defaults(def);
    for (const char* k : {"head-dim", "base", "partial-rotary-factor", "pairing"})
        if (res.params.has(k))
            p.set(k, res.params.values().at(k));
    std::vector<double> sec(spec.sections.begin(), spec.sections.end());
    p.set("mrope-section", sec);
    p.set("position-rule", spec.rule);
    res.params = std::move(p);
}

void readVisionConfig(JsonObjectReader& top, const std::string& origin, std::vector<HfEncoding>& encodings,
                      Diagnostics& diag)
{
    const bool any = std::any_of(encodings.begin(), encodings.end(),
                                 [](const HfEncoding& e) { return startsWith(e.method, "mrope"); });
    if (!any)
        return;
    const nlohmann::json empty = nlohmann::json::object();
    const nlohmann::json* object = top.object("vision_config");
    JsonObjectReader v(object ? *object : empty, "vision_config", origin);
    const auto small = [&](const char* key) {
        const auto x = v.positiveInt(key);
        if (x && *x > 64)
            v.fail(key, "must be at most 64, got " + std::to_string(*x));
        return x;
    };
    const auto merge = small("spatial_merge_size");
    const auto patch = small("temporal_patch_size");
    const auto tps = v.number("tokens_per_second");
    if (tps && !(*tps >= 0 && *tps <= 1e6))
        v.fail("tokens_per_second", "must be in [0, 1e6], got " + formatNumber(*tps));
    for (auto& e : encodings) {
        if (!startsWith(e.method, "mrope"))
            continue;
        const bool qwen25 = e.params.choice("position-rule") == "qwen2.5-vl";
        e.params.set("spatial-merge-size", static_cast<double>(merge.value_or(2)));
        e.params.set("temporal-patch-size", static_cast<double>(patch.value_or(2)));
        if (qwen25)
            e.params.set("tokens-per-second", tps.value_or(4.0));
        const MethodDef& def = Registry::instance().find(e.method);
        Registry::validate(def, e.params);
        e.encoding = def.build(e.params);
        std::vector<std::string> defaults;
        if (!merge)
            defaults.push_back("spatial_merge_size 2");
        if (!patch)
            defaults.push_back("temporal_patch_size 2");
        if (qwen25 && !tps)
            defaults.push_back("tokens_per_second 4");
        std::string list;
        for (const auto& d : defaults)
            list += (list.empty() ? "" : ", ") + d;
        if (!list.empty())
            diag.note(Phrase::of(object ? "config.vision-defaults.keys" : "config.vision-defaults.none",
                                 {lit(list), lit(e.scope + (e.scope.empty() ? "" : " ") + e.method)}));
    }
}

LayerInfo readLayers(JsonObjectReader& r, const std::string& modelType, std::vector<HfEncoding>& encodings,
                     Diagnostics& diag)
{
    LayerInfo out;
    const auto count = r.positiveInt("num_hidden_layers");
    std::vector<std::string> types;
    if (const auto it = r.json().find("layer_types"); it != r.json().end() && !it->is_null()) {
        r.markUsed("layer_types");
        if (!it->is_array())
            r.fail("layer_types", "must be a list of layer type names, got " + shortDump(*it));
        for (const auto& v : *it) {
            if (!v.is_string())
                r.fail("layer_types", "entries must be strings, got " + shortDump(v));
            std::string t = v.get<std::string>();
            if (t == "attention")
                t = "full_attention"; // configuration_utils.py:91-95 legacy name
            types.push_back(t);
        }
        if (count && static_cast<long long>(types.size()) != *count)
            r.fail("layer_types", "has " + std::to_string(types.size()) + " entries; num_hidden_layers is " +
                                      std::to_string(*count) + " (HF requires them equal)");
    }
    const long long n = count ? *count : static_cast<long long>(types.size());
    if (n > kMaxLayers)
        r.fail("num_hidden_layers", "is " + std::to_string(n) + "; at most " + std::to_string(kMaxLayers));
    if (n == 0)
        return out;

    const bool llama4 = startsWith(modelType, "llama4");
    const bool qwen = startsWith(modelType, "qwen2") || startsWith(modelType, "qwen3");
    // rope per layer (Llama 4: no_rope_layers[i] == 1 means the layer uses RoPE)
    std::vector<int> rope(static_cast<std::size_t>(n), 1);
    if (llama4) {
        const auto interval = r.positiveInt("no_rope_layer_interval").value_or(4);
        const auto list = r.numberList("no_rope_layers");
        if (list && !list->empty()) {
            if (static_cast<long long>(list->size()) != n)
                r.fail("no_rope_layers",
                       "has " + std::to_string(list->size()) + " entries; there are " + std::to_string(n) + " layers");
            for (std::size_t i = 0; i < list->size(); ++i)
                rope[i] = (*list)[i] != 0.0 ? 1 : 0;
        } else {
            for (long long i = 0; i < n; ++i)
                rope[static_cast<std::size_t>(i)] = (i + 1) % interval != 0 ? 1 : 0;
        }
        HfNopeTemperature t;
        if (const auto it = r.json().find("attn_temperature_tuning"); it != r.json().end() && !it->is_null()) {
            r.markUsed("attn_temperature_tuning");
            if (it->is_boolean())
                t.enabled = it->get<bool>();
            else if (it->is_number()) { // early Llama 4 configs wrote 4; Python truthiness
                t.enabled = it->get<double>() != 0.0;
                diag.note(Phrase::of("config.truthiness", {lit(r.keyPath("attn_temperature_tuning")),
                                                           lit(shortDump(*it)), lit(t.enabled ? "true" : "false")}));
            } else {
                r.fail("attn_temperature_tuning", "must be a boolean, got " + shortDump(*it));
            }
        }
        t.floorScale = r.number("floor_scale").value_or(8192);
        t.attnScale = r.number("attn_scale").value_or(0.1);
        if (!(t.floorScale > 0))
            r.fail("floor_scale", "must be > 0 (it divides the position), got " + formatNumber(t.floorScale));
        out.nope = t;
    }
    if (types.empty()) {
        types.resize(static_cast<std::size_t>(n), "full_attention");
        const auto patternOf = [&](long long def) {
            const auto p = r.positiveInt("sliding_window_pattern").value_or(def);
            for (long long i = 0; i < n; ++i)
                if ((i + 1) % p != 0)
                    types[static_cast<std::size_t>(i)] = "sliding_attention";
        };
        if (startsWith(modelType, "gemma3") || isGemma4(modelType))
            patternOf(6);
        else if (startsWith(modelType, "cohere2"))
            patternOf(4);
        else if (modelType == "gpt_oss")
            for (long long i = 0; i < n; i += 2)
                types[static_cast<std::size_t>(i)] = "sliding_attention";
        else if (llama4)
            for (long long i = 0; i < n; ++i)
                types[static_cast<std::size_t>(i)] =
                    rope[static_cast<std::size_t>(i)] ? "chunked_attention" : "full_attention";
        else if (qwen && r.boolean("use_sliding_window").value_or(false)) {
            const auto from = r.positiveInt("max_window_layers").value_or(28);
            for (long long i = from; i < n; ++i)
                types[static_cast<std::size_t>(i)] = "sliding_attention";
        } else if (!qwen &&
                   (r.has("sliding_window") || (modelType == "mistral" && !r.json().contains("sliding_window"))))
            types.assign(static_cast<std::size_t>(n), "sliding_attention"); // Mistral: every layer
    }
    if (isGemma4(modelType) && types.back() != "full_attention") {
        diag.warn(Phrase::of("config.last-layer-full", {lit(r.keyPath("layer_types"))}));
        types.back() = "full_attention";
    }
    if (startsWith(modelType, "cohere2"))
        for (long long i = 0; i < n; ++i)
            rope[static_cast<std::size_t>(i)] = types[static_cast<std::size_t>(i)] == "sliding_attention";

    std::optional<std::int64_t> sliding = r.json().contains("sliding_window") ? std::nullopt : defaultWindow(modelType);
    if (const auto w = r.positiveInt("sliding_window"))
        sliding = *w;
    if (qwen && !r.boolean("use_sliding_window").value_or(false))
        sliding.reset(); // configuration_qwen2.py:84
    r.positiveInt("max_window_layers");
    const auto bidi = r.json().find("use_bidirectional_attention");
    if (bidi != r.json().end() && sliding &&
        ((bidi->is_boolean() && bidi->get<bool>()) || (bidi->is_string() && bidi->get<std::string>() == "all"))) {
        r.markUsed("use_bidirectional_attention");
        sliding = *sliding / 2 + 1; // configuration_gemma3.py:105-106, exclusive bounds for flash attention
        diag.note(Phrase::of("config.bidirectional-window", {num(static_cast<double>(*sliding))}));
    }
    std::optional<std::int64_t> chunk = 8192;
    if (r.json().contains("attention_chunk_size")) {
        r.markUsed("attention_chunk_size");
        chunk = r.json().at("attention_chunk_size").is_null()
                    ? std::nullopt
                    : std::optional<std::int64_t>(r.positiveInt("attention_chunk_size"));
    }

    for (long long i = 0; i < n; ++i) {
        HfLayer L;
        L.index = static_cast<int>(i);
        L.layerType = types[static_cast<std::size_t>(i)];
        if (L.layerType == "sliding_attention" && sliding) {
            L.attention = AttentionKind::Sliding;
            L.window = sliding;
        } else if (L.layerType == "chunked_attention" && chunk) {
            L.attention = AttentionKind::Chunked;
            L.window = chunk;
        } else {
            L.attention = AttentionKind::Full;
        }
        if (rope[static_cast<std::size_t>(i)]) {
            for (std::size_t k = 0; k < encodings.size() && L.encoding < 0; ++k)
                if (encodings[k].layerType == L.layerType)
                    L.encoding = static_cast<int>(k);
            for (std::size_t k = 0; k < encodings.size() && L.encoding < 0; ++k)
                if (encodings[k].layerType.empty() || encodings.size() == 1)
                    L.encoding = static_cast<int>(k);
            if (L.encoding < 0) // a layer type without its own rope_parameters entry: HF raises a KeyError
                throw InvalidInput(r.keyPath("rope_parameters"), r.keyPath("rope_parameters") + " has no entry for " +
                                                                     "layer type '" + L.layerType + "' (layer " +
                                                                     std::to_string(i) + ")");
        }
        out.layers.push_back(L);
    }
    for (std::size_t k = 0; k < encodings.size(); ++k) {
        std::optional<std::int64_t> widest;
        bool allWindowed = true, used = false;
        for (const auto& L : out.layers)
            if (L.encoding == static_cast<int>(k)) {
                used = true;
                allWindowed = allWindowed && L.window.has_value();
                if (L.window)
                    widest = std::max(widest.value_or(0), *L.window);
            }
        if (used && allWindowed)
            encodings[k].window = widest;
        if (!used)
            diag.note(Phrase::of("config.unused-encoding", {lit(encodings[k].scope)}));
    }
    return out;
}

} // namespace posenc::io::detail
