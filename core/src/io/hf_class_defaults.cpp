// SPDX-License-Identifier: GPL-3.0-or-later
// Class defaults of absent rope keys per model type and HF era, read from transformers' config classes at each
// era's revision (conventions.md "eras"; v5 = decba1d2ea4e). tests/data/make_hf_class_defaults.py extracts them
// with ast from the same files into tests/data/hf_class_defaults.json, which tst_hf_config checks this table
// against. Where a class sets nothing, HF's generic default applies: RotaryEmbeddingConfigMixin.default_theta
// = 10000 (modeling_rope_utils.py:739, read at :752) or the __init__ default rope_theta=10000.0 (eras to 2025c).
// A model type newer than an era takes its first release's value there (the reader still resolves it).
#include "hf_class_defaults.h"

#include "posenc/errors.h"
#include "posenc/params.h"

#include <array>
#include <cmath>
#include <cstddef>

namespace posenc::io::detail {

namespace {

bool startsWith(const std::string& s, const std::string& p)
{
    return s.rfind(p, 0) == 0;
}

struct Row {
    const char* types[2];        ///< the text config's model_type and the composite one that holds it (or nullptr)
    std::array<double, 6> theta; ///< per era, in HfEra order: 2024, 2025a, 2025b, 2025c, v5dev, v5
    double localTheta;           ///< 0: none
    const char* source;
    double partial = 0; ///< 0: none          ///< at v5 (decba1d)
};

// clang-format off
constexpr Row kRows[] = {
    {{"gemma3_text", "gemma3"}, {1e6, 1e6, 1e6, 1e6, 1e6, 1e6}, 1e4,
     "Gemma3TextConfig.default_theta {global 1e6, local 1e4} (gemma3/configuration_gemma3.py:102, :135-162)"},
    {{"cohere", nullptr}, {1e4, 1e4, 1e4, 1e4, 5e5, 5e5}, 0,
     "CohereConfig.default_theta 500000 (cohere/configuration_cohere.py:51; rope_theta=10000.0 to 2025c)"},
    {{"ernie4_5", nullptr}, {5e5, 5e5, 5e5, 5e5, 5e5, 5e5}, 0,
     "Ernie4_5Config.default_theta 500000 (ernie4_5/configuration_ernie4_5.py:47)"},
    {{"ernie4_5_moe", nullptr}, {5e5, 5e5, 5e5, 5e5, 5e5, 5e5}, 0,
     "Ernie4_5_MoeConfig.default_theta 500000 (ernie4_5_moe/configuration_ernie4_5_moe.py:62)"},
    {{"ernie4_5_vl_moe_text", "ernie4_5_vl_moe"}, {5e5, 5e5, 5e5, 5e5, 5e5, 5e5}, 0,
     "Ernie4_5_VLMoeTextConfig.default_theta 500000 (ernie4_5_vl_moe/configuration_ernie4_5_vl_moe.py:83)"},
    {{"gpt_oss", nullptr}, {15e4, 15e4, 15e4, 15e4, 15e4, 15e4}, 0,
     "GptOssConfig.default_theta 150000 (gpt_oss/configuration_gpt_oss.py:29)"},
    {{"llama4_text", "llama4"}, {5e5, 5e5, 5e5, 5e5, 5e5, 5e5}, 0,
     "Llama4TextConfig.default_theta 500000 (llama4/configuration_llama4.py:111)"},
    {{"mixtral", nullptr}, {1e6, 1e6, 1e6, 1e6, 1e6, 1e6}, 0,
     "MixtralConfig.default_theta 1e6 (mixtral/configuration_mixtral.py:44)"},
    {{"olmo3", nullptr}, {1e4, 1e4, 1e4, 1e4, 1e4, 5e5}, 0,
     "Olmo3Config.default_theta 500000 (olmo3/configuration_olmo3.py:84; 10000 to v5dev)"},
    {{"qwen2_vl_text", "qwen2_vl"}, {1e6, 1e6, 1e6, 1e6, 1e6, 1e6}, 0,
     "Qwen2VLTextConfig.default_theta 1e6 (qwen2_vl/configuration_qwen2_vl.py:65)"},
    {{"qwen2_5_vl_text", "qwen2_5_vl"}, {1e6, 1e6, 1e6, 1e6, 1e6, 1e6}, 0,
     "Qwen2_5_VLTextConfig.default_theta 1e6 (qwen2_5_vl/configuration_qwen2_5_vl.py:88)"},
    {{"qwen3_vl_text", "qwen3_vl"}, {5e6, 5e6, 5e6, 5e6, 5e6, 5e5}, 0,
     "Qwen3VLTextConfig.default_theta 500000 (qwen3_vl/configuration_qwen3_vl.py:78; 5e6 to v5dev)"},
    {{"smollm3", nullptr}, {2e6, 2e6, 2e6, 2e6, 2e6, 2e6}, 0,
     "SmolLM3Config.default_theta 2e6 (smollm3/configuration_smollm3.py:55)"},
    {{"glm", nullptr}, {1e4, 1e4, 1e4, 1e4, 1e4, 1e4}, 0,
     "GlmConfig: partial_rotary_factor 0.5 (glm/configuration_glm.py:77)", 0.5},
    {{"glm4", nullptr}, {1e4, 1e4, 1e4, 1e4, 1e4, 1e4}, 0,
     "Glm4Config: partial_rotary_factor 0.5 (glm4/configuration_glm4.py:77)", 0.5},
    {{"glm4_moe", nullptr}, {1e4, 1e4, 1e4, 1e4, 1e4, 1e4}, 0,
     "Glm4MoeConfig: partial_rotary_factor 0.5 (glm4_moe/configuration_glm4_moe.py:123)", 0.5},
};
// clang-format on

} // namespace

ClassDefaults classDefaults(const std::string& modelType, HfEra era)
{
    for (const Row& r : kRows)
        for (const char* t : r.types)
            if (t && modelType == t) {
                ClassDefaults d;
                d.theta = r.theta[static_cast<std::size_t>(era)];
                if (r.localTheta > 0)
                    d.localTheta = r.localTheta;
                if (r.partial > 0)
                    d.partial = r.partial;
                d.source = r.source;
                return d;
            }
    return {};
}

bool interleavedByModel(const std::string& t)
{
    // rotate_half on x[..., ::2] / x[..., 1::2] at decba1d: cohere/modeling_cohere.py:175-180,
    // cohere2/modeling_cohere2.py:150-155, cohere2_moe/modeling_cohere2_moe.py:237-242, glm/modeling_glm.py:162,
    // glm4/modeling_glm4.py:150, glm4v/modeling_glm4v.py:215, ernie4_5/modeling_ernie4_5.py:115,
    // ernie4_5_moe/modeling_ernie4_5_moe.py:140, helium/modeling_helium.py:174; gpt-j and DeepSeek V2/V3 interleave too
    // (rotate_every_two, rope_interleave); Llama 4 rotates in complex form (modeling_llama4.py:227-239).
    // Not glm4_moe (GLM-4.5): its rotate_half is the NeoX one (glm4_moe/modeling_glm4_moe.py).
    static const char* const kPrefixes[] = {"llama4", "glm4v", "cohere", "ernie4_5"};
    if (t == "glm" || t == "glm4" || t == "helium" || t == "gptj" || t == "deepseek_v2" || t == "deepseek_v3")
        return true;
    for (const char* p : kPrefixes)
        if (startsWith(t, p))
            return true;
    return false;
}

bool softmaxMscaleByModel(const std::string& t)
{
    // `if mscale_all_dim: ... scaling = scaling * mscale * mscale` at decba1d: axk1/modeling_axk1.py:300,
    // axk2/modeling_axk2.py:471, deepseek_v2/modeling_deepseek_v2.py:293, deepseek_v3/modeling_deepseek_v3.py:283,
    // deepseek_v32/modeling_deepseek_v32.py:306, glm4_moe_lite/modeling_glm4_moe_lite.py:156,
    // glm_moe_dsa/modeling_glm_moe_dsa.py:305, longcat_flash/modeling_longcat_flash.py:289,
    // minicpm3/modeling_minicpm3.py:200, mistral4/modeling_mistral4.py:292, youtu/modeling_youtu.py:193. Not
    // ministral3 (modeling_ministral3.py:120: scaling = head_dim**-0.5).
    static const char* const kTypes[] = {"axk1",          "axk2",        "deepseek_v2",   "deepseek_v3",
                                         "deepseek_v32",  "glm4_moe_lite", "glm_moe_dsa", "longcat_flash",
                                         "minicpm3",      "mistral4",    "youtu"};
    for (const char* k : kTypes)
        if (t == k)
            return true;
    return false;
}

/// An absent rope_theta (or Gemma 3's rope_local_base_freq) takes the config class's default for the model
/// type (issue 38: Gemma 3 27B's published config has neither); the note says which class gave it.
std::optional<double> classTheta(const ClassDefaults& defaults, bool local, const std::string& key,
                                 const std::string& modelType, Diagnostics& diag)
{
    if (defaults.source.empty())
        return std::nullopt; // HF's generic 10000 (hf_rope_resolve.cpp notes it)
    const double v = local ? *defaults.localTheta : defaults.theta;
    diag.note(Phrase::of("config.class-default", {lit(key), lit(modelType), num(v), lit(defaults.source)}));
    return v;
}

/// Ministral 3 / Mistral 4 multiply the query by 1 + beta ln(1 + floor(pos / L0)) after RoPE
/// (ministral3/modeling_ministral3.py:105-107, :146-150; mistral4/modeling_mistral4.py:479-483): beta and L0 are
/// rope_parameters' llama_4_scaling_beta and original_max_position_embeddings. Other model types never read it.
void readLlama4ScalingBeta(JsonObjectReader* rope, const std::string& modelType, std::optional<double> topOriginal,
                           std::optional<double> maxPos, HfEncoding& enc, Diagnostics& diag)
{
    if (!rope || !rope->has("llama_4_scaling_beta"))
        return;
    const auto beta = rope->number("llama_4_scaling_beta");
    if (modelType != "ministral3" && modelType != "mistral4") {
        diag.note(Phrase::of("config.scaling-beta-unread",
                             {lit(rope->keyPath("llama_4_scaling_beta")),
                              modelType.empty() ? Phrase::of("config.this-model-type") : lit(modelType)}));
        return;
    }
    if (!beta || !std::isfinite(*beta))
        rope->fail("llama_4_scaling_beta", "must be a finite number");
    std::optional<double> L0 = rope->number("original_max_position_embeddings");
    if (!L0)
        L0 = topOriginal ? topOriginal : maxPos; // standardize_rope_params' fallback (modeling_rope_utils.py)
    if (!L0 || !(*L0 > 0))
        rope->fail("original_max_position_embeddings",
                   "is needed (> 0): llama_4_scaling_beta divides the position by it");
    enc.llama4ScalingBeta = *beta;
    enc.llama4ScalingLength = *L0;
    diag.note(Phrase::of("config.scaling-beta", {lit(rope->keyPath("llama_4_scaling_beta")), num(*beta), num(*L0)}));
}

std::optional<double> hunyuanAlphaBase(JsonObjectReader* rope, const std::string& modelType, double theta,
                                       long long headDim)
{
    if (!rope || !startsWith(modelType, "hunyuan_v1"))
        return std::nullopt;
    auto type = rope->string("rope_type");
    if (!type)
        type = rope->string("type");
    const auto alpha = rope->number("alpha");
    if (type != "dynamic" || !alpha || *alpha == 0.0) // rope_parameters.get("alpha") is falsy: plain dynamic NTK
        return std::nullopt;
    if (!(*alpha > 0.0) || !std::isfinite(*alpha))
        rope->fail("alpha", "must be > 0 (base = rope_theta * alpha^(d/(d-2))), got " + formatNumber(*alpha));
    if (headDim <= 2)
        rope->fail("alpha", "needs a head_dim > 2 (alpha^(d/(d-2))), got " + std::to_string(headDim));
    const double d = static_cast<double>(headDim);
    return theta * std::pow(*alpha, d / (d - 2.0));
}

} // namespace posenc::io::detail

namespace posenc::io {

ParamSet HfEncoding::analysisDefaults() const
{
    ParamSet out;
    if (llama4ScalingBeta) { // modeling_ministral3.py:146-150 reads both from rope_parameters
        out.set("beta", *llama4ScalingBeta);
        out.set("beta-length", llama4ScalingLength);
    }
    return out;
}

} // namespace posenc::io
