// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/GuardedApplication.h"

#include <QMetaObject>
#include <QThread>

#include <ctime>
#include <exception>
#include <new>

namespace posenc::widgets {

GuardedApplication::GuardedApplication(int& argc, char** argv) : QApplication(argc, argv) {}

namespace {
double nowMs(clockid_t clock)
{
    timespec t{};
    clock_gettime(clock, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}
} // namespace

bool GuardedApplication::notify(QObject* receiver, QEvent* event)
{
    if (!m_observer || m_depth > 0 || QThread::currentThread() != thread())
        return dispatch(receiver, event);
    // Read before dispatching: the event may delete its receiver (a class name is static data).
    const char* receiverClass = receiver->metaObject()->className();
    const QEvent::Type type = event->type();
    const double wall = nowMs(CLOCK_MONOTONIC), cpu = nowMs(CLOCK_THREAD_CPUTIME_ID);
    ++m_depth;
    const bool handled = dispatch(receiver, event);
    --m_depth;
    m_observer(receiverClass, type, nowMs(CLOCK_MONOTONIC) - wall, nowMs(CLOCK_THREAD_CPUTIME_ID) - cpu);
    return handled;
}

bool GuardedApplication::dispatch(QObject* receiver, QEvent* event)
{
    try {
        return QApplication::notify(receiver, event);
    } catch (const std::bad_alloc&) {
        report(tr("Out of memory while handling an event; the operation was abandoned."));
    } catch (const std::exception& e) {
        report(tr("Unexpected error: %1").arg(QString::fromUtf8(e.what())));
    } catch (...) {
        report(tr("Unexpected error of an unknown kind; the operation was abandoned."));
    }
    return false;
}

void GuardedApplication::report(const QString& message)
{
    ++m_caught;
    qWarning("posenc-explorer: %s", qPrintable(message));
    QMetaObject::invokeMethod(
        this, [this, message] { emit exceptionCaught(message); }, Qt::QueuedConnection);
}

} // namespace posenc::widgets
