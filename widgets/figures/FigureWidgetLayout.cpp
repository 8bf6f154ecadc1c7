// SPDX-License-Identifier: GPL-3.0-or-later
// FigureWidget: building the QCustomPlot layout for a FigureData (title, axis rects with colour maps or curves,
// shared colour scale, legend, reference lines, note).
#include "figures/FigureWidget.h"
#include "figures/FigureWidget_p.h"
#include "figures/LogTicker.h"
#include "figures/Crosshair.h"

#include <QFontMetricsF>
#include <QLabel>
#include <QTableWidget>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc::widgets {

using detail::sizedFont;
using detail::styleAxes;
using detail::wrapped;

namespace {

/// Everything of a heatmap's layout but its cells, ranges and note: two figures with the same key differ only in
/// what refreshGridsInPlace() sets (empty: not a heatmap, always built anew).
QString gridLayoutKey(const FigureData& d)
{
    if (d.kind != FigureKind::Heatmap || d.grids.empty() || !d.curves.empty() || !d.table.empty() ||
        !d.tableRows.empty())
        return {};
    QStringList parts{d.title, d.caption, d.source, d.note.isEmpty() ? QStringLiteral("-") : QStringLiteral("+")};
    for (const Grid& g : d.grids)
        parts << g.title << g.xLabel << g.yLabel << g.valueLabel << QString::number(static_cast<int>(g.scale))
              << QString::number(g.drawn ? 1 : 0);
    for (const Grid& g : d.grids)
        for (const auto* borders : {&g.xBorders, &g.yBorders}) {
            parts << QStringLiteral("|");
            for (const double b : *borders)
                parts << QString::number(b, 'g', 17);
        }
    for (const auto* markers : {&d.verticalMarkers, &d.horizontalMarkers})
        for (const auto& m : *markers)
            parts << QString::number(m.x, 'g', 17) << m.label << QString::number(m.panel);
    for (const auto& l : d.gridLabels) // region names (dual chunk): placed by the length, built with the grids
        parts << QString::number(l.grid) << QString::number(l.x, 'g', 17) << QString::number(l.y, 'g', 17) << l.text;
    return parts.join(QChar(0x1f));
}

} // namespace

bool FigureWidget::refreshGridsInPlace()
{
    // A slider step of the visible heatmap: same panels, labels and markers, new cells. Building the whole plot
    // anew (axis rects, colour scale, text elements, and with them QCustomPlot's tick-label caches) cost the GUI
    // thread about 2 ms per step (`posenc-explorer --benchmark`); the picture is the same (tst_figure_frames).
    const QString key = gridLayoutKey(m_data);
    if (key.isEmpty() || key != m_builtKey || m_maps.size() != m_data.grids.size() || !m_colorScale)
        return false;
    m_building = true;
    for (std::size_t i = 0; i < m_data.grids.size(); ++i) {
        const Grid& g = m_data.grids[i];
        if (g.drawn) // (the key says whether there are cells; none: the empty map stays)
            m_maps[i]->setData(const_cast<QCPColorMapData*>(g.drawn.get()), true);
        m_rects[i]->axis(QCPAxis::atLeft)->setRange(g.yFirst, g.yLast);
    }
    wrapNote(m_plot->width() > 100 ? m_plot->width() : 1100); // the note's numbers change with the parameters
    applyColorMap();                                          // the range of the new cells; queues the replot
    m_building = false;
    return true;
}

void FigureWidget::rebuild(bool keepXRange)
{
    if (keepXRange && refreshGridsInPlace())
        return;
    m_builtKey = gridLayoutKey(m_data);
    std::optional<QCPRange> keptX;
    if (keepXRange && !m_rects.empty())
        keptX = m_rects.front()->axis(QCPAxis::atBottom)->range();
    m_building = true;
    m_wrappedKey.clear(); // new text elements: wrapped anew
    m_plot->clearItems();
    m_plot->clearPlottables();
    delete m_marginGroup;
    m_marginGroup = nullptr;
    m_plot->plotLayout()->clear();
    m_title = nullptr;
    m_rects.clear();
    m_maps.clear();
    m_colorScale = nullptr;
    m_crosshair->clear();

    // A table (Bounds) is shown below the plot when the figure also has curves, alone otherwise.
    m_showTable = !m_data.table.empty() || !m_data.tableRows.empty();
    m_showPlot = !m_data.grids.empty() || !m_data.curves.empty() || !m_showTable;
    m_table->setVisible(m_showTable);
    m_plot->setVisible(m_showPlot);
    // The label holds the note only while it is shown: a hidden word-wrapped label given new text still asked the
    // column to lay out again, and that measured the plot's whole layout (its wrapped note) at every figure.
    const bool tableNote = m_showTable && !m_showPlot;
    const QString noteText = !tableNote               ? QString()
                             : m_data.title.isEmpty() ? m_data.note
                                                      : m_data.title + QLatin1Char('\n') + m_data.note;
    if (m_tableNote->text() != noteText)
        m_tableNote->setText(noteText);
    m_tableNote->setVisible(tableNote);
    auto* title = m_title = new QCPTextElement(m_plot, m_data.title, sizedFont(12.5, true));
    m_plot->plotLayout()->addElement(0, 0, title);
    if (!m_data.grids.empty())
        buildGrids(keptX);
    else if (!m_data.curves.empty())
        buildCurves();
    if (!m_data.table.empty() || !m_data.tableRows.empty())
        fillTable();
    addNote(m_plot->plotLayout()->rowCount());
    addCaption(m_plot->plotLayout()->rowCount());
    if (!m_note) // the title is wrapped with the note; without one, here
        wrapNote(m_plot->width() > 100 ? m_plot->width() : 1100);

    if (m_panelMinimum > 0)
        for (QCPAxisRect* rect : m_rects) {
            // Readable: the panel's plot area, and at least the length of its vertical axis labels (drawn along
            // the panel's height, a longer label is cut at the panel's top and bottom).
            int height = static_cast<int>(std::lround(m_panelMinimum * presentationScale()));
            for (QCPAxis* axis : rect->axes(QCPAxis::atLeft | QCPAxis::atRight))
                if (axis->visible() && !axis->label().isEmpty())
                    height = std::max(height, detail::longestLine(axis->label(), axis->labelFont()) + 8);
            rect->setSizeConstraintRect(QCPLayoutElement::scrInnerRect);
            rect->setMinimumSize(0, height);
        }
    updateMinimumHeight();
    m_building = false;
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void FigureWidget::setReadableMinimum(int panelHeight)
{
    m_panelMinimum = panelHeight;
    m_plot->setMinimumWidth(320);
    rebuild(false);
}

void FigureWidget::updateMinimumHeight()
{
    if (m_panelMinimum <= 0)
        return;
    // The layout's own minimum: title, legends and the wrapped note at their heights, each panel at its minimum.
    const int needed = std::max(200, m_showPlot ? m_plot->plotLayout()->minimumOuterSizeHint().height() : 0);
    if (m_plot->minimumHeight() != needed)
        m_plot->setMinimumHeight(needed);
}

void FigureWidget::buildGrids(std::optional<QCPRange> keptX)
{
    auto* sub = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, sub);
    m_marginGroup = new QCPMarginGroup(m_plot);
    m_colorScale = new QCPColorScale(m_plot);
    const bool several = m_data.grids.size() > 1;
    for (std::size_t i = 0; i < m_data.grids.size(); ++i) {
        const Grid& g = m_data.grids[i];
        auto* rect = new QCPAxisRect(m_plot, true);
        sub->addElement(0, static_cast<int>(i), rect);
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, m_marginGroup);
        styleAxes(rect, g.xLabel, g.yLabel);
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        // Positions and dimensions are integers: ticks only at integers (a length of 2 shows 0 1, not −1 0 1 1 2).
        for (QCPAxis* a : {x, y}) {
            QSharedPointer<QCPAxisTickerFixed> ticker(new FixedTicker);
            ticker->setTickStep(1.0);
            ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
            a->setTicker(ticker);
            a->setNumberFormat(QStringLiteral("f"));
            a->setNumberPrecision(0);
        }
        if (several) {
            QCPAxis* top = rect->axis(QCPAxis::atTop);
            top->setVisible(true);
            top->setTicks(false);
            top->setTickLabels(false);
            top->setLabel(g.title);
            top->setLabelFont(sizedFont(11, true));
        }
        // Heatmaps zoom and pan along positions only (the app recomputes the visible window).
        const Qt::Orientations axes =
            m_data.kind == FigureKind::Heatmap ? Qt::Orientations(Qt::Horizontal) : (Qt::Horizontal | Qt::Vertical);
        rect->setRangeDrag(axes);
        rect->setRangeZoom(axes);

        auto* map = new QCPColorMap(x, y);
        if (g.drawn) // cells prepared off the GUI thread (prepareDisplay): one copy
            map->setData(const_cast<QCPColorMapData*>(g.drawn.get()), true);
        map->setInterpolate(false);
        map->setTightBoundary(false);
        if (g.categoryColors.empty()) {
            map->setColorScale(m_colorScale);
        } else { // categories: category v at stop v of a stepped gradient, off the shared scale
            const auto n = static_cast<int>(g.categoryColors.size());
            QCPColorGradient steps;
            steps.clearColorStops();
            for (int c = 0; c < n; ++c)
                steps.setColorStopAt(n > 1 ? static_cast<double>(c) / (n - 1) : 0.0, g.categoryColors[c]);
            if (n == 1)
                steps.setColorStopAt(1.0, g.categoryColors.front());
            steps.setLevelCount(std::max(2, n));
            map->setGradient(steps);
            map->setDataRange(QCPRange(0, std::max(1, n - 1)));
        }
        sub->setColumnStretchFactor(static_cast<int>(i), g.widthShare);
        x->setRange(keptX ? *keptX : QCPRange(g.xFirst, g.xLast));
        y->setRange(g.yFirst, g.yLast);
        connect(x, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &FigureWidget::onXRangeChanged);
        m_rects.push_back(rect);
        m_maps.push_back(map);
        addMarkers(rect, 0);
        for (const auto& l : m_data.gridLabels)
            if (l.grid == static_cast<int>(i)) {
                auto* t = new QCPItemText(m_plot);
                t->setClipAxisRect(rect);
                t->position->setAxes(x, y);
                t->position->setCoords(l.x, l.y);
                t->setText(l.text);
                t->setFont(sizedFont(9, true));
                t->setColor(QColor(20, 20, 20));
                t->setBrush(QBrush(QColor(255, 255, 255, 210)));
                t->setPadding(QMargins(3, 1, 3, 1));
            }
        addBorders(rect, g);
    }
    sub->addElement(0, static_cast<int>(m_data.grids.size()), m_colorScale);
    m_colorScale->setType(QCPAxis::atRight);
    m_colorScale->setMarginGroup(QCP::msTop | QCP::msBottom, m_marginGroup);
    m_colorScale->axis()->setLabelFont(sizedFont(10.5));
    detail::setVerticalLabel(m_colorScale->axis(), m_data.grids.front().valueLabel);
    m_colorScale->axis()->setTickLabelFont(sizedFont(9));
    m_colorScale->setBarWidth(14);
    m_colorScale->axis()->setTicker(QSharedPointer<QCPAxisTicker>(new LinearTicker)); // −0.5, not -0.5
    applyColorMap();
}

void FigureWidget::addBorders(QCPAxisRect* rect, const Grid& g)
{
    const QPen pen(QColor(20, 20, 20), 1.8 * presentationScale());
    auto segment = [&](double x1, double y1, double x2, double y2) {
        auto* line = new QCPItemLine(m_plot);
        line->setClipAxisRect(rect);
        line->start->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        line->end->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        line->start->setCoords(x1, y1);
        line->end->setCoords(x2, y2);
        line->setPen(pen);
    };
    for (const double x : g.xBorders)
        segment(x, g.yFirst, x, g.yLast);
    for (const double y : g.yBorders)
        segment(g.xFirst, y, g.xLast, y);
}

void FigureWidget::addMarkers(QCPAxisRect* rect, int panel)
{
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    const QPen pen(QColor(80, 80, 80), 1.2, Qt::DashDotLine);
    auto label = [&](const QString& text, double ax, double ay, bool horizontal, Qt::Alignment align) {
        auto* t = new QCPItemText(m_plot);
        t->setObjectName(horizontal ? QStringLiteral("horizontal-marker") : QStringLiteral("vertical-marker"));
        t->setClipAxisRect(rect);
        t->position->setAxes(x, y);
        t->position->setAxisRect(rect);
        t->position->setTypeX(horizontal ? QCPItemPosition::ptAxisRectRatio : QCPItemPosition::ptPlotCoords);
        t->position->setTypeY(horizontal ? QCPItemPosition::ptPlotCoords : QCPItemPosition::ptAxisRectRatio);
        t->position->setCoords(ax, ay);
        t->setPositionAlignment(align);
        t->setText(text);
        t->setFont(sizedFont(9));
        t->setColor(QColor(50, 50, 50));
        t->setBrush(QBrush(QColor(255, 255, 255, 200)));
        t->setPadding(QMargins(4, 1, 4, 1)); // the text clear of its own line and of the axis («临界维度对 46»)
        if (!horizontal) // top or bottom, by where the curves run at each layout (zoom, resize, export)
            connect(m_plot, &QCustomPlot::afterLayout, t, [t, rect] { detail::placeMarkerLabel(t, rect); });
        return t;
    };
    for (const auto& m : m_data.horizontalMarkers) {
        if (m.panel != panel)
            continue;
        auto* line = new QCPItemStraightLine(m_plot);
        line->setClipAxisRect(rect);
        line->point1->setAxes(x, y);
        line->point2->setAxes(x, y);
        line->point1->setCoords(1, m.x);
        line->point2->setCoords(2, m.x);
        line->setPen(pen);
        double nextHigher = std::numeric_limits<double>::quiet_NaN();
        for (const auto& other : m_data.horizontalMarkers)
            if (other.panel == panel && other.x > m.x && !(other.x >= nextHigher))
                nextHigher = other.x;
        auto* t = label(m.label, 0.01, m.x, true, Qt::AlignLeft | Qt::AlignBottom);
        connect(m_plot, &QCustomPlot::afterLayout, t,
                [t, rect, nextHigher] { detail::placeHorizontalLabel(t, rect, nextHigher); });
    }
    for (const auto& m : m_data.verticalMarkers) {
        if (m.panel != panel)
            continue;
        auto* line = new QCPItemStraightLine(m_plot);
        line->setClipAxisRect(rect);
        line->point1->setAxes(x, y);
        line->point2->setAxes(x, y);
        line->point1->setCoords(m.x, 1);
        line->point2->setCoords(m.x, 2);
        line->setPen(pen);
        // A line near the right edge gets its label on its left, so the text stays inside the plot.
        const QCPRange r = x->range();
        const bool logX = x->scaleType() == QCPAxis::stLogarithmic && r.lower > 0 && m.x > 0;
        const double at = logX ? std::log(m.x / r.lower) / std::log(r.upper / r.lower) : (m.x - r.lower) / r.size();
        label(m.label, m.x, 0.02, false, (at > 0.7 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    }
}

void FigureWidget::addNote(int row)
{
    m_note = nullptr;
    if (m_data.note.isEmpty())
        return;
    // Lines as wide as the plot (measured in pixels of the note's font, so no note is cut off, also with
    // presentation mode's larger text); rewrapped on resize and for an export's width (wrapNote).
    auto* note = m_note = new QCPTextElement(m_plot, QString(), sizedFont(8.5));
    note->setTextColor(QColor(70, 70, 70));
    note->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    note->setMargins(QMargins(8, 2, 8, 4));
    wrapNote(m_plot->width() > 100 ? m_plot->width() : 1100);
    m_plot->plotLayout()->addElement(row, 0, note);
    m_plot->plotLayout()->setRowStretchFactor(row, 0.001);
}

void FigureWidget::addCaption(int row)
{
    if (m_data.caption.isEmpty() && m_data.source.isEmpty())
        return;
    const QFont font = sizedFont(9.5);
    const double charWidth = QFontMetricsF(font).averageCharWidth();
    const int chars = m_plot->width() > 100 && charWidth > 0
                          ? std::max(40, static_cast<int>(m_plot->width() / charWidth) - 6)
                          : static_cast<int>(130 / presentationScale());
    QStringList parts;
    if (!m_data.caption.isEmpty())
        parts << wrapped(m_data.caption, chars);
    if (!m_data.source.isEmpty())
        parts << wrapped(tr("Source: %1").arg(m_data.source), chars);
    auto* caption = new QCPTextElement(m_plot, parts.join(QLatin1Char('\n')), font);
    caption->setTextColor(QColor(30, 30, 30));
    caption->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    caption->setMargins(QMargins(8, 4, 8, 6));
    m_plot->plotLayout()->addElement(row, 0, caption);
    m_plot->plotLayout()->setRowStretchFactor(row, 0.001);
}

void FigureWidget::wrapNote(int width)
{
    // The same texts at the same widths are wrapped already (a slider step keeps the note; measuring it again
    // cost the GUI thread a third of a millisecond per step).
    QString key = m_data.title + QChar(0x1f) + m_data.note + QChar(0x1f) + QString::number(width) + QChar(0x1f) +
                  QString::number(presentationScale());
    for (QCPAxisRect* rect : m_rects)
        key += QChar(0x1f) + QString::number(rect->outerRect().width());
    if (key == m_wrappedKey)
        return;
    m_wrappedKey = key;
    if (m_title) // a title wider than the figure (the rotation view at 1366 px) was cut at both ends
        m_title->setText(detail::wrappedToPixels(m_data.title, m_title->font(), std::max(120, width - 16)));
    for (QCPAxisRect* rect : m_rects) { // panel titles, to their panel's width (its last layout, else a share)
        QCPAxis* top = rect->axis(QCPAxis::atTop);
        const QString title = top ? top->property(detail::kPanelTitleProperty).toString() : QString();
        if (title.isEmpty())
            continue;
        const int room =
            rect->outerRect().width() > 60 ? rect->outerRect().width() : width / static_cast<int>(m_rects.size());
        top->setLabel(detail::wrappedToPixels(title, top->labelFont(), std::max(80, room - 12)));
    }
    if (!m_note) {
        updateMinimumHeight();
        return;
    }
    const QMargins margins = m_note->margins();
    const double room = std::max(120, width - margins.left() - margins.right() - 8);
    m_note->setText(detail::wrappedToPixels(m_data.note, m_note->font(), room));
    updateMinimumHeight();
}

} // namespace posenc::widgets
