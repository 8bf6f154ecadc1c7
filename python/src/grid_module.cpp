// SPDX-License-Identifier: GPL-3.0-or-later
// posenc._core's image/video RoPE functions (posenc/grid_rope.h) for posenc/_grid.py: a diffusers transformer
// config or a VLM config's vision tower, its axes, position ids and cos/sin tables in float64. Stateless: every
// call reads the config text afresh (cheap), so nothing is shared between threads.
#include "posenc/errors.h"
#include "posenc/grid_check.h"
#include "posenc/grid_rope.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;
using namespace posenc;

namespace {

grid::Model model(const std::string& text, const std::string& origin, bool tower)
{
    if (tower)
        return grid::fromVisionConfig(text, origin);
    if (!grid::isDiffusersConfig(text))
        throw InvalidInput("config", origin + ": no _class_name (not a diffusers transformer config); a VLM's vision "
                                              "tower needs tower=\"vision\"");
    return grid::fromDiffusersConfig(text, origin);
}

py::array_t<double> matrix(std::vector<double> data, std::size_t rows, std::size_t cols)
{
    py::array_t<double> a({rows, cols});
    std::copy(data.begin(), data.end(), a.mutable_data());
    return a;
}

std::vector<std::vector<double>> ids(const grid::Model& m, const std::string& layout)
{
    return grid::positions(m, grid::parseLayout(layout));
}

/// The model listing its tokens in `order` ("model", "window", "blocks", "raster"; grid::parseOrder's rules).
grid::Model ordered(const std::string& text, const std::string& origin, bool tower, const std::string& order)
{
    const auto g = model(text, origin, tower);
    return grid::withOrder(g, grid::parseOrder(g, order));
}

py::array_t<double> idArray(const grid::Model& m, const std::vector<std::vector<double>>& p)
{
    std::vector<double> flat;
    flat.reserve(p.size() * m.axes.size());
    for (const auto& row : p)
        flat.insert(flat.end(), row.begin(), row.end());
    return matrix(std::move(flat), p.size(), m.axes.size());
}

py::dict describe(const std::string& text, const std::string& origin, bool tower)
{
    const auto m = model(text, origin, tower);
    py::dict d;
    d["method"] = m.method;
    d["class_name"] = m.className;
    d["head_dim"] = m.headDim();
    d["channel_layout"] = m.channels == grid::Channels::Half ? "half" : "interleaved";
    d["channel_layout_text"] = grid::channelLayoutText(m);
    d["unrotated_channels"] = m.padding;
    py::list axes;
    for (const auto& a : m.axes) {
        py::dict x;
        x["name"] = a.name;
        x["dim"] = a.dim;
        x["theta"] = a.theta;
        x["inv_freq"] = a.invFreq;
        axes.append(x);
    }
    d["axes"] = axes;
    py::list kinds;
    if (m.text)
        kinds.append("text");
    if (m.image)
        kinds.append("image");
    if (m.video)
        kinds.append("video");
    d["layout_kinds"] = kinds;
    d["riflex_k"] = m.riflexK;
    d["notes"] = m.notes;
    return d;
}

} // namespace

void bindGrid(py::module_& m)
{
    m.def("_grid_describe", &describe, py::arg("text"), py::arg("origin"), py::arg("tower"));
    m.def(
        "_grid_positions",
        [](const std::string& text, const std::string& origin, bool tower, const std::string& layout,
           const std::string& order) {
            const auto g = ordered(text, origin, tower, order);
            return idArray(g, ids(g, layout));
        },
        py::arg("text"), py::arg("origin"), py::arg("tower"), py::arg("layout"), py::arg("order") = "model");
    m.def(
        "_grid_windows",
        [](const std::string& text, const std::string& origin, const std::string& layout) {
            const auto g = model(text, origin, true);
            const auto items = grid::parseLayout(layout);
            (void)grid::positions(g, items); // the layout's rules first (one image, merge multiples)
            const auto w = grid::visionWindows(g, items.front().h, items.front().w);
            py::dict d;
            d["window_index"] = w.blockIndex;
            d["cu_window_seqlens"] = w.cuSeqlens;
            d["full_attention_blocks"] = g.fullAttentionBlocks;
            d["window_blocks"] = g.windowBlocks;
            d["depth"] = g.depth;
            return d;
        },
        py::arg("text"), py::arg("origin"), py::arg("layout"));
    m.def(
        "_grid_table",
        [](const std::string& text, const std::string& origin, bool tower, const std::string& layout,
           const std::string& view, const std::string& order) {
            const auto g = ordered(text, origin, tower, order);
            const auto p = ids(g, layout);
            if (view == "angle")
                return matrix(grid::angles(g, p), p.size(), grid::pairs(g).size());
            if (view != "cos" && view != "sin")
                throw InvalidInput("view", "view " + view + ": cos, sin or angle");
            return matrix(grid::table(g, p, view == "sin"), p.size(), static_cast<std::size_t>(g.headDim()));
        },
        py::arg("text"), py::arg("origin"), py::arg("tower"), py::arg("layout"), py::arg("view"),
        py::arg("order") = "model");
    m.def(
        "_grid_order_name",
        [](const std::string& text, const std::string& origin, bool tower, const std::string& order) {
            const auto g = ordered(text, origin, tower, order);
            return grid::orderName(g, g.order);
        },
        py::arg("text"), py::arg("origin"), py::arg("tower"), py::arg("order"),
        "The order's name as the CLI writes it: \"model\" resolved to what the model computes (window, raster).");
    m.def(
        "_grid_riflex",
        [](const std::string& text, const std::string& origin, long long frames, int k, long long repetition) {
            const auto g = model(text, origin, false);
            const auto r = grid::riflex(g, frames, k, repetition);
            py::dict d;
            d["k"] = r.k;
            d["N_k"] = r.nK;
            d["applied"] = r.applied;
            d["periods"] = r.periods;
            d["inv_freq"] = r.invFreq;
            d["inv_freq_original"] = r.original;
            d["note"] = r.note;
            return d;
        },
        py::arg("text"), py::arg("origin"), py::arg("frames"), py::arg("k"), py::arg("repetition"));
    m.def(
        "_grid_check",
        [](const std::string& text, const std::string& origin, bool tower, const std::string& layout,
           const py::array_t<double, py::array::c_style | py::array::forcecast>& table, bool sine, double tolerance,
           long long riflexFrames, int riflexK, const std::string& order) {
            if (table.ndim() != 2)
                throw InvalidInput("array", "expected a 2-D table (tokens x channels), got " +
                                                std::to_string(table.ndim()) + " dimensions");
            const auto g = ordered(text, origin, tower, order); // the table's token order
            grid::GridCheckRequest req;
            req.sine = sine;
            req.tolerance = tolerance;
            req.riflexFrames = riflexFrames;
            req.riflexK = riflexK;
            const auto rows = static_cast<std::size_t>(table.shape(0)), cols = static_cast<std::size_t>(table.shape(1));
            std::vector<double> data(table.data(), table.data() + rows * cols);
            const auto r = grid::checkGridTable(g, grid::parseLayout(layout), data, rows, cols, req);
            const auto list = [](const std::vector<grid::GridDiagnosis>& v) {
                py::list out;
                for (const auto& d : v)
                    out.append(py::make_tuple(d.kind, d.evidence, d.maxError));
                return out;
            };
            py::dict d;
            d["match"] = r.match;
            d["max_error"] = r.maxError;
            d["worst_row"] = r.worstRow;
            d["worst_column"] = r.worstColumn;
            d["layout"] = r.layout;
            d["diagnosis"] = list(r.diagnosis);
            d["tested"] = list(r.tested);
            return d;
        },
        py::arg("text"), py::arg("origin"), py::arg("tower"), py::arg("layout"), py::arg("table"), py::arg("sine"),
        py::arg("tolerance"), py::arg("riflex_frames"), py::arg("riflex_k"), py::arg("order") = "model");
}
