// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the figure tests: a method of the registry with its parameters given as CLI text, and the strings a
// figure shows.

#include "figures/FigureTypes.h"
#include "posenc/registry.h"

#include <QStringList>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace posenc::widgets::test {

/// `id` with the registry's defaults, then `text` (name -> value as typed), resolved as the CLI does.
inline MethodSelection method(const std::string& id, const std::map<std::string, std::string>& text = {})
{
    const MethodDef& def = Registry::instance().find(id);
    return {def.info.id, Registry::resolve(def, text)};
}

/// A figure request of `kind` for `methods` over `length` positions, every other field at its default.
inline FigureRequest request(FigureKind kind, std::vector<MethodSelection> methods, std::int64_t length = 4096)
{
    FigureRequest r;
    r.kind = kind;
    r.methods = std::move(methods);
    r.length = length;
    return r;
}

/// Every string a figure shows (title, axes, panels, legend, markers, table, note), empty ones left out.
inline QStringList figureStrings(const FigureData& d)
{
    QStringList out{d.title, d.xLabel, d.yLabel, d.note};
    for (const auto& p : d.panels)
        out << p.title << p.xLabel << p.yLabel;
    for (const auto& c : d.curves)
        out << c.name;
    for (const auto& g : d.grids)
        out << g.title << g.xLabel << g.yLabel << g.valueLabel;
    for (const auto& m : d.verticalMarkers)
        out << m.label;
    for (const auto& m : d.horizontalMarkers)
        out << m.label;
    for (const auto& l : d.gridLabels)
        out << l.text;
    for (const auto& [k, v] : d.table)
        out << k << v;
    for (const auto& h : d.tableHeader)
        out << h;
    for (const auto& row : d.tableRows)
        for (const auto& cell : row)
            out << cell;
    out.removeAll(QString());
    return out;
}

} // namespace posenc::widgets::test
