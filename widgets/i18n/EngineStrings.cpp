// SPDX-License-Identifier: GPL-3.0-or-later
// The engines' notes and reasons (core/src/engines) and their pinned revisions, for lupdate: the Engines view
// words each note with CoreText::withNumbers, so a source here is the note with its numbers as %1, %2, ...
// tst_translations (everyEngineNoteIsTranslated) builds every engine-capable method under every engine with
// parameters away from the defaults and fails naming the notes that have no translation.
#include "i18n/CoreStrings.h"

#include <QtGlobal>

namespace posenc::widgets {

const std::vector<const char*>& engineNoteStrings()
{
    static const std::vector<const char*> strings = {
        QT_TRANSLATE_NOOP("posenc::params", "transformers modeling_rope_utils.py, v5 era (HEAD %1-%2-%3; older eras: inspect --hf-era)"),
        QT_TRANSLATE_NOOP("posenc::params", "ggml d99724f2b141 (%1-%2-%3), llama.cpp llama-context.cpp after PR #%4"),
        QT_TRANSLATE_NOOP("posenc::params", "vLLM rotary_embedding/ (base.py 04458da08417, yarn 0cd5784803d8, deepseek 00d678e109f0, phi3 17d618b0f944)"),
        QT_TRANSLATE_NOOP("posenc::params", "the engines implement YaRN's ramp only together with its attention factor (method yarn); ntk-by-parts alone has no rope scaling type there"),
        QT_TRANSLATE_NOOP("posenc::params", "the engines implement YaRN's ramp only together with its attention factor (method yarn); part-ntk-legacy alone has no rope scaling type there"),
        QT_TRANSLATE_NOOP("posenc::params", "M-RoPE under an engine is not modelled: vLLM's MRotaryEmbedding selects the t/h/w sections as HF does (mrope.py forward_native), but the (t, h, w) ids of a prompt come from each model's get_mrope_input_positions, which posenc has not verified; check without --engine (HF's Qwen2-VL / Qwen3-VL semantics)"),
        QT_TRANSLATE_NOOP("posenc::params", "M-RoPE under an engine is not modelled: ggml_mrope_cache_init (ggml src/ggml-cpu/ops.cpp) gives interleaved (IMROPE) pairs outside %1 x mrope_section a fourth position id where HF uses t (Qwen3-VL's [%2, %3, %4] leaves pairs %5 and %6 to it), and llama.cpp's own code fills the ids, which posenc has not verified; check without --engine (HF's Qwen2-VL / Qwen3-VL semantics)"),
        QT_TRANSLATE_NOOP("posenc::params", "Gemma %1's proportional RoPE is not modelled for this engine (its code path was not verified at the pinned revision)"),
        QT_TRANSLATE_NOOP("posenc::params", "llama.cpp has no NTK-aware scaling type; a converter can only bake base' into freq_base (then it is method rope with that base)"),
        QT_TRANSLATE_NOOP("posenc::params", "llama.cpp has no dynamic NTK: GGUF rope.scaling.type is none, linear, yarn or longrope"),
        QT_TRANSLATE_NOOP("posenc::params", "ggml requires an even n_dims (GGML_ASSERT(n_dims % %1 == %2) in ggml_compute_forward_rope_flt)"),
        QT_TRANSLATE_NOOP("posenc::params", "vLLM's Phi3LongRoPEScaledRotaryEmbedding only supports neox_style (half pairing)"),
        QT_TRANSLATE_NOOP("posenc::params", "llama.cpp reads no mscale (%1): its DeepSeek2 context takes mscale = mscale_all_dim, so the rotated channels are not scaled (HF: g(s, mscale)/g(s, mscale_all_dim) = %2)"),
        QT_TRANSLATE_NOOP("posenc::params", "llama.cpp's context overwrites yarn_attn_factor for YaRN, so the explicit attention factor %1 is not used (only rope.scaling.attn_factor multiplies on top; taken as %2)"),
        QT_TRANSLATE_NOOP("posenc::params", "ggml_rope_yarn_corr_dims always floors/ceils the ramp bounds: HF's truncate = false is not expressible"),
        QT_TRANSLATE_NOOP("posenc::params", "ggml's ramp is linear in the pair index (rope_yarn_ramp); --ramp paper is not expressible and the index ramp is used"),
        QT_TRANSLATE_NOOP("posenc::params", "Llama %1 scaling reaches ggml as the rope_freqs.weight tensor the converter writes (theta divided per pair); the scaling type is none, so freq_scale = %2"),
        QT_TRANSLATE_NOOP("posenc::params", "llama.cpp picks rope_factors_long by the context size n_ctx_per_seq = %1 > L0 for every position, not by the current length; the magnitude is the converter's rope.scaling.attn_factor (taken as HF's attention factor)"),
        QT_TRANSLATE_NOOP("posenc::params", "llama.cpp picks rope_factors_short by the context size n_ctx_per_seq = %1 <= L0 for every position, not by the current length; the magnitude is the converter's rope.scaling.attn_factor (taken as HF's attention factor)"),
        QT_TRANSLATE_NOOP("posenc::params", "float32 arithmetic of ggml's CPU kernel (theta by repeated multiplication)"),
        QT_TRANSLATE_NOOP("posenc::params", "float32 arithmetic: inv_freq rounded to float32 from float64 (this method's float32 steps are not replayed), angle fl(position x inv_freq)"),
        QT_TRANSLATE_NOOP("posenc::params", "float32 arithmetic: inv_freq by the engine's float32 tensor operations, angle fl(position x inv_freq), cos and sin by the C library (torch's may differ by one ulp)"),
        QT_TRANSLATE_NOOP("posenc::params", "vLLM's rope_type ntk is base*s with every frequency divided by s^(%1/d_rot), not the NTK-aware base*s^(d/(d-%2)): pair %3 is scaled too"),
        QT_TRANSLATE_NOOP("posenc::params", "vLLM computes the dynamic-NTK base once, at max_model_len = %1, for every position of every sequence (HF: at the current length, --seq-len)"),
        QT_TRANSLATE_NOOP("posenc::params", "M-RoPE under ort-genai is not modelled: its M-RoPE code (the ORT GenAI builder's mrope graph) and the (t, h, w) ids it is given have not been verified; check without --engine (HF's Qwen2-VL / Qwen3-VL semantics)"),
        QT_TRANSLATE_NOOP("posenc::params", "M-RoPE under sglang is not modelled: its M-RoPE code (SGLang's MRotaryEmbedding) and the (t, h, w) ids it is given have not been verified; check without --engine (HF's Qwen2-VL / Qwen3-VL semantics)"),
        QT_TRANSLATE_NOOP("posenc::params", "MLX-LM (rope_utils.py lines %1-%2) turns rope type mrope into plain RoPE, rotating by the token index: exact only for text before the first image or video (t = h = w = index); image and video tokens lose their h and w ids, and later text lacks HF's rope_deltas offset"),
        QT_TRANSLATE_NOOP("posenc::params", "MLX-LM rope_utils.py d78bf58e217c (%1-%2-%3), MLX rope.cpp 92175519729f"),
        QT_TRANSLATE_NOOP("posenc::params", "MLX-LM's initialize_rope has no NTK-aware rope type (rope_utils.py raises \"Unsupported RoPE type\")"),
        QT_TRANSLATE_NOOP("posenc::params", "ORT GenAI exports YaRN only when the config's rope block has the key beta_fast (base.py line %1); without it the model is exported as plain RoPE with magnitude %2"),
        QT_TRANSLATE_NOOP("posenc::params", "ORT GenAI keeps two baked caches and picks the long one once the total length exceeds L0 = %1; keys already in the KV cache keep their short-factor rotation"),
        QT_TRANSLATE_NOOP("posenc::params", "ORT GenAI model builder base.py a0c04eb1313b (%1-%2-%3)"),
        QT_TRANSLATE_NOOP("posenc::params", "ORT GenAI's builder never rounds the YaRN bounds: %1 / %2 (HF with truncate: %3 / %4)"),
        QT_TRANSLATE_NOOP("posenc::params", "SGLang computes the dynamic-NTK base once, at max_len = factor x L0 = %1: base x (s^%2 - s + %3)^(d/(d-%4)) = %5 for every position of every sequence (HF: at the current length, --seq-len)"),
        QT_TRANSLATE_NOOP("posenc::params", "SGLang rotary_embedding/ (base.py 0099dee6aa65, yarn.py and rope_variant.py 0b1fd02d56f0, factory.py 108c36c00829)"),
        QT_TRANSLATE_NOOP("posenc::params", "SGLang's get_rope has no NTK-aware rope type (factory.py: default, linear, dynamic, yarn, deepseek_yarn, llama3, longrope, proportional and M-RoPE variants)"),
        QT_TRANSLATE_NOOP("posenc::params", "ort-genai exports no NTK-aware scaling (make_rope_init knows YaRN by beta_fast, linear, Llama %1, LongRoPE and M-RoPE sections)"),
        QT_TRANSLATE_NOOP("posenc::params", "ort-genai exports no dynamic NTK: the builder's make_rope_init (base.py lines %1-%2) has no branch for rope type dynamic, so such a config would be exported as plain RoPE"),
        QT_TRANSLATE_NOOP("posenc::params", "xPos decays the scores per pair; none of the engines has a rotary kernel with a decay"),
        QT_TRANSLATE_NOOP("posenc::params", "DeepseekScalingRotaryEmbedding always rounds the ramp bounds (truncate = false is not read)"),
        QT_TRANSLATE_NOOP("posenc::params", "vLLM's DeepSeek path (DeepseekScalingRotaryEmbedding, taken here because mscale/mscale_all_dim are set) defaults mscale to %1 and mscale_all_dim to %2: attention factor g(s, %3)/g(s, %4) = %5"),
        QT_TRANSLATE_NOOP("posenc::params", "DeepseekScalingRotaryEmbedding does not read attention_factor (%1)"),
        QT_TRANSLATE_NOOP("posenc::params", "vLLM uses the long factors for every position because max_model_len = %1 > L0 = %2 (HF switches on the current length, --seq-len)"),
        QT_TRANSLATE_NOOP("posenc::params", "vLLM uses the short factors for every position because max_model_len = %1 <= L0 = %2 (HF switches on the current length, --seq-len)"),
        QT_TRANSLATE_NOOP("posenc::params", "Phi3LongRoPEScaledRotaryEmbedding does not read attention_factor (%1); its mscale is sqrt(%2 + ln s / ln L0) unless short_mscale/long_mscale are given"),
        QT_TRANSLATE_NOOP("posenc::params", "float32 arithmetic of MLX: rope_utils.py's float32 arrays, the CPU kernel's inv_freq (%1/freqs or exp(-j ln base/(d/%2))) and angle (position x scale) x inv_freq"),
        QT_TRANSLATE_NOOP("posenc::params", "SGLang's get_rope does not pass attention_factor (%1) to YaRNScalingRotaryEmbedding: attention factor %2 instead"),
        QT_TRANSLATE_NOOP("posenc::params", "MLX-LM's YarnRoPE scales by g(s, mscale)/g(s, mscale_all_dim) with mscale default %1 and mscale_all_dim default %2 and does not read attention_factor (%3): attention factor %4 (HF %5)"),
        QT_TRANSLATE_NOOP("posenc::params", "MLX-LM's YarnRoPE always rounds the ramp bounds (truncate = false is not read): %1 / %2 instead of %3 / %4"),
        QT_TRANSLATE_NOOP("posenc::params", "MLX-LM's YarnRoPE ramp is linear in the pair index between the bounds %1 / %2: --ramp paper is not expressible and the index ramp is used"),
        QT_TRANSLATE_NOOP("posenc::params", "MLX-LM's YarnRoPE scales by g(s, mscale)/g(s, mscale_all_dim) with mscale default %1 and mscale_all_dim default %2: attention factor %3 (HF %4)"),
        QT_TRANSLATE_NOOP("posenc::params", "ORT GenAI's make_mscale does not read attention_factor (%1) and gives the magnitude: %2 (HF %3)"),
        QT_TRANSLATE_NOOP("posenc::params", "ORT GenAI's make_mscale takes mscale verbatim as the magnitude: %1 (HF %2)"),
        QT_TRANSLATE_NOOP("posenc::params", "Phi3LongRoPEScaledRotaryEmbedding does not read attention_factor (%1); its mscale is sqrt(%2 + ln s / ln L0) = %3"),
        QT_TRANSLATE_NOOP("posenc::params", "SGLang switches to the long factors only when a position exceeds L0 = %1 (any(positions > L0)); at length %2 the last position is %3: short factors (HF: long, length > L0); the token at position L0 indexes the long cache's row %4 (the short cache has L0 rows): it is scaled by the magnitude but not rotated"),
        QT_TRANSLATE_NOOP("posenc::params", "MLX-LM's initialize_rope does not pass attention_factor (%1) to SuScaledRoPE: %2"),
        QT_TRANSLATE_NOOP("posenc::params", "MLX-LM's SuScaledRoPE uses the long factors at every length (rope_utils.py line %1); HF uses the short factors while the length <= L0 = %2"),
        QT_TRANSLATE_NOOP("posenc::params", "ORT GenAI's builder does not read attention_factor (%1): magnitude %2"),
        QT_TRANSLATE_NOOP("posenc::params", "ORT GenAI's make_mscale does not read attention_factor (%1) and takes mscale verbatim as the magnitude: %2 (HF %3)"),
        QT_TRANSLATE_NOOP("posenc::params", "float32 arithmetic: inv_freq rounded to float32 from float64, angle fl(position x inv_freq)"),
        // llama.cpp's query temperature in posenc check --quantity query-scale (core/src/check/query_scale.cpp)
        QT_TRANSLATE_NOOP("posenc::params", "ggml-org/llama.cpp 434f71a5b4d1, before PR #%1"),
        QT_TRANSLATE_NOOP("posenc::params", "src/llama-graph.cpp:%1-%2 llm_graph_input_attn_temp::set_input fills log(floor((pos + %3.0f) / n_attn_temp_floor_scale) + %4) * f_attn_temp_scale + %5 for every architecture that builds the input; mistral3 builds it when the GGUF has attention.temperature_scale (src/models/mistral3.cpp:%6-%7 @ 1df2e90860ff, floor scale n_ctx_orig_yarn) and multiplies Q only. PR #%8 (graph: add f_attn_temp_offset) replaced the %9 added to pos by an offset (default %10; llama4 sets %11)"),
        // the engine-only tables of posenc check (core/src/check/engine_tables.cpp)
        QT_TRANSLATE_NOOP("posenc::params", "a rope block without the key beta_fast is exported as plain RoPE with magnitude %1 (builders/base.py:%2)"),
        QT_TRANSLATE_NOOP("posenc::params", "model files that read rope_theta and rope_scaling only (models/llama.py:%1-%2) load a transformers-v5 rope_parameters config as plain RoPE with base %3"),
    };
    return strings;
}

} // namespace posenc::widgets
