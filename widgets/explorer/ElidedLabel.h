// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace posenc::widgets {

/// A one-line label that shows as much of its text as fits and ends it with "…" when it does not (a plain QLabel
/// with an Ignored size policy cuts the text mid-letter). The full text is fullText(), and the tooltip when cut.
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setFullText(const QString& text);
    QString fullText() const { return m_full; }
    /// Tooltip shown whether or not the text is cut (default: the full text when cut).
    void setFullToolTip(const QString& tip);

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void showElided();

    QString m_full;
    QString m_tip;
};

} // namespace posenc::widgets
