// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>

namespace posenc::widgets {

/// Reads a file the user chose (preset, config, table, session) without letting the file harm the explorer:
/// only regular files (a FIFO, a device such as /dev/zero, a directory or a socket is refused before it is
/// read, so nothing blocks or grows without end), at most `maxBytes`, and — with readAsync — off the GUI thread.
/// Qt resource paths (":/...") are read through QFile.
class SafeFileReader {
public:
    static constexpr qint64 kDefaultMaxBytes = qint64(64) << 20; ///< 64 MiB: far above any preset or config

    /// Reads the whole file. Throws posenc::InvalidInput naming the file and the reason (not a regular file,
    /// larger than `maxBytes`, cannot be opened or read).
    static QByteArray read(const QString& path, qint64 maxBytes = kDefaultMaxBytes);

    /// Reads on a worker thread, then calls `done(data, error)` on `context`'s thread (error empty on success).
    /// Nothing is called when `context` is destroyed first.
    static void readAsync(const QString& path, QObject* context,
                          std::function<void(const QByteArray& data, const QString& error)> done,
                          qint64 maxBytes = kDefaultMaxBytes);
};

} // namespace posenc::widgets
