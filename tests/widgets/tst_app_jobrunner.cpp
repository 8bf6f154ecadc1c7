// SPDX-License-Identifier: GPL-3.0-or-later
// JobRunner and Debouncer: generations, stale results dropped, cancel, failures reported, bursts collapsed.
#include "explorer/Debouncer.h"
#include "explorer/JobRunner.h"

#include "posenc/registry.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace posenc;
using namespace posenc::widgets;

namespace {

FigureRequest heatmap(double base, std::int64_t length = 32768)
{
    FigureRequest r;
    r.kind = FigureKind::Heatmap;
    ParamSet p = Registry::defaults(Registry::instance().find("rope"));
    p.set("base", base);
    r.methods = {{"rope", p}};
    r.length = length;
    r.pixelColumns = 512;
    return r;
}

} // namespace

class TestJobRunner : public QObject {
    Q_OBJECT

private slots:
    void onlyTheLatestGenerationIsShown()
    {
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::finished);
        QSignalSpy cancelled(&runner, &JobRunner::cancelled);
        const quint64 g1 = runner.submit(0, heatmap(1e4), JobRunner::Priority::Foreground);
        const quint64 g2 = runner.submit(0, heatmap(2e4), JobRunner::Priority::Foreground);
        const quint64 g3 = runner.submit(0, heatmap(3e4), JobRunner::Priority::Foreground);
        QVERIFY(g1 < g2 && g2 < g3);
        QTRY_VERIFY_WITH_TIMEOUT(!runner.isBusy(), 20000);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.front().at(1).value<quint64>(), g3);
        const auto data = *finished.front().at(2).value<std::shared_ptr<FigureData>>();
        QVERIFY(data.title.contains("RoPE"));
        QCOMPARE(cancelled.count(), 1); // g1 was running and cancelled; g2 was replaced while queued
        QCOMPARE(runner.latestGeneration(0), g3);
    }

    void channelsAreIndependent()
    {
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::finished);
        for (int channel = 0; channel < 5; ++channel)
            runner.submit(channel, heatmap(1e4 + channel), channel == 4 ? JobRunner::Priority::Foreground
                                                                      : JobRunner::Priority::Background);
        QTRY_VERIFY_WITH_TIMEOUT(!runner.isBusy(), 20000);
        QCOMPARE(finished.count(), 5);
    }

    void foregroundStartsFirst()
    {
        JobRunner runner;
        QSignalSpy started(&runner, &JobRunner::started);
        for (int channel = 0; channel < 4; ++channel)
            runner.submit(channel, heatmap(1e4), JobRunner::Priority::Background);
        runner.submit(9, heatmap(1e4), JobRunner::Priority::Foreground);
        // Background jobs never take the last worker, so the foreground job starts at once.
        QVERIFY(runner.isRunning(9));
        QTRY_VERIFY_WITH_TIMEOUT(!runner.isBusy(), 20000);
        QCOMPARE(started.count(), 5);
    }

    void failuresAreReported()
    {
        JobRunner runner;
        QSignalSpy failed(&runner, &JobRunner::failed);
        FigureRequest r = heatmap(1e4);
        r.methods.clear();
        runner.submit(0, r, JobRunner::Priority::Foreground);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        QVERIFY2(failed.front().at(2).toString().contains("method"), qPrintable(failed.front().at(2).toString()));
    }

    void cancelAllReportsNothingButCancelled()
    {
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::finished);
        QSignalSpy cancelled(&runner, &JobRunner::cancelled);
        for (int channel = 0; channel < 4; ++channel)
            runner.submit(channel, heatmap(1e4, 1 << 20), JobRunner::Priority::Foreground);
        runner.cancelAll();
        QTRY_VERIFY_WITH_TIMEOUT(!runner.isBusy(), 20000);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(cancelled.count(), 4);
    }

    void destructionWaitsForWorkers()
    {
        auto runner = std::make_unique<JobRunner>();
        for (int channel = 0; channel < 3; ++channel)
            runner->submit(channel, heatmap(1e4, 1 << 20), JobRunner::Priority::Foreground);
        runner.reset(); // cancels and joins; a crash or a hang here fails the test
        QVERIFY(true);
    }

    void quickJobsRunOnOneThread()
    {
        using P = JobRunner::Priority;
        QCOMPARE(JobRunner::threadsFor(P::Foreground, -1), 0); // not known yet: every core
        QCOMPARE(JobRunner::threadsFor(P::Foreground, 250), 0);
        QCOMPARE(JobRunner::threadsFor(P::Foreground, 4), 1); // a heatmap step: waking a second core costs more
        QCOMPARE(JobRunner::threadsFor(P::Background, -1), 1);
        QCOMPARE(JobRunner::threadsFor(P::Background, 250), 1);
    }

    void workersYieldToTheGuiThread()
    {
#ifdef __linux__
        // The worker that ran a job has a nice value of 10; the GUI (main) thread keeps its own.
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::finished);
        runner.submit(0, heatmap(1e4), JobRunner::Priority::Foreground);
        QVERIFY(finished.wait(60000));
        const auto niceOf = [](const QString& statPath) {
            QFile f(statPath);
            if (!f.open(QIODevice::ReadOnly))
                return -100;
            const QByteArray stat = f.readAll();
            // Fields after the command name (in parentheses, may hold spaces): state is field 3, nice field 19.
            const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
            return fields.size() > 16 ? fields[16].toInt() : -100;
        };
        const QString self = QString::number(QCoreApplication::applicationPid());
        QCOMPARE(niceOf(QStringLiteral("/proc/self/task/%1/stat").arg(self)), 0);
        int niced = 0;
        for (const QString& tid : QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            niced += niceOf(QStringLiteral("/proc/self/task/%1/stat").arg(tid)) == 10;
        QVERIFY2(niced >= 1, "no worker thread runs at nice 10");
#else
        QSKIP("thread nice values are Linux's");
#endif
    }

    void debouncerCollapsesBursts()
    {
        Debouncer d(30);
        QSignalSpy fired(&d, &Debouncer::fired);
        d.trigger(); // isolated: fires at once
        QCOMPARE(fired.count(), 1);
        for (int i = 0; i < 1000; ++i)
            d.trigger();
        QCOMPARE(fired.count(), 1);
        QVERIFY(d.isPending());
        QTRY_COMPARE_WITH_TIMEOUT(fired.count(), 2, 1000); // one trailing firing for the whole burst
        QTest::qWait(80);
        QCOMPARE(fired.count(), 2);
        d.trigger();
        QCOMPARE(fired.count(), 3);
        d.trigger();
        d.cancel();
        QTest::qWait(80);
        QCOMPARE(fired.count(), 3);
    }
};

QTEST_GUILESS_MAIN(TestJobRunner)
#include "tst_app_jobrunner.moc"
