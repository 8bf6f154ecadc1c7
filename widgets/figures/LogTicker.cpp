// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/LogTicker.h"

#include "i18n/CoreText.h"

#include <algorithm>
#include <cmath>

namespace posenc::widgets {

namespace {

bool distinct(QVector<QString> labels)
{
    std::sort(labels.begin(), labels.end());
    return std::adjacent_find(labels.begin(), labels.end()) == labels.end();
}

} // namespace

QVector<QString> screenTickLabels(QVector<QString> labels)
{
    for (QString& label : labels)
        label = CoreText::tickText(label);
    return labels;
}

void LogTicker::apply(QCPAxis* axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(QSharedPointer<QCPAxisTickerLog>(new LogTicker));
    axis->setNumberFormat(QStringLiteral("ebc")); // 10⁻³ and 2×10⁻³, the × of the notes
    axis->setNumberPrecision(0);
}

QVector<QString> LogTicker::createLabelVector(const QVector<double>& ticks, const QLocale& locale, QChar formatChar,
                                              int precision)
{
    QVector<QString> labels = QCPAxisTickerLog::createLabelVector(ticks, locale, formatChar, precision);
    if (distinct(labels))
        return screenTickLabels(labels);
    const bool plain = std::all_of(ticks.begin(), ticks.end(),
                                   [](double t) { return t == 0 || (std::abs(t) >= 1e-3 && std::abs(t) < 1e5); });
    // The fewest digits that tell the ticks apart and say each one's value: 1.25 printed "1.3" was distinct from
    // its neighbours and wrong (the Precision view's log axis read 1, 1.3, 1.5, 1.8, 2 at 1, 1.25, 1.5, 1.75, 2).
    for (int digits = 1; digits <= 15; ++digits) {
        bool exact = true;
        for (int i = 0; i < ticks.size(); ++i) {
            labels[i] = plain ? locale.toString(ticks[i], 'g', digits)
                              : locale.toString(ticks[i], 'e', digits - 1); // the axis draws it as m·10ⁿ
            const double shown = plain ? locale.toDouble(labels[i]) : QString::number(ticks[i], 'e', digits - 1).toDouble();
            exact = exact && std::abs(shown - ticks[i]) <= 1e-9 * std::abs(ticks[i]);
        }
        if (exact && distinct(labels))
            break;
    }
    return screenTickLabels(labels);
}

double IntegerTicker::getTickStep(const QCPRange& range)
{
    return std::max(1.0, std::floor(QCPAxisTicker::getTickStep(range)));
}

} // namespace posenc::widgets
