// SPDX-License-Identifier: GPL-3.0-or-later
// ParamEditor, the number field: the slider (linear or logarithmic over a range the spec and its default give)
// beside its spin box, kept in step, and the number an unset optional field starts from.
#include "explorer/ParamEditor.h"

#include "explorer/ValueSpinBox.h"

#include <QGridLayout>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace posenc::widgets {

namespace {

constexpr int kSliderSteps = 1000;

double roundSignificant(double v, int digits)
{
    if (v == 0 || !std::isfinite(v))
        return v;
    return QString::number(v, 'g', digits).toDouble();
}

} // namespace

double ParamEditor::neutralNumber(const ParamSpec& spec)
{
    if (const auto* d = std::get_if<double>(&spec.defaultValue))
        return *d;
    if (spec.min <= 1.0 && spec.max >= 1.0)
        return 1.0; // an unset optional factor: start from the neutral value
    if (std::isfinite(spec.min) && std::isfinite(spec.max))
        return 0.5 * (spec.min + spec.max);
    return std::isfinite(spec.min) ? spec.min + 1.0 : 1.0;
}

void ParamEditor::buildNumber(QGridLayout* grid)
{
    const bool isInt = m_spec.type == ParamType::Int;
    const int step = isInt ? (m_spec.mustBeEven ? 2 : 1) : 0;
    const double d = neutralNumber(m_spec);
    m_log = m_spec.scale == ScaleHint::Log;
    double lo = m_spec.min, hi = m_spec.max;
    if (m_log) {
        if (!(lo > 0))
            lo = isInt ? 1.0 : (d > 0 ? d / 8.0 : 1e-3); // e.g. a factor valid in (0, 1e6): the useful decades
        if (!std::isfinite(hi))
            hi = lo * 1e6;
        if (hi / lo > 1e7 && d > 0) { // a huge valid range: centre the slider on the useful decades
            lo = std::max(lo, d / 1e3);
            hi = std::min(hi, d * 1e4);
        } else if (hi / lo > 1e3 && d > 0) {
            // A few decades (a scale factor in [1, 1e6]): a slider over all of them moves too fast (70 px took
            // the factor from 8 to 617). The slider covers d/8 .. 16 d; the spin box takes the full range.
            lo = std::max(lo, d / 8.0);
            hi = std::min(hi, d * 16.0);
        }
        if (!m_spec.minInclusive && lo == m_spec.min)
            lo *= isInt ? 2.0 : 1.001;
    } else {
        const double mag = std::max(1.0, std::abs(d));
        if (!std::isfinite(lo))
            lo = d - 10.0 * mag;
        if (!std::isfinite(hi) || hi - lo > 100.0 * mag)
            hi = std::max(lo + 1.0, lo + 4.0 * mag);
        if (!m_spec.minInclusive && lo == m_spec.min)
            lo += isInt ? 1.0 : (hi - lo) / kSliderSteps;
    }
    if (step == 2)
        lo = std::ceil(lo / 2.0) * 2.0;
    m_lo = m_baseLo = lo;
    m_hi = m_baseHi = hi;

    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setFocusPolicy(Qt::StrongFocus); // not Qt::WheelFocus: passing the wheel over it edits nothing
    m_slider->installEventFilter(this);
    m_slider->setRange(0, kSliderSteps);
    m_slider->setMinimumWidth(120);
    m_slider->setAccessibleName(QString::fromStdString(m_spec.name));
    m_spin = new ValueSpinBox(this);
    m_spin->setLogSteps(m_log);
    m_spin->setIntegerStep(step);
    if (!isInt && !m_log)
        m_spin->setSingleStep(roundSignificant((hi - lo) / 100.0, 1));
    m_spin->setMinimumWidth(96);
    m_spin->setFocusPolicy(Qt::StrongFocus);
    // A number typed over "mixed" applies to every method even when it equals the value underneath.
    connect(m_spin, &QAbstractSpinBox::editingFinished, this, [this] {
        if (m_mixed && m_spin->placeholderValue().isEmpty()) // typed over "mixed"
            commit(ParamValue{m_spin->value()});
    });
    grid->addWidget(m_slider, 1, 0, 1, 2);
    grid->addWidget(m_spin, 1, 2);

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        const double v = sliderValue(position);
        m_spin->blockSignals(true);
        m_spin->setValue(v);
        m_spin->blockSignals(false);
        commit(ParamValue{v});
    });
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        widenSliderRange(v);
        m_slider->blockSignals(true);
        m_slider->setValue(sliderPosition(v));
        m_slider->blockSignals(false);
        commit(ParamValue{v});
    });
}

int ParamEditor::sliderPosition(double value) const
{
    double t = 0;
    if (m_log)
        t = value > 0 ? std::log(value / m_lo) / std::log(m_hi / m_lo) : 0.0;
    else
        t = (value - m_lo) / (m_hi - m_lo);
    return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * kSliderSteps));
}

double ParamEditor::sliderValue(int position) const
{
    const double t = static_cast<double>(position) / kSliderSteps;
    double v = m_log ? m_lo * std::pow(m_hi / m_lo, t) : m_lo + t * (m_hi - m_lo);
    if (position == 0)
        v = m_lo;
    else if (position == kSliderSteps)
        v = m_hi;
    if (m_spec.type == ParamType::Int) {
        v = std::round(v);
        if (m_spec.mustBeEven)
            v = std::round(v / 2.0) * 2.0;
        return std::clamp(v, m_lo, m_hi);
    }
    return roundSignificant(v, 4);
}

void ParamEditor::widenSliderRange(double value)
{
    // The slider covers its base range plus the current value: after an out-of-range value it returns to the
    // base range as soon as the value is back inside.
    m_lo = m_baseLo;
    m_hi = m_baseHi;
    if (!std::isfinite(value) || value < m_spec.min || value > m_spec.max || (m_log && !(value > 0)))
        return;
    m_lo = std::min(m_lo, value);
    m_hi = std::max(m_hi, value);
}

void ParamEditor::showNumber(double value)
{
    widenSliderRange(value);
    m_spin->blockSignals(true);
    m_slider->blockSignals(true);
    m_spin->setValue(value);
    m_slider->setValue(sliderPosition(value));
    m_slider->blockSignals(false);
    m_spin->blockSignals(false);
}

void ParamEditor::setSliderShown(bool shown)
{
    if (!m_slider)
        return;
    m_slider->setVisible(shown);
    // Without its slider the spin box takes the slider's room: left-aligned under its label, as wide as a choice's
    // combo box (in the slider's column 2 it stood alone at the right edge, indented unlike the other editors).
    auto* grid = qobject_cast<QGridLayout*>(layout());
    grid->removeWidget(m_spin);
    if (shown)
        grid->addWidget(m_spin, 1, 2);
    else
        grid->addWidget(m_spin, 1, 0, 1, 3);
}

} // namespace posenc::widgets
