// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file grid_check.h
/// Checking a diffusion transformer's (or vision tower's) cos/sin table against the model's own rule
/// (posenc/grid_rope.h), and naming the bug that explains a mismatch: the table is recomputed under each planted
/// hypothesis — axes swapped, text ids not as the family sets them, corner instead of centred ids (or the
/// reverse), the other channel layout, RIFLEx on another component or missing — and every hypothesis the table
/// matches within the tolerance is a diagnosis.

#include "posenc/grid_rope.h"

#include <cstddef>
#include <string>
#include <vector>

namespace posenc::grid {

struct GridCheckRequest {
    bool sine = false;          ///< the table holds sin (else cos)
    double tolerance = 1e-4;    ///< max |table - reference| for a match (float32 tables of large angles: ~1e-5)
    long long riflexFrames = 0; ///< > 0: the reference has RIFLEx for this test length (video models)
    int riflexK = 0;            ///< RIFLEx component (0: the family's published k)
};

struct GridDiagnosis {
    std::string kind;     ///< axes-swapped, text-ids, corner-ids, centred-ids, channel-layout, token-order, riflex-...
    std::string evidence; ///< what the table shows and what the model's code does
    double maxError = 0;  ///< the table against this hypothesis
};

struct GridCheckResult {
    bool match = false;
    double maxError = 0; ///< against the reference
    std::size_t worstRow = 0, worstColumn = 0;
    std::string layout; ///< how the columns were read: the model's channel layout, or pairs (one per rotary pair)
    std::vector<GridDiagnosis> diagnosis; ///< hypotheses the table matches, best first
    std::vector<GridDiagnosis> tested;    ///< every hypothesis tried, with its error
};

/// `table` is rows × cols, row-major: rows = the layout's tokens, cols = head_dim (the model's channel layout) or
/// one column per rotary pair. InvalidInput("input") when the shape fits neither.
GridCheckResult checkGridTable(const Model& model, const std::vector<LayoutItem>& layout,
                               const std::vector<double>& table, std::size_t rows, std::size_t cols,
                               const GridCheckRequest& request);

} // namespace posenc::grid
