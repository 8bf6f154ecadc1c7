// SPDX-License-Identifier: GPL-3.0-or-later
// ONNX Runtime GenAI: the cos/sin caches its model builder bakes into the exported model
// (src/python/py/models/builders/base.py, phi.py, llama.py of microsoft/onnxruntime-genai a0c04eb1313b, read from
// /work/.mirror/microsoft+onnxruntime-genai), for a method instance, in float64. The formulas are restated (line
// numbers of that revision), no code is copied. The tables ship inside the .onnx file: what the builder computed
// is what every user of that export gets.
#include "engines_internal.h"

#include "../methods/method_common.h"
#include "posenc/errors.h"

#include <algorithm>
#include <cmath>

namespace posenc::engine_detail {

RotaryFrequencies ortGenaiFrequencies(const std::string& id, const ParamSet& p, const RotaryFrequencies& hf,
                                      std::vector<std::string>& notes, std::vector<std::string>& divergences)
{
    RotaryFrequencies f = hf;
    const int d = hf.rotaryDim;
    if (id == "rope" || id == "pi" || id == "llama3")
        return f; // make_rotary_embedding_caches_from_scratch (base.py lines 2565-2582): 1/(factor x base^(2i/d));
                  // llama.py lines 15-31 + base.py 2520-2539: the Llama 3 bands as HF
    if (id == "yarn") {
        // base.py make_rope_init lines 561-577: YaRN only when "beta_fast" is a key; make_inv_freq_rescaled_with_ntk
        // lines 2541-2563: bounds (head_size/2) ln(L0/(2 pi beta))/ln base, never rounded nor clamped, asserted
        // 0 < low < high < head_size/2 - 1 (line 2554); make_mscale lines 2488-2510: g(s, mscale)/g(s,
        // mscale_all_dim) when both > 0, mscale itself when only it is > 0, else 0.1 ln s + 1 (rope type yarn);
        // attention_factor is never read.
        if (d != hf.headDim)
            throw InvalidInput("engine", "--engine ort-genai cannot express partial-rotary YaRN: the builder's ramp "
                                         "has head_size/2 = " +
                                             std::to_string(hf.headDim / 2) +
                                             " entries against rotary_dim/2 = " + std::to_string(d / 2) +
                                             " frequencies (base.py lines 2559-2562), the export fails");
        if (p.choice("ramp") != "index")
            throw InvalidInput("engine", "--engine ort-genai cannot express --ramp paper: its builder has only the "
                                         "index ramp (base.py make_inv_freq_rescaled_with_ntk)");
        const double s = p.real("factor");
        const double L0 = p.real("original-max-position-embeddings");
        const double low = methods::correctionDim(p.real("beta"), d, hf.base, L0);
        const double high = methods::correctionDim(p.real("alpha"), d, hf.base, L0);
        if (!(0.0 < low && low < high && high < d / 2.0 - 1.0))
            throw InvalidInput("engine", "--engine ort-genai: the builder asserts 0 < low < high < head_size/2 - 1 "
                                         "(base.py line 2554); here low = " +
                                             formatNumber(low) + ", high = " + formatNumber(high) +
                                             ", head_size/2 - 1 = " + formatNumber(d / 2.0 - 1.0) +
                                             ": the export fails");
        std::vector<double> gamma(hf.pairs());
        for (std::size_t j = 0; j < gamma.size(); ++j)
            gamma[j] = 1.0 - std::clamp((static_cast<double>(j) - low) / (high - low), 0.0, 1.0);
        f.invFreq = methods::blend(hf.baseInvFreq, gamma, s);
        f.ramp = gamma;
        f.extras["ramp_low"] = low;
        f.extras["ramp_high"] = high;
        if (p.flag("truncate")) {
            notes.push_back("ORT GenAI's builder never rounds the YaRN bounds: " + formatNumber(low) + " / " +
                            formatNumber(high) + " (HF with truncate: " + formatNumber(std::floor(low)) + " / " +
                            formatNumber(std::ceil(high)) + ")");
            divergences.push_back("engine-bounds-unrounded");
        }
        const double ms = p.real("mscale"), msAll = p.real("mscale-all-dim");
        f.attentionFactor = ms > 0.0 && msAll > 0.0 ? methods::yarnMscale(s, ms) / methods::yarnMscale(s, msAll)
                            : ms > 0.0              ? ms
                                                    : methods::yarnMscale(s);
        if (std::abs(f.attentionFactor - hf.attentionFactor) > 1e-12) {
            notes.push_back(std::string("ORT GenAI's make_mscale ") +
                            (p.has("attention-factor") ? "does not read attention_factor (" +
                                                             formatNumber(p.real("attention-factor")) + ") and "
                                                       : std::string()) +
                            (ms > 0.0 && msAll <= 0.0 ? "takes mscale verbatim as the magnitude" : "gives the magnitude") + ": " +
                            formatNumber(f.attentionFactor) + " (HF " + formatNumber(hf.attentionFactor) + ")");
            divergences.push_back(p.has("attention-factor") ? "engine-attention-factor-ignored"
                                                            : "engine-mscale-verbatim");
        }
        notes.push_back("ORT GenAI exports YaRN only when the config's rope block has the key beta_fast (base.py "
                        "line 561); without it the model is exported as plain RoPE with magnitude 1");
        return f;
    }
    if (id == "longrope") {
        // phi.py make_rope_init lines 78-94: short/long_mscale from the config, else make_mscale(context/original)
        // = sqrt(1 + ln s / ln L0); base.py lines 2639-2666 and 2709-2711: the long cache iff the total length
        // (attention_mask) > L0, as HF for a prompt, with no re-prefill when generation crosses L0.
        const double s = p.real("factor");
        const double L0 = p.real("original-max-position-embeddings");
        f.attentionFactor = s <= 1.0 ? 1.0 : std::sqrt(1.0 + std::log(s) / std::log(L0));
        notes.push_back("ORT GenAI keeps two baked caches and picks the long one once the total length exceeds L0 = " +
                        formatNumber(L0) + "; keys already in the KV cache keep their short-factor rotation");
        if (p.has("attention-factor")) {
            notes.push_back("ORT GenAI's builder does not read attention_factor (" +
                            formatNumber(p.real("attention-factor")) + "): magnitude " +
                            formatNumber(f.attentionFactor));
            if (std::abs(f.attentionFactor - hf.attentionFactor) > 1e-12)
                divergences.push_back("engine-attention-factor-ignored");
        }
        return f;
    }
    throw InvalidInput("engine", "--engine ort-genai cannot express method " + id);
}

} // namespace posenc::engine_detail
