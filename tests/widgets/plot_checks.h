// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Checks of a drawn QCustomPlot a reader would notice: repeated log tick labels, negative ticks over data that are
// never negative, legend entries without a line, fractional ticks on a whole-number axis, tick labels not in the
// interface's notation. Each returns what it found (empty: nothing).
#include <qcustomplot.h>

#include <QAbstractSpinBox>
#include <QLineEdit>
#include <QStyle>
#include <QStyleOptionFrame>

#include <QLocale>
#include <QSet>
#include <QString>
#include <QStringList>

#include <cmath>
#include <optional>

namespace trust_test {

/// Every visible tick label of every log axis of `plot`: distinct (a message naming them otherwise).
inline QString duplicateLogTicks(QCustomPlot* plot)
{
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) {
            if (axis->scaleType() != QCPAxis::stLogarithmic || !axis->visible() || !axis->tickLabels())
                continue;
            const QVector<QString> labels = axis->tickVectorLabels();
            const QVector<double> ticks = axis->tickVector();
            QStringList shown;
            for (int i = 0; i < labels.size() && i < ticks.size(); ++i)
                if (axis->range().contains(ticks[i]))
                    shown << labels[i];
            if (QSet<QString>(shown.begin(), shown.end()).size() != shown.size())
                return QStringLiteral("axis “%1”: %2").arg(axis->label(), shown.join(QStringLiteral(" | ")));
        }
    return {};
}

/// A value axis whose curves never go below 0 (a largest |Δ|) ticked at a negative number, named; else empty.
/// Curves of one value everywhere kept QCustomPlot's default span around it, ticked at −2, −1.
inline QString negativeTickOverNonNegativeData(QCustomPlot* plot)
{
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes(QCPAxis::atLeft | QCPAxis::atRight)) {
            bool any = false, negative = false;
            for (QCPAbstractPlottable* p : axis->plottables()) {
                bool found = false;
                const QCPRange r = p->getValueRange(found);
                any = any || found;
                negative = negative || (found && r.lower < 0);
            }
            if (!any || negative)
                continue;
            for (const double tick : axis->tickVector())
                if (tick < -1e-9 * axis->range().size())
                    return axis->label() + QStringLiteral(": tick ") + QString::number(tick);
        }
    return {};
}

/// A legend entry whose line has no point.
inline QString emptyLegendEntry(QCustomPlot* plot)
{
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot->plottable(i);
        bool listed = false;
        for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
            if (auto* legend = qobject_cast<QCPLegend*>(e);
                legend && legend->visible() && legend->hasItemWithPlottable(p))
                listed = true;
        for (QCPAxisRect* rect : plot->axisRects())
            for (QCPLayoutElement* e : rect->insetLayout()->elements(true))
                if (auto* legend = qobject_cast<QCPLegend*>(e);
                    legend && legend->visible() && legend->hasItemWithPlottable(p))
                    listed = true;
        if (!listed || p->property("legend-marker").toBool()) // a marker for points drawn by other plottables
            continue;
        int points = -1;
        if (auto* g = qobject_cast<QCPGraph*>(p))
            points = g->dataCount();
        else if (auto* c = qobject_cast<QCPCurve*>(p))
            points = c->dataCount();
        if (points == 0)
            return p->name();
    }
    return {};
}

/// A tick at a fraction on an x axis whose curves are drawn at whole numbers only ("pair i" ticked 27.5, 32.5).
inline QString fractionalTick(QCustomPlot* plot)
{
    for (QCPAxisRect* rect : plot->axisRects()) {
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        if (x->scaleType() != QCPAxis::stLinear || !x->visible() || !x->tickLabels())
            continue;
        bool whole = false;
        for (QCPAbstractPlottable* p : rect->plottables()) {
            auto* g = qobject_cast<QCPGraph*>(p);
            if (!g || g->dataCount() == 0)
                continue;
            whole = true;
            for (auto it = g->data()->constBegin(); whole && it != g->data()->constEnd(); ++it)
                whole = it->key == std::floor(it->key);
            if (!whole)
                break;
        }
        if (!whole)
            continue;
        for (const double t : x->tickVector())
            if (x->range().contains(t) && t != std::floor(t))
                return QStringLiteral("axis “%1”: tick %2").arg(x->label()).arg(t);
    }
    return {};
}

/// Where a drawn curve of `rect` runs through `box` (pixels), followed pixel by pixel between its points; else none.
inline std::optional<QPointF> curveThrough(QCPAxisRect* rect, const QRectF& box)
{
    for (QCPGraph* g : rect->graphs()) {
        QPointF previous;
        bool first = true;
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            const QPointF at = g->coordsToPixels(it->key, it->value);
            const int steps = first || g->lineStyle() == QCPGraph::lsNone
                                  ? 0
                                  : static_cast<int>(std::hypot(at.x() - previous.x(), at.y() - previous.y()));
            for (int k = 0; k <= steps; ++k) {
                const QPointF p = steps == 0 ? at : previous + (at - previous) * (double(k) / steps);
                if (box.contains(p))
                    return p;
            }
            previous = at;
            first = false;
        }
    }
    return std::nullopt;
}

/// A vertical line's or a shaded band's label ("vertical-marker", "band-label" text items) that a drawn curve runs
/// through while the other end of the panel (top or bottom, the same x) is free of curves and legends, named; else
/// empty.
inline QString markerLabelOnCurve(QCustomPlot* plot)
{
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* label = qobject_cast<QCPItemText*>(plot->item(i));
        if (!label || !label->visible() ||
            (label->objectName() != QLatin1String("vertical-marker") && label->objectName() != QLatin1String("band-label")))
            continue;
        QCPAxisRect* rect = label->clipAxisRect();
        const QRectF box(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
        const auto on = curveThrough(rect, box);
        if (!on)
            continue;
        const bool atTop = box.center().y() < rect->center().y();
        QRectF other = box;
        other.moveTop(atTop ? rect->bottom() - 0.02 * rect->height() - box.height() : rect->top() + 0.02 * rect->height());
        bool legendThere = false; // the legend is drawn over a label: the other end is not free
        for (QCPLayoutElement* e : rect->insetLayout()->elements(false))
            if (auto* legend = qobject_cast<QCPLegend*>(e); legend && legend->visible())
                legendThere = legendThere || QRectF(legend->outerRect()).intersects(other);
        if (!curveThrough(rect, other) && !legendThere)
            return QStringLiteral("“%1” over a curve at (%2, %3), the other end of the panel free")
                .arg(label->text())
                .arg(on->x())
                .arg(on->y());
    }
    return {};
}

/// A line's or band's label that hides something: under a legend of its panel, or with an opaque box over a drawn
/// curve (a label crossed at both ends of the panel must let the curve show through); named, else empty.
inline QString labelHidesOrIsHidden(QCustomPlot* plot)
{
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* label = qobject_cast<QCPItemText*>(plot->item(i));
        const QString kind = label ? label->objectName() : QString();
        if (!label || !label->visible() ||
            (kind != QLatin1String("vertical-marker") && kind != QLatin1String("band-label") &&
             kind != QLatin1String("horizontal-marker")))
            continue;
        QCPAxisRect* rect = label->clipAxisRect();
        const QRectF box(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
        for (QCPLayoutElement* e : rect->insetLayout()->elements(false))
            if (auto* legend = qobject_cast<QCPLegend*>(e);
                legend && legend->visible() && QRectF(legend->outerRect()).intersects(box))
                return QStringLiteral("“%1” under the legend").arg(label->text());
        const bool boxed = label->brush().style() != Qt::NoBrush && label->brush().color().alpha() > 0;
        if (kind != QLatin1String("horizontal-marker") && boxed)
            if (const auto on = curveThrough(rect, box))
                return QStringLiteral("“%1” hides a curve at (%2, %3)").arg(label->text()).arg(on->x()).arg(on->y());
    }
    return {};
}

/// A horizontal line's label that leaves its panel or meets another line's label (horizontal or vertical) of the
/// same panel; named, else empty.
inline QString horizontalLabelClash(QCustomPlot* plot)
{
    std::vector<std::pair<QCPItemText*, QRectF>> labels, vertical;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* label = qobject_cast<QCPItemText*>(plot->item(i)); label && label->visible()) {
            const QRectF box(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
            if (label->objectName() == QLatin1String("horizontal-marker"))
                labels.emplace_back(label, box);
            else if (label->objectName() == QLatin1String("vertical-marker"))
                vertical.emplace_back(label, box);
        }
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const auto& [label, box] = labels[i];
        if (!QRectF(label->clipAxisRect()->rect()).adjusted(-1, -1, 1, 1).contains(box))
            return QStringLiteral("“%1” leaves its panel").arg(label->text());
        for (std::size_t j = 0; j < i; ++j)
            if (labels[j].first->clipAxisRect() == label->clipAxisRect() && labels[j].second.intersects(box))
                return QStringLiteral("“%1” meets “%2”").arg(label->text(), labels[j].first->text());
        for (const auto& [other, otherBox] : vertical)
            if (other->clipAxisRect() == label->clipAxisRect() && otherBox.intersects(box))
                return QStringLiteral("“%1” meets “%2”").arg(label->text(), other->text());
    }
    return {};
}

/// A visible, empty text field of `page` whose placeholder does not fit it (Qt elides it: «留空 = 第一个参与…»),
/// named; else empty.
inline QString cutPlaceholder(QWidget* page)
{
    for (QLineEdit* e : page->findChildren<QLineEdit*>()) {
        if (!e->isVisible() || !e->text().isEmpty() || e->placeholderText().isEmpty() ||
            qobject_cast<QAbstractSpinBox*>(e->parentWidget()))
            continue;
        QStyleOptionFrame o;
        o.initFrom(e);
        const QRect text = e->style()->subElementRect(QStyle::SE_LineEditContents, &o, e);
        if (e->fontMetrics().horizontalAdvance(e->placeholderText()) > text.width() - 4)
            return QStringLiteral("“%1” in a field %2 px wide").arg(e->placeholderText()).arg(e->width());
    }
    return {};
}

/// The value a tick label says, read as the interface writes numbers (−0.5, 2×10⁻³, 10⁶); NaN when it is not one.
inline double tickValue(QString label)
{
    static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    label.replace(QChar(0x2212), QLatin1Char('-'));
    const qsizetype ten = label.indexOf(QStringLiteral("10"), label.indexOf(QChar(0xD7)) + 1);
    const bool power = ten >= 0 && ten + 2 < label.size() && (label[ten + 2] == QChar(0x207B) || digits.contains(label[ten + 2]));
    bool ok = true;
    double mantissa = 1;
    if (power) {
        QString exponent;
        for (const QChar c : label.mid(ten + 2))
            exponent += c == QChar(0x207B) ? QLatin1Char('-') : QChar(u'0' + char16_t(digits.indexOf(c)));
        if (ten > 0)
            mantissa = QLocale::c().toDouble(label.left(label.indexOf(QChar(0xD7))), &ok);
        return ok ? mantissa * std::pow(10.0, exponent.toInt()) : std::nan("");
    }
    const double v = QLocale::c().toDouble(label, &ok);
    return ok ? v : std::nan("");
}

/// A tick label of an axis or colour scale written with a hyphen for its minus sign or in C notation ("-0.5",
/// "1e-05"): the notes and read-outs write −0.5 and 10⁻⁵. Named with its axis; else empty.
inline QString tickNotNumberText(QCustomPlot* plot)
{
    QList<QCPAxis*> axes;
    for (QCPAxisRect* rect : plot->axisRects())
        axes << rect->axes();
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
        if (auto* scale = qobject_cast<QCPColorScale*>(e))
            axes << scale->axis();
    for (QCPAxis* axis : axes) {
        if (!axis->visible() || !axis->tickLabels())
            continue;
        for (const QString& label : axis->tickVectorLabels())
            if (label.contains(QLatin1Char('-')) || label.contains(QLatin1Char('e')) || std::isnan(tickValue(label)))
                return QStringLiteral("axis “%1”: tick label %2").arg(axis->label(), label);
    }
    return {};
}

} // namespace trust_test
