// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QStatusBar;
class QProgressBar;
class QToolButton;

namespace posenc::widgets {

/// The status bar's permanent part: hover read-out, problem or last compute time, and a progress bar with a
/// cancel button that appears only for long jobs.
class StatusReadout : public QWidget {
    Q_OBJECT
public:
    explicit StatusReadout(QWidget* parent = nullptr);

    void setHover(const QString& text);
    /// `bar`'s messages (showMessage) are shown here, in the room of the hover read-out, elided with the whole
    /// text as tooltip: the bar itself drew them left of this widget, in the few pixels its stretch left ("met").
    void showMessagesOf(QStatusBar* bar);
    /// A message (empty: back to the hover read-out). The last one set, message or hover, is shown.
    void setMessage(const QString& text);
    void setComputeTime(const QString& view, double ms);
    /// Shows a validation problem in place of the compute time (empty clears it).
    void setProblem(const QString& message);
    /// fraction < 0 hides the progress bar; otherwise shows it (0..1, or busy when fraction is NaN).
    void setProgress(double fraction);

    /// As tall as the progress bar and the Cancel button even while they are hidden: showing them when a job has
    /// run 400 ms must not change the status bar's height (that re-laid out and repainted the whole window).
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    QString hoverText() const;
    /// The text the read-out shows now (a message or the hover text, elided to its width) and the whole of it.
    QString shownText() const;
    QString shownWhole() const { return m_shown; }
    /// The width the shown text has (the rest of the bar is the compute time, the progress and the config note).
    int shownRoom() const;
    QString computeText() const;
    bool progressVisible() const;

signals:
    void cancelRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    int reservedHeight() const;
    void showElided();
    QStatusBar* m_bar = nullptr;
    QString m_hoverText, m_message, m_shown;
    QLabel* m_hover;
    QLabel* m_compute;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QString m_lastTime;
};

} // namespace posenc::widgets
