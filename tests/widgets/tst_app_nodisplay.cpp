// SPDX-License-Identifier: GPL-3.0-or-later
// Without a display the explorer says so, points to `posenc render`, and exits with status 3.
#include <QProcess>
#include <QTest>

class TestNoDisplay : public QObject {
    Q_OBJECT

private slots:
    void exitsWithHint()
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(name);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(POSENC_EXPLORER_BINARY), {});
        QVERIFY(p.waitForFinished(-1));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 3);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains("no display"), qPrintable(err));
        QVERIFY2(err.contains("posenc render"), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestNoDisplay)
#include "tst_app_nodisplay.moc"
