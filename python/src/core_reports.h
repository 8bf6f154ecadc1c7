// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// posenc._core's reports: documents the core writes once (io::DocumentWriter: check_report.h, inspect_report.h)
// built straight into Python dicts and lists — the same keys and values as the CLI's JSON, with no JSON text, no
// argv and no temporary file in between.
#include "posenc/check_report.h"
#include "posenc/io/writers.h"
#include "posenc/method.h"
#include "posenc/params.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <vector>

namespace posenc::python {

/// A DocumentWriter that records the document without touching Python (it may be written with the GIL
/// released) and builds it as Python objects in result(): objects become dicts, arrays lists, numbers that are
/// not finite None (as null in JSON).
class PyDocument final : public io::DocumentWriter {
public:
    using DocumentWriter::array;
    using DocumentWriter::value;
    PyDocument& beginObject() override { return add(Kind::Object); }
    PyDocument& endObject() override { return add(Kind::End); }
    PyDocument& beginArray() override { return add(Kind::Array); }
    PyDocument& endArray() override { return add(Kind::End); }
    PyDocument& key(const std::string& k) override { return add(Kind::Key, 0, 0, k); }
    PyDocument& value(double x) override { return add(Kind::Real, x); }
    PyDocument& value(long long x) override { return add(Kind::Integer, 0, x); }
    PyDocument& value(bool b) override { return add(Kind::Bool, 0, b ? 1 : 0); }
    PyDocument& value(const std::string& s) override { return add(Kind::Text, 0, 0, s); }
    PyDocument& null() override { return add(Kind::Null); }
    /// The document as Python objects (needs the GIL; None when nothing was written).
    pybind11::object result() const;

private:
    enum class Kind { Object, Array, End, Key, Real, Integer, Bool, Text, Null };
    struct Event {
        Kind kind;
        double real;
        long long integer;
        std::string text;
    };
    PyDocument& add(Kind kind, double real = 0, long long integer = 0, std::string text = {})
    {
        m_events.push_back({kind, real, integer, std::move(text)});
        return *this;
    }
    std::vector<Event> m_events;
};

/// An array (any real dtype, C order after conversion) as a check table: 1-D is one row (inv_freq); more than 2
/// dimensions: the leading ones are slices (CheckTableInput::leading). InvalidInput("array") for a scalar.
CheckTableInput checkTableOf(const pybind11::array_t<double, pybind11::array::c_style | pybind11::array::forcecast>& a);

/// What posenc.check(method, input=..., quantity=...) and `posenc check` take besides the method.
struct CheckOptions {
    std::string quantity;
    std::optional<std::string> layout;
    std::optional<double> tolerance;
    std::optional<std::string> positions;
    std::vector<double> probe;
    /// query-scale: the rule of the encoding's config (posenc::queryScaleOfConfig); unset for an encoding built
    /// from parameters
    std::optional<QueryScaleReference> queryScale;
};
/// The request for `method` with `params` (validated: the CLI's ranges and messages).
CheckRequest checkRequest(const MethodDef& method, const ParamSet& params, const CheckOptions& options);

/// `posenc check --format json` as a dict: `input` is a path FILE[:TENSOR] (read with memoryBudget bytes at
/// most) or an array (its name in the report: "array"). Computes without the GIL. Returns (dict, match).
pybind11::dict checkReport(const CheckRequest& request, const pybind11::object& input, std::size_t memoryBudget);

/// `posenc inspect CONFIG --format json` of a diffusers config (or a VLM's vision tower when `visionTower`) as a
/// dict (grid_report.h).
pybind11::dict gridInspectReport(const std::string& configText, const std::string& origin, bool visionTower);

/// `posenc check --config DIFFUSERS_OR_VLM --format json` (grid_check_report.h) as a dict: the config's JSON text
/// (a diffusers transformer config, or a VLM's vision tower when `visionTower`), `input` a path FILE[:TENSOR] or a
/// 2-D array (named "array"); `order` the table's token order (grid::parseOrder: "model", "window", "blocks",
/// "raster"). Computes without the GIL.
pybind11::dict gridCheckReport(const std::string& configText, const std::string& origin, bool visionTower,
                               const pybind11::object& input, const std::string& quantity,
                               const std::string& positionLayout, const std::optional<double>& tolerance,
                               long long riflexFrames, int riflexK, const std::string& order);

} // namespace posenc::python

namespace posenc::python {

/// `posenc inspect --format json` as a dict, read afresh (no cache): `path` a config.json or GGUF file, or with
/// `text` the config's JSON text (a dict; `path` is then its name). None for an image/video (diffusers) config,
/// which only the command reads. Computes without the GIL.
pybind11::object inspectReport(const std::string& path, const std::optional<std::string>& text,
                               const std::optional<std::string>& era, const std::optional<double>& seqLen,
                               const std::optional<std::string>& against, const std::string& engine,
                               const std::string& arithmetic, bool enginesAll, bool baseBound);

} // namespace posenc::python
