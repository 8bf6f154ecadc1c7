// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/FigureReadout.h"
#include "i18n/CoreText.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace posenc::widgets {

namespace {

/// Between the parts of a read-out ("position m = 5, dimension j = 3").
QString separator()
{
    return QCoreApplication::translate("posenc::figures", ", ", "between the parts of a hover read-out");
}

QString fmt(double v)
{
    if (std::isnan(v))
        return QCoreApplication::translate("posenc::figures", "masked");
    // a minus sign, not a hyphen («−0.0234», as the notes and axes write it)
    return CoreText::numberText(QString::number(v, 'g', 6));
}

/// Index of the interval of `edges` containing v, or -1.
std::int64_t intervalOf(const std::vector<double>& edges, double v)
{
    if (edges.size() < 2 || v < edges.front() || v >= edges.back())
        return -1;
    return static_cast<std::int64_t>(std::upper_bound(edges.begin(), edges.end(), v) - edges.begin()) - 1;
}

/// Index of the point of a curve with sorted x nearest to x.
std::size_t nearestIndex(const Curve& c, double x)
{
    auto it = std::lower_bound(c.x.begin(), c.x.end(), x);
    if (it == c.x.end())
        --it;
    else if (it != c.x.begin() && std::abs(*(it - 1) - x) < std::abs(*it - x))
        --it;
    return static_cast<std::size_t>(it - c.x.begin());
}

/// An axis label's first line without a closing gloss in brackets ("pair i" of "pair i (0 = highest frequency)",
/// "维度对 i" of "维度对 i（0 = 最高频率）"); a bracket inside the name stays ("largest error of (cos, sin) over the
/// pairs").
QString axisName(const QString& label)
{
    QString line = label.section(QLatin1Char('\n'), 0, 0).trimmed();
    if (!line.endsWith(QLatin1Char(')')) && !line.endsWith(QChar(0xFF09)))
        return line;
    int depth = 0;
    for (qsizetype i = line.size() - 1; i >= 0; --i) {
        const QChar c = line[i];
        depth += c == QLatin1Char(')') || c == QChar(0xFF09) ? 1 : c == QLatin1Char('(') || c == QChar(0xFF08) ? -1 : 0;
        if (depth == 0)
            return i > 0 ? line.left(i).trimmed() : line; // a label all in brackets is its own name
    }
    return line;
}

/// The quantity's name: the first two words of axisName ("position m", "pair i"; "维度对 i" of
/// "维度对 i（0 = 最高频率）").
QString firstWord(const QString& label)
{
    return axisName(label).section(QLatin1Char(' '), 0, 1).trimmed();
}

} // namespace

std::optional<GridCell> gridCellAt(const Grid& grid, double x, double y)
{
    if (grid.rows <= 0 || grid.cols <= 0)
        return std::nullopt;
    GridCell cell;
    if (grid.rowEdges.size() == static_cast<std::size_t>(grid.rows) + 1) {
        // Position m is centred on x = m.
        const double m = std::round(x);
        const auto it = std::upper_bound(grid.rowEdges.begin(), grid.rowEdges.end(), static_cast<std::int64_t>(m));
        if (m < static_cast<double>(grid.rowEdges.front()) || it == grid.rowEdges.end())
            return std::nullopt;
        cell.row = (it - grid.rowEdges.begin()) - 1;
    } else {
        const double w = (grid.xLast - grid.xFirst) / static_cast<double>(grid.rows);
        if (x < grid.xFirst || x >= grid.xLast)
            return std::nullopt;
        cell.row = std::min<std::int64_t>(grid.rows - 1, static_cast<std::int64_t>((x - grid.xFirst) / w));
    }
    if (!grid.yEdges.empty()) {
        cell.col = intervalOf(grid.yEdges, y);
        if (cell.col < 0)
            return std::nullopt;
    } else {
        const double h = (grid.yLast - grid.yFirst) / static_cast<double>(grid.cols);
        if (y < grid.yFirst || y >= grid.yLast)
            return std::nullopt;
        cell.col = std::min<std::int64_t>(grid.cols - 1, static_cast<std::int64_t>((y - grid.yFirst) / h));
    }
    return cell;
}

QString gridReadout(const Grid& grid, double x, double y)
{
    const auto cell = gridCellAt(grid, x, y);
    if (!cell)
        return {};
    const double v = grid.values[static_cast<std::size_t>(cell->row * grid.cols + cell->col)];
    // a strip of categories (the Grid view's channel → axis): "channel = 63 → axis h"
    if (grid.rows == 1 && !grid.categoryNames.empty() && v >= 0 &&
        static_cast<std::size_t>(v) < grid.categoryNames.size())
        return QCoreApplication::translate("posenc::figures", "%1 = %2 → %3",
                                           "hover read-out of a category strip: the cell, then its category")
            .arg(firstWord(grid.yLabel))
            .arg(cell->col)
            .arg(grid.categoryNames[static_cast<std::size_t>(v)]);
    QString where;
    // A bias cell (query and key edges) is the mean of a query × key block: its count is said once, after the keys.
    // (The dual-chunk distances have key edges but no query edges: their cells sample the block's centre.)
    const bool blockMean = !grid.yEdges.empty() && grid.rowEdges.size() == static_cast<std::size_t>(grid.rows) + 1 &&
                           grid.bins == Grid::Bins::Mean;
    bool averaged = false;
    if (grid.rowEdges.size() == static_cast<std::size_t>(grid.rows) + 1) {
        const std::int64_t a = grid.rowEdges[static_cast<std::size_t>(cell->row)];
        const std::int64_t b = grid.rowEdges[static_cast<std::size_t>(cell->row) + 1];
        const QString xName = firstWord(grid.xLabel);
        if (b - a == 1)
            where = QStringLiteral("%1 = %2").arg(xName).arg(a);
        else if (grid.bins == Grid::Bins::FirstPosition)
            where = QCoreApplication::translate("posenc::figures", "%1 = %2…%3 (point sample: the value at %2)",
                                                "hover read-out of a point-sampled heatmap bin")
                        .arg(xName)
                        .arg(a)
                        .arg(b - 1);
        else if (grid.bins == Grid::Bins::Mixed || blockMean) // Mixed: the notes say which bins are means
            where = QStringLiteral("%1 = %2…%3").arg(xName).arg(a).arg(b - 1);
        else
            where = QCoreApplication::translate("posenc::figures", "%1 = %2…%3 (mean of %4)",
                                                "hover read-out of a heatmap bin: the positions it averages")
                        .arg(xName)
                        .arg(a)
                        .arg(b - 1)
                        .arg(b - a);
        averaged = b - a > 1;
    } else {
        where = QStringLiteral("%1 ≈ %2").arg(firstWord(grid.xLabel)).arg(std::llround(x));
    }
    if (!grid.yEdges.empty()) {
        const double lo = grid.yEdges[static_cast<std::size_t>(cell->col)] + 0.5;
        const double hi = grid.yEdges[static_cast<std::size_t>(cell->col) + 1] - 0.5;
        const QString yName = firstWord(grid.yLabel);
        where += separator() +
                 (lo == hi ? QStringLiteral("%1 = %2").arg(yName).arg(lo)
                  : grid.bins == Grid::Bins::FirstPosition
                      ? QCoreApplication::translate("posenc::figures", "%1 = %2…%3 (point sample: the value at %2)",
                                                    "hover read-out of a point-sampled heatmap bin")
                            .arg(yName)
                            .arg(lo)
                            .arg(hi)
                      : QStringLiteral("%1 = %2…%3").arg(yName).arg(lo).arg(hi));
        if (blockMean && (averaged || lo != hi))
            where += QCoreApplication::translate("posenc::figures",
                                                 " (mean over the query × key block, masked keys "
                                                 "left out)",
                                                 "hover read-out of a bias heatmap cell");
    } else {
        where += separator() + QStringLiteral("%1 = %2").arg(firstWord(grid.yLabel)).arg(cell->col);
    }
    QString text = QCoreApplication::translate("posenc::figures", "%1: %2 = %3",
                                               "hover read-out: the cell, then the value drawn there")
                       .arg(where, grid.valueLabel, fmt(v));
    if (static_cast<std::size_t>(cell->col) < grid.columnPair.size()) {
        const int pair = grid.columnPair[static_cast<std::size_t>(cell->col)];
        if (pair >= 0 && static_cast<std::size_t>(pair) < grid.pairWavelength.size()) {
            const double lambda = grid.pairWavelength[static_cast<std::size_t>(pair)];
            text += QCoreApplication::translate("posenc::figures", " · pair %1: λ = %2 positions",
                                                "hover read-out: the pair of the channel and its wavelength")
                        .arg(pair)
                        .arg(fmt(lambda));
            if (grid.originalLength > 0)
                text += QCoreApplication::translate("posenc::figures", ", %1 rotations in L0 = %2",
                                                    "hover read-out: the pair's rotations in the original length")
                            .arg(fmt(grid.originalLength / lambda), fmt(grid.originalLength));
        }
    }
    return text;
}

QString curveReadout(const FigureData& data, double x, double y, int panel)
{
    QStringList quantities;           // in the order drawn
    std::vector<QStringList> parts;   // the values of each quantity
    std::optional<double> shownX;
    const bool ownLabels = static_cast<std::size_t>(panel) < data.panels.size();
    const QString xLabel = ownLabels ? data.panels[static_cast<std::size_t>(panel)].xLabel : data.xLabel;
    const QString yLabel = ownLabels ? data.panels[static_cast<std::size_t>(panel)].yLabel : data.yLabel;
    // Many curves in one panel (the Layers view's 32 bars, one per layer): the one under the mouse, not a list that
    // the status bar cuts off after three
    constexpr std::size_t kListedUpTo = 8;
    const Curve* under = nullptr;
    std::size_t inPanel = 0;
    for (const Curve& c : data.curves)
        if (!c.x.empty() && c.panel == panel) {
            ++inPanel;
            const double dy = std::abs(c.y[nearestIndex(c, x)] - y);
            if (!under || dy < std::abs(under->y[nearestIndex(*under, x)] - y))
                under = &c;
        }
    if (inPanel <= kListedUpTo)
        under = nullptr;
    for (const Curve& c : data.curves) {
        if (c.x.empty() || c.panel != panel || (under && &c != under))
            continue;
        // parametric (PCA) or a square panel of clock hands (Rotation): the point itself, not a hand's value
        if (!std::is_sorted(c.x.begin(), c.x.end()) || (ownLabels && data.panels[static_cast<std::size_t>(panel)].square > 0))
            return QStringLiteral("%1 = %2").arg(axisName(xLabel), fmt(x)) + separator() +
                   QStringLiteral("%1 = %2").arg(axisName(yLabel), fmt(y));
        const std::size_t i = nearestIndex(c, x);
        if (!shownX)
            shownX = c.x[i];
        // a curve without a legend entry of its own (the second panel of a pair) is named by its method's entry, or
        // by the entry of its own colour (the Engines view's curves carry a colour per engine, not a method)
        // A curve of one of several quantities is named by its method (a dashed line's own entry says what dashed
        // means: the quantity, said once before its values).
        QString name = c.quantity.isEmpty() ? c.name : QString();
        for (std::size_t k = 0; name.isEmpty() && k < data.curves.size(); ++k)
            if ((!c.methodId.empty() && data.curves[k].methodId == c.methodId) ||
                (c.methodId.empty() && c.color.isValid() && data.curves[k].color == c.color))
                name = data.curves[k].name;
        if (name.isEmpty() && !c.quantity.isEmpty())
            name = c.name;
        qsizetype q = quantities.indexOf(c.quantity);
        if (q < 0) {
            q = quantities.size();
            quantities << c.quantity;
            parts.emplace_back();
        }
        parts[static_cast<std::size_t>(q)]
            << (name.isEmpty() ? fmt(c.y[i]) : under ? name : QStringLiteral("%1 %2").arg(name, fmt(c.y[i])));
        if (under && !name.isEmpty()) // the value first, then the curve's name: «层 = 15：… 第 0–31 层», not «…层 15»
            quantities[q] = QStringLiteral("%1 = %2").arg(c.quantity.isEmpty() ? axisName(yLabel) : c.quantity,
                                                          fmt(c.y[i]));
    }
    if (parts.empty())
        return {};
    // one quantity drawn: named by the y axis ("wavelength λ'ᵢ", "factor on the logits"), so that a curve's name
    // (YaRN mscale, applied to cos/sin) is not read as the quantity
    if (quantities.size() == 1 && quantities.front().isEmpty())
        quantities.front() = axisName(yLabel);
    QStringList groups;
    for (qsizetype q = 0; q < quantities.size(); ++q) {
        const QString values = parts[static_cast<std::size_t>(q)].join(QStringLiteral(" · "));
        groups << (quantities[q].isEmpty()
                       ? values
                       : QCoreApplication::translate("posenc::figures", "%1: %2",
                                                     "hover read-out: a quantity, then each curve's value of it")
                             .arg(quantities[q], values));
    }
    return QCoreApplication::translate("posenc::figures", "%1 = %2: %3",
                                       "hover read-out of curves: x, then each curve's value")
        .arg(firstWord(xLabel), fmt(*shownX),
             groups.join(QCoreApplication::translate("posenc::figures", "; ",
                                                     "between the quantities of a hover read-out")));
}

} // namespace posenc::widgets
