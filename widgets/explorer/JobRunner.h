// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/FigureTypes.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <map>
#include <memory>

namespace posenc::widgets {

/// What a figure job produced: data, an error message, or nothing because it was cancelled.
struct JobOutcome {
    std::optional<FigureData> data;
    QString error;
    bool cancelled = false;
};

/// Runs computeFigure() off the GUI thread (house style "job runner"). Each view is a channel; every submit gets a
/// new generation number. A newer submit cancels the channel's running job (through computeFigure's progress
/// callback) and replaces its queued one; results that are not the channel's latest generation are dropped.
/// Foreground jobs (the visible view) go first and may use every worker; background jobs use all but one, so the
/// visible view never waits behind them. Each job gets a thread budget for core's parallel regions
/// (posenc/threads.h): a foreground job all cores unless it is known to be quick (its view's last run took less than
/// kParallelFromMs: waking and spinning a second core costs more than it saves and takes the core the GUI thread
/// paints on), a background job one. Destroying the runner cancels everything and waits for the workers.
class JobRunner : public QObject {
    Q_OBJECT
public:
    enum class Priority { Foreground, Background };
    static constexpr double kParallelFromMs = 20;
    /// The thread budget of a job (posenc/threads.h: 0 = every core).
    static int threadsFor(Priority priority, double expectedMs);

    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override;

    /// Queues `request` on `channel` and returns its generation. `expectedMs`: how long the channel's last job took
    /// (negative: not known).
    quint64 submit(int channel, FigureRequest request, Priority priority, double expectedMs = -1);
    /// Promotes a queued job (the user switched to its tab).
    void setPriority(int channel, Priority priority);
    /// Cancels every running and queued job; nothing more is reported for them except cancelled().
    void cancelAll();
    /// Blocks until the workers are idle (closing the window, tests).
    void waitForDone();

    bool isBusy() const { return !m_running.empty() || !m_queued.empty(); }
    bool isRunning(int channel) const { return m_running.count(channel) > 0; }
    bool isQueued(int channel) const { return m_queued.count(channel) > 0; }
    quint64 latestGeneration(int channel) const;
    /// The running job that started first: its progress in [0,1] (or -1 if it reports none) and its age.
    double oldestProgress(qint64* elapsedMs) const;
    /// The progress of `channel`'s running job in [0,1], NaN when it reports none, -1 when none runs.
    double progress(int channel, qint64* elapsedMs = nullptr) const;

signals:
    void started(int channel, quint64 generation);
    /// The result is handed over, not copied (figures can be tens of MB): the one consumer may move from it.
    void finished(int channel, quint64 generation, std::shared_ptr<posenc::widgets::FigureData> data);
    void failed(int channel, quint64 generation, const QString& message);
    void cancelled(int channel, quint64 generation);
    void busyChanged(bool busy);

private:
    struct Running {
        quint64 generation = 0;
        Priority priority = Priority::Foreground;
        QFutureWatcher<JobOutcome>* watcher = nullptr;
        std::shared_ptr<std::atomic<bool>> cancel;
        std::shared_ptr<std::atomic<double>> progress;
        QElapsedTimer age;
    };
    struct Queued {
        quint64 generation = 0;
        Priority priority = Priority::Foreground;
        FigureRequest request;
        double expectedMs = -1;
    };

    void schedule();
    void start(int channel, Queued job);
    void complete(int channel, QFutureWatcher<JobOutcome>* watcher);
    void updateBusy();

    QThreadPool m_pool;
    std::shared_ptr<FigureMemo> m_memo; ///< what this runner's jobs share (built encodings, base bounds)
    std::map<int, Running> m_running;
    std::map<int, Queued> m_queued;
    std::map<int, quint64> m_latest;
    quint64 m_nextGeneration = 1;
    bool m_busy = false;
};

} // namespace posenc::widgets
