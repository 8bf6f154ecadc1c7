// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QCustomPlot;
class QCPAxisRect;
class QPoint;
class QWidget;

namespace posenc::widgets {

/// The hover crosshair: a vertical and a horizontal line through the mouse pointer across the panel it is in, each
/// a one-pixel child widget of the plot rather than a QCustomPlot item. On a buffered QCustomPlot layer of its own
/// it was a second full-size paint buffer that every replot cleared and composited; two hidden strips cost nothing,
/// a move repaints two strips, and nothing that draws the figure (toPixmap, savePdf, saveSvg: every export) can
/// include them.
class Crosshair : public QObject {
public:
    explicit Crosshair(QCustomPlot* plot);

    /// Lines through `at` (plot widget coordinates) across `rect`.
    void showAt(const QCPAxisRect* rect, const QPoint& at);
    void clear();
    bool isShown() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QCustomPlot* m_plot;
    QWidget* m_vertical;
    QWidget* m_horizontal;
};

} // namespace posenc::widgets
