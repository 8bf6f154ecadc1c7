// SPDX-License-Identifier: GPL-3.0-or-later
// The ranges a curve panel opens with: its curves, shaded spans and markers whole, with a margin.
#include "figures/FigureWidget_p.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace posenc::widgets::detail {

namespace {

/// The one value every plottable on `axis` takes (as its value axis), if they take one and only one.
std::optional<double> flatValue(QCPAxis* axis)
{
    std::optional<QCPRange> all;
    for (QCPAbstractPlottable* plottable : axis->plottables()) {
        if (plottable->valueAxis() != axis)
            continue;
        bool found = false;
        const QCPRange r = plottable->getValueRange(found);
        if (found)
            all = all ? all->expanded(r) : r;
    }
    if (all && all->lower == all->upper)
        return all->lower;
    return std::nullopt;
}

} // namespace

void fitRanges(QCPAxis* x, QCPAxis* y, const FigureData& data, int panel, const Panel& p)
{
    x->rescale(true);
    y->rescale(true);
    // Curves that are one value everywhere (every engine agrees: a largest |Δ| of 0) would keep QCustomPlot's
    // default span around it, ticked at −2, −1: values the quantity never takes. Open on [0, 1] above a 0, else
    // half the value either side.
    if (const auto flat = flatValue(y)) {
        const double v = *flat;
        y->setRange(v == 0 ? QCPRange(0, 1) : QCPRange(v - std::abs(v) / 2, v + std::abs(v) / 2));
    }
    QCPRange xr = x->range(); // a shaded span is part of the picture (e.g. the distances a window masks)
    for (const Span& s : data.spans)
        if (s.panel == panel && (!p.logX || s.first > 0)) {
            xr.expand(s.first);
            xr.expand(s.last);
        }
    x->setRange(xr);
    if (p.logX) // points at the ends (e.g. effective bases at L) stay whole
        x->scaleRange(1.15, std::sqrt(std::max(x->range().lower, 1e-300) * x->range().upper));
    else if (data.kind == FigureKind::Pca) // a path in the plane: its ends and start marker stay whole
        x->scaleRange(1.1, x->range().center());
    QCPRange yr = y->range();
    for (const auto& m : data.horizontalMarkers)
        if (m.panel == panel)
            yr.expand(m.x);
    y->setRange(yr);
    if (p.square > 0) {
        x->setRange(-p.square, p.square);
        y->setRange(-p.square, p.square);
    } else if (p.logY) {
        y->setRange(y->range().sanitizedForLogScale());
        y->scaleRange(1.15, std::sqrt(y->range().lower * y->range().upper));
    } else {
        y->scaleRange(data.kind == FigureKind::Pca ? 1.1 : 1.08, y->range().center());
    }
    if (p.square <= 0)
        roomAboveMarkers(y, data, panel, p.logY);
}

void roomAboveMarkers(QCPAxis* y, const FigureData& data, int panel, bool log)
{
    // A horizontal line (the Bounds view's training length T above every wavelength) stands at most 80% of the way
    // up, in the axis' own (log or linear) units, so its label fits above it inside the panel.
    const auto unit = [log](double v) { return log ? std::log10(v) : v; };
    const auto value = [log](double u) { return log ? std::pow(10.0, u) : u; };
    for (const auto& m : data.horizontalMarkers) {
        const QCPRange range = y->range();
        if (m.panel != panel || !std::isfinite(m.x) || (log && !(m.x > 0 && range.lower > 0)))
            continue;
        const double lower = unit(range.lower), upper = unit(range.upper), at = unit(m.x);
        if (at > lower + 0.8 * (upper - lower))
            y->setRangeUpper(value(lower + (at - lower) / 0.8));
        else if (at < lower)
            y->setRangeLower(value(at - 0.05 * (upper - at)));
    }
}

} // namespace posenc::widgets::detail
