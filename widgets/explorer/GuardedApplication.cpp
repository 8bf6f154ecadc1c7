// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/GuardedApplication.h"

#include <QMetaObject>

#include <exception>
#include <new>

namespace posenc::widgets {

GuardedApplication::GuardedApplication(int& argc, char** argv) : QApplication(argc, argv) {}

bool GuardedApplication::notify(QObject* receiver, QEvent* event)
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
