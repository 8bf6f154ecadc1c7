// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

namespace posenc::widgets {

/// The explorer's QCustomPlot: its bottom paint buffer is opaque, filled with the plot's background, so a frame on
/// screen is one plain copy of it. QCustomPlot clears its buffers to transparent and paints the background under
/// them at every paint: a full-size fill and an alpha blend of the whole plot for each frame (about 1.5 ms of the
/// GUI thread per step at 1228 × 828 px, `posenc-explorer --benchmark`). With a background that is not one opaque
/// colour, it paints as QCustomPlot does. Exports (toPixmap, savePdf, saveSvg) do not use the buffers.
class FigurePlot : public QCustomPlot {
public:
    explicit FigurePlot(QWidget* parent = nullptr);

    /// Whether the bottom buffer is painted opaque (the plot's background is one opaque colour, no pixmap).
    bool opaqueBackground() const;
    QColor backgroundColor() const { return mBackgroundBrush.color(); }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void useOpaqueBase();
};

} // namespace posenc::widgets
