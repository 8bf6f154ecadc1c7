// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/io/hf_config.h"
#include "posenc/io/gguf.h"

#include "hf_dual_chunk.h"
#include "hf_class_defaults.h"
#include "hf_era_diff.h"
#include "hf_layers.h"
#include "hf_rope_resolve.h"
#include "json_object_reader.h"

#include "posenc/errors.h"
#include "posenc/param_state.h"
#include "posenc/registry.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace posenc::io {

using detail::Diagnostics;
using detail::JsonObjectReader;
using nlohmann::json;

namespace {

/// One rope section to resolve: a dict (or none) and the layer type it applies to.
struct Section {
    std::string layer;                      ///< "" or "full_attention", "sliding_attention", ...
    std::unique_ptr<JsonObjectReader> rope; ///< null: no rope dict
    std::optional<double> theta;            ///< the section's own theta
    std::optional<double> partial;          ///< the section's own partial_rotary_factor (v5)
    std::string forcedType;
    bool perLayer = false; ///< one of several dicts keyed by layer type
};

std::string baseName(const std::string& path)
{
    std::string s = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    if (s.size() > 5 && s.substr(s.size() - 5) == ".json")
        s.resize(s.size() - 5);
    return s;
}

PresetInfo readPresetInfo(const json& object, const std::string& origin)
{
    JsonObjectReader r(object, "posenc", origin);
    PresetInfo p;
    p.name = r.string("name").value_or("");
    p.description = r.string("description").value_or("");
    if (const auto order = r.number("order")) {
        if (*order != std::floor(*order) || std::abs(*order) > 1e9)
            r.fail("order", "must be an integer in [-1e9, 1e9], got " + formatNumber(*order));
        p.order = static_cast<int>(*order);
    }
    if (const auto length = r.positiveInt("length")) {
        if (*length < kMinLength || *length > kMaxLength)
            r.fail("length", "must be an integer number of positions in [2, 2^40], got " + std::to_string(*length));
        p.length = *length;
    }
    p.seqLen = r.number("seq_len");
    if (const auto* compare = &object; compare->contains("compare")) {
        r.markUsed("compare");
        const auto& list = object.at("compare");
        if (!list.is_array())
            r.fail("compare", "must be an array of method ids, got " + detail::shortDump(list));
        for (const auto& id : list) {
            if (!id.is_string() || !Registry::instance().tryFind(id.get<std::string>()))
                r.fail("compare", "lists " + detail::shortDump(id) + ", which is not a method id");
            p.compare.push_back(Registry::instance().find(id.get<std::string>()).info.id);
        }
    }
    if (const json* shared = r.object("shared")) {
        for (auto it = shared->begin(); it != shared->end(); ++it) {
            if (it->is_string())
                p.shared.emplace_back(it.key(), it->get<std::string>());
            else if (it->is_number() || it->is_boolean())
                p.shared.emplace_back(it.key(), it->dump());
            else
                throw InvalidInput("posenc.shared." + it.key(),
                                   origin + ": posenc.shared." + it.key() + " must be a number, boolean or string");
        }
    }
    if (const auto unused = r.unusedKeys(); !unused.empty())
        r.fail(unused.front(), "is not a preset key (name, description, order, length, seq_len, compare, shared)");
    return p;
}

/// Reads the sections (rope dicts) of a scope as `era` sees them.
std::vector<Section> sections(JsonObjectReader& r, HfEra era, const std::string& modelType, const std::string& origin,
                              Diagnostics& diag)
{
    std::vector<Section> out;
    const bool v5 = era == HfEra::V5dev || era == HfEra::V5;
    const json* params = r.object("rope_parameters");
    const json* scaling = r.object("rope_scaling");
    const detail::ClassDefaults defaults = detail::classDefaults(modelType, era);
    auto theta = r.number("rope_theta");
    auto localTheta = r.number("rope_local_base_freq");
    if (params && v5) {
        bool perLayer = !params->empty();
        for (auto it = params->begin(); it != params->end(); ++it)
            perLayer = perLayer && it->is_object();
        const auto add = [&](const json& dict, const std::string& layer, const std::string& path) {
            Section s;
            s.layer = layer;
            s.rope = std::make_unique<JsonObjectReader>(dict, path, origin);
            s.theta = s.rope->number("rope_theta");
            s.partial = s.rope->number("partial_rotary_factor");
            // Gemma 3's sliding dict defaults to rope_local_base_freq, else the class's local theta; every other
            // dict to rope_theta, else the class's theta (configuration_gemma3.py:150-158, modeling_rope_utils:752)
            const bool local = layer == "sliding_attention" && defaults.localTheta;
            if (!s.theta)
                s.theta = local ? localTheta : theta;
            if (!s.theta)
                s.theta = detail::classTheta(defaults, local, path + ".rope_theta", modelType, diag);
            s.perLayer = !layer.empty();
            out.push_back(std::move(s));
        };
        const std::string base = r.keyPath("rope_parameters");
        if (perLayer) {
            if (params->contains("full_attention"))
                add(params->at("full_attention"), "full_attention", base + ".full_attention");
            for (auto it = params->begin(); it != params->end(); ++it)
                if (it.key() != "full_attention")
                    add(*it, it.key(), base + "." + it.key());
        } else {
            add(*params, "", base);
        }
        if (scaling)
            diag.note(Phrase::of("config.rope-scaling-ignored", {detail::lit(r.keyPath("rope_scaling"))}));
        return out;
    }
    if (params)
        diag.note(Phrase::of("config.rope-parameters-unread",
                             {detail::lit(r.keyPath("rope_parameters")), detail::lit(toString(era))}));
    Section main;
    if (scaling)
        main.rope = std::make_unique<JsonObjectReader>(*scaling, r.keyPath("rope_scaling"), origin);
    if (!theta && !r.has("rotary_emb_base"))
        theta = detail::classTheta(defaults, false, r.keyPath("rope_theta"), modelType, diag);
    if (!localTheta && defaults.localTheta) // Gemma 3's sliding layers exist whether or not the key does
        localTheta = detail::classTheta(defaults, true, r.keyPath("rope_local_base_freq"), modelType, diag);
    main.theta = theta;
    if (localTheta) {
        // Gemma 3: local (sliding-window) layers use default RoPE with their own base
        main.layer = "full_attention";
        out.push_back(std::move(main));
        Section local;
        local.layer = "sliding_attention";
        local.theta = localTheta;
        local.forcedType = "default";
        out.push_back(std::move(local));
        return out;
    }
    out.push_back(std::move(main));
    return out;
}

std::vector<HfEncoding> resolveScope(JsonObjectReader& r, const std::string& modelName, const std::string& modelType,
                                     HfEra era, std::optional<double> seqLen, const std::string& origin,
                                     Diagnostics& diag)
{
    // head_dim: DeepSeek's rope part, else head_dim, else hidden_size // num_attention_heads (GPT-J: n_embd/n_head)
    long long headDim = 0;
    bool derivedHeadDim = false;
    if (const auto rope = r.positiveInt("qk_rope_head_dim")) {
        headDim = *rope;
    } else if (const auto hd = r.positiveInt("head_dim")) {
        headDim = *hd;
    } else {
        const bool gptj = !r.has("hidden_size") && r.has("n_embd");
        const std::string hk = gptj ? "n_embd" : "hidden_size";
        const std::string nk = gptj ? "n_head" : "num_attention_heads";
        const auto hidden = r.positiveInt(hk);
        const auto heads = r.positiveInt(nk);
        if (!hidden || !heads)
            throw InvalidInput(r.keyPath(!hidden ? hk : nk),
                               origin + ": " + r.keyPath(!hidden ? hk : nk) +
                                   " is missing, and there is no head_dim: the head dimension cannot be derived");
        headDim = *hidden / *heads;
        derivedHeadDim = true;
        if (headDim <= 0)
            r.fail(nk, "(" + std::to_string(*heads) + ") exceeds " + hk + " (" + std::to_string(*hidden) +
                           "): the head dimension would be 0");
    }
    double partial = 1.0;
    if (const auto rd = r.positiveInt("rotary_dim")) {
        partial = static_cast<double>(*rd) / static_cast<double>(headDim); // GPT-J
    } else if (const auto pct = r.number("rotary_pct")) {
        partial = *pct; // GPT-NeoX
    } else if (const auto prf = r.number("partial_rotary_factor")) {
        partial = *prf;
    } else if (const auto classPartial = detail::classDefaults(modelType, era); classPartial.partial) {
        partial = *classPartial.partial; // GLM's classes: kwargs.setdefault("partial_rotary_factor", 0.5)
        diag.note(
            Phrase::of("config.class-default", {detail::lit(r.keyPath("partial_rotary_factor")), detail::lit(modelType),
                                                detail::num(partial), detail::lit(classPartial.source)}));
    }
    std::optional<double> maxPos;
    std::string maxKey = r.keyPath("max_position_embeddings");
    if (const auto m = r.positiveInt("max_position_embeddings")) {
        maxPos = static_cast<double>(*m);
    } else if (const auto n = r.positiveInt("n_positions")) {
        maxPos = static_cast<double>(*n);
        maxKey = r.keyPath("n_positions");
    }
    std::optional<double> topOriginal;
    if (const auto o = r.positiveInt("original_max_position_embeddings"))
        topOriginal = static_cast<double>(*o);
    bool interleaved = modelType == "gptj" || modelType == "deepseek_v2" || modelType == "deepseek_v3";
    interleaved = interleaved || detail::interleavedByModel(modelType);
    if (const auto inter = r.boolean("rope_interleave"))
        interleaved = *inter;
    auto secs = sections(r, era, modelType, origin, diag);
    std::optional<double> baseFallback = r.number("rotary_emb_base"); // GPT-NeoX
    r.markUsed("model_type");

    std::vector<HfEncoding> out;
    for (auto& s : secs) {
        detail::RopeInputs in;
        in.rope = s.rope.get();
        in.forcedType = s.forcedType;
        in.base = s.theta ? s.theta : baseFallback;
        in.headDim = detail::sectionHeadDim(r, modelType, s.layer, headDim);
        const auto alphaBase = detail::hunyuanAlphaBase(s.rope.get(), modelType, in.base.value_or(10000.0), in.headDim);
        if (alphaBase) { // HunYuan's alpha NTK: static, a plain RoPE with the enlarged base
            in.forcedType = "default";
            diag.note(Phrase::of("config.hunyuan-alpha",
                                 {detail::lit(s.rope ? s.rope->path() : r.keyPath("rope")),
                                  detail::num(in.base.value_or(10000.0)), detail::num(double(in.headDim)),
                                  detail::num(double(in.headDim - 2)), detail::num(*alphaBase)}));
            in.base = alphaBase;
        }
        const auto mrope = detail::readMrope(s.rope.get(), modelType);
        in.partial = s.partial.value_or(partial);
        if (!(in.partial > 0.0 && in.partial <= 1.0))
            throw InvalidInput("partial_rotary_factor",
                               origin + ": the rotary fraction " + formatNumber(in.partial) + " must be in (0, 1]");
        in.interleaved = interleaved;
        in.softmaxMscale = detail::softmaxMscaleByModel(modelType);
        in.maxPos = maxPos;
        in.topOriginal = topOriginal;
        in.perLayer = s.perLayer;
        in.oddDerivedHeadDim = derivedHeadDim && headDim % 2 != 0;
        in.maxPosKey = maxKey;
        const std::string where = s.rope ? s.rope->path() : (s.layer.empty() ? r.keyPath("rope") : s.layer);
        detail::RopeResolution res;
        try {
            res = detail::resolveRope(in, era, seqLen, diag);
            if (mrope)
                detail::applyMrope(*mrope, res, diag, where);
        } catch (const InvalidInput& e) {
            if (std::string_view(e.what()).rfind(origin + ": ", 0) == 0)
                throw;
            throw e.located(e.param(), origin);
        }
        if (alphaBase)
            res.ropeType = "dynamic (alpha)";
        HfEncoding enc;
        enc.name = modelName + (secs.size() > 1 ? " (" + s.layer + ")" : "");
        enc.scope = r.path() + (r.path().empty() || s.layer.empty() ? "" : "/") + s.layer;
        enc.ropeType = res.ropeType;
        enc.method = res.method;
        enc.params = std::move(res.params);
        const MethodDef& def = Registry::instance().find(enc.method);
        try {
            Registry::validate(def, enc.params);
        } catch (const InvalidInput& e) {
            throw e.located(where, origin + ": " + where + " (" + enc.ropeType + ")", enc.method);
        }
        for (const auto& w : Registry::warnings(def, enc.params))
            diag.warn(Phrase::of("config.where", {detail::lit(where), w.phrase}));
        enc.encoding = def.build(enc.params);
        const RotaryFrequencies* rot = enc.encoding->rotary();
        enc.invFreq = rot->invFreq;
        enc.headDim = static_cast<int>(in.headDim);
        enc.layerType = s.layer;
        enc.rotaryDim = res.hfDim;
        enc.attentionFactor = rot->attentionFactor;
        if (maxPos)
            enc.maxPositionEmbeddings = static_cast<std::int64_t>(*maxPos);
        detail::readLlama4ScalingBeta(s.rope.get(), modelType, topOriginal, maxPos, enc, diag);
        out.push_back(std::move(enc));
    }
    return out;
}

struct Parsed {
    std::string modelName;
    std::string modelType;
    std::vector<HfEncoding> encodings;
    Diagnostics diag;
    detail::LayerInfo layers;
};

std::string joined(const std::vector<std::string>& keys)
{
    std::string list;
    for (const auto& k : keys)
        list += (list.empty() ? "" : ", ") + k;
    return list;
}

Parsed resolveAll(const json& root, HfEra era, std::optional<double> seqLen, const std::string& origin)
{
    Parsed p;
    JsonObjectReader top(root, "", origin);
    top.markUsed("posenc");
    top.markUsed("architectures");
    const auto name = top.string("_name_or_path");
    const auto type = top.string("model_type");
    p.modelType = type.value_or("");
    p.modelName = name && !name->empty() ? *name : !p.modelType.empty() ? p.modelType : baseName(origin);
    if (const json* text = top.object("text_config")) {
        JsonObjectReader scope(*text, "text_config", origin);
        const auto textType = scope.string("model_type");
        p.encodings = resolveScope(scope, p.modelName, textType.value_or(p.modelType), era, seqLen, origin, p.diag);
        p.layers = detail::readLayers(scope, textType.value_or(p.modelType), p.encodings, p.diag);
        if (const auto unused = scope.unusedKeys(); !unused.empty())
            p.diag.note(Phrase::of("config.text-keys-unused", {detail::lit(joined(unused))}));
    } else {
        p.encodings = resolveScope(top, p.modelName, p.modelType, era, seqLen, origin, p.diag);
        p.layers = detail::readLayers(top, p.modelType, p.encodings, p.diag);
    }
    detail::readVisionConfig(top, origin, p.encodings, p.diag);
    if (const auto unused = top.unusedKeys(); !unused.empty())
        p.diag.note(Phrase::of("config.keys-unused", {detail::lit(joined(unused))}));
    return p;
}

} // namespace

HfConfig parseHfConfig(std::string_view text, const HfConfigOptions& options)
{
    const std::string& origin = options.origin;
    // nlohmann's lexer ends the input at a NUL byte; Python's json (what HF uses) rejects it
    if (const auto nul = text.find('\0'); nul != std::string_view::npos)
        throw InvalidInput("config", origin + ": not valid JSON (NUL byte at byte " + std::to_string(nul + 1) + ")");
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        throw InvalidInput("config", origin + ": not valid JSON (byte " + std::to_string(e.byte) + ": " +
                                         std::string(e.what()).substr(std::string(e.what()).find(':') + 1) + ")");
    } catch (const json::exception& e) {
        // e.g. out_of_range for a number beyond double (1E888): Python reads it as inf, HF then fails on it
        throw InvalidInput("config", origin + ": not valid JSON (" +
                                         std::string(e.what()).substr(std::string(e.what()).find(']') + 2) + ")");
    }
    if (!root.is_object())
        throw InvalidInput("config", origin + ": the top level must be a JSON object, got " + detail::shortDump(root));

    HfConfig out;
    out.era = options.era;
    if (const auto it = root.find("posenc"); it != root.end()) {
        if (!it->is_object())
            throw InvalidInput("posenc", origin + ": posenc must be an object, got " + detail::shortDump(*it));
        out.preset = readPresetInfo(*it, origin);
    }
    std::optional<double> seqLen = options.seqLen;
    if (!seqLen && out.preset && out.preset->seqLen)
        seqLen = out.preset->seqLen;
    if (seqLen && !(*seqLen >= 0))
        throw InvalidInput("seq-len", "--seq-len must be >= 0, got " + formatNumber(*seqLen));

    Parsed main = resolveAll(root, options.era, seqLen, origin);
    out.modelName = main.modelName;
    out.modelType = main.modelType;
    out.encodings = std::move(main.encodings);
    out.warnings = std::move(main.diag.warnings);
    out.notes = std::move(main.diag.notes);
    out.warningPhrases = std::move(main.diag.warningPhrases);
    out.notePhrases = std::move(main.diag.notePhrases);
    const auto note = [&out](Phrase p) {
        out.notes.push_back(english(p));
        out.notePhrases.push_back(std::move(p));
    };
    out.layers = std::move(main.layers.layers);
    out.nopeTemperature = main.layers.nope;
    out.dualChunk = detail::readDualChunkConfig(root, origin);

    if (options.compareEras) {
        for (HfEra era : allHfEras()) {
            if (era == options.era)
                continue;
            try {
                Parsed other = resolveAll(root, era, seqLen, origin);
                if (other.encodings.size() != out.encodings.size()) {
                    note(Phrase::of("config.era.count", {detail::lit(toString(era)), detail::lit(describe(era)),
                                                         detail::num(double(other.encodings.size())),
                                                         detail::num(double(out.encodings.size()))}));
                    continue;
                }
                for (std::size_t i = 0; i < other.encodings.size(); ++i)
                    if (auto diff = detail::eraDifferences(other.encodings[i], out.encodings[i]))
                        note(Phrase::of(other.encodings[i].scope.empty() ? "config.era.differs"
                                                                         : "config.era.differs-scope",
                                        {detail::lit(toString(era)), detail::lit(describe(era)), std::move(*diff),
                                         detail::lit(other.encodings[i].scope)}));
            } catch (const InvalidInput& e) {
                note(Phrase::of("config.era.fails",
                                {detail::lit(toString(era)), detail::lit(describe(era)), detail::lit(e.what())}));
            }
        }
    }
    return out;
}

HfConfig loadHfConfig(const std::string& path, HfConfigOptions options)
{
    if (options.origin.empty() || options.origin == "config")
        options.origin = path;
    // What the path is, before opening it: a folder opened as a stream read as empty ("not valid JSON"), and a FIFO
    // would wait for a writer.
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec)
        throw InvalidInput("config", path + ": cannot be read (" + ec.message() + ")");
    if (std::filesystem::is_directory(status))
        throw InvalidInput("config", path + ": is a folder, not a file");
    if (!std::filesystem::is_regular_file(status))
        throw InvalidInput("config", path + ": is not a regular file (a FIFO, device or socket)");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InvalidInput("config", path + ": cannot be read");
    char magic[4] = {};
    if (in.read(magic, 4) && std::string_view(magic, 4) == "GGUF")
        return loadGgufConfig(path, options); // a GGUF model (gguf.h): its rope metadata, mapped
    in.clear();
    in.seekg(0);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad())
        throw InvalidInput("config", path + ": read error");
    return parseHfConfig(buffer.str(), options);
}

} // namespace posenc::io
