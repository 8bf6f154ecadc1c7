// SPDX-License-Identifier: GPL-3.0-or-later
// posenc._core: the library core bound directly (no CLI, no argv, no JSON round trip, no temporary file), for
// posenc.Encoding and posenc.check (python/posenc/_encoding.py). Links posenc::core only.
//
// An _Encoding holds one immutable core Encoding (built once from the registry, or resolved from a config's text
// or path); every call reads it, so one object may be used from many Python threads at once. Long loops release
// the GIL. Bad input raises InvalidInput (a ValueError) whose `param` names the parameter at fault.
#include "core_analyses.h"
#include "core_reports.h"

#include "posenc/check.h"
#include "posenc/cos_sin.h"
#include "posenc/errors.h"
#include "posenc/io/builtin_presets.h"
#include "posenc/io/config_choice.h"
#include "posenc/io/hf_config.h"
#include "posenc/matrix_request.h"
#include "posenc/mrope.h"
#include "posenc/params.h"
#include "posenc/registry.h"
#include "posenc/version.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstring>

namespace py = pybind11;
using namespace posenc;

void bindGrid(py::module_& m); // grid_module.cpp: the image/video RoPE families

namespace {

struct CoreEncoding {
    const MethodDef* method = nullptr;
    ParamSet params;
    std::shared_ptr<const Encoding> encoding;
    std::vector<std::string> warnings;
    std::string origin;        ///< "parameters", or the config's origin and scope
    std::vector<int> streams;  ///< M-RoPE: stream of each pair; empty otherwise
    ParamSet analysisDefaults; ///< the analysis options the config fixes (io::HfEncoding::analysisDefaults)
    std::optional<QueryScaleReference> queryScale; ///< the config's query temperature (check's query-scale)

    const RotaryFrequencies& rotary(const char* what) const
    {
        const RotaryFrequencies* f = encoding->rotary();
        if (!f)
            throw InvalidInput("method", std::string(what) + " needs a rotary method; " + method->info.id + " is " +
                                             toString(encoding->kind()));
        return *f;
    }
};

std::string kebab(std::string s)
{
    std::replace(s.begin(), s.end(), '_', '-');
    return s;
}

void finish(CoreEncoding& e)
{
    for (const auto& w : Registry::warnings(*e.method, e.params))
        e.warnings.push_back(w.message);
    const std::string& id = e.method->info.id;
    if (id == "mrope" || id == "mrope-interleaved") {
        std::vector<int> sections;
        for (double v : e.params.list("mrope-section"))
            sections.push_back(static_cast<int>(v));
        e.streams =
            mrope::pairStreams(sections, e.encoding->rotary()->pairs(),
                               id == "mrope" ? mrope::SectionLayout::Chunked : mrope::SectionLayout::Interleaved);
    }
}

CoreEncoding fromParams(const std::string& method, const std::map<std::string, std::string>& text)
{
    CoreEncoding e;
    e.method = &Registry::instance().find(method);
    std::map<std::string, std::string> kebabText;
    for (const auto& [k, v] : text)
        kebabText[kebab(k)] = v;
    e.params = Registry::resolve(*e.method, kebabText);
    e.encoding = Registry::build(*e.method, e.params);
    e.origin = "parameters";
    finish(e);
    return e;
}

io::HfConfigOptions configOptions(const std::string& origin, const std::optional<std::string>& era,
                                  const std::optional<double>& seqLen)
{
    io::HfConfigOptions o;
    o.origin = origin;
    o.compareEras = false;
    if (era)
        o.era = io::parseHfEra(*era);
    if (seqLen) {
        if (!(*seqLen >= 0 && *seqLen <= 1e12))
            throw InvalidInput("seq_len", "seq_len=" + formatNumber(*seqLen) + " is outside [0, 1e12]");
        o.seqLen = *seqLen;
    }
    return o;
}

CoreEncoding fromConfig(const io::HfConfig& config, const std::optional<std::string>& which,
                        const std::optional<int>& layer, const std::optional<std::string>& method,
                        const std::map<std::string, std::string>& overrides)
{
    const io::HfEncoding& h = io::selectEncoding(config, which, layer);
    CoreEncoding e;
    e.method = &Registry::instance().find(method.value_or(h.method));
    const bool own = e.method->info.id == h.method;
    std::map<std::string, std::string> kebabText;
    for (const auto& [k, v] : overrides)
        kebabText[kebab(k)] = v;
    if (own && kebabText.empty()) {
        e.params = h.params;
        e.encoding = h.encoding;
    } else { // the file's values first (io::paramsFromEncoding: all for its own method, the shared ones else)
        e.params = Registry::resolve(*e.method, own ? h.params : io::paramsFromEncoding(h, *e.method), kebabText);
        e.encoding = Registry::build(*e.method, e.params);
    }
    e.origin =
        config.modelName + (h.scope.empty() ? "" : " [" + h.scope + "]") + (own ? "" : " as " + e.method->info.id);
    e.analysisDefaults = h.analysisDefaults();
    e.queryScale = queryScaleOfConfig(config, h);
    finish(e);
    e.warnings.insert(e.warnings.begin(), config.warnings.begin(), config.warnings.end());
    return e;
}

py::array_t<double> vec(const std::vector<double>& v)
{
    py::array_t<double> a(static_cast<py::ssize_t>(v.size()));
    std::memcpy(a.mutable_data(), v.data(), v.size() * sizeof(double));
    return a;
}

py::object paramValue(const ParamValue& v)
{
    return std::visit(
        [](const auto& x) -> py::object {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, std::monostate>)
                return py::none();
            else
                return py::cast(x);
        },
        v);
}

py::dict paramsDict(const MethodDef& method, const ParamSet& p)
{
    py::dict d;
    for (const auto& [k, v] : p.values()) {
        const ParamSpec* spec = method.findParam(k);
        if (spec && spec->type == ParamType::Int && std::holds_alternative<double>(v))
            d[py::str(k)] = static_cast<long long>(std::get<double>(v)); // Int parameters are held as doubles
        else
            d[py::str(k)] = paramValue(v);
    }
    return d;
}

py::dict frequencyDict(const CoreEncoding& e)
{
    py::dict d;
    const auto t = e.encoding->frequencyTable();
    if (!t)
        return d;
    d["inv_freq"] = vec(t->invFreq);
    d["wavelength"] = vec(t->wavelength);
    d["attention_factor"] = t->attentionFactor;
    if (t->ramp)
        d["ramp"] = vec(*t->ramp);
    if (t->interpolation)
        d["interpolation"] = vec(*t->interpolation);
    py::dict extras;
    for (const auto& [k, v] : t->extras)
        extras[py::str(k)] = v;
    d["extras"] = extras;
    d["rotary_dim"] = t->rotaryDim ? py::object(py::int_(*t->rotaryDim)) : py::object(py::none());
    if (!e.streams.empty()) // M-RoPE: the stream (t, h or w) of each pair, as compute frequencies writes it
        d["stream"] = e.streams;
    return d;
}

template <class T>
py::tuple cosSinT(const CoreEncoding& e,
                  const py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>& pos)
{
    const RotaryFrequencies& f = e.rotary("cos_sin");
    const std::size_t cols = static_cast<std::size_t>(f.rotaryDim);
    if (pos.ndim() == 1) {
        const std::size_t n = static_cast<std::size_t>(pos.shape(0));
        py::array_t<T> c({n, cols}), s({n, cols});
        std::span<const std::int64_t> p(pos.data(), n);
        T* cp = c.mutable_data();
        T* sp = s.mutable_data();
        {
            py::gil_scoped_release release;
            if (e.streams.empty()) {
                rotaryCosSin<T>(f, p, cp, sp);
            } else { // M-RoPE text tokens: t = h = w = the position, each angle direct (as mrope.cpp computes)
                std::vector<std::int64_t> ids;
                ids.reserve(3 * n);
                for (int k = 0; k < 3; ++k)
                    ids.insert(ids.end(), p.begin(), p.end());
                mropeCosSin<T>(f, e.streams, ids, n, cp, sp);
            }
        }
        return py::make_tuple(c, s);
    }
    if (pos.ndim() == 2) {
        if (e.streams.empty())
            throw InvalidInput("positions", "positions of shape (" + std::to_string(pos.shape(0)) + ", " +
                                                std::to_string(pos.shape(1)) + ") are M-RoPE (t, h, w) ids; " +
                                                e.method->info.id + " takes one position per token, shape (N,)");
        const std::size_t n = static_cast<std::size_t>(pos.shape(1));
        py::array_t<T> c({n, cols}), s({n, cols});
        std::span<const std::int64_t> ids(pos.data(), static_cast<std::size_t>(pos.size()));
        T* cp = c.mutable_data();
        T* sp = s.mutable_data();
        {
            py::gil_scoped_release release;
            mropeCosSin<T>(f, e.streams, ids, n, cp, sp);
        }
        return py::make_tuple(c, s);
    }
    throw InvalidInput("positions", "positions must be (N,) or (3, N) M-RoPE ids; got " + std::to_string(pos.ndim()) +
                                        " dimensions");
}

template <class T>
py::array_t<T> rotateT(const CoreEncoding& e, py::array_t<T, py::array::c_style | py::array::forcecast> x,
                       const py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>& pos,
                       const std::string& pairing)
{
    const RotaryFrequencies& f = e.rotary("rotate");
    if (!e.streams.empty())
        throw InvalidInput("x", "rotate() with M-RoPE ids is not supported; use cos_sin((3, N) ids)");
    if (x.ndim() < 2)
        throw InvalidInput("x", "x must be (..., N, head_dim); got " + std::to_string(x.ndim()) + " dimension(s)");
    if (pos.ndim() != 1)
        throw InvalidInput("positions", "positions must be (N,)");
    const std::size_t n = static_cast<std::size_t>(x.shape(x.ndim() - 2));
    if (static_cast<std::size_t>(pos.shape(0)) != n)
        throw InvalidInput("positions", std::to_string(pos.shape(0)) + " positions for " + std::to_string(n) +
                                            " rows of x (its second-to-last dimension)");
    const Pairing p = pairing.empty() ? f.pairing : parseEnum(kPairingNames, "pairing", pairing);
    py::array_t<T> out(std::vector<py::ssize_t>(x.shape(), x.shape() + x.ndim()));
    std::memcpy(out.mutable_data(), x.data(), static_cast<std::size_t>(x.size()) * sizeof(T));
    const std::size_t head = static_cast<std::size_t>(x.shape(x.ndim() - 1));
    const std::size_t rows = head == 0 ? 0 : static_cast<std::size_t>(x.size()) / head;
    T* data = out.mutable_data();
    std::span<const std::int64_t> ps(pos.data(), n);
    {
        py::gil_scoped_release release;
        rotaryApply<T>(f, p, ps, data, rows, head);
    }
    return out;
}

py::dict check(const CoreEncoding& e, const py::array_t<double, py::array::c_style | py::array::forcecast>& table,
               const std::string& quantity, const std::optional<std::string>& layout,
               const std::optional<double>& tolerance, const std::optional<std::string>& positions)
{
    const CheckRequest r =
        python::checkRequest(*e.method, e.params, {quantity, layout, tolerance, positions, {}, e.queryScale});
    const CheckTableInput in = python::checkTableOf(table);
    CheckResult c;
    {
        py::gil_scoped_release release;
        c = checkInput(in, r);
    }
    py::dict d;
    d["match"] = c.match;
    d["alignment"] = c.alignment;
    d["layout"] = toString(c.layout);
    d["storage"] = toString(c.storage);
    d["tolerance"] = c.toleranceText;
    d["max_error"] = c.maxAbsError;
    d["normalized"] = c.normalized;
    d["worst_position"] = c.worstPosition;
    d["worst_column"] = c.worstColumn;
    d["worst_pair"] = c.worstPair;
    d["error_per_pair"] = vec(c.errorPerPair);
    d["error_per_position"] = vec(c.errorPerPosition);
    py::list diag;
    for (const auto& x : c.diagnosis)
        diag.append(py::make_tuple(x.kind, x.evidence, x.confidence));
    d["diagnosis"] = diag;
    py::list tested;
    for (const auto& x : c.tested)
        tested.append(py::make_tuple(x.kind, x.variant, x.maxAbsError, x.normalized));
    d["tested"] = tested;
    return d;
}

} // namespace

PYBIND11_MODULE(_core, m)
{
    m.doc() = "posenc's core library bound directly (see posenc.Encoding)";
    static py::exception<InvalidInput> invalid(m, "InvalidInput", PyExc_ValueError);
    py::register_local_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (const InvalidInput& e) {
            py::object err = py::reinterpret_borrow<py::object>(invalid.ptr())(py::str(e.what()));
            err.attr("param") = e.param();
            PyErr_SetObject(invalid.ptr(), err.ptr());
        }
    });
    m.attr("version") = std::string(kVersion);
    m.def("methods", &python::methodTable,
          "The registry as `posenc methods --format json` lists it: every method, its views and parameters.");
    bindGrid(m);
    m.def("presets", &io::builtInPresetNames, "The names of the built-in presets (llama-3.2-1b, ...), sorted.");
    m.def("preset_text", &io::presetText, py::arg("name"),
          "A built-in preset's config.json text by name; InvalidInput listing the names when there is none.");
    m.def("grid_inspect_report", &python::gridInspectReport, py::arg("config_text"), py::arg("origin"),
          py::arg("vision_tower"));
    m.def("grid_check_report", &python::gridCheckReport, py::arg("config_text"), py::arg("origin"),
          py::arg("vision_tower"), py::arg("input"), py::arg("quantity"), py::arg("position_layout"),
          py::arg("tolerance"), py::arg("riflex_frames"), py::arg("riflex_k"), py::arg("order") = "model");
    m.def("inspect_report", &python::inspectReport, py::arg("path"), py::arg("text"), py::arg("era"),
          py::arg("seq_len"), py::arg("against"), py::arg("engine"), py::arg("arithmetic"), py::arg("engines_all"),
          py::arg("base_bound"), "posenc inspect's report as a dict (None for an image/video config).");
    m.def("analyses", &python::analysisTable,
          "The core's declared analyses: id, summary, options (name, type, default, range, help), result columns.");
    m.def(
        "analysis",
        [](const std::string& id, const py::dict& options) { return python::runAnalysis(nullptr, id, options); },
        py::arg("id"), py::arg("options"),
        "Runs a declared analysis that uses no encoding (attention-scale, base-bound) with keyword options.");

    py::class_<CoreEncoding>(m, "_Encoding")
        .def_static("from_params", &fromParams, py::arg("method"), py::arg("params"))
        .def_static(
            "from_config_text",
            [](const std::string& text, const std::string& origin, std::optional<std::string> era,
               std::optional<double> seqLen, std::optional<std::string> which, std::optional<int> layer,
               std::optional<std::string> method, const std::map<std::string, std::string>& overrides) {
                return fromConfig(io::parseHfConfig(text, configOptions(origin, era, seqLen)), which, layer, method,
                                  overrides);
            },
            py::arg("text"), py::arg("origin"), py::arg("era"), py::arg("seq_len"), py::arg("encoding"),
            py::arg("layer"), py::arg("method"), py::arg("overrides"))
        .def_static(
            "from_config_path",
            [](const std::string& path, std::optional<std::string> era, std::optional<double> seqLen,
               std::optional<std::string> which, std::optional<int> layer, std::optional<std::string> method,
               const std::map<std::string, std::string>& overrides) {
                return fromConfig(io::loadHfConfig(path, configOptions(path, era, seqLen)), which, layer, method,
                                  overrides);
            },
            py::arg("path"), py::arg("era"), py::arg("seq_len"), py::arg("encoding"), py::arg("layer"),
            py::arg("method"), py::arg("overrides"))
        .def_property_readonly("method", [](const CoreEncoding& e) { return e.method->info.id; })
        .def_property_readonly("kind", [](const CoreEncoding& e) { return toString(e.encoding->kind()); })
        .def_property_readonly("params", [](const CoreEncoding& e) { return paramsDict(*e.method, e.params); })
        .def_property_readonly("warnings", [](const CoreEncoding& e) { return e.warnings; })
        .def_property_readonly("origin", [](const CoreEncoding& e) { return e.origin; })
        .def_property_readonly("is_mrope", [](const CoreEncoding& e) { return !e.streams.empty(); })
        .def_property_readonly("rotary",
                               [](const CoreEncoding& e) -> py::object {
                                   const RotaryFrequencies* f = e.encoding->rotary();
                                   if (!f)
                                       return py::none();
                                   py::dict d;
                                   d["head_dim"] = f->headDim;
                                   d["rotary_dim"] = f->rotaryDim;
                                   d["pairing"] = toString(f->pairing);
                                   d["base"] = f->base;
                                   d["original_length"] = f->originalLength;
                                   d["scale"] = f->scale;
                                   return d;
                               })
        .def("frequencies", &frequencyDict)
        .def(
            "analysis",
            [](const CoreEncoding& e, const std::string& id, const py::dict& options) {
                return python::runAnalysis(e.encoding.get(), id, options, e.analysisDefaults);
            },
            py::arg("id"), py::arg("options"))
        .def(
            "matrix",
            [](const CoreEncoding& e, const py::dict& options) {
                return python::matrixOf(*e.encoding, e.method->info.id, options);
            },
            py::arg("options"))
        .def("cos_sin32", &cosSinT<float>, py::arg("positions"))
        .def("cos_sin64", &cosSinT<double>, py::arg("positions"))
        .def("rotate32", &rotateT<float>, py::arg("x"), py::arg("positions"), py::arg("pairing"))
        .def("rotate64", &rotateT<double>, py::arg("x"), py::arg("positions"), py::arg("pairing"))
        .def("check", &check, py::arg("table"), py::arg("quantity"), py::arg("layout"), py::arg("tolerance"),
             py::arg("positions"))
        .def(
            "check_report",
            [](const CoreEncoding& e, const py::object& input, const std::string& quantity,
               std::optional<std::string> layout, std::optional<double> tolerance, std::optional<std::string> positions,
               std::vector<double> probe, const py::object& memoryBudget) {
                const CheckRequest r = python::checkRequest(
                    *e.method, e.params,
                    {quantity, std::move(layout), tolerance, std::move(positions), std::move(probe), e.queryScale});
                // bytes, or text such as "512MiB" (the CLI's --memory-budget, parsed by the core)
                return python::checkReport(r, input, python::memoryBudgetOf(memoryBudget));
            },
            py::arg("input"), py::arg("quantity"), py::arg("layout"), py::arg("tolerance"), py::arg("positions"),
            py::arg("probe"), py::arg("memory_budget"));
}
