// SPDX-License-Identifier: GPL-3.0-or-later
// Table figures (the pair table, Bounds) in exports: each column as wide as its content (issue 16: the pair table's
// PNG gave every column one width and the numbers overlapped).
#include "export/ExportTable_p.h"

#include "figures/FigureWidget.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace posenc::widgets {

namespace detail {

/// Table rows including the header row.
std::vector<std::vector<QString>> tableRowsOf(const FigureData& data)
{
    std::vector<std::vector<QString>> rows;
    if (!data.tableHeader.empty()) {
        rows.push_back(data.tableHeader);
        rows.insert(rows.end(), data.tableRows.begin(), data.tableRows.end());
    } else if (!data.table.empty()) {
        rows.push_back({QStringLiteral("quantity"), QStringLiteral("value")});
        for (const auto& [k, v] : data.table)
            rows.push_back({k, v});
    }
    return rows;
}

/// Table figures (the pair table, Bounds) drawn directly in the columns of `t` (Exporter::tableLayout): title,
/// header row, cells, note (title and note only when the table is the whole figure: beside a plot, the plot
/// carries them).
void paintTableFigure(QPainter& p, const FigureData& data, const TableLayout& t, bool alone)
{
    const int width = t.size.width();
    p.fillRect(QRect(0, 0, width, t.size.height()), Qt::white);
    p.setPen(Qt::black);
    if (alone) {
        p.setFont(t.titleFont);
        p.drawText(QRect(t.margin, 0, width - 2 * t.margin, t.top), Qt::AlignCenter | Qt::TextWordWrap, data.title);
    }
    const auto rows = tableRowsOf(data);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        p.setFont(r == 0 ? t.headerFont : t.cellFont);
        const int y = t.top + static_cast<int>(r) * t.rowHeight;
        if (r % 2 == 1)
            p.fillRect(QRect(t.margin, y, width - 2 * t.margin, t.rowHeight), QColor(244, 244, 244));
        for (std::size_t c = 0; c < t.columnWidth.size() && c < rows[r].size(); ++c)
            p.drawText(QRect(t.columnLeft[c] + t.padding, y, t.columnWidth[c] - 2 * t.padding, t.rowHeight),
                       (c == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter, rows[r][c]);
    }
    if (alone && t.noteHeight > 0) {
        p.setFont(t.noteFont);
        p.setPen(QColor(70, 70, 70));
        p.drawText(QRect(t.margin, t.noteTop, width - 2 * t.margin, t.noteHeight),
                   Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, data.note);
    }
}

} // namespace detail

TableLayout Exporter::tableLayout(const FigureData& data, int width, int height, bool alone)
{
    // Pixel-sized fonts (13, 10 and 8.5 pt at 96 dpi; presentation mode's scale kept, as in the plots): the layout
    // measured here is the one drawn on any device (PNG, SVG, PDF at one point per logical pixel).
    const double k = FigureWidget::presentationScale();
    auto px = [k](double points) { return std::max(4, static_cast<int>(std::lround(points * 96.0 / 72.0 * k))); };
    TableLayout t;
    t.titleFont.setPixelSize(px(13));
    t.titleFont.setBold(true);
    t.cellFont.setPixelSize(px(10));
    t.headerFont = t.cellFont;
    t.headerFont.setBold(true);
    t.noteFont.setPixelSize(px(8.5));
    t.margin = px(18);
    t.padding = px(5);
    const QFontMetricsF cell(t.cellFont), header(t.headerFont);
    t.rowHeight = static_cast<int>(std::ceil(std::max(cell.height(), header.height()))) + 2 * px(3);
    t.top = alone ? static_cast<int>(std::ceil(QFontMetricsF(t.titleFont).height())) + px(22) : px(4);

    // Each column as wide as its widest text (header or any cell) plus the padding on both sides.
    const auto rows = detail::tableRowsOf(data);
    t.rows = static_cast<int>(rows.size());
    std::vector<double> widest(rows.empty() ? 0 : rows.front().size(), 0.0);
    for (std::size_t r = 0; r < rows.size(); ++r)
        for (std::size_t c = 0; c < widest.size() && c < rows[r].size(); ++c)
            widest[c] = std::max(widest[c], (r == 0 ? header : cell).horizontalAdvance(rows[r][c]));
    int natural = 2 * t.margin;
    for (const double w : widest) {
        t.columnWidth.push_back(static_cast<int>(std::ceil(w)) + 2 * t.padding + 1);
        natural += t.columnWidth.back();
    }
    // An export wider than the table needs spreads the room over the columns; a narrower one grows the image.
    if (const int extra = width - natural; extra > 0 && !t.columnWidth.empty()) {
        const int n = static_cast<int>(t.columnWidth.size());
        for (int c = 0; c < n; ++c)
            t.columnWidth[static_cast<std::size_t>(c)] += extra / n + (c < extra % n ? 1 : 0);
    }
    int x = t.margin;
    for (const int w : t.columnWidth) {
        t.columnLeft.push_back(x);
        x += w;
    }
    const int imageWidth = std::max(width, x + t.margin);
    t.noteTop = t.top + t.rows * t.rowHeight + px(8);
    if (alone && !data.note.isEmpty()) {
        const QRectF room(0, 0, imageWidth - 2 * t.margin, 1e7);
        t.noteHeight =
            static_cast<int>(std::ceil(
                QFontMetricsF(t.noteFont).boundingRect(room, Qt::AlignLeft | Qt::TextWordWrap, data.note).height())) +
            2;
    }
    const int bottom = t.noteHeight > 0 ? t.noteTop + t.noteHeight + px(8) : t.top + t.rows * t.rowHeight + px(4);
    t.size = QSize(imageWidth, std::max(height, bottom));
    return t;
}

} // namespace posenc::widgets
