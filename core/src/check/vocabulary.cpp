// SPDX-License-Identifier: GPL-3.0-or-later
// The diagnosis vocabulary of `posenc check` (README "Check your implementation", guide page check.html) and the
// names of quantities and layouts.
#include "posenc/check.h"
#include "posenc/errors.h"

namespace posenc {

const std::vector<DiagnosisKind>& diagnosisKinds()
{
    // Order = precedence when two variants produce the same table (e.g. squared and double when the factor is
    // 0.1 ln s + 1). The kinds follow the engine bugs users reported (attention factor dropped, squared, applied
    // twice).
    static const std::vector<DiagnosisKind> kinds = {
        {"layout",
         "the cos/sin cache's columns are arranged differently (cat(freqs, freqs) vs repeat_interleave "
         "vs vLLM's cos | sin)",
         "a cache built for one rotate function used with the other (e.g. a cat(freqs, freqs) cache fed to a "
         "rotate_every_two kernel)"},
        {"pairing", "the rotation pairs channels (2j, 2j+1) where the reference pairs (j, j + d/2), or the reverse",
         "Meta-layout weights used with HF rotate_half without the converter's permutation; GLM-4/DeepSeek "
         "rope_interleave ignored"},
        {"mrope-layout",
         "M-RoPE's t/h/w sections laid out the other way: Qwen3-VL's interleaved THWTHW... pairs where the "
         "reference has Qwen2-VL's chunked sections (TT..HH..WW..), or the reverse",
         "MNN #4133, ollama #12807 (Qwen3-VL's interleaved M-RoPE run with Qwen2-VL's chunked code)"},
        {"mrope-section",
         "M-RoPE's mrope_section permuted: the pairs carry the t, h, w ids in other amounts (e.g. [24, 24, 16] "
         "for [16, 24, 24])",
         "mrope_section read in the wrong order or taken from another model's config (the sections [t, h, w] "
         "are per stream, in this order)"},
        {"rotary-dim",
         "partial rotary: the exponent uses head_dim instead of the rotary dimension, or every "
         "channel is rotated",
         "Megatron-Bridge #4195, apple/coreai-models #66 (head_dim vs rotary_dim denominator)"},
        {"scaling-missing",
         "plain RoPE with the right base: the rope_scaling block (or rope_freqs.weight) is "
         "not applied",
         "ik_llama.cpp #2291 (rope_freqs.weight loaded, never applied); mlx-vlm #1710, unsloth #6907, vLLM "
         "#56066 (llama3 scaling dropped under transformers v5)"},
        {"factor-inverted", "the scaling factor s is used as 1/s (frequencies multiplied instead of divided)",
         "freq_scale = 1/factor passed where factor is expected (llama.cpp's freq_scale convention)"},
        {"truncate", "YaRN's ramp bounds rounded (truncate=true) where the reference does not, or the reverse",
         "transformers yarn `truncate` key (gpt-oss uses truncate=false), ignored by older ports"},
        {"ramp-convention",
         "the YaRN ramp is linear in r = L0/lambda (paper Eq. 18) instead of the pair index "
         "(reference code), or the reverse",
         "write-ups that follow the paper's formula; up to 3x mid-band difference in inv_freq"},
        {"dynamic-static", "dynamic NTK evaluated at a fixed length instead of the current one",
         "vLLM #41236 (dynamic NTK precomputed once, collapsed to a constant; fixed by #41277)"},
        {"longrope-switch", "LongRoPE uses the other factor set (short vs long) for this length",
         "vLLM Phi3LongRoPE: long factors whenever max_model_len > original; HF switches on the current length"},
        {"original-length", "a different original context length L0 (e.g. max_position_embeddings used as L0)",
         "transformers #38224 -> #40320, vLLM #56446 (original_max_position_embeddings handling)"},
        {"base", "a different RoPE base (rope_theta)",
         "mlx-vlm #1710, unsloth #6907, vLLM #56066 (rope_theta dropped: 10000 instead of 500000)"},
        {"attention-factor-missing", "cos and sin are not multiplied by the attention factor (mscale)",
         "vLLM #46280 -> #48351 (YaRN attention_factor dropped); mlx-lm #1507"},
        {"attention-factor-squared", "the attention factor applied twice to cos/sin (a^2 instead of a)",
         "sglang #33558 (1.485 -> 2.206, ~20 GSM8K points)"},
        {"attention-factor-ratio",
         "the mscale/mscale_all_dim rule differs: the ratio g(s,mscale)/g(s,"
         "mscale_all_dim) used where the reference uses 0.1 ln s + 1, or ignored",
         "exllamav3 #259; vLLM #48623 (1.2773 instead of HF's 1.0)"},
        {"attention-factor-double",
         "the configured factor times the kernel's own 0.1 ln s + 1 (llama.cpp's "
         "rope_yarn multiplies by it; the caller must cancel it)",
         "llama.cpp #17945 (mistral3 attention factor), TensorRT-LLM #16379 (re-logged factor)"},
        {"positions-scaled", "the positions are scaled (m/s or m*s): interpolation applied to positions as well",
         "linear interpolation applied both to position ids and to inv_freq"},
        {"position-offset", "the positions are shifted by one (the cache starts at 1, or an off-by-one)",
         "position ids counted from 1; a cache sliced one row off"},
        {"precision",
         "positions, frequencies or the angle held in a low-precision format (bf16 positions "
         "collide above 256)",
         "position ids or the rotary product computed in bfloat16/float16 under autocast"},
        {"ntk-variant",
         "NTK scaling by another rule: base*s with every frequency also divided by s^(2/d) (pair i scaled by "
         "s^(-(i+1)/(d/2)), pair 0 too) where the reference's NTK-aware base is base*s^(d/(d-2)) (pair 0 "
         "unchanged, the last pair exactly theta/s)",
         "vLLM's rope_type ntk (NTKScalingRotaryEmbedding, kexue.fm/archives/9706's fixed NTK) serving a model "
         "configured for NTK-aware scaling"},
        {"blog-yarn", "NTK-aware base plus linear interpolation: the snippet popular write-ups give as \"YaRN\"",
         "blog posts' YaRN code (base * s^(d/(d-2)) and inv_freq / s)"},
        {"engine-long-factors-below-l0",
         "LongRoPE's long factors at a length where the reference uses the short ones: MLX-LM's SuScaledRoPE "
         "uses long_factor at every length",
         "mlx-lm PR #707 (deliberate): Phi-3.5-mini at <= 4096 tokens divides pair 39 by its long factor"},
        {"engine-longrope-off-by-one",
         "LongRoPE switched on a position > L0 instead of a length > L0: at length L0 + 1 SGLang still uses the "
         "short factors (any(positions > L0))",
         "SGLang Phi3LongRoPEScaledRotaryEmbedding.forward"},
        {"engine-bounds-rounded",
         "YaRN's ramp bounds floored/ceiled although the config sets truncate false (MLX-LM's YarnRoPE does not "
         "read truncate)",
         "gpt-oss under MLX-LM: bounds 8/18 instead of 8.0928/17.3980"},
        {"engine-bounds-unrounded",
         "YaRN's ramp bounds left fractional where the reference rounds them (ONNX Runtime GenAI's builder never "
         "rounds)",
         "Ministral 3 exported by ORT GenAI: 20.385/36.440 instead of 20/37"},
        {"engine-yarn-no-beta-keys",
         "plain RoPE with magnitude 1 for a YaRN config without beta_fast/beta_slow keys (ORT GenAI recognises YaRN "
         "only by the key beta_fast)",
         "Qwen3's documented YaRN block exported by ORT GenAI's builder"},
        {"engine-attention-factor-ignored",
         "the config's explicit attention_factor not read: the engine's own mscale rule instead",
         "SGLang's YaRN whitelist (attention_factor 1.0 with s 64 gives 1.4159); MLX-LM, ORT GenAI"},
        {"engine-mscale-verbatim",
         "the YaRN magnitude is the config's mscale itself (ORT GenAI's make_mscale when only mscale is set)",
         "ORT GenAI builder make_mscale (Ministral-3-3B sets mscale 1.0)"},
        {"engine-dynamic-static",
         "dynamic NTK computed once at factor x L0 for every length (SGLang's DynamicNTKScalingRotaryEmbedding)",
         "SGLang: theta 1e4, s 2, d 128 gives base 1e4 3^(128/126) at every length"},
        {"engine-mrope-plain", "M-RoPE read as plain RoPE: the h and w ids of image positions lost (MLX-LM)",
         "MLX-LM rope_utils.py initialize_rope (rope type mrope)"},
        {"engine-rope-parameters-unread",
         "plain RoPE with base 10000: a transformers-v5 config whose rope_parameters the loader does not read",
         "MLX-LM model files reading rope_theta/rope_scaling only"},
        // --quantity query-scale (query_scale.cpp): a per-position query multiplier against its rule
        {"query-scale-squared",
         "the query scale applied to q and to k: the logits carry v^2 (Ministral 3 at position 16384: 1.1434 "
         "instead of 1.0693), where the rule scales the query only and leaves the keys unscaled",
         "a port that scales the hidden states before the q/k split, or applies the scale to both projections"},
        {"query-scale-off-by-one",
         "the scale steps one position early or late: floor((pos + 1) / L0) where Ministral 3 divides pos "
         "(1.0693 already at position 16383), or floor(pos / floor_scale) where Llama 4's NoPE layers use pos + 1",
         "llama.cpp before PR #18025 (graph: add f_attn_temp_offset) used Llama 4's pos + 1 for every "
         "architecture that builds the temperature input"},
        {"query-scale-missing",
         "no query scale: 1 at every position (llama_4_scaling_beta or attn_temperature_tuning not read)",
         "loaders that read rope_theta/rope_scaling only; an engine without the model's temperature input"},
        {"query-scale-wrong-length",
         "llama4-scaling-beta with L0 = max_position_embeddings instead of original_max_position_embeddings "
         "(Ministral 3: 262144 instead of 16384, so 1 up to position 262143)",
         "a port that reads max_position_embeddings (the context length) where the model code reads "
         "rope_parameters' original_max_position_embeddings"},
        {"unknown", "no hypothesis explains the table; the closest ones are listed", ""},
    };
    return kinds;
}

std::string toString(CheckQuantity q)
{
    return enumName(kCheckQuantityNames, q);
}

CheckQuantity parseCheckQuantity(const std::string& name)
{
    for (const auto& [q, n] : kCheckQuantityNames)
        if (name == n)
            return q;
    throw InvalidInput("quantity",
                       "--quantity " + name + ": not one of inv_freq, cos, sin, angle, rotated, query-scale");
}

std::string toString(CheckLayout layout)
{
    return enumName(kCheckLayoutNames, layout);
}

CheckLayout parseCheckLayout(const std::string& name)
{
    if (name == "duplicated")
        return CheckLayout::Half;
    for (const auto& [l, n] : kCheckLayoutNames)
        if (name == n)
            return l;
    throw InvalidInput("layout", "--layout " + name + ": not one of pairs, half, duplicated, interleaved, cos-sin");
}

} // namespace posenc
