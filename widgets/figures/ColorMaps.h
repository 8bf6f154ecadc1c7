// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Colour maps that tell the truth: diverging and symmetric around 0 for signed values, cyclic for angles,
// perceptually uniform sequential for magnitudes. QCustomPlot 2.1 ships no perceptually uniform map, so the
// stops are defined here.

#include "figures/FigureTypes.h"

#include <qcustomplot.h>

#include <QString>

#include <vector>

namespace posenc::widgets {

enum class ColorMapKind {
    Diverging,  ///< blue - white - red (ColorBrewer RdBu stops), for signed values centred on 0
    Cyclic,     ///< light - blue - dark - red - light, equal ends, for angles in [0, 2 pi)
    Sequential, ///< viridis-like dark blue - green - yellow, for magnitudes
    Grey        ///< black to white, for print
};

QString colorMapName(ColorMapKind kind);
const std::vector<ColorMapKind>& allColorMaps();
/// The map a grid's scale asks for.
ColorMapKind defaultColorMap(Grid::Scale scale);
/// The gradient (no interpolation between cells is the colour map's business, not the gradient's); NaN cells
/// (e.g. masked future keys) are drawn light grey.
QCPColorGradient makeGradient(ColorMapKind kind);
/// Default data range: symmetric [-M, M] (M = max |v|) for Diverging, [0, 2 pi] for Cyclic when the values fit,
/// [min, max] otherwise. Non-finite values are ignored; an empty or constant set gives a unit range.
QCPRange defaultColorRange(ColorMapKind kind, const std::vector<const std::vector<double>*>& values);
/// The same from the finite values' bounds [lo, hi] (lo > hi: no finite value).
QCPRange defaultColorRange(ColorMapKind kind, double lo, double hi);

} // namespace posenc::widgets
