// SPDX-License-Identifier: GPL-3.0-or-later
// Where a vertical line's or a shaded band's label goes: at the top of the panel unless a curve or the legend runs
// through it there and not at the bottom. Run at each layout; the cost is at most two passes over the panel's drawn
// points per label.
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

bool legendMeets(QCPAxisRect* rect, const QRectF& box)
{
    for (QCPLayoutElement* e : rect->insetLayout()->elements(false))
        if (auto* legend = qobject_cast<QCPLegend*>(e);
            legend && legend->visible() && legend->outerRect().intersects(box.toRect()))
            return true;
    return false;
}

namespace {
/// Whether `box` meets the label of a horizontal line of the same panel (placed before: addMarkers makes them
/// first), which is then treated as the legend is: the Bounds view's "critical pair" over "training length T".
bool horizontalLabelMeets(QCPItemText* self, QCPAxisRect* rect, const QRectF& box)
{
    QCustomPlot* plot = self->parentPlot();
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* other = qobject_cast<QCPItemText*>(plot->item(i));
            other && other != self && other->visible() && other->clipAxisRect() == rect &&
            other->objectName() == QLatin1String("horizontal-marker") &&
            QRectF(other->topLeft->pixelPosition(), other->bottomRight->pixelPosition()).intersects(box))
            return true;
    return false;
}
} // namespace

void placeAtTopOrBottom(QCPItemText* label, QCPAxisRect* rect, double x, double top, double bottom,
                        Qt::Alignment side)
{
    // At `top` (a share of the panel's height from its top edge) by default; at the bottom when a curve or the
    // legend runs through the label at the top and neither does at the bottom: the Bounds view's "length L" sat on
    // the end of the base-bound curve, "λ > T" on the YaRN curve; at the bottom, the Frequencies view's third band
    // label went under the legend in presentation mode. Crossed at both ends: where the legend is not, with no box
    // behind the text, so that the curve shows through it (the Precision view's "float16" label hid bfloat16's).
    if (!label->property("box-brush").isValid())
        label->setProperty("box-brush", label->brush());
    label->setBrush(label->property("box-brush").value<QBrush>());
    auto box = [label] {
        return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).adjusted(-2, -2, 2, 2);
    };
    auto at = [&](double y, Qt::Alignment vertical) {
        label->position->setCoords(x, y);
        label->setPositionAlignment(side | vertical);
    };
    at(top, Qt::AlignTop);
    if (rect->height() <= 0)
        return;
    const bool legendAtTop = legendMeets(rect, box()) || horizontalLabelMeets(label, rect, box());
    if (!legendAtTop && !curvesMeet(rect, box()))
        return;
    at(bottom, Qt::AlignBottom);
    const bool legendAtBottom = legendMeets(rect, box()) || horizontalLabelMeets(label, rect, box());
    if (!legendAtBottom && !curvesMeet(rect, box()))
        return;
    if (legendAtBottom || !legendAtTop) // the top, where the other labels are, unless only the top is under the legend
        at(top, Qt::AlignTop);
    label->setBrush(Qt::NoBrush);
}

namespace {
QRectF pixelBox(const QCPItemText* t)
{
    return QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition());
}

/// Whether `label` meets a vertical line's label of the same panel placed before it at this layout (labels are
/// placed in the order they were made: the earlier ones already stand where they are drawn).
bool meetsEarlierLabel(QCPItemText* label, QCPAxisRect* rect)
{
    const QRectF box = pixelBox(label);
    for (int i = 0; i < label->parentPlot()->itemCount(); ++i) {
        auto* other = qobject_cast<QCPItemText*>(label->parentPlot()->item(i));
        if (other == label)
            return false;
        if (other && other->objectName() == label->objectName() && other->clipAxisRect() == rect &&
            other->visible() && pixelBox(other).intersects(box))
            return true;
    }
    return false;
}
} // namespace

void placeMarkerLabel(QCPItemText* label, QCPAxisRect* rect)
{
    // One line further from the edge for each earlier label it would cover (the Precision view's bfloat16 and
    // float16 labels, which name their positions, face each other between their lines).
    const double x = label->position->coords().x();
    const Qt::Alignment side = label->positionAlignment() & Qt::AlignHorizontal_Mask;
    double top = 0.02, bottom = 0.98;
    placeAtTopOrBottom(label, rect, x, top, bottom, side);
    for (int line = 0; line < 4 && rect->height() > 0 && meetsEarlierLabel(label, rect); ++line) {
        const double step = (pixelBox(label).height() + 2) / rect->height();
        top += step;
        bottom -= step;
        placeAtTopOrBottom(label, rect, x, top, bottom, side);
    }
}

void placeHorizontalLabel(QCPItemText* label, QCPAxisRect* rect, double nextHigher)
{
    // Above its line by default; below it when the text would leave the panel at the top (the Bounds view's
    // "training length T" at the top of its axis) or meet the line above it (the Grid view's "target 64" over
    // "reference 28" in presentation mode).
    const Qt::Alignment side = label->positionAlignment() & Qt::AlignHorizontal_Mask;
    label->setPositionAlignment(side | Qt::AlignBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    if (rect->height() <= 0 || !y)
        return;
    const double height = pixelBox(label).height() + 2;
    const double at = y->coordToPixel(label->position->coords().y());
    const bool meetsAbove = !std::isnan(nextHigher) && at - y->coordToPixel(nextHigher) < height;
    if (at - height < rect->top() || meetsAbove)
        label->setPositionAlignment(side | Qt::AlignTop);
}

} // namespace posenc::widgets::detail
