// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/FigureTheme.h"

#include <qcustomplot.h>

namespace posenc::widgets {

namespace {

void recolourAxis(QCPAxis& axis, const QColor& text, const QColor& grid)
{
    QPen pen = axis.basePen();
    pen.setColor(text);
    axis.setBasePen(pen);
    pen = axis.tickPen();
    pen.setColor(text);
    axis.setTickPen(pen);
    pen = axis.subTickPen();
    pen.setColor(text);
    axis.setSubTickPen(pen);
    axis.setLabelColor(text);
    axis.setTickLabelColor(text);
    pen = axis.grid()->pen();
    pen.setColor(grid);
    axis.grid()->setPen(pen);
    pen = axis.grid()->zeroLinePen();
    if (pen.style() != Qt::NoPen) {
        pen.setColor(grid.lighter(150));
        axis.grid()->setZeroLinePen(pen);
    }
}

} // namespace

const std::vector<QString>& figureThemeNames()
{
    static const std::vector<QString> names = {QStringLiteral("light"), QStringLiteral("dark")};
    return names;
}

void applyFigureTheme(QCustomPlot& plot, FigureTheme theme)
{
    if (theme == FigureTheme::Light)
        return;
    const QColor background(0x1e, 0x22, 0x28);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor grid(0x4a, 0x50, 0x58);
    plot.setBackground(background);
    for (QCPAxisRect* rect : plot.axisRects()) {
        rect->setBackground(background);
        for (QCPAxis* axis : rect->axes())
            recolourAxis(*axis, text, grid);
    }
    // Dark curves (e.g. the black primary method) would vanish: draw them in the text colour.
    for (int i = 0; i < plot.graphCount(); ++i) {
        QPen pen = plot.graph(i)->pen();
        if (pen.color().lightness() < 60) {
            pen.setColor(text);
            plot.graph(i)->setPen(pen);
        }
    }
    // Every layerable is a child of the plot: titles, subtitles and notes, colour scales, legends.
    for (auto* label : plot.findChildren<QCPTextElement*>())
        label->setTextColor(text);
    for (auto* scale : plot.findChildren<QCPColorScale*>())
        recolourAxis(*scale->axis(), text, grid);
    for (auto* legend : plot.findChildren<QCPLegend*>()) {
        legend->setBrush(background);
        legend->setTextColor(text);
        legend->setBorderPen(QPen(grid));
        for (int i = 0; i < legend->itemCount(); ++i)
            legend->item(i)->setTextColor(text);
    }
}

} // namespace posenc::widgets
