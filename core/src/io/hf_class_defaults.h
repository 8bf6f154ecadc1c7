// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a model's config class supplies for rope keys a config.json leaves out (issue 38): HF fills an absent
// rope_theta (Gemma 3: also rope_local_base_freq; GLM: partial_rotary_factor) from the class of the config's
// model_type, not from 10000.

#include "hf_rope_resolve.h"
#include "json_object_reader.h"

#include "posenc/io/hf_config.h"

#include <optional>
#include <string>

namespace posenc::io::detail {

struct ClassDefaults {
    double theta = 10000.0;           ///< rope_theta when absent (global layers for Gemma 3)
    std::optional<double> localTheta; ///< Gemma 3: rope_local_base_freq when absent (sliding layers)
    std::optional<double> partial;    ///< partial_rotary_factor when absent (GLM: 0.5); none: 1
    std::string source;               ///< the class and file the value is read from; empty: HF's generic 10000
};

/// The class defaults of `modelType` as transformers of `era` has them.
ClassDefaults classDefaults(const std::string& modelType, HfEra era);

/// True when HF's model code for `modelType` rotates adjacent channel pairs (2i, 2i+1): its rotate_half takes
/// x[..., ::2] and x[..., 1::2] (Cohere, GLM, ERNIE 4.5, ...), or it rotates in complex form (Llama 4).
bool interleavedByModel(const std::string& modelType);

/// True when HF's attention for `modelType` multiplies its softmax scale by yarn_get_mscale(factor,
/// mscale_all_dim)^2 when mscale_all_dim is set (DeepSeek's rule, copied by later MLA models); HF's YaRN rope
/// function never does, so other models with the key (Ministral 3) keep head_dim^-0.5.
bool softmaxMscaleByModel(const std::string& modelType);

/// An absent rope_theta (`local`: Gemma 3's rope_local_base_freq) as the config class of `modelType` supplies it,
/// with a note naming the class under `key`; none when the class has no default of its own (HF's 10000).
std::optional<double> classTheta(const ClassDefaults& defaults, bool local, const std::string& key,
                                 const std::string& modelType, Diagnostics& diag);

/// Ministral 3 / Mistral 4's query temperature from the rope dict (llama_4_scaling_beta) into `enc`.
void readLlama4ScalingBeta(JsonObjectReader* rope, const std::string& modelType, std::optional<double> topOriginal,
                           std::optional<double> maxPos, HfEncoding& enc, Diagnostics& diag);

/// HunYuan's DynamicNTKAlpha (hunyuan_v1_dense/modeling_hunyuan_v1_dense.py:322-330, hunyuan_v1_moe the same):
/// rope type "dynamic" with a truthy `alpha` is static RoPE with base = theta * alpha^(d / (d - 2)), d = head_dim,
/// attention 1. The base, or none when the rule does not apply (another model type, no alpha, another type).
/// Throws InvalidInput naming `alpha` when it is negative or not finite.
std::optional<double> hunyuanAlphaBase(JsonObjectReader* rope, const std::string& modelType, double theta,
                                       long long headDim);

} // namespace posenc::io::detail
