// SPDX-License-Identifier: GPL-3.0-or-later
// FigureWidget: building the QCustomPlot layout for a FigureData (title, axis rects with colour maps or curves,
// shared colour scale, legend, reference lines, note).
#include "figures/FigureWidget.h"

#include <qcustomplot.h>

#include <QStackedLayout>

#include <algorithm>
#include <cmath>

namespace posenc::widgets {

namespace {

QFont sizedFont(double points, bool bold = false)
{
    QFont f;
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

/// Breaks text into lines of at most `width` characters at spaces (QCPTextElement does not wrap).
QString wrapped(const QString& text, int width)
{
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
            lines << line;
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

void styleAxes(QCPAxisRect* rect, const QString& xLabel, const QString& yLabel)
{
    for (QCPAxis* a : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft)}) {
        a->setLabelFont(sizedFont(10.5));
        a->setTickLabelFont(sizedFont(9));
    }
    rect->axis(QCPAxis::atBottom)->setLabel(xLabel);
    rect->axis(QCPAxis::atLeft)->setLabel(yLabel);
}

void setLogScale(QCPAxis* axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    axis->setNumberFormat(QStringLiteral("eb"));
    axis->setNumberPrecision(0);
}

bool sorted(const std::vector<double>& x)
{
    return std::is_sorted(x.begin(), x.end());
}

/// The corner of the plot with the fewest curve points and reference labels: where the legend hides nothing.
Qt::Alignment emptiestCorner(const FigureData& data, const QCPRange& xr, const QCPRange& yr)
{
    auto unit = [](double v, const QCPRange& r, bool log) {
        if (log)
            return v > 0 ? (std::log(v) - std::log(r.lower)) / (std::log(r.upper) - std::log(r.lower)) : -1.0;
        return (v - r.lower) / r.size();
    };
    const Qt::Alignment corners[4] = {Qt::AlignTop | Qt::AlignRight, Qt::AlignTop | Qt::AlignLeft,
                                      Qt::AlignBottom | Qt::AlignRight, Qt::AlignBottom | Qt::AlignLeft};
    double load[4] = {0, 0, 0, 0};
    auto count = [&](double nx, double ny, double weight) {
        const bool left = nx<0.4, right = nx> 0.6, top = ny > 0.55, bottom = ny < 0.45;
        load[0] += weight * (top && right);
        load[1] += weight * (top && left);
        load[2] += weight * (bottom && right);
        load[3] += weight * (bottom && left);
    };
    for (const Curve& c : data.curves) {
        const std::size_t step = std::max<std::size_t>(1, c.x.size() / 2000);
        const double weight = static_cast<double>(step) / static_cast<double>(std::max<std::size_t>(1, c.x.size()));
        for (std::size_t i = 0; i < c.x.size(); i += step)
            count(unit(c.x[i], xr, data.logX), unit(c.y[i], yr, data.logY), weight);
    }
    for (const auto& m : data.horizontalMarkers)
        count(0.05, unit(m.x, yr, data.logY), 0.5); // labels sit at the left end of the line
    return corners[std::min_element(load, load + 4) - load];
}

} // namespace

void FigureWidget::rebuild(bool keepXRange)
{
    std::optional<QCPRange> keptX;
    if (keepXRange && !m_rects.empty())
        keptX = m_rects.front()->axis(QCPAxis::atBottom)->range();
    m_building = true;
    m_plot->clearItems();
    m_plot->clearPlottables();
    delete m_marginGroup;
    m_marginGroup = nullptr;
    m_plot->plotLayout()->clear();
    m_rects.clear();
    m_maps.clear();
    m_colorScale = nullptr;
    m_crosshair.clear();

    const bool tableOnly =
        m_data.grids.empty() && m_data.curves.empty() && (!m_data.table.empty() || !m_data.tableRows.empty());
    if (tableOnly) {
        fillTable();
        m_stack->setCurrentWidget(m_table);
    } else {
        m_stack->setCurrentWidget(m_plot);
    }
    auto* title = new QCPTextElement(m_plot, m_data.title, sizedFont(12.5, true));
    m_plot->plotLayout()->addElement(0, 0, title);
    if (!m_data.grids.empty())
        buildGrids(keptX);
    else if (!m_data.curves.empty())
        buildCurves();
    addNote(m_plot->plotLayout()->rowCount());

    for (QCPAxisRect* rect : m_rects)
        for (int k = 0; k < 2; ++k) {
            auto* line = new QCPItemStraightLine(m_plot);
            line->setLayer(m_overlay);
            line->setClipAxisRect(rect);
            for (QCPItemPosition* p : {line->point1, line->point2})
                p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            line->setPen(QPen(QColor(60, 60, 60, 110), 1));
            line->setSelectable(false);
            line->setVisible(false);
            m_crosshair.push_back(line);
        }
    m_building = false;
    m_plot->replot(QCustomPlot::rpQueuedReplot);
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
        x->setNumberFormat(QStringLiteral("f"));
        x->setNumberPrecision(0);
        y->setNumberFormat(QStringLiteral("f"));
        y->setNumberPrecision(0);
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
        map->setColorScale(m_colorScale);
        x->setRange(keptX ? *keptX : QCPRange(g.xFirst, g.xLast));
        y->setRange(g.yFirst, g.yLast);
        connect(x, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &FigureWidget::onXRangeChanged);
        m_rects.push_back(rect);
        m_maps.push_back(map);
        addMarkers(rect);
    }
    sub->addElement(0, static_cast<int>(m_data.grids.size()), m_colorScale);
    m_colorScale->setType(QCPAxis::atRight);
    m_colorScale->setMarginGroup(QCP::msTop | QCP::msBottom, m_marginGroup);
    m_colorScale->setLabel(m_data.grids.front().valueLabel);
    m_colorScale->axis()->setLabelFont(sizedFont(10.5));
    m_colorScale->axis()->setTickLabelFont(sizedFont(9));
    m_colorScale->setBarWidth(14);
    applyColorMap();
}

void FigureWidget::buildCurves()
{
    auto* rect = new QCPAxisRect(m_plot, true);
    auto* sub = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, sub);
    sub->addElement(0, 0, rect);
    styleAxes(rect, m_data.xLabel, m_data.yLabel);
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    if (m_data.logX)
        setLogScale(x);
    if (m_data.logY)
        setLogScale(y);
    rect->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    rect->setRangeZoom(Qt::Horizontal | Qt::Vertical);

    // A short legend goes inside the plot where it hides nothing; a long one to the right of it.
    auto* legend = new QCPLegend;
    const bool inside = std::count_if(m_data.curves.begin(), m_data.curves.end(),
                                      [](const Curve& c) { return !c.name.isEmpty(); }) <= 4;
    if (inside) {
        rect->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
    } else {
        auto* column = new QCPLayoutGrid;
        sub->addElement(0, 1, column);
        column->addElement(0, 0, legend);
        column->addElement(1, 0, new QCPLayoutElement(m_plot)); // pushes the legend to the top
        column->setRowStretchFactor(0, 0.001);
        sub->setColumnStretchFactor(1, 0.001);
        column->setMargins(QMargins(0, 12, 10, 0));
    }
    legend->setLayer(QStringLiteral("legend"));
    legend->setFont(sizedFont(9.5));
    legend->setBrush(QBrush(QColor(255, 255, 255, 225)));
    legend->setBorderPen(QPen(QColor(180, 180, 180)));

    for (const Curve& c : m_data.curves) {
        const QColor color = c.methodId.empty() ? QColor(90, 90, 90) : methodColor(c.methodId);
        QPen pen(color, c.dashed ? 1.6 : 2.0);
        // Bevel joins: densely oscillating curves (decay) turn sharply at every point, and the raster engine
        // strokes miter joins there an order of magnitude slower.
        pen.setJoinStyle(Qt::BevelJoin);
        if (c.dashed)
            pen.setStyle(Qt::DashLine);
        // Dense curves: their screen-resolution envelope, prepared off the GUI thread (prepareDisplay).
        const bool reduced = !c.drawX.empty();
        const std::vector<double>& cx = reduced ? c.drawX : c.x;
        const std::vector<double>& cy = reduced ? c.drawY : c.y;
        const QVector<double> xs(cx.begin(), cx.end()), ys(cy.begin(), cy.end());
        QCPAbstractPlottable* plottable = nullptr;
        if (reduced || sorted(c.x)) {
            auto* g = new QCPGraph(x, y);
            g->setData(xs, ys, true);
            plottable = g;
        } else {
            auto* curve = new QCPCurve(x, y);
            curve->setData(xs, ys);
            plottable = curve;
        }
        // Curves with many points per pixel are a filled band at any zoom that shows them whole: drawn without
        // antialiasing they rasterise an order of magnitude faster and look the same.
        if (cx.size() > 4000) {
            plottable->setAntialiased(false);
            pen.setWidthF(1.0);
        }
        plottable->setPen(pen);
        if (c.points) {
            const QCPScatterStyle dots(QCPScatterStyle::ssDisc, color, 5);
            if (auto* g = qobject_cast<QCPGraph*>(plottable)) {
                g->setLineStyle(QCPGraph::lsNone);
                g->setScatterStyle(dots);
            } else if (auto* curve = qobject_cast<QCPCurve*>(plottable)) {
                curve->setLineStyle(QCPCurve::lsNone);
                curve->setScatterStyle(dots);
            }
        }
        plottable->setName(c.name);
        if (!c.name.isEmpty()) // unnamed curves complete a named one (e.g. the lower edge of mean ± std)
            plottable->addToLegend(legend);
    }
    x->rescale(true);
    y->rescale(true);
    // Reference lines stay visible.
    QCPRange yr = y->range();
    for (const auto& m : m_data.horizontalMarkers)
        yr.expand(m.x);
    y->setRange(yr);
    y->scaleRange(1.08, y->range().center());
    if (m_data.logY)
        y->setRange(y->range().sanitizedForLogScale());
    if (inside)
        rect->insetLayout()->setInsetAlignment(0, emptiestCorner(m_data, x->range(), y->range()));
    m_rects.push_back(rect);
    addMarkers(rect);
}

void FigureWidget::addMarkers(QCPAxisRect* rect)
{
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    const QPen pen(QColor(80, 80, 80), 1.2, Qt::DashDotLine);
    auto label = [&](const QString& text, double ax, double ay, bool horizontal, Qt::Alignment align) {
        auto* t = new QCPItemText(m_plot);
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
    };
    for (const auto& m : m_data.horizontalMarkers) {
        auto* line = new QCPItemStraightLine(m_plot);
        line->setClipAxisRect(rect);
        line->point1->setAxes(x, y);
        line->point2->setAxes(x, y);
        line->point1->setCoords(1, m.x);
        line->point2->setCoords(2, m.x);
        line->setPen(pen);
        label(m.label, 0.01, m.x, true, Qt::AlignLeft | Qt::AlignBottom);
    }
    for (const auto& m : m_data.verticalMarkers) {
        auto* line = new QCPItemStraightLine(m_plot);
        line->setClipAxisRect(rect);
        line->point1->setAxes(x, y);
        line->point2->setAxes(x, y);
        line->point1->setCoords(m.x, 1);
        line->point2->setCoords(m.x, 2);
        line->setPen(pen);
        label(m.label, m.x, 0.02, false, Qt::AlignLeft | Qt::AlignTop);
    }
}

void FigureWidget::addNote(int row)
{
    if (m_data.note.isEmpty())
        return;
    auto* note = new QCPTextElement(m_plot, wrapped(m_data.note, 150), sizedFont(8.5));
    note->setTextColor(QColor(70, 70, 70));
    note->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    note->setMargins(QMargins(8, 2, 8, 4));
    m_plot->plotLayout()->addElement(row, 0, note);
    m_plot->plotLayout()->setRowStretchFactor(row, 0.001);
}

} // namespace posenc::widgets
