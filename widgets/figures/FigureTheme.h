// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Slide themes for a finished figure: light (as drawn) or dark (light text, axes and grid on a dark background),
// applied after FigureWidget has laid the figure out, before export.

#include <QString>

#include <vector>

class QCustomPlot;

namespace posenc::widgets {

enum class FigureTheme { Light, Dark };

/// "light", "dark".
const std::vector<QString>& figureThemeNames();
/// Recolours every axis, grid, legend and text element of `plot` for the theme (Light leaves it as drawn).
void applyFigureTheme(QCustomPlot& plot, FigureTheme theme);

} // namespace posenc::widgets
