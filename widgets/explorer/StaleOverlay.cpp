// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/StaleOverlay.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include <cmath>

namespace posenc::widgets {

StaleOverlay::StaleOverlay(QWidget* figure) : QWidget(figure)
{
    setAttribute(Qt::WA_StyledBackground);
    setObjectName(QStringLiteral("staleOverlay"));
    setStyleSheet(QStringLiteral("#staleOverlay { background: rgba(255, 248, 225, 235); border: 1px solid #c8a100; "
                                 "border-radius: 4px; }"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 3, 8, 3);
    m_label = new QLabel(this);
    m_recompute = new QPushButton(tr("Recompute"), this);
    m_recompute->setToolTip(tr("Compute this view for the current parameters"));
    layout->addWidget(m_label);
    layout->addWidget(m_recompute);
    connect(m_recompute, &QPushButton::clicked, this, &StaleOverlay::recomputeRequested);
    figure->installEventFilter(this);
    hide();
}

void StaleOverlay::setComputing(double fraction)
{
    if (fraction < 0) {
        if (!m_cancelled)
            hide();
        return;
    }
    m_cancelled = false;
    m_recompute->hide();
    m_label->setText(std::isnan(fraction) ? tr("computing…") : tr("computing… %1 %").arg(std::lround(fraction * 100)));
    m_label->setToolTip(tr("The picture below is out of date until this finishes"));
    place();
    show();
    raise();
}

void StaleOverlay::setCancelled(bool cancelled)
{
    m_cancelled = cancelled;
    if (!cancelled) {
        hide();
        return;
    }
    m_label->setText(tr("cancelled — the picture is out of date"));
    m_recompute->show();
    place();
    show();
    raise();
}

QString StaleOverlay::text() const
{
    return isHidden() ? QString() : m_label->text();
}

bool StaleOverlay::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize)
        place();
    return QWidget::eventFilter(watched, event);
}

void StaleOverlay::place()
{
    adjustSize();
    const QWidget* figure = parentWidget();
    move(std::max(0, figure->width() - width() - 12), 8);
}

} // namespace posenc::widgets
