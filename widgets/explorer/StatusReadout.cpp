// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/StatusReadout.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QEvent>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace posenc::widgets {

StatusReadout::StatusReadout(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_hover = new QLabel(this);
    m_hover->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hover->setMinimumWidth(200);
    m_hover->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // its width never follows its text
    m_hover->setToolTip(tr("Value under the mouse pointer"));
    layout->addWidget(m_hover, 1);
    m_hover->installEventFilter(this); // narrowed by a longer compute time: elided again (resizeEvent is not called)
    m_compute = new QLabel(this);
    m_compute->setMinimumWidth(80); // a long message never widens the window (the tooltip has it all)
    m_compute->setToolTip(tr("Time to compute the last figure (off the GUI thread)"));
    layout->addWidget(m_compute);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_progress->hide();
    layout->addWidget(m_progress);
    m_cancel = new QToolButton(this);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the running computation (the last picture stays)"));
    m_cancel->hide();
    layout->addWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, &StatusReadout::cancelRequested);
}

void StatusReadout::setHover(const QString& text)
{
    m_hoverText = text;
    m_shown = text.isEmpty() ? m_message : text;
    showElided();
}

void StatusReadout::setMessage(const QString& text)
{
    m_message = text;
    m_shown = text.isEmpty() ? m_hoverText : text;
    showElided();
}

void StatusReadout::showMessagesOf(QStatusBar* bar)
{
    m_bar = bar;
    bar->installEventFilter(this);
    connect(bar, &QStatusBar::messageChanged, this, &StatusReadout::setMessage);
}

bool StatusReadout::eventFilter(QObject* watched, QEvent* event)
{
    // The bar paints nothing but its message (shown here) and empty item frames.
    if (watched == m_bar && event->type() == QEvent::Paint)
        return true;
    if (watched == m_hover && event->type() == QEvent::Resize)
        showElided();
    return QWidget::eventFilter(watched, event);
}

void StatusReadout::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    showElided();
}

void StatusReadout::showElided()
{
    const QString line = QString(m_shown).replace(QLatin1Char('\n'), QLatin1Char(' '));
    const QString shown = m_hover->fontMetrics().elidedText(line, Qt::ElideRight, std::max(0, m_hover->width() - 4));
    if (m_hover->text() != shown)
        m_hover->setText(shown);
    m_hover->setToolTip(m_shown.isEmpty() ? tr("Value under the mouse pointer") : m_shown);
}

int StatusReadout::shownRoom() const
{
    return m_hover->width();
}

void StatusReadout::setComputeTime(const QString& view, double ms)
{
    m_lastTime = tr("%1 computed in %2 ms").arg(view, QString::number(ms, 'f', ms < 10 ? 1 : 0));
    m_compute->setStyleSheet(QString());
    m_compute->setText(m_lastTime);
}

void StatusReadout::setProblem(const QString& message)
{
    if (message.isEmpty()) {
        m_compute->setStyleSheet(QString());
        m_compute->setText(m_lastTime);
        m_compute->setToolTip(tr("Time to compute the last figure (off the GUI thread)"));
        return;
    }
    m_compute->setStyleSheet(QStringLiteral("color: #b71c1c;"));
    m_compute->setText(tr("Not updated: %1").arg(message.section(QLatin1Char('\n'), 0, 0)));
    m_compute->setToolTip(message);
}

void StatusReadout::setProgress(double fraction)
{
    const bool show = !(fraction < 0);
    m_progress->setVisible(show);
    m_cancel->setVisible(show);
    if (!show)
        return;
    if (std::isnan(fraction)) {
        m_progress->setRange(0, 0);
    } else {
        m_progress->setRange(0, 1000);
        m_progress->setValue(static_cast<int>(std::lround(fraction * 1000)));
    }
}

int StatusReadout::reservedHeight() const
{
    return std::max(m_progress->sizeHint().height(), m_cancel->sizeHint().height());
}

QSize StatusReadout::sizeHint() const
{
    const QSize s = QWidget::sizeHint();
    return {s.width(), std::max(s.height(), reservedHeight())};
}

QSize StatusReadout::minimumSizeHint() const
{
    const QSize s = QWidget::minimumSizeHint();
    return {s.width(), std::max(s.height(), reservedHeight())};
}

QString StatusReadout::hoverText() const
{
    return m_hoverText;
}
QString StatusReadout::shownText() const
{
    return m_hover->text();
}
QString StatusReadout::computeText() const
{
    return m_compute->text();
}
bool StatusReadout::progressVisible() const
{
    return m_progress->isVisible();
}

} // namespace posenc::widgets
