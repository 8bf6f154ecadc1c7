// SPDX-License-Identifier: GPL-3.0-or-later
// prepareDisplay(): screen-resolution versions of dense curves and large grids, computed off the GUI thread.
#include "figures/FigureDisplay.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc::widgets {

namespace {

/// Per column of equal x width: the first, lowest, highest and last point, in their original order. A line
/// through these is drawn on a raster of that many columns exactly as the line through all points (every
/// column's vertical extent and the joins between columns are kept), so narrow spikes survive.
void envelope(const Curve& c, int columns, std::vector<double>& xs, std::vector<double>& ys)
{
    const std::size_t n = c.x.size();
    const double x0 = c.x.front(), x1 = c.x.back();
    const double width = (x1 - x0) / columns;
    xs.clear();
    ys.clear();
    xs.reserve(4 * static_cast<std::size_t>(columns) + 1);
    ys.reserve(xs.capacity());
    std::size_t i = 0;
    while (i < n) {
        const auto column = std::min<std::int64_t>(columns - 1, static_cast<std::int64_t>((c.x[i] - x0) / width));
        std::size_t first = i, lo = i, hi = i, last = i;
        for (++i; i < n; ++i) {
            if (std::min<std::int64_t>(columns - 1, static_cast<std::int64_t>((c.x[i] - x0) / width)) != column)
                break;
            last = i;
            if (c.y[i] < c.y[lo])
                lo = i;
            if (c.y[i] > c.y[hi])
                hi = i;
        }
        std::size_t picks[4] = {first, std::min(lo, hi), std::max(lo, hi), last};
        std::size_t previous = std::numeric_limits<std::size_t>::max();
        for (std::size_t k : picks) {
            if (k == previous)
                continue;
            xs.push_back(c.x[k]);
            ys.push_back(c.y[k]);
            previous = k;
        }
    }
}

bool needsEnvelope(const Curve& c)
{
    return !c.points && c.x.size() > 4 * static_cast<std::size_t>(kEnvelopeColumns) && c.x.size() == c.y.size() &&
           std::is_sorted(c.x.begin(), c.x.end()) && c.x.back() > c.x.front() &&
           std::all_of(c.y.begin(), c.y.end(), [](double v) { return std::isfinite(v); });
}

/// The drawn cells of `g`: its values, or the exact means of blocks of `block` rows x `block` columns (NaN cells,
/// e.g. masked keys, are left out of a mean; an all-NaN block stays NaN). QCPColorMapData ranges are cell centres
/// and a single cell has no extent, so a one-row or one-column grid is drawn as two identical half cells.
std::shared_ptr<const QCPColorMapData> cells(const Grid& g, std::int64_t block)
{
    const std::int64_t rows = (g.rows + block - 1) / block, cols = (g.cols + block - 1) / block;
    const int keyCells = static_cast<int>(std::max<std::int64_t>(2, rows));
    const int valueCells = static_cast<int>(std::max<std::int64_t>(2, cols));
    // Cells span `block` positions each; the last may reach past the grid (clipped by the axis range).
    const double wx = (g.xLast - g.xFirst) / static_cast<double>(g.rows) * static_cast<double>(block) *
                      static_cast<double>(rows) / keyCells;
    const double wy = (g.yLast - g.yFirst) / static_cast<double>(g.cols) * static_cast<double>(block) *
                      static_cast<double>(cols) / valueCells;
    auto data = std::make_shared<QCPColorMapData>(keyCells, valueCells,
                                                  QCPRange(g.xFirst + wx / 2, g.xFirst + wx * (keyCells - 0.5)),
                                                  QCPRange(g.yFirst + wy / 2, g.yFirst + wy * (valueCells - 0.5)));
    std::vector<double> sum(static_cast<std::size_t>(rows * cols), 0.0);
    std::vector<std::int32_t> count(sum.size(), 0);
    for (std::int64_t r = 0; r < g.rows; ++r) {
        const double* row = g.values.data() + r * g.cols;
        double* s = sum.data() + (r / block) * cols;
        std::int32_t* k = count.data() + (r / block) * cols;
        for (std::int64_t c = 0; c < g.cols; ++c)
            if (!std::isnan(row[c])) {
                s[c / block] += row[c];
                ++k[c / block];
            }
    }
    // Value index outer: QCPColorMapData stores key-fastest, so the writes are sequential.
    for (int v = 0; v < valueCells; ++v) {
        const std::int64_t c = std::min<std::int64_t>(v, cols - 1);
        for (int key = 0; key < keyCells; ++key) {
            const auto i = static_cast<std::size_t>(std::min<std::int64_t>(key, rows - 1) * cols + c);
            data->setCell(key, v, count[i] > 0 ? sum[i] / count[i] : std::numeric_limits<double>::quiet_NaN());
        }
    }
    return data;
}

} // namespace

void prepareDisplay(FigureData& data)
{
    if (data.displayPrepared)
        return;
    for (Curve& c : data.curves)
        if (c.drawX.empty() && needsEnvelope(c))
            envelope(c, kEnvelopeColumns, c.drawX, c.drawY);
    for (Grid& g : data.grids) {
        if (g.drawn || g.rows <= 0 || g.cols <= 0)
            continue;
        const std::int64_t limit = g.drawLimit > 0 ? g.drawLimit : std::numeric_limits<std::int64_t>::max();
        const std::int64_t extent = std::max(g.rows, g.cols);
        // Ceiling division without forming extent + limit - 1 (limit may be INT64_MAX: signed overflow).
        const std::int64_t block = std::max<std::int64_t>(1, extent / limit + (extent % limit != 0 ? 1 : 0));
        g.drawBlock = block;
        g.drawn = cells(g, block);
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (double v : g.values)
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        g.finiteLow = lo;
        g.finiteHigh = hi;
    }
    data.displayPrepared = true;
}

} // namespace posenc::widgets
