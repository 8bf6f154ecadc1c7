// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/FigureTypes.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QCheckBox;
class QHBoxLayout;
class QLabel;
class QSpinBox;

namespace posenc::widgets {

class FigureWidget;
class ValueSpinBox;

/// One view tab: a row of view options (what this kind of figure can be asked for) above a FigureWidget. It holds
/// the options and, for the heatmap, the visible window; the coordinator combines them with the parameters.
class ViewPage : public QWidget {
    Q_OBJECT
public:
    ViewPage(FigureKind kind, QWidget* parent = nullptr);

    FigureKind kind() const { return m_kind; }
    FigureWidget* figure() const { return m_figure; }
    QString title() const;

    /// The request for this view without methods and length (the coordinator fills those in).
    FigureRequest options() const;
    /// Matrix views the primary method offers (heatmap only); keeps the current choice when still offered.
    void setAvailableViews(const std::vector<View>& views, int biasHeads);
    /// The compared methods (id, display name) the heatmap's side by side / difference can pair with the primary.
    void setCompared(const std::vector<std::pair<std::string, QString>>& methods);
    /// The compared method chosen as the partner (empty: the first).
    std::string partnerId() const;
    /// Resets the heatmap window to the whole length (e.g. after the length changed).
    void resetWindow();
    bool hasWindow() const { return m_windowLast > m_windowFirst; }

    QComboBox* viewCombo() const { return m_view; }
    QComboBox* samplingCombo() const { return m_sampling; }
    QComboBox* modeCombo() const { return m_mode; }

signals:
    /// A view option changed: recompute this view.
    void optionsChanged();

private:
    QComboBox* addCombo(const QString& label, const QString& tip, const QStringList& items,
                        const QStringList& values);
    void buildControls();
    void buildColorControls();
    void applyColorRange();
    void updateHint();
    QSpinBox* addSpin(const QString& label, const QString& tip, int low, int high, int value);
    QCheckBox* addCheck(const QString& label, const QString& tip, bool checked);

    FigureKind m_kind;
    FigureWidget* m_figure;
    QHBoxLayout* m_bar;
    QLabel* m_hint = nullptr;
    QComboBox* m_view = nullptr;
    QComboBox* m_sampling = nullptr;
    QComboBox* m_mode = nullptr;
    QSpinBox* m_head = nullptr;
    QLabel* m_headLabel = nullptr;
    QComboBox* m_decayCurve = nullptr;
    QComboBox* m_temperature = nullptr;
    QComboBox* m_score = nullptr;
    QCheckBox* m_logX = nullptr;
    QComboBox* m_similarity = nullptr;
    QSpinBox* m_components = nullptr;
    QComboBox* m_partner = nullptr;
    QCheckBox* m_attentionFactor = nullptr;
    QSpinBox* m_maxDistance = nullptr;
    QCheckBox* m_decayLogX = nullptr;
    QCheckBox* m_normalised = nullptr;
    ValueSpinBox* m_sigma2 = nullptr;
    QSpinBox* m_contextLength = nullptr;
    QSpinBox* m_trainLength = nullptr;
    QComboBox* m_colors = nullptr;
    QCheckBox* m_autoRange = nullptr;
    ValueSpinBox* m_rangeLow = nullptr;
    ValueSpinBox* m_rangeHigh = nullptr;
    qint64 m_windowFirst = 0;
    qint64 m_windowLast = 0;
    int m_pixels = 0;
};

} // namespace posenc::widgets
