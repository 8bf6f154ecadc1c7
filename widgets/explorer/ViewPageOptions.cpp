// SPDX-License-Identifier: GPL-3.0-or-later
// ViewPage's options as values keyed by option name (the session's "views"): read from and written to the
// named controls of the option bar, whatever they are, so a new option needs no code here.
#include "explorer/ViewPage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>

#include <cmath>

namespace posenc::widgets {

namespace {

QString shown(const ParamValue& v)
{
    return QString::fromStdString(formatValue(v));
}

} // namespace

io::ValueMap ViewPage::optionValues() const
{
    io::ValueMap out;
    for (const QWidget* w : findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        const std::string name = w->objectName().toStdString();
        if (name.empty() || name.rfind("qt_", 0) == 0)
            continue;
        if (const auto* c = qobject_cast<const QComboBox*>(w)) {
            const QVariant d = c->currentData();
            if (d.typeId() == QMetaType::QString)
                out[name] = d.toString().toStdString();
            else if (d.isValid())
                out[name] = d.toDouble();
        } else if (const auto* s = qobject_cast<const QSpinBox*>(w)) {
            out[name] = static_cast<double>(s->value());
        } else if (const auto* ds = qobject_cast<const QDoubleSpinBox*>(w)) {
            out[name] = ds->value();
        } else if (const auto* b = qobject_cast<const QCheckBox*>(w)) {
            out[name] = b->isChecked();
        }
    }
    return out;
}

QStringList ViewPage::setOptionValues(const io::ValueMap& values)
{
    QStringList warnings;
    const QString view = figureKindName(m_kind);
    for (const auto& [key, value] : values) {
        const QString name = QString::fromStdString(key);
        auto* w = findChild<QWidget*>(name, Qt::FindDirectChildrenOnly);
        const auto reject = [&](const QString& why) {
            warnings << tr("views.%1.%2: %3 %4; ignored").arg(view, name, shown(value), why);
        };
        if (!w) {
            reject(tr("is not an option of this view"));
            continue;
        }
        if (auto* c = qobject_cast<QComboBox*>(w)) {
            int index = -1;
            for (int i = 0; i < c->count() && index < 0; ++i) {
                const QVariant d = c->itemData(i);
                if (const auto* s = std::get_if<std::string>(&value); s && d.toString() == QString::fromStdString(*s))
                    index = i;
                if (const auto* x = std::get_if<double>(&value);
                    x && d.typeId() != QMetaType::QString && d.toDouble() == *x)
                    index = i;
            }
            if (index < 0) {
                reject(tr("is not one of its choices"));
                continue;
            }
            c->setCurrentIndex(index);
            emit c->activated(index); // the same reaction as a user's choice
        } else if (auto* s = qobject_cast<QSpinBox*>(w)) {
            const auto* x = std::get_if<double>(&value);
            if (!x || *x != std::floor(*x) || *x < s->minimum() || *x > s->maximum()) {
                reject(tr("must be an integer in [%1, %2]").arg(s->minimum()).arg(s->maximum()));
                continue;
            }
            s->setValue(static_cast<int>(*x));
        } else if (auto* ds = qobject_cast<QDoubleSpinBox*>(w)) {
            const auto* x = std::get_if<double>(&value);
            if (!x || *x < ds->minimum() || *x > ds->maximum()) {
                reject(tr("must be a number in [%1, %2]").arg(ds->minimum()).arg(ds->maximum()));
                continue;
            }
            ds->setValue(*x);
        } else if (auto* b = qobject_cast<QCheckBox*>(w)) {
            const auto* on = std::get_if<bool>(&value);
            if (!on) {
                reject(tr("must be true or false"));
                continue;
            }
            b->setChecked(*on);
        } else {
            reject(tr("is not an option of this view"));
        }
    }
    emit optionsChanged();
    return warnings;
}

} // namespace posenc::widgets
