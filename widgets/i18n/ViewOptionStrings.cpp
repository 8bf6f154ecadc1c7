// SPDX-License-Identifier: GPL-3.0-or-later
// The figure table's view options (widgets/figures/FigureSpecs*.cpp), their empty-list meanings and the
// attention-scaling table's texts, for lupdate; coreStrings() lists them with core's (tst_translations checks them).
#include "i18n/CoreStrings.h"

#include <QtGlobal>

namespace posenc::widgets {

const std::vector<const char*>& viewOptionStrings()
{
    static const std::vector<const char*> strings = {
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
        QT_TRANSLATE_NOOP("posenc::params", "mean: each pixel is the exact average over the positions it covers (the "
                                            "angle view, an M-RoPE with a token layout and the engine's float32 "
                                            "arithmetic have no closed form: above 32 positions per pixel they show "
                                            "the first); point: one position per pixel, to see aliasing"),
        QT_TRANSLATE_NOOP("posenc::params", "mean"),
        QT_TRANSLATE_NOOP("posenc::params", "point"),
        QT_TRANSLATE_NOOP("posenc::params", "Show"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "the primary method alone, next to the partner, or their difference (primary - partner)"),
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
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "method (the method's attention factor), none, log-n (x max(1, log_L0 n)) or seed-log2 "
            "(/ (1 + gamma log2(n/L0)) for n > L0), su-log512 (x log_512 n), llama4-nope (x log1p(floor(n / "
            "floor_scale)) attn_scale + 1), llama4-scaling-beta (the method's factor and x (1 + beta ln(1 + "
            "floor((n - 1) / L0))), Ministral 3); the n-dependent ones are rows of compute attention-scale"),
        QT_TRANSLATE_NOOP("posenc::params", "β"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "llama4-scaling-beta beta (unset: the config's llama_4_scaling_beta, else 0.1)"),
        QT_TRANSLATE_NOOP("posenc::params", "β L0"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "llama4-scaling-beta L0 (unset: the config's original_max_position_embeddings with "
                          "llama_4_scaling_beta, else 16384)"),
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
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "dot or cosine: similarity of position vectors (additive methods); relative-score: <R_i q, R_j k> (rotary) "
            "or the bias (bias methods); auto: dot for additive methods, relative-score for the others"),
        QT_TRANSLATE_NOOP("posenc::params", "dot"),
        QT_TRANSLATE_NOOP("posenc::params", "cosine"),
        QT_TRANSLATE_NOOP("posenc::params", "relative-score"),
        QT_TRANSLATE_NOOP("posenc::params", "matrix view whose channels are analysed (auto: the method's first)"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "matrix view whose position vectors are projected (auto: the method's position vectors)"),
        QT_TRANSLATE_NOOP("posenc::params", "Components"),
        QT_TRANSLATE_NOOP("posenc::params", "2: PC1 against PC2; 3: the three pairs of components"),
        QT_TRANSLATE_NOOP("posenc::params", "Context L"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "target context L (unset: s·L0 of the primary, s its configured factor (1 when below 1), or of the first "
            "compared method with an L0 when the primary has none; the view length when no method has one)"),
        QT_TRANSLATE_NOOP("posenc::params", "Train length"),
        QT_TRANSLATE_NOOP("posenc::params", "training length T_train of every method (unset: the L0 of the method L is "
                                            "taken from; L when no method has an L0)"),
        QT_TRANSLATE_NOOP("posenc::params", "All heads"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "bias methods with several heads (ALiBi): one line per head, its slope in the legend"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "every rotary curve includes the method's attention factor a (YaRN's sqrt(1/t)): the rotated "
                          "channels' scores scale by a^2, as in the model; false: the bare rotation for every curve"),
        QT_TRANSLATE_NOOP("posenc::params", "L0 line"),
        QT_TRANSLATE_NOOP("posenc::params", "training length L0 drawn (with s·L0) when no compared method has an L0 of "
                                            "its own, e.g. Position Interpolation (unset: none)"),
        QT_TRANSLATE_NOOP("posenc::params", "Query m"),
        QT_TRANSLATE_NOOP("posenc::params", "query position m: pair i is turned by m·θ'ᵢ"),
        QT_TRANSLATE_NOOP("posenc::params", "Key n"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "key position n: dashed hands; the arc is the angle (m − n)θ'ᵢ between query and key"),
        QT_TRANSLATE_NOOP("posenc::params", "Pairs"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "number of channel pairs drawn, spread from the fastest to the slowest pair that turns"),
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
        QT_TRANSLATE_NOOP("posenc::params", "softmax_scale * (0.1 mscale_all_dim ln s + 1)^2 on every channel's logit"),
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
        QT_TRANSLATE_NOOP(
            "posenc::params",
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
                                            "(log-n, Su, Llama 4 NoPE, seed-log2, llama4-scaling-beta), or one rule"),
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
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "original context L0 of LongRoPE, log-n, seed-log2 and llama4-scaling-beta (unset: the primary's L0, "
            "else 4096)"),
        QT_TRANSLATE_NOOP("posenc::params", "floor_scale"),
        QT_TRANSLATE_NOOP("posenc::params", "Llama 4 NoPE temperature: floor_scale"),
        QT_TRANSLATE_NOOP("posenc::params", "attn_scale"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "Llama 4 NoPE temperature: attn_scale; also beta of llama4-scaling-beta (Mistral's query "
                          "temperature)"),
        // The Positions view's dual chunk attention (widgets/figures/FigureSpecsModern.cpp).
        QT_TRANSLATE_NOOP("posenc::params",
                          "auto: the (t, h, w) ids of a compared M-RoPE method, else the loaded config's dual chunk "
                          "attention; ids: the M-RoPE ids; dual-chunk: the query x key distance matrix of dual chunk "
                          "attention over the length"),
        QT_TRANSLATE_NOOP("posenc::params", "ids"),
        QT_TRANSLATE_NOOP("posenc::params", "dual-chunk"),
        QT_TRANSLATE_NOOP("posenc::params", "chunk_size"),
        QT_TRANSLATE_NOOP("posenc::params", "dual-chunk: dual_chunk_attention_config chunk_size (unset: the loaded "
                                            "config's, else Qwen2.5-1M's 262144)"),
        QT_TRANSLATE_NOOP("posenc::params", "local_size"),
        QT_TRANSLATE_NOOP("posenc::params", "dual-chunk: dual_chunk_attention_config local_size, < chunk_size (unset: "
                                            "the loaded config's, else Qwen2.5-1M's 8192)"),
        QT_TRANSLATE_NOOP("posenc::params", "Plain q − k"),
        QT_TRANSLATE_NOOP("posenc::params", "dual-chunk: draw plain RoPE's distance q - k beside the remapped one "
                                            "(same colour scale)"),
    };
    return strings;
}

} // namespace posenc::widgets
