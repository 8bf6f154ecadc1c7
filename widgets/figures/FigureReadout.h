// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Hover read-outs: pure functions from the figure data and a point in plot coordinates to the text shown in
// the status bar.

#include "figures/FigureTypes.h"

#include <optional>

namespace posenc::widgets {

/// The cell of `grid` under plot point (x, y): row (bin) and column, or nullopt outside the grid.
struct GridCell {
    std::int64_t row = 0, col = 0;
};
std::optional<GridCell> gridCellAt(const Grid& grid, double x, double y);

/// "position m = 12288…12351 (bin of 64), dimension j = 5 (pair 5): 0.1234 · λ = 9.3 positions, 440 rotations
/// in L0 = 4096"; empty outside the grid.
QString gridReadout(const Grid& grid, double x, double y);

/// "pair i = 12: RoPE 1234.5 · YaRN 2345.6" (nearest point of each curve with sorted x; the point itself for
/// parametric curves).
QString curveReadout(const FigureData& data, double x, double y, int panel = 0);

} // namespace posenc::widgets
