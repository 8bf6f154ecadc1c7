// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The declarations of analysis_specs.cpp's table, one file per analysis.
#include "posenc/analysis/analysis_spec.h"

namespace posenc::analysis {

AnalysisSpec decaySpec();
AnalysisSpec entropySpec();

} // namespace posenc::analysis
