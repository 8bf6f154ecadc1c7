// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/JobRunner.h"
#include "figures/FigureMemo.h"
#include "i18n/ErrorText.h"

#include "posenc/errors.h"
#include "posenc/threads.h"

#include <QCoreApplication>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <limits>

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace posenc::widgets {

namespace {

/// Worker threads yield to the GUI thread: with every view live there are more computing threads than cores, and
/// at equal priority the scheduler let the GUI thread wait for a core in the middle of a paint (wall time twice its
/// CPU time, `posenc-explorer --benchmark` with POSENC_BENCH_TRACE). Linux keeps a nice value per thread (Qt's
/// QThread priorities do nothing under its default policy) and the threads of a parallel region started here
/// inherit it; a nice value can be raised without privileges but not lowered again, so it is one value for every
/// job. Nice 10: a worker gets about a tenth of a core the GUI thread wants, and all of an idle one.
void yieldToTheGuiThread()
{
    thread_local bool lowered = false;
    if (lowered)
        return;
    lowered = true;
#ifdef __linux__
    constexpr int kWorkerNice = 10;
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kWorkerNice); // best effort: no error to report
#else
    QThread::currentThread()->setPriority(QThread::LowPriority);
#endif
}

JobOutcome runJob(const FigureRequest& request, const std::shared_ptr<std::atomic<bool>>& cancel,
                  const std::shared_ptr<std::atomic<double>>& progress, int threads)
{
    yieldToTheGuiThread();
    const ScopedThreadBudget budget(threads); // core's parallel regions on this worker use at most `threads`
    JobOutcome out;
    if (cancel->load()) {
        out.cancelled = true;
        return out;
    }
    try {
        out.data = computeFigure(request, [&](double fraction) {
            progress->store(fraction, std::memory_order_relaxed);
            return !cancel->load(std::memory_order_relaxed);
        });
    } catch (const Cancelled&) {
        out.cancelled = true;
    } catch (const std::exception& e) {
        out.error = ErrorText::of(e); // core's reasons in the user's language (thread-safe: translate())
    } catch (...) {
        out.error = QCoreApplication::translate("posenc::widgets::JobRunner",
                                                "unexpected error while computing the figure");
    }
    return out;
}

} // namespace

JobRunner::JobRunner(QObject* parent) : QObject(parent), m_memo(std::make_shared<FigureMemo>())
{
    m_pool.setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
}

JobRunner::~JobRunner()
{
    cancelAll();
    m_pool.waitForDone();
}

quint64 JobRunner::submit(int channel, FigureRequest request, Priority priority, double expectedMs)
{
    const quint64 generation = m_nextGeneration++;
    m_latest[channel] = generation;
    if (auto it = m_running.find(channel); it != m_running.end())
        it->second.cancel->store(true);
    if (!request.memo.memo)
        request.memo.memo = m_memo;
    m_queued[channel] = Queued{generation, priority, std::move(request), expectedMs};
    schedule();
    updateBusy();
    return generation;
}

void JobRunner::setPriority(int channel, Priority priority)
{
    if (auto it = m_queued.find(channel); it != m_queued.end() && it->second.priority != priority) {
        it->second.priority = priority;
        schedule();
    }
}

void JobRunner::cancelAll()
{
    for (auto& [channel, job] : m_queued)
        emit cancelled(channel, job.generation);
    m_queued.clear();
    for (auto& [channel, job] : m_running) {
        job.cancel->store(true);
        m_latest[channel] = 0; // whatever it still returns is stale
    }
    updateBusy();
}

void JobRunner::waitForDone()
{
    m_pool.waitForDone();
    QCoreApplication::sendPostedEvents(this); // deliver the watchers' finished() now
    for (auto it = m_running.begin(); it != m_running.end();) {
        auto next = std::next(it);
        if (it->second.watcher->isFinished())
            complete(it->first, it->second.watcher);
        it = next;
    }
}

quint64 JobRunner::latestGeneration(int channel) const
{
    const auto it = m_latest.find(channel);
    return it == m_latest.end() ? 0 : it->second;
}

double JobRunner::oldestProgress(qint64* elapsedMs) const
{
    const Running* oldest = nullptr;
    for (const auto& [channel, job] : m_running)
        if (!job.cancel->load() && (!oldest || job.age.elapsed() > oldest->age.elapsed()))
            oldest = &job;
    if (elapsedMs)
        *elapsedMs = oldest ? oldest->age.elapsed() : 0;
    return oldest ? oldest->progress->load() : -1.0;
}

double JobRunner::progress(int channel, qint64* elapsedMs) const
{
    const auto it = m_running.find(channel);
    if (elapsedMs)
        *elapsedMs = it == m_running.end() ? 0 : it->second.age.elapsed();
    if (it == m_running.end())
        return -1.0;
    const double p = it->second.progress->load();
    return p < 0 ? std::numeric_limits<double>::quiet_NaN() : p;
}

void JobRunner::schedule()
{
    const int workers = m_pool.maxThreadCount();
    const int backgroundLimit = std::max(1, workers - 1);
    while (!m_queued.empty()) {
        const int running = static_cast<int>(m_running.size());
        const int background = static_cast<int>(std::count_if(m_running.begin(), m_running.end(), [](const auto& r) {
            return r.second.priority == Priority::Background;
        }));
        if (running >= workers)
            return;
        // The oldest foreground job whose channel is free, else the oldest background one if a worker is spare.
        auto pick = m_queued.end();
        for (auto it = m_queued.begin(); it != m_queued.end(); ++it) {
            if (m_running.count(it->first))
                continue;
            const bool fg = it->second.priority == Priority::Foreground;
            if (!fg && background >= backgroundLimit)
                continue;
            if (pick == m_queued.end() || (fg && pick->second.priority != Priority::Foreground) ||
                (fg == (pick->second.priority == Priority::Foreground) &&
                 it->second.generation < pick->second.generation))
                pick = it;
        }
        if (pick == m_queued.end())
            return;
        const int channel = pick->first;
        Queued job = std::move(pick->second);
        m_queued.erase(pick);
        start(channel, std::move(job));
    }
}

int JobRunner::threadsFor(Priority priority, double expectedMs)
{
    // The visible view may use every core unless it is quick, a background catch-up job one (no oversubscription
    // when all views are live).
    const bool quick = expectedMs >= 0 && expectedMs < kParallelFromMs;
    return priority == Priority::Foreground && !quick ? 0 : 1;
}

void JobRunner::start(int channel, Queued job)
{
    Running r;
    r.generation = job.generation;
    r.priority = job.priority;
    r.cancel = std::make_shared<std::atomic<bool>>(false);
    r.progress = std::make_shared<std::atomic<double>>(-1.0);
    r.watcher = new QFutureWatcher<JobOutcome>(this);
    r.age.start();
    auto* watcher = r.watcher;
    connect(watcher, &QFutureWatcher<JobOutcome>::finished, this,
            [this, channel, watcher] { complete(channel, watcher); });
    const int threads = threadsFor(job.priority, job.expectedMs);
    watcher->setFuture(
        QtConcurrent::run(&m_pool, [request = std::move(job.request), cancel = r.cancel, progress = r.progress,
                                    threads] { return runJob(request, cancel, progress, threads); }));
    const quint64 generation = r.generation;
    m_running[channel] = std::move(r);
    emit started(channel, generation);
}

void JobRunner::complete(int channel, QFutureWatcher<JobOutcome>* watcher)
{
    const auto it = m_running.find(channel);
    if (it == m_running.end() || it->second.watcher != watcher)
        return; // already handled (waitForDone)
    const quint64 generation = it->second.generation;
    const bool current = generation == latestGeneration(channel);
    JobOutcome outcome = watcher->future().takeResult(); // moved: results can be tens of MB
    m_running.erase(it);
    watcher->deleteLater();

    if (!current || outcome.cancelled)
        emit cancelled(channel, generation);
    else if (outcome.data)
        emit finished(channel, generation, std::make_shared<FigureData>(std::move(*outcome.data)));
    else
        emit failed(channel, generation, outcome.error);
    schedule();
    updateBusy();
}

void JobRunner::updateBusy()
{
    const bool busy = isBusy();
    if (busy != m_busy) {
        m_busy = busy;
        emit busyChanged(busy);
    }
}

} // namespace posenc::widgets
