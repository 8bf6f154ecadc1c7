// SPDX-License-Identifier: GPL-3.0-or-later
// Core's English strings for lupdate (core has no Qt, so lupdate cannot see them there). Kept by hand, not
// generated: tst_translations (everyRegistryStringIsListedAndTranslated) checks it against the registry and the
// figure table and fails printing the exact lines to add here when a method, parameter or view option adds a string;
// gallery strings are listed in galleryStrings() and checked the same way.
#include "i18n/CoreStrings.h"

#include <QtGlobal>

namespace posenc::widgets {

namespace {

/// Core's strings, then the Grid view's (GridStrings.cpp, issue 37).
std::vector<const char*> withGridViewStrings(std::vector<const char*> all)
{
    all.insert(all.end(), gridViewStrings().begin(), gridViewStrings().end());
    return all;
}

} // namespace

const std::vector<const char*>& coreStrings()
{
    static const std::vector<const char*> strings = withGridViewStrings({
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
                          "The served context length, fixed for the whole session (vLLM max_model_len, llama.cpp n_ctx "
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
                                            "s = max(1, l/L0) (YaRN §3.3). They agree only for factor 1."),
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
        QT_TRANSLATE_NOOP("posenc::params", "PI/NTK blend: pairs with fewer turns than this in L0 use PI (theta/s)."),
        QT_TRANSLATE_NOOP("posenc::params", "beta1"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "PI/NTK blend upper index bound (turns); below beta1 turns the ramp is complete."),
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
        QT_TRANSLATE_NOOP("posenc::params", "DeepSeek mscale. Used (as g(s,mscale)/g(s,mscale-all-dim)) only when both "
                                            "it and mscale-all-dim are non-zero, as in HF; 0 = unset."),
        QT_TRANSLATE_NOOP("posenc::params", "mscale-all-dim"),
        QT_TRANSLATE_NOOP("posenc::params", "DeepSeek mscale_all_dim; 0 = unset. When set, the softmax scale of all "
                                            "channels is multiplied by g(s, mscale-all-dim)^2."),
        QT_TRANSLATE_NOOP("posenc::params", "attention-factor"),
        QT_TRANSLATE_NOOP("posenc::params", "Explicit attention factor (multiplies cos and sin); overrides the mscale "
                                            "rules. Leave unset for the default."),
        QT_TRANSLATE_NOOP("posenc::params", "Llama 3 scaling"),
        QT_TRANSLATE_NOOP("posenc::params", "Keep wavelengths below L0/beta, divide those above L0/alpha by s, blend "
                                            "in between (linear in L0/lambda)."),
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
        QT_TRANSLATE_NOOP("posenc::params", "Causal (decoder) attention: future keys are masked (shown as blank). "
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
        QT_TRANSLATE_NOOP("posenc::params",
                          "Positions shown: rows of the encoding matrix, the largest distance of the decay plot, the "
                          "longest context of the entropy plot. Matrix views stay exact at any length: each pixel "
                          "shows the exact mean over the positions it covers."),
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
        // The figure table's view options (widgets/figures/FigureSpecs.cpp) and empty-list meanings.
        QT_TRANSLATE_NOOP("posenc::params", "all 1"),
        QT_TRANSLATE_NOOP("posenc::params", "bucket indices, not a bias"),
        QT_TRANSLATE_NOOP("posenc::params", "Matrix"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "matrix view of the primary method (pe, cos, sin, angle, rotated, bias; auto: the method's first)"),
        QT_TRANSLATE_NOOP("posenc::params", "pe"),
        QT_TRANSLATE_NOOP("posenc::params", "cos"),
        QT_TRANSLATE_NOOP("posenc::params", "sin"),
        QT_TRANSLATE_NOOP("posenc::params", "angle"),
        QT_TRANSLATE_NOOP("posenc::params", "rotated"),
        QT_TRANSLATE_NOOP("posenc::params", "bias"),
        QT_TRANSLATE_NOOP("posenc::params", "Pixels"),
        QT_TRANSLATE_NOOP("posenc::params", "mean: each pixel is the exact average over the positions it covers (no "
                                            "aliasing at any length); point: one position per pixel, to see aliasing"),
        QT_TRANSLATE_NOOP("posenc::params", "mean"),
        QT_TRANSLATE_NOOP("posenc::params", "point"),
        QT_TRANSLATE_NOOP("posenc::params", "Show"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "the primary method alone, next to the second method, or their difference (primary - second)"),
        QT_TRANSLATE_NOOP("posenc::params", "primary"),
        QT_TRANSLATE_NOOP("posenc::params", "side-by-side"),
        QT_TRANSLATE_NOOP("posenc::params", "difference"),
        QT_TRANSLATE_NOOP("posenc::params", "Head"),
        QT_TRANSLATE_NOOP("posenc::params", "attention head of the bias view"),
        QT_TRANSLATE_NOOP("posenc::params", "Probe"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "probe vector x of the rotated view (head-dim entries; empty: [1...1, -1...-1])"),
        QT_TRANSLATE_NOOP("posenc::params", "Partner"),
        QT_TRANSLATE_NOOP("posenc::params", "side by side / difference: the compared method (id) shown beside or "
                                            "subtracted from the primary (empty: the first compared method)"),
        QT_TRANSLATE_NOOP("posenc::params", "first compared"),
        QT_TRANSLATE_NOOP("posenc::params", "Attention factor"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "side by side / difference: cos and sin include each method's attention factor a (YaRN's "
                          "sqrt(1/t)); false: the bare rotation, so that RoPE - YaRN is 0 on the pairs YaRN keeps"),
        QT_TRANSLATE_NOOP("posenc::params", "Curve"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "auto: the natural curve for each kind of method; roformer-bound: the relative upper bound "
                          "of RoFormer Fig. 2; similar-token: sum cos(delta theta_i) (Men et al.); all-ones: the score "
                          "of q = k = 1; random-qk: mean score of correlated random vectors"),
        QT_TRANSLATE_NOOP("posenc::params", "roformer-bound"),
        QT_TRANSLATE_NOOP("posenc::params", "similar-token"),
        QT_TRANSLATE_NOOP("posenc::params", "all-ones"),
        QT_TRANSLATE_NOOP("posenc::params", "random-qk"),
        QT_TRANSLATE_NOOP("posenc::params", "Attention"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "which keys a query sees, as transformers' masks: full (every earlier key), sliding (the last W: "
            "sliding_window), chunked (the query's own chunk of W: Llama 4's attention_chunk_size)"),
        QT_TRANSLATE_NOOP("posenc::params", "full"),
        QT_TRANSLATE_NOOP("posenc::params", "sliding"),
        QT_TRANSLATE_NOOP("posenc::params", "chunked"),
        QT_TRANSLATE_NOOP("posenc::params", "Window"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "W of a sliding or chunked layer (unset: the loaded config's window for that kind of layer)"),
        QT_TRANSLATE_NOOP("posenc::params", "sliding window %1"),
        QT_TRANSLATE_NOOP("posenc::params", "chunks of %1"),
        QT_TRANSLATE_NOOP("posenc::params", "full attention"),
        QT_TRANSLATE_NOOP("posenc::params", "Samples"),
        QT_TRANSLATE_NOOP("posenc::params", "random q,k draws for the random-qk curve"),
        QT_TRANSLATE_NOOP("posenc::params", "Max distance"),
        QT_TRANSLATE_NOOP("posenc::params", "distances 0..N-1 (256: RoFormer Fig. 2)"),
        QT_TRANSLATE_NOOP("posenc::params", "log Δ"),
        QT_TRANSLATE_NOOP("posenc::params", "distance on a logarithmic axis"),
        QT_TRANSLATE_NOOP("posenc::params", "Normalised"),
        QT_TRANSLATE_NOOP("posenc::params", "each curve divided by its value at distance 0 (one shared axis)"),
        QT_TRANSLATE_NOOP("posenc::params", "attention head of bias methods (alibi, t5)"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "entropy-minus-rope: H(n) - H(RoPE, n), each curve minus the entropy of RoPE (the primary's "
                          "base and head_dim, unscaled) at the same n, where methods differ by hundredths of a nat; "
                          "entropy: H(n) itself"),
        QT_TRANSLATE_NOOP("posenc::params", "entropy-minus-rope"),
        QT_TRANSLATE_NOOP("posenc::params", "entropy"),
        QT_TRANSLATE_NOOP("posenc::params", "Temperature"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "method (the method's attention factor), none, log-n (x max(1, log_L0 n)) or seed-log2 "
                          "(/ (1 + gamma log2(n/L0)) for n > L0), su-log512 (x log_512 n), llama4-nope (x log1p(floor(n / "
                          "floor_scale)) attn_scale + 1); the n-dependent ones are rows of compute attention-scale"),
        QT_TRANSLATE_NOOP("posenc::params", "method"),
        QT_TRANSLATE_NOOP("posenc::params", "none"),
        QT_TRANSLATE_NOOP("posenc::params", "log-n"),
        QT_TRANSLATE_NOOP("posenc::params", "seed-log2"),
        QT_TRANSLATE_NOOP("posenc::params", "Score"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "all-ones: q = k = 1; expected-similar: E[q^T R k] for k = q + noise, scaled by sigma2"),
        QT_TRANSLATE_NOOP("posenc::params", "expected-similar"),
        QT_TRANSLATE_NOOP("posenc::params", "sigma²"),
        QT_TRANSLATE_NOOP("posenc::params", "variance of the query components (expected-similar)"),
        QT_TRANSLATE_NOOP("posenc::params", "log n"),
        QT_TRANSLATE_NOOP("posenc::params", "context length n on a logarithmic axis"),
        QT_TRANSLATE_NOOP("posenc::params", "Measure"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "dot or cosine similarity of position vectors (additive methods), relative-score <R_i q, R_j "
                          "k> (rotary, bias); auto: dot for additive methods, relative-score for the others"),
        QT_TRANSLATE_NOOP("posenc::params", "dot"),
        QT_TRANSLATE_NOOP("posenc::params", "cosine"),
        QT_TRANSLATE_NOOP("posenc::params", "relative-score"),
        QT_TRANSLATE_NOOP("posenc::params", "matrix view whose columns are analysed (auto: the method's first)"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "matrix view whose rows are projected (auto: the method's position vectors)"),
        QT_TRANSLATE_NOOP("posenc::params", "Components"),
        QT_TRANSLATE_NOOP("posenc::params", "2: PC1 against PC2; 3: the three pairs of components"),
        QT_TRANSLATE_NOOP("posenc::params", "Context L"),
        QT_TRANSLATE_NOOP("posenc::params", "target context L (unset: the primary's factor x L0)"),
        QT_TRANSLATE_NOOP("posenc::params", "Train length"),
        QT_TRANSLATE_NOOP("posenc::params", "training length T_train of every method (unset: the primary's L0)"),
        QT_TRANSLATE_NOOP("posenc::params", "All heads"),
        QT_TRANSLATE_NOOP("posenc::params", "bias methods: one line per attention head (their slopes)"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "every rotary curve includes the method's attention factor a (YaRN's sqrt(1/t)): scores "
                          "scale by a^2, as in the model; false: the bare rotation for every curve"),
        QT_TRANSLATE_NOOP("posenc::params", "L0 line"),
        QT_TRANSLATE_NOOP("posenc::params", "training length L0 drawn (with s·L0) when no compared method has an L0 of "
                                            "its own, e.g. Position Interpolation (unset: none)"),
        QT_TRANSLATE_NOOP("posenc::params", "Query m"),
        QT_TRANSLATE_NOOP("posenc::params", "query position m: each pair is turned by m θ_i"),
        QT_TRANSLATE_NOOP("posenc::params", "Key n"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "key position n: dashed hands; the arc is the angle (m - n) θ_i between query and key"),
        QT_TRANSLATE_NOOP("posenc::params", "Pairs"),
        QT_TRANSLATE_NOOP("posenc::params", "number of channel pairs drawn, spread from the fastest to the slowest"),
        QT_TRANSLATE_NOOP("posenc::params", "Step"),
        QT_TRANSLATE_NOOP("posenc::params", "positions per animation frame (Play, render --frames)"),
        QT_TRANSLATE_NOOP("posenc::params", "Rounded"),
        QT_TRANSLATE_NOOP("posenc::params", "what is held in low precision: the positions m (bf16 collide above 256), "
                                            "the frequencies θ_i, the product m θ_i, or all three"),
        QT_TRANSLATE_NOOP("posenc::params", "theta"),
        QT_TRANSLATE_NOOP("posenc::params", "product"),
        QT_TRANSLATE_NOOP("posenc::params", "all"),
        // the attention-scaling table (core/src/analysis/attention_scale.cpp) and its view
        QT_TRANSLATE_NOOP("posenc::params", "yarn-mscale"),
        QT_TRANSLATE_NOOP("posenc::params", "yarn-mscale-squared"),
        QT_TRANSLATE_NOOP("posenc::params", "deepseek-softmax"),
        QT_TRANSLATE_NOOP("posenc::params", "longrope"),
        QT_TRANSLATE_NOOP("posenc::params", "qwen-log-n"),
        QT_TRANSLATE_NOOP("posenc::params", "g = 0.1 ln s + 1 (s > 1; else 1), multiplies cos and sin"),
        QT_TRANSLATE_NOOP("posenc::params", "g^2 = (0.1 ln s + 1)^2 on the logits (q and k both carry g)"),
        QT_TRANSLATE_NOOP("posenc::params", "softmax_scale * (0.1 m_all ln s + 1)^2 on every channel's logit"),
        QT_TRANSLATE_NOOP("posenc::params", "sqrt(1 + ln s / ln L0) (s > 1; else 1), multiplies cos and sin"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "log1p(floor((pos + 1) / floor_scale)) * attn_scale + 1 on the query of NoPE layers (pos = n - 1)"),
        QT_TRANSLATE_NOOP("posenc::params", "max(1, log_L0 n) on the query (1 up to L0)"),
        QT_TRANSLATE_NOOP("posenc::params", "log_512 n = ln n / ln 512 on the logits (below 1 for n < 512)"),
        QT_TRANSLATE_NOOP("posenc::params", "1 / t, t = 1 + gamma log2(n / L0) for n > L0 (1 up to L0), on the logits"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "1 + beta ln(1 + floor(pos / L0)) on the query of every layer, after RoPE, keys unscaled (pos = n - 1)"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "HF models/ministral3/modeling_ministral3.py:105-107 get_llama_4_attn_scale, :146-150 "
                          "(rope_parameters llama_4_scaling_beta, original_max_position_embeddings); "
                          "mistral4/modeling_mistral4.py:479-483; configuration_ministral3.py:96-107 (beta 0.1, L0 16384)"),
        QT_TRANSLATE_NOOP("posenc::params", "Peng et al., YaRN, arXiv:2309.00071 Eq. 22 (sqrt(1/t) = 0.1 ln s + 1); HF "
                                            "modeling_rope_utils.py:429-439 get_mscale"),
        QT_TRANSLATE_NOOP("posenc::params", "YaRN Eq. 22: the logits are divided by t = 1/g^2"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "DeepSeek-V2/V3 modeling_deepseek.py DeepseekV2Attention (softmax_scale * mscale * mscale, "
                          "mscale = yarn_get_mscale(s, mscale_all_dim)); HF modeling_rope_utils.py:436-437"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Ding et al., LongRoPE, arXiv:2402.13753; Phi-3; HF modeling_rope_utils.py:563-567"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "HF models/llama4/modeling_llama4.py:366-374 (attn_temperature_tuning); "
                          "configuration_llama4.py:170-172; Nakanishi, Scalable-Softmax, arXiv:2501.19399"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "Qwen(1) modeling_qwen.py use_logn_attn: logn_list = [log(i, seq_length) if i > seq_length else 1]"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Su, kexue.fm/archives/8823 (entropy invariance: scale log_512 n / sqrt(d))"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "a log2 length rule (no paper or model code fixes gamma; 0.1 is this tool's default)"),
        QT_TRANSLATE_NOOP("posenc::params", "Rules"),
        QT_TRANSLATE_NOOP("posenc::params", "which rows of the attention-scaling table: all, the length-dependent ones "
                                            "(log-n, Su, Llama 4, seed-log2), or one rule"),
        QT_TRANSLATE_NOOP("posenc::params", "length-dependent"),
        QT_TRANSLATE_NOOP("posenc::params", "logits: the factor each rule puts on the attention logits (a cos/sin "
                                            "factor squared); value: the rule's own value v(n)"),
        QT_TRANSLATE_NOOP("posenc::params", "logits"),
        QT_TRANSLATE_NOOP("posenc::params", "value"),
        QT_TRANSLATE_NOOP("posenc::params", "s"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "scale factor s of the YaRN, DeepSeek and LongRoPE rules (unset: the primary's factor, else 8)"),
        QT_TRANSLATE_NOOP("posenc::params", "L0"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "original context L0 of LongRoPE, log-n and seed-log2 (unset: the primary's L0, else 4096)"),
        QT_TRANSLATE_NOOP("posenc::params", "floor_scale"),
        QT_TRANSLATE_NOOP("posenc::params", "Llama 4 NoPE temperature: floor_scale"),
        QT_TRANSLATE_NOOP("posenc::params", "attn_scale"),
        QT_TRANSLATE_NOOP("posenc::params", "Llama 4 NoPE temperature: attn_scale"),
    });
    return strings;
}

const std::vector<const char*>& presetStrings()
{
    static const std::vector<const char*> strings = {
        QT_TRANSLATE_NOOP("posenc::presets", "Llama-4-Scout (iRoPE: chunked RoPE layers, every 4th layer NoPE)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Llama-4-Scout-17B-16E text_config: 48 layers; layers 4, 8, ... 48 are NoPE with full attention and the query temperature log1p(floor((pos+1)/8192))*0.1 + 1; the others RoPE (llama3 scaling x16 from 8192, rope_theta 5e5, adjacent-pair complex rotation) with 8192-token chunked attention; 10M positions. Not confirmed against the Hub file (written from the model card and transformers' Llama4TextConfig defaults): attn_temperature_tuning (early Hub configs wrote the number 4; read as true either way), the absence of an explicit no_rope_layers list (the interval 4 then gives it), use_qk_norm."),
        QT_TRANSLATE_NOOP("posenc::presets", "Gemma-3-27B (5 sliding : 1 full, linear x8 on full layers)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Gemma-3-27B-it text_config: 62 layers, every 6th full attention (rope_theta 1e6, linear x8), the others a 1024-token sliding window with rope_theta 1e4; head_dim 128. Not confirmed against the Hub file: query_pre_attn_scalar (not used for positions)."),
        QT_TRANSLATE_NOOP("posenc::presets", "Gemma-4-E2B (proportional p = 0.25 on full layers, global_head_dim 512)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Gemma 4 text config as transformers' Gemma4TextConfig builds it by default (configuration_gemma4.py, documented for google/gemma-4-e2b-it): every 6th layer full attention with head_dim = global_head_dim 512 and proportional RoPE (64 of 256 pairs rotate, exponent over 512, rope_theta 1e6), the others a 512-token sliding window with default RoPE (head_dim 256, rope_theta 1e4). Not confirmed: these are the class defaults, not the released checkpoint's config.json (hidden_size, num_hidden_layers, sliding_window, global_head_dim may differ per size)."),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen2.5-VL-7B (M-RoPE 16/24/24, absolute time for video)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen2.5-VL-7B-Instruct: head_dim 128 (3584 / 28), rope_theta 1e6, mrope_section [16, 24, 24] pairs for t, h, w (chunked); video temporal ids advance by tokens_per_second 2 x int(temporal_patch_size / fps). use_sliding_window false: every layer full. The vision_config is cut to the keys that set position ids. Not confirmed against the Hub file: max_position_embeddings 128000."),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen3-VL-8B (interleaved M-RoPE 24/20/20)"),
        QT_TRANSLATE_NOOP("posenc::presets", "Qwen3-VL-8B-Instruct text_config: head_dim 128, rope_theta 5e6, mrope_section [24, 20, 20] interleaved (pair i carries h when i mod 3 = 1, w when i mod 3 = 2, below 60; t elsewhere); videos are split into one grid per temporal patch, separated by timestamp text. The vision_config is cut to the keys that set position ids. Not confirmed against the Hub file: num_key_value_heads, max_position_embeddings 262144."),
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
        QT_TRANSLATE_NOOP("posenc::gallery", "Wavelengths below L0/high_freq_factor kept, above L0/low_freq_factor divided by 8, smooth blend between."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Base lower bound and critical dimension for a 4096-token context"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Liu et al.'s critical dimension (pairs that complete a full turn within the training length are trained on every angle) and Men et al.'s lower bound on the base against the context length (their Fig. 1), with RoPE's base as a point."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Attention entropy vs context length: RoPE, PI, YaRN (s = 8)"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Each curve is the attention entropy of the last query minus RoPE's at the same context length n (RoPE is the line 0). Up to about the training length L0 = 4096 interpolation (PI) spreads attention more than RoPE; YaRN's temperature √(1/t) = 0.1 ln s + 1 multiplies every logit by 1/t = 1.46 at s = 8 and brings its entropy back to within a hundredth of a nat of RoPE's at L0. Beyond L0, RoPE (outside its training range) nears uniform attention and the scaled methods lie below it. The score model is expected-similar with σ² = 0.25 (stated on the figure); with q = k = 1 (all-ones, √d at Δ = 0) the temperature would move H by nats."),
        QT_TRANSLATE_NOOP("posenc::gallery", "ALiBi: the bias added to the attention scores (head 0 of 8)"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Each head adds -m_h (i - j) to the score of query i and key j; future keys are masked. Head 0 has the steepest slope, m = 1/2."),
        QT_TRANSLATE_NOOP("posenc::gallery", "ALiBi slopes per head: the bias against distance, 8 heads"),
        QT_TRANSLATE_NOOP("posenc::gallery", "One line per head: the bias -m_h Δ with slopes m_h = 2^(-8(h+1)/H), a geometric sequence from 1/2 (head 0, attends locally) to 1/256 (head 7, sees far)."),
        QT_TRANSLATE_NOOP("posenc::gallery", "T5 relative bias buckets (32 buckets, max distance 128)"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Bucket index against relative distance: one bucket per distance below 8, logarithmic buckets up to max_distance, the last bucket beyond (16 buckets per direction when bidirectional)."),
        QT_TRANSLATE_NOOP("posenc::gallery", "FLUX's three axes"),
        QT_TRANSLATE_NOOP("posenc::gallery", "FLUX.1-dev splits each head's 128 channels into three axes, 16 + 56 + 56: t (the first id, 0 on every image token: it never turns on the image), h (rows) and w (columns), each with its own wavelengths. At 2x the resolution (128x128 tokens) the shaded pairs of h and w meet angles never seen at 64x64."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Why RIFLEx changes one component"),
        QT_TRANSLATE_NOOP("posenc::gallery", "HunyuanVideo's time axis for 66 latent frames (2x its 33): RIFLEx moves only component k = 4, whose period N_k = 50 frames lies between the trained and the target length, to 0.9*2*pi/66 (dashed), so that it does not finish a turn and repeat the video; the other components stay."),
        QT_TRANSLATE_NOOP("posenc::gallery", "Qwen-Image's centred grid"),
        QT_TRANSLATE_NOOP("posenc::gallery", "Qwen-Image numbers image tokens from the centre: rows and columns run from -ceil(H/2) to floor(H/2) - 1 (x axis), so the angle of every pair is 0 on the middle column, not on the left edge as in FLUX; its text tokens continue after the largest id."),
    };
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
