// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The hypotheses `posenc check` tests: variants of the reference, each labelled with a diagnosis kind.

#include "check_model.h"

#include "posenc/check.h"

#include <string>
#include <vector>

namespace posenc::check {

struct Hypothesis {
    std::string kind;     ///< a DiagnosisKind id
    std::string variant;  ///< what it is, e.g. "yarn with truncate=false" (english(variantPhrase))
    Phrase variantPhrase; ///< the same as ids and values ("check.variant.param"), or a literal
    Model model;
    std::vector<Phrase> producedBy; ///< engines whose code computes this model (Diagnosis::producedByPhrases)
};

/// The reference model of `f` under the request's arithmetic and `layout`.
Model referenceModel(const RotaryFrequencies& f, const CheckRequest& request, CheckLayout layout);

/// M-RoPE (`mrope`, `mrope-interleaved`): the reference's pair streams and token ids into `model`; a no-op for
/// any other encoding.
void setMropeStreams(const Encoding& encoding, const ParamSet& params, Model& model);

/// Every hypothesis for the request (models that equal the reference are left out). `table` is used to fit
/// parameters where the data determines them (the base of an inv_freq vector).
std::vector<Hypothesis> hypotheses(const CheckRequest& request, const RotaryFrequencies& f, const Model& reference,
                                   const Matrix& table);

/// Precedence of a kind in diagnosisKinds() (unknown kinds last).
std::size_t kindRank(const std::string& kind);

} // namespace posenc::check
