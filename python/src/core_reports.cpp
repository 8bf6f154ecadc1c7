// SPDX-License-Identifier: GPL-3.0-or-later
#include "core_reports.h"

#include "posenc/errors.h"
#include "posenc/grid_report.h"
#include "posenc/grid_rope.h"
#include "posenc/io/inspect.h"
#include "posenc/io/tables.h"

#include <pybind11/stl.h>

#include <cmath>
#include <fstream>
#include <sstream>

namespace py = pybind11;

namespace posenc::python {

namespace {

/// Whether the config.json at `path` is a diffusers transformer config (unreadable: false; the core's reader
/// then names the problem).
bool isDiffusersFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    std::ostringstream text;
    text << in.rdbuf();
    return grid::isDiffusersConfig(text.str());
}

std::string shapeText(const py::array& a)
{
    std::string s;
    for (py::ssize_t d = 0; d < a.ndim(); ++d)
        s += (d ? " x " : "") + std::to_string(a.shape(d));
    return s;
}

} // namespace

py::object PyDocument::result() const
{
    py::object root = py::none();
    std::vector<py::object> open; // the containers not yet closed, innermost last
    std::string key;
    const auto put = [&](py::object v) {
        if (open.empty())
            root = v;
        else if (PyDict_Check(open.back().ptr()))
            open.back().cast<py::dict>()[py::str(key)] = v;
        else
            open.back().cast<py::list>().append(v);
        return v;
    };
    for (const auto& e : m_events) {
        switch (e.kind) {
        case Kind::Object:
            open.push_back(put(py::dict()));
            break;
        case Kind::Array:
            open.push_back(put(py::list()));
            break;
        case Kind::End:
            open.pop_back();
            break;
        case Kind::Key:
            key = e.text;
            break;
        case Kind::Real:
            put(std::isfinite(e.real) ? py::object(py::float_(e.real)) : py::none());
            break;
        case Kind::Integer:
            put(py::int_(e.integer));
            break;
        case Kind::Bool:
            put(py::bool_(e.integer != 0));
            break;
        case Kind::Text:
            put(py::str(e.text));
            break;
        case Kind::Null:
            put(py::none());
            break;
        }
    }
    return root;
}

CheckTableInput checkTableOf(const py::array_t<double, py::array::c_style | py::array::forcecast>& a)
{
    if (a.ndim() < 1)
        throw InvalidInput("array", "the table is a scalar; give a 1-D (inv_freq) or 2-D+ array");
    if (a.size() == 0)
        throw InvalidInput("array", "array: the array is empty (shape " + shapeText(a) + ")");
    CheckTableInput in;
    Matrix& m = in.table;
    if (a.ndim() == 1) {
        m.rows = 1;
        m.cols = static_cast<std::size_t>(a.shape(0));
    } else {
        m.rows = static_cast<std::size_t>(a.shape(a.ndim() - 2));
        m.cols = static_cast<std::size_t>(a.shape(a.ndim() - 1));
        for (py::ssize_t d = 0; d + 2 < a.ndim(); ++d) {
            in.leading.push_back(static_cast<std::size_t>(a.shape(d)));
            m.rows *= in.leading.back();
        }
    }
    m.data.assign(a.data(), a.data() + a.size());
    return in;
}

CheckRequest checkRequest(const MethodDef& method, const ParamSet& params, const CheckOptions& o)
{
    CheckRequest r;
    r.method = &method;
    r.params = params;
    r.quantity = parseCheckQuantity(o.quantity);
    if (o.layout)
        r.layout = parseCheckLayout(*o.layout);
    if (o.tolerance) { // the CLI's --tolerance range
        if (!(*o.tolerance > 0 && *o.tolerance <= 1e6))
            throw InvalidInput("tolerance", "tolerance=" + formatNumber(*o.tolerance) + " is outside (0, 1e6]");
        r.tolerance = *o.tolerance;
    }
    if (o.positions)
        parseCheckPositions(*o.positions, r);
    for (const double x : o.probe)
        if (!(std::isfinite(x) && std::fabs(x) <= 1e30))
            throw InvalidInput("probe", "probe value " + formatNumber(x) + " is outside [-1e30, 1e30]");
    r.probe = o.probe;
    r.queryScale = o.queryScale;
    return r;
}

py::dict checkReport(const CheckRequest& request, const py::object& input, std::size_t memoryBudget)
{
    const bool isPath = py::isinstance<py::str>(input);
    const std::string name = isPath ? input.cast<std::string>() : std::string("array");
    CheckTableInput table;
    if (!isPath) {
        const auto array = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(input);
        if (!array)
            throw InvalidInput("input", "input: expected a file name FILE[:TENSOR] or a real array, got " +
                                            py::str(py::type::of(input).attr("__name__")).cast<std::string>());
        table = checkTableOf(array);
    }
    PyDocument doc;
    {
        py::gil_scoped_release release;
        if (isPath)
            table = readCheckTable(name, memoryBudget);
        writeCheckReport(doc, checkInput(table, request), request, name);
    }
    return doc.result().cast<py::dict>();
}

py::dict gridInspectReport(const std::string& configText, const std::string& origin, bool visionTower)
{
    PyDocument doc;
    {
        py::gil_scoped_release release;
        grid::writeGridInspectReport(doc, visionTower ? grid::fromVisionConfig(configText, origin)
                                                      : grid::fromDiffusersConfig(configText, origin));
    }
    return doc.result().cast<py::dict>();
}

py::dict gridCheckReport(const std::string& configText, const std::string& origin, bool visionTower,
                         const py::object& input, const std::string& quantity, const std::string& positionLayout,
                         const std::optional<double>& tolerance, long long riflexFrames, int riflexK,
                         const std::string& order)
{
    if (quantity != "cos" && quantity != "sin")
        throw InvalidInput("quantity",
                           "--quantity " + quantity + ": an image/video RoPE table is checked as cos or sin");
    grid::GridCheckRequest req;
    req.sine = quantity == "sin";
    if (tolerance) {
        if (!(*tolerance > 0 && *tolerance <= 1e6))
            throw InvalidInput("tolerance", "tolerance=" + formatNumber(*tolerance) + " is outside (0, 1e6]");
        req.tolerance = *tolerance;
    }
    if (riflexFrames < 0 || riflexK < 0)
        throw InvalidInput(riflexFrames < 0 ? "riflex_frames" : "riflex_k",
                           "riflex_frames and riflex_k are counts: 0 or more");
    req.riflexFrames = riflexFrames;
    req.riflexK = riflexK;
    const bool isPath = py::isinstance<py::str>(input);
    const std::string name = isPath ? input.cast<std::string>() : std::string("array");
    Matrix table;
    if (!isPath) {
        const auto array = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(input);
        if (!array || array.ndim() != 2)
            throw InvalidInput("input", "input: an image/video RoPE table is a 2-D array (tokens x columns)");
        table = checkTableOf(array).table;
    }
    PyDocument doc;
    {
        py::gil_scoped_release release;
        const auto given =
            visionTower ? grid::fromVisionConfig(configText, origin) : grid::fromDiffusersConfig(configText, origin);
        const auto model = grid::withOrder(given, grid::parseOrder(given, order)); // the table's token order
        const auto layout = grid::parseLayout(positionLayout);
        if (isPath)
            table = io::readTableFile(io::parseTableSource(name), io::TableReadOptions{});
        const auto res = grid::checkGridTable(model, layout, table.data, table.rows, table.cols, req);
        grid::writeGridCheckReport(doc, model, {name, quantity, positionLayout, req.tolerance}, res);
    }
    return doc.result().cast<py::dict>();
}

py::object inspectReport(const std::string& path, const std::optional<std::string>& text,
                         const std::optional<std::string>& era, const std::optional<double>& seqLen,
                         const std::optional<std::string>& against, const std::string& engine,
                         const std::string& arithmetic, bool enginesAll, bool baseBound)
{
    io::InspectRequest r;
    r.path = path;
    r.text = text;
    if (era)
        r.options.era = io::parseHfEra(*era);
    if (seqLen) { // the CLI's --seq-len range
        if (!(*seqLen >= 0 && *seqLen <= 1e12))
            throw InvalidInput("seq_len", "seq_len=" + formatNumber(*seqLen) + " is outside [0, 1e12]");
        r.options.seqLen = *seqLen;
    }
    r.against = against;
    r.engine = engine;
    r.arithmetic = arithmetic;
    r.enginesAll = enginesAll;
    r.baseBound = baseBound;
    PyDocument doc;
    bool diffusers = false;
    {
        py::gil_scoped_release release;
        diffusers = text ? grid::isDiffusersConfig(*text) : !io::isGgufFile(path) && isDiffusersFile(path);
        if (!diffusers)
            io::writeInspectReport(doc, io::inspect(r));
    }
    return diffusers ? py::object(py::none()) : doc.result();
}

} // namespace posenc::python
