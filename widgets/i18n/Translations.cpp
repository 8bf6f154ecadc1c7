// SPDX-License-Identifier: GPL-3.0-or-later
#include "i18n/Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QRegularExpression>
#include <QTranslator>

#include <memory>
#include <vector>

static void initTranslationResources()
{
    Q_INIT_RESOURCE(posenc_translations);
}

namespace posenc::widgets {

namespace {

struct Installed {
    QString code = QStringLiteral("en");
    std::vector<std::unique_ptr<QTranslator>> translators;
};

Installed& installed()
{
    static Installed state;
    return state;
}

} // namespace

QStringList Translations::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString Translations::nativeName(const QString& code)
{
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString Translations::match(const QString& localeName)
{
    // Simplified Chinese for every Chinese locale that writes simplified characters (mainland, Singapore, or an
    // explicit Hans script); traditional locales (zh_TW, zh_HK) fall back to English rather than the wrong script.
    const QLocale locale(localeName);
    if (locale.language() == QLocale::Chinese && locale.script() != QLocale::TraditionalChineseScript)
        return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QString Translations::install(const QString& code)
{
    initTranslationResources();
    auto& state = installed();
    for (auto& t : state.translators)
        QCoreApplication::removeTranslator(t.get());
    state.translators.clear();
    state.code = match(code.isEmpty() ? QLocale::system().name() : code);
    if (state.code == QLatin1String("en"))
        return state.code;

    auto own = std::make_unique<QTranslator>();
    if (!own->load(QStringLiteral(":/i18n/posenc_%1.qm").arg(state.code))) {
        state.code = QStringLiteral("en");
        return state.code;
    }
    QCoreApplication::installTranslator(own.get());
    state.translators.push_back(std::move(own));
    // Qt's own strings (standard buttons, the colour and file dialogs) when the distribution ships them.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QStringLiteral("qtbase_%1").arg(state.code), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        state.translators.push_back(std::move(qt));
    }
    return state.code;
}

QString Translations::current()
{
    return installed().code;
}

QString Translations::guideFolder(const QString& code)
{
    return code.startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

QString Translations::tidySpaces(const QString& text)
{
    static const QRegularExpression between(QStringLiteral(
        "(?<=[\\x{3400}-\\x{9fff}\\x{ff09}])((?:</[a-z]+>)*) (?=[\\x{3400}-\\x{9fff}\\x{ff08}])"));
    return QString(text).replace(between, QStringLiteral("\\1"));
}

QString Translations::keptWhole(const QString& text)
{
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (i > 0 && !text[i - 1].isSpace() && !text[i].isSpace())
            out += QChar(0x2060);
        out += text[i];
    }
    return out;
}

QString Translations::keptFormulas(const QString& text)
{
    const auto inWord = [](QChar c) { return !c.isSpace() && c.unicode() < 0x2E80; };
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        out += text[i];
        if ((text[i] == QLatin1Char('/') || text[i] == QLatin1Char('-')) && i > 0 && i + 1 < text.size() &&
            inWord(text[i - 1]) && inWord(text[i + 1]))
            out += QChar(0x2060);
    }
    return out;
}

} // namespace posenc::widgets
