// SPDX-License-Identifier: GPL-3.0-or-later
#include "ElidedLabel.h"

#include <algorithm>

namespace posenc::widgets {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent)
{
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // takes the room there is, never widens a window
    setTextFormat(Qt::PlainText);
}

void ElidedLabel::setFullText(const QString& text)
{
    m_full = QString(text).replace(QLatin1Char('\n'), QLatin1Char(' '));
    showElided();
}

void ElidedLabel::setFullToolTip(const QString& tip)
{
    m_tip = tip;
    showElided();
}

QSize ElidedLabel::minimumSizeHint() const
{
    // room for a few letters and the ellipsis
    return {fontMetrics().horizontalAdvance(QStringLiteral("MMMM…")), QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    showElided();
}

void ElidedLabel::showElided()
{
    const int room = std::max(0, contentsRect().width());
    const QString shown = fontMetrics().elidedText(m_full, Qt::ElideRight, room);
    if (text() != shown)
        setText(shown);
    setToolTip(!m_tip.isEmpty() ? m_tip : shown != m_full ? m_full : QString());
}

} // namespace posenc::widgets
