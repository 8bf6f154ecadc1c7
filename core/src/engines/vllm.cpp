// SPDX-License-Identifier: GPL-3.0-or-later
// vLLM: the frequencies and magnitude of vllm/model_executor/layers/rotary_embedding/ for a method instance, in
// float64. Revisions read are listed in engine_table.cpp; the formulas are restated, no code is copied.
#include "engines_internal.h"

#include "../methods/method_common.h"
#include "posenc/errors.h"

#include <cmath>

namespace posenc::engine_detail {

RotaryFrequencies vllmFrequencies(const std::string& id, const ParamSet& p, const RotaryFrequencies& hf,
                                  std::vector<std::string>& notes)
{
    RotaryFrequencies f = hf;
    const int d = hf.rotaryDim;
    if (sameAsHfOrDividedPositions(id, p, f)) // pi: LinearScalingRotaryEmbedding (same values in float64)
        return f;
    if (id == "ntk-aware") {
        // NTKScalingRotaryEmbedding (rope_type "ntk", mixed_b unset): inv_freq of base*s, divided by s^(2/d).
        const double s = p.real("factor");
        f.invFreq = methods::defaultInvFreq(hf.base * s, d);
        for (auto& x : f.invFreq)
            x /= std::pow(s, 2.0 / d);
        f.extras["base_prime"] = hf.base * s;
        notes.push_back("vLLM's rope_type ntk is base*s with every frequency divided by s^(2/d_rot), not "
                        "the NTK-aware base*s^(d/(d-2)): pair 0 is scaled too");
        return f;
    }
    if (id == "dynamic-ntk") {
        const double s = p.real("factor");
        const double L0 = p.real("original-max-position-embeddings");
        const double L = servedLength(p);
        const double effective = L > L0 ? s * L / L0 - (s - 1.0) : 1.0;
        const double basePrime = hf.base * std::pow(effective, static_cast<double>(d) / (d - 2.0));
        setStaticNtkBase(f, basePrime, effective);
        f.extras["max_model_len"] = L;
        notes.push_back("vLLM computes the dynamic-NTK base once, at max_model_len = " + formatNumber(L) +
                        ", for every position of every sequence (HF: at the current length, --seq-len)");
        return f;
    }
    if (id == "yarn") {
        const double s = p.real("factor");
        const double ms = p.real("mscale");
        const double msAll = p.real("mscale-all-dim");
        if (ms == 0.0 && msAll == 0.0)
            return f; // YaRNScalingRotaryEmbedding after the realignment: HF's frequencies and attention factor
        // DeepseekScalingRotaryEmbedding (vLLM's DeepSeek models): mscale default 1, mscale_all_dim default 0, the
        // ramp bounds always rounded, attn_factor (not attention_factor) multiplies.
        f.attentionFactor = methods::yarnMscale(s, ms == 0.0 ? 1.0 : ms) / methods::yarnMscale(s, msAll);
        if (!p.flag("truncate")) {
            double low = 0, high = 0;
            setRoundedYarnRamp(f, hf, p, low, high);
            notes.push_back("DeepseekScalingRotaryEmbedding always rounds the ramp bounds (truncate = "
                            "false is not read)");
        }
        notes.push_back("vLLM's DeepSeek path (DeepseekScalingRotaryEmbedding, taken here because mscale/"
                        "mscale_all_dim are set) defaults mscale to 1 and mscale_all_dim to 0: attention "
                        "factor g(s, " +
                        formatNumber(ms == 0.0 ? 1.0 : ms) + ")/g(s, " + formatNumber(msAll) +
                        ") = " + formatNumber(f.attentionFactor));
        if (p.has("attention-factor")) {
            notes.push_back("DeepseekScalingRotaryEmbedding does not read attention_factor (" +
                            formatNumber(p.real("attention-factor")) + ")");
        }
        return f;
    }
    if (id == "longrope") {
        const double s = p.real("factor");
        const double L0 = p.real("original-max-position-embeddings");
        const double L = servedLength(p);
        const bool useLong = L > L0;
        const auto& ext = p.list(useLong ? "long-factor" : "short-factor");
        for (std::size_t i = 0; i < f.invFreq.size(); ++i)
            f.invFreq[i] = hf.baseInvFreq[i] / (ext.empty() ? 1.0 : ext[i]);
        // mscale from scale = max_position_embeddings / original_max_position_embeddings (= the factor here).
        f.attentionFactor = s <= 1.0 ? 1.0 : std::sqrt(1.0 + std::log(s) / std::log(L0));
        f.extras["uses_long_factor"] = useLong ? 1.0 : 0.0;
        f.extras["max_model_len"] = L;
        notes.push_back(std::string("vLLM uses the ") + (useLong ? "long" : "short") +
                        " factors for every position because max_model_len = " + formatNumber(L) +
                        (useLong ? " > " : " <= ") + "L0 = " + formatNumber(L0) +
                        " (HF switches on the current length, --seq-len)");
        if (p.has("attention-factor"))
            notes.push_back("Phi3LongRoPEScaledRotaryEmbedding does not read attention_factor (" +
                            formatNumber(p.real("attention-factor")) +
                            "); its mscale is sqrt(1 + ln s / "
                            "ln L0) unless short_mscale/long_mscale are given");
        return f;
    }
    throw InvalidInput("engine", "--engine vllm cannot express method " + id);
}

} // namespace posenc::engine_detail
