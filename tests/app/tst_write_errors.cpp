// SPDX-License-Identifier: GPL-3.0-or-later
// Write errors of every output kind (issue 17 §8): `compute` (JSON, CSV, NPY; streamed and in memory) and
// `render` (PNG, SVG, PDF, CSV, NPY) on a full file system (a small tmpfs mounted in a temporary folder, when
// this process may mount one) and past a file-size limit (RLIMIT_FSIZE, as `ulimit -f` sets it): exit 1, a
// message naming the file and the system's reason, and no file left behind (not even a hidden temporary one).
// Figure exports are estimated before drawing: above --memory-budget they are refused (exit 2, the size and the
// budget named), e.g. an 8000 x 8000 px PDF under the default 2 GiB.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>
#include <sys/resource.h>

namespace {

struct Run {
    int code = -1;
    QString err;
};

Run cli(const QStringList& args, rlim_t fileSizeLimit = RLIM_INFINITY)
{
    QProcess p;
    if (fileSizeLimit != RLIM_INFINITY)
        p.setChildProcessModifier([fileSizeLimit] {
            const rlimit limit{fileSizeLimit, fileSizeLimit};
            ::setrlimit(RLIMIT_FSIZE, &limit);
            ::signal(SIGXFSZ, SIG_IGN); // kept across exec: write() fails with EFBIG instead of killing
        });
    p.start(QStringLiteral(POSENC_CLI_PATH), args);
    Run r;
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.code = p.exitCode();
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

/// Every output kind, each larger than 16 KiB: the command (with FILE for the output) and the file's name.
void outputKinds()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("name");
    const QStringList rope = {"--method", "rope"};
    QTest::newRow("compute frequencies json")
        << (QStringList{"compute", "frequencies", "--method", "rope", "--head-dim", "1024", "-o", "FILE"})
        << QStringLiteral("f.json");
    for (const char* format : {"npy", "csv", "json"})
        QTest::newRow(qPrintable(QStringLiteral("compute matrix %1").arg(QLatin1String(format))))
            << (QStringList{"compute", "matrix", "--method", "rope", "--length", "4000", "--view", "cos", "--format",
                            QLatin1String(format), "-o", "FILE"})
            << QStringLiteral("m.%1").arg(QLatin1String(format));
    QTest::newRow("compute similarity npy")
        << (QStringList{"compute", "similarity", "--method", "rope", "--length", "256", "-o", "FILE"})
        << QStringLiteral("s.npy");
    for (const char* format : {"png", "svg", "pdf", "csv"})
        QTest::newRow(qPrintable(QStringLiteral("render heatmap %1").arg(QLatin1String(format))))
            << (QStringList{"render", "heatmap", "--method", "rope", "--length", "4096", "-o", "FILE"})
            << QStringLiteral("h.%1").arg(QLatin1String(format));
    QTest::newRow("render frequencies npy")
        << (QStringList{"render", "frequencies", "--method", "rope", "--head-dim", "4096", "-o", "FILE"})
        << QStringLiteral("f.npy");
}

QStringList withFile(QStringList args, const QString& file)
{
    for (auto& a : args)
        if (a == QLatin1String("FILE"))
            a = file;
    return args;
}

} // namespace

class TstWriteErrors : public QObject {
    Q_OBJECT

private slots:
    void fileSizeLimit_data() { outputKinds(); }

    void fileSizeLimit()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString file = dir.filePath(name);
        const Run r = cli(withFile(args, file), 16 * 1024);
        QVERIFY2(r.code == 1, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        QVERIFY2(r.err.contains(file) && r.err.contains(QStringLiteral("File too large")), qPrintable(r.err));
        QVERIFY2(entries(dir.path()).isEmpty(), qPrintable(entries(dir.path()).join(' ')));
    }

    void fullFileSystem_data() { outputKinds(); }

    void fullFileSystem()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString mount = dir.filePath(QStringLiteral("small"));
        QVERIFY(QDir().mkpath(mount));
        if (QProcess::execute(QStringLiteral("mount"), {"-t", "tmpfs", "-o", "size=64k", "tmpfs", mount}) != 0)
            QSKIP("cannot mount a tmpfs here (needs root and mount permission)");
        const auto unmount = qScopeGuard([&] { QProcess::execute(QStringLiteral("umount"), {mount}); });
        {
            // 8 KiB left free: every output below is larger
            QFile filler(mount + QStringLiteral("/filler"));
            QVERIFY(filler.open(QIODevice::WriteOnly));
            QCOMPARE(filler.write(QByteArray(56 * 1024, 'x')), qint64(56 * 1024));
        }
        const QString file = mount + QLatin1Char('/') + name;
        const Run r = cli(withFile(args, file));
        QVERIFY2(r.code == 1, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        QVERIFY2(r.err.contains(file) && r.err.contains(QStringLiteral("No space left on device")), qPrintable(r.err));
        QCOMPARE(entries(mount), QStringList{QStringLiteral("filler")});
    }

    void hugeFigureExportRefusedBeforeDrawing()
    {
        // An 8000 x 8000 px heatmap PDF peaked near 6 GB before the estimate: now exit 2 under the default
        // 2 GiB budget, naming the size, the budget and the flag, and nothing is written.
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("big.pdf"));
        const Run r = cli({"render", "heatmap", "--method", "rope", "--width", "8000", "--height", "8000", "-o", file});
        QVERIFY2(r.code == 2, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        QVERIFY2(r.err.contains(QStringLiteral("8000 x 8000 px PDF")) && r.err.contains(QStringLiteral("2.0 GiB")) &&
                     r.err.contains(QStringLiteral("--memory-budget")),
                 qPrintable(r.err));
        QVERIFY(entries(dir.path()).isEmpty());
        // Any format under a small budget: refused the same way.
        const Run png = cli({"render", "frequencies", "--method", "rope", "--width", "2000", "--height", "2000",
                             "--memory-budget", "16MiB", "-o", dir.filePath(QStringLiteral("f.png"))});
        QVERIFY2(png.code == 2 && png.err.contains(QStringLiteral("2000 x 2000 px PNG")), qPrintable(png.err));
        QVERIFY(entries(dir.path()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstWriteErrors)
#include "tst_write_errors.moc"
