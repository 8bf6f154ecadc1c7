// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/ParamEditor.h"

#include "explorer/ValueSpinBox.h"
#include "i18n/CoreText.h"
#include "i18n/ParamText.h"

#include "posenc/errors.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QStandardItemModel>

#include <algorithm>
#include <cmath>

namespace posenc::widgets {

namespace {

const QColor kProblemBase(0xf8, 0xd0, 0xcc);

QString listText(const std::vector<double>& list)
{
    QStringList parts;
    for (const double v : list)
        parts << QString::number(v, 'g', 10);
    return parts.join(QStringLiteral(", "));
}

} // namespace

ParamEditor::ParamEditor(ParamSpec spec, bool shareable, QWidget* parent)
    : QWidget(parent), m_spec(std::move(spec)), m_value(m_spec.defaultValue), m_shareable(shareable)
{
    setObjectName(QString::fromStdString(m_spec.name));
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 2, 0, 2);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(2);

    m_label = new QLabel(this);
    grid->addWidget(m_label, 0, 0, 1, 2);
    if (m_shareable) {
        m_override = new QCheckBox(tr("own value"), this);
        m_override->setToolTip(tr("Unchecked: this value is shared by every compared method that has it.\n"
                                  "Checked: this method keeps its own value (a per-method override)."));
        grid->addWidget(m_override, 0, 2, Qt::AlignRight);
        connect(m_override, &QCheckBox::toggled, this, [this](bool on) {
            updateLabel();
            emit overrideToggled(on);
        });
    }
    if (m_spec.optional) {
        m_set = new QCheckBox(tr("set"), this);
        m_set->setToolTip(tr("Unchecked: unset, the method's own rule applies"));
        grid->addWidget(m_set, 0, m_shareable ? 1 : 2, Qt::AlignRight);
        connect(m_set, &QCheckBox::toggled, this, [this](bool on) {
            if (m_spin)
                m_spin->setEnabled(on);
            if (m_slider)
                m_slider->setEnabled(on);
            if (m_line && m_spec.type == ParamType::Text)
                m_line->setEnabled(on);
            if (on && m_line && m_spec.type == ParamType::Text && !m_line->text().trimmed().isEmpty())
                commit(ParamValue{m_line->text().trimmed().toStdString()});
            else if (on && m_spin && !m_spin->placeholderValue().isEmpty() && !m_mixed) {
                showNumber(neutralNumber(m_spec)); // "unset" had no number: start from the neutral one
                commit(ParamValue{m_spin->value()});
            } else
                commit(on && m_spin ? ParamValue{m_spin->value()} : ParamValue{});
        });
    }

    switch (m_spec.type) {
    case ParamType::Int:
    case ParamType::Real:
        buildNumber(grid);
        break;
    case ParamType::Choice:
        m_combo = new QComboBox(this);
        m_combo->setFocusPolicy(Qt::StrongFocus); // no focus (and no value change) from the wheel
        m_combo->installEventFilter(this);
        m_combo->setPlaceholderText(tr("mixed"));
        // its width follows the font: in presentation mode the text was clipped under the arrow («平均（mean»)
        m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        for (const auto& c : m_spec.choices)
            m_combo->addItem(CoreText::choice(m_spec, c), QString::fromStdString(c));
        grid->addWidget(m_combo, 1, 0, 1, 3);
        connect(m_combo, &QComboBox::activated, this,
                [this](int index) { commit(ParamValue{m_spec.choices.at(static_cast<std::size_t>(index))}); });
        break;
    case ParamType::Bool:
        m_check = new QCheckBox(this);
        grid->addWidget(m_check, 0, 2, Qt::AlignRight);
        connect(m_check, &QCheckBox::toggled, this, [this](bool on) {
            m_check->setTristate(false); // "mixed" (partially checked) is shown, never chosen
            commit(ParamValue{on});
        });
        break;
    case ParamType::RealList:
        m_line = new QLineEdit(this);
        m_line->setPlaceholderText(
            m_spec.emptyMeaning.empty()
                ? tr("comma-separated numbers")
                : tr("empty = %1; comma-separated numbers").arg(CoreText::text(m_spec.emptyMeaning)));
        grid->addWidget(m_line, 1, 0, 1, 3);
        connect(m_line, &QLineEdit::editingFinished, this, [this] {
            try {
                auto v = parseValue(m_spec, m_line->text().toStdString());
                m_localProblem = false;
                setProblem({});
                commit(v);
            } catch (const InvalidInput& e) {
                setProblem(ParamText::problem(m_spec, e));
                m_localProblem = true;
            }
        });
        break;
    case ParamType::Text:
        m_line = new QLineEdit(this);
        // An empty text that means something says what ("Partner": the first compared method), not "unset" beside
        // a ticked "set".
        m_line->setPlaceholderText(m_spec.emptyMeaning.empty()
                                       ? tr("unset")
                                       : tr("empty = %1").arg(CoreText::text(m_spec.emptyMeaning)));
        grid->addWidget(m_line, 1, 0, 1, 3);
        connect(m_line, &QLineEdit::editingFinished, this, [this] {
            const QString text = m_line->text().trimmed();
            commit(text.isEmpty() && m_spec.optional ? ParamValue{} : ParamValue{text.toStdString()});
        });
        break;
    }

    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b71c1c;"));
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->hide();
    grid->addWidget(m_problem, 2, 0, 1, 3);
    grid->setColumnStretch(0, 1);

    QString tip = CoreText::help(m_spec);
    tip += tr("\n\nValid: %1")
               .arg(m_spec.unit.empty()
                        ? ParamText::range(m_spec)
                        : tr("%1 (%2)", "valid range (unit)").arg(ParamText::range(m_spec), CoreText::unit(m_spec)));
    tip += tr("\nFlag: posenc --%1").arg(QString::fromStdString(m_spec.name));
    m_tip = tip;
    setToolTip(tip + tr("\nF1: the guide page of this method"));
    updateLabel();
    setValue(m_spec.defaultValue);
}

void ParamEditor::setViewOption()
{
    setToolTip(m_tip + tr("\nF1: the guide page of this view")); // GuideHelp::pageFor finds the ViewPage
}

void ParamEditor::keepPlaceholderWhole()
{
    m_keepPlaceholder = true;
    fitPlaceholder();
}

void ParamEditor::fitPlaceholder()
{
    // In the current font: presentation mode's is larger.
    if (m_keepPlaceholder && m_line && !m_line->placeholderText().isEmpty())
        m_line->setMinimumWidth(fontMetrics().horizontalAdvance(m_line->placeholderText()) + 16);
}

void ParamEditor::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitPlaceholder();
}

void ParamEditor::setValue(const ParamValue& value)
{
    m_value = value;
    if (m_set) {
        const bool isSet = !std::holds_alternative<std::monostate>(value);
        m_set->blockSignals(true);
        m_set->setChecked(isSet);
        m_set->blockSignals(false);
        if (m_spin)
            m_spin->setEnabled(isSet);
        if (m_slider)
            m_slider->setEnabled(isSet);
    }
    if (const auto* d = std::get_if<double>(&value); d && m_spin)
        showNumber(*d);
    updatePlaceholder();
    if (const auto* s = std::get_if<std::string>(&value); s && m_combo) {
        m_combo->blockSignals(true);
        m_combo->setCurrentIndex(m_combo->findData(QString::fromStdString(*s)));
        m_combo->blockSignals(false);
    }
    if (const auto* b = std::get_if<bool>(&value); b && m_check) {
        m_check->blockSignals(true);
        m_check->setChecked(*b);
        m_check->blockSignals(false);
    }
    if (const auto* l = std::get_if<std::vector<double>>(&value); l && m_line && !m_localProblem)
        m_line->setText(listText(*l));
    if (m_line && m_spec.type == ParamType::Text) {
        const auto* s = std::get_if<std::string>(&value);
        m_line->setText(s ? QString::fromStdString(*s) : QString());
        m_line->setEnabled(!m_set || s);
    }
}

void ParamEditor::setResolved(std::optional<double> value)
{
    m_resolved = value;
    const bool unset = std::holds_alternative<std::monostate>(m_value);
    if (m_spin && unset && value)
        showNumber(*value);
    updatePlaceholder();
    updateLabel();
}

void ParamEditor::setOverridden(bool overridden)
{
    if (!m_override)
        return;
    m_override->blockSignals(true);
    m_override->setChecked(overridden);
    m_override->blockSignals(false);
    updateLabel();
}

void ParamEditor::setWarning(const QString& message)
{
    if (m_problem->isVisibleTo(this) && !m_problem->text().isEmpty() && !m_showingWarning)
        return; // a problem is shown: it wins
    m_showingWarning = !message.isEmpty();
    showProblemLine(m_showingWarning ? tr("Warning: %1").arg(message) : QString(),
                    m_showingWarning ? QStringLiteral("color: #8a5a00;") : QStringLiteral("color: #b71c1c;"));
}

void ParamEditor::setProblem(const QString& message)
{
    if (m_localProblem && message.isEmpty())
        return; // the entry itself cannot be parsed: keep saying so until it is fixed
    m_showingWarning = false;
    showProblemLine(message, QStringLiteral("color: #b71c1c;"));
    // A tinted field (palette, not a style sheet: that would replace the spin box's native arrows).
    for (QWidget* w : std::initializer_list<QWidget*>{m_spin, m_combo, m_line}) {
        if (!w)
            continue;
        QPalette palette = w->parentWidget()->palette();
        if (!message.isEmpty()) {
            palette.setColor(QPalette::Base, kProblemBase);
            palette.setColor(QPalette::Button, kProblemBase);
        }
        if (w->palette() != palette)
            w->setPalette(palette);
        w->setProperty("invalid", !message.isEmpty());
    }
}

void ParamEditor::showProblemLine(const QString& text, const QString& styleSheet)
{
    // Only what changes: every editor is told its problem at every change of the model, and a style sheet set
    // again re-polishes the label (with the palettes above, a few ms of the GUI thread per slider step).
    if (m_problem->styleSheet() != styleSheet)
        m_problem->setStyleSheet(styleSheet);
    if (m_problem->text() != text)
        m_problem->setText(text);
    m_problem->setVisible(!text.isEmpty());
}

QString ParamEditor::warning() const
{
    return m_showingWarning ? m_problem->text() : QString();
}

void ParamEditor::setAllowedChoices(const std::vector<std::string>& allowed)
{
    auto* model = m_combo ? qobject_cast<QStandardItemModel*>(m_combo->model()) : nullptr;
    if (!model)
        return;
    for (int i = 0; i < model->rowCount(); ++i) {
        const auto& choice = m_spec.choices.at(static_cast<std::size_t>(i));
        model->item(i)->setEnabled(std::find(allowed.begin(), allowed.end(), choice) != allowed.end());
    }
}

QString ParamEditor::problem() const
{
    return m_problem->isVisibleTo(const_cast<ParamEditor*>(this)) && !m_showingWarning ? m_problem->text() : QString();
}

void ParamEditor::commit(const ParamValue& value)
{
    if (value == m_value && !m_mixed)
        return;
    m_value = value;
    setMixed(false);
    emit valueEdited(value);
}

void ParamEditor::setMixed(bool mixed)
{
    // Shown again after every setValue() (which shows one value in the combo box or the check box).
    m_mixed = mixed;
    updatePlaceholder();
    if (m_combo) {
        m_combo->blockSignals(true);
        if (mixed)
            m_combo->setCurrentIndex(-1); // the placeholder text
        else if (const auto* s = std::get_if<std::string>(&m_value))
            m_combo->setCurrentIndex(m_combo->findData(QString::fromStdString(*s)));
        m_combo->blockSignals(false);
    }
    if (m_check) {
        m_check->blockSignals(true);
        m_check->setTristate(mixed);
        if (mixed)
            m_check->setCheckState(Qt::PartiallyChecked);
        else if (const auto* b = std::get_if<bool>(&m_value))
            m_check->setChecked(*b);
        m_check->blockSignals(false);
    }
}

void ParamEditor::updatePlaceholder()
{
    // A word instead of a number that is not the value: "mixed" (the driven methods differ), "unset" (an unset
    // optional number without a resolved value: a disabled 0 read as s = 0).
    if (!m_spin)
        return;
    const bool unset = m_set && std::holds_alternative<std::monostate>(m_value) && !m_resolved;
    m_spin->setPlaceholderValue(m_mixed ? tr("mixed") : unset ? tr("unset") : QString());
}

bool ParamEditor::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Wheel && (watched == m_slider || watched == m_combo) &&
        !static_cast<QWidget*>(watched)->hasFocus()) {
        event->ignore(); // the scroll area gets it
        return true;
    }
    if (watched == m_combo && m_combo && event->type() == QEvent::FontChange) {
        // Qt's own size hint left the last character of a mixed Chinese/Latin entry under the arrow («平均（mean」)
        // in presentation mode: room for the widest entry and the arrow, in this font
        const QFontMetrics metrics(m_combo->font());
        int widest = 0;
        for (int i = 0; i < m_combo->count(); ++i)
            widest = std::max(widest, metrics.horizontalAdvance(m_combo->itemText(i)));
        m_combo->setMinimumWidth(widest + 2 * metrics.height() + 8);
    }
    return QWidget::eventFilter(watched, event);
}

void ParamEditor::updateLabel()
{
    QString text = CoreText::label(m_spec).toHtmlEscaped();
    if (!m_spec.unit.empty())
        text += QStringLiteral(" <span style='color:gray'>[%1]</span>").arg(CoreText::unit(m_spec).toHtmlEscaped());
    if (m_override && !m_override->isChecked())
        text += QStringLiteral(" <span style='color:#1565c0'>%1</span>").arg(tr("shared"));
    if (m_resolved && std::holds_alternative<std::monostate>(m_value))
        text += QStringLiteral(" <span style='color:gray'>%1</span>")
                    .arg(tr("unset: resolves to %1").arg(QString::number(*m_resolved, 'g', 17)));
    m_label->setText(text);
}

} // namespace posenc::widgets
