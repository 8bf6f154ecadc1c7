// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc` on a terminal (issue 17 §7-8), run in a pseudo-terminal (forkpty): binary output to a terminal is
// refused (exit 2, the message suggests -o and --format csv) while text formats still print; long work draws a
// progress bar on standard error only when that is a terminal; Ctrl+C (SIGINT) ends long work at once by the
// signal and leaves no file, not even a hidden temporary one.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <poll.h>
#include <string>
#include <vector>

namespace {

/// A child running `posenc ARGS` with standard input, output and error on a new pseudo-terminal.
class PtyRun {
public:
    explicit PtyRun(const QStringList& args)
    {
        std::vector<std::string> words = {POSENC_CLI_PATH};
        for (const QString& a : args)
            words.push_back(a.toStdString());
        std::vector<char*> argv;
        for (auto& w : words)
            argv.push_back(w.data());
        argv.push_back(nullptr);
        struct winsize ws {};
        ws.ws_col = 120;
        ws.ws_row = 40;
        m_pid = ::forkpty(&m_master, nullptr, nullptr, &ws);
        if (m_pid == 0) {
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
    }
    ~PtyRun()
    {
        if (m_pid > 0 && !m_reaped) {
            ::kill(m_pid, SIGKILL);
            ::waitpid(m_pid, nullptr, 0);
        }
        if (m_master >= 0)
            ::close(m_master);
    }
    bool started() const { return m_pid > 0; }
    pid_t pid() const { return m_pid; }

    /// Reads what the child printed until `pattern` appears or the terminal closes (the child ended). The
    /// poll interval only paces the loop; nothing is timed.
    bool readUntil(const std::string& pattern)
    {
        while (m_text.find(pattern) == std::string::npos) {
            pollfd p{m_master, POLLIN, 0};
            if (::poll(&p, 1, 1000) < 0 && errno != EINTR)
                return false;
            if (!(p.revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            char buf[4096];
            const ssize_t n = ::read(m_master, buf, sizeof buf);
            if (n <= 0)
                return false; // EIO: the slave side is closed
            m_text.append(buf, static_cast<std::size_t>(n));
        }
        return true;
    }
    /// Everything up to the end, then the wait status.
    int finish()
    {
        readUntil(std::string(1, '\0')); // never printed: reads until the terminal closes
        int status = 0;
        ::waitpid(m_pid, &status, 0);
        m_reaped = true;
        return status;
    }
    const std::string& text() const { return m_text; }

private:
    pid_t m_pid = -1;
    int m_master = -1;
    bool m_reaped = false;
    std::string m_text;
};

/// User + system CPU time of a process so far, in clock ticks (/proc/PID/stat fields 14 and 15).
long cpuTicks(pid_t pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray text = f.readAll();
    // after "(comm)": state is field 3; utime and stime are fields 14 and 15
    const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
    return fields.size() > 12 ? fields[11].toLong() + fields[12].toLong() : 0;
}

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

} // namespace

class TstCliTerminal : public QObject {
    Q_OBJECT

private slots:
    void binaryOutputRefusesATerminal_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("matrix") << QStringList{"compute",  "matrix", "--method", "rope",
                                               "--length", "4",      "--view",   "cos"};
        QTest::newRow("matrix --format npy") << QStringList{"compute", "matrix",   "--length",   "4",        "--view",
                                                            "pe",      "--method", "sinusoidal", "--format", "npy"};
        QTest::newRow("similarity") << QStringList{"compute", "similarity", "--method", "rope", "--length", "8"};
    }

    void binaryOutputRefusesATerminal()
    {
        QFETCH(QStringList, args);
        PtyRun run(args);
        QVERIFY(run.started());
        const int status = run.finish();
        QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 2, run.text().c_str());
        // The message, and none of the .npy bytes (magic "\x93NUMPY").
        QVERIFY2(run.text().find("terminal") != std::string::npos, run.text().c_str());
        QVERIFY2(run.text().find("-o FILE") != std::string::npos, run.text().c_str());
        QVERIFY2(run.text().find("--format csv") != std::string::npos, run.text().c_str());
        QVERIFY2(run.text().find("NUMPY") == std::string::npos, run.text().c_str());
    }

    void textOutputStillPrintsOnATerminal()
    {
        PtyRun run({"compute", "matrix", "--method", "rope", "--length", "2", "--view", "cos", "--format", "csv"});
        QVERIFY(run.started());
        const int status = run.finish();
        QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 0, run.text().c_str());
        QVERIFY2(run.text().find("c0,c1") == 0, run.text().c_str()); // the CSV header, then the rows
    }

    void binaryOutputToAPipeOrFileIsWritten()
    {
        // Not a terminal: stdout is a pipe here (QProcess), the .npy bytes arrive.
        QProcess p;
        p.start(QStringLiteral(POSENC_CLI_PATH),
                {"compute", "matrix", "--method", "rope", "--length", "4", "--view", "cos"});
        QVERIFY(p.waitForFinished(-1));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().startsWith("\x93NUMPY"));
    }

    void progressOnATerminalAndCtrlCStopsWithoutAFile()
    {
        // 2^31 keys: minutes of work. The bar appears after about a second; SIGINT (Ctrl+C) ends the process by
        // the signal, and the output folder stays empty.
        QTemporaryDir dir;
        PtyRun run({"compute", "entropy", "--method", "rope", "--lengths", "2147483648", "-o",
                    dir.filePath(QStringLiteral("h.json"))});
        QVERIFY(run.started());
        QVERIFY2(run.readUntil("%"), run.text().c_str());
        QVERIFY2(run.text().find("entropy [") != std::string::npos, run.text().c_str());
        QVERIFY(::kill(run.pid(), SIGINT) == 0);
        const int status = run.finish();
        QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT, run.text().c_str());
        QVERIFY2(entries(dir.path()).isEmpty(), qPrintable(entries(dir.path()).join(' ')));
    }

    void ctrlCDuringAStreamedWriteLeavesNoFile()
    {
        QTemporaryDir dir;
        PtyRun run({"compute", "matrix", "--method", "rope", "--head-dim", "64", "--length", "4194304", "--view", "cos",
                    "--format", "csv", "-o", dir.filePath(QStringLiteral("m.csv"))});
        QVERIFY(run.started());
        QVERIFY2(run.readUntil("%"), run.text().c_str()); // the matrix bar: the write is under way
        QVERIFY(::kill(run.pid(), SIGINT) == 0);
        const int status = run.finish();
        QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT, run.text().c_str());
        QVERIFY2(entries(dir.path()).isEmpty(), qPrintable(entries(dir.path()).join(' ')));
    }

    void noProgressWhenStderrIsNotATerminal()
    {
        // The same long work with standard error on a pipe: once it has used 2 s of CPU per core (so at least 2 s
        // of the clock have passed; on a terminal the bar shows after one), not one byte of progress has come;
        // then Ctrl+C, and no file.
        QTemporaryDir dir;
        QProcess p;
        p.start(QStringLiteral(POSENC_CLI_PATH), {"compute", "entropy", "--method", "rope", "--lengths", "2147483648",
                                                  "-o", dir.filePath(QStringLiteral("h.json"))});
        QVERIFY(p.waitForStarted());
        const long ticks = 2 * ::sysconf(_SC_CLK_TCK) * std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
        while (p.state() == QProcess::Running && cpuTicks(static_cast<pid_t>(p.processId())) < ticks)
            QThread::msleep(20);
        QCOMPARE(p.state(), QProcess::Running);
        QCOMPARE(p.readAllStandardError(), QByteArray());
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(-1));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);
        QCOMPARE(p.readAllStandardError(), QByteArray());
        QVERIFY2(entries(dir.path()).isEmpty(), qPrintable(entries(dir.path()).join(' ')));
    }
};

QTEST_GUILESS_MAIN(TstCliTerminal)
#include "tst_cli_terminal.moc"
