// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What FigureWidget draws, prepared off the GUI thread (computeFigure() calls prepareDisplay()), so that
// FigureWidget::setData() only hands ready data to QCustomPlot. The full data stays in FigureData for the
// read-out and the CSV/NPY export.

#include "figures/FigureTypes.h"

namespace posenc::widgets {

/// Curves with more than this many points per drawn column are reduced to their envelope.
inline constexpr int kEnvelopeColumns = 4096;
/// Grids with more cells than this along an axis are drawn as exact block means (Grid::drawLimit overrides).
inline constexpr int kMaxDrawnCells = 1024;

/// Fills Curve::drawX/drawY (dense curves), Grid::drawn and the grids' finite bounds, then sets
/// FigureData::displayPrepared. Touches only `data` (no QObject): meant for worker threads.
void prepareDisplay(FigureData& data);

} // namespace posenc::widgets
