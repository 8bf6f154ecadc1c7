// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace posenc::widgets {

/// A badge over the top-right corner of a figure whose picture is out of date: "computing… n %" while its job
/// runs, or "cancelled" with a Recompute button after the user cancelled it. Hidden when the picture is current.
class StaleOverlay : public QWidget {
    Q_OBJECT
public:
    explicit StaleOverlay(QWidget* figure);

    /// fraction in [0,1] shows "computing… n %", NaN "computing…", negative hides the badge.
    void setComputing(double fraction);
    /// Shows that the last computation was cancelled (with a Recompute button); false hides the badge.
    void setCancelled(bool cancelled);
    bool isCancelledShown() const { return m_cancelled; }
    QString text() const;
    QPushButton* recomputeButton() const { return m_recompute; }

signals:
    void recomputeRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void place();

    QLabel* m_label;
    QPushButton* m_recompute;
    bool m_cancelled = false;
};

} // namespace posenc::widgets
