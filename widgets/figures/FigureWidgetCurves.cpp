// SPDX-License-Identifier: GPL-3.0-or-later
// FigureWidget: curve panels (one axis rect per FigureData::panels entry, side by side): lines, points coloured
// by a value with a colour bar, light bands (mean ± std, the min/max of dense curves), shaded x spans, legend.
#include "figures/FigureWidget.h"
#include "figures/FigureWidget_p.h"
#include "figures/LogTicker.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace posenc::widgets {

namespace {

using detail::sizedFont;

void setLogScale(QCPAxis* axis)
{
    LogTicker::apply(axis);
}

bool wholeNumbers(const std::vector<const Curve*>& curves)
{
    for (const Curve* c : curves)
        for (const double v : c->x)
            if (v != std::floor(v))
                return false;
    return !curves.empty();
}

Panel panelOf(const FigureData& data, int panel)
{
    if (static_cast<std::size_t>(panel) < data.panels.size())
        return data.panels[static_cast<std::size_t>(panel)];
    return {QString(), data.xLabel, data.yLabel, data.logX, data.logY, QString()};
}

/// The corner of the panel with the fewest curve points and reference labels, where the legend hides nothing, and
/// how much runs through it (1: one whole curve).
std::pair<Qt::Alignment, double> emptiestSpot(const FigureData& data, int panel, const Panel& p, const QCPRange& xr,
                                              const QCPRange& yr)
{
    auto unit = [](double v, const QCPRange& r, bool log) {
        if (log)
            return v > 0 ? (std::log(v) - std::log(r.lower)) / (std::log(r.upper) - std::log(r.lower)) : -1.0;
        return (v - r.lower) / r.size();
    };
    // Where an inset legend can go: the four corners first (preferred on a tie), then the middles of the right
    // and left edges (the Ramp view's corners all hold a line at 0 or 1). Each spot is about the legend's share of
    // the panel: 38 % of its width, 28 % of its height.
    struct Spot {
        Qt::Alignment align;
        double x0, x1, y0, y1;
    };
    const Spot spots[6] = {{Qt::AlignTop | Qt::AlignRight, 0.62, 1.01, 0.72, 1.01},
                           {Qt::AlignTop | Qt::AlignLeft, -0.01, 0.38, 0.72, 1.01},
                           {Qt::AlignBottom | Qt::AlignRight, 0.62, 1.01, -0.01, 0.28},
                           {Qt::AlignBottom | Qt::AlignLeft, -0.01, 0.38, -0.01, 0.28},
                           {Qt::AlignVCenter | Qt::AlignRight, 0.62, 1.01, 0.36, 0.64},
                           {Qt::AlignVCenter | Qt::AlignLeft, -0.01, 0.38, 0.36, 0.64}};
    double load[6] = {0, 0, 0, 0, 0, 0};
    auto count = [&](double nx, double ny, double weight) {
        for (int k = 0; k < 6; ++k)
            load[k] += weight * (nx >= spots[k].x0 && nx <= spots[k].x1 && ny >= spots[k].y0 && ny <= spots[k].y1);
    };
    for (const Curve& c : data.curves) {
        if (c.panel != panel)
            continue;
        const std::size_t step = std::max<std::size_t>(1, c.x.size() / 2000);
        const double weight = static_cast<double>(step) / static_cast<double>(std::max<std::size_t>(1, c.x.size()));
        for (std::size_t i = 0; i < c.x.size(); i += step)
            count(unit(c.x[i], xr, p.logX), unit(c.y[i], yr, p.logY), weight);
        // A line also covers what lies between its points (a saw-tooth's drops, a step): the spots it crosses
        // get a share of its weight by the length it runs through them.
        if (c.points || c.x.size() < 2)
            continue;
        constexpr double kPiece = 0.02; // of the panel
        double length = 0;
        std::vector<std::array<double, 2>> at;
        for (std::size_t i = 0; i < c.x.size(); i += step)
            at.push_back({unit(c.x[i], xr, p.logX), unit(c.y[i], yr, p.logY)});
        for (std::size_t i = 1; i < at.size(); ++i)
            length += std::hypot(at[i][0] - at[i - 1][0], at[i][1] - at[i - 1][1]);
        if (!(length > 0) || !std::isfinite(length))
            continue;
        for (std::size_t i = 1; i < at.size(); ++i) {
            const double dx = at[i][0] - at[i - 1][0], dy = at[i][1] - at[i - 1][1];
            const double seg = std::hypot(dx, dy);
            const int pieces = static_cast<int>(std::min(200.0, std::ceil(seg / kPiece)));
            for (int k = 1; k < pieces; ++k) // the ends are counted above
                count(at[i - 1][0] + dx * k / pieces, at[i - 1][1] + dy * k / pieces, seg / pieces / length);
        }
    }
    for (const auto& m : data.horizontalMarkers)
        if (m.panel == panel)
            count(0.05, unit(m.x, yr, p.logY), 0.5); // labels sit at the left end of the line
    for (const Span& s : data.spans)
        if (s.panel == panel && !s.label.isEmpty()) // its label sits at the top, centred (drawSpans)
            count(std::clamp(unit((s.first + s.last) / 2, xr, p.logX), 0.0, 1.0), 0.93, 0.5);
    const auto best = std::min_element(load, load + 6) - load;
    return {spots[best].align, load[best]};
}

/// A light band between low and high at x (drawn under the lines, not in the legend).
void addBand(QCPAxis* x, QCPAxis* y, const std::vector<double>& xs, const std::vector<double>& low,
             const std::vector<double>& high, QColor color)
{
    auto* lower = new QCPGraph(x, y);
    auto* upper = new QCPGraph(x, y);
    lower->setData(QVector<double>(xs.begin(), xs.end()), QVector<double>(low.begin(), low.end()), true);
    upper->setData(QVector<double>(xs.begin(), xs.end()), QVector<double>(high.begin(), high.end()), true);
    color.setAlpha(55);
    lower->setPen(Qt::NoPen);
    upper->setPen(Qt::NoPen);
    upper->setBrush(QBrush(color));
    upper->setChannelFillGraph(lower);
    lower->removeFromLegend();
    upper->removeFromLegend();
}

} // namespace

void FigureWidget::buildCurves()
{
    auto* sub = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, sub);
    const int panels = std::max<int>(1, static_cast<int>(m_data.panels.size()));
    // Square panels (clock hands) in the grid of columns that gives each the largest square: side by side in a
    // wide figure, stacked in a tall one (a single row left tall panels mostly empty).
    const bool allSquare = !m_data.panels.empty() && std::all_of(m_data.panels.begin(), m_data.panels.end(),
                                                                 [](const Panel& p) { return p.square > 0; });
    int columns = panels;
    if (allSquare && panels > 1) {
        const double w = std::max(100, m_plot->width());
        const double h = std::max(100, m_plot->height() - 140); // title, note, and a legend under each row
        double best = 0;
        for (int c = 1; c <= panels; ++c) {
            const int r = (panels + c - 1) / c;
            const double side = std::min(w / c, h / r - 90.0 * (r - 1) / r);
            if (side > best + 1) {
                best = side;
                columns = c;
            }
        }
    }
    // No extra gap between square panels (their tick labels and legends keep them apart): at 1366 x 768 four
    // panels' minimum widths plus the default 5 px spacing overran the figure's right edge by 2 px.
    if (allSquare)
        sub->setColumnSpacing(0);
    for (int p = 0; p < panels; ++p)
        addCurvePanel(sub, p, allSquare ? p % columns : sub->columnCount(), allSquare ? p / columns : 0);
}

void FigureWidget::addCurvePanel(QCPLayoutGrid* sub, int panel, int column, int row)
{
    const Panel p = panelOf(m_data, panel);
    auto* rect = new QCPAxisRect(m_plot, true);
    sub->addElement(p.square > 0 ? 2 * row : 0, column, rect);
    detail::styleAxes(rect, p.xLabel, p.yLabel);
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    if (p.logX)
        setLogScale(x);
    if (p.logY)
        setLogScale(y);
    if (!p.title.isEmpty()) {
        QCPAxis* top = rect->axis(QCPAxis::atTop);
        top->setVisible(true);
        top->setTicks(false);
        top->setTickLabels(false);
        top->setLabel(p.title);
        top->setLabelFont(sizedFont(10.5, true));
        top->setProperty(detail::kPanelTitleProperty, p.title); // wrapped to the panel's width (wrapNote)
    }
    if (p.square > 0) { // fixed, equal scales (keepSquarePanels): nothing to pan or zoom
        rect->setRangeDrag({});
        rect->setRangeZoom({});
        // Ticks every 0.5 (−1, −0.5, 0, 0.5, 1): a narrow panel's automatic 0.25 steps ran together.
        for (QCPAxis* axis : {x, y}) {
            QSharedPointer<QCPAxisTickerFixed> ticker(new FixedTicker);
            ticker->setTickStep(0.5);
            ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
            axis->setTicker(ticker);
        }
    } else {
        rect->setRangeDrag(Qt::Horizontal | Qt::Vertical);
        rect->setRangeZoom(Qt::Horizontal | Qt::Vertical);
    }

    std::vector<const Curve*> curves;
    for (const Curve& c : m_data.curves)
        if (c.panel == panel)
            curves.push_back(&c);
    if (!p.logX && p.square <= 0 && wholeNumbers(curves))
        x->setTicker(QSharedPointer<QCPAxisTicker>(new IntegerTicker));
    // A short legend goes inside the plot where it hides nothing; a long one to the right of it (single panel).
    auto* legend = new QCPLegend;
    const auto named = std::count_if(curves.begin(), curves.end(), [](const Curve* c) { return !c->name.isEmpty(); });
    // Square panels (a drawing in the plane, e.g. clock hands) have no empty corner: the legend goes below.
    const bool below = p.square > 0;
    // Several panels side by side (PCA's pairs of components, Bounds) are narrow: a legend inside one overhung the
    // figure's edge or covered its curves. Their legends go in a row under the panels, one column per panel.
    const bool underneath = !below && m_data.panels.size() > 1;
    const bool inside = !below && !underneath && named <= 4;
    if (underneath) {
        QCPLayoutGrid* main = m_plot->plotLayout();
        auto* legends = qobject_cast<QCPLayoutGrid*>(main->elementAt(main->elementCount() - 1));
        if (!legends || legends->objectName() != QLatin1String("legendRow")) {
            legends = new QCPLayoutGrid;
            legends->setObjectName(QStringLiteral("legendRow"));
            main->addElement(main->rowCount(), 0, legends);
            main->setRowStretchFactor(main->rowCount() - 1, 0.001);
            legends->setMargins(QMargins(4, 2, 4, 2));
        }
        auto* cell = new QCPLayoutGrid; // the legend at the left of its panel's column, as wide as its text
        legends->addElement(0, panel, cell);
        cell->addElement(0, 0, legend);
        cell->addElement(0, 1, new QCPLayoutElement(m_plot));
        cell->setColumnStretchFactor(0, 0.001);
        legend->setMargins(QMargins(6, 4, 6, 4));
        // More than four entries in two columns: the Engines view's six engines stood in one column whose last
        // entries (ORT GenAI, the one engine that differs) were below the fold in presentation mode.
        if (named > 4) {
            legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, false);
            legend->setWrap(static_cast<int>((named + 1) / 2));
        }
    } else if (below) {
        sub->addElement(2 * row + 1, column, legend);
        sub->setRowStretchFactor(2 * row + 1, 0.001);
        legend->setMargins(QMargins(6, 4, 6, 4));
    } else if (inside) {
        rect->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
        rect->insetLayout()->setMargins(QMargins(6, 6, 6, 6)); // clear of the axes and their ticks (Spectrum)
    } else {
        auto* side = new QCPLayoutGrid;
        sub->addElement(0, column + 1, side);
        side->addElement(0, 0, legend);
        side->addElement(1, 0, new QCPLayoutElement(m_plot)); // pushes the legend to the top
        side->setRowStretchFactor(0, 0.001);
        sub->setColumnStretchFactor(column + 1, 0.001);
        side->setMargins(QMargins(0, 12, 10, 0));
    }
    legend->setLayer(QStringLiteral("legend"));
    legend->setFont(sizedFont(9.5));
    legend->setBrush(QBrush(QColor(255, 255, 255, 225)));
    legend->setBorderPen(QPen(QColor(180, 180, 180)));
    legend->setVisible(named > 0);

    QCPColorScale* colorScale = nullptr;
    for (const Curve* cp : curves) {
        const Curve& c = *cp;
        const QColor color = c.color.isValid()    ? c.color
                             : c.methodId.empty() ? QColor(90, 90, 90)
                                                  : methodColor(c.methodId);
        if (!c.bandLow.empty() && c.bandLow.size() == c.x.size() && c.bandHigh.size() == c.x.size())
            addBand(x, y, c.x, c.bandLow, c.bandHigh, color);
        const bool reduced = !c.drawX.empty();
        if (reduced && c.drawLow.size() == c.drawX.size())
            addBand(x, y, c.drawX, c.drawLow, c.drawHigh, color);
        if (!c.colorBy.empty() && c.colorBy.size() == c.x.size()) {
            // Points coloured by value: one scatter per colour step, a colour bar for the scale.
            const auto [lo, hi] = std::minmax_element(c.colorBy.begin(), c.colorBy.end());
            const QCPRange range(*lo, *hi > *lo ? *hi : *lo + 1);
            QCPColorGradient gradient = makeGradient(ColorMapKind::Sequential);
            constexpr int kSteps = 48;
            std::vector<QVector<double>> xs(kSteps), ys(kSteps);
            for (std::size_t i = 0; i < c.x.size(); ++i) {
                const int k =
                    std::clamp(static_cast<int>((c.colorBy[i] - range.lower) / range.size() * kSteps), 0, kSteps - 1);
                xs[static_cast<std::size_t>(k)] << c.x[i];
                ys[static_cast<std::size_t>(k)] << c.y[i];
            }
            for (int k = 0; k < kSteps; ++k) {
                if (xs[static_cast<std::size_t>(k)].isEmpty())
                    continue;
                auto* dots = new QCPCurve(x, y);
                dots->setData(xs[static_cast<std::size_t>(k)], ys[static_cast<std::size_t>(k)]);
                dots->setLineStyle(QCPCurve::lsNone);
                const QColor stepColor = QColor::fromRgb(gradient.color((k + 0.5) / kSteps, QCPRange(0, 1)));
                dots->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, stepColor, stepColor, 4));
                dots->removeFromLegend();
            }
            const bool lastColoured = std::none_of(m_data.curves.begin(), m_data.curves.end(), [&](const Curve& o) {
                return o.panel > panel && !o.colorBy.empty();
            }); // one colour bar, at the right
            if (!colorScale && lastColoured) {
                colorScale = new QCPColorScale(m_plot);
                colorScale->setType(QCPAxis::atRight);
                colorScale->setGradient(gradient);
                colorScale->setDataRange(range);
                colorScale->axis()->setLabelFont(sizedFont(10));
                detail::setVerticalLabel(colorScale->axis(), p.colorLabel);
                colorScale->axis()->setTickLabelFont(sizedFont(9));
                colorScale->axis()->setTicker(QSharedPointer<QCPAxisTicker>(new LinearTicker));
                colorScale->setBarWidth(12);
            }
            if (!c.name.isEmpty()) { // the legend entry: a neutral marker
                auto* entry = new QCPGraph(x, y);
                entry->setLineStyle(QCPGraph::lsNone);
                entry->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(90, 90, 90), 5));
                entry->setName(c.name);
                entry->setProperty("legend-marker", true); // stands for the coloured points drawn above
                entry->addToLegend(legend);
            }
            continue;
        }
        QPen pen(color, (c.lineWidth > 0 ? c.lineWidth : c.dashed ? 1.6 : 2.0) * presentationScale());
        // Bevel joins: densely oscillating curves turn sharply at every point; miter joins stroke far slower.
        pen.setJoinStyle(Qt::BevelJoin);
        if (c.dashed)
            pen.setStyle(Qt::DashLine);
        const std::vector<double>& cx = reduced ? c.drawX : c.x;
        const std::vector<double>& cy = reduced ? c.drawY : c.y;
        const QVector<double> xs(cx.begin(), cx.end()), ys(cy.begin(), cy.end());
        QCPAbstractPlottable* plottable = nullptr;
        if (reduced || std::is_sorted(c.x.begin(), c.x.end())) {
            auto* g = new QCPGraph(x, y);
            g->setData(xs, ys, true);
            plottable = g;
        } else {
            auto* curve = new QCPCurve(x, y);
            curve->setData(xs, ys);
            plottable = curve;
        }
        plottable->setPen(pen);
        if (c.points) {
            // Method points: discs; reference points (no method, e.g. a start marker): a large dark ring.
            const QCPScatterStyle dots =
                c.methodId.empty() && !c.color.isValid()
                    ? QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2), Qt::NoBrush, 12)
                    : QCPScatterStyle(QCPScatterStyle::ssDisc, color, 6);
            if (auto* g = qobject_cast<QCPGraph*>(plottable)) {
                g->setLineStyle(QCPGraph::lsNone);
                g->setScatterStyle(dots);
            } else if (auto* curve = qobject_cast<QCPCurve*>(plottable)) {
                curve->setLineStyle(QCPCurve::lsNone);
                curve->setScatterStyle(dots);
            }
        }
        plottable->setName(c.name);
        plottable->removeFromLegend();
        if (!c.name.isEmpty()) // unnamed curves complete a named one
            plottable->addToLegend(legend);
    }
    // Start-of-path markers etc. are ordinary point curves; spans shade x ranges over the full height.
    detail::fitRanges(x, y, m_data, panel, p);
    for (const Span& s : m_data.spans) {
        if (s.panel != panel)
            continue;
        auto* r = new QCPItemRect(m_plot);
        r->setClipAxisRect(rect);
        r->setLayer(QStringLiteral("background"));
        for (QCPItemPosition* pos : {r->topLeft, r->bottomRight}) {
            pos->setAxes(x, y);
            pos->setAxisRect(rect);
            pos->setTypeX(QCPItemPosition::ptPlotCoords);
            pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        r->topLeft->setCoords(s.first, 0);
        r->bottomRight->setCoords(s.last, 1);
        r->setPen(Qt::NoPen);
        r->setBrush(QBrush(s.color));
        auto* t = new QCPItemText(m_plot);
        t->setClipAxisRect(rect);
        t->position->setAxes(x, y);
        t->position->setAxisRect(rect);
        t->position->setTypeX(QCPItemPosition::ptPlotCoords);
        t->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        t->position->setCoords((s.first + s.last) / 2, 0.07); // below the labels of vertical lines
        t->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        t->setObjectName(QStringLiteral("band-label"));
        t->setText(s.label);
        t->setFont(sizedFont(9));
        t->setColor(QColor(60, 60, 60));
        // Centred on the part of the span in view, and moved inside the panel when that centre is too close to its
        // edge for the text: a band label was cut by the panel ("interpolat"). Placed at every layout (zoom,
        // resize, export) before anything is drawn.
        // Clear of the labels of vertical lines (under them at the top, over them at the bottom) by a line of text,
        // not by a share of the panel: in a short panel 7 % was less than a line and "λ > T" lay under "critical
        // pair 40".
        const bool belowMarkers =
            std::any_of(m_data.verticalMarkers.begin(), m_data.verticalMarkers.end(),
                        [panel](const auto& m) { return m.panel == panel; });
        connect(m_plot, &QCustomPlot::afterLayout, t, [t, x, rect, belowMarkers, first = s.first, last = s.last] {
            const double line = QFontMetricsF(t->font()).height();
            const double shift = belowMarkers && rect->height() > 0 ? (line + 6) / rect->height() : 0.0;
            const double top = std::max(0.07, 0.02 + shift), bottom = std::min(0.98, 0.98 - shift);
            const double low = std::max(first, x->range().lower), high = std::min(last, x->range().upper);
            if (!(high > low))
                return;
            const double half = QFontMetricsF(t->font()).horizontalAdvance(t->text()) / 2 + t->padding().left() + 2;
            double centre = (x->coordToPixel(low) + x->coordToPixel(high)) / 2;
            centre = std::clamp(centre, std::min(rect->left() + half, double(rect->center().x())),
                                std::max(rect->right() - half, double(rect->center().x())));
            t->position->setTypeX(QCPItemPosition::ptAbsolute);
            detail::placeAtTopOrBottom(t, rect, centre, top, bottom, Qt::AlignHCenter);
        });
    }
    if (inside) {
        const auto [spot, load] = emptiestSpot(m_data, panel, p, x->range(), y->range());
        // Curves everywhere (the Layers view's 32 bars: more than a whole curve in the emptiest spot): under the
        // plot, where it hides no bar and leaves the plot its width
        if (load > 1.0) {
            rect->insetLayout()->take(legend);
            rect->insetLayout()->simplify();
            sub->addElement(2 * row + 1, column, legend);
            sub->setRowStretchFactor(2 * row + 1, 0.001);
            legend->setMargins(QMargins(6, 4, 6, 4));
        } else {
            rect->insetLayout()->setInsetAlignment(0, spot);
        }
    }
    if (colorScale)
        sub->addElement(0, sub->columnCount(), colorScale);
    m_rects.push_back(rect);
    addMarkers(rect, panel);
}

void FigureWidget::keepSquarePanels()
{
    if (!m_data.grids.empty())
        return;
    for (std::size_t i = 0; i < m_rects.size() && i < m_data.panels.size(); ++i) {
        const double range = m_data.panels[i].square;
        if (!(range > 0))
            continue;
        QCPAxisRect* rect = m_rects[i];
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        // The shorter side shows ±range; the longer one as much more as keeps one unit the same length on both.
        if (rect->width() >= rect->height()) {
            y->setRange(-range, range);
            x->setScaleRatio(y, 1.0);
        } else {
            x->setRange(-range, range);
            y->setScaleRatio(x, 1.0);
        }
    }
}

} // namespace posenc::widgets
