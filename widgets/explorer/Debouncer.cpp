// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/Debouncer.h"

#include <algorithm>

namespace posenc::widgets {

Debouncer::Debouncer(int intervalMs, QObject* parent) : QObject(parent), m_intervalMs(intervalMs)
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &Debouncer::timeout);
}

void Debouncer::trigger()
{
    const bool cooledDown = !m_sinceFire.isValid() || m_sinceFire.elapsed() >= m_intervalMs;
    if (!m_timer.isActive() && cooledDown) {
        fire();
        return;
    }
    m_pending = true;
    if (!m_timer.isActive())
        m_timer.start(static_cast<int>(std::max<qint64>(0, m_intervalMs - m_sinceFire.elapsed())));
}

void Debouncer::flush()
{
    if (m_pending)
        fire();
}

void Debouncer::cancel()
{
    m_pending = false;
    m_timer.stop();
}

void Debouncer::timeout()
{
    if (m_pending)
        fire();
}

void Debouncer::fire()
{
    m_pending = false;
    m_sinceFire.start();
    m_timer.start(m_intervalMs); // the cool-down during which further triggers are collected
    emit fired();
}

} // namespace posenc::widgets
