// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

namespace posenc::widgets {

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
class IntegerTicker : public QCPAxisTicker {
protected:
    double getTickStep(const QCPRange& range) override;
};

} // namespace posenc::widgets
