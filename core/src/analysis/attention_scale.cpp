// SPDX-License-Identifier: GPL-3.0-or-later
// The attention-scaling table (attention_scale.h). Sources are cited per row; transformers revision decba1d2ea4e.
#include "posenc/analysis/attention_scale.h"

#include "posenc/errors.h"
#include "posenc/params.h"

#include <cmath>
#include <limits>

namespace posenc::analysis {

const std::vector<ScaleRuleInfo>& attentionScaleRules()
{
    static const std::vector<ScaleRuleInfo> rules{
        {ScaleRule::YarnMscale, "yarn-mscale", "g = 0.1 ln s + 1 (s > 1; else 1), multiplies cos and sin", "--factor s",
         "Peng et al., YaRN, arXiv:2309.00071 Eq. 22 (sqrt(1/t) = 0.1 ln s + 1); HF modeling_rope_utils.py:429-439 "
         "get_mscale",
         ScaleTarget::CosSin, false},
        {ScaleRule::YarnMscaleSquared, "yarn-mscale-squared",
         "g^2 = (0.1 ln s + 1)^2 on the logits (q and k both carry g)", "--factor s",
         "YaRN Eq. 22: the logits are divided by t = 1/g^2", ScaleTarget::Logits, false},
        {ScaleRule::DeepseekSoftmax, "deepseek-softmax",
         "softmax_scale * (0.1 mscale_all_dim ln s + 1)^2 on every channel's logit", "--factor s, --mscale-all-dim",
         "DeepSeek-V2/V3 modeling_deepseek.py DeepseekV2Attention (softmax_scale * mscale * mscale, mscale = "
         "yarn_get_mscale(s, mscale_all_dim)); HF modeling_rope_utils.py:436-437",
         ScaleTarget::Logits, false},
        {ScaleRule::Longrope, "longrope", "sqrt(1 + ln s / ln L0) (s > 1; else 1), multiplies cos and sin",
         "--factor s, --original-max-position-embeddings L0",
         "Ding et al., LongRoPE, arXiv:2402.13753; Phi-3; HF modeling_rope_utils.py:563-567", ScaleTarget::CosSin,
         false},
        {ScaleRule::Llama4Nope, "llama4-nope",
         "log1p(floor((pos + 1) / floor_scale)) * attn_scale + 1 on the query of NoPE layers (pos = n - 1)",
         "--floor-scale (8192), --attn-scale (0.1)",
         "HF models/llama4/modeling_llama4.py:366-374 (attn_temperature_tuning); configuration_llama4.py:170-172; "
         "Nakanishi, Scalable-Softmax, arXiv:2501.19399",
         ScaleTarget::Query, true},
        {ScaleRule::QwenLogN, "qwen-log-n", "max(1, log_L0 n) on the query (1 up to L0)",
         "--original-max-position-embeddings L0 (Qwen seq_length)",
         "Qwen(1) modeling_qwen.py use_logn_attn: logn_list = [log(i, seq_length) if i > seq_length else 1]",
         ScaleTarget::Query, true},
        {ScaleRule::SuLog512, "su-log512", "log_512 n = ln n / ln 512 on the logits (below 1 for n < 512)",
         "--su-base 512", "Su, kexue.fm/archives/8823 (entropy invariance: scale log_512 n / sqrt(d))",
         ScaleTarget::Logits, true},
        {ScaleRule::SeedLog2, "seed-log2", "1 / t, t = 1 + gamma log2(n / L0) for n > L0 (1 up to L0), on the logits",
         "--gamma (0.1), --original-max-position-embeddings L0",
         "a log2 length rule (no paper or model code fixes gamma; 0.1 is this tool's default)", ScaleTarget::Logits,
         true},
        {ScaleRule::Llama4ScalingBeta, "llama4-scaling-beta",
         "1 + beta ln(1 + floor(pos / L0)) on the query of every layer, after RoPE, keys unscaled (pos = n - 1)",
         "--attn-scale beta (0.1), --original-max-position-embeddings L0",
         "HF models/ministral3/modeling_ministral3.py:105-107 get_llama_4_attn_scale, :146-150 (rope_parameters "
         "llama_4_scaling_beta, original_max_position_embeddings); mistral4/modeling_mistral4.py:479-483; "
         "configuration_ministral3.py:96-107 (beta 0.1, L0 16384)",
         ScaleTarget::Query, true},
    };
    return rules;
}

std::string toString(ScaleTarget target)
{
    return enumName(kScaleTargetNames, target);
}

const ScaleRuleInfo& findScaleRule(const std::string& name)
{
    std::string names;
    for (const auto& r : attentionScaleRules()) {
        if (r.name == name)
            return r;
        names += (names.empty() ? "" : ", ") + r.name;
    }
    throw InvalidInput("rule", "--rule " + name + ": unknown; one of " + names);
}

void validateScaleParams(ScaleRule rule, const ScaleParams& p)
{
    const auto need = [](bool ok, const char* param, const std::string& what) {
        if (!ok)
            throw InvalidInput(param, what);
    };
    switch (rule) {
    case ScaleRule::YarnMscale:
    case ScaleRule::YarnMscaleSquared:
    case ScaleRule::DeepseekSoftmax:
        need(p.factor > 0 && std::isfinite(p.factor), "factor", "--factor must be > 0, got " + formatNumber(p.factor));
        need(std::isfinite(p.mscaleAllDim), "mscale-all-dim", "--mscale-all-dim must be finite");
        break;
    case ScaleRule::Longrope:
        need(p.factor > 0 && std::isfinite(p.factor), "factor", "--factor must be > 0, got " + formatNumber(p.factor));
        [[fallthrough]];
    case ScaleRule::QwenLogN:
    case ScaleRule::SeedLog2:
        need(p.originalLength > 1 && std::isfinite(p.originalLength), "original-max-position-embeddings",
             "--original-max-position-embeddings must be > 1 (its log divides), got " + formatNumber(p.originalLength));
        need(std::isfinite(p.gamma), "gamma", "--gamma must be finite");
        break;
    case ScaleRule::Llama4Nope:
        need(p.floorScale > 0 && std::isfinite(p.floorScale), "floor-scale",
             "--floor-scale must be > 0, got " + formatNumber(p.floorScale));
        need(std::isfinite(p.attnScale), "attn-scale", "--attn-scale must be finite");
        break;
    case ScaleRule::Llama4ScalingBeta:
        need(p.originalLength > 0 && std::isfinite(p.originalLength), "original-max-position-embeddings",
             "--original-max-position-embeddings must be > 0 (it divides the position), got " +
                 formatNumber(p.originalLength));
        need(std::isfinite(p.attnScale), "attn-scale", "--attn-scale must be finite");
        break;
    case ScaleRule::SuLog512:
        need(p.suBase > 1 && std::isfinite(p.suBase), "su-base",
             "--su-base must be > 1, got " + formatNumber(p.suBase));
        break;
    }
}

namespace {

double mscale(double s, double m)
{
    return s <= 1.0 ? 1.0 : 0.1 * m * std::log(s) + 1.0;
}

} // namespace

double scaleValue(ScaleRule rule, double n, const ScaleParams& p)
{
    switch (rule) {
    case ScaleRule::YarnMscale:
        return mscale(p.factor, 1.0);
    case ScaleRule::YarnMscaleSquared:
        return mscale(p.factor, 1.0) * mscale(p.factor, 1.0);
    case ScaleRule::DeepseekSoftmax:
        return mscale(p.factor, p.mscaleAllDim) * mscale(p.factor, p.mscaleAllDim);
    case ScaleRule::Longrope:
        return p.factor <= 1.0 ? 1.0 : std::sqrt(1.0 + std::log(p.factor) / std::log(p.originalLength));
    case ScaleRule::Llama4Nope: // positions = n - 1: floor((pos + 1) / floor_scale) = floor(n / floor_scale)
        return std::log1p(std::floor(n / p.floorScale)) * p.attnScale + 1.0;
    case ScaleRule::QwenLogN:
        return n > p.originalLength ? std::log(n) / std::log(p.originalLength) : 1.0;
    case ScaleRule::SuLog512:
        return std::log(n) / std::log(p.suBase);
    case ScaleRule::SeedLog2:
        return n > p.originalLength ? 1.0 / (1.0 + p.gamma * std::log2(n / p.originalLength)) : 1.0;
    case ScaleRule::Llama4ScalingBeta: // the query at pos = n - 1; log1p(k) = ln(1 + k)
        return 1.0 + p.attnScale * std::log1p(std::floor((n - 1.0) / p.originalLength));
    }
    return 1.0;
}

double logitFactor(ScaleRule rule, double n, const ScaleParams& p)
{
    for (const auto& r : attentionScaleRules())
        if (r.rule == rule) {
            const double v = scaleValue(rule, n, p);
            return r.target == ScaleTarget::CosSin ? v * v : v;
        }
    return 1.0;
}

double unitUpTo(ScaleRule rule, const ScaleParams& p)
{
    constexpr double kAll = std::numeric_limits<double>::max();
    switch (rule) {
    case ScaleRule::Llama4Nope:
        return std::ceil(p.floorScale) - 1.0; // floor(n / fs) = 0 for n < fs
    case ScaleRule::QwenLogN:
    case ScaleRule::SeedLog2:
        return std::floor(p.originalLength);
    case ScaleRule::SuLog512:
        return 0.0;
    case ScaleRule::Llama4ScalingBeta: // floor((n - 1) / L0) = 0 while n - 1 < L0
        return std::ceil(p.originalLength + 1.0) - 1.0;
    default:
        return scaleValue(rule, 1.0, p) == 1.0 ? kAll : 0.0;
    }
}

} // namespace posenc::analysis
