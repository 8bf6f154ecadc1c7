// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDoubleSpinBox>

namespace posenc::widgets {

/// A spin box for parameter values of any magnitude: shows the shortest form ("10000", "1e+06", "0.25"), accepts
/// scientific notation, steps by a factor of two on log-scale parameters. Its range is deliberately wider than the
/// parameter's valid range: out-of-range entries reach validation and are explained, never silently clamped.
class ValueSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit ValueSpinBox(QWidget* parent = nullptr);

    void setLogSteps(bool logSteps) { m_logSteps = logSteps; }
    void setIntegerStep(int step) { m_integerStep = step; }
    /// A text shown instead of the value ("mixed": the methods this field drives use different values); empty
    /// shows the value again. Typing a number replaces it.
    void setPlaceholderValue(const QString& text);
    QString placeholderValue() const { return m_placeholder; }

    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;
    void fixup(QString& text) const override;
    void stepBy(int steps) override;

protected:
    StepEnabled stepEnabled() const override;
    void wheelEvent(QWheelEvent* event) override;

private:
    bool m_logSteps = false;
    int m_integerStep = 0; ///< 0 = real
    QString m_placeholder;
};

} // namespace posenc::widgets
