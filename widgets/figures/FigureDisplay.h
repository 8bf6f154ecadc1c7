// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What FigureWidget draws, prepared off the GUI thread (computeFigure() calls prepareDisplay()), so that
// FigureWidget::setData() only hands ready data to QCustomPlot. The full data stays in FigureData for the
// read-out and the CSV/NPY export.

#include "figures/FigureTypes.h"

namespace posenc::widgets {

/// Curves with more than two points per drawn column of this many are drawn as their per-column min/max band
/// and mean (about one column per screen pixel of a full-width plot).
inline constexpr int kEnvelopeColumns = 1024;
/// Grids with more cells than this along an axis are drawn as exact block means (Grid::drawLimit overrides).
inline constexpr int kMaxDrawnCells = 1024;

/// Fills Curve::drawX/drawY/drawLow/drawHigh (dense curves), Grid::drawn and the grids' finite bounds, then sets
/// FigureData::displayPrepared. Touches only `data` (no QObject): meant for worker threads.
void prepareDisplay(FigureData& data);

} // namespace posenc::widgets
