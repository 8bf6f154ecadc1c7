// SPDX-License-Identifier: GPL-3.0-or-later
// The English templates of the notes and warnings of reading a config.json or GGUF file (io/diagnostics.h) and
// of the registry's parameter warnings (ParamWarning::phrase).
#include "phrase_templates.h"

namespace posenc::detail {

void addConfigTemplates(PhraseTemplates& t)
{
    t.insert({
        // parameter warnings (methods/method_common.cpp, methods/proportional.cpp)
        {"param.flag-value", "--%1 %2"},
        {"param.odd-rotary-dim", "rotary dimension %1 (head_dim %2 x partial_rotary_factor %3) is odd: HF computes "
                                 "%4 frequencies with exponent 2i/%1 and rotates %5 channels"},
        {"param.factor-below-1", "%1 is below 1: frequencies are raised instead of lowered (HF warns and computes it)"},
        {"param.thresholds-swapped",
         "%1 is not below %2: the low/high thresholds are swapped or equal (HF warns and computes with them)"},
        {"param.attention-zero",
         "%1 multiplies cos and sin by 0: the rotated channels contribute nothing (HF uses an explicit 0 as given)"},
        {"param.no-rotating-pair", "%1 leaves no rotating pair: every frequency is 0"},
        // config.json (io/hf_*.cpp)
        {"config.where", "%1: %2"},
        {"config.era-name", "HF era %1"},
        {"config.this-model-type", "this model type"},
        {"config.class-default", "%1 is absent: the %2 config class's default %3 is used (%4)"},
        {"config.scaling-beta-unread",
         "%1 is read only by Ministral 3 and Mistral 4's model code, not by %2: no query scaling"},
        {"config.scaling-beta", "%1 %2: every layer's query is multiplied by 1 + %2 ln(1 + floor(pos / %3)) after "
                                "RoPE (rule llama4-scaling-beta)"},
        {"config.rope-scaling-ignored", "%1 is ignored: rope_parameters is present"},
        {"config.rope-parameters-unread",
         "%1 is not read by HF era %2 (read from v5dev on); it resolves rope_scaling / rope_theta instead"},
        {"config.hunyuan-alpha", "%1: HunYuan's alpha NTK: base = %2 * alpha^(%3/%4) = %5, static at every length "
                                 "(modeling_hunyuan_v1_dense.py:322-330)"},
        {"config.text-keys-unused", "text_config keys not used for positions: %1"},
        {"config.keys-unused", "keys not used for positions: %1"},
        {"config.era.count", "HF era %1 (%2) finds %3 encoding(s) in this file, not %4"},
        {"config.era.differs", "HF era %1 (%2) resolves this file differently: %3"},
        {"config.era.differs-scope", "HF era %1 (%2) resolves this file differently: %4: %3"},
        {"config.era.fails", "HF era %1 (%2) cannot load this file: %3"},
        {"config.diff.method", "rope type %1 -> method %2 (here: %3 -> %4)"},
        {"config.diff.count", "%1 inv_freq entries (here: %2)"},
        {"config.diff.inv-freq", "inv_freq differs at %1 pair(s) (%2), most at pair %3: %4 (here: %5)"},
        {"config.diff.pair", "pair %1"},
        {"config.diff.pairs", "pairs %1..%2"},
        {"config.diff.attention", "attention factor %1 (here: %2)"},
        {"config.diff.and", "%1; %2"},
        {"config.mrope-unmodelled", "%1: M-RoPE sections on rope type '%2' are not modelled; the 1-D frequencies are "
                                    "shown"},
        {"config.ernie-vl", "%1: ERNIE-4.5-VL's 3-D RoPE (sections h %2, w %3, t %4): h and w alternate over pairs "
                            "0..%5, t takes the %4 slowest pairs; this layout is not drawn by the M-RoPE views, so the "
                            "1-D frequencies are shown (exact for text tokens, where t = h = w)"},
        {"config.vision-defaults.keys", "vision_config lacks keys: the position ids use HF's defaults %1 (%2)"},
        {"config.vision-defaults.none", "no vision_config: the position ids use HF's defaults %1 (%2)"},
        {"config.truthiness", "%1 is a number (%2); read as %3 (Python truthiness)"},
        {"config.last-layer-full", "%1: the last layer must use full_attention; HF forces it"},
        {"config.bidirectional-window",
         "use_bidirectional_attention: the sliding window is (sliding_window // 2) + 1 = %1 each side"},
        {"config.unused-encoding", "%1: no layer uses this encoding"},
        {"config.key-unread-for-type", "%1 is not read for rope type '%2' by %3"},
        {"config.su-alias", "%1 \"su\" is the early name of \"longrope\" (Phi-3 config)"},
        {"config.mrope-type", "%1 \"mrope\" (multimodal sections) uses default frequencies"},
        {"config.theta-default", "rope_theta is absent: HF's default 10000 is used"},
        {"config.odd-head-dim", "head_dim %1 (hidden_size // num_attention_heads) is odd: HF computes with it; the "
                                "parameters carry --head-dim %2 --partial-rotary-factor %3 (the same rotary channels)"},
        {"config.original-unread", "%1 is not read by %2: L0 = %3"},
        {"config.factor-replaced", "%1 replaces %2 %3 by %4 / original = %5"},
        {"config.factor-absent-v5", "%1 is absent: HF v5 uses %2 / original = %3"},
        {"config.original-replaced", "%1 replaces %2 %3 by the top-level original_max_position_embeddings %4"},
        {"config.original-absent", "%1 is absent: %2 uses %3 (%4)"},
        {"config.factor-ignored",
         "%1 ignores %2 when original_max_position_embeddings is top-level: s = %3 / original"},
        // GGUF (io/gguf_config.cpp)
        {"gguf.per-layer", "%1 differs by layer; the first layer's value %2 is used"},
        {"gguf.base-default", "%1 is absent: llama.cpp's default 10000 is used"},
        {"gguf.swa", "sliding-window layers: plain RoPE with the _swa values (no scaling)"},
        {"gguf.sections", "%1 [%2] (M-RoPE): text positions turn every section alike, so the frequencies are the "
                          "default ones"},
        {"gguf.phi-factors", "no %1, but rope_factors_long/short.weight are present: llama.cpp applies them (long "
                             "when the served context exceeds %2, else short), with %3 as the cos/sin magnitude"},
        {"gguf.log-multiplier", "%1 %2 read as mscale = mscale_all_dim = %3"},
        {"gguf.ext-factor", "%1 %2 is not 1: HF's YaRN has no ext_factor (it mixes fully); not applied"},
        {"gguf.yarn-attn-factor", "%1 %2 multiplies llama.cpp's kernel magnitude; not applied here"},
        {"gguf.freqs-llama3", "rope_freqs.weight (Llama 3 frequency factors) divides theta_i as written"},
        {"gguf.freqs-unapplied",
         "rope_freqs.weight is not applied: no method here combines frequency factors with scaling type '%1'"},
        {"gguf.arch-unknown", "architecture %1 is not in llama.cpp's rope-type table (revision 00342301d0); "
                              "half-split (NEOX) pairing assumed"},
        {"gguf.norm-pairing", "llama.cpp rotates adjacent pairs (NORM) for %1; its converter permutes Q/K so that "
                              "this equals HF's half-split rotation of the original weights"},
    });
}

} // namespace posenc::detail
