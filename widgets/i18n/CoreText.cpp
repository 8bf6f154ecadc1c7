// SPDX-License-Identifier: GPL-3.0-or-later
#include "i18n/CoreText.h"

#include "posenc/engine.h"
#include "posenc/method.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cstdlib>

namespace posenc::widgets {

QString CoreText::text(const std::string& english)
{
    if (english.empty())
        return {};
    return QCoreApplication::translate(kContext, english.c_str());
}

QString CoreText::numberTemplate(const std::string& english, QStringList* numbers)
{
    static const QRegularExpression number(QStringLiteral(R"((?<![\w.])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?(?![\w]))"));
    const QString text = QString::fromStdString(english);
    QString out;
    qsizetype last = 0;
    int n = 0;
    for (auto it = number.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out += text.mid(last, m.capturedStart() - last) + QLatin1Char('%') + QString::number(++n);
        if (numbers)
            numbers->append(m.captured());
        last = m.capturedEnd();
    }
    return out + text.mid(last);
}

QString CoreText::withNumbers(const std::string& english)
{
    QStringList numbers;
    const QByteArray key = numberTemplate(english, &numbers).toUtf8();
    const QString translated = QCoreApplication::translate(kContext, key.constData());
    if (translated == QString::fromUtf8(key))
        return QString::fromStdString(english);
    QString out = translated;
    for (qsizetype i = numbers.size(); i >= 1; --i) // %12 before %1; each number as the interface writes it
        out.replace(QLatin1Char('%') + QString::number(i), numberText(numbers[i - 1]));
    return out;
}

QString CoreText::powerOfTen(int exponent)
{
    static const char16_t superscripts[] = u"⁰¹²³⁴⁵⁶⁷⁸⁹";
    QString power = exponent < 0 ? QStringLiteral("⁻") : QString();
    for (const QChar c : QString::number(std::abs(exponent)))
        power += QChar(superscripts[c.digitValue()]);
    return QStringLiteral("10") + power;
}

QString CoreText::timesTenTo(const QString& mantissa, int exponent)
{
    return QStringLiteral("%1 × %2").arg(minusSign(mantissa), powerOfTen(exponent));
}

QString CoreText::tickText(const QString& printed)
{
    static const QRegularExpression cNotation(QStringLiteral("^([-+]?[0-9.]+)e([-+]?[0-9]+)$"));
    const QRegularExpressionMatch m = cNotation.match(printed);
    if (!m.hasMatch())
        return minusSign(printed);
    const QString mantissa = m.captured(1);
    const int exponent = m.captured(2).toInt();
    // 10⁻³ for a power of ten, 2×10⁻³ otherwise: without the spaces of the notes, as ticks are short
    return mantissa == QLatin1String("1") ? powerOfTen(exponent)
                                          : minusSign(mantissa) + QChar(0xD7) + powerOfTen(exponent);
}

QString CoreText::minusSign(const QString& printed)
{
    // a typographic minus (U+2212), as in every formula on screen: the hyphen of "-130.8" reads as a dash
    return printed.startsWith(QLatin1Char('-')) ? QChar(0x2212) + printed.mid(1) : printed;
}

QString CoreText::numberText(const QString& printed)
{
    static const QRegularExpression cNotation(QStringLiteral("^([-+]?[0-9]+(?:\\.[0-9]+)?)e([-+][0-9]+)$"));
    // a value at full precision ("1.2079441541679836", 17 significant digits, as the CLI prints it) to the six
    // digits every figure and read-out shows
    static const QRegularExpression longDecimal(QStringLiteral("^[-+]?[0-9]*\\.[0-9]+$"));
    QString text = printed;
    if (longDecimal.match(text).hasMatch() && QString(text).remove(QRegularExpression(QStringLiteral("[-+.]")))
                                                      .remove(QRegularExpression(QStringLiteral("^0+")))
                                                      .size() > 9)
        text = QString::number(text.toDouble(), 'g', 6);
    const QRegularExpressionMatch m = cNotation.match(text);
    if (m.hasMatch())
        return timesTenTo(m.captured(1), m.captured(2).toInt());
    static const QRegularExpression plain(QStringLiteral("^-[0-9]*\\.?[0-9]+$"));
    return plain.match(text).hasMatch() ? minusSign(text) : text;
}

QString CoreText::label(const ParamSpec& spec)
{
    return text(spec.displayName.empty() ? spec.name : spec.displayName);
}

QString CoreText::help(const ParamSpec& spec)
{
    return text(spec.help);
}

QString CoreText::unit(const ParamSpec& spec)
{
    return text(spec.unit);
}

QString CoreText::choice(const std::string& choice)
{
    return text(choice);
}

QString CoreText::choice(const ParamSpec& spec, const std::string& choice)
{
    if (choice.empty())
        return {};
    // QTranslator falls back to the message without disambiguation when there is none for this parameter.
    return QCoreApplication::translate(kContext, choice.c_str(), spec.name.c_str());
}

QString CoreText::summary(const MethodInfo& info)
{
    return text(info.summary);
}

QString CoreText::preset(const QString& english)
{
    return QCoreApplication::translate("posenc::presets", english.toUtf8().constData());
}

QString CoreText::withEngine(const QString& name, const ParamSet& params)
{
    const std::string engine = engineLabel(params);
    if (engine.empty())
        return name;
    return QObject::tr("%1 (%2)", "a method's name, then what sets this instance apart (engine, parameters)")
        .arg(name, QString::fromStdString(engine));
}

} // namespace posenc::widgets
