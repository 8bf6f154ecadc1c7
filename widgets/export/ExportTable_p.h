// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Table figures in exports (Exporter.cpp, ExportTable.cpp): the rows and the drawing in Exporter::tableLayout's
// columns.

#include "export/Exporter.h"
#include "figures/FigureTypes.h"

#include <QPainter>

#include <vector>

namespace posenc::widgets::detail {

/// The table's rows including the header row (the display texts).
std::vector<std::vector<QString>> tableRowsOf(const FigureData& data);
/// Draws the table in the columns of `t`; `alone`: with its title and note (the table is the whole figure).
void paintTableFigure(QPainter& p, const FigureData& data, const TableLayout& t, bool alone);

} // namespace posenc::widgets::detail
