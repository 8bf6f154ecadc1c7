// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file check_report.h
/// `posenc check --input FILE[:TENSOR]` as one core call: the table read from its file (or handed over in memory),
/// checked against the reference (check.h), and the report document the CLI prints as JSON and the Python
/// binding returns as a dict (the same keys and values: it is written once, here).

#include "posenc/check.h"
#include "posenc/io/writers.h"
#include "posenc/matrix.h"

#include <cstddef>
#include <string>
#include <vector>

namespace posenc {

/// A table to check: rows x cols, or the slices of a [d0, ..., rows, cols] tensor stacked into the rows with
/// `leading` its leading dimensions (io::TableReadOptions::leadingDims); a 1-D inv_freq is one row.
struct CheckTableInput {
    Matrix table;
    std::vector<std::size_t> leading;
};

/// Reads `input` (FILE[:TENSOR]: .npy, .safetensors[:TENSOR], CSV, GGUF tensor; io::parseTableSource) with its
/// leading dimensions. Refuses tables larger than `memoryBudget` bytes. Throws what the readers throw
/// (InvalidInput("input", ...) naming the file and the reason).
CheckTableInput readCheckTable(const std::string& input, std::size_t memoryBudget);

/// checkTable / checkTableSlices of `input` (the one entry point of the file-style check).
CheckResult checkInput(const CheckTableInput& input, const CheckRequest& request);

/// The report of a check, as `posenc check --format json` prints it (keys in alphabetical order): match, method, params
/// (text as the CLI reads them), input (`inputName`), quantity, alignment, slices/slice (several slices only), layout,
/// storage, tolerance, max_abs_error, normalized_error, worst {position, column, pair}, error_per_pair, positions (when
/// listed), error_per_position {first_position, positions, bins, max_abs_error (max over at most 1024 bins)},
/// diagnosis [{kind, evidence, confidence, produced_by}], tested [{kind, variant, max_abs_error,
/// normalized_error}].
void writeCheckReport(io::DocumentWriter& w, const CheckResult& result, const CheckRequest& request,
                      const std::string& inputName);

/// `v` in at most `bins` bins, each the maximum of its entries (`v` itself when it is no longer).
std::vector<double> binnedMaximum(const std::vector<double>& v, std::size_t bins);

} // namespace posenc
