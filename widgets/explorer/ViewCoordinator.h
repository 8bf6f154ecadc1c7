// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/FigureTypes.h"

#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

namespace posenc::widgets {

class Debouncer;
class JobRunner;
class ParamsModel;
class ViewPage;

/// Keeps every view live: turns parameter and view-option changes into figure jobs and hands finished figures to
/// their FigureWidget. The visible view is recomputed at once (debounced); the hidden ones follow once the edits
/// settle (kBackgroundSettleMs after the last one), so a dragged slider never waits behind them. Hidden views'
/// results that arrive while the visible one is being computed are drawn after it. While the parameters do not
/// validate nothing is submitted, so every view keeps its last good picture.
/// A change reaches the visible view's job at once (changes within one event-loop turn are collected). If that view
/// is quick (its last job took at most kFinishInFlightMs) and a job of it is running, the job is left to finish and
/// its picture shown, then the latest values are submitted: a dragged slider gets a frame per computation instead of
/// a chain of cancelled jobs. A slower view's running job is cancelled and restarted with the latest values.
class ViewCoordinator : public QObject {
    Q_OBJECT
public:
    static constexpr int kBackgroundSettleMs = 150;
    static constexpr double kFinishInFlightMs = 50;

    ViewCoordinator(ParamsModel* model, JobRunner* runner, QObject* parent = nullptr);

    void addPage(ViewPage* page);
    const std::vector<ViewPage*>& pages() const { return m_pages; }
    /// The page the user sees; its jobs run first.
    void setCurrentPage(ViewPage* page);
    ViewPage* currentPage() const { return m_current; }
    /// Background views recompute after every change (true) or only when shown (false).
    void setLiveBackground(bool live) { m_liveBackground = live; }

    /// Marks every view stale and schedules the recomputation.
    void recomputeAll();
    /// Cancels everything and waits for the workers (closing the window).
    void shutdown();
    /// True when nothing is pending, queued or running.
    bool isIdle() const;
    /// The config the Layers view draws (the one loaded last; null: none); recomputes that view.
    void setConfig(std::shared_ptr<const io::HfConfig> config);
    /// The diffusers transformer config the Grid view's family "auto" draws (issue 37); recomputes that view.
    void setGridModel(std::shared_ptr<const grid::Model> model);
    /// The diffusers config's model the Grid view draws (null: none opened; the view's family decides).
    std::shared_ptr<const grid::Model> gridModel() const { return m_gridModel; }
    /// The request most recently handed to `page`'s figure (for tests).
    const std::optional<FigureRequest>& shownRequest(const ViewPage* page) const;

signals:
    /// A figure was computed and handed to its view.
    void figureShown(posenc::widgets::ViewPage* page, double computeMs);
    void figureFailed(posenc::widgets::ViewPage* page, const QString& message);
    /// The parameters do not validate (message), or they do again (empty).
    void problemChanged(const QString& message);
    /// Fraction of the oldest long-running job, NaN when it reports none, -1 when nothing long is running.
    void progressChanged(double fraction);
    void idle();

private:
    struct Slot {
        ViewPage* page = nullptr;
        bool dirty = true;
        std::optional<FigureRequest> shown;    ///< request of the figure on screen
        std::optional<FigureRequest> inFlight; ///< request of the queued / running job
        std::optional<FigureRequest> failed;   ///< last request that failed (not retried unchanged)
        quint64 generation = 0;                ///< generation of the job in flight
        bool cancelled = false;                ///< the user cancelled its job: not restarted until asked
        double lastComputeMs = -1;             ///< how long its last finished job took (-1: none yet)
    };

    void submitDirty();
    void submitBackground();
    void show(int channel, FigureData data);
    void showDeferred();
    void checkIdle();
    void submit(int channel, bool foreground);
    FigureRequest buildRequest(const Slot& slot) const;
    void updateAvailableViews();
    void pollProgress();
    void setCancelled(int channel, bool cancelled);
    int channelOf(const ViewPage* page) const;

    ParamsModel* m_model;
    JobRunner* m_runner;
    Debouncer* m_debouncer;
    QTimer m_progressTimer;
    QTimer m_backgroundTimer;
    std::vector<std::pair<int, FigureData>> m_deferred; ///< hidden views' results waiting for the visible one
    std::vector<ViewPage*> m_pages;
    std::vector<Slot> m_slots;
    ViewPage* m_current = nullptr;
    bool m_liveBackground = true;
    bool m_shutdown = false;
    std::int64_t m_lastLength = -1;
    QString m_problem;
    std::shared_ptr<const io::HfConfig> m_config;
    std::shared_ptr<const grid::Model> m_gridModel;
};

} // namespace posenc::widgets
