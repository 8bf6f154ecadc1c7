// SPDX-License-Identifier: GPL-3.0-or-later
// The core's declared analyses bound generically: no option, range or column is named here.
#include "core_analyses.h"

#include "posenc/analysis/analysis_spec.h"
#include "posenc/errors.h"
#include "posenc/matrix_request.h"
#include "posenc/registry.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <cstring>
#include <memory>

namespace py = pybind11;

namespace posenc::python {

namespace {

py::object value(const ParamSpec& spec, const ParamValue& v)
{
    return std::visit(
        [&](const auto& x) -> py::object {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, std::monostate>)
                return py::none();
            else if constexpr (std::is_same_v<X, double>)
                return spec.type == ParamType::Int ? py::object(py::int_(static_cast<long long>(x)))
                                                   : py::object(py::float_(x));
            else
                return py::cast(x);
        },
        v);
}

py::array_t<double> array(const std::vector<double>& v)
{
    py::array_t<double> a(static_cast<py::ssize_t>(v.size()));
    std::memcpy(a.mutable_data(), v.data(), v.size() * sizeof(double));
    return a;
}

std::string kebab(std::string s)
{
    std::replace(s.begin(), s.end(), '_', '-');
    return s;
}

/// A Python value for `spec` as a ParamValue (the core checks the range); a value of the wrong type is
/// InvalidInput naming the option.
ParamValue fromPython(const ParamSpec& spec, const py::handle& v)
{
    const auto wrong = [&](const char* expected) {
        return InvalidInput(spec.name, spec.name + ": expected " + expected + ", got " +
                                           std::string(py::str(py::type::of(v).attr("__name__"))));
    };
    const bool isBool = py::isinstance<py::bool_>(v) || py::isinstance(v, py::module_::import("numpy").attr("bool_"));
    switch (spec.type) {
    case ParamType::Bool:
        if (!isBool)
            throw wrong("a bool");
        return v.cast<bool>();
    case ParamType::Int:
    case ParamType::Real:
        if (isBool || !py::hasattr(v, "__float__") || py::isinstance<py::str>(v))
            throw wrong("a number");
        return py::reinterpret_borrow<py::object>(v).attr("__float__")().cast<double>();
    case ParamType::Choice:
    case ParamType::Text:
        if (!py::isinstance<py::str>(v))
            throw wrong("a string");
        return v.cast<std::string>();
    case ParamType::RealList: {
        if (py::isinstance<py::str>(v) || !py::isinstance<py::iterable>(v))
            throw wrong("a list of numbers");
        std::vector<double> out;
        for (const auto& x : v) {
            if (py::isinstance<py::bool_>(x) || !py::hasattr(x, "__float__") || py::isinstance<py::str>(x))
                throw wrong("a list of numbers");
            out.push_back(py::reinterpret_borrow<py::object>(x).attr("__float__")().cast<double>());
        }
        return out;
    }
    }
    throw wrong("a value");
}

/// A row-major Matrix as a 2-D float64 array (one copy, into memory the array owns).
py::array_t<double> array2d(const Matrix& m)
{
    py::array_t<double> a({static_cast<py::ssize_t>(m.rows), static_cast<py::ssize_t>(m.cols)});
    std::memcpy(a.mutable_data(), m.data.data(), m.data.size() * sizeof(double));
    return a;
}

py::list resultFields(const std::vector<analysis::ResultColumn>& fields)
{
    py::list out;
    for (const auto& c : fields) {
        py::dict cd;
        cd["name"] = c.name;
        cd["meaning"] = c.meaning;
        cd["always"] = c.always;
        out.append(cd);
    }
    return out;
}

} // namespace

py::dict specDict(const ParamSpec& s)
{
    static constexpr const char* types[] = {"int", "real", "bool", "choice", "real-list", "text"};
    py::dict p;
    p["name"] = s.name;
    p["type"] = types[static_cast<int>(s.type)];
    p["default"] = value(s, s.defaultValue);
    p["range"] = s.rangeText();
    p["min"] = s.min;
    p["max"] = s.max;
    p["min_inclusive"] = s.minInclusive;
    p["max_inclusive"] = s.maxInclusive;
    p["help"] = s.help;
    p["aliases"] = s.aliases;
    p["choices"] = s.choices;
    p["optional"] = s.optional;
    return p;
}

py::list analysisTable()
{
    py::list out;
    for (const auto& a : analysis::analysisSpecs()) {
        py::dict d;
        d["id"] = a.id;
        d["summary"] = a.summary;
        py::list options;
        for (const auto& o : a.options)
            options.append(specDict(o));
        d["options"] = options;
        py::list columns;
        for (const auto& c : a.columns) {
            py::dict cd;
            cd["name"] = c.name;
            cd["meaning"] = c.meaning;
            cd["always"] = c.always;
            static constexpr const char* shapes[] = {"array", "text-array", "number", "text", "records"};
            cd["shape"] = shapes[static_cast<int>(c.shape)];
            columns.append(cd);
        }
        d["columns"] = columns;
        d["uses_encoding"] = a.usesEncoding;
        d["matrices"] = resultFields(a.matrices);
        out.append(d);
    }
    return out;
}

/// An AnalysisOutput as a dict: columns (float64 arrays), text_columns (lists, None for ""), labels, scalars
/// (None where not finite: unset), flags, per_head, records (dicts of the same fields, flattened) under
/// records_key.
static py::dict outputDict(const analysis::AnalysisOutput& out)
{
    py::dict d;
    py::dict columns;
    for (const auto& [name, values] : out.columns)
        columns[py::str(name)] = array(values);
    d["columns"] = columns;
    py::dict texts;
    for (const auto& [name, values] : out.textColumns) {
        py::list l;
        for (const auto& t : values)
            l.append(t.empty() ? py::object(py::none()) : py::object(py::str(t)));
        texts[py::str(name)] = l;
    }
    d["text_columns"] = texts;
    py::dict matrices;
    for (const auto& [name, m] : out.matrices)
        matrices[py::str(name)] = array2d(m);
    d["matrices"] = matrices;
    py::dict labels;
    for (const auto& [k, text] : out.labels)
        labels[py::str(k)] = text;
    d["labels"] = labels;
    py::dict scalars;
    for (const auto& [k, x] : out.scalars)
        scalars[py::str(k)] = std::isfinite(x) ? py::object(py::float_(x)) : py::object(py::none());
    d["scalars"] = scalars;
    py::dict flags;
    for (const auto& [k, yes] : out.flags)
        flags[py::str(k)] = yes;
    d["flags"] = flags;
    py::list heads;
    for (const auto& h : out.perHead)
        heads.append(array(h));
    d["per_head"] = heads;
    d["records_key"] = out.recordsKey;
    py::list records;
    for (const auto& r : out.records) {
        const py::dict rd = outputDict(r);
        py::dict flat; // one record: its fields by name, as the CLI's JSON writes them
        for (const char* part : {"labels", "scalars", "flags", "columns", "text_columns"})
            for (const auto& [k, v] : rd[part].cast<py::dict>())
                flat[k] = v;
        records.append(flat);
    }
    d["records"] = records;
    return d;
}

/// Runs `compute` with the GIL released. Ctrl+C: the computation reports progress; at most every 20 ms the report
/// takes the GIL back and runs Python's signal handlers (they run on the main thread, the caller's); a
/// KeyboardInterrupt stops the computation at that report (Cancelled) and is raised here. No state outlives the
/// call.
template <class R, class F> static R interruptible(F&& compute)
{
    bool interrupted = false;
    std::mutex mutex;
    auto last = std::chrono::steady_clock::now();
    const ProgressFn progress = [&](double) {
        std::lock_guard lock(mutex);
        if (interrupted)
            return false;
        const auto now = std::chrono::steady_clock::now();
        if (now - last < std::chrono::milliseconds(20))
            return true;
        last = now;
        py::gil_scoped_acquire acquire;
        interrupted = PyErr_CheckSignals() != 0;
        return !interrupted;
    };
    try {
        py::gil_scoped_release release;
        return compute(progress);
    } catch (const Cancelled&) {
        if (interrupted)
            throw py::error_already_set();
        throw;
    }
}

std::size_t memoryBudgetOf(const py::handle& value)
{
    if (py::isinstance<py::str>(value))
        return parseMemoryBudget(value.cast<std::string>()); // the CLI's --memory-budget text, e.g. "512MiB"
    if (py::isinstance<py::bool_>(value) || !py::isinstance<py::int_>(value) || value.cast<long long>() <= 0)
        throw InvalidInput("memory-budget", "memory_budget: expected bytes (a positive integer) or text such as "
                                            "512MiB, got " +
                                                py::repr(value).cast<std::string>());
    return value.cast<std::size_t>();
}

py::dict runAnalysis(const Encoding* encoding, const std::string& id, const py::dict& options, const ParamSet& config)
{
    const analysis::AnalysisSpec& spec = analysis::analysisSpec(id);
    ParamSet given;
    analysis::RunContext context;
    for (const auto& [key, v] : options) {
        if (v.is_none())
            continue;
        if (py::str(key).cast<std::string>() == "memory_budget") { // how much the run may allocate, not an option
            context.memoryBudget = memoryBudgetOf(v);
            continue;
        }
        const ParamSpec& s = spec.option(kebab(py::str(key)));
        given.set(s.name, fromPython(s, v));
    }
    given = analysis::withConfigValues(spec, std::move(given), config);
    const auto out = interruptible<analysis::AnalysisOutput>([&](const ProgressFn& progress) {
        context.progress = progress;
        return analysis::runAnalysis(spec, encoding, given, context);
    });
    py::dict d = outputDict(out);
    d["analysis"] = spec.id;
    return d;
}

py::array_t<double> matrixOf(const Encoding& encoding, const std::string& methodId, const py::dict& options)
{
    ParamSet given;
    for (const auto& [key, v] : options) {
        if (v.is_none())
            continue;
        const std::string name = kebab(py::str(key));
        const auto& specs = matrixRequestOptions();
        const auto s = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& p) { return p.name == name; });
        if (s == specs.end())
            throw InvalidInput(name, "matrix has no option '" + name + "'");
        given.set(name, fromPython(*s, v));
    }
    const MatrixRequest request = matrixRequestFrom(encoding, given, methodId);
    auto result = std::make_unique<Matrix>(
        interruptible<Matrix>([&](const ProgressFn& progress) { return computeMatrix(encoding, request, progress); }));
    const std::size_t rows = result->rows;
    const std::size_t cols = result->cols;
    double* data = result->data.data();
    py::capsule owner(result.release(), [](void* m) { delete static_cast<Matrix*>(m); });
    return py::array_t<double>({rows, cols}, {cols * sizeof(double), sizeof(double)}, data, owner);
}

/// A method's parameter with the fields and type names of `posenc methods --format json` (cmd_methods.cpp): the
/// bounds for numeric types only, choices when there are any, scale and unit.
py::dict methodParam(const ParamSpec& s)
{
    py::dict p = specDict(s);
    if (s.type == ParamType::RealList)
        p["type"] = "list";
    if (s.type != ParamType::Int && s.type != ParamType::Real && s.type != ParamType::RealList)
        for (const char* key : {"min", "max", "min_inclusive", "max_inclusive"})
            PyDict_DelItemString(p.ptr(), key);
    if (s.choices.empty())
        PyDict_DelItemString(p.ptr(), "choices");
    p["scale"] = s.scale == ScaleHint::Log ? "log" : "linear";
    p["unit"] = s.unit;
    return p;
}

py::list methodTable()
{
    py::list out;
    for (const auto& m : Registry::instance().methods()) {
        py::dict d;
        d["id"] = m.info.id;
        d["name"] = m.info.displayName;
        d["summary"] = m.info.summary;
        d["kind"] = toString(m.info.kind);
        d["citation"] = m.info.citation;
        d["aliases"] = m.info.aliases;
        py::list views;
        for (View v : m.build(Registry::defaults(m))->views())
            views.append(toString(v));
        d["views"] = views;
        py::list params;
        for (const auto& s : m.info.params)
            params.append(methodParam(s));
        d["params"] = params;
        out.append(d);
    }
    return out;
}

} // namespace posenc::python
