// SPDX-License-Identifier: GPL-3.0-or-later
// prepareDisplay(): screen-resolution versions of dense curves and large grids, computed off the GUI thread.
#include "figures/FigureDisplay.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc::widgets {

namespace {

/// Per column of equal x width: the mean of x and y (the trend line) and the lowest and highest y (the band the
/// curve sweeps in that column). Oscillations faster than a column show as the band; the mean shows the trend.
void envelope(Curve& c, int columns, bool logX)
{
    const std::size_t n = c.x.size();
    // Columns of equal width on the drawn axis: in log x on a logarithmic axis.
    const auto at = [logX](double x) { return logX ? std::log(x) : x; };
    const double x0 = at(c.x.front()), x1 = at(c.x.back());
    const double width = (x1 - x0) / columns;
    c.drawX.clear();
    c.drawY.clear();
    c.drawLow.clear();
    c.drawHigh.clear();
    std::size_t i = 0;
    while (i < n) {
        const auto column = std::min<std::int64_t>(columns - 1, static_cast<std::int64_t>((at(c.x[i]) - x0) / width));
        double sx = 0, sy = 0, lo = c.y[i], hi = c.y[i];
        std::size_t count = 0;
        for (; i < n; ++i) {
            if (std::min<std::int64_t>(columns - 1, static_cast<std::int64_t>((at(c.x[i]) - x0) / width)) != column)
                break;
            sx += c.x[i];
            sy += c.y[i];
            lo = std::min(lo, c.y[i]);
            hi = std::max(hi, c.y[i]);
            ++count;
        }
        c.drawX.push_back(sx / static_cast<double>(count));
        c.drawY.push_back(sy / static_cast<double>(count));
        c.drawLow.push_back(lo);
        c.drawHigh.push_back(hi);
    }
}

bool needsEnvelope(const Curve& c, bool logX)
{
    if (logX && !(c.x.front() > 0))
        return false;
    return !c.points && c.colorBy.empty() && c.x.size() > 2 * static_cast<std::size_t>(kEnvelopeColumns) && c.x.size() == c.y.size() &&
           std::is_sorted(c.x.begin(), c.x.end()) && c.x.back() > c.x.front() &&
           std::all_of(c.y.begin(), c.y.end(), [](double v) { return std::isfinite(v); });
}

/// The drawn cells of `g`: its values, or the exact means of blocks of `block` rows x `block` columns (NaN cells,
/// e.g. masked keys, are left out of a mean; an all-NaN block stays NaN). QCPColorMapData ranges are cell centres
/// and a single cell has no extent, so a one-row or one-column grid is drawn as two identical half cells.
std::shared_ptr<const QCPColorMapData> cells(const Grid& g, std::int64_t block, std::int64_t colBlock)
{
    const std::int64_t rows = (g.rows + block - 1) / block, cols = (g.cols + colBlock - 1) / colBlock;
    const int keyCells = static_cast<int>(std::max<std::int64_t>(2, rows));
    const int valueCells = static_cast<int>(std::max<std::int64_t>(2, cols));
    // Cells span `block` positions each; the last may reach past the grid (clipped by the axis range).
    const double wx = (g.xLast - g.xFirst) / static_cast<double>(g.rows) * static_cast<double>(block) *
                      static_cast<double>(rows) / keyCells;
    const double wy = (g.yLast - g.yFirst) / static_cast<double>(g.cols) * static_cast<double>(colBlock) *
                      static_cast<double>(cols) / valueCells;
    auto data = std::make_shared<QCPColorMapData>(keyCells, valueCells,
                                                  QCPRange(g.xFirst + wx / 2, g.xFirst + wx * (keyCells - 0.5)),
                                                  QCPRange(g.yFirst + wy / 2, g.yFirst + wy * (valueCells - 0.5)));
    if (block == 1 && colBlock == 1) { // one cell per value: no means to form
        for (int v = 0; v < valueCells; ++v) {
            const std::int64_t c = std::min<std::int64_t>(v, cols - 1);
            for (int key = 0; key < keyCells; ++key)
                data->setCell(key, v, g.values[static_cast<std::size_t>(std::min<std::int64_t>(key, rows - 1) * cols + c)]);
        }
        return data;
    }
    std::vector<double> sum(static_cast<std::size_t>(rows * cols), 0.0);
    std::vector<std::int32_t> count(sum.size(), 0);
    std::vector<std::int64_t> cellOfColumn(static_cast<std::size_t>(g.cols)); // no division per value
    for (std::int64_t c = 0; c < g.cols; ++c)
        cellOfColumn[static_cast<std::size_t>(c)] = c / colBlock;
    for (std::int64_t r = 0; r < g.rows; ++r) {
        const double* row = g.values.data() + r * g.cols;
        double* s = sum.data() + (r / block) * cols;
        std::int32_t* k = count.data() + (r / block) * cols;
        for (std::int64_t c = 0; c < g.cols; ++c)
            if (!std::isnan(row[c])) {
                const std::int64_t cell = cellOfColumn[static_cast<std::size_t>(c)];
                s[cell] += row[c];
                ++k[cell];
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
        if (c.drawX.empty() && !c.x.empty()) {
            const bool logX = static_cast<std::size_t>(c.panel) < data.panels.size()
                                  ? data.panels[static_cast<std::size_t>(c.panel)].logX
                                  : data.logX;
            if (needsEnvelope(c, logX))
                envelope(c, kEnvelopeColumns, logX);
        }
    for (Grid& g : data.grids) {
        if (g.drawn || g.rows <= 0 || g.cols <= 0)
            continue;
        const std::int64_t limit = g.drawLimit > 0 ? g.drawLimit : std::numeric_limits<std::int64_t>::max();
        const std::int64_t extent = std::max(g.rows, g.cols);
        // Ceiling division without forming extent + limit - 1 (limit may be INT64_MAX: signed overflow).
        const std::int64_t block = std::max<std::int64_t>(1, extent / limit + (extent % limit != 0 ? 1 : 0));
        g.drawBlock = block;
        g.drawColBlock = block;
        if (g.drawRowLimit > 0)
            g.drawColBlock = std::max(block, (g.cols + g.drawRowLimit - 1) / g.drawRowLimit);
        g.drawn = cells(g, block, g.drawColBlock);
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
