// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file matrix_request.h
/// A matrix request checked once, in core: `posenc compute matrix` (app/cli/cmd_matrix.cpp) and Python's
/// posenc.matrix / Encoding.matrix (python/src/core_module.cpp) build their MatrixRequest here, with the same
/// rules and messages.

#include "posenc/matrix.h"
#include "posenc/params.h"

#include <cstddef>
#include <string>
#include <vector>

namespace posenc {

/// The request's options: view (text: one of the encoding's views), length, start, head, probe, memory-budget
/// (text such as 512MiB). Types and ranges are those of the command's flags.
const std::vector<ParamSpec>& matrixRequestOptions();

/// Bytes from "512MiB", "4GiB" or a plain number (KiB, MiB, GiB, TiB suffixes); InvalidInput("memory-budget")
/// naming the text when it is not a number or the bytes are outside [1 B, 1e18 B].
std::size_t parseMemoryBudget(const std::string& text);

/// The checked request of `given` (values already of their option's type; unknown names are InvalidInput naming
/// them). `methodId` names the method in the message of a missing view. Without a length the encoding's whole
/// table is taken when it has finite positions; otherwise InvalidInput("length").
MatrixRequest matrixRequestFrom(const Encoding& encoding, const ParamSet& given, const std::string& methodId);

} // namespace posenc
