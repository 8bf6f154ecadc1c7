// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc inspect CONFIG`: what a Hugging Face config.json resolves to, encoding by encoding, as transformers
// computes it (inv_freq entry for entry), with the warnings HF would print and the era differences.
#include "cli_common.h"
#include "commands_list.h"
#include "config_source.h"
#include "inspect_gguf.h"

#include "posenc/analysis/base_bound.h"
#include "posenc/analysis/bounds.h"
#include "posenc/errors.h"

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

void writeJson(std::ostream& out, const io::HfConfig& config, const std::optional<double>& seqLen,
               const std::optional<GgufInspection>& gguf)
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
        w.field("name", e.name);
        w.field("scope", e.scope);
        w.field("rope_type", e.ropeType);
        w.field("method", e.method);
        writeParams(w, Registry::instance().find(e.method), e.params);
        w.field("head_dim", e.headDim);
        w.field("rotary_dim", e.rotaryDim);
        w.field("pairing", toString(f->pairing));
        w.key("inv_freq").array(e.invFreq);
        w.key("wavelength").array(wavelengths(e.invFreq));
        w.field("attention_factor", e.attentionFactor);
        w.field("softmax_scale_multiplier", f->softmaxScaleMultiplier);
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
    w.key("warnings").beginArray();
    for (const auto& s : config.warnings)
        w.value(s);
    w.endArray();
    w.key("notes").beginArray();
    for (const auto& s : config.notes)
        w.value(s);
    w.endArray();
    w.endObject();
}

void writeText(std::ostream& out, const io::HfConfig& config)
{
    out << config.modelName << " (HF era " << toString(config.era) << ")\n";
    for (const auto& e : config.encodings) {
        const auto b = bounds(e);
        out << "\n"
            << e.name << (e.scope.empty() ? "" : " [" + e.scope + "]") << ": rope type " << e.ropeType << " -> method "
            << e.method << "\n";
        for (const auto& [name, value] : e.params.values())
            out << "  --" << name << " " << formatValue(value) << "\n";
        out << "  head_dim " << e.headDim << ", rotary_dim " << e.rotaryDim << ", attention factor "
            << formatNumber(e.attentionFactor) << "\n";
        out << "  pairs kept " << b.pairsKept << ", ramped " << b.pairsRamped << ", interpolated "
            << b.pairsInterpolated << "; L_theta " << (b.lTheta ? std::to_string(*b.lTheta) : "none") << "\n";
        if (b.baseLowerBound) {
            const auto meets = baseMeetsBound(e, b);
            out << "  Men et al. base lower bound at L = " << formatNumber(b.targetContext) << ": "
                << formatNumber(*b.baseLowerBound)
                << (meets ? (*meets ? " (rope_theta meets it)" : " (rope_theta does not meet it)") : "") << "\n";
        }
        out << "  pair  inv_freq  wavelength\n";
        const auto wl = wavelengths(e.invFreq);
        for (std::size_t i = 0; i < e.invFreq.size(); ++i)
            out << "  " << i << "  " << formatNumber(e.invFreq[i]) << "  "
                << (std::isfinite(wl[i]) ? formatNumber(wl[i]) : "inf") << "\n";
    }
    for (const auto& s : config.warnings)
        out << "warning: " << s << "\n";
    for (const auto& s : config.notes)
        out << "note: " << s << "\n";
}

int run(const Args& args, const Command& self)
{
    const std::string format = choiceOption(args, "format");
    const std::string path = args.positional.at(self.words.size());
    const auto options = configOptions(args, path);
    io::HfConfig config;
    const auto gguf = inspectGguf(args, path, options, config);
    if (!gguf)
        config = io::loadHfConfig(path, options);
    printWarnings(config.warnings);
    writeOutput(args, [&](std::ostream& out) {
        if (format == "text") {
            writeText(out, config);
            if (gguf)
                writeGgufText(out, *gguf);
        } else {
            writeJson(out, config,
                      options.seqLen  ? options.seqLen
                      : config.preset ? config.preset->seqLen
                                      : std::nullopt,
                      gguf);
        }
    });
    return 0;
}

} // namespace

Command inspectCommand()
{
    Command c{{"inspect"},
              "posenc inspect CONFIG [--format json|text] [--seq-len N] [--hf-era E] [--against CONFIG] [-o FILE]",
              "What a Hugging Face config.json or a GGUF model resolves to: method(s), parameters, inv_freq as HF "
              "computes it, "
              "attention factor, pairs kept/ramped/interpolated, bounds, warnings and HF-era differences.",
              {choiceOpt("format", "output format", "json", {"json", "text"}),
               {"seq-len", "HF's seq_len (dynamic NTK, LongRoPE's switch); default: as at initialisation"},
               {"hf-era", "transformers release semantics: 2024, 2025a, 2025b, 2025c, v5dev, v5 (default)"},
               {"against", "for a GGUF model: the HF config.json it was converted from; lists where they differ"}},
              false,
              {}};
    c.positionalArgs = 1;
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
