// SPDX-License-Identifier: GPL-3.0-or-later
#include "i18n/PhraseText.h"

#include "posenc/phrase.h"

#include <QDebug>
#include <QStringList>

namespace posenc::widgets {

QString PhraseText::templateFor(const std::string& id)
{
    // posenc check: how the table was read
    if (id == "check.shape")
        return tr("%1 x %2", "rows x columns of a table");
    if (id == "check.align.inv-freq")
        return tr("%1: %2 inv_freq entries, highest frequency first");
    if (id == "check.align.positions")
        return tr("positions %1 .. %2");
    if (id == "check.align.listed")
        return tr("%1 listed positions %2 .. %3");
    if (id == "check.align.rotated")
        return tr("%1: %2, R_m x for the probe x, pairing %3, %4 of %5 channels rotated");
    if (id == "check.align.pairs")
        return tr("%1: %2, one column per pair (ggml, vLLM's cos or sin half)");
    if (id == "check.align.half")
        return tr("%1: %2, pair i in columns i and i + %3 (HF's duplicated cat(freqs, freqs))");
    if (id == "check.align.interleaved")
        return tr("%1: %2, pair i in columns 2i and 2i + 1 (repeat_interleave)");
    if (id == "check.align.cos-sin")
        return tr("%1: %2, cos of pair i in column i, sin in column i + %3 (vLLM's cos_sin_cache)");
    if (id == "check.align.no-layout")
        return tr("%1: fits no layout of %2 (%3 pairs, rotary dim %4, head dim %5)");
    if (id == "check.align.all-slices")
        return tr("all %1 slices of the %2%3 tensor; %4");
    if (id == "check.align.failed-slice")
        return tr("slice [%1] of %2 (the first that fails) of the %3%4 tensor; %5");
    if (id == "check.variant.param")
        return tr("%1 with %2=%3", "method with parameter=value");
    // posenc check: the evidence of a diagnosis
    if (id == "check.where.pair")
        return tr("pair %1");
    if (id == "check.where.position")
        return tr("position %1, column %2");
    if (id == "check.where.position-pair")
        return tr("position %1, column %2 (pair %3)");
    if (id == "check.ref.off")
        return tr("; the reference %1 is off by up to %2 (%3 x tolerance) at %4");
    if (id == "check.ref.no-layout")
        return tr("; the table's shape fits no layout of the reference %1");
    if (id == "check.closest.none")
        return tr("no hypothesis fits the table's shape");
    if (id == "check.closest")
        return tr("closest: %1 (%2, off by up to %3, %4 x tolerance)");
    if (id == "check.evidence.unknown")
        return tr("no tested variant explains the table; %1%2");
    if (id == "check.evidence.matches")
        return tr("matches %1 to %2 (max |error| over %3 values, %4 x tolerance)%5");
    if (id == "check.evidence.closer")
        return tr("closer with %1 (off by up to %2, %3 x tolerance), but it does not explain the table");
    return {};
}

QString PhraseText::text(const Phrase& phrase)
{
    if (phrase.id.empty())
        return QString::fromStdString(phrase.text);
    const QString t = templateFor(phrase.id);
    if (t.isNull()) {
        // visible, not silent: the English sentence on screen and a warning in the log
        qWarning("PhraseText: no template for phrase id %s; showing the English text", phrase.id.c_str());
        return QString::fromStdString(english(phrase));
    }
    QStringList args;
    for (const auto& a : phrase.args)
        args << text(a);
    // one pass over the template, so that an argument containing "%1" is not substituted again
    QString out;
    for (qsizetype i = 0; i < t.size(); ++i) {
        const QChar c = t.at(i);
        if (c == QLatin1Char('%') && i + 1 < t.size() && t.at(i + 1) >= QLatin1Char('1') &&
            t.at(i + 1) <= QLatin1Char('9')) {
            const qsizetype k = t.at(i + 1).unicode() - '1';
            out += k < args.size() ? args.at(k) : QString();
            ++i;
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace posenc::widgets
