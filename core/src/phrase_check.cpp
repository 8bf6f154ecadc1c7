// SPDX-License-Identifier: GPL-3.0-or-later
// The English templates of `posenc check`'s phrases (alignment, hypotheses, evidence).
#include "phrase_templates.h"

namespace posenc::detail {

void addCheckTemplates(PhraseTemplates& t)
{
    t.insert({

        // posenc check: how the table was read (CheckResult::alignmentPhrase)
        {"check.shape", "%1 x %2"},
        {"check.align.inv-freq", "%1: %2 inv_freq entries, highest frequency first"},
        {"check.align.positions", "positions %1 .. %2"},
        {"check.align.listed", "%1 listed positions %2 .. %3"},
        {"check.align.rotated", "%1: %2, R_m x for the probe x, %3, %4 of %5 channels rotated"},
        {"check.align.pairs", "%1: %2, one column per pair (ggml, vLLM's cos or sin half)"},
        {"check.align.half", "%1: %2, pair i in columns i and i + %3 (HF's duplicated cat(freqs, freqs))"},
        {"check.align.interleaved", "%1: %2, pair i in columns 2i and 2i + 1 (repeat_interleave)"},
        {"check.align.cos-sin", "%1: %2, cos of pair i in column i, sin in column i + %3 (vLLM's cos_sin_cache)"},
        {"check.align.no-layout", "%1: fits no layout of %2 (%3 pairs, rotary dim %4, head dim %5)"},
        {"check.align.all-slices", "all %1 slices of the %2 tensor; %3"},
        {"check.align.failed-slice", "slice [%1] of %2 (the first that fails) of the %3 tensor; %4"},
        // posenc check: a hypothesis (the reference method with one parameter changed)
        {"check.variant.param", "%1 with %2=%3"},
        // posenc check: the evidence of a diagnosis (Diagnosis::evidencePhrase)
        {"check.where.pair", "pair %1"},
        {"check.where.position", "position %1, column %2"},
        {"check.where.position-pair", "position %1, column %2 (pair %3)"},
        {"check.ref.off", "; the reference %1 is off by up to %2 (%3 x tolerance) at %4"},
        {"check.ref.no-layout", "; the table's shape fits no layout of the reference %1"},
        {"check.closest.none", "no hypothesis fits the table's shape"},
        {"check.closest", "closest: %1 (%2, off by up to %3, %4 x tolerance)"},
        {"check.evidence.unknown", "no tested variant explains the table; %1%2"},
        {"check.evidence.matches", "matches %1 to %2 (max |error| over %3 values, %4 x tolerance)%5"},
        {"check.evidence.closer",
         "closer with %1 in multiples of the tolerance (%3 x tolerance; off by up to %2), but it does not explain the "
         "table"},
        {"check.variant.layout.pairs", "the one column per pair"},
        {"check.variant.layout.half", "the half layout, cat(freqs, freqs) (HF rotate_half)"},
        {"check.variant.layout.interleaved", "the interleaved layout, repeat_interleave (GPT-J rotate_every_two)"},
        {"check.variant.layout.cos-sin", "the vLLM cos_sin_cache layout, cos | sin"},
        {"check.variant.mrope", "M-RoPE sections %1 laid out %2"},
        {"check.variant.mrope.interleaved", "interleaved (Qwen3-VL, THWTHW...)"},
        {"check.variant.mrope.chunked", "chunked (Qwen2-VL, TT..HH..WW..)"},
        {"check.variant.pairing.half", "pairing half (j, j + d/2)"},
        {"check.variant.pairing.interleaved", "pairing interleaved (2j, 2j+1)"},
        {"check.variant.rotary-dim", "exponent 2i/head_dim (%1) instead of 2i/rotary_dim (%2)"},
        {"check.variant.scaling-missing", "plain rope with base=%1 (no scaling)"},
        {"check.variant.attention-missing", "attention factor 1 instead of %1"},
        {"check.variant.attention-squared", "attention factor a^2 = %1"},
        {"check.variant.attention-rule", "attention factor %1 = %2"},
        {"check.variant.mscale.default", "0.1 ln s + 1 (mscale/mscale_all_dim ignored)"},
        {"check.variant.mscale.ratio", "g(s, mscale)/g(s, mscale_all_dim) (the ratio)"},
        {"check.variant.mscale.deepseek", "g(s, mscale) (DeepSeek's code, mscale_all_dim 0)"},
        {"check.variant.attention-double", "attention factor a (0.1 ln s + 1) = %1 (kernel factor not cancelled)"},
        {"check.variant.positions-scaled", "positions multiplied by %1"},
        {"check.variant.position-offset", "positions shifted by %1"},
        {"check.variant.precision.positions", "positions held in %1"},
        {"check.variant.precision.angle", "the angle m theta held in %1"},
        {"check.variant.precision.inv-freq", "inv_freq held in %1"},
        {"check.variant.precision.all", "positions, inv_freq and the angle all in %1"},
        {"check.variant.ntk-vllm",
         "base*s = %1 with every frequency divided by s^(2/d) = %2 (vLLM's rope_type ntk, fixed NTK)"},
        {"check.variant.ntk-base-s", "base*s = %1 (instead of base*s^(d/(d-2)))"},
        {"check.variant.engine", "%1: %2"},
        {"check.produced-by", "%1 (%2): %3"},
        {"engine.note", "%1"}, // one of an engine's notes (engine.h engineNotes), as the engine wrote it
        // posenc check --quantity query-scale (query_scale.cpp)
        {"check.align.query-scale", "%1: %2, one value per position: the query's multiplier (keys unscaled), rule %3"},
        {"check.where.query-position", "position %1"},
        {"check.variant.query-scale.squared", "the scale on q and on k (v^2 on the logits)"},
        {"check.variant.query-scale.plus-one", "floor((pos + 1) / L0) instead of floor(pos / L0)"},
        {"check.variant.query-scale.minus-one", "the position one lower (pos instead of pos + 1)"},
        {"check.variant.query-scale.missing", "no query scale (1 at every position)"},
        {"check.variant.query-scale.length", "L0 = max_position_embeddings %1 instead of %2"},
        {"check.variant.blog-yarn", "NTK-aware base %1 with inv_freq / %2 (attention factor %3)"},
    });
}

} // namespace posenc::detail
