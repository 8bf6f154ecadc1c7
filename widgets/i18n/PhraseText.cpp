// SPDX-License-Identifier: GPL-3.0-or-later
#include "i18n/PhraseText.h"

#include "i18n/CoreText.h"
#include "i18n/PhraseText_p.h"
#include "i18n/Translations.h"

#include "posenc/phrase.h"
#include "posenc/registry.h"

#include <QDebug>
#include <QStringList>

#include <map>

namespace posenc::widgets {

namespace {

const std::map<std::string, const detail::PhraseSource*>& sources()
{
    static const auto table = [] {
        std::map<std::string, const detail::PhraseSource*> t;
        for (const auto* rows :
             {&detail::checkPhraseSources(), &detail::configPhraseSources(), &detail::gridPhraseSources()})
            for (const auto& row : *rows)
                t.emplace(row.id, &row);
        return t;
    }();
    return table;
}

/// The control label of a parameter named on a command line ("factor" → "factor s"), or "--name" when no
/// registry method has it.
QString flagLabel(const std::string& name)
{
    for (const MethodDef& def : Registry::instance().methods())
        for (const ParamSpec& spec : def.info.params) {
            if (spec.name == name || std::find(spec.aliases.begin(), spec.aliases.end(), name) != spec.aliases.end())
                return CoreText::label(spec);
        }
    return QStringLiteral("--") + QString::fromStdString(name);
}

QString substitute(const QString& t, const QStringList& args)
{
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

} // namespace

QString PhraseText::templateFor(const std::string& id)
{
    const auto it = sources().find(id);
    if (it == sources().end())
        return {};
    return QCoreApplication::translate("posenc::widgets::PhraseText", it->second->text.source,
                                       it->second->text.comment);
}

QString PhraseText::diagnosisKind(const std::string& id)
{
    for (const auto& row : detail::diagnosisKindSources())
        if (id == row.id)
            return QCoreApplication::translate("posenc::widgets::PhraseText", row.text.source, row.text.comment);
    return QString::fromStdString(id);
}

QString PhraseText::text(const Phrase& phrase)
{
    if (phrase.id.empty()) // a number as core printed it ("6.85e+05") in the interface's notation
        return CoreText::numberText(QString::fromStdString(phrase.text));
    QStringList args;
    for (const auto& a : phrase.args)
        args << text(a);
    // a command-line flag and its value, as the explorer labels that control ("--factor 0.5" → "factor s = 0.5")
    if (phrase.id == "param.flag-value" && phrase.args.size() == 2 && phrase.args[0].id.empty())
        return tr("%1 = %2", "a parameter's control label = its value").arg(flagLabel(phrase.args[0].text), args.at(1));
    // a tested variant "llama3 with base=10000": the method and the parameter by the names the explorer shows
    if (phrase.id == "check.variant.param" && phrase.args.size() == 3 && phrase.args[0].id.empty() &&
        phrase.args[1].id.empty())
        if (const MethodDef* def = Registry::instance().tryFind(phrase.args[0].text))
            if (const ParamSpec* spec = def->findParam(phrase.args[1].text))
                return substitute(templateFor(phrase.id), {CoreText::text(def->info.displayName),
                                                           CoreText::label(*spec), args.at(2)});
    // an engine's note: the English sentence core wrote, worded as the Engines view words it
    if (phrase.id == "engine.note" && phrase.args.size() == 1 && phrase.args[0].id.empty())
        return CoreText::withNumbers(phrase.args[0].text);
    const QString t = templateFor(phrase.id);
    if (t.isNull()) {
        // visible, not silent: the English sentence on screen and a warning in the log
        qWarning("PhraseText: no template for phrase id %s; showing the English text", phrase.id.c_str());
        return QString::fromStdString(english(phrase));
    }
    // "参考 %1 的误差" filled with a Chinese name leaves no space between Chinese characters
    return Translations::tidySpaces(substitute(t, args));
}

} // namespace posenc::widgets
