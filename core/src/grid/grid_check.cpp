// SPDX-License-Identifier: GPL-3.0-or-later
// A DiT's cos/sin table against its model, with named diagnoses (posenc/grid_check.h).
#include "posenc/grid_check.h"

#include "posenc/errors.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>

namespace posenc::grid {

namespace {

using Ids = std::vector<std::vector<double>>;

struct Renderer {
    bool sine = false;
    bool perPair = false; ///< the table has one column per rotary pair

    std::vector<double> operator()(const Model& m, const Ids& ids) const
    {
        if (!perPair)
            return table(m, ids, sine);
        auto a = angles(m, ids);
        for (double& x : a)
            x = sine ? std::sin(x) : std::cos(x);
        return a;
    }
};

double maxDiff(const std::vector<double>& a, const std::vector<double>& b)
{
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        worst = std::max(worst, std::isfinite(a[i]) ? std::abs(a[i] - b[i]) : INFINITY);
    return worst;
}

std::string axisName(const Model& m, std::size_t a)
{
    return m.axes[a].name;
}

Model withRiflex(const Model& m, long long frames, int k, bool force)
{
    Model r = m;
    const auto x = riflex(m, frames, k, 0);
    auto& f = r.axes[static_cast<std::size_t>(m.temporalAxis)].invFreq;
    if (x.applied)
        f = x.invFreq;
    else if (force)
        f[static_cast<std::size_t>(k - 1)] = 0.9 * 2 * std::numbers::pi / static_cast<double>(frames);
    return r;
}

bool hasTextRows(const std::vector<LayoutItem>& layout)
{
    return std::any_of(layout.begin(), layout.end(), [](const LayoutItem& it) { return it.kind == Kind::Text; });
}

std::size_t textRows(const std::vector<LayoutItem>& layout)
{
    std::size_t n = 0;
    for (const auto& it : layout)
        if (it.kind == Kind::Text)
            n += static_cast<std::size_t>(it.n);
    return n;
}

} // namespace

GridCheckResult checkGridTable(const Model& model, const std::vector<LayoutItem>& layout,
                               const std::vector<double>& table, std::size_t rows, std::size_t cols,
                               const GridCheckRequest& req)
{
    const Ids ids = positions(model, layout);
    const std::size_t np = pairs(model).size();
    const auto hd = static_cast<std::size_t>(model.headDim());
    if (rows != ids.size())
        throw InvalidInput("input", "the table has " + std::to_string(rows) + " rows; the layout lists " +
                                        std::to_string(ids.size()) + " tokens (one row per token)");
    if (cols != hd && cols != np)
        throw InvalidInput("input", "the table has " + std::to_string(cols) + " columns; " + model.method +
                                        " has head_dim " + std::to_string(hd) + " (the model's channel layout) or " +
                                        std::to_string(np) + " rotary pairs (one column each)");
    if (table.size() != rows * cols)
        throw InvalidInput("input", "the table holds " + std::to_string(table.size()) + " values, not rows x cols");
    const Renderer render{req.sine, cols == np && cols != hd};
    const Model ref = req.riflexFrames > 0 ? withRiflex(model, req.riflexFrames, req.riflexK, false) : model;
    const auto want = render(ref, ids);

    GridCheckResult res;
    res.layout = render.perPair ? "pairs (one column per rotary pair)" : channelLayoutText(model);
    for (std::size_t i = 0; i < table.size(); ++i) {
        const double d = std::isfinite(table[i]) ? std::abs(table[i] - want[i]) : INFINITY;
        if (d > res.maxError) {
            res.maxError = d;
            res.worstRow = i / cols;
            res.worstColumn = i % cols;
        }
    }
    res.match = res.maxError <= req.tolerance;
    if (res.match)
        return res;

    const auto tryIt = [&](const std::string& kind, const std::string& evidence, const std::vector<double>& alt) {
        if (maxDiff(alt, want) <= req.tolerance)
            return; // the hypothesis does not change this table: it cannot be told apart
        GridDiagnosis d{kind, evidence, maxDiff(table, alt)};
        res.tested.push_back(d);
        if (d.maxError <= req.tolerance)
            res.diagnosis.push_back(d);
    };

    // axes swapped: token (.., r, c) rotated with two axes' ids exchanged
    for (std::size_t a = 0; a < model.axes.size(); ++a)
        for (std::size_t b = a + 1; b < model.axes.size(); ++b) {
            Ids alt = ids;
            for (auto& row : alt)
                std::swap(row[a], row[b]);
            tryIt(
                "axes-swapped",
                "the ids of axes " + axisName(model, a) + " and " + axisName(model, b) +
                    " are exchanged (the table rotates axis " + axisName(model, a) + "'s channels by the " +
                    axisName(model, b) + " id and the reverse); " + model.method + " pairs its axes in the order " +
                    [&] {
                        std::string s;
                        for (const auto& x : model.axes)
                            s += (s.empty() ? "" : ", ") + x.name;
                        return s;
                    }(),
                render(ref, alt));
        }

    // text ids
    if (hasTextRows(layout)) {
        const std::size_t nt = textRows(layout);
        const bool zeros = model.family == Family::Flux || model.family == Family::Flux2;
        Ids seq = ids, zero = ids;
        for (std::size_t i = 0; i < nt; ++i)
            for (std::size_t a = 0; a < model.axes.size(); ++a) {
                seq[i][a] = static_cast<double>(i);
                zero[i][a] = 0;
            }
        const std::string expected = model.family == Family::Flux    ? "FLUX.1's text ids are all zero (txt_ids)"
                                     : model.family == Family::Flux2 ? "FLUX.2's text ids are (0, 0, 0, i)"
                                                                     : "Qwen-Image's text token i has id m + i on "
                                                                       "every axis, m = max(H/2, W/2)";
        tryIt("text-ids",
              "text ids not " + std::string(zeros ? "zero" : "as the model sets them") +
                  ": the text rows use the sequence index i on every axis; " + expected,
              render(ref, seq));
        if (!(model.family == Family::Flux))
            tryIt("text-ids", "the text rows use id 0 on every axis; " + expected, render(ref, zero));
        // rows: the image/video rows match, only the text rows do not
        if (std::none_of(res.diagnosis.begin(), res.diagnosis.end(),
                         [](const GridDiagnosis& d) { return d.kind == "text-ids"; })) {
            double textErr = 0, restErr = 0;
            for (std::size_t i = 0; i < table.size(); ++i) {
                double& e = i / cols < nt ? textErr : restErr;
                e = std::max(e, std::abs(table[i] - want[i]));
            }
            if (restErr <= req.tolerance && textErr > req.tolerance)
                res.diagnosis.push_back(
                    {"text-ids", "only the " + std::to_string(nt) + " text rows differ (image rows match); " + expected,
                     textErr});
        }
    }

    // corner vs centred image ids (Qwen-Image centres them: scale_rope)
    if (model.image && !model.tower) {
        Ids alt = ids;
        std::size_t row = 0;
        for (const auto& it : layout) {
            if (it.kind != Kind::Image) {
                row += it.kind == Kind::Text ? static_cast<std::size_t>(it.n) : 0;
                continue;
            }
            for (std::int64_t r = 0; r < it.h; ++r)
                for (std::int64_t c = 0; c < it.w; ++c, ++row) {
                    const bool qwen = model.family == Family::QwenImage;
                    alt[row][1] = static_cast<double>(qwen ? r : r - (it.h - it.h / 2));
                    alt[row][2] = static_cast<double>(qwen ? c : c - (it.w - it.w / 2));
                }
        }
        if (model.family == Family::QwenImage)
            tryIt("corner-ids",
                  "corner instead of centred ids: the image ids start at (0, 0, 0); Qwen-Image centres them, "
                  "(0, r - ceil(H/2), c - ceil(W/2)) (QwenEmbedRope scale_rope)",
                  render(ref, alt));
        else
            tryIt(
                "centred-ids",
                "centred instead of corner ids: the image ids are (0, r - ceil(H/2), c - ceil(W/2)) as Qwen-Image's; " +
                    model.method + " counts from the corner, (0, r, c)",
                render(ref, alt));
    }

    // the other channel layout
    if (!render.perPair) {
        Model other = ref;
        other.channels = ref.channels == Channels::Interleaved ? Channels::Half : Channels::Interleaved;
        tryIt("channel-layout",
              std::string("wrong channel layout: the table is ") +
                  (other.channels == Channels::Half ? "half (pair j in channels j and j + C/2, rotate_half); "
                                                    : "interleaved (pair j in channels 2j, 2j+1); ") +
                  model.method + " uses " + channelLayoutText(model),
              render(other, ids));
    }

    // token order: Qwen2.5-VL's vision tower lists its patches window by window (get_vision_window_index, as its
    // forward() reorders the rotary table); a port that keeps the raster or merge-block order rotates other tokens
    if (model.windowBlocks > 0) {
        const std::string own = orderName(model, model.order);
        for (const Order o : {Order::Window, Order::Blocks, Order::Raster}) {
            const std::string name = orderName(model, o);
            if (name != own)
                tryIt("token-order",
                      "the rows list the tokens in " + name + " order; " + model.method + " computes them in " + own +
                          " order (window: merge blocks of 2x2 patches, window by window, get_vision_window_index; "
                          "blocks: merge block by merge block; raster: row by row)",
                      render(ref, positions(withOrder(model, o), layout)));
        }
    }

    // RIFLEx on another component, or missing
    if (req.riflexFrames > 0 && model.temporalAxis >= 0) {
        const auto x = riflex(model, req.riflexFrames, req.riflexK, 0);
        const auto& t = model.axes[static_cast<std::size_t>(model.temporalAxis)];
        for (int k = 1; k <= static_cast<int>(t.invFreq.size()); ++k) {
            if (k == x.k)
                continue;
            tryIt("riflex-component",
                  "RIFLEx on the wrong component: the table has component k = " + std::to_string(k) +
                      " (N = " + std::to_string(x.periods[static_cast<std::size_t>(k - 1)]) + ") set to 0.9*2*pi/" +
                      std::to_string(req.riflexFrames) + "; the intrinsic one is k = " + std::to_string(x.k) +
                      " (N_k = " + std::to_string(x.nK) + ")",
                  render(withRiflex(model, req.riflexFrames, k, true), ids));
        }
        if (x.applied)
            tryIt("riflex-missing",
                  "RIFLEx not applied: the temporal axis has its original frequencies; at " +
                      std::to_string(req.riflexFrames) + " frames > N_k = " + std::to_string(x.nK) +
                      " component k = " + std::to_string(x.k) + " becomes 0.9*2*pi/frames",
                  render(model, ids));
    }
    std::sort(res.diagnosis.begin(), res.diagnosis.end(),
              [](const GridDiagnosis& a, const GridDiagnosis& b) { return a.maxError < b.maxError; });
    return res;
}

} // namespace posenc::grid
