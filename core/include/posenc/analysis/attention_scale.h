// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file attention_scale.h
/// The attention-scaling rules in one table: what each multiplies (cos/sin, the query, or the logits), its formula,
/// parameters and source. `posenc compute attention-scale` prints it and evaluates a rule against length; the
/// entropy analysis takes its n-dependent temperatures from it.
///
/// Every rule is evaluated as a value v(n) at context length n (for the per-position rules, the query at position
/// n - 1) and as the factor it puts on the attention logits: v^2 for cos/sin factors (q and k are both rotated),
/// v for query and logit factors.

#include "posenc/names.h"

#include <string>
#include <vector>

namespace posenc::analysis {

enum class ScaleRule {
    YarnMscale,        ///< 0.1 ln s + 1 on cos/sin (YaRN temperature sqrt(1/t))
    YarnMscaleSquared, ///< (0.1 ln s + 1)^2 on the logits: the same rule seen from the logits
    DeepseekSoftmax,   ///< (0.1 mscale_all_dim ln s + 1)^2 on the softmax scale (DeepSeek-V2/V3 mscale_all_dim)
    Longrope,          ///< sqrt(1 + ln s / ln L0) on cos/sin
    Llama4Nope,        ///< log1p(floor((pos + 1) / floor_scale)) attn_scale + 1 on the query of NoPE layers
    QwenLogN,          ///< max(1, log_{L0} n) on the query (use_logn_attn)
    SuLog512,          ///< log_512 n on the logits (entropy invariance)
    SeedLog2,          ///< 1 / t, t = 1 + gamma log2(n / L0) for n > L0, on the logits (the seed article)
    Llama4ScalingBeta  ///< 1 + beta ln(1 + floor(pos / L0)) on the query of every layer (Ministral 3, Mistral 4)
};

enum class ScaleTarget { CosSin, Query, Logits };
inline constexpr EnumName<ScaleTarget> kScaleTargetNames[] = {
    {ScaleTarget::CosSin, "cos-sin"}, {ScaleTarget::Query, "query"}, {ScaleTarget::Logits, "logits"}};

struct ScaleRuleInfo {
    ScaleRule rule;
    std::string name;       ///< CLI spelling, e.g. "llama4-nope"
    std::string formula;    ///< plain text
    std::string parameters; ///< the parameters it reads, with their option names
    std::string source;     ///< paper / code, file and line
    ScaleTarget target;
    bool lengthDependent; ///< whether v depends on n at all
};

/// The table, one row per rule, in the order above.
const std::vector<ScaleRuleInfo>& attentionScaleRules();
/// By name; throws InvalidInput("rule") listing the names.
const ScaleRuleInfo& findScaleRule(const std::string& name);
std::string toString(ScaleTarget target);

struct ScaleParams {
    double factor = 8.0;          ///< s
    double mscaleAllDim = 1.0;    ///< DeepSeek mscale_all_dim
    double originalLength = 4096; ///< L0
    double floorScale = 8192;     ///< Llama 4 floor_scale
    double attnScale = 0.1;       ///< Llama 4 attn_scale; llama4-scaling-beta: beta
    double gamma = 0.1;           ///< seed-log2
    double suBase = 512;          ///< Su's log base (the training length the scale is 1 at)
};

/// Throws InvalidInput naming the parameter when the rule cannot use it (L0 <= 1, floor_scale <= 0, s <= 0, ...).
void validateScaleParams(ScaleRule rule, const ScaleParams& p);
/// v(n) for n >= 1.
double scaleValue(ScaleRule rule, double n, const ScaleParams& p);
/// The factor on the logits: v^2 for cos/sin rules, v otherwise.
double logitFactor(ScaleRule rule, double n, const ScaleParams& p);
/// Largest n with v(n) = 1 exactly (so that a pass can skip it); 0 when v differs from 1 from n = 1 on, or the
/// largest double when the rule does not depend on n and is 1.
double unitUpTo(ScaleRule rule, const ScaleParams& p);

} // namespace posenc::analysis
