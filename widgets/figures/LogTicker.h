// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

namespace posenc::widgets {

/// `labels` as the interface writes numbers (CoreText::tickText): −0.5, not the hyphen of "-0.5"; 2×10⁻³ with
/// a minus in the exponent too (QCustomPlot's own powers drew a hyphen there).
QVector<QString> screenTickLabels(QVector<QString> labels);

/// A QCustomPlot ticker whose labels are screenTickLabels: every axis and colour scale uses one.
template <class Base>
class ScreenTicker : public Base {
protected:
    QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale& locale, QChar formatChar,
                                       int precision) override
    {
        return screenTickLabels(Base::createLabelVector(ticks, locale, formatChar, precision));
    }
};
using LinearTicker = ScreenTicker<QCPAxisTicker>;
using FixedTicker = ScreenTicker<QCPAxisTickerFixed>;

/// QCustomPlot's log ticker with labels that are always distinct. Over less than 1.6 decades it falls back to
/// linear ticks (1.2, 1.4, … 2), which "eb" with no decimals printed as 10⁰, 10⁰, 2·10⁰, 2·10⁰: the labels then
/// get the fewest significant digits that tell every tick apart (plain numbers between 10⁻³ and 10⁵).
class LogTicker : public QCPAxisTickerLog {
public:
    /// Sets `axis` to a log scale with this ticker and power-of-ten labels.
    static void apply(QCPAxis* axis);

protected:
    QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale& locale, QChar formatChar,
                                       int precision) override;
};

/// Ticks of an axis of whole numbers (a pair index, a position): the automatic steps, but never a fraction
/// (27.5, 32.5 for "pair i").
class IntegerTicker : public LinearTicker {
protected:
    double getTickStep(const QCPRange& range) override;
};

} // namespace posenc::widgets
