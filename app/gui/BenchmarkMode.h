// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include "posenc/param_state.h"

#include <cstdint>
#include <vector>

namespace posenc::widgets {

class MainWindow;

/// `posenc-explorer --benchmark`: a scripted slider sweep through the real path (base slider → ParamsModel →
/// ViewCoordinator → JobRunner → computeFigure → FigureWidget::setData → replot) with every view live. For each
/// case it measures the latency from the slider change to the finished replot of the visible heatmap, the time
/// until every hidden view has caught up after the last change, and the longest event-loop block seen by a 5 ms
/// heartbeat timer over the sweep and the catch-up.
class BenchmarkMode : public QObject {
    Q_OBJECT
public:
    struct Case {
        std::int64_t length = kDefaultLength;
        int steps = 40;
    };
    struct Result {
        std::int64_t length = 0;
        int methods = 0;
        int headDim = 0;
        int views = 0;
        std::vector<double> latenciesMs;
        std::vector<double> computeMs; ///< the heatmap's compute time (worker thread) per step
        // Where each step's latency goes: slider change -> job started (GUI thread: model, panels, submit),
        // job started -> figure handed to the view (compute, result delivery, FigureWidget::setData),
        // handed over -> replot finished (waiting for and painting the frame).
        std::vector<double> inputMs, computeToShownMs, paintMs;
        double maxBlockMs = 0;
        // The longest single event of the GUI thread (GuardedApplication's observer): receiver class, event type,
        // wall-clock and the thread's CPU time in it; and how many events took longer than one frame.
        QString longestReceiver;
        int longestType = 0;
        double longestWallMs = 0, longestCpuMs = 0;
        int eventsOverFrame = 0;
        double settleMs = 0;     ///< last change -> every view drawn
        int backgroundShown = 0; ///< hidden views drawn during the case
        int timeouts = 0;
    };

    BenchmarkMode(MainWindow* window, std::vector<Case> cases, QObject* parent = nullptr);
    ~BenchmarkMode() override;

    void start();
    const std::vector<Result>& results() const { return m_results; }
    /// {"cases":[{"length":…,"methods":…,"p50_ms":…,"p95_ms":…,"max_ms":…,"max_event_loop_block_ms":…},…]}
    QString json() const;
    static double percentile(std::vector<double> values, double p);

signals:
    void finished();

private:
    void beginCase();
    void waitUntilIdle(int settleMs);
    void step();
    void stepTimedOut();
    void record(double ms);
    void heartbeat();
    void settle();
    void observe(const char* receiverClass, int type, double wallMs, double cpuMs);

    MainWindow* m_window;
    std::vector<Case> m_cases;
    std::vector<Result> m_results;
    std::size_t m_case = 0;
    int m_step = 0;
    int m_basePosition = 0;
    bool m_awaitingShow = false;
    bool m_awaitingReplot = false;
    bool m_measuring = false;
    QElapsedTimer m_clock;
    qint64 m_changeNs = 0;
    qint64 m_startedNs = -1;
    qint64 m_shownNs = 0;
    QTimer m_heartbeat;
    QTimer m_timeout;
    qint64 m_lastBeatNs = 0;
    double m_traceAboveMs = -1; ///< POSENC_BENCH_TRACE=ms: every event longer than that, on stderr
};

} // namespace posenc::widgets
