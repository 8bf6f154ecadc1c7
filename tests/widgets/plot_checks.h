// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Checks of a drawn QCustomPlot a reader would notice: repeated log tick labels, negative ticks over data that are
// never negative, legend entries without a line, fractional ticks on a whole-number axis. Each returns what it
// found (empty: nothing).
#include <qcustomplot.h>

#include <QSet>
#include <QString>
#include <QStringList>

#include <cmath>

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

} // namespace trust_test
