// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/ViewPage.h"

#include "explorer/ValueSpinBox.h"
#include "figures/FigureWidget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <cstdlib>

namespace posenc::widgets {

namespace {

QString viewLabel(View v)
{
    switch (v) {
    case View::Cos: return QObject::tr("cos(m·θᵢ)");
    case View::Sin: return QObject::tr("sin(m·θᵢ)");
    case View::Angle: return QObject::tr("angle m·θᵢ mod 2π");
    case View::Pe: return QObject::tr("added vector PE");
    case View::Rotated: return QObject::tr("rotated probe Rₘx");
    case View::Bias: return QObject::tr("attention bias");
    }
    return {};
}

QString hint(FigureKind kind)
{
    switch (kind) {
    case FigureKind::Heatmap:
        return QObject::tr("x: position m (one column per position, or per pixel when zoomed out), y: channel. "
                           "Wheel zooms, drag pans. Each pixel is the exact mean over the positions it covers.");
    case FigureKind::Frequencies: return QObject::tr("How many positions each channel pair needs for one turn.");
    case FigureKind::Ramp: return QObject::tr("Which pairs a scaled method keeps, blends or interpolates.");
    case FigureKind::Decay: return QObject::tr("How the attention score changes with the distance between tokens.");
    case FigureKind::Entropy: return QObject::tr("How spread out attention is as the context grows.");
    case FigureKind::Similarity: return QObject::tr("How alike the encodings of two positions are.");
    case FigureKind::Spectrum: return QObject::tr("Which frequencies the encoding contains along positions.");
    case FigureKind::Pca: return QObject::tr("The encodings projected onto their main directions.");
    case FigureKind::Bounds: return QObject::tr("Context lengths the frequencies can support.");
    }
    return {};
}

} // namespace

ViewPage::ViewPage(FigureKind kind, QWidget* parent) : QWidget(parent), m_kind(kind)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    m_bar = new QHBoxLayout;
    m_bar->setSpacing(6);
    layout->addLayout(m_bar);
    m_hint = new QLabel(hint(kind), this);
    m_hint->setStyleSheet(QStringLiteral("color: #666;"));
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    m_figure = new FigureWidget(this);
    layout->addWidget(m_figure, 1);
    buildControls();
    m_bar->addStretch(1);
    connect(this, &ViewPage::optionsChanged, this, &ViewPage::updateHint);
    if (m_kind == FigureKind::Heatmap) {
        // The level of detail follows the plot's size: after a resize (or the first layout) the axis rect has a
        // new width, and the heatmap asks for that many bins.
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

QString ViewPage::title() const
{
    switch (m_kind) {
    case FigureKind::Heatmap: return tr("Encoding matrix");
    case FigureKind::Frequencies: return tr("Frequencies && wavelengths");
    case FigureKind::Ramp: return tr("Ramp / interpolation");
    case FigureKind::Decay: return tr("Decay");
    case FigureKind::Entropy: return tr("Entropy");
    case FigureKind::Similarity: return tr("Similarity");
    case FigureKind::Spectrum: return tr("Spectrum");
    case FigureKind::Pca: return tr("PCA");
    case FigureKind::Bounds: return tr("Bounds");
    }
    return {};
}

QComboBox* ViewPage::addCombo(const QString& label, const QString& tip, const QStringList& items,
                              const QStringList& values)
{
    auto* l = new QLabel(label, this);
    auto* c = new QComboBox(this);
    for (int i = 0; i < items.size(); ++i)
        c->addItem(items[i], values.value(i));
    c->setToolTip(tip);
    l->setToolTip(tip);
    m_bar->addWidget(l);
    m_bar->addWidget(c);
    connect(c, &QComboBox::activated, this, &ViewPage::optionsChanged);
    return c;
}

QSpinBox* ViewPage::addSpin(const QString& label, const QString& tip, int low, int high, int value)
{
    auto* l = new QLabel(label, this);
    auto* spin = new QSpinBox(this);
    spin->setRange(low, high);
    spin->setValue(value);
    spin->setToolTip(tip);
    spin->setKeyboardTracking(false);
    l->setToolTip(tip);
    m_bar->addWidget(l);
    m_bar->addWidget(spin);
    connect(spin, &QSpinBox::valueChanged, this, &ViewPage::optionsChanged);
    return spin;
}

QCheckBox* ViewPage::addCheck(const QString& label, const QString& tip, bool checked)
{
    auto* box = new QCheckBox(label, this);
    box->setChecked(checked);
    box->setToolTip(tip);
    m_bar->addWidget(box);
    connect(box, &QCheckBox::toggled, this, &ViewPage::optionsChanged);
    return box;
}

void ViewPage::buildControls()
{
    switch (m_kind) {
    case FigureKind::Heatmap: {
        m_view = addCombo(tr("Matrix"), tr("Which matrix of the primary method to draw"), {}, {});
        m_sampling = addCombo(tr("Pixels"),
                              tr("exact mean: each pixel is the exact average over the positions it covers (no "
                                 "aliasing at any length)\npoint sample: one position per pixel, to see aliasing"),
                              {tr("exact mean"), tr("point sample")}, {"mean", "point"});
        m_mode = addCombo(tr("Show"), tr("The primary method alone, next to the second checked method, or their "
                                         "difference (primary − second)"),
                          {tr("primary"), tr("side by side"), tr("difference")},
                          {"primary", "side-by-side", "difference"});
        m_partner = addCombo(tr("with"), tr("The compared method shown beside or subtracted from the primary"), {}, {});
        m_attentionFactor = addCheck(tr("attention factor in view"),
                                     tr("Side by side / difference: include each method's attention factor a (YaRN's "
                                        "√(1/t)) in cos and sin. Off: the bare rotations, compared like with like"),
                                     false);
        m_headLabel = new QLabel(tr("Head"), this);
        m_head = new QSpinBox(this);
        m_head->setRange(0, 4095);
        m_head->setToolTip(tr("Attention head of the bias view"));
        m_bar->addWidget(m_headLabel);
        m_bar->addWidget(m_head);
        m_headLabel->hide();
        m_head->hide();
        connect(m_head, &QSpinBox::valueChanged, this, &ViewPage::optionsChanged);
        buildColorControls();
        connect(m_view, &QComboBox::activated, this, [this] {
            const bool bias = m_view->currentData().toString() == "bias";
            m_head->setVisible(bias);
            m_headLabel->setVisible(bias);
        });
        break;
    }
    case FigureKind::Decay:
        m_decayCurve = addCombo(tr("Curve"),
                                tr("auto: the natural curve for each kind of method\nRoFormer bound: the relative upper "
                                   "bound of RoFormer Fig. 2\nsimilar tokens: Σ cos(Δθᵢ) (Men et al.)\nall-ones q,k: "
                                   "the score of q = k = 1\nrandom q,k: mean score of correlated random vectors"),
                                {tr("auto"), tr("RoFormer bound"), tr("similar tokens"), tr("all-ones q,k"),
                                 tr("random q,k")},
                                {"auto", "roformer-bound", "similar-token", "all-ones", "random-qk"});
        m_maxDistance = addSpin(tr("max Δ"), tr("Distances 0 … max Δ − 1 (256: RoFormer Fig. 2)"), 2, 1 << 20, 256);
        m_decayLogX = addCheck(tr("log Δ"), tr("Distance on a logarithmic axis (from Δ = 1)"), false);
        m_normalised = addCheck(tr("normalised"),
                                tr("Each curve divided by its value at Δ = 0: measures of different kinds share one "
                                   "axis (otherwise each measure gets its own)"),
                                false);
        break;
    case FigureKind::Entropy:
        m_temperature = addCombo(tr("Temperature"),
                                 tr("method: the method's own attention factor (YaRN, LongRoPE) enters the logits\n"
                                    "none: no temperature for any method"),
                                 {tr("method"), tr("none")}, {"method", "none"});
        m_score = addCombo(tr("Score"),
                           tr("all-ones: q = k = 1\nexpected similar: E[qᵀRk] for k = q + noise"),
                           {tr("all-ones"), tr("expected similar")}, {"all-ones", "expected-similar"});
        {
            auto* l = new QLabel(tr("σ²"), this);
            m_sigma2 = new ValueSpinBox(this);
            m_sigma2->setRange(1e-3, 1e3);
            m_sigma2->setValue(1.0);
            m_sigma2->setEnabled(false);
            m_sigma2->setMaximumWidth(80);
            const QString tip = tr("Expected-similar score: variance σ² of the query's components (σ² = 1 gives the "
                                   "all-ones score)");
            m_sigma2->setToolTip(tip);
            l->setToolTip(tip);
            m_bar->addWidget(l);
            m_bar->addWidget(m_sigma2);
            connect(m_sigma2, &QDoubleSpinBox::valueChanged, this, &ViewPage::optionsChanged);
            connect(m_score, &QComboBox::activated, this, [this] {
                m_sigma2->setEnabled(m_score->currentData().toString() == QLatin1String("expected-similar"));
            });
        }
        m_logX = new QCheckBox(tr("log n"), this);
        m_logX->setChecked(true);
        m_logX->setToolTip(tr("Context length n on a logarithmic axis"));
        m_bar->addWidget(m_logX);
        connect(m_logX, &QCheckBox::toggled, this, &ViewPage::optionsChanged);
        break;
    case FigureKind::Similarity:
        m_similarity = addCombo(tr("Measure"), tr("dot product or cosine similarity between position encodings"),
                                {tr("dot product"), tr("cosine")}, {"dot", "cosine"});
        break;
    case FigureKind::Pca: {
        auto* l = new QLabel(tr("Components"), this);
        m_components = new QSpinBox(this);
        m_components->setRange(2, 3);
        m_components->setValue(3);
        m_components->setToolTip(tr("2: PC1 against PC2\n3: the three pairs PC1–PC2, PC1–PC3, PC2–PC3"));
        m_bar->addWidget(l);
        m_bar->addWidget(m_components);
        connect(m_components, &QSpinBox::valueChanged, this, &ViewPage::optionsChanged);
        break;
    }
    case FigureKind::Bounds:
        m_contextLength = addSpin(tr("context L"), tr("Target context length (auto: the primary's factor × L0)"), 0,
                                  1 << 30, 0);
        m_trainLength =
            addSpin(tr("training length"), tr("Training length of every method (auto: the primary's L0)"), 0, 1 << 30, 0);
        for (QSpinBox* spin : {m_contextLength, m_trainLength})
            spin->setSpecialValueText(tr("auto"));
        break;
    case FigureKind::Frequencies:
    case FigureKind::Ramp:
    case FigureKind::Spectrum:
        break;
    }
}

void ViewPage::buildColorControls()
{
    auto* label = new QLabel(tr("Colours"), this);
    m_colors = new QComboBox(this);
    m_colors->addItem(tr("auto"), -1);
    for (const ColorMapKind kind : allColorMaps())
        m_colors->addItem(colorMapName(kind), static_cast<int>(kind));
    m_colors->setToolTip(tr("auto: diverging (symmetric around 0) for signed values, cyclic for angles, "
                            "sequential for magnitudes"));
    m_bar->addWidget(label);
    m_bar->addWidget(m_colors);
    connect(m_colors, &QComboBox::activated, this, [this] {
        const int kind = m_colors->currentData().toInt();
        if (kind < 0)
            m_figure->resetColorMap();
        else
            m_figure->setColorMap(static_cast<ColorMapKind>(kind));
    });

    m_autoRange = new QCheckBox(tr("auto range"), this);
    m_autoRange->setChecked(true);
    m_autoRange->setToolTip(tr("Uncheck to fix the colour range (e.g. to compare two settings on one scale)"));
    m_rangeLow = new ValueSpinBox(this);
    m_rangeHigh = new ValueSpinBox(this);
    m_rangeLow->setToolTip(tr("Lowest value of the colour scale"));
    m_rangeHigh->setToolTip(tr("Highest value of the colour scale"));
    for (auto* spin : {m_rangeLow, m_rangeHigh}) {
        spin->setEnabled(false);
        spin->setMaximumWidth(80);
        connect(spin, &QDoubleSpinBox::valueChanged, this, &ViewPage::applyColorRange);
    }
    m_bar->addWidget(m_autoRange);
    m_bar->addWidget(m_rangeLow);
    m_bar->addWidget(m_rangeHigh);
    connect(m_autoRange, &QCheckBox::toggled, this, [this](bool automatic) {
        m_rangeLow->setEnabled(!automatic);
        m_rangeHigh->setEnabled(!automatic);
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
    if (m_kind != FigureKind::Heatmap || !m_view)
        return;
    const bool bias = m_view->currentData().toString() == QLatin1String("bias");
    const bool point = m_sampling && m_sampling->currentData().toString() == QLatin1String("point");
    QString text = bias ? tr("x: query position, y: key position (query × key). Wheel zooms, drag pans.")
                        : tr("x: position m (one column per position, or per pixel when zoomed out), y: channel. "
                             "Wheel zooms, drag pans.");
    text += QLatin1Char(' ');
    text += point ? tr("Point sampling: each pixel shows one position, so fast channels alias (on purpose).")
                  : tr("Each pixel is the exact mean over the positions it covers, at any zoom.");
    m_hint->setText(text);
}

void ViewPage::setAvailableViews(const std::vector<View>& views, int biasHeads)
{
    if (!m_view)
        return;
    const QString current = m_view->currentData().toString();
    m_view->clear();
    for (const View v : views)
        m_view->addItem(viewLabel(v), QString::fromStdString(toString(v)));
    const int keep = m_view->findData(current);
    m_view->setCurrentIndex(keep >= 0 ? keep : 0);
    m_head->setMaximum(std::max(0, biasHeads - 1));
    const bool bias = m_view->currentData().toString() == "bias";
    m_head->setVisible(bias);
    m_headLabel->setVisible(bias);
    updateHint();
}

void ViewPage::setCompared(const std::vector<std::pair<std::string, QString>>& methods)
{
    if (!m_partner)
        return;
    const QString current = m_partner->currentData().toString();
    m_partner->clear();
    for (const auto& [id, name] : methods)
        m_partner->addItem(name, QString::fromStdString(id));
    const int keep = m_partner->findData(current);
    m_partner->setCurrentIndex(keep >= 0 ? keep : 0);
}

std::string ViewPage::partnerId() const
{
    return m_partner ? m_partner->currentData().toString().toStdString() : std::string();
}

void ViewPage::resetWindow()
{
    m_windowFirst = 0;
    m_windowLast = 0;
}

FigureRequest ViewPage::options() const
{
    FigureRequest r;
    r.kind = m_kind;
    if (m_view && m_view->count() > 0)
        r.view = parseView(m_view->currentData().toString().toStdString());
    if (m_sampling)
        r.sampling = m_sampling->currentData().toString() == "point" ? Sampling::Point : Sampling::Mean;
    if (m_mode) {
        const QString mode = m_mode->currentData().toString();
        r.heatmapMode = mode == "side-by-side" ? HeatmapMode::SideBySide
                        : mode == "difference" ? HeatmapMode::Difference
                                               : HeatmapMode::Primary;
    }
    if (m_head)
        r.head = m_head->value();
    if (m_kind == FigureKind::Heatmap) {
        r.windowFirst = m_windowFirst;
        r.windowLast = m_windowLast;
        r.pixelColumns = std::clamp(m_pixels > 0 ? m_pixels : m_figure->pixelColumns(), 64, 4096);
        r.pixelRows = std::clamp(m_figure->pixelRows(), 64, 4096);
    }
    if (m_decayCurve)
        r.decayCurve = m_decayCurve->currentData().toString().toStdString();
    if (m_temperature)
        r.entropyTemperature = m_temperature->currentData().toString().toStdString();
    if (m_score)
        r.entropyScore = m_score->currentData().toString().toStdString();
    if (m_logX)
        r.entropyLogX = m_logX->isChecked();
    if (m_similarity)
        r.similarityKind = m_similarity->currentData().toString().toStdString();
    if (m_components)
        r.pcaComponents = m_components->value();
    if (m_attentionFactor)
        r.attentionFactorInView = m_attentionFactor->isChecked();
    if (m_maxDistance) {
        r.decayMaxDistance = m_maxDistance->value();
        r.decayLogX = m_decayLogX->isChecked();
        r.decayNormalised = m_normalised->isChecked();
    }
    if (m_sigma2)
        r.entropySigma2 = m_sigma2->value();
    if (m_contextLength) {
        r.boundsContextLength = m_contextLength->value();
        r.boundsTrainLength = m_trainLength->value();
    }
    return r;
}

} // namespace posenc::widgets
