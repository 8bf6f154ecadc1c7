// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc inspect CONFIG`: what a Hugging Face config.json resolves to, encoding by encoding, as transformers
// computes it (inv_freq entry for entry), with the warnings HF would print and the era differences.
#include "cli_common.h"
#include "commands_list.h"
#include "grid_cli.h"
#include "config_source.h"
#include "engine_report.h"
#include "inspect_gguf.h"

#include "posenc/analysis/attention_scale.h"
#include "posenc/analysis/base_bound.h"
#include "posenc/engine.h"
#include "posenc/analysis/bounds.h"
#include "posenc/errors.h"
#include "posenc/mrope.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc::cli {

namespace {

std::vector<double> wavelengths(const std::vector<double>& invFreq)
{
    std::vector<double> out(invFreq.size());
    for (std::size_t i = 0; i < out.size(); ++i) // a zero frequency (proportional) never turns: null in JSON
        out[i] = invFreq[i] == 0.0 ? std::numeric_limits<double>::infinity() : 2.0 * std::numbers::pi / invFreq[i];
    return out;
}

analysis::BoundsResult bounds(const io::HfEncoding& e)
{
    analysis::BoundsOptions o;
    const RotaryFrequencies* f = e.encoding->rotary();
    o.contextLength = e.maxPositionEmbeddings ? static_cast<double>(*e.maxPositionEmbeddings)
                      : f->originalLength > 0 ? f->originalLength * f->scale
                                              : 4096.0;
    if (e.window) // every layer using it attends within a window: no distance beyond it (hf_layers.cpp)
        o.contextLength = std::min(o.contextLength, static_cast<double>(*e.window));
    // Men et al.'s base lower bound at this context: the certified walk of base_bound.h (about 0.5 s at 128K).
    return analysis::computeBounds(*e.encoding, o);
}

/// Whether the config's own base (rope_theta) satisfies Men et al.'s condition B_m >= 0 for every m <= L.
std::optional<bool> baseMeetsBound(const io::HfEncoding& e, const analysis::BoundsResult& b)
{
    const RotaryFrequencies* f = e.encoding->rotary();
    if (!b.baseLowerBound || !f || f->base <= 1.0)
        return std::nullopt;
    return analysis::baseAdmissible(f->rotaryDim, f->base, static_cast<std::int64_t>(std::llround(b.targetContext)));
}

void writeLayersJson(io::JsonWriter& w, const io::HfConfig& config)
{
    w.key("layers").beginArray();
    for (const auto& L : config.layers) {
        w.beginObject();
        w.field("index", L.index);
        w.field("layer_type", L.layerType);
        w.field("attention", enumName(kAttentionKindNames, L.attention));
        w.key("window");
        L.window ? (void)w.value(static_cast<long long>(*L.window)) : (void)w.null();
        w.field("rope",
                L.encoding < 0 ? std::string("none") : config.encodings[static_cast<std::size_t>(L.encoding)].id());
        w.endObject();
    }
    w.endArray();
    w.key("nope_temperature");
    if (const auto& t = config.nopeTemperature) {
        w.beginObject();
        w.field("attn_temperature_tuning", t->enabled);
        w.field("floor_scale", t->floorScale);
        w.field("attn_scale", t->attnScale);
        w.field("rule", "llama4-nope: query x (log1p(floor((pos + 1) / floor_scale)) * attn_scale + 1)");
        w.endObject();
    } else {
        w.null();
    }
}

std::string layerSummary(const io::HfConfig& config)
{
    std::string s;
    for (const auto& L : config.layers)
        s += (L.encoding < 0                          ? "N"
              : L.attention == AttentionKind::Sliding ? "s"
              : L.attention == AttentionKind::Chunked ? "c"
                                                      : "F");
    return s;
}

void writeJson(std::ostream& out, const io::HfConfig& config, const std::optional<double>& seqLen,
               const std::optional<std::string>& enginesAll, const std::optional<GgufInspection>& gguf)
{
    io::JsonWriter w(out);
    w.beginObject();
    w.field("model", config.modelName);
    if (gguf)
        writeGgufJson(w, *gguf);
    w.field("hf_era", toString(config.era));
    w.key("seq_len");
    seqLen ? (void)w.value(*seqLen) : (void)w.null();
    w.key("encodings").beginArray();
    for (const auto& e : config.encodings) {
        const auto b = bounds(e);
        const RotaryFrequencies* f = e.encoding->rotary();
        w.beginObject();
        w.field("id", e.id());
        w.field("name", e.name);
        w.field("scope", e.scope);
        w.field("layer_type", e.layerType);
        w.key("attention_window");
        e.window ? (void)w.value(static_cast<long long>(*e.window)) : (void)w.null();
        w.field("rope_type", e.ropeType);
        w.field("method", e.method);
        writeParams(w, Registry::instance().find(e.method), e.params);
        w.field("head_dim", e.headDim);
        w.field("rotary_dim", e.rotaryDim);
        w.field("pairing", toString(f->pairing));
        w.key("inv_freq").array(e.invFreq);
        if (const auto* streams = mrope::pairStreamsOf(*e.encoding)) {
            std::vector<double> stream(streams->begin(), streams->end());
            w.key("mrope_section").array(e.params.list("mrope-section"));
            w.key("pair_stream").array(stream); // 0 = t, 1 = h, 2 = w
        }
        w.key("wavelength").array(wavelengths(e.invFreq));
        w.field("attention_factor", e.attentionFactor);
        w.field("softmax_scale_multiplier", f->softmaxScaleMultiplier);
        w.key("query_temperature"); // Ministral 3 / Mistral 4 (attention_scale.h rule llama4-scaling-beta)
        if (e.llama4ScalingBeta) {
            w.beginObject();
            w.field("rule", "llama4-scaling-beta");
            w.field("beta", *e.llama4ScalingBeta);
            w.field("original_max_position_embeddings", e.llama4ScalingLength);
            w.field("formula", "query x (1 + beta ln(1 + floor(pos / L0))), keys unscaled");
            w.endObject();
        } else {
            w.null();
        }
        w.key("max_position_embeddings");
        e.maxPositionEmbeddings ? (void)w.value(static_cast<long long>(*e.maxPositionEmbeddings)) : (void)w.null();
        w.field("pairs_kept", b.pairsKept);
        w.field("pairs_ramped", b.pairsRamped);
        w.field("pairs_interpolated", b.pairsInterpolated);
        w.key("critical_dim");
        b.criticalDim ? (void)w.value(*b.criticalDim) : (void)w.null();
        w.key("extrapolation_bound");
        b.extrapolationBound ? (void)w.value(*b.extrapolationBound) : (void)w.null();
        w.key("l_theta");
        b.lTheta ? (void)w.value(static_cast<long long>(*b.lTheta)) : (void)w.null();
        w.field("bounds_context_length", b.targetContext);
        w.key("base_lower_bound");
        b.baseLowerBound ? (void)w.value(*b.baseLowerBound) : (void)w.null();
        const auto meets = baseMeetsBound(e, b);
        w.key("rope_theta_meets_base_bound");
        meets ? (void)w.value(*meets) : (void)w.null();
        w.endObject();
    }
    w.endArray();
    writeLayersJson(w, config);
    w.key("warnings").beginArray();
    for (const auto& s : config.warnings)
        w.value(s);
    w.endArray();
    w.key("notes").beginArray();
    for (const auto& s : config.notes)
        w.value(s);
    w.endArray();
    if (enginesAll) // --engines all: each engine's frequencies and where they disagree (engine_report.h)
        writeEnginesJson(w, config, *enginesAll);
    w.endObject();
}

/// Everything writeJson() prints, as text (issue 16: the softmax scale multiplier was missing, the very value
/// several inference engines dropped for DeepSeek-V3). Numbers in shortest round-trip form.
void writeText(std::ostream& out, const io::HfConfig& config, const std::optional<double>& seqLen)
{
    const auto orNone = [](bool has, const std::string& text) { return has ? text : std::string("none"); };
    out << config.modelName << " (HF era " << toString(config.era) << ")\n";
    out << "seq_len " << (seqLen ? formatNumber(*seqLen) : std::string("none (as at initialisation)")) << "\n";
    for (const auto& e : config.encodings) {
        const auto b = bounds(e);
        const RotaryFrequencies* f = e.encoding->rotary();
        out << "\n"
            << e.name << (e.scope.empty() ? "" : " [" + e.scope + "]") << ": rope type " << e.ropeType << " -> method "
            << e.method << "\n";
        for (const auto& [name, value] : e.params.values())
            out << "  --" << name << " " << formatValue(value) << "\n";
        out << "  head_dim " << e.headDim << ", rotary_dim " << e.rotaryDim << ", pairing " << toString(f->pairing)
            << ", max_position_embeddings "
            << orNone(e.maxPositionEmbeddings.has_value(),
                      e.maxPositionEmbeddings ? std::to_string(*e.maxPositionEmbeddings) : std::string())
            << "\n";
        out << "  attention factor " << formatNumber(e.attentionFactor) << " (multiplies cos and sin: rotated logits x "
            << formatNumber(e.attentionFactor * e.attentionFactor) << ")\n";
        if (e.llama4ScalingBeta) {
            analysis::ScaleParams sp;
            sp.attnScale = *e.llama4ScalingBeta;
            sp.originalLength = e.llama4ScalingLength;
            const double L0 = e.llama4ScalingLength;
            out << "  query temperature (llama4-scaling-beta): query x (1 + " << formatNumber(sp.attnScale)
                << " ln(1 + floor(pos / " << formatNumber(L0) << "))), keys unscaled: pos " << formatNumber(L0)
                << " -> " << formatNumber(analysis::scaleValue(analysis::ScaleRule::Llama4ScalingBeta, L0 + 1, sp))
                << ", pos " << formatNumber(8 * L0) << " -> "
                << formatNumber(analysis::scaleValue(analysis::ScaleRule::Llama4ScalingBeta, 8 * L0 + 1, sp)) << "\n";
        }
        out << "  softmax scale multiplier " << formatNumber(f->softmaxScaleMultiplier)
            << (f->softmaxScaleMultiplier != 1.0
                    ? " (multiplies the softmax scale of every channel, DeepSeek's mscale^2)"
                    : "")
            << "\n";
        out << "  pairs kept " << b.pairsKept << ", ramped " << b.pairsRamped << ", interpolated "
            << b.pairsInterpolated << "\n";
        out << "  bounds at L = " << formatNumber(b.targetContext) << ": critical_dim "
            << orNone(b.criticalDim.has_value(), b.criticalDim ? std::to_string(*b.criticalDim) : std::string())
            << ", extrapolation bound "
            << orNone(b.extrapolationBound.has_value(),
                      b.extrapolationBound ? formatNumber(*b.extrapolationBound) : std::string())
            << ", L_theta " << orNone(b.lTheta.has_value(), b.lTheta ? std::to_string(*b.lTheta) : std::string())
            << "\n";
        const auto meets = baseMeetsBound(e, b);
        out << "  Men et al. base lower bound at L = " << formatNumber(b.targetContext) << ": "
            << orNone(b.baseLowerBound.has_value(), b.baseLowerBound ? formatNumber(*b.baseLowerBound) : std::string())
            << (meets ? (*meets ? " (rope_theta meets it)" : " (rope_theta does not meet it)") : "") << "\n";
        out << "  pair  inv_freq  wavelength\n";
        const auto wl = wavelengths(e.invFreq);
        for (std::size_t i = 0; i < e.invFreq.size(); ++i)
            out << "  " << i << "  " << formatNumber(e.invFreq[i]) << "  "
                << (std::isfinite(wl[i]) ? formatNumber(wl[i]) : "inf") << "\n";
    }
    if (!config.layers.empty())
        out << "\nlayers (F full, s sliding, c chunked, N no RoPE): " << layerSummary(config) << "\n";
    for (const auto& s : config.warnings)
        out << "warning: " << s << "\n";
    for (const auto& s : config.notes)
        out << "note: " << s << "\n";
}

int run(const Args& args, const Command& self)
{
    const std::string format = choiceOption(args, "format");
    const std::string path = args.positional.at(self.words.size());
    if (const auto grid = diffusersConfigText(args, path)) // an image/video config or --tower vision (grid_rope.h)
        return runGridInspect(args, path, *grid);
    const auto options = configOptions(args, path);
    io::HfConfig config;
    const auto gguf = inspectGguf(args, path, options, config);
    if (!gguf)
        config = loadConfig(path, options);
    printWarnings(config.warnings);
    const std::string arithmetic = choiceOption(args, "arithmetic");
    const bool all = args.options.has("engines");
    if (!all && (choiceOption(args, "engine") != "hf" || arithmetic != "f64"))
        applyEngine(config, choiceOption(args, "engine"), arithmetic);
    const std::optional<std::string> enginesAll = all ? std::optional<std::string>(arithmetic) : std::nullopt;
    const std::optional<double> seqLen = options.seqLen  ? options.seqLen
                                         : config.preset ? config.preset->seqLen
                                                         : std::nullopt;
    writeOutput(args, [&](std::ostream& out) {
        if (format == "text") {
            writeText(out, config, seqLen);
            if (gguf)
                writeGgufText(out, *gguf);
            if (all)
                writeEnginesText(out, config, arithmetic);
        } else {
            writeJson(out, config, seqLen, enginesAll, gguf);
        }
    });
    return 0;
}

} // namespace

Command inspectCommand()
{
    Command c{{"inspect"},
              "posenc inspect CONFIG [--format json|text] [--seq-len N] [--hf-era E] [--against CONFIG] "
              "[--engine E | --engines all] [--arithmetic f64|engine] [-o FILE]",
              "What a Hugging Face config.json or a GGUF model resolves to: method(s), parameters, inv_freq as HF "
              "computes it, "
              "attention factor, pairs kept/ramped/interpolated, bounds, warnings and HF-era differences.",
              {choiceOpt("format", "output format", "json", {"json", "text"}),
               {"seq-len", "HF's seq_len (dynamic NTK, LongRoPE's switch); default: as at initialisation"},
               {"hf-era", "transformers release semantics: 2024, 2025a, 2025b, 2025c, v5dev, v5 (default)"},
               choiceOpt("engine", "whose conventions (engine.h): hf, llama.cpp, vllm, sglang, mlx, ort-genai", "hf", engineIds()),
               choiceOpt("arithmetic", "f64 (exact) or engine (its own float32)", "f64", enumNames(kArithmeticNames)),
               choiceOpt("engines", "all: each engine side by side and where they disagree", "", {"all"}),
               {"against", "for a GGUF model: the HF config.json it was converted from; lists where they differ"},
               towerOption()},
              false,
              {}};
    c.positionalArgs = 1;
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
