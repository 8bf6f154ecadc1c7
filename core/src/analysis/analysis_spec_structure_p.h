// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The declarations of the structure analyses (similarity, spectrum, pca: analysis/structure.h) and the options
// they share: the window of positions (length, start) and the matrix view.
#include "posenc/analysis/analysis_spec.h"

#include <cstdint>
#include <string>

namespace posenc::analysis {

AnalysisSpec similaritySpec();
AnalysisSpec spectrumSpec();
AnalysisSpec pcaSpec();

/// `length`: optional int in [min, max]; unset takes the whole table of a table-backed encoding.
ParamSpec windowLengthOption(double min, double max, std::string help);
/// `start`: the first position, 0 .. 2^50.
ParamSpec startOption();
/// `view`: "auto" (the method's first view) or a matrix view's name.
ParamSpec matrixViewOption(std::string help);

/// The checked `length`, or, unset, the rows of a table-backed encoding brought into the option's range (as the
/// CLI has always done with --input); InvalidInput("length") naming `what` when the encoding has no table.
std::int64_t windowLength(const AnalysisSpec& spec, const Encoding& encoding, const ParamSet& checked,
                          const std::string& what);
/// The checked `view`: auto is the method's first view (pe when it has none).
View matrixView(const Encoding& encoding, const ParamSet& checked);

} // namespace posenc::analysis
