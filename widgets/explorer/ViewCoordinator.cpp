// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/ViewCoordinator.h"

#include "explorer/Debouncer.h"
#include "posenc/param_state.h"
#include "explorer/JobRunner.h"
#include "explorer/ParamsModel.h"
#include "explorer/StaleOverlay.h"
#include "explorer/ViewPage.h"
#include "figures/FigureWidget.h"
#include "i18n/CoreText.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc::widgets {

namespace {

constexpr int kShowProgressAfterMs = 400;

bool same(const std::optional<FigureRequest>& a, const FigureRequest& b)
{
    return a && *a == b;
}

} // namespace

ViewCoordinator::ViewCoordinator(ParamsModel* model, JobRunner* runner, QObject* parent)
    : QObject(parent), m_model(model), m_runner(runner), m_debouncer(new Debouncer(0, this))
{
    connect(m_model, &ParamsModel::paramsChanged, this, [this] {
        if (m_model->length() != m_lastLength) {
            m_lastLength = m_model->length();
            for (auto* p : m_pages)
                p->resetWindow();
        }
        for (std::size_t i = 0; i < m_slots.size(); ++i) {
            m_slots[i].dirty = true;
            setCancelled(static_cast<int>(i), false); // a new request: the cancelled one no longer matters
        }
        m_debouncer->trigger();
    });
    connect(m_model, &ParamsModel::methodsChanged, this, &ViewCoordinator::updateAvailableViews);
    connect(m_debouncer, &Debouncer::fired, this, &ViewCoordinator::submitDirty);

    connect(m_runner, &JobRunner::finished, this,
            [this](int channel, quint64 generation, std::shared_ptr<FigureData> data) {
                auto& slot = m_slots.at(static_cast<std::size_t>(channel));
                if (generation != slot.generation)
                    return;
                slot.shown = slot.inFlight;
                slot.inFlight.reset();
                slot.failed.reset();
                slot.lastComputeMs = data->computeMs;
                slot.page->overlay()->setComputing(-1);
                const int current = channelOf(m_current);
                if (channel != current && current >= 0 && m_slots[static_cast<std::size_t>(current)].inFlight)
                    m_deferred.emplace_back(channel, std::move(*data)); // drawn once the visible view is
                else
                    show(channel, std::move(*data));
                if (channel == current && !m_deferred.empty())
                    QTimer::singleShot(0, this, &ViewCoordinator::showDeferred);
                if (channel == current && slot.dirty && !m_debouncer->isPending())
                    submitDirty(); // the values changed while it ran (kFinishInFlightMs)
            });
    connect(m_runner, &JobRunner::failed, this, [this](int channel, quint64 generation, const QString& message) {
        auto& slot = m_slots.at(static_cast<std::size_t>(channel));
        if (generation != slot.generation)
            return;
        slot.failed = slot.inFlight;
        slot.inFlight.reset();
        slot.page->overlay()->setComputing(-1);
        emit figureFailed(slot.page, message);
        if (slot.page == m_current && !m_deferred.empty())
            QTimer::singleShot(0, this, &ViewCoordinator::showDeferred);
        if (slot.page == m_current && slot.dirty && !m_debouncer->isPending())
            submitDirty();
    });
    connect(m_runner, &JobRunner::cancelled, this, [this](int channel, quint64 generation) {
        auto& slot = m_slots.at(static_cast<std::size_t>(channel));
        if (generation != slot.generation)
            return;
        slot.inFlight.reset();
        slot.dirty = true; // the picture is not the latest: say so, recompute when asked (not on returning)
        setCancelled(channel, true);
        if (slot.page == m_current && !m_deferred.empty())
            QTimer::singleShot(0, this, &ViewCoordinator::showDeferred);
    });
    connect(m_runner, &JobRunner::busyChanged, this, [this](bool busy) {
        if (busy) {
            m_progressTimer.start();
        } else {
            m_progressTimer.stop();
            emit progressChanged(-1);
            checkIdle();
        }
    });
    m_backgroundTimer.setSingleShot(true);
    m_backgroundTimer.setInterval(kBackgroundSettleMs);
    connect(&m_backgroundTimer, &QTimer::timeout, this, &ViewCoordinator::submitBackground);
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this, &ViewCoordinator::pollProgress);
}

void ViewCoordinator::addPage(ViewPage* page)
{
    const int channel = static_cast<int>(m_slots.size());
    m_pages.push_back(page);
    Slot slot;
    slot.page = page;
    m_slots.push_back(std::move(slot));
    if (!m_current)
        m_current = page;
    connect(page, &ViewPage::optionsChanged, this, [this, channel] {
        m_slots.at(static_cast<std::size_t>(channel)).dirty = true;
        setCancelled(channel, false);
        m_debouncer->trigger();
    });
    connect(page->overlay(), &StaleOverlay::recomputeRequested, this, [this, channel] {
        setCancelled(channel, false);
        m_slots.at(static_cast<std::size_t>(channel)).dirty = true;
        if (m_model->isValid())
            submit(channel, true);
    });
    updateAvailableViews();
}

void ViewCoordinator::setCurrentPage(ViewPage* page)
{
    m_current = page;
    if (!m_deferred.empty())
        QTimer::singleShot(0, this, &ViewCoordinator::showDeferred);
    const int channel = channelOf(page);
    if (channel < 0)
        return;
    if (m_runner->isQueued(channel))
        m_runner->setPriority(channel, JobRunner::Priority::Foreground);
    else if (m_slots[static_cast<std::size_t>(channel)].dirty &&
             !m_slots[static_cast<std::size_t>(channel)].cancelled && !m_debouncer->isPending())
        submit(channel, true);
}

void ViewCoordinator::recomputeAll()
{
    for (auto& s : m_slots)
        s.dirty = true;
    m_debouncer->trigger();
}

void ViewCoordinator::shutdown()
{
    m_shutdown = true;
    m_debouncer->cancel();
    m_progressTimer.stop();
    m_backgroundTimer.stop();
    m_deferred.clear();
    m_runner->cancelAll();
    m_runner->waitForDone();
}

bool ViewCoordinator::isIdle() const
{
    return !m_debouncer->isPending() && !m_backgroundTimer.isActive() && !m_runner->isBusy() && m_deferred.empty();
}

void ViewCoordinator::checkIdle()
{
    if (isIdle())
        emit idle();
}

void ViewCoordinator::show(int channel, FigureData data)
{
    auto* page = m_slots.at(static_cast<std::size_t>(channel)).page;
    const double computeMs = data.computeMs;
    page->figure()->setData(std::move(data));
    emit figureShown(page, computeMs);
}

void ViewCoordinator::showDeferred()
{
    // One figure per event-loop turn: drawing a large figure must not hold up input in between.
    if (m_deferred.empty())
        return;
    auto [channel, data] = std::move(m_deferred.front());
    m_deferred.erase(m_deferred.begin());
    if (m_slots.at(static_cast<std::size_t>(channel)).shown)
        show(channel, std::move(data));
    if (!m_deferred.empty())
        QTimer::singleShot(0, this, &ViewCoordinator::showDeferred);
    else
        checkIdle();
}

void ViewCoordinator::submitBackground()
{
    if (m_shutdown || !m_model->isValid())
        return;
    const int current = channelOf(m_current);
    for (std::size_t i = 0; i < m_slots.size(); ++i)
        if (static_cast<int>(i) != current && m_slots[i].dirty && !m_slots[i].cancelled)
            submit(static_cast<int>(i), false);
    checkIdle();
}

const std::optional<FigureRequest>& ViewCoordinator::shownRequest(const ViewPage* page) const
{
    static const std::optional<FigureRequest> none;
    const int channel = channelOf(page);
    return channel < 0 ? none : m_slots[static_cast<std::size_t>(channel)].shown;
}

int ViewCoordinator::channelOf(const ViewPage* page) const
{
    for (std::size_t i = 0; i < m_slots.size(); ++i)
        if (m_slots[i].page == page)
            return static_cast<int>(i);
    return -1;
}

namespace {
/// The views that draw the loaded config: Layers its layers, Positions its dual chunk attention.
bool drawsConfig(FigureKind kind)
{
    return kind == FigureKind::Layers || kind == FigureKind::Positions;
}
} // namespace

FigureRequest ViewCoordinator::buildRequest(const Slot& slot) const
{
    FigureRequest r = slot.page->options();
    r.methods = m_model->selections();
    r.length = m_model->length();
    if (drawsConfig(slot.page->kind())) // the other views depend on the methods only
        r.config = m_config;
    if (slot.page->kind() == FigureKind::Grid)
        r.gridModel = m_gridModel;
    return r;
}

void ViewCoordinator::setConfig(std::shared_ptr<const io::HfConfig> config)
{
    m_config = std::move(config);
    for (auto& s : m_slots)
        if (drawsConfig(s.page->kind()))
            s.dirty = true;
    m_debouncer->trigger();
}

void ViewCoordinator::setGridModel(std::shared_ptr<const grid::Model> model)
{
    m_gridModel = std::move(model);
    for (auto& s : m_slots)
        if (s.page->kind() == FigureKind::Grid)
            s.dirty = true;
    m_debouncer->trigger();
}

void ViewCoordinator::submitDirty()
{
    if (m_shutdown)
        return;
    const auto problems = m_model->problems();
    QString problem;
    if (!problems.empty())
        problem = problemLines(problems).join(QLatin1Char('\n'));
    if (problem != m_problem) {
        m_problem = problem;
        emit problemChanged(problem);
    }
    if (!problems.empty())
        return; // keep the last good pictures

    const int current = channelOf(m_current);
    if (current >= 0 && m_slots[static_cast<std::size_t>(current)].dirty &&
        !m_slots[static_cast<std::size_t>(current)].cancelled)
        submit(current, true);
    const bool backgroundDirty = std::any_of(
        m_slots.begin(), m_slots.end(), [&](const Slot& s) { return s.dirty && !s.cancelled && s.page != m_current; });
    if (m_liveBackground && backgroundDirty)
        m_backgroundTimer.start(); // restarted by every change: the hidden views follow when the edits settle
    checkIdle();
}

void ViewCoordinator::submit(int channel, bool foreground)
{
    auto& slot = m_slots.at(static_cast<std::size_t>(channel));
    if (foreground && slot.inFlight && m_runner->isRunning(channel) && slot.lastComputeMs >= 0 &&
        slot.lastComputeMs <= kFinishInFlightMs)
        return; // still dirty: submitted when the running job's picture is shown
    slot.dirty = false;
    FigureRequest request = buildRequest(slot);
    if (same(slot.inFlight, request) || (!slot.inFlight && (same(slot.shown, request) || same(slot.failed, request))))
        return;
    slot.inFlight = request;
    slot.generation =
        m_runner->submit(channel, std::move(request),
                         foreground ? JobRunner::Priority::Foreground : JobRunner::Priority::Background,
                         slot.lastComputeMs);
}

void ViewCoordinator::updateAvailableViews()
{
    const std::string primary = m_model->primary();
    if (primary.empty())
        return;
    try {
        const auto& def = ParamState::methodOf(primary);
        const auto encoding = Registry::build(def, m_model->resolved(primary));
        const auto methods = m_model->methods(); // every drawn method, valid or not yet
        const bool anyRotary = std::any_of(methods.begin(), methods.end(), [](const std::string& key) {
            return ParamState::methodOf(key).info.kind == MethodKind::Rotary;
        });
        for (auto* page : m_pages)
            page->setAvailableViews(encoding->views(), encoding->biasHeads(), anyRotary);
    } catch (const InvalidInput&) {
        // The primary does not validate yet: keep the current choices; the problem is shown in place.
    }
}

void ViewCoordinator::setCancelled(int channel, bool cancelled)
{
    auto& slot = m_slots.at(static_cast<std::size_t>(channel));
    if (slot.cancelled == cancelled)
        return;
    slot.cancelled = cancelled;
    slot.page->overlay()->setCancelled(cancelled);
}

void ViewCoordinator::pollProgress()
{
    // The visible view's picture is out of date while its job runs: say so on the plot, with the progress.
    if (const int current = channelOf(m_current); current >= 0) {
        qint64 age = 0;
        const double f = m_runner->progress(current, &age);
        m_current->overlay()->setComputing(age >= kShowProgressAfterMs ? f : -1.0);
    }
    qint64 elapsed = 0;
    const double fraction = m_runner->oldestProgress(&elapsed);
    if (elapsed < kShowProgressAfterMs) {
        emit progressChanged(-1);
        return;
    }
    emit progressChanged(fraction < 0 ? std::numeric_limits<double>::quiet_NaN() : fraction);
}

} // namespace posenc::widgets
