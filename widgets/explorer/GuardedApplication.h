// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QApplication>
#include <QString>

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

signals:
    /// Emitted (queued) with the exception's message, e.g. for the status bar.
    void exceptionCaught(const QString& message);

private:
    void report(const QString& message);
    int m_caught = 0;
};

} // namespace posenc::widgets
