// SPDX-License-Identifier: GPL-3.0-or-later
// Where a vertical line's or a shaded band's label goes: at the top of the panel unless a curve runs through it
// there and not at the bottom. Run at each layout; the cost is one pass over the panel's drawn points per label.
#include "figures/FigureWidget_p.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace posenc::widgets::detail {

namespace {

/// Whether the segment a–b meets `box` (Liang–Barsky clipping).
bool segmentMeets(QPointF a, QPointF b, const QRectF& box)
{
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x() - box.left(), box.right() - a.x(), a.y() - box.top(), box.bottom() - a.y()};
    for (int k = 0; k < 4; ++k) {
        if (p[k] == 0) {
            if (q[k] < 0)
                return false;
            continue;
        }
        const double t = q[k] / p[k];
        if (p[k] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    return true;
}

} // namespace

bool curvesMeet(QCPAxisRect* rect, const QRectF& box)
{
    for (QCPGraph* g : rect->graphs()) {
        if (!g->visible() || g->dataCount() == 0)
            continue;
        const bool joined = g->lineStyle() != QCPGraph::lsNone;
        QPointF previous;
        bool first = true;
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            if (std::isnan(it->value))
                continue;
            const QPointF at = g->coordsToPixels(it->key, it->value);
            if (box.contains(at) || (joined && !first && segmentMeets(previous, at, box)))
                return true;
            previous = at;
            first = false;
        }
    }
    return false;
}

void placeAtTopOrBottom(QCPItemText* label, QCPAxisRect* rect, double x, double top, Qt::Alignment side)
{
    // At `top` (a share of the panel's height from its top edge) by default; at the bottom when a curve runs through
    // the label at the top and not at the bottom: the Bounds view's "length L" sat on the end of the base-bound
    // curve, "λ > T" on the YaRN curve.
    auto box = [label] {
        return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).adjusted(-2, -2, 2, 2);
    };
    auto at = [&](double y, Qt::Alignment vertical) {
        label->position->setCoords(x, y);
        label->setPositionAlignment(side | vertical);
    };
    at(top, Qt::AlignTop);
    if (rect->height() <= 0 || !curvesMeet(rect, box()))
        return;
    at(0.98, Qt::AlignBottom);
    if (curvesMeet(rect, box())) // crossed at both ends: the top, where the other labels are
        at(top, Qt::AlignTop);
}

void placeMarkerLabel(QCPItemText* label, QCPAxisRect* rect)
{
    placeAtTopOrBottom(label, rect, label->position->coords().x(), 0.02,
                       label->positionAlignment() & Qt::AlignHorizontal_Mask);
}

} // namespace posenc::widgets::detail
