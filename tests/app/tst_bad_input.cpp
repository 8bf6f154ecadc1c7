// SPDX-License-Identifier: GPL-3.0-or-later
// Bad input across every `posenc` command (issue 11): a table of cases (tests/data/bad_input_cases.txt), each
// of which must exit with status 2, print a message naming the problem, use under 2 s of CPU (its own, so a
// loaded machine does not fail it: bad input is refused before any heavy work) and leave no file.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

namespace {

/// CPU time (user + system) of the waited-for children so far, in ms.
qint64 childrenCpuMs()
{
    rusage u{};
    ::getrusage(RUSAGE_CHILDREN, &u);
    return (static_cast<qint64>(u.ru_utime.tv_sec) + u.ru_stime.tv_sec) * 1000 +
           (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000;
}

struct Case {
    QStringList args;
    QString expected;
    QString line;
};

std::vector<Case> loadCases()
{
    QFile file(QStringLiteral(POSENC_TEST_DATA_DIR "/bad_input_cases.txt"));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        qFatal("cannot read bad_input_cases.txt");
    std::vector<Case> out;
    for (const QString& raw : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const qsizetype bar = line.lastIndexOf(QLatin1Char('|'));
        Case c;
        c.line = line;
        c.expected = line.mid(bar + 1);
        for (const QString& word : line.left(bar).split(QLatin1Char(' '), Qt::SkipEmptyParts))
            c.args << (word == QLatin1String("\"\"") ? QString() : word);
        out.push_back(c);
    }
    return out;
}

} // namespace

class TestBadInput : public QObject {
    Q_OBJECT

private slots:
    void table_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        const auto cases = loadCases();
        QVERIFY2(cases.size() >= 150, "the bad-input table must have at least 150 cases");
        for (const auto& c : cases)
            QTest::newRow(qPrintable(c.line)) << c.args << c.expected;
    }

    void table()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (auto& a : args)
            a.replace(QLatin1String("{out}"), dir.filePath(QStringLiteral("out")));
        for (auto& a : args) // {data}: tests/data (malformed tables of posenc check)
            a.replace(QLatin1String("{data}"), QStringLiteral(POSENC_TEST_DATA_DIR));
        QProcess p;
        p.setWorkingDirectory(dir.path());
        const qint64 cpuBefore = childrenCpuMs();
        p.start(QStringLiteral(POSENC_CLI_PATH), args);
        QVERIFY(p.waitForFinished(-1)); // a hang is ctest's timeout; the limit below is on CPU, not the clock
        const qint64 ms = childrenCpuMs() - cpuBefore;
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 2, qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(err)));
        QVERIFY2(err.contains(expected), qPrintable(QStringLiteral("message lacks '%1': %2").arg(expected, err)));
        QVERIFY2(ms < 2000, qPrintable(QStringLiteral("used %1 ms of CPU").arg(ms)));
        const QStringList left = QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("left behind: %1").arg(left.join(QLatin1Char(' ')))));
    }
};

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_bad_input.moc"
