// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/FigureSpec.h"

#include "posenc/io/session.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QTimer;
class QToolButton;

namespace posenc::widgets {

class FigureWidget;
class FlowLayout;
class ParamEditor;
class StaleOverlay;
class ValueSpinBox;

/// One view tab: a row of view options above a FigureWidget. The option bar is generated from the kind's
/// FigureSpec::options with ParamEditor (as the parameter panel is from the methods' ParamSpecs). It holds the
/// option values and, for position-axis views, the visible window; the coordinator adds methods and length.
class ViewPage : public QWidget {
    Q_OBJECT
public:
    ViewPage(FigureKind kind, QWidget* parent = nullptr);

    FigureKind kind() const { return m_spec.kind; }
    const FigureSpec& spec() const { return m_spec; }
    FigureWidget* figure() const { return m_figure; }
    /// The "computing… n %" / "cancelled" badge over the figure.
    StaleOverlay* overlay() const { return m_overlay; }
    /// The tab title in the user's language.
    QString title() const;

    /// The request for this view without methods and length (the coordinator fills those in).
    FigureRequest options() const;
    /// The editor of the option `name`, or null (for tests and presets).
    ParamEditor* optionEditor(const std::string& name) const;
    /// Sets an option as if the user had chosen it (emits optionsChanged when it changes). Throws InvalidInput.
    void setOption(const std::string& name, const ParamValue& value);
    /// What the drawn methods offer the options (optionApplies): the primary's matrix views, and whether any drawn
    /// method rotates (the score model and σ² are the rotary methods' only, entropy.cpp scoreModel).
    struct Drawn {
        std::vector<View> views;
        bool anyRotary = true;
    };
    /// Matrix views the primary method offers: the other choices of a "view" option are disabled; a choice no
    /// longer offered falls back to "auto". `anyRotary`: whether a drawn method rotates.
    void setAvailableViews(const std::vector<View>& views, int biasHeads, bool anyRotary);
    /// Resets the visible window to the whole length (e.g. after the length changed).
    void resetWindow();
    bool hasWindow() const { return m_windowLast > m_windowFirst; }

    /// The option values keyed by option name, for sessions.
    io::ValueMap optionValues() const;
    /// Sets the options named in `values` as a user would; returns what was ignored (unknown name, value not
    /// offered or out of range), each naming the view, the option and the value.
    QStringList setOptionValues(const io::ValueMap& values);

    /// Whether option `name` changes what is drawn with the current option values and the primary's matrix views
    /// (empty `why` when it applies, else the reason): Head only for the bias view, Probe only for the rotated
    /// view, Partner and Attention factor only beside or against a second method, Samples only for random q, k,
    /// Score and σ² only when a rotary method is drawn (σ² only for the expected-similar score).
    static bool optionApplies(FigureKind kind, const std::string& name, const ParamSet& values, const Drawn& drawn,
                              QString* why = nullptr);

    /// The caption of the gallery figure shown on this view (title, what it shows, its source), in a label above
    /// the figure until hidden (its "hide" link) or replaced; empty hides it.
    void setCaption(const QString& title, const QString& caption, const QString& source);
    QLabel* captionLabel() const { return m_caption; }

    /// Animated views (FigureSpec::animated): the Play button, and whether it is playing.
    QToolButton* playButton() const { return m_play; }
    bool isPlaying() const;
    void setPlaying(bool playing);

signals:
    /// A view option changed: recompute this view.
    void optionsChanged();

protected:
    void hideEvent(QHideEvent* event) override;

private:
    void buildOptions();
    void buildAnimation();
    void advanceAnimation();
    void updateHint();
    /// Disables the options that do not apply to what is drawn (optionApplies), with a tooltip saying why.
    void updateApplicability();
    void buildColorControls();
    /// One widget holding `widgets` in a row, so that the wrapping option bar keeps them together.
    QWidget* keptTogether(const QList<QWidget*>& widgets);
    void applyColorRange();

    const FigureSpec& m_spec;
    FigureWidget* m_figure;
    StaleOverlay* m_overlay;
    FlowLayout* m_bar;
    std::vector<ParamEditor*> m_editors;
    ParamSet m_values;
    QComboBox* m_colors = nullptr;
    QCheckBox* m_autoRange = nullptr;
    ValueSpinBox* m_rangeLow = nullptr;
    ValueSpinBox* m_rangeHigh = nullptr;
    qint64 m_windowFirst = 0;
    qint64 m_windowLast = 0;
    int m_pixels = 0;
    QLabel* m_hint = nullptr;
    QLabel* m_caption = nullptr;
    Drawn m_drawn; ///< the primary's matrix views, whether a drawn method rotates (setAvailableViews)
    QToolButton* m_play = nullptr;
    QTimer* m_timer = nullptr;
};

} // namespace posenc::widgets
