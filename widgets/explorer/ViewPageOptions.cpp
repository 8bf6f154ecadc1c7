// SPDX-License-Identifier: GPL-3.0-or-later
// ViewPage's options as values keyed by option name (the session's "views"): the row's options (FigureSpec),
// checked against their specs, so a new option needs no code here.
#include "explorer/ViewPage.h"

#include "posenc/errors.h"

namespace posenc::widgets {

io::ValueMap ViewPage::optionValues() const
{
    io::ValueMap out;
    const FigureRequest request = options(); // a copy: values() refers into it
    for (const auto& [name, value] : request.options.values())
        if (!std::holds_alternative<std::monostate>(value)) // unset optional options: the view's default
            out[name] = value;
    return out;
}

QStringList ViewPage::setOptionValues(const io::ValueMap& values)
{
    QStringList warnings;
    const QString view = figureKindName(kind());
    for (const auto& [key, value] : values) {
        const QString name = QString::fromStdString(key);
        const auto reject = [&](const QString& why) {
            warnings
                << tr("views.%1.%2: %3 %4; ignored").arg(view, name, QString::fromStdString(formatValue(value)), why);
        };
        const ParamSpec* spec = figureOption(kind(), key);
        if (!spec) {
            reject(tr("is not an option of this view"));
            continue;
        }
        try {
            setOption(key, value);
        } catch (const InvalidInput&) {
            const QString range = QString::fromStdString(spec->rangeText());
            switch (spec->type) {
            case ParamType::Int:
                reject(tr("must be an integer in %1").arg(range));
                break;
            case ParamType::Real:
                reject(tr("must be a number in %1").arg(range));
                break;
            case ParamType::Bool:
                reject(tr("must be true or false"));
                break;
            case ParamType::Choice:
                reject(tr("is not one of its choices (%1)").arg(range));
                break;
            default:
                reject(tr("must be %1").arg(range));
                break;
            }
        }
    }
    return warnings;
}

} // namespace posenc::widgets
