// SPDX-License-Identifier: GPL-3.0-or-later
// ViewPage's Play button for animated views (FigureSpec::animated): each tick advances the animated option by the
// step option, as if the user had typed the next value, until its maximum; hiding the page pauses it.
#include "explorer/ViewPage.h"

#include "explorer/ParamEditor.h"

#include "explorer/FlowLayout.h"

#include <QHBoxLayout>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

namespace posenc::widgets {

namespace {
constexpr int kFrameMs = 120;
}

void ViewPage::buildAnimation()
{
    if (m_spec.animated.empty())
        return;
    m_play = new QToolButton(this);
    m_play->setObjectName(QStringLiteral("play"));
    m_play->setCheckable(true);
    m_play->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_play->setText(tr("Play"));
    m_play->setToolTip(tr("Advance the position by the step, %1 times a second").arg(1000 / kFrameMs));
    m_bar->addWidget(m_play);
    m_timer = new QTimer(this);
    m_timer->setInterval(kFrameMs);
    connect(m_timer, &QTimer::timeout, this, &ViewPage::advanceAnimation);
    connect(m_play, &QToolButton::toggled, this, [this](bool on) {
        m_play->setIcon(style()->standardIcon(on ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
        m_play->setText(on ? tr("Pause") : tr("Play"));
        if (on)
            m_timer->start();
        else
            m_timer->stop();
    });
}

bool ViewPage::isPlaying() const
{
    return m_play && m_play->isChecked();
}

void ViewPage::setPlaying(bool playing)
{
    if (m_play)
        m_play->setChecked(playing);
}

void ViewPage::advanceAnimation()
{
    const ParamEditor* editor = optionEditor(m_spec.animated);
    if (!editor)
        return;
    const double next = static_cast<double>(m_values.integer(m_spec.animated)) +
                        static_cast<double>(m_spec.animationStep.empty() ? 1 : m_values.integer(m_spec.animationStep));
    if (next > editor->spec().max) { // the end of the option's range: stop there
        setPlaying(false);
        return;
    }
    setOption(m_spec.animated, next);
}

void ViewPage::hideEvent(QHideEvent* event)
{
    setPlaying(false); // no hidden view keeps recomputing
    QWidget::hideEvent(event);
}

} // namespace posenc::widgets
