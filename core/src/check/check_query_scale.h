// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `posenc check --quantity query-scale` (check.h): checkTable hands such a table here.
//
// Hypotheses (diagnosis kinds in vocabulary.cpp): query-scale-squared (the multiplier on q and on k, so the logits
// carry v^2), query-scale-off-by-one (floor((pos + 1) / L0) for Ministral 3's floor(pos / L0); floor(pos / fs) for
// Llama 4's floor((pos + 1) / fs); log_L0(pos) for Qwen's log_L0(pos + 1)), query-scale-missing (1 everywhere),
// query-scale-wrong-length (llama4-scaling-beta with L0 = max_position_embeddings).

#include "hypotheses.h"

#include "posenc/check.h"

namespace posenc::check {

/// The check of a per-position query multiplier (N values or N x 1) against request.queryScale. Throws
/// InvalidInput when the request has no rule, the table is not one value per position, or --positions does not
/// fit it.
CheckResult checkQueryScale(const Matrix& table, const CheckRequest& request);

} // namespace posenc::check
