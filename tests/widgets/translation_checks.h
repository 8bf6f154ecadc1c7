// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What counts as "left in English" for the zh_CN tests (tst_translations, tst_translation_catalogue).

#include "posenc/registry.h"

#include <QRegularExpression>
#include <QSet>
#include <QString>

namespace posenc::widgets::test {

/// Names that stay in Latin letters in Chinese write-ups (glossary-zh.md) or are proper names.
inline const QSet<QString>& allowed()
{
    static const QSet<QString> names{
        QStringLiteral("YaRN"),           QStringLiteral("xPos"),      QStringLiteral("ALiBi"),
        QStringLiteral("LongRoPE"),       QStringLiteral("NTK-aware"), QStringLiteral("mscale"),
        QStringLiteral("mscale-all-dim"), QStringLiteral("English"),   QStringLiteral("PosEnc Explorer"),
        QStringLiteral("RoPE"),           QStringLiteral("PCA")};
    return names;
}

inline bool needsTranslation(const QString& text)
{
    QString plain = text;
    plain = plain.remove(QRegularExpression(QStringLiteral("<[^>]*>"))).remove(QLatin1Char('&')).trimmed();
    if (!plain.contains(QRegularExpression(QStringLiteral("[A-Za-z]{2,}"))))
        return false; // numbers, units-free symbols, formulas like "2i/d"
    if (allowed().contains(plain))
        return false;
    for (const auto& def : Registry::instance().methods()) // bibliographic references stay as published
        if (plain == QString::fromStdString(def.info.citation))
            return false;
    return true;
}

} // namespace posenc::widgets::test
