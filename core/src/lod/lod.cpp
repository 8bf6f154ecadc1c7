// SPDX-License-Identifier: GPL-3.0-or-later
// computeLod: picks the exact method a view allows (closed form, bias prefix sums, mean pyramid, exact sums)
// from what the Encoding exposes; no method ids are consulted.
#include "lod_internal.h"

#include "posenc/errors.h"
#include "posenc/param_state.h"

#include <algorithm>
#include <cmath>

namespace posenc {

namespace lod {

void reportProgress(const ProgressFn& progress, double fraction)
{
    if (progress && !progress(std::clamp(fraction, 0.0, 1.0)))
        throw Cancelled();
}

namespace {

constexpr std::int64_t kMaxPosition = kMaxLength;
constexpr int kMaxBins = 1 << 16;

std::string viewList(const Encoding& encoding)
{
    std::string s;
    for (View v : encoding.views())
        s += (s.empty() ? "" : ", ") + toString(v);
    return s.empty() ? std::string("none") : s;
}

void checkRequest(const Encoding& encoding, const LodRequest& r)
{
    if (r.first < 0 || r.first >= kMaxPosition)
        throw InvalidInput("window", "window start " + std::to_string(r.first) + " is outside [0, 2^40)");
    if (r.last <= r.first || r.last > kMaxPosition)
        throw InvalidInput("window", "window end " + std::to_string(r.last) + " must be in (" +
                                         std::to_string(r.first) + ", 2^40]");
    if (r.bins < 1 || r.bins > kMaxBins)
        throw InvalidInput("bins", "bins " + std::to_string(r.bins) + " is outside [1, 65536]");
    if (r.keyBins < 1 || r.keyBins > kMaxBins)
        throw InvalidInput("key-bins", "key bins " + std::to_string(r.keyBins) + " is outside [1, 65536]");
    if (r.exactSumCap < 1)
        throw InvalidInput("exact-sum-cap",
                           "the exact-summation cap must be at least 1, got " + std::to_string(r.exactSumCap));
    if (!encoding.supports(r.view))
        throw InvalidInput("view", "view '" + toString(r.view) +
                                       "' does not apply to this method; it has: " + viewList(encoding));
    const std::int64_t maxPos = encoding.maxPositions();
    if (maxPos >= 0 && r.last > maxPos)
        throw InvalidInput("length", "this table has " + std::to_string(maxPos) + " positions; the window [" +
                                         std::to_string(r.first) + ", " + std::to_string(r.last) + ") goes beyond it");
}

Matrix rowsAt(const Encoding& e, const LodRequest& r, const std::vector<std::int64_t>& positions)
{
    Matrix m;
    m.rows = positions.size();
    m.cols = e.columns(r.view, r.options);
    m.data.resize(m.rows * m.cols);
    for (std::size_t i = 0; i < positions.size(); ++i)
        e.fillRows(r.view, positions[i], 1, m.data.data() + i * m.cols, r.options);
    return m;
}

/// Exact mean of fillRows over each bin (bins no wider than the cap).
Matrix summedMeans(const Encoding& e, const LodRequest& r, const std::vector<std::int64_t>& edges,
                   const ProgressFn& progress)
{
    Matrix m;
    m.rows = edges.size() - 1;
    m.cols = e.columns(r.view, r.options);
    m.data.resize(m.rows * m.cols);
    std::vector<double> block;
    std::vector<long double> sum(m.cols);
    for (std::size_t b = 0; b < m.rows; ++b) {
        const auto n = static_cast<std::size_t>(edges[b + 1] - edges[b]);
        block.resize(n * m.cols);
        e.fillRows(r.view, edges[b], n, block.data(), r.options);
        std::fill(sum.begin(), sum.end(), 0.0L);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < m.cols; ++c)
                sum[c] += block[i * m.cols + c];
        for (std::size_t c = 0; c < m.cols; ++c)
            m.data[b * m.cols + c] = static_cast<double>(sum[c] / static_cast<long double>(n));
        if ((b & 63) == 0)
            reportProgress(progress, static_cast<double>(b) / static_cast<double>(m.rows));
    }
    return m;
}

Matrix pyramidMeans(const Encoding& e, const LodRequest& r, const std::vector<std::int64_t>& edges,
                    const ProgressFn& progress)
{
    MatrixRequest mr;
    mr.view = r.view;
    mr.firstPosition = r.first;
    mr.length = r.last - r.first;
    mr.options = r.options;
    mr.memoryBudget = r.memoryBudget;
    const MeanPyramid pyramid(computeMatrix(e, mr, progress));
    Matrix m;
    m.rows = edges.size() - 1;
    m.cols = pyramid.cols();
    m.data.resize(m.rows * m.cols);
    for (std::size_t b = 0; b < m.rows; ++b)
        pyramid.mean(static_cast<std::size_t>(edges[b] - r.first), static_cast<std::size_t>(edges[b + 1] - r.first),
                     m.data.data() + b * m.cols);
    return m;
}

} // namespace

} // namespace lod

std::string toString(LodMethod method)
{
    return enumName(kLodMethodNames, method);
}

std::vector<std::int64_t> binEdges(std::int64_t first, std::int64_t last, std::int64_t bins)
{
    const std::int64_t n = last - first;
    if (n <= 0 || bins <= 0)
        throw InvalidInput("bins", "cannot split [" + std::to_string(first) + ", " + std::to_string(last) + ") into " +
                                       std::to_string(bins) + " bins");
    bins = std::min(bins, n);
    std::vector<std::int64_t> edges(static_cast<std::size_t>(bins) + 1);
    for (std::int64_t b = 0; b <= bins; ++b) // b * n < 2^40 * 2^16: no overflow
        edges[static_cast<std::size_t>(b)] = first + b * n / bins;
    return edges;
}

LodMatrix computeLod(const Encoding& encoding, const LodRequest& request, const ProgressFn& progress)
{
    lod::checkRequest(encoding, request);
    if (request.view == View::Bias)
        return lod::biasLod(encoding, request, progress);

    LodMatrix out;
    out.rowEdges = binEdges(request.first, request.last, request.bins);
    const std::int64_t n = request.last - request.first;
    const std::int64_t widest = (n + request.bins - 1) / request.bins;
    const std::string perBin = std::to_string(widest) + " positions per bin";
    if (static_cast<std::int64_t>(out.rowEdges.size()) - 1 == n) {
        MatrixRequest mr;
        mr.view = request.view;
        mr.firstPosition = request.first;
        mr.length = n;
        mr.options = request.options;
        mr.memoryBudget = request.memoryBudget;
        out.values = computeMatrix(encoding, mr, progress);
        out.method = LodMethod::PerPosition;
        out.note = "one row per position (exact values)";
        return out;
    }
    std::vector<std::int64_t> starts(out.rowEdges.begin(), out.rowEdges.end() - 1);
    if (request.sampling == LodSampling::Point) {
        out.values = lod::rowsAt(encoding, request, starts);
        out.method = LodMethod::PointSampled;
        out.note = "point sampling: each bin shows the value at its first position only (1 of up to " + perBin +
                   "), so dimensions with wavelengths near or below the bin width alias";
        return out;
    }
    if (auto layout = phasorLayout(encoding, request.view, request.options)) {
        out.values = lod::phasorBinMeans(*layout, out.rowEdges);
        out.method = LodMethod::ClosedForm;
        out.note = "each bin is the exact mean over its positions (closed-form geometric series, up to " + perBin + ")";
        return out;
    }
    if (encoding.maxPositions() >= 0) {
        out.values = lod::pyramidMeans(encoding, request, out.rowEdges, progress);
        out.method = LodMethod::MeanPyramid;
        out.note = "each bin is the exact mean over its rows of the table (mean pyramid, up to " + perBin + ")";
        return out;
    }
    if (widest <= request.exactSumCap) {
        out.values = lod::summedMeans(encoding, request, out.rowEdges, progress);
        out.method = LodMethod::ExactSummation;
        out.note = "each bin is the exact mean over its positions (summed, up to " + perBin + ")";
        return out;
    }
    out.values = lod::rowsAt(encoding, request, starts);
    out.method = LodMethod::PointSampled;
    // The angle (a sawtooth in m, not a phasor sum), or rows no geometric series in m reproduces: an M-RoPE token
    // turns by its (t, h, w) ids; an engine's float32 arithmetic rounds each angle fl(m theta) on its own.
    const std::string reason = request.view == View::Angle
                                   ? "a sawtooth is not a phasor sum"
                                   : "the rows are no geometric series in m: M-RoPE tokens turn by their (t, h, w) "
                                     "ids, float32 arithmetic rounds each angle on its own";
    out.note = "the " + toString(request.view) + " view has no closed-form mean (" + reason +
               "): exact means are summed up to " + std::to_string(request.exactSumCap) + " positions per bin; at " +
               perBin + " each bin shows the value at its first position";
    return out;
}

} // namespace posenc
