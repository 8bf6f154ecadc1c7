// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file grid_report.h
/// The reports on an image/video RoPE config (a diffusers transformer, or a VLM's vision tower; grid_rope.h),
/// written once (io::DocumentWriter): `posenc inspect` / `posenc check --config ... --format json` print them as
/// JSON, the Python binding returns them as dicts.

#include "posenc/grid_check.h"
#include "posenc/io/writers.h"

#include <string>

namespace posenc::grid {

/// `posenc inspect CONFIG --format json` of such a config: source, class_name (or model_type), the one encoding
/// (method, head_dim, channel layout, axes with inv_freq, layout kinds, RIFLEx k) and the notes.
void writeGridInspectReport(io::DocumentWriter& w, const Model& model);

/// What was checked, as the report names it.
struct GridCheckReportInput {
    std::string input;          ///< the table's name: FILE[:TENSOR], or "array"
    std::string quantity;       ///< "cos" or "sin"
    std::string positionLayout; ///< the tokens, e.g. "text:4,image:32x32"
    double tolerance = 0;
};

/// Keys in alphabetical order (as the CLI has always printed them): diagnosis, input, layout, match,
/// max_abs_error, method, position_layout, quantity, tested, tolerance, worst {column, row}.
void writeGridCheckReport(io::DocumentWriter& w, const Model& model, const GridCheckReportInput& in,
                          const GridCheckResult& res);

} // namespace posenc::grid
