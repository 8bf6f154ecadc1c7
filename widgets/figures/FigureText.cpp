// SPDX-License-Identifier: GPL-3.0-or-later
// FigureWidget's text helpers (FigureWidget_p.h): fonts at the presentation scale, wrapping of titles, notes and
// axis labels to a width in columns or pixels, the axes' label style.
#include "figures/FigureWidget.h"
#include "figures/FigureWidget_p.h"

#include <QFontMetricsF>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace posenc::widgets {

namespace detail {

QFont sizedFont(double points, bool bold)
{
    QFont f;
    f.setPointSizeF(points * FigureWidget::presentationScale());
    f.setBold(bold);
    return f;
}

namespace {

/// Greedy lines no wider than `width` as measured by `measure` (columns or pixels). Words break at spaces; CJK
/// text has none, so each CJK character is a token of its own and a line may break before it. Each token is
/// measured once and a line's width is the sum of its tokens and spaces (measuring the whole line again for every
/// token was quadratic: a figure note's wrap cost as much as computing its heatmap, on the GUI thread).
template <typename Measure> QString wrapGreedy(const QString& text, double width, Measure measure)
{
    const auto cjk = [](QChar c) { return c.unicode() >= 0x2E80; };
    const double space = measure(QStringLiteral(" "));
    QStringList lines;
    QString line;
    double lineWidth = 0;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n;) {
        bool spaced = false;
        while (i < n && text[i] == QLatin1Char(' ')) {
            spaced = true;
            ++i;
        }
        if (i >= n)
            break;
        if (text[i] == QLatin1Char('\n')) { // an explicit line break
            lines << line;
            line.clear();
            lineWidth = 0;
            ++i;
            continue;
        }
        qsizetype j = i + 1;
        if (!cjk(text[i]))
            while (j < n && text[j] != QLatin1Char(' ') && text[j] != QLatin1Char('\n') && !cjk(text[j]))
                ++j;
        const QString token = text.mid(i, j - i);
        const double tokenWidth = measure(token);
        const double joined = lineWidth + (spaced ? space : 0.0) + tokenWidth;
        if (!line.isEmpty() && joined > width) {
            lines << line;
            line = token;
            lineWidth = tokenWidth;
        } else if (line.isEmpty()) {
            line = token;
            lineWidth = tokenWidth;
        } else {
            if (spaced)
                line += QLatin1Char(' ');
            line += token;
            lineWidth = joined;
        }
        i = j;
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QString wrapped(const QString& text, int width)
{
    const auto cjk = [](QChar c) { return c.unicode() >= 0x2E80; };
    return wrapGreedy(text, width, [&](const QString& s) {
        double columns = 0;
        for (const QChar c : s)
            columns += cjk(c) ? 2 : 1;
        return columns;
    });
}

QString wrappedToPixels(const QString& text, const QFont& font, double width)
{
    const QFontMetricsF metrics(font);
    return wrapGreedy(text, width, [&](const QString& s) { return metrics.horizontalAdvance(s); });
}

void styleAxes(QCPAxisRect* rect, const QString& xLabel, const QString& yLabel)
{
    for (QCPAxis* a : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft)}) {
        a->setLabelFont(sizedFont(10.5));
        a->setTickLabelFont(sizedFont(9));
    }
    rect->axis(QCPAxis::atBottom)->setLabel(xLabel);
    setVerticalLabel(rect->axis(QCPAxis::atLeft), yLabel);
}

void setVerticalLabel(QCPAxis* axis, const QString& label)
{
    // A vertical label runs along the panel's height: one longer than about 24 lines of text (the Ramp view's
    // "solid: … · dashed: …", a colour scale's in presentation mode) goes on two lines, so the panel need not be
    // taller than a laptop's page.
    const QFontMetricsF metrics(axis->labelFont());
    const double length = metrics.horizontalAdvance(label);
    axis->setLabel(length > 24 * metrics.height()
                       ? wrappedToPixels(label, axis->labelFont(), length / 2 + 2 * metrics.height())
                       : label);
}

int longestLine(const QString& text, const QFont& font)
{
    const QFontMetrics metrics(font);
    int longest = 0;
    for (const QString& line : text.split(QLatin1Char('\n')))
        longest = std::max(longest, metrics.horizontalAdvance(line));
    return longest;
}

} // namespace detail

} // namespace posenc::widgets
