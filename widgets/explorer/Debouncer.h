// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace posenc::widgets {

/// Collapses bursts of triggers: fires at once when the last firing is at least `intervalMs` old (an isolated edit
/// costs no latency), otherwise once more at the end of the interval for everything that arrived meanwhile. A
/// dragged slider therefore updates the views at most every `intervalMs`, and a burst of a thousand edits ends in
/// one final firing with the final state.
class Debouncer : public QObject {
    Q_OBJECT
public:
    explicit Debouncer(int intervalMs = 30, QObject* parent = nullptr);

    void setInterval(int intervalMs) { m_intervalMs = intervalMs; }
    int interval() const { return m_intervalMs; }
    /// A trigger arrived that has not fired yet.
    bool isPending() const { return m_pending; }

    void trigger();
    /// Fires now if a trigger is pending.
    void flush();
    void cancel();

signals:
    void fired();

private:
    void fire();
    void timeout();

    QTimer m_timer;
    QElapsedTimer m_sinceFire;
    int m_intervalMs;
    bool m_pending = false;
};

} // namespace posenc::widgets
