// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/SafeFileReader.h"

#include "i18n/ErrorText.h"
#include "posenc/errors.h"

#include <QCoreApplication>
#include <QFile>
#include <QFutureWatcher>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <cerrno>
#include <cstring>
#include <exception>
#include <string>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace posenc::widgets {

namespace {

[[noreturn]] void fail(const QString& path, const QString& why)
{
    throw InvalidInput("file", QStringLiteral("%1: %2").arg(path, why).toStdString());
}

QString sizeText(qint64 bytes)
{
    return QCoreApplication::translate("posenc::errors", "%1 MiB").arg(double(bytes) / 1048576.0, 0, 'f', 1);
}

QByteArray readResource(const QString& path, qint64 maxBytes)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        fail(path, QCoreApplication::translate("posenc::errors", "cannot be read (%1)").arg(file.errorString()));
    if (file.size() > maxBytes)
        fail(path, QCoreApplication::translate("posenc::errors", "is %1, larger than the %2 limit")
                       .arg(sizeText(file.size()), sizeText(maxBytes)));
    return file.read(maxBytes);
}

#ifdef Q_OS_UNIX
/// Closes the descriptor on every path out.
struct Fd {
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

QString errnoText(int err)
{
    return ErrorText::systemReason(QString::fromLocal8Bit(std::strerror(err)));
}
#endif

} // namespace

QByteArray SafeFileReader::read(const QString& path, qint64 maxBytes)
{
    if (path.isEmpty())
        fail(QCoreApplication::translate("posenc::errors", "(no file name)"),
             QCoreApplication::translate("posenc::errors", "no file given"));
    if (path.startsWith(QLatin1Char(':')) || path.startsWith(QLatin1String("qrc:")))
        return readResource(path, maxBytes);
#ifdef Q_OS_UNIX
    // O_NONBLOCK: opening a FIFO without a writer must not wait; fstat on the open descriptor then decides (no
    // window between a check of the name and the open).
    Fd f;
    const QByteArray native = QFile::encodeName(path);
    f.fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (f.fd < 0)
        fail(path, QCoreApplication::translate("posenc::errors", "cannot be opened (%1)").arg(errnoText(errno)));
    struct stat st {};
    if (::fstat(f.fd, &st) != 0)
        fail(path, QCoreApplication::translate("posenc::errors", "cannot be read (%1)").arg(errnoText(errno)));
    if (S_ISDIR(st.st_mode))
        fail(path, QCoreApplication::translate("posenc::errors", "is a folder, not a file"));
    if (!S_ISREG(st.st_mode))
        fail(path,
             QCoreApplication::translate(
                 "posenc::errors", "is not a regular file (a FIFO, device or socket); only regular files are read"));
    if (st.st_size > maxBytes)
        fail(path, QCoreApplication::translate("posenc::errors", "is %1, larger than the %2 limit")
                       .arg(sizeText(st.st_size), sizeText(maxBytes)));
    QByteArray data;
    data.reserve(static_cast<qsizetype>(st.st_size));
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(f.fd, buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            fail(path, QCoreApplication::translate("posenc::errors", "cannot be read (%1)").arg(errnoText(errno)));
        }
        if (n == 0)
            break;
        if (data.size() + n > maxBytes) // a file that grows while it is read
            fail(path,
                 QCoreApplication::translate("posenc::errors", "is larger than the %1 limit").arg(sizeText(maxBytes)));
        data.append(buffer, static_cast<qsizetype>(n));
    }
    return data;
#else
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        fail(path, QCoreApplication::translate("posenc::errors", "cannot be read (%1)").arg(file.errorString()));
    if (file.isSequential())
        fail(path, QCoreApplication::translate("posenc::errors", "is not a regular file; only regular files are read"));
    if (file.size() > maxBytes)
        fail(path, QCoreApplication::translate("posenc::errors", "is %1, larger than the %2 limit")
                       .arg(sizeText(file.size()), sizeText(maxBytes)));
    return file.read(maxBytes);
#endif
}

void SafeFileReader::readAsync(const QString& path, QObject* context,
                               std::function<void(const QByteArray&, const QString&)> done, qint64 maxBytes)
{
    struct Outcome {
        QByteArray data;
        QString error;
    };
    auto* watcher = new QFutureWatcher<Outcome>(context);
    QObject::connect(watcher, &QFutureWatcher<Outcome>::finished, context, [watcher, done = std::move(done)] {
        const Outcome o = watcher->result();
        watcher->deleteLater();
        done(o.data, o.error);
    });
    watcher->setFuture(QtConcurrent::run([path, maxBytes] {
        Outcome o;
        try {
            o.data = read(path, maxBytes);
        } catch (const std::exception& e) {
            o.error = QString::fromUtf8(e.what());
        }
        return o;
    }));
}

} // namespace posenc::widgets
