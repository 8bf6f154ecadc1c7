// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Running the `posenc` CLI (POSENC_CLI_PATH) as a separate process in the app tests.

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace posenc::test {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QString err;
};

inline Run posencCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(POSENC_CLI_PATH), args);
    Run r;
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

inline QJsonObject jsonOut(const Run& r)
{
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &err);
    if (err.error != QJsonParseError::NoError)
        qWarning("not JSON (%s): %s", qPrintable(err.errorString()), r.out.left(300).constData());
    return doc.object();
}

} // namespace posenc::test
