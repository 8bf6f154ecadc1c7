// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "posenc/params.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QSlider;

namespace posenc::widgets {

class ValueSpinBox;

/// The editor of one parameter, generated from its ParamSpec alone: slider + spin box for numbers (a log slider
/// for log-scale parameters), a combo box for choices, a check box for booleans, a line edit for lists. Help text
/// and the valid range are the tooltip; a problem is shown in place (red frame and the reason under the field).
/// setValue() never emits valueEdited(): only the user's edits do, so model updates cannot echo.
class ParamEditor : public QWidget {
    Q_OBJECT
public:
    /// `shareable`: the value is shared between compared methods unless "own value" is checked.
    ParamEditor(ParamSpec spec, bool shareable, QWidget* parent = nullptr);
    /// A number without its slider (the spin box alone): for option bars with many options, so that they keep
    /// to a few rows at 1366 x 768.
    void setSliderShown(bool shown);
    /// The text field keeps room for its whole placeholder, also after a font change (the view option bars: it was
    /// elided to «留空 = 第一个参与…» and "comma-separated numb…").
    void keepPlaceholderWhole();
    /// An option of a view: F1 opens the view's guide page, and the tooltip says so (not the method's page).
    void setViewOption();

    const ParamSpec& spec() const { return m_spec; }
    void setValue(const ParamValue& value);
    ParamValue value() const { return m_value; }
    void setOverridden(bool overridden);
    /// An unset optional number: the value the method resolves it to, shown greyed in the field (nullopt: none).
    void setResolved(std::optional<double> value);
    /// The methods this (shared) editor drives use different values: the field says "mixed" instead of one of
    /// them (their values are listed under it by the panel); any value the user then enters applies to all.
    void setMixed(bool mixed);
    bool isMixed() const { return m_mixed; }
    /// Shows `message` in place (empty clears it).
    void setProblem(const QString& message);
    /// A value the reference implementation accepts with a warning: shown in place (amber, no tint), never
    /// over a problem. Empty clears it.
    void setWarning(const QString& message);
    /// The warning shown, or empty.
    QString warning() const;
    QString problem() const;
    /// Choice editors: only `allowed` can be picked; the other choices stay listed but disabled.
    void setAllowedChoices(const std::vector<std::string>& allowed);

    // For tests and the benchmark: the generated controls (null when the type has none).
    QSlider* slider() const { return m_slider; }
    ValueSpinBox* spinBox() const { return m_spin; }
    QComboBox* comboBox() const { return m_combo; }
    QCheckBox* checkBox() const { return m_check; }
    QLineEdit* lineEdit() const { return m_line; }
    QCheckBox* overrideBox() const { return m_override; }
    /// The slider position that shows `value`, and the value at a slider position.
    int sliderPosition(double value) const;
    double sliderValue(int position) const;

signals:
    void valueEdited(const posenc::ParamValue& value);
    void overrideToggled(bool overridden);

protected:
    /// A new font (presentation mode): the text field keeps room for its placeholder.
    void changeEvent(QEvent* event) override;

private:
    void fitPlaceholder();
    bool m_keepPlaceholder = false;
    void showProblemLine(const QString& text, const QString& styleSheet);
    void buildNumber(QGridLayout* grid);
    /// The number a field without a value starts from: the default, else 1 (neutral) when allowed, else mid-range.
    static double neutralNumber(const ParamSpec& spec);
    void commit(const ParamValue& value);
    void updatePlaceholder();
    /// Mouse wheel over a slider or a combo box scrolls the panel unless the control has the focus.
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showNumber(double value);
    void widenSliderRange(double value);
    void updateLabel();

    ParamSpec m_spec;
    QString m_tip; ///< the tooltip without its F1 line
    ParamValue m_value;
    bool m_shareable;
    bool m_localProblem = false;
    double m_lo = 0, m_hi = 1;         ///< slider range (values)
    double m_baseLo = 0, m_baseHi = 1; ///< slider range without the current value
    bool m_showingWarning = false;
    bool m_mixed = false; ///< the field shows "mixed": the next value entered is committed even if equal
    std::optional<double> m_resolved;
    bool m_log = false;
    QLabel* m_label = nullptr;
    QLabel* m_problem = nullptr;
    QSlider* m_slider = nullptr;
    ValueSpinBox* m_spin = nullptr;
    QComboBox* m_combo = nullptr;
    QCheckBox* m_check = nullptr;
    QLineEdit* m_line = nullptr;
    QCheckBox* m_override = nullptr;
    QCheckBox* m_set = nullptr; ///< optional parameters: "set" (unchecked = unset, the method's own rule)
};

} // namespace posenc::widgets
