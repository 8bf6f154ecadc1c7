// SPDX-License-Identifier: GPL-3.0-or-later
#include "BenchmarkMode.h"

#include "MainWindow.h"
#include "explorer/GuardedApplication.h"
#include "explorer/JobRunner.h"
#include "explorer/ParamEditor.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/Presets.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "figures/FigureWidget.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSlider>
#include <QTabWidget>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace posenc::widgets {

namespace {
constexpr int kHeartbeatMs = 5;
constexpr int kStepTimeoutMs = 5000;
constexpr int kPauseMs = 15; // between steps: a hand on a slider, not a machine gun
constexpr double kFrameMs = 16;
} // namespace

BenchmarkMode::BenchmarkMode(MainWindow* window, std::vector<Case> cases, QObject* parent)
    : QObject(parent), m_window(window), m_cases(std::move(cases))
{
    m_heartbeat.setInterval(kHeartbeatMs);
    m_heartbeat.setTimerType(Qt::PreciseTimer);
    connect(&m_heartbeat, &QTimer::timeout, this, &BenchmarkMode::heartbeat);
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, &BenchmarkMode::stepTimedOut);

    auto* heatmap = m_window->page(FigureKind::Heatmap);
    connect(m_window->coordinator(), &ViewCoordinator::figureShown, this,
            [this, heatmap](ViewPage* page, double computeMs) {
                if (page == heatmap && m_awaitingShow) {
                    m_awaitingShow = false;
                    m_awaitingReplot = true;
                    m_shownNs = m_clock.nsecsElapsed();
                    auto& r = m_results.back();
                    r.computeMs.push_back(computeMs);
                    if (m_startedNs >= 0) {
                        r.inputMs.push_back(static_cast<double>(m_startedNs - m_changeNs) / 1e6);
                        r.computeToShownMs.push_back(static_cast<double>(m_shownNs - m_startedNs) / 1e6);
                    }
                } else if (page != heatmap && m_measuring) {
                    ++m_results.back().backgroundShown;
                }
            });
    connect(heatmap->figure()->plot(), &QCustomPlot::afterReplot, this, [this] {
        if (!m_awaitingReplot)
            return;
        m_awaitingReplot = false;
        const qint64 now = m_clock.nsecsElapsed();
        m_results.back().paintMs.push_back(static_cast<double>(now - m_shownNs) / 1e6);
        record(static_cast<double>(now - m_changeNs) / 1e6);
    });
    if (auto* app = qobject_cast<GuardedApplication*>(QCoreApplication::instance())) {
        bool ok = false;
        const double trace = qEnvironmentVariable("POSENC_BENCH_TRACE").toDouble(&ok);
        m_traceAboveMs = ok ? trace : -1;
        app->setEventObserver([this](const char* receiverClass, QEvent::Type type, double wallMs, double cpuMs) {
            observe(receiverClass, static_cast<int>(type), wallMs, cpuMs);
        });
    }
    connect(m_window->runner(), &JobRunner::started, this, [this] {
        if (m_awaitingShow && m_startedNs < 0) // the first job after the change: the visible view's
            m_startedNs = m_clock.nsecsElapsed();
    });
}

BenchmarkMode::~BenchmarkMode()
{
    if (auto* app = qobject_cast<GuardedApplication*>(QCoreApplication::instance()))
        app->setEventObserver({});
}

void BenchmarkMode::observe(const char* receiverClass, int type, double wallMs, double cpuMs)
{
    if (!m_measuring || m_results.empty())
        return;
    if (m_traceAboveMs >= 0 && wallMs > m_traceAboveMs)
        std::fprintf(stderr, "event %s type %d: %.2f ms wall, %.2f ms cpu\n", receiverClass, type, wallMs, cpuMs);
    Result& r = m_results.back();
    if (wallMs > kFrameMs)
        ++r.eventsOverFrame;
    if (wallMs > r.longestWallMs) {
        r.longestWallMs = wallMs;
        r.longestCpuMs = cpuMs;
        r.longestReceiver = QString::fromLatin1(receiverClass);
        r.longestType = type;
    }
}

void BenchmarkMode::start()
{
    m_clock.start();
    m_case = 0;
    beginCase();
}

void BenchmarkMode::beginCase()
{
    if (m_case >= m_cases.size()) {
        m_heartbeat.stop();
        emit finished();
        return;
    }
    const Case& c = m_cases[m_case];
    m_window->applyPreset(Presets::builtIn(Presets::defaultFileName()));
    m_window->model()->setLength(c.length);
    m_window->tabs()->setCurrentWidget(m_window->page(FigureKind::Heatmap));
    m_window->parameterPanel()->setMethod(m_window->model()->primary());
    Result r;
    r.length = c.length;
    r.methods = static_cast<int>(m_window->model()->methods().size());
    r.headDim = static_cast<int>(m_window->model()->resolved(m_window->model()->primary()).integer("head-dim"));
    r.views = static_cast<int>(m_window->coordinator()->pages().size());
    m_results.push_back(r);
    m_step = 0;
    m_basePosition = m_window->parameterPanel()->editor("base")->slider()->value();
    m_measuring = false;
    waitUntilIdle(200);
}

void BenchmarkMode::waitUntilIdle(int settleMs)
{
    // Let every view finish its first picture before the sweep starts.
    if (!m_window->coordinator()->isIdle()) {
        QTimer::singleShot(20, this, [this, settleMs] { waitUntilIdle(settleMs); });
        return;
    }
    QTimer::singleShot(settleMs, this, [this] {
        m_lastBeatNs = m_clock.nsecsElapsed();
        m_heartbeat.start();
        m_measuring = true;
        step();
    });
}

void BenchmarkMode::step()
{
    if (m_step >= m_cases[m_case].steps) {
        settle();
        return;
    }
    // Sweep the base slider up and down around its start (every step a different value).
    auto* slider = m_window->parameterPanel()->editor("base")->slider();
    const int offset = (m_step % 20) < 10 ? (m_step % 10 + 1) * 6 : (10 - m_step % 10) * 6 - 3;
    const int position = std::clamp(m_basePosition + offset, slider->minimum(), slider->maximum());
    ++m_step;
    m_awaitingShow = true;
    m_awaitingReplot = false;
    m_changeNs = m_clock.nsecsElapsed();
    m_startedNs = -1;
    m_timeout.start(kStepTimeoutMs);
    slider->setValue(position);
}

void BenchmarkMode::settle()
{
    // After the sweep every hidden view catches up; the heartbeat keeps measuring while their figures land.
    if (!m_window->coordinator()->isIdle()) {
        QTimer::singleShot(5, this, &BenchmarkMode::settle);
        return;
    }
    m_results.back().settleMs = static_cast<double>(m_clock.nsecsElapsed() - m_changeNs) / 1e6;
    QTimer::singleShot(100, this, [this] { // the last queued replots
        m_measuring = false;
        m_heartbeat.stop();
        ++m_case;
        beginCase();
    });
}

void BenchmarkMode::stepTimedOut()
{
    m_awaitingShow = false;
    m_awaitingReplot = false;
    ++m_results.back().timeouts;
    record(kStepTimeoutMs);
}

void BenchmarkMode::record(double ms)
{
    m_timeout.stop();
    m_results.back().latenciesMs.push_back(ms);
    QTimer::singleShot(kPauseMs, this, &BenchmarkMode::step);
}

void BenchmarkMode::heartbeat()
{
    const qint64 now = m_clock.nsecsElapsed();
    const double gapMs = static_cast<double>(now - m_lastBeatNs) / 1e6 - kHeartbeatMs;
    m_lastBeatNs = now;
    if (m_measuring && !m_results.empty())
        m_results.back().maxBlockMs = std::max(m_results.back().maxBlockMs, gapMs);
}

double BenchmarkMode::percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    // Nearest rank: the smallest value with at least p% of the samples at or below it.
    const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(values.size())));
    return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

QString BenchmarkMode::json() const
{
    QJsonArray cases;
    for (const auto& r : m_results) {
        QJsonObject o;
        const auto round2 = [](double v) { return std::round(v * 100.0) / 100.0; };
        o["length"] = static_cast<qint64>(r.length);
        o["methods"] = r.methods;
        o["head_dim"] = r.headDim;
        o["views_live"] = r.views;
        o["steps"] = static_cast<int>(r.latenciesMs.size());
        o["p50_ms"] = round2(percentile(r.latenciesMs, 50));
        o["p95_ms"] = round2(percentile(r.latenciesMs, 95));
        o["max_ms"] =
            round2(r.latenciesMs.empty() ? 0.0 : *std::max_element(r.latenciesMs.begin(), r.latenciesMs.end()));
        o["max_event_loop_block_ms"] = round2(r.maxBlockMs);
        o["longest_event"] = QJsonObject{{"receiver", r.longestReceiver},
                                         {"event_type", r.longestType},
                                         {"wall_ms", round2(r.longestWallMs)},
                                         {"cpu_ms", round2(r.longestCpuMs)}};
        o["events_over_16ms"] = r.eventsOverFrame;
        o["heatmap_compute_p50_ms"] = round2(percentile(r.computeMs, 50));
        o["input_p50_ms"] = round2(percentile(r.inputMs, 50));
        o["compute_to_shown_p50_ms"] = round2(percentile(r.computeToShownMs, 50));
        o["paint_p50_ms"] = round2(percentile(r.paintMs, 50));
        o["all_views_settled_ms"] = round2(r.settleMs);
        o["hidden_views_drawn"] = r.backgroundShown;
        o["timeouts"] = r.timeouts;
        cases.append(o);
    }
    return QString::fromUtf8(QJsonDocument(QJsonObject{{"cases", cases}}).toJson(QJsonDocument::Compact));
}

} // namespace posenc::widgets
