// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Latin-script words a zh_CN screen may show (tst_zh_screen): identifiers of the registry, the view options and
// the grid families, words shaped like identifiers, and the allow-list tests/data/zh_latin_allow.txt; LatinWords
// records every other word with where it was seen.
#include "figures/FigureSpec.h"

#include "posenc/gallery.h"
#include "posenc/grid_rope.h"
#include "posenc/registry.h"

#include <QDebug>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace test_zh {

using namespace posenc;
using namespace posenc::widgets;

inline QSet<QString> allowList()
{
    QSet<QString> out;
    QFile f(QStringLiteral(POSENC_SOURCE_DIR "/tests/data/zh_latin_allow.txt"));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QString& line : QString::fromUtf8(f.readAll()).split('\n')) {
        const QString word = line.section('#', 0, 0).trimmed();
        if (!word.isEmpty())
            out.insert(word);
    }
    return out;
}

/// The registry's and the view options' ids: method ids, parameter names, choices.
inline QSet<QString> identifiers()
{
    QSet<QString> out;
    auto addSpec = [&](const ParamSpec& spec) {
        out.insert(QString::fromStdString(spec.name));
        for (const auto& a : spec.aliases)
            out.insert(QString::fromStdString(a));
        for (const auto& c : spec.choices)
            out.insert(QString::fromStdString(c));
    };
    for (const auto& def : Registry::instance().methods()) {
        out.insert(QString::fromStdString(def.info.id));
        for (const auto& spec : def.info.params)
            addSpec(spec);
    }
    for (const auto& figure : figureSpecs())
        for (const auto& spec : figure.options)
            addSpec(spec);
    // the grid families' method ids (rope-flux, rope-cogvideox, ...), as the CLI and Open config name them
    static const QRegularExpression gridMethod(QStringLiteral("\\brope-[a-z0-9-]+"));
    for (const std::string& list : {grid::familyList(), grid::towerList()})
        for (auto it = gridMethod.globalMatch(QString::fromStdString(list)); it.hasNext();)
            out.insert(it.next().captured(0));
    return out;
}

class LatinWords {
public:
    LatinWords() : m_allow(allowList()), m_ids(identifiers())
    {
        for (const auto& def : Registry::instance().methods())
            if (!def.info.citation.empty())
                m_citations << QString::fromStdString(def.info.citation);
        for (const auto& e : galleryEntries())
            if (!e.source.empty())
                m_citations << QString::fromStdString(e.source);
    }
    bool loaded() const { return !m_allow.isEmpty() && !m_ids.isEmpty(); }

    /// Records the words of `text` that are neither identifiers nor allowed, with where they were seen.
    void check(const QString& where, QString text)
    {
        if (text.isEmpty())
            return;
        text.remove(QChar(0x2060)); // word joiners keep a formula or a marker on one line; they are not letters
        static const QRegularExpression tag(QStringLiteral("<[^>]*>"));
        static const QRegularExpression skip(QStringLiteral(
            "--[A-Za-z0-9-]+|https?://\\S+|[\\w.-]+\\.(?:py|cpp|h|json|gguf|npy|csv|safetensors)(?::[0-9-]+)?|"
            "arXiv:\\S+|kexue\\.fm\\S*|#[0-9]+|&[a-z]+;|\\(&[A-Za-z]\\)|&(?=[A-Za-z])|"
            // paths and repositories (google/gemma-4-e2b-it), command lines, the token-layout syntax
            "[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]*|posenc [a-z-]+|\\b(?:text|image|video):\\S+"));
        // A word starts after no letter, digit, "_" or apostrophe (θ'_last is one identifier).
        static const QRegularExpression word(
            QStringLiteral("(?<![A-Za-z0-9_'’])[A-Za-z](?:[A-Za-z0-9_.'’-]*[A-Za-z0-9_])?"));
        // A space between two Chinese characters (a template's space after a placeholder filled with a Chinese
        // name: "Llama 3 缩放 的")
        static const QRegularExpression cjkSpace(
            QStringLiteral("[\\x{3400}-\\x{9fff}\\x{ff09}] [\\x{3400}-\\x{9fff}\\x{ff08}]"));
        // closing tags vanish ("</b> 的" is a space after the name); an opening tag stands between (a label and
        // its grey annotation: "注意力因子 <span>未指定")
        static const QRegularExpression closing(QStringLiteral("</[^>]*>"));
        if (const auto m = cjkSpace.match(QString(text).remove(closing).replace(tag, QStringLiteral("\x01")));
            m.hasMatch())
            m_found[QStringLiteral("space between Chinese characters")] << QStringLiteral("%1: …%2…").arg(
                where, text.mid(std::max<qsizetype>(0, m.capturedStart() - 20), 40).simplified());
        text.replace(tag, QStringLiteral(" "));
        // A list joined with the ASCII comma inside Chinese text (a join in code instead of the translated
        // separator QObject::tr(", ")): "位置插值（PI）, NTK-aware".
        static const QRegularExpression asciiComma(
            QStringLiteral("[\\x{3400}-\\x{9fff}\\x{ff09}\\x{201d}],|, ?[\\x{3400}-\\x{9fff}\\x{ff08}\\x{201c}]"));
        if (const auto m = asciiComma.match(text); m.hasMatch())
            m_found[QStringLiteral(",")] << QStringLiteral("%1: …%2…").arg(
                where, text.mid(std::max<qsizetype>(0, m.capturedStart() - 20), 40).simplified());
        // Bibliographic references stay as published (a method's citation, a gallery figure's source).
        for (const QString& citation : m_citations)
            text.replace(citation, QStringLiteral(" "));
        text.replace(skip, QStringLiteral(" "));
        for (auto it = word.globalMatch(text); it.hasNext();) {
            const QString w = it.next().captured(0);
            if (allowed(w))
                continue;
            const QString context = text.mid(std::max<qsizetype>(0, text.indexOf(w) - 20), w.size() + 40);
            m_found[w] << QStringLiteral("%1: …%2…").arg(where, context.simplified());
        }
    }

    QStringList report() const
    {
        QStringList out;
        for (const auto& [word, seen] : m_found)
            out << QStringLiteral("“%1” (%2×) e.g. %3").arg(word).arg(seen.size()).arg(seen.mid(0, 20).join(QStringLiteral(" | ")));
        return out;
    }

private:
    bool allowed(const QString& w) const
    {
        if (w.size() == 1 || m_ids.contains(w) || m_allow.contains(w))
            return true;
        static const QRegularExpression identifier(QStringLiteral("[0-9_.]|[a-z][A-Z]|^[A-Z0-9]+$|^[A-Z][A-Z]"));
        if (identifier.match(w).hasMatch())
            return true;
        // A hyphenated id (all-ones, NTK-aware, seed-log2) is allowed when its parts are.
        if (w.contains(QLatin1Char('-'))) {
            const QStringList parts = w.split(QLatin1Char('-'), Qt::SkipEmptyParts);
            return std::all_of(parts.begin(), parts.end(), [&](const QString& p) { return allowed(p); }) ||
                   m_ids.contains(w);
        }
        // English possessive of an allowed name (Su's).
        if (w.endsWith(QStringLiteral("'s")) || w.endsWith(QStringLiteral("’s")))
            return allowed(w.chopped(2));
        return false;
    }

    QSet<QString> m_allow, m_ids;
    QStringList m_citations;
    std::map<QString, QStringList> m_found;
};

/// The words of `texts` (where, text) that are not allowed, each logged with where it was seen; empty: all Chinese.
inline QStringList unknownWords(const std::vector<std::pair<QString, QString>>& texts)
{
    LatinWords words;
    if (!words.loaded())
        return {QStringLiteral("the allow-list or the identifiers could not be loaded")};
    for (const auto& [where, text] : texts)
        words.check(where, text);
    const QStringList found = words.report();
    for (const auto& line : found)
        qInfo().noquote() << line;
    return found;
}

} // namespace test_zh
