// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in presets' names and descriptions (resources/presets/*.json) and the gallery's titles and captions
// (posenc/gallery.h), for lupdate; tst_translations checks that every preset and gallery entry is listed here and
// translated.
#include "i18n/CoreStrings.h"

#include <QtGlobal>

namespace posenc::widgets {

const std::vector<const char*>& presetStrings()
{
    static const std::vector<const char*> strings = {
        QT_TRANSLATE_NOOP("posenc::presets", "Llama-4-Scout (iRoPE: chunked RoPE layers, every 4th layer NoPE)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Llama-4-Scout-17B-16E text_config: 48 layers; layers 3, 7, ... 47 (counted from 0) are NoPE with full attention and the query temperature log1p(floor((pos+1)/8192))*0.1 + 1; the others RoPE (llama3 scaling x16 from 8192, rope_theta 5e5, adjacent-pair complex rotation) with 8192-token chunked attention; 10M positions. Not confirmed against the Hub file (written from the model card and transformers' Llama4TextConfig defaults): attn_temperature_tuning (early Hub configs wrote the number 4; read as true either way), the absence of an explicit no_rope_layers list (the interval 4 then gives it), use_qk_norm."),
        QT_TRANSLATE_NOOP("posenc::presets", "Gemma-3-27B (5 sliding : 1 full, linear x8 on full layers)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Gemma-3-27B-it text_config: 62 layers, every 6th full attention (rope_theta 1e6, linear x8), the others a 1024-token sliding window with rope_theta 1e4; head_dim 128. Not confirmed against the Hub file: query_pre_attn_scalar (not used for positions)."),
        QT_TRANSLATE_NOOP("posenc::presets", "Gemma-4-E2B (proportional p = 0.25 on full layers, global_head_dim 512)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Gemma 4 text config as transformers' Gemma4TextConfig builds it by default (configuration_gemma4.py, documented for google/gemma-4-e2b-it): every 6th layer full attention with head_dim = global_head_dim 512 and proportional RoPE (64 of 256 pairs rotate, exponent over 512, rope_theta 1e6), the others a 512-token sliding window with default RoPE (head_dim 256, rope_theta 1e4). Not confirmed: these are the class defaults, not the released checkpoint's config.json (hidden_size, num_hidden_layers, sliding_window, global_head_dim may differ per size)."),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen2.5-VL-7B (M-RoPE 16/24/24, absolute time for video)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen2.5-VL-7B-Instruct: head_dim 128 (3584 / 28), rope_theta 1e6, mrope_section [16, 24, 24] pairs for t, h, w (chunked); video temporal ids advance by tokens_per_second 2 x int(temporal_patch_size / fps). use_sliding_window false: every layer full. The vision_config is cut to the keys that set position ids. Not confirmed against the Hub file: max_position_embeddings 128000."),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen3-VL-8B (interleaved M-RoPE 24/20/20)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen3-VL-8B-Instruct text_config: head_dim 128, rope_theta 5e6, mrope_section [24, 20, 20] interleaved (pair i carries h when i mod 3 = 1, w when i mod 3 = 2, below 60; t elsewhere); videos are split into one grid per temporal patch, separated by timestamp text. The vision_config is cut to the keys that set position ids. Not confirmed against the Hub file: num_key_value_heads, max_position_embeddings 262144."),
        QT_TRANSLATE_NOOP("posenc::presets", "Ministral-3 (YaRN x16 and the query temperature beta 0.1)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Ministral 3 text model: YaRN factor 16 from 16384 positions (rope_theta 1e6, head_dim 128, mscale = mscale_all_dim = 1, so attention factor 1) and the position-dependent query temperature 1 + 0.1 ln(1 + floor(pos / 16384)) (llama_4_scaling_beta; entropy temperature llama4-scaling-beta). Not confirmed against the Hub file: the rope_parameters are transformers' Ministral3Config defaults (configuration_ministral3.py:96-107); hidden_size and head counts are placeholders that do not affect positions."),
        QT_TRANSLATE_NOOP("posenc::presets", "Hunyuan-7B (dynamic with alpha 1000: base 1.116e7)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Hunyuan dense 7B: rope type dynamic with alpha 1000 reads as a static base rope_theta * alpha^(d/(d-2)) = 1e4 * 1000^(128/126) = 1.11588e7 (modeling_hunyuan_v1_dense.py:312-336), attention factor 1. Not confirmed against the Hub file: the shape (head_dim 128, max_position_embeddings 32768, rope_theta 1e4, alpha 1000) is the one this tool's known answer was run with, not read from tencent's config.json."),
        QT_TRANSLATE_NOOP("posenc::presets", "GLM-4.5 (partial rotary 0.5, NeoX pairing)"),
        QT_TRANSLATE_NOOP("posenc::presets", "GLM-4.5: head_dim 128 with partial_rotary_factor 0.5, so the first 64 channels rotate (rotate_half pairing inside them) and the other 64 pass through; rope_theta 1e6, 131072 positions, no rope scaling. Not confirmed against the Hub file: the values were written from the model card's config, not read from zai-org's config.json here."),
        QT_TRANSLATE_NOOP("posenc::presets", "ERNIE-4.5 text (base 5e5, interleaved pairs)"),
        QT_TRANSLATE_NOOP("posenc::presets", "ERNIE-4.5-21B-A3B text model: head_dim 128, rope_theta 5e5, 131072 positions, no rope scaling; transformers rotates interleaved pairs (channel 2i with 2i + 1). Not confirmed against the Hub file: the values were written from the model card's config, not read from baidu's config.json here."),
        QT_TRANSLATE_NOOP("posenc::presets", "CodeLlama-7B (base 1e6)"),
        QT_TRANSLATE_NOOP("posenc::presets", "CodeLlama-7B: LLaMA-2 geometry (head dim 128 = 4096 / 32 heads) with rope_theta raised to 1e6 and 16384 positions, no rope_scaling."),
        QT_TRANSLATE_NOOP("posenc::presets", "DeepSeek-V3 (YaRN s = 40, rope head dim 64)"),
        QT_TRANSLATE_NOOP("posenc::presets", "DeepSeek-V3: the decoupled rotary part of each head has 64 channels (qk_rope_head_dim), rope_theta 10000, YaRN with factor 40, original_max_position_embeddings 4096, beta_fast 32, beta_slow 1, mscale 1 and mscale_all_dim 1 (so cos/sin are not scaled, but the softmax scale is multiplied by 0.1 ln 40 + 1 squared). HF applies it with interleaved pairing (rope_interleave)."),
        QT_TRANSLATE_NOOP("posenc::presets", "Gemma-3-4B (global linear x8, local base 1e4)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Gemma-3-4B-it text_config: head_dim 256, global (full-attention) layers rope_theta 1e6 with linear rope_scaling factor 8, local sliding-window layers (window 1024) default RoPE with rope_local_base_freq 10000; 131072 positions."),
        QT_TRANSLATE_NOOP("posenc::presets", "GPT-J-6B (interleaved, rotary dim 64)"),
        QT_TRANSLATE_NOOP("posenc::presets", "GPT-J-6B: head dim 256 (n_embd 4096 / 16 heads), rotary_dim 64 so a quarter of each head rotates, with GPT-J's interleaved rotate_every_two pairing, base 10000, 2048 positions."),
        QT_TRANSLATE_NOOP("posenc::presets", "GPT-NeoX-20B (partial rotary 0.25)"),
        QT_TRANSLATE_NOOP("posenc::presets", "GPT-NeoX-20B: head dim 96 (6144 / 64 heads), rotary_pct 0.25 so only 24 channels rotate (12 pairs, half pairing), rotary_emb_base 10000, context 2048. The other 72 channels carry no position signal."),
        QT_TRANSLATE_NOOP("posenc::presets", "gpt-oss-20b (YaRN s = 32, no truncation)"),
        QT_TRANSLATE_NOOP("posenc::presets", "gpt-oss-20b: head_dim 64, rope_theta 150000, YaRN factor 32 over original_max_position_embeddings 4096 with beta_fast 32, beta_slow 1 and truncate false (ramp bounds not rounded); 131072 positions."),
        QT_TRANSLATE_NOOP("posenc::presets", "LLaMA-2-7B: RoPE vs PI, NTK-aware, YaRN at s = 8"),
        QT_TRANSLATE_NOOP("posenc::presets", "LLaMA-2-7B (config.json: hidden 4096 / 32 heads = head dim 128, rope_theta 10000, 4096 positions, no rope_scaling) compared with Position Interpolation, NTK-aware and YaRN extending it 8x to 32768 positions."),
        QT_TRANSLATE_NOOP("posenc::presets", "Llama-3.1-8B (llama3 scaling 8 / 1 / 4 / 8192)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Llama-3.1-8B: head dim 128 (4096 / 32 heads), rope_theta 500000, llama3 rope_scaling factor 8, low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings 8192 (131072 positions); plain RoPE for comparison."),
        QT_TRANSLATE_NOOP("posenc::presets", "Llama-3.2-1B (llama3 scaling 32 / 1 / 4 / 8192)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Llama-3.2-1B: head_dim 64 (2048 / 32 heads), rope_theta 500000, llama3 rope_scaling factor 32, low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings 8192; 131072 positions."),
        QT_TRANSLATE_NOOP("posenc::presets", "Llama-3.3-70B (llama3 scaling 8 / 1 / 4 / 8192)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Llama-3.3-70B-Instruct: head dim 128 (8192 / 64 heads), rope_theta 500000, llama3 rope_scaling factor 8, low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings 8192; 131072 positions."),
        QT_TRANSLATE_NOOP("posenc::presets", "Mistral-7B v0.1"),
        QT_TRANSLATE_NOOP("posenc::presets", "Mistral-7B v0.1: head dim 128 (4096 / 32 heads), rope_theta 10000, max_position_embeddings 32768 (sliding window 4096), no rope scaling."),
        QT_TRANSLATE_NOOP("posenc::presets", "Mistral-Nemo-12B (base 1e6, 1024000 positions)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Mistral-Nemo-Base-2407: head_dim 128 (set explicitly: 5120 / 32 heads would be 160), rope_theta 1e6, max_position_embeddings 1024000, no rope scaling."),
        QT_TRANSLATE_NOOP("posenc::presets", "Phi-3-mini-128k (LongRoPE)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Phi-3-mini-128k-instruct: head dim 96 (3072 / 32 heads), rope_theta 10000, LongRoPE from L0 = 4096 to 131072 positions (s = 32, attention factor sqrt(1 + ln 32 / ln 4096) = 1.19). The 48 short and long rescale factors are those of the April-2024 release config (the same lists appear in the Phi-3-vision-128k-instruct config); the June-2024 update of the model changed them. seq-len > L0 selects the long factors. Shown at seq_len 131072 (HF at initialisation uses the short factors: posenc inspect without --seq-len)."),
        QT_TRANSLATE_NOOP("posenc::presets", "Phi-3.5-mini (LongRoPE)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Phi-3.5-mini-instruct: head dim 96 (3072 / 32 heads), rope_theta 10000, LongRoPE from the top-level original_max_position_embeddings 4096 to 131072 (s = 32, attention factor 1.19) with its 48 short and long factors; shown as HF initialises it (short factors)."),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen2.5-7B-Instruct-1M (base 1e7)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen2.5-7B-Instruct-1M: head dim 128 (3584 / 28 heads), rope_theta 1e7, max_position_embeddings 1010000, no rope_scaling (its dual_chunk_attention_config is read by vLLM, not by transformers)."),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen2.5-7B with YaRN factor 4 over 32768"),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen2.5-7B-Instruct with the rope_scaling its model card recommends for long inputs: yarn, factor 4, original_max_position_embeddings 32768, rope_theta 1e6, head dim 128 (3584 / 28 heads). HF releases from 2025-03-28 to 2025-08-25 (and v5dev) replace the factor by max_position_embeddings / original = 1."),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen3-8B (base 1e6, 40960 positions)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen3-8B: head_dim 128, 32 query heads, rope_theta 1000000, max_position_embeddings 40960, no rope_scaling in the published config (YaRN is an opt-in for longer inputs)."),
    };
    return strings;
}

const std::vector<const char*>& galleryStrings()
{
    // posenc/gallery.h's titles and captions (tst_translations checks that every entry is listed and translated).
    static const std::vector<const char*> strings = {
        QT_TRANSLATE_NOOP("posenc::gallery", "Sinusoidal encoding, d = 64, 1000 positions"),
        QT_TRANSLATE_NOOP("posenc::gallery", "PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...): x is the position, y the channel; the fast channels at the bottom oscillate every few positions, the slow ones at the top barely move."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Sinusoidal encoding, concatenated layout, d = 512, 2048 positions"),
        QT_TRANSLATE_NOOP("posenc::gallery", "The TensorFlow tutorial's layout: all sines in the first half of the channels, all cosines in the second."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Cosine similarity between sinusoidal position vectors, d = 512"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Each position is most similar to itself and its neighbours; similarity falls off with distance along every row (the tutorial plots one row, position 1000)."),
        QT_TRANSLATE_NOOP("posenc::gallery", "RoPE applied to [1, ..., 1, -1, ..., -1], d = 128"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Each column is the probe vector rotated by RoPE at that position (half pairing): the fast pairs spin quickly, the slow ones keep the probe's value for thousands of positions."),
        QT_TRANSLATE_NOOP("posenc::gallery", "RoPE as rotation: RoPE, PI and YaRN (s = 8) as clock hands"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Four channel pairs of the query at position 12 (solid) and the key at position 8 (dashed). PI slows every hand by s; YaRN keeps the fast hands of RoPE and slows only the slow ones. The score depends on the arcs, the angles (m - n)θ'."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Long-term decay: RoFormer's relative upper bound, d = 128"),
        QT_TRANSLATE_NOOP("posenc::gallery", "The bound (1/(d/2)) Σ|S_j| on q^T R k for relative distance Δ up to 256 decays with distance (it is an upper bound, not an attention score)."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Position Interpolation vs extrapolation: per-pair wavelengths, s = 8"),
        QT_TRANSLATE_NOOP("posenc::gallery", "PI divides every frequency by s, so positions beyond the training length L0 = 4096 map back inside the trained range (interpolation) instead of reaching unseen angles (extrapolation, plain RoPE). The lines mark L0 and s·L0."),
        QT_TRANSLATE_NOOP("posenc::gallery", "YaRN's three frequency bands, s = 16, L0 = 4096"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Pairs whose wavelength is short against L0 (r > β = 32) are kept, long ones (r < α = 1) are interpolated by s, and a linear ramp blends the band between."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Llama 3.1 frequency bands, s = 8, L0 = 8192"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Wavelengths below L0/high_freq_factor kept, above L0/low_freq_factor stretched 8 times (frequency divided by 8), smooth blend between."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Base lower bound and critical dimension for a 4096-token context"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Liu et al.'s critical dimension (pairs that complete a full turn within the training length are trained on every angle) and Men et al.'s lower bound on the base against the context length (their Fig. 1), with RoPE's base as a point."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Attention entropy vs context length: RoPE, PI, YaRN (s = 8)"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Each curve is the attention entropy of the last query minus RoPE's at the same context length n (RoPE is the line 0). Up to about the training length L0 = 4096 interpolation (PI) spreads attention more than RoPE; YaRN's temperature √(1/t_YaRN) = 0.1 ln s + 1 multiplies every logit by 1/t_YaRN = 1.46 at s = 8 and brings its entropy back to within a hundredth of a nat of RoPE's at L0. Beyond L0, RoPE (outside its training range) nears uniform attention and the scaled methods lie below it. The score model is expected-similar with σ² = 0.25 (stated on the figure); with q = k = 1 (all-ones, √d at Δ = 0) the temperature would move H by nats."),
        QT_TRANSLATE_NOOP("posenc::gallery", "ALiBi: the bias added to the attention scores (head 0 of 8)"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Each head adds -m_h (i - j) to the score of query i and key j; future keys are masked. Head 0 has the steepest slope, m = 1/2."),
        QT_TRANSLATE_NOOP("posenc::gallery", "ALiBi slopes per head: the bias against distance, 8 heads"),
        QT_TRANSLATE_NOOP("posenc::gallery", "One line per head: the bias -m_h Δ with slopes m_h = 2^(-8(h+1)/H), a geometric sequence from 1/2 (head 0, attends locally) to 1/256 (head 7, sees far)."),
        QT_TRANSLATE_NOOP("posenc::gallery", "T5 relative bias buckets (32 buckets, max distance 128)"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Bucket index against relative distance: one bucket per distance below 8, logarithmic buckets up to max_distance, the last bucket beyond (16 buckets per direction when bidirectional)."),
        QT_TRANSLATE_NOOP("posenc::gallery", "FLUX's three axes"),
        QT_TRANSLATE_NOOP("posenc::gallery", "FLUX.1-dev splits each head's 128 channels into three axes, 16 + 56 + 56: t (the first id, 0 on every image token: it never turns on the image), h (rows) and w (columns), each with its own wavelengths. At 2x the resolution (128x128 tokens) the shaded pairs of h and w meet angles never seen at 64x64."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Why RIFLEx changes one component"),
        QT_TRANSLATE_NOOP("posenc::gallery", "HunyuanVideo's time axis for 66 latent frames (2x its 33): RIFLEx moves only component k = 4 (counted from 1: pair 3 in the figure), whose period N_k = 50 frames lies between the trained and the target length, to 0.9*2*pi/66 (dashed), so that it does not finish a turn and repeat the video; the other components stay."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Qwen-Image's centred grid"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Qwen-Image numbers image tokens from the centre: rows and columns run from -ceil(H/2) to floor(H/2) - 1 (x axis), so the angle of every pair is 0 on the middle column, not on the left edge as in FLUX; its text tokens continue after the largest id."),
    };
    return strings;
}

} // namespace posenc::widgets
