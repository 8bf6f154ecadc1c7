// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/ValueSpinBox.h"

#include <QLineEdit>
#include <QWheelEvent>

#include <cmath>
#include <limits>

namespace posenc::widgets {

ValueSpinBox::ValueSpinBox(QWidget* parent) : QDoubleSpinBox(parent)
{
    setDecimals(12);
    // The whole double range: a typed 1e308 reaches validation and is reported as typed, never clamped to a
    // spin-box limit.
    setRange(-std::numeric_limits<double>::max(), std::numeric_limits<double>::max());
    setKeyboardTracking(false);
    setAccelerated(true);
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
    // Typing replaces a placeholder ("mixed"): the number typed is then the value, even one equal to the value
    // underneath (ParamEditor commits it).
    connect(lineEdit(), &QLineEdit::textEdited, this, [this] { m_placeholder.clear(); });
}

void ValueSpinBox::setPlaceholderValue(const QString& text)
{
    if (text == m_placeholder)
        return;
    m_placeholder = text;
    lineEdit()->setText(textFromValue(value()));
}

void ValueSpinBox::wheelEvent(QWheelEvent* event)
{
    // The wheel scrolls the panel the field sits in; it edits the value only once the field has the focus
    // (clicked or tabbed into), never while the mouse passes over it.
    if (!hasFocus()) {
        event->ignore();
        return;
    }
    QDoubleSpinBox::wheelEvent(event);
}

QString ValueSpinBox::textFromValue(double value) const
{
    if (!m_placeholder.isEmpty())
        return m_placeholder;
    if (m_integerStep > 0 && std::abs(value) < 1e15 && value == std::floor(value))
        return QString::number(static_cast<qint64>(value));
    return QString::number(value, 'g', 10);
}

double ValueSpinBox::valueFromText(const QString& text) const
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    return ok ? v : value();
}

QValidator::State ValueSpinBox::validate(QString& text, int& /*pos*/) const
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return QValidator::Intermediate;
    bool ok = false;
    t.toDouble(&ok);
    if (ok)
        return QValidator::Acceptable;
    // Partial input on the way to a number ("-", "1e", "2.").
    static const QString allowed = QStringLiteral("0123456789+-.eE");
    for (const QChar c : t)
        if (!allowed.contains(c))
            return QValidator::Invalid;
    return QValidator::Intermediate;
}

void ValueSpinBox::fixup(QString& text) const { text = textFromValue(value()); }

void ValueSpinBox::stepBy(int steps)
{
    double v = value();
    m_placeholder.clear(); // a step starts from the value shown underneath
    if (m_logSteps && v > 0) {
        v *= std::pow(2.0, steps);
        if (m_integerStep > 0)
            v = std::max<double>(m_integerStep, std::round(v / m_integerStep) * m_integerStep);
    } else if (m_integerStep > 0) {
        v = std::round(v / m_integerStep) * m_integerStep + steps * m_integerStep;
    } else {
        v += steps * singleStep();
    }
    setValue(v);
    selectAll();
}

QAbstractSpinBox::StepEnabled ValueSpinBox::stepEnabled() const { return StepUpEnabled | StepDownEnabled; }

} // namespace posenc::widgets
