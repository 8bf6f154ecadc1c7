// SPDX-License-Identifier: GPL-3.0-or-later
// FigureWidget's text helpers (FigureWidget_p.h): fonts at the presentation scale, wrapping of titles, notes and
// axis labels to a width in columns or pixels, the axes' label style.
#include "figures/FigureWidget.h"
#include "figures/FigureWidget_p.h"
#include "figures/LogTicker.h"

#include <QFontMetricsF>
#include <QRegularExpression>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <vector>

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

bool isCjk(QChar c)
{
    return c.unicode() >= 0x2E80;
}

/// A character that may not begin a line (Chinese line-breaking rules: closing punctuation stays with the text before
/// it) and one that may not end a line (an opening bracket or quote stays with the text after it).
bool noLineStart(QChar c)
{
    static const QString chars = QStringLiteral("，。、；：？！）」』》〉】”’…·%,.;:!?)]}");
    return chars.contains(c);
}
bool noLineEnd(QChar c)
{
    static const QString chars = QStringLiteral("（「『《〈【“‘([{");
    return chars.contains(c);
}
/// A relation or operator kept on the line of both its sides: "L0 = 4096" never ends a line with "L0 =", nor
/// "j + 64" with "j".
bool isRelation(const QString& token)
{
    static const QStringList relations = {QStringLiteral("="), QStringLiteral("≈"), QStringLiteral("≤"),
                                          QStringLiteral("≥"), QStringLiteral("<"), QStringLiteral(">"),
                                          QStringLiteral("→"), QStringLiteral("+"), QStringLiteral("−"),
                                          QStringLiteral("×")};
    return relations.contains(token);
}

/// The pieces a line may break between: a word (a run without spaces and CJK characters) or one CJK character,
/// joined with their neighbours where a break is not allowed (see noLineStart, noLineEnd, isRelation). `spaced`:
/// the piece follows a space; a piece "\n" is an explicit line break.
struct Unit {
    QString text;
    bool spaced = false;
};

std::vector<Unit> breakUnits(const QString& text)
{
    std::vector<Unit> units;
    bool glueNext = false; // the last unit ends with an opening bracket or a relation
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n;) {
        bool spaced = false;
        while (i < n && text[i] == QLatin1Char(' ')) {
            spaced = true;
            ++i;
        }
        if (i >= n)
            break;
        if (text[i] == QLatin1Char('\n')) {
            units.push_back({QStringLiteral("\n"), false});
            glueNext = false;
            ++i;
            continue;
        }
        qsizetype j = i + 1;
        if (!isCjk(text[i]))
            while (j < n && text[j] != QLatin1Char(' ') && text[j] != QLatin1Char('\n') && !isCjk(text[j]))
                ++j;
        const QString token = text.mid(i, j - i);
        const bool relation = isRelation(token);
        const bool glue = !units.empty() && units.back().text != QLatin1String("\n") &&
                          (glueNext || relation || ((!spaced || isCjk(token.front())) && noLineStart(token.front())));
        if (glue)
            units.back().text += (spaced ? QStringLiteral(" ") : QString()) + token;
        else
            units.push_back({token, spaced});
        glueNext = relation || noLineEnd(token.back());
        i = j;
    }
    return units;
}

/// Greedy lines no wider than `width` as measured by `measure` (columns or pixels), breaking only between units
/// (breakUnits). Each unit is measured once and a line's width is the sum of its units and spaces (measuring the
/// whole line again for every unit was quadratic: a figure note's wrap cost as much as computing its heatmap, on
/// the GUI thread).
template <typename Measure> QString wrapGreedy(const QString& text, double width, Measure measure)
{
    const double space = measure(QStringLiteral(" "));
    QStringList lines;
    QString line;
    double lineWidth = 0;
    for (const Unit& unit : breakUnits(text)) {
        if (unit.text == QLatin1String("\n")) { // an explicit line break
            lines << line;
            line.clear();
            lineWidth = 0;
            continue;
        }
        const double unitWidth = measure(unit.text);
        const double joined = lineWidth + (unit.spaced ? space : 0.0) + unitWidth;
        if (!line.isEmpty() && joined > width) {
            lines << line;
            line = unit.text;
            lineWidth = unitWidth;
        } else if (line.isEmpty()) {
            line = unit.text;
            lineWidth = unitWidth;
        } else {
            if (unit.spaced)
                line += QLatin1Char(' ');
            line += unit.text;
            lineWidth = joined;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QString wrapped(const QString& text, int width)
{
    return wrapGreedy(text, width, [&](const QString& s) {
        double columns = 0;
        for (const QChar c : s)
            columns += isCjk(c) ? 2 : 1;
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
        a->setNumberFormat(QStringLiteral("gbc"));
        // The ticker writes each label as the interface writes numbers (CoreText::tickText): −0.5 and 1.25×10⁻¹⁴,
        // so QCustomPlot's own powers ("b") never see a C-notation label
        a->setTicker(QSharedPointer<QCPAxisTicker>(new LinearTicker));
    }
    rect->axis(QCPAxis::atBottom)->setLabel(xLabel);
    setVerticalLabel(rect->axis(QCPAxis::atLeft), yLabel);
}

void setVerticalLabel(QCPAxis* axis, const QString& label)
{
    // A vertical label runs along the panel's height: one longer than about 24 lines of text (the Ramp view's
    // "solid: … · dashed: …", a colour scale's in presentation mode) goes on two lines, so the panel need not be
    // taller than a laptop's page. In presentation mode, 14 lines: the Decay view's "U(Δ) = …" made the panel
    // taller than a 1366 × 768 projector's page and cut the note ("attention factor included") in half.
    const QFontMetricsF metrics(axis->labelFont());
    const double length = metrics.horizontalAdvance(label);
    const double longest = (FigureWidget::presentationScale() > 1.0 ? 14 : 24) * metrics.height();
    // Two parts "a · b" (solid: …, dashed: …) break between them, not inside the second one.
    static const QRegularExpression separator(QStringLiteral(" ?· "));
    if (length > longest && label.count(separator) == 1) {
        axis->setLabel(QString(label).replace(separator, QStringLiteral("\n")));
        return;
    }
    axis->setLabel(length > longest
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
