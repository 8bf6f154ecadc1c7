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
#include "posenc/analysis/bounds.h"
#include "posenc/engine.h"
#include "posenc/errors.h"
#include "posenc/io/inspect.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc::cli {

namespace {

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

/// Everything the JSON report (io::writeInspectReport) holds, as text (issue 16: the softmax scale multiplier was
/// missing, the very value several inference engines dropped for DeepSeek-V3). Numbers in shortest round-trip form.
void writeText(std::ostream& out, const io::HfConfig& config, const std::optional<double>& seqLen, bool baseBound)
{
    const auto orNone = [](bool has, const std::string& text) { return has ? text : std::string("none"); };
    out << config.modelName << " (HF era " << toString(config.era) << ")\n";
    out << "seq_len " << (seqLen ? formatNumber(*seqLen) : std::string("none (as at initialisation)")) << "\n";
    for (const auto& e : config.encodings) {
        const auto b = io::inspectBounds(e, baseBound);
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
        const auto meets = io::baseMeetsBound(e, b);
        out << "  Men et al. base lower bound at L = " << formatNumber(b.targetContext) << ": "
            << (!baseBound ? std::string("not computed (--base-bound yes)")
                           : orNone(b.baseLowerBound.has_value(),
                                    b.baseLowerBound ? formatNumber(*b.baseLowerBound) : std::string()))
            << (meets ? (*meets ? ", rope_theta meets it" : ", rope_theta does not meet it") : "") << "\n";
        out << "  pair  inv_freq  wavelength\n";
        const auto wl = io::wavelengths(e.invFreq);
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
    io::InspectRequest request;
    request.path = path;
    request.options = configOptions(args, path);
    if (args.has("against"))
        request.against = args.get("against");
    request.engine = choiceOption(args, "engine");
    request.arithmetic = choiceOption(args, "arithmetic");
    request.enginesAll = args.options.has("engines");
    request.baseBound = choiceOption(args, "base-bound") == "yes";
    const io::InspectReport report = io::inspect(request);
    printWarnings(report.config.warnings);
    writeOutput(args, [&](std::ostream& out) {
        if (format == "text") {
            writeText(out, report.config, report.seqLen, report.baseBound);
            if (report.gguf)
                writeGgufText(out, *report.gguf);
            if (report.enginesAll)
                writeEnginesText(out, report.config, *report.enginesAll);
        } else {
            io::JsonWriter w(out);
            io::writeInspectReport(w, report);
        }
    });
    return 0;
}

} // namespace

Command inspectCommand()
{
    Command c{{"inspect"},
              "posenc inspect CONFIG [--format json|text] [--seq-len N] [--hf-era E] [--against CONFIG] "
              "[--engine E | --engines all] [--arithmetic f64|engine] [--base-bound yes|no] [-o FILE]",
              "What a Hugging Face config.json or a GGUF model resolves to: method(s), parameters, inv_freq as HF "
              "computes it, "
              "attention factor, pairs kept/ramped/interpolated, bounds, warnings and HF-era differences.",
              {choiceOpt("format", "output format", "json", {"json", "text"}),
               {"seq-len", "HF's seq_len (dynamic NTK, LongRoPE's switch); default: as at initialisation"},
               {"hf-era", "transformers release semantics: 2024, 2025a, 2025b, 2025c, v5dev, v5 (default)"},
               choiceOpt("engine", "whose conventions (engine.h): hf, llama.cpp, vllm, sglang, mlx, ort-genai", "hf",
                         engineIds()),
               choiceOpt("arithmetic", "f64 (exact) or engine (its own float32)", "f64", enumNames(kArithmeticNames)),
               choiceOpt("engines", "all: each engine side by side and where they disagree", "", {"all"}),
               choiceOpt("base-bound",
                         "yes: also Men et al.'s exact base lower bound at the context (about 1.6 s at 1M positions); "
                         "whether rope_theta meets it is always reported",
                         "no", {"yes", "no"}),
               {"against", "for a GGUF model: the HF config.json it was converted from; lists where they differ"},
               towerOption()},
              false,
              {}};
    c.positionalArgs = 1;
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
