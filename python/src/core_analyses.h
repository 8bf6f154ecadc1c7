// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// posenc._core's binding of the core's declared analyses (posenc/analysis/analysis_spec.h) and of ParamSpecs.
#include "posenc/encoding.h"
#include "posenc/params.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

namespace posenc::python {

/// A ParamSpec as a dict: name, type, default, range, min, max, help, aliases, choices, optional.
pybind11::dict specDict(const ParamSpec& spec);
/// The registry as `posenc methods --format json` lists it (cmd_methods.cpp): id, name, summary, kind, citation,
/// aliases, views, params (specDict with the CLI's type names, bounds of numeric types, choices, scale, unit).
pybind11::list methodTable();
/// Every declared analysis: id, summary, uses_encoding, options (specDict), columns (name, meaning, always, shape).
pybind11::list analysisTable();
/// Runs the declared analysis `id` on `encoding` with keyword options (Python spelling: max_length is
/// max-length), validated once by the core; returns {"analysis", "columns": {name: float64 array}, "text_columns",
/// "labels", "scalars" (None: unset), "flags", "per_head": [arrays], "records_key", "records": [dicts]}. `encoding`
/// is null for an analysis that uses none (attention-scale, base-bound). Releases the GIL while it computes.
/// `config`: the values the encoding's config fixes (io::HfEncoding::analysisDefaults), defaults under `options`.
/// `options` may hold memory_budget (bytes, or text such as "512MiB"): what the run may allocate, checked before.
pybind11::dict runAnalysis(const Encoding* encoding, const std::string& id, const pybind11::dict& options,
                           const ParamSet& config = {});
/// A memory budget given in Python: bytes (a positive int) or text such as "512MiB" (parseMemoryBudget);
/// InvalidInput("memory-budget") otherwise.
std::size_t memoryBudgetOf(const pybind11::handle& value);

/// The matrix of `encoding` for keyword options (view, length, start, head, probe, memory_budget), the request
/// checked by the core (posenc/matrix_request.h); a float64 C-order ndarray owning the one result buffer.
pybind11::array_t<double> matrixOf(const Encoding& encoding, const std::string& methodId,
                                   const pybind11::dict& options);

} // namespace posenc::python
