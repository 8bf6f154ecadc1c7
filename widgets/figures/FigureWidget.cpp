// SPDX-License-Identifier: GPL-3.0-or-later
// FigureWidget: state, interaction (zoom, pan, hover, context menu) and the colour map. The plot layout is
// built in FigureWidgetLayout.cpp.
#include "figures/FigureWidget.h"
#include "figures/FigureWidget_p.h"
#include "figures/Crosshair.h"
#include "figures/FigurePlot.h"

#include "figures/CopyableTable.h"
#include "figures/FigureDisplay.h"
#include "figures/FigureReadout.h"

#include <qcustomplot.h>

#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QMenu>
#include <QMetaMethod>
#include <QVBoxLayout>
#include <QStackedLayout>
#include <QTableWidget>

#include <cmath>
#include <limits>

namespace posenc::widgets {

namespace {

/// Under a plot (Bounds) the table is as tall as its rows: the page scrolls, never a table inside it that showed
/// one or two of its rows (issue 35). Alone (the pair table, hundreds of rows) it fills the page and scrolls.
void fitTableRows(QTableWidget* table, bool underPlot)
{
    if (!underPlot) {
        table->setMinimumHeight(0);
        table->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
        return;
    }
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->ensurePolished();
    const int rows = table->verticalHeader()->length();
    const int header = table->horizontalHeader()->sizeHint().height();
    const bool wide = table->horizontalHeader()->length() > table->viewport()->width();
    const int scrollBar = wide ? table->horizontalScrollBar()->sizeHint().height() : 0;
    table->setMinimumHeight(rows + header + scrollBar + 2 * table->frameWidth());
}

double g_presentationScale = 1.0;
} // namespace

void FigureWidget::setPresentationScale(double scale)
{
    g_presentationScale = scale;
}

double FigureWidget::presentationScale()
{
    return g_presentationScale;
}

void FigureWidget::redraw()
{
    if (m_data.grids.empty() && m_data.curves.empty() && m_data.tableRows.empty())
        return;
    if (hiddenInShownWindow()) {
        m_pendingKeepX = false;
        m_drawPending = true;
        return;
    }
    m_drawPending = false;
    rebuild(false);
}

bool FigureWidget::hiddenInShownWindow() const
{
    return !isVisible() && window() != this && window()->isVisible();
}

FigureWidget* FigureWidget::built() const
{
    auto* self = const_cast<FigureWidget*>(this); // drawing is not a change of the figure's state
    if (m_drawPending) {
        self->m_drawPending = false;
        self->rebuild(m_pendingKeepX);
    }
    return self;
}

void FigureWidget::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_drawPending) {
        built();
    } else if (m_resizePending && (m_note || m_title) && m_plot->width() > 100) {
        wrapNote(m_plot->width());
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    m_resizePending = false;
}

FigureWidget::FigureWidget(QWidget* parent) : QWidget(parent)
{
    m_plot = new FigurePlot(this);
    // An explicit minimum: the plot's own hint is its layout's, whose note and caption are wrapped to the plot's
    // current width, so a window once wide could never be narrowed again. Exports lay the figure out at exactly
    // the requested size; the explorer's pages set a readable minimum (ViewPage).
    m_plot->setMinimumSize(1, 1);
    // Tick numbers in the C locale in every language: QCustomPlot typesets "1e+06" as 10⁶ only with the C
    // locale's exponent character (zh_CN printed "1E+06"; the tables print 10⁶ in every language).
    m_plot->setLocale(QLocale::c());
    m_plot->setMouseTracking(true);
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setNoAntialiasingOnDrag(true);
    m_crosshair = new Crosshair(m_plot);

    m_table = new CopyableTable(this);
    m_table->horizontalHeader()->setStretchLastSection(true);

    m_column = new QVBoxLayout(this);
    m_column->setContentsMargins(0, 0, 0, 0);
    m_tableNote = new QLabel(this);
    m_tableNote->setWordWrap(true);
    m_tableNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tableNote->setContentsMargins(8, 4, 8, 4);
    m_tableNote->hide();
    m_column->addWidget(m_plot, 3);
    m_column->addWidget(m_tableNote);
    m_column->addWidget(m_table, 2);

    connect(m_plot, &QCustomPlot::afterLayout, this, &FigureWidget::keepSquarePanels);
    // The panels' axis margins (tick labels, axis labels) are known once laid out: the minimum height then counts
    // them (before the first layout it cannot, and a panel came out shorter than its minimum).
    connect(m_plot, &QCustomPlot::afterLayout, this, &FigureWidget::updateMinimumHeight);
    connect(m_plot, &QCustomPlot::mouseMove, this, &FigureWidget::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
        int index = -1;
        if (event->button() != Qt::LeftButton || !m_data.grids.empty())
            return;
        if (QCPAxisRect* rect = rectAt(event->position(), &index))
            emit plotClicked(rect->axis(QCPAxis::atBottom)->pixelToCoord(event->position().x()),
                             rect->axis(QCPAxis::atLeft)->pixelToCoord(event->position().y()));
    });
    connect(m_plot, &QWidget::customContextMenuRequested, this, &FigureWidget::showContextMenu);
    rebuild(false);
}

void FigureWidget::setData(const FigureData& data)
{
    setData(FigureData(data));
}

void FigureWidget::setData(FigureData&& data)
{
    const bool sameHeatmap = m_data.kind == FigureKind::Heatmap && data.kind == FigureKind::Heatmap &&
                             !m_rects.empty() && !m_maps.empty() && m_data.xLimitHigh == data.xLimitHigh &&
                             m_data.xLimitLow == data.xLimitLow && m_data.grids.size() == data.grids.size();
    prepareDisplay(data); // no-op for computeFigure()'s results
    m_data = std::move(data);
    if (hiddenInShownWindow()) {
        m_pendingKeepX = (m_drawPending ? m_pendingKeepX : true) && sameHeatmap;
        m_drawPending = true;
        return;
    }
    m_drawPending = false;
    rebuild(sameHeatmap);
}

void FigureWidget::setColorMap(ColorMapKind kind)
{
    m_colorMap = kind;
    m_colorMapOverridden = true;
    applyColorMap();
}

void FigureWidget::resetColorMap()
{
    m_colorMapOverridden = false;
    applyColorMap();
}

void FigureWidget::setColorRange(double lower, double upper)
{
    if (!(lower < upper) || !std::isfinite(lower) || !std::isfinite(upper))
        return; // callers validate; an empty range cannot be drawn
    m_colorRange = std::make_pair(lower, upper);
    applyColorMap();
}

void FigureWidget::setAutoColorRange()
{
    m_colorRange.reset();
    applyColorMap();
}

std::pair<double, double> FigureWidget::colorRange() const
{
    if (!m_colorScale)
        return {0.0, 0.0};
    return {m_colorScale->dataRange().lower, m_colorScale->dataRange().upper};
}

void FigureWidget::applyColorMap()
{
    if (!m_colorScale || m_data.grids.empty())
        return;
    if (!m_colorMapOverridden)
        m_colorMap = defaultColorMap(m_data.grids.front().scale);
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const Grid& g : m_data.grids) {
        if (!g.categoryColors.empty()) // drawn in its own colours, not on the scale
            continue;
        lo = std::min(lo, g.finiteLow);
        hi = std::max(hi, g.finiteHigh);
    }
    const QCPRange range =
        m_colorRange ? QCPRange(m_colorRange->first, m_colorRange->second) : defaultColorRange(m_colorMap, lo, hi);
    m_colorScale->setGradient(makeGradient(m_colorMap));
    m_colorScale->setDataRange(range);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int FigureWidget::pixelColumns() const
{
    const double ratio = devicePixelRatioF();
    int width = 0;
    for (QCPAxisRect* r : m_rects)
        width = std::max(width, r->width());
    if (width <= 0)
        width = m_plot->width() - 160; // before the first layout: the plot minus axis and colour-scale margins
    return std::max(1, static_cast<int>(std::lround(width * ratio)));
}

int FigureWidget::pixelRows() const
{
    const double ratio = devicePixelRatioF();
    int height = 0;
    for (QCPAxisRect* r : m_rects)
        height = std::max(height, r->height());
    if (height <= 0)
        height = m_plot->height() - 140; // before the first layout: the plot minus title, axis and note
    return std::max(1, static_cast<int>(std::lround(height * ratio)));
}

void FigureWidget::resetView()
{
    m_building = true;
    for (std::size_t panel = 0; panel < m_rects.size(); ++panel) {
        QCPAxisRect* r = m_rects[panel];
        if (m_data.kind == FigureKind::Heatmap && m_data.xLimitHigh > m_data.xLimitLow)
            r->axis(QCPAxis::atBottom)->setRange(m_data.xLimitLow, m_data.xLimitHigh);
        else
            r->axis(QCPAxis::atBottom)->rescale(true);
        r->axis(QCPAxis::atLeft)->rescale(true);
        if (m_data.kind != FigureKind::Heatmap) {
            r->axis(QCPAxis::atLeft)->scaleRange(1.05);
            detail::roomAboveMarkers(r->axis(QCPAxis::atLeft), m_data, static_cast<int>(panel),
                                     r->axis(QCPAxis::atLeft)->scaleType() == QCPAxis::stLogarithmic);
        }
    }
    m_building = false;
    if (m_data.kind == FigureKind::Heatmap && !m_rects.empty())
        onXRangeChanged(m_rects.front()->axis(QCPAxis::atBottom)->range());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void FigureWidget::onXRangeChanged(const QCPRange& requested)
{
    if (m_data.kind != FigureKind::Heatmap || m_rects.empty())
        return;
    // Keep heatmaps inside the encoded length and at least a few positions wide.
    QCPRange range = requested;
    const double lo = m_data.xLimitLow, hi = m_data.xLimitHigh;
    if (hi > lo) {
        const double minSpan = std::min(8.0, hi - lo);
        if (range.size() < minSpan)
            range = QCPRange(range.center() - minSpan / 2, range.center() + minSpan / 2);
        if (range.size() > hi - lo)
            range = QCPRange(lo, hi);
        if (range.lower < lo)
            range = QCPRange(lo, lo + range.size());
        if (range.upper > hi)
            range = QCPRange(hi - range.size(), hi);
    }
    const bool wasBuilding = m_building;
    m_building = true;
    for (QCPAxisRect* r : m_rects)
        if (r->axis(QCPAxis::atBottom)->range() != range)
            r->axis(QCPAxis::atBottom)->setRange(range);
    m_building = wasBuilding;
    if (m_building)
        return;
    // Position m is centred on x = m: the visible positions are ceil(lower) .. floor(upper).
    const auto length = static_cast<qint64>(std::llround(hi + 0.5));
    const qint64 first = std::clamp<qint64>(static_cast<qint64>(std::ceil(range.lower)), 0, length - 1);
    const qint64 last = std::clamp<qint64>(static_cast<qint64>(std::floor(range.upper)) + 1, first + 1, length);
    emit visibleWindowChanged(first, last, pixelColumns());
}

QCPAxisRect* FigureWidget::rectAt(const QPointF& pos, int* index) const
{
    for (std::size_t i = 0; i < m_rects.size(); ++i)
        if (m_rects[i]->rect().contains(pos.toPoint())) {
            *index = static_cast<int>(i);
            return m_rects[i];
        }
    return nullptr;
}

void FigureWidget::onMouseMove(QMouseEvent* event)
{
    int index = -1;
    QCPAxisRect* rect = rectAt(event->position(), &index);
    if (!rect) {
        m_crosshair->clear();
        return;
    }
    const double x = rect->axis(QCPAxis::atBottom)->pixelToCoord(event->position().x());
    const double y = rect->axis(QCPAxis::atLeft)->pixelToCoord(event->position().y());
    m_crosshair->showAt(rect, event->position().toPoint());
    QString text;
    if (!m_data.grids.empty() && static_cast<std::size_t>(index) < m_data.grids.size())
        text = gridReadout(m_data.grids[static_cast<std::size_t>(index)], x, y);
    else if (!m_data.curves.empty())
        text = curveReadout(m_data, x, y, index);
    if (!text.isEmpty())
        emit hovered(text);
}

bool FigureWidget::crosshairShown() const
{
    return m_crosshair->isShown();
}

void FigureWidget::beginExport(int width)
{
    built();
    wrapNote(width);
}

void FigureWidget::endExport()
{
    wrapNote(m_plot->width());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void FigureWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_showTable)
        fitTableRows(m_table, m_showPlot); // a narrower table may need its horizontal scroll bar
    if (hiddenInShownWindow() || m_drawPending) {
        m_resizePending = true; // wrapped when shown (or by the pending rebuild)
        return;
    }
    if ((m_note || m_title) && m_plot->width() > 100) {
        wrapNote(m_plot->width());
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void FigureWidget::showContextMenu(const QPoint& pos)
{
    QMenu menu(this);
    // The owner (the main window) opens the export dialog: figures do not depend on the export UI.
    menu.addAction(tr("Export…"), this, &FigureWidget::exportRequested);
    menu.addAction(tr("Reset view"), this, &FigureWidget::resetView);
    if (!m_data.grids.empty()) {
        QMenu* maps = menu.addMenu(tr("Colour map"));
        for (ColorMapKind kind : allColorMaps()) {
            QAction* a = maps->addAction(colorMapName(kind), this, [this, kind] { setColorMap(kind); });
            a->setCheckable(true);
            a->setChecked(kind == m_colorMap);
        }
        maps->addSeparator();
        maps->addAction(tr("Auto (follow the data)"), this, &FigureWidget::resetColorMap);
        menu.addAction(tr("Automatic colour range"), this, &FigureWidget::setAutoColorRange);
    }
    menu.exec(m_plot->mapToGlobal(pos));
}

void FigureWidget::fillTable()
{
    m_table->clear();
    std::vector<QString> header = m_data.tableHeader;
    std::vector<std::vector<QString>> rows = m_data.tableRows;
    if (header.empty()) {
        header = {tr("quantity"), tr("value")};
        for (const auto& [k, v] : m_data.table)
            rows.push_back({k, v});
    }
    m_table->setColumnCount(static_cast<int>(header.size()));
    m_table->setRowCount(static_cast<int>(rows.size()));
    QStringList labels;
    for (const QString& h : header)
        labels << h;
    m_table->setHorizontalHeaderLabels(labels);
    for (std::size_t c = 0; c < m_data.tableHeaderExact.size() && c < header.size(); ++c)
        m_table->horizontalHeaderItem(static_cast<int>(c))
            ->setData(CopyableTable::kExactRole, m_data.tableHeaderExact[c]);
    for (std::size_t r = 0; r < rows.size(); ++r)
        for (std::size_t c = 0; c < rows[r].size() && c < header.size(); ++c)
            m_table->setItem(
                static_cast<int>(r), static_cast<int>(c),
                CopyableTable::cell(rows[r][c], r < m_data.tableExact.size() && c < m_data.tableExact[r].size()
                                                    ? m_data.tableExact[r][c]
                                                    : QString()));
    m_table->resizeColumnsToContents();
    m_table->setToolTip(m_data.note);
    fitTableRows(m_table, m_showPlot);
}

} // namespace posenc::widgets
