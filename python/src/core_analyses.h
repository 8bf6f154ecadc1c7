// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// posenc._core's binding of the core's declared analyses (posenc/analysis/analysis_spec.h) and of ParamSpecs.
#include "posenc/encoding.h"
#include "posenc/params.h"

#include <pybind11/pybind11.h>

namespace posenc::python {

/// A ParamSpec as a dict: name, type, default, range, min, max, help, aliases, choices, optional.
pybind11::dict specDict(const ParamSpec& spec);
/// Every declared analysis: id, summary, uses_encoding, options (specDict), columns (name, meaning, always, shape).
pybind11::list analysisTable();
/// Runs the declared analysis `id` on `encoding` with keyword options (Python spelling: max_length is
/// max-length), validated once by the core; returns {"analysis", "columns": {name: float64 array}, "text_columns",
/// "labels", "scalars" (None: unset), "flags", "per_head": [arrays], "records_key", "records": [dicts]}. `encoding`
/// is null for an analysis that uses none (attention-scale, base-bound). Releases the GIL while it computes.
pybind11::dict runAnalysis(const Encoding* encoding, const std::string& id, const pybind11::dict& options);

} // namespace posenc::python
