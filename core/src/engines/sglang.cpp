// SPDX-License-Identifier: GPL-3.0-or-later
// SGLang: the frequencies and magnitude of python/sglang/srt/layers/rotary_embedding/ for a method instance, in
// float64. Read with the search tool's read_file (sgl-project/sglang; commits in engine_table.cpp); the formulas
// are restated, no code is copied. SGLang's classes descend from vLLM's: rope, pi (positions / s), llama3 and the
// float32 tensor operations are vLLM's; dynamic NTK, YaRN's magnitude and LongRoPE's switch differ (below).
#include "engines_internal.h"

#include "../methods/method_common.h"
#include "posenc/errors.h"

#include <cmath>

namespace posenc::engine_detail {

RotaryFrequencies sglangFrequencies(const std::string& id, const ParamSet& p, const RotaryFrequencies& hf,
                                    std::vector<std::string>& notes, std::vector<std::string>& divergences)
{
    RotaryFrequencies f = hf;
    const int d = hf.rotaryDim;
    if (sameAsHfOrDividedPositions(id, p, f)) // pi: base.py LinearScalingRotaryEmbedding._compute_cos_sin_cache
        return f;
    if (id == "dynamic-ntk") {
        // rope_variant.py DynamicNTKScalingRotaryEmbedding._compute_cos_sin_cache: max_len = L0 * s and
        // base * (s * max_len / L0 - (s - 1))^(d/(d-2)) = base * (s^2 - s + 1)^(d/(d-2)), once, for every position
        // (max_position is the config's max_position_embeddings; --max-model-len is not read).
        const double s = p.real("factor");
        const double effective = s * s - s + 1.0;
        const double basePrime = hf.base * std::pow(effective, static_cast<double>(d) / (d - 2.0));
        setStaticNtkBase(f, basePrime, effective);
        notes.push_back("SGLang computes the dynamic-NTK base once, at max_len = factor x L0 = " +
                        formatNumber(s * p.real("original-max-position-embeddings")) +
                        ": base x (s^2 - s + 1)^(d/(d-2)) = " + formatNumber(basePrime) +
                        " for every position of every sequence (HF: at the current length, --seq-len)");
        if (std::abs(basePrime - hf.base) > 1e-12 * hf.base)
            divergences.push_back("engine-dynamic-static");
        return f;
    }
    if (id == "yarn") {
        // yarn.py YaRNScalingRotaryEmbedding.__init__: g(s, mscale)/g(s, mscale_all_dim) when both keys are given,
        // else 0.1 ln s + 1, times attn_factor; factory.py get_rope passes extrapolation_factor, attn_factor,
        // beta_fast, beta_slow, mscale, mscale_all_dim and truncate, not attention_factor.
        const double s = p.real("factor");
        const double ms = p.real("mscale"), msAll = p.real("mscale-all-dim");
        f.attentionFactor = ms != 0.0 && msAll != 0.0 ? methods::yarnMscale(s, ms) / methods::yarnMscale(s, msAll)
                                                      : methods::yarnMscale(s);
        if (p.has("attention-factor")) {
            notes.push_back("SGLang's get_rope does not pass attention_factor (" +
                            formatNumber(p.real("attention-factor")) +
                            ") to YaRNScalingRotaryEmbedding: attention "
                            "factor " +
                            formatNumber(f.attentionFactor) + " instead");
            if (std::abs(f.attentionFactor - hf.attentionFactor) > 1e-12)
                divergences.push_back("engine-attention-factor-ignored");
        }
        return f;
    }
    if (id == "longrope") {
        // rope_variant.py Phi3LongRoPEScaledRotaryEmbedding.forward: the long cache for the whole batch iff any
        // position > original_max_position_embeddings, i.e. for a sequence of length l iff l - 1 > L0 (HF: l > L0);
        // mscale sqrt(1 + ln(max_pos/L0)/ln L0) unless short_mscale/long_mscale; attention_factor not read.
        const double s = p.real("factor");
        const double L0 = p.real("original-max-position-embeddings");
        const std::string& set = p.choice("factor-set");
        const double length = p.real("seq-len");
        const bool useLong = set == "auto" ? length - 1.0 > L0 : set == "long";
        const auto& ext = p.list(useLong ? "long-factor" : "short-factor");
        for (std::size_t i = 0; i < f.invFreq.size(); ++i)
            f.invFreq[i] = hf.baseInvFreq[i] / (ext.empty() ? 1.0 : ext[i]);
        f.attentionFactor = s <= 1.0 ? 1.0 : std::sqrt(1.0 + std::log(s) / std::log(L0));
        f.extras["uses_long_factor"] = useLong ? 1.0 : 0.0;
        const bool hfLong = hf.extras.count("uses_long_factor") && hf.extras.at("uses_long_factor") != 0.0;
        if (set == "auto" && useLong != hfLong) {
            notes.push_back(
                "SGLang switches to the long factors only when a position exceeds L0 = " + formatNumber(L0) +
                " (any(positions > L0)); at length " + formatNumber(length) + " the last position is " +
                formatNumber(length - 1) + ": short factors (HF: long, " + "length > L0)" +
                (length - 1.0 == L0
                     ? "; the token at position L0 indexes the long cache's row 0 (the short cache has L0 "
                       "rows): it is scaled by the magnitude but not rotated"
                     : ""));
            divergences.push_back("engine-longrope-off-by-one");
        }
        if (p.has("attention-factor")) {
            notes.push_back("Phi3LongRoPEScaledRotaryEmbedding does not read attention_factor (" +
                            formatNumber(p.real("attention-factor")) +
                            "); its mscale is sqrt(1 + ln s / ln L0) = " + formatNumber(f.attentionFactor));
            if (std::abs(f.attentionFactor - hf.attentionFactor) > 1e-12)
                divergences.push_back("engine-attention-factor-ignored");
        }
        return f;
    }
    throw InvalidInput("engine", "--engine sglang cannot express method " + id);
}

} // namespace posenc::engine_detail
