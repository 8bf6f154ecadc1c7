// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QApplication>
#include <QEvent>
#include <QString>

#include <functional>

namespace posenc::widgets {

/// The explorer's QApplication: an exception escaping an event handler (a slot, a paint, a timer) is caught at
/// the event-loop boundary and reported through `exceptionCaught` instead of terminating the program (Qt
/// cannot unwind through its event loop).
class GuardedApplication : public QApplication {
    Q_OBJECT
public:
    GuardedApplication(int& argc, char** argv);

    bool notify(QObject* receiver, QEvent* event) override;

    /// How many exceptions were caught so far.
    int caughtCount() const { return m_caught; }

    /// Called after every outermost event of the GUI thread (not one sent from inside another) with its receiver's
    /// class, its type, the wall-clock time it took and the GUI thread's CPU time in it (`posenc-explorer
    /// --benchmark` names the longest block with it; wall time far above CPU time means the thread waited for a
    /// core). Empty: off.
    using EventObserver =
        std::function<void(const char* receiverClass, QEvent::Type type, double wallMs, double cpuMs)>;
    void setEventObserver(EventObserver observer) { m_observer = std::move(observer); }

signals:
    /// Emitted (queued) with the exception's message, e.g. for the status bar.
    void exceptionCaught(const QString& message);

private:
    void report(const QString& message);
    bool dispatch(QObject* receiver, QEvent* event);
    int m_caught = 0;
    int m_depth = 0;
    EventObserver m_observer;
};

} // namespace posenc::widgets
