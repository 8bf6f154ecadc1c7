// SPDX-License-Identifier: GPL-3.0-or-later
#include "i18n/ParamText.h"

#include "i18n/CoreText.h"
#include "i18n/ErrorText.h"

#include "posenc/errors.h"
#include "posenc/params.h"

#include <QStringList>

#include <cmath>

namespace posenc::widgets {

namespace {

QString number(double x)
{
    if (std::isinf(x))
        return x > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    return QString::fromStdString(formatNumber(x));
}

} // namespace

QString ParamText::interval(const ParamSpec& spec)
{
    const bool lowClosed = spec.minInclusive && std::isfinite(spec.min);
    const bool highClosed = spec.maxInclusive && std::isfinite(spec.max);
    return QStringLiteral("%1%2, %3%4")
        .arg(lowClosed ? QStringLiteral("[") : QStringLiteral("("), number(spec.min), number(spec.max),
             highClosed ? QStringLiteral("]") : QStringLiteral(")"));
}

QString ParamText::range(const ParamSpec& spec)
{
    switch (spec.type) {
    case ParamType::Bool:
        return tr("true or false");
    case ParamType::Text:
        return spec.optional ? tr("text (or unspecified)") : tr("text");
    case ParamType::Choice: {
        QStringList names;
        for (const auto& c : spec.choices)
            names << CoreText::choice(spec, c);
        return tr("one of %1").arg(names.join(tr(", ", "between the choices of a list")));
    }
    case ParamType::Int:
        return spec.mustBeEven ? tr("an even integer in %1").arg(interval(spec))
                               : tr("an integer in %1").arg(interval(spec));
    case ParamType::Real:
        return tr("a number in %1").arg(interval(spec));
    case ParamType::RealList:
        return tr("numbers in %1, comma-separated").arg(interval(spec));
    }
    return {};
}

QString ParamText::problem(const ParamSpec& spec, const InvalidInput& e)
{
    const std::string& rule = e.rule();
    const QString label = CoreText::label(spec);
    QString value = QString::fromStdString(e.value());
    if (value.size() >= 2 && value.startsWith(QLatin1Char('\'')) && value.endsWith(QLatin1Char('\'')))
        value = value.mid(1, value.size() - 2); // parseValue quotes the text it could not read
    const QString valid = range(spec);
    if (rule == "out-of-range")
        return tr("%1 = %2 is outside the valid range: %3").arg(label, value, valid);
    if (rule == "nan" || rule == "not-finite" || rule == "not-a-number")
        return tr("%1: “%2” is not a number; valid: %3").arg(label, value, valid);
    if (rule == "not-integer")
        return tr("%1 = %2 is not an integer; valid: %3").arg(label, value, valid);
    if (rule == "not-even")
        return tr("%1 = %2 is not even; valid: %3").arg(label, value, valid);
    if (rule == "required")
        return tr("%1 needs a value").arg(label);
    if (rule == "unknown-choice")
        return tr("%1: “%2” is not a choice; valid: %3").arg(label, value, valid);
    if (rule == "not-bool")
        return tr("%1: “%2” is not true or false").arg(label, value);
    if (rule == "empty-entry")
        return tr("%1: the list “%2” has an empty entry; valid: %3").arg(label, value, valid);
    if (rule == "entry-not-a-number")
        return tr("%1: the list “%2” has an entry that is not a number; valid: %3").arg(label, value, valid);
    if (rule == "entry-out-of-range")
        return tr("%1: the entry %2 is outside the valid range: %3").arg(label, value, valid);
    if (rule == "empty-text")
        return tr("%1 must not be empty").arg(label);
    if (rule == "wrong-type")
        return tr("%1: “%2” is not valid here; valid: %3").arg(label, value, valid);
    return ErrorText::problem(e.what()); // a check across parameters
}

QString ParamText::problem(const std::vector<ParamSpec>& specs, const InvalidInput& e)
{
    for (const auto& spec : specs)
        if (spec.name == e.param())
            return problem(spec, e);
    return ErrorText::problem(e.what());
}

} // namespace posenc::widgets
