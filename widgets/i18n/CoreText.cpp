// SPDX-License-Identifier: GPL-3.0-or-later
#include "i18n/CoreText.h"

#include "posenc/method.h"

#include <QCoreApplication>

namespace posenc::widgets {

QString CoreText::text(const std::string& english)
{
    if (english.empty())
        return {};
    return QCoreApplication::translate(kContext, english.c_str());
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

QString CoreText::summary(const MethodInfo& info)
{
    return text(info.summary);
}

QString CoreText::preset(const QString& english)
{
    return QCoreApplication::translate("posenc::presets", english.toUtf8().constData());
}

} // namespace posenc::widgets
