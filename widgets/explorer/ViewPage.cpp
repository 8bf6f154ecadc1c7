// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/ViewPage.h"

#include "explorer/FlowLayout.h"
#include "explorer/ParamEditor.h"
#include "explorer/StaleOverlay.h"
#include "explorer/ValueSpinBox.h"
#include "figures/FigureWidget.h"
#include "i18n/ParamText.h"

#include "posenc/errors.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>

#include <cstdlib>

namespace posenc::widgets {

QString ViewPage::title() const
{
    return viewTitle(m_spec.kind);
}

ViewPage::ViewPage(FigureKind kind, QWidget* parent) : QWidget(parent), m_spec(figureSpec(kind))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    // The options wrap onto further rows when the window is narrow: the bar never widens the window.
    m_bar = new FlowLayout(nullptr, 12, 4);
    layout->addLayout(m_bar);
    auto* h = m_hint = new QLabel(
        QCoreApplication::translate("posenc::widgets::ViewPage", m_spec.explanation.toUtf8().constData()), this);
    // grey through the palette, not a style sheet: a style sheet stops the window's font from reaching the label
    // (presentation mode would leave this line at the small normal size)
    QPalette grey = h->palette();
    grey.setColor(QPalette::WindowText, QColor(0x66, 0x66, 0x66));
    h->setPalette(grey);
    h->setWordWrap(true);
    layout->addWidget(h);
    // A gallery figure's caption: above the figure (the status bar's permanent read-out would hide it), wrapped,
    // never widening the window.
    m_caption = new QLabel(this);
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::RichText);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    m_caption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Minimum);
    m_caption->setStyleSheet(QStringLiteral("QLabel { background: #f3f6fb; border: 1px solid #c9d4e5; "
                                            "border-radius: 3px; padding: 4px 6px; }"));
    m_caption->hide();
    connect(m_caption, &QLabel::linkActivated, this, [this] { setCaption({}, {}, {}); });
    layout->addWidget(m_caption);
    m_figure = new FigureWidget(this);
    // The plot's minimum: a fixed width (not its layout's hint, which follows the widest note it ever wrapped, so
    // a window once wide could never be narrowed again) and the height its panels, legends and note need. Where
    // the page is shorter (1366 x 768 in presentation mode) it scrolls instead of squeezing the panels.
    m_figure->setReadableMinimum(110);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(m_figure);
    layout->addWidget(scroll, 1);
    m_overlay = new StaleOverlay(m_figure);
    buildOptions();
    buildAnimation();
    updateHint();
    connect(this, &ViewPage::optionsChanged, this, &ViewPage::updateHint);
    if (m_spec.positionAxis)
        buildColorControls();
    if (m_spec.positionAxis) {
        // The level of detail follows the plot's size: after a resize (or the first layout) the axis rect has a
        // new width, and the view asks for that many bins.
        connect(m_figure->plot(), &QCustomPlot::afterReplot, this, [this] {
            const int pixels = m_figure->pixelColumns();
            if (std::abs(pixels - m_pixels) > std::max(2, m_pixels / 50)) {
                m_pixels = pixels;
                emit optionsChanged();
            }
        });
    }

    connect(m_figure, &FigureWidget::visibleWindowChanged, this, [this](qint64 first, qint64 last, int pixels) {
        if (first == m_windowFirst && last == m_windowLast && pixels == m_pixels)
            return;
        m_windowFirst = first;
        m_windowLast = last;
        m_pixels = pixels;
        emit optionsChanged();
    });
}

void ViewPage::buildOptions()
{
    // A view with many options (the Grid view's 19) shows its numbers as spin boxes without sliders, so that the
    // bar keeps to about three rows at 1366 x 768 and the figure its height (tst_screen).
    constexpr std::size_t kSlidersUpTo = 12;
    const bool sliders = m_spec.options.size() <= kSlidersUpTo;
    for (const ParamSpec& spec : m_spec.options) {
        auto* editor = new ParamEditor(spec, false, this);
        editor->setSliderShown(sliders);
        editor->keepPlaceholderWhole();
        editor->setViewOption();
        // Wide enough for its label: a check box's label must not be cut ("Attention factor").
        editor->setMinimumWidth(spec.type == ParamType::Bool ? std::max(60, editor->sizeHint().width()) : 120);
        m_values.set(spec.name, spec.defaultValue);
        m_editors.push_back(editor);
        m_bar->addWidget(editor);
        connect(editor, &ParamEditor::valueEdited, this, [this, editor](const ParamValue& value) {
            try {
                checkValue(editor->spec(), value);
            } catch (const InvalidInput& e) {
                editor->setProblem(ParamText::problem(editor->spec(), e));
                return; // keep the last valid value: the view keeps its picture
            }
            editor->setProblem({});
            m_values.set(editor->spec().name, value);
            emit optionsChanged();
        });
    }
}

void ViewPage::setCaption(const QString& title, const QString& caption, const QString& source)
{
    if (title.isEmpty() && caption.isEmpty()) {
        m_caption->clear();
        m_caption->hide();
        return;
    }
    QString html = QStringLiteral("<b>%1</b> — %2").arg(title.toHtmlEscaped(), caption.toHtmlEscaped());
    if (!source.isEmpty())
        html += QStringLiteral(" <span style=\"color:#555\">(%1)</span>").arg(source.toHtmlEscaped());
    html += QStringLiteral(" &nbsp;<a href=\"hide\">%1</a>").arg(tr("hide"));
    m_caption->setText(html);
    m_caption->show();
}

ParamEditor* ViewPage::optionEditor(const std::string& name) const
{
    for (auto* e : m_editors)
        if (e->spec().name == name)
            return e;
    return nullptr;
}

void ViewPage::setOption(const std::string& name, const ParamValue& value)
{
    ParamEditor* editor = optionEditor(name);
    if (!editor)
        throw InvalidInput(name, "--" + name + " is not an option of the " + m_spec.id + " view");
    checkValue(editor->spec(), value);
    editor->setValue(value);
    editor->setProblem({});
    if (m_values.values().count(name) && m_values.get(name) == value)
        return;
    m_values.set(name, value);
    emit optionsChanged();
}

QWidget* ViewPage::keptTogether(const QList<QWidget*>& widgets)
{
    auto* group = new QWidget(this);
    auto* row = new QHBoxLayout(group);
    row->setContentsMargins(0, 0, 0, 0);
    for (QWidget* w : widgets)
        row->addWidget(w);
    return group;
}

void ViewPage::buildColorControls()
{
    auto* label = new QLabel(tr("Colours"), this);
    m_colors = new QComboBox(this);
    m_colors->setObjectName(QStringLiteral("colors"));
    m_colors->setSizeAdjustPolicy(QComboBox::AdjustToContents); // grows with the presentation font
    m_colors->addItem(tr("auto"), -1);
    for (const ColorMapKind kind : allColorMaps())
        m_colors->addItem(colorMapName(kind), static_cast<int>(kind));
    m_colors->setToolTip(tr("auto: diverging (symmetric around 0) for signed values, cyclic for angles, "
                            "sequential for magnitudes"));
    // Each label stays on the row of its field when the option bar wraps (a lone "to" at a row's end read as a
    // stray word, its field alone at the start of the next row).
    m_bar->addWidget(keptTogether({label, m_colors}));
    connect(m_colors, &QComboBox::activated, this, [this] {
        const int kind = m_colors->currentData().toInt();
        if (kind < 0)
            m_figure->resetColorMap();
        else
            m_figure->setColorMap(static_cast<ColorMapKind>(kind));
    });

    m_autoRange = new QCheckBox(tr("auto range"), this);
    m_autoRange->setChecked(true);
    m_autoRange->setObjectName(QStringLiteral("auto-range"));
    m_autoRange->setToolTip(tr("Uncheck to fix the colour range (e.g. to compare two settings on one scale)"));
    m_rangeLow = new ValueSpinBox(this);
    m_rangeHigh = new ValueSpinBox(this);
    m_rangeLow->setObjectName(QStringLiteral("range-low"));
    m_rangeHigh->setObjectName(QStringLiteral("range-high"));
    m_rangeLow->setToolTip(tr("Lowest value of the colour scale"));
    m_rangeHigh->setToolTip(tr("Highest value of the colour scale"));

    for (auto* spin : {m_rangeLow, m_rangeHigh}) {
        spin->setEnabled(false);
        // Not "from 0 to 0" beside a colour scale from −1 to 1: the limits are the figure's while "auto range" is on.
        spin->setPlaceholderValue(tr("auto", "a colour-range limit while auto range is on"));
        spin->setMaximumWidth(80);
        connect(spin, &QDoubleSpinBox::valueChanged, this, &ViewPage::applyColorRange);
    }
    // Labelled: the two range spin boxes said nothing about what they are.
    auto* from = new QLabel(tr("from"), this);
    auto* to = new QLabel(tr("to"), this);
    from->setBuddy(m_rangeLow);
    to->setBuddy(m_rangeHigh);
    from->setObjectName(QStringLiteral("range-low-label"));
    to->setObjectName(QStringLiteral("range-high-label"));
    m_bar->addWidget(keptTogether({m_autoRange, from, m_rangeLow, to, m_rangeHigh}));
    connect(m_autoRange, &QCheckBox::toggled, this, [this](bool automatic) {
        m_rangeLow->setEnabled(!automatic);
        m_rangeHigh->setEnabled(!automatic);
        const QString limit = automatic ? tr("auto", "a colour-range limit while auto range is on") : QString();
        for (auto* spin : {m_rangeLow, m_rangeHigh})
            spin->setPlaceholderValue(limit);
        if (automatic) {
            m_figure->setAutoColorRange();
            return;
        }
        const auto [lo, hi] = m_figure->colorRange();
        m_rangeLow->blockSignals(true);
        m_rangeHigh->blockSignals(true);
        m_rangeLow->setValue(lo);
        m_rangeHigh->setValue(hi);
        m_rangeLow->blockSignals(false);
        m_rangeHigh->blockSignals(false);
        applyColorRange();
    });
}

void ViewPage::applyColorRange()
{
    if (m_autoRange->isChecked())
        return;
    if (m_rangeLow->value() < m_rangeHigh->value()) {
        m_rangeLow->setStyleSheet(QString());
        m_rangeHigh->setStyleSheet(QString());
        m_figure->setColorRange(m_rangeLow->value(), m_rangeHigh->value());
    } else {
        const QString bad = QStringLiteral("border: 1px solid #c62828; background: #fdecea;");
        m_rangeLow->setStyleSheet(bad);
        m_rangeHigh->setStyleSheet(bad);
    }
}

void ViewPage::updateHint()
{
    if (m_spec.hint)
        m_hint->setText(m_spec.hint(m_values, m_drawn.views));
    updateApplicability();
}

void ViewPage::setAvailableViews(const std::vector<View>& views, int biasHeads, bool anyRotary)
{
    (void)biasHeads; // an out-of-range head is reported by the figure, with the valid range
    m_drawn = {views, anyRotary};
    updateHint();
    ParamEditor* editor = optionEditor("view");
    if (!editor)
        return;
    std::vector<std::string> allowed = {"auto"};
    for (const View v : views)
        allowed.push_back(toString(v));
    editor->setAllowedChoices(allowed);
    const std::string& current = m_values.choice("view");
    if (std::find(allowed.begin(), allowed.end(), current) == allowed.end())
        setOption("view", std::string("auto"));
}

void ViewPage::resetWindow()
{
    m_windowFirst = 0;
    m_windowLast = 0;
}

FigureRequest ViewPage::options() const
{
    FigureRequest r;
    r.kind = m_spec.kind;
    r.options = m_values;
    if (!m_spec.positionAxis)
        return r;
    r.windowFirst = m_windowFirst;
    r.windowLast = m_windowLast;
    r.pixelColumns = std::clamp(m_pixels > 0 ? m_pixels : m_figure->pixelColumns(), 64, 4096);
    r.pixelRows = std::clamp(m_figure->pixelRows(), 64, 4096);
    return r;
}

} // namespace posenc::widgets
