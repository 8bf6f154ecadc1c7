// SPDX-License-Identifier: GPL-3.0-or-later
// Core's English strings for lupdate (core has no Qt, so lupdate cannot see them there). Kept by hand, not
// generated: tst_translations (everyRegistryStringIsListedAndTranslated) checks it against the registry and the
// figure table and fails printing the exact lines to add here when a method, parameter or view option adds a string;
// gallery strings are listed in galleryStrings() and checked the same way.
#include "i18n/CoreStrings.h"

#include <QtGlobal>

namespace posenc::widgets {

namespace {

/// Core's strings, then the views' options (ViewOptionStrings.cpp) and the Grid view's (GridStrings.cpp).
std::vector<const char*> withViewStrings(std::vector<const char*> all)
{
    all.insert(all.end(), viewOptionStrings().begin(), viewOptionStrings().end());
    all.insert(all.end(), gridViewStrings().begin(), gridViewStrings().end());
    return all;
}

} // namespace

const std::vector<const char*>& coreStrings()
{
    static const std::vector<const char*> strings = withViewStrings({
        QT_TRANSLATE_NOOP("posenc::params", "RoPE"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Rotary position embedding: rotate channel pairs by m*theta_i, theta_i = base^(-2i/d_rot)."),
        QT_TRANSLATE_NOOP("posenc::params", "head-dim"),
        QT_TRANSLATE_NOOP("posenc::params", "Channels per attention head (even)."),
        QT_TRANSLATE_NOOP("posenc::params", "channels"),
        QT_TRANSLATE_NOOP("posenc::params", "base"),
        QT_TRANSLATE_NOOP("posenc::params", "RoPE base b (HF rope_theta): theta_i = b^(-2i/d_rot). Must be > 1."),
        QT_TRANSLATE_NOOP("posenc::params", "partial-rotary-factor"),
        QT_TRANSLATE_NOOP("posenc::params", "Fraction of head channels that rotate: d_rot = int(head_dim * factor). "
                                            "The rest pass through unrotated (GPT-NeoX 0.25)."),
        QT_TRANSLATE_NOOP("posenc::params", "pairing"),
        QT_TRANSLATE_NOOP("posenc::params", "Channel pairing: half = (j, j + d_rot/2) as GPT-NeoX / HF LLaMA "
                                            "rotate_half; interleaved = (2j, 2j+1) as GPT-J / RoFormer / Meta LLaMA."),
        QT_TRANSLATE_NOOP("posenc::params", "engine"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "Whose conventions: hf = transformers (its eras); llama.cpp = ggml's kernel and llama.cpp's context "
            "(freq_scale, ext_factor, corr dims always rounded, its own mscale); vllm = vLLM's rotary_embedding "
            "classes (static dynamic NTK, LongRoPE long factors by max_model_len, DeepSeek mscale defaults); sglang = "
            "SGLang's (static dynamic NTK at factor x L0, attention_factor not read); mlx = MLX-LM's rope_utils.py "
            "(LongRoPE long factors always, YaRN bounds always rounded); ort-genai = the ONNX Runtime GenAI builder's "
            "baked caches (YaRN bounds never rounded, mscale verbatim, no dynamic NTK)."),
        QT_TRANSLATE_NOOP("posenc::params", "llama.cpp"),
        QT_TRANSLATE_NOOP("posenc::params", "vllm"),
        QT_TRANSLATE_NOOP("posenc::params", "sglang"),
        QT_TRANSLATE_NOOP("posenc::params", "mlx"),
        QT_TRANSLATE_NOOP("posenc::params", "ort-genai"),
        QT_TRANSLATE_NOOP("posenc::params", "arithmetic"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "f64 = the engine's formulas in exact float64; engine = its own float32 arithmetic (ggml: "
                          "theta by repeated float32 multiplication), so rounding can be told from semantics."),
        QT_TRANSLATE_NOOP("posenc::params", "f64"),
        QT_TRANSLATE_NOOP("posenc::params", "max-model-len"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "The served context length, fixed while the engine runs (vLLM max_model_len, llama.cpp n_ctx "
                          "per sequence). Unset = factor x L0. HF ignores it."),
        QT_TRANSLATE_NOOP("posenc::params", "half"),
        QT_TRANSLATE_NOOP("posenc::params", "interleaved"),
        QT_TRANSLATE_NOOP("posenc::params", "Position Interpolation"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "Linear position interpolation: every frequency divided by the scale, theta'_i = theta_i / s."),
        QT_TRANSLATE_NOOP("posenc::params", "factor s"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Context scale s = new length / original length (HF rope_scaling.factor). Must be >= 1."),
        QT_TRANSLATE_NOOP("posenc::params", "NTK-aware"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "Raise the base to base*s^(d_rot/(d_rot-2)): the lowest frequency is divided by s, the highest kept."),
        QT_TRANSLATE_NOOP("posenc::params", "Dynamic NTK"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK-aware base recomputed for the current sequence length l (HF/emozilla "
                                            "formula or the YaRN paper's s = max(1, l/L0))."),
        QT_TRANSLATE_NOOP("posenc::params", "original length L0"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Original (pre-extension) context length L0 (HF original_max_position_embeddings). For the "
                          "HF formula this is max_position_embeddings."),
        QT_TRANSLATE_NOOP("posenc::params", "positions"),
        QT_TRANSLATE_NOOP("posenc::params", "seq-len"),
        QT_TRANSLATE_NOOP("posenc::params", "Current sequence length l. HF uses l = max(seq-len, L0); 0 means no "
                                            "sequence yet (l = L0, base unchanged)."),
        QT_TRANSLATE_NOOP("posenc::params", "dynamic-formula"),
        QT_TRANSLATE_NOOP("posenc::params", "hf: base*(s*l/L0 - (s-1))^(d/(d-2)) (transformers); paper: NTK-aware with "
                                            "s = max(1, l/L0) (YaRN §3.3). They agree for l <= L0 (both keep the base) "
                                            "and beyond L0 only for factor 1."),
        QT_TRANSLATE_NOOP("posenc::params", "hf"),
        QT_TRANSLATE_NOOP("posenc::params", "paper"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK-by-parts"),
        QT_TRANSLATE_NOOP("posenc::params", "Per-pair blend of theta and theta/s by the ramp gamma(r), r = L0/lambda "
                                            "turns in the original context (paper Def. 2)."),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Original (pre-extension) context length L0 (HF original_max_position_embeddings)."),
        QT_TRANSLATE_NOOP("posenc::params", "alpha"),
        QT_TRANSLATE_NOOP("posenc::params", "Lower rotation-count threshold: pairs making fewer than alpha turns in L0 "
                                            "are fully interpolated (theta/s)."),
        QT_TRANSLATE_NOOP("posenc::params", "rotations"),
        QT_TRANSLATE_NOOP("posenc::params", "beta"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Upper rotation-count threshold: pairs making more than beta turns in L0 keep theta."),
        QT_TRANSLATE_NOOP("posenc::params", "Part-NTK (legacy, pre-paper)"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "The YaRN repo's first 'NTK-by-parts': blend PI and NTK-aware by an index ramp between beta0 "
                          "and beta1 turns, then blend the result with theta between gamma0 and gamma1 turns."),
        QT_TRANSLATE_NOOP("posenc::params", "beta0"),
        QT_TRANSLATE_NOOP("posenc::params", "PI/NTK blend: pairs with more turns than this in L0 use NTK-aware; this "
                                            "value sets the ramp's lower index bound."),
        QT_TRANSLATE_NOOP("posenc::params", "beta1"),
        QT_TRANSLATE_NOOP("posenc::params", "PI/NTK blend: pairs with fewer turns than this in L0 use PI (theta/s); "
                                            "this value sets the ramp's upper index bound."),
        QT_TRANSLATE_NOOP("posenc::params", "gamma0"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK/theta blend: pairs with more turns than this keep theta."),
        QT_TRANSLATE_NOOP("posenc::params", "gamma1"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK/theta blend: pairs with fewer turns than this use the PI/NTK blend."),
        QT_TRANSLATE_NOOP("posenc::params", "YaRN"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK-by-parts frequencies plus attention temperature: cos and sin scaled "
                                            "by sqrt(1/t) = 0.1 ln s + 1 (or the DeepSeek mscale rule)."),
        QT_TRANSLATE_NOOP("posenc::params", "truncate"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Round the ramp's index bounds down/up to integers (reference code default)."),
        QT_TRANSLATE_NOOP("posenc::params", "ramp"),
        QT_TRANSLATE_NOOP("posenc::params", "index: reference code (HF, YaRN repo), linear in the pair index; paper: "
                                            "Eq. 18, linear in r = L0/lambda. They differ by up to 3x mid-band."),
        QT_TRANSLATE_NOOP("posenc::params", "index"),
        QT_TRANSLATE_NOOP("posenc::params", "mscale"),
        QT_TRANSLATE_NOOP("posenc::params", "DeepSeek mscale. Used (as g(s,mscale)/g(s,mscale_all_dim)) only when both "
                                            "it and mscale-all-dim are non-zero, as in HF; 0 = unset."),
        QT_TRANSLATE_NOOP("posenc::params", "mscale-all-dim"),
        QT_TRANSLATE_NOOP("posenc::params", "DeepSeek mscale_all_dim; 0 = unset. Divides the attention factor (with "
                                            "mscale); with softmax-mscale it also multiplies the softmax scale."),
        QT_TRANSLATE_NOOP("posenc::params", "softmax-mscale"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "The model's attention multiplies the softmax scale of every channel by g(s, "
                          "mscale_all_dim)^2 (DeepSeek-V2/V3, MiniCPM3, Mistral 4, ...; set from the config's model "
                          "type). HF's YaRN itself does not: Ministral 3 keeps head_dim^-0.5."),
        QT_TRANSLATE_NOOP("posenc::params", "attention-factor"),
        QT_TRANSLATE_NOOP("posenc::params", "Explicit attention factor (multiplies cos and sin); overrides the mscale "
                                            "rules. Leave unset for the default."),
        QT_TRANSLATE_NOOP("posenc::params", "Llama 3 scaling"),
        QT_TRANSLATE_NOOP("posenc::params", "Keep wavelengths below L0/beta, stretch those above L0/alpha s times "
                                            "(frequency divided by s), blend in between (linear in L0/lambda)."),
        QT_TRANSLATE_NOOP("posenc::params", "LongRoPE"),
        QT_TRANSLATE_NOOP("posenc::params", "Searched per-pair rescale factors: theta'_i = theta_i / ext_i, ext = long "
                                            "factors when seq-len > L0, else short factors."),
        QT_TRANSLATE_NOOP("posenc::params", "Context scale s = new length / original length (HF rope_scaling.factor). "
                                            "Must be >= 1. Sets the default attention factor sqrt(1 + ln s / ln L0)."),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Current sequence length: long factors are used iff seq-len > L0 (current HF)."),
        QT_TRANSLATE_NOOP("posenc::params", "short-factor"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Per-pair rescale factors for short contexts (d_rot/2 entries, each > 0). Empty = all 1."),
        QT_TRANSLATE_NOOP("posenc::params", "long-factor"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Per-pair rescale factors for long contexts (d_rot/2 entries, each > 0). Empty = all 1."),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "Explicit attention factor (multiplies cos and sin). Unset: sqrt(1 + ln s / ln L0) for s > 1, else 1."),
        QT_TRANSLATE_NOOP("posenc::params", "xPos"),
        QT_TRANSLATE_NOOP("posenc::params", "RoPE with a per-pair exponential decay: the score of pair i is scaled by "
                                            "zeta_i^(Delta/scale-base), zeta_i = (2i + gamma d)/((1 + gamma) d)."),
        QT_TRANSLATE_NOOP("posenc::params", "gamma"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "Offset gamma in zeta_i = (i/(d/2) + gamma)/(1 + gamma); 0.4 in the paper. Larger = weaker decay."),
        QT_TRANSLATE_NOOP("posenc::params", "scale-base"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Distance B over which pair i decays by the factor zeta_i (torchscale scale_base)."),
        QT_TRANSLATE_NOOP("posenc::params", "Sinusoidal (absolute)"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "Fixed sin/cos table added to the embeddings: PE[p,2i] = sin(p w_i), PE[p,2i+1] = cos(p w_i)."),
        QT_TRANSLATE_NOOP("posenc::params", "d-model"),
        QT_TRANSLATE_NOOP("posenc::params", "Model dimension d_model (even)."),
        QT_TRANSLATE_NOOP("posenc::params", "Base of the geometric wavelength progression."),
        QT_TRANSLATE_NOOP("posenc::params", "layout"),
        QT_TRANSLATE_NOOP("posenc::params", "interleaved: sin, cos alternate (Vaswani); concatenated: [sin... | "
                                            "cos...] (tensor2tensor, fairseq, Transformer-XL)."),
        QT_TRANSLATE_NOOP("posenc::params", "concatenated"),
        QT_TRANSLATE_NOOP("posenc::params", "exponent"),
        QT_TRANSLATE_NOOP("posenc::params", "2i/d: w_i = base^(-2i/d) (Vaswani); t2t: w_i = base^(-i/(d/2-1)) "
                                            "(tensor2tensor, fairseq, many diffusion timestep embeddings)."),
        QT_TRANSLATE_NOOP("posenc::params", "2i/d"),
        QT_TRANSLATE_NOOP("posenc::params", "t2t"),
        QT_TRANSLATE_NOOP("posenc::params", "Learned absolute"),
        QT_TRANSLATE_NOOP("posenc::params", "A trainable table of position vectors (GPT-2 wpe, BERT): read from a file "
                                            "(--input), or its N(0, std^2) initialisation, deterministic per seed."),
        QT_TRANSLATE_NOOP("posenc::params", "table file"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "A trained table: FILE.npy, FILE.csv or FILE.safetensors[:TENSOR] (rows = positions, columns "
                          "= channels; float16/bfloat16/float32/float64). When set, it replaces the generated table "
                          "and d-model, max-positions, std and seed are not used."),
        QT_TRANSLATE_NOOP("posenc::params", "A trainable table of position vectors (GPT-2 wpe, BERT); here its N(0, "
                                            "std^2) initialisation, deterministic per seed."),
        QT_TRANSLATE_NOOP("posenc::params", "Model dimension d_model."),
        QT_TRANSLATE_NOOP("posenc::params", "max-positions"),
        QT_TRANSLATE_NOOP("posenc::params", "Rows in the table (HF max_position_embeddings / n_positions)."),
        QT_TRANSLATE_NOOP("posenc::params", "std"),
        QT_TRANSLATE_NOOP("posenc::params", "Standard deviation of the initialisation (initializer_range)."),
        QT_TRANSLATE_NOOP("posenc::params", "seed"),
        QT_TRANSLATE_NOOP("posenc::params", "Random seed; the same seed gives the same table on every platform."),
        QT_TRANSLATE_NOOP("posenc::params", "ALiBi"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Linear attention bias -m_h (i - j) per head h, slopes a geometric sequence 2^(-8/n)."),
        QT_TRANSLATE_NOOP("posenc::params", "num-heads"),
        QT_TRANSLATE_NOOP("posenc::params", "Number of attention heads (one slope each)."),
        QT_TRANSLATE_NOOP("posenc::params", "heads"),
        QT_TRANSLATE_NOOP("posenc::params", "causal"),
        QT_TRANSLATE_NOOP("posenc::params", "Causal (decoder) attention: future keys are masked (grey cells). "
                                            "false: the symmetric -m|i-j| of encoder variants."),
        QT_TRANSLATE_NOOP("posenc::params", "T5 relative bias"),
        QT_TRANSLATE_NOOP("posenc::params", "Learned scalar bias per relative-position bucket: exact buckets up to "
                                            "max_exact, then logarithmic up to max-distance."),
        QT_TRANSLATE_NOOP("posenc::params", "num-buckets"),
        QT_TRANSLATE_NOOP("posenc::params", "relative_attention_num_buckets."),
        QT_TRANSLATE_NOOP("posenc::params", "buckets"),
        QT_TRANSLATE_NOOP("posenc::params", "max-distance"),
        QT_TRANSLATE_NOOP("posenc::params", "relative_attention_max_distance: distances beyond share the last bucket."),
        QT_TRANSLATE_NOOP("posenc::params", "bidirectional"),
        QT_TRANSLATE_NOOP("posenc::params", "Encoder (true): separate buckets for keys after the query. Decoder "
                                            "(false): future keys all map to bucket 0."),
        QT_TRANSLATE_NOOP("posenc::params", "bucket-values"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "Optional learned bias per bucket (num-buckets numbers). Empty: the bias view shows bucket indices."),
        QT_TRANSLATE_NOOP("posenc::params", "NoPE (no position encoding)"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "No explicit position signal: the baseline against which every method is compared."),
        QT_TRANSLATE_NOOP("posenc::params", "view length"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "Positions shown: positions of the encoding matrix, "
            "the longest context of the entropy plot. At any length each pixel of a matrix view shows the "
            "exact mean over the positions it covers; the angle view, an M-RoPE with a token layout and the "
            "engine's float32 arithmetic, which have no closed form, show the value at the pixel's first "
            "position once it covers more than 32 (the figure's note says so)."),
        QT_TRANSLATE_NOOP("posenc::params", "Context scale s = new length / original length (HF rope_scaling.factor). "
                                            "Values below 1 are computed as HF computes them, with a warning."),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "Context scale s = new length / original length (HF rope_scaling.factor). Values below 1 are computed as "
            "HF computes them, with a warning. Sets the default attention factor sqrt(1 + ln s / ln L0)."),
        QT_TRANSLATE_NOOP("posenc::params", "factor-set"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Which list rescales: auto = long iff seq-len > L0 (current HF); short/long force one (older "
                          "HF releases chose differently, see --hf-era)."),
        QT_TRANSLATE_NOOP("posenc::params", "auto"),
        QT_TRANSLATE_NOOP("posenc::params", "short"),
        QT_TRANSLATE_NOOP("posenc::params", "long"),
        QT_TRANSLATE_NOOP("posenc::params", "Proportional RoPE"),
        QT_TRANSLATE_NOOP("posenc::params", "M-RoPE"),
        QT_TRANSLATE_NOOP("posenc::params", "M-RoPE (interleaved)"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Qwen3-VL: pairs carry t, h, w in turn (THWTHW...), each rotated by that id of the token."),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Qwen2-VL: pairs split into t, h, w sections (mrope_section), each rotated by that id."),
        QT_TRANSLATE_NOOP("posenc::params", "mrope-section"),
        QT_TRANSLATE_NOOP("posenc::params", "Pairs per stream t, h, w (HF mrope_section); h sits at pairs 1, 4, ... "
                                            "below 3*s_h, w at 2, 5, ... below 3*s_w, t elsewhere."),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Pairs per stream t, h, w (HF mrope_section), in this order; they must add up to d_rot/2."),
        QT_TRANSLATE_NOOP("posenc::params", "token layout"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Tokens as text:N, image:HxW (patch grid), video:TxHxW[@FPS], comma-separated; (t, h, w) ids "
                          "as HF get_rope_index gives them. Unset: text only (ids = token index, the same as RoPE)."),
        QT_TRANSLATE_NOOP("posenc::params", "position-rule"),
        QT_TRANSLATE_NOOP("posenc::params", "How video ids advance: qwen2-vl t += 1 per temporal patch; qwen2.5-vl t "
                                            "+= tokens_per_second * int(temporal_patch_size / fps); qwen3-vl (and "
                                            "GLM-4V) one grid per temporal patch, each starting a new block."),
        QT_TRANSLATE_NOOP("posenc::params", "qwen2-vl"),
        QT_TRANSLATE_NOOP("posenc::params", "qwen2.5-vl"),
        QT_TRANSLATE_NOOP("posenc::params", "qwen3-vl"),
        QT_TRANSLATE_NOOP("posenc::params", "spatial-merge-size"),
        QT_TRANSLATE_NOOP("posenc::params", "HF vision_config.spatial_merge_size."),
        QT_TRANSLATE_NOOP("posenc::params", "patches"),
        QT_TRANSLATE_NOOP("posenc::params", "tokens-per-second"),
        QT_TRANSLATE_NOOP("posenc::params", "Qwen2.5-VL vision_config.tokens_per_second."),
        QT_TRANSLATE_NOOP("posenc::params", "temporal-patch-size"),
        QT_TRANSLATE_NOOP("posenc::params", "HF vision_config.temporal_patch_size."),
        QT_TRANSLATE_NOOP("posenc::params", "frames"),
        QT_TRANSLATE_NOOP("posenc::params", "su-log512"),
        QT_TRANSLATE_NOOP("posenc::params", "llama4-nope"),
        QT_TRANSLATE_NOOP("posenc::params", "llama4-scaling-beta"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "First int(p*head_dim/2) pairs rotate at base^(-2i/head_dim) (exponent over head_dim, not "
                          "d_rot), the rest at frequency 0; all divided by the factor."),
        QT_TRANSLATE_NOOP("posenc::params", "Every frequency is divided by it (HF rope_parameters.factor, default 1). "
                                            "Values below 1 are computed as HF computes them, with a warning."),
    });
    return strings;
}

const std::vector<DisambiguatedString>& choiceStrings()
{
    static const std::vector<DisambiguatedString> strings = {
        QT_TRANSLATE_NOOP3("posenc::params", "hf", "engine"),
        QT_TRANSLATE_NOOP3("posenc::params", "hf", "dynamic-formula"),
        QT_TRANSLATE_NOOP3("posenc::params", "engine", "arithmetic"),
        QT_TRANSLATE_NOOP3("posenc::params", "f64", "arithmetic"),
    };
    return strings;
}

} // namespace posenc::widgets
