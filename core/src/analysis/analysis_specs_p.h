// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The declarations of analysis_specs.cpp's table, one file per analysis.
#include "posenc/analysis/analysis_spec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace posenc::analysis {

/// A list option whose entries must be integers: empty when unset; InvalidInput naming the option and the entry
/// that is not an integer, or an empty list.
std::vector<std::int64_t> integerList(const ParamSet& p, const std::string& name);

AnalysisSpec decaySpec();
AnalysisSpec entropySpec();
AnalysisSpec boundsSpec();
AnalysisSpec precisionSpec();
AnalysisSpec attentionScaleSpec();
AnalysisSpec baseBoundSpec();
AnalysisSpec dualChunkSpec();
AnalysisSpec positionsSpec();
AnalysisSpec dypeSpec();

} // namespace posenc::analysis
