// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/SessionManager.h"

#include "explorer/ParamsModel.h"
#include "explorer/Settings.h"
#include "explorer/ViewPage.h"
#include "i18n/ErrorText.h"

#include "posenc/errors.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QMainWindow>
#include <QSplitter>
#include <QTabWidget>

namespace posenc::widgets {

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

ViewPage* pageAt(QTabWidget* tabs, int index)
{
    return qobject_cast<ViewPage*>(tabs->widget(index));
}

} // namespace

SessionManager::SessionManager(ParamsModel* model, QMainWindow* window, QTabWidget* tabs, QSplitter* splitter,
                               Settings* settings, QObject* parent)
    : QObject(parent), m_model(model), m_window(window), m_tabs(tabs), m_splitter(splitter), m_settings(settings)
{
    const auto changed = [this] { m_dirty = true; };
    connect(m_model, &ParamsModel::paramsChanged, this, changed);
    connect(m_tabs, &QTabWidget::currentChanged, this, changed);
    for (int i = 0; i < m_tabs->count(); ++i)
        if (auto* page = pageAt(m_tabs, i))
            connect(page, &ViewPage::optionsChanged, this, changed);
    m_timer.setInterval(kAutosaveMs);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_dirty)
            autosave();
    });
}

SessionManager::~SessionManager() = default;

void SessionManager::setConfigHooks(std::function<QStringList()> loaded,
                                    std::function<QStringList(const QStringList&)> open)
{
    m_loadedConfigs = std::move(loaded);
    m_openConfigs = std::move(open);
}

io::Session SessionManager::capture() const
{
    io::Session s;
    s.state = m_model->state();
    s.preset = m_settings->lastPreset().toStdString();
    if (m_loadedConfigs)
        for (const auto& path : m_loadedConfigs())
            s.configs.push_back(path.toStdString());
    for (int i = 0; i < m_tabs->count(); ++i)
        if (const auto* page = pageAt(m_tabs, i))
            s.views[figureKindName(page->kind()).toStdString()] = page->optionValues();
    if (const auto* page = pageAt(m_tabs, m_tabs->currentIndex()))
        s.currentView = figureKindName(page->kind()).toStdString();
    s.window["geometry"] = m_window->saveGeometry().toBase64().toStdString();
    s.window["state"] = m_window->saveState().toBase64().toStdString();
    s.window["splitter"] = m_splitter->saveState().toBase64().toStdString();
    return s;
}

QStringList SessionManager::apply(const io::Session& session)
{
    QStringList warnings;
    ParamState state = session.state;
    if (state.methods.empty()) {
        state.methods = m_model->state().methods;
        warnings << tr("The session names no known method; the current methods are kept.");
    }
    m_model->setState(state, tr("Open session"));
    if (!session.preset.empty())
        m_settings->setLastPreset(q(session.preset));
    if (!session.configs.empty()) {
        QStringList paths;
        for (const auto& p : session.configs)
            paths << q(p);
        if (m_openConfigs)
            warnings << m_openConfigs(paths);
        else
            warnings << tr("configs: this explorer cannot re-open config files; ignored: %1")
                            .arg(paths.join(QObject::tr(", ")));
    }
    for (const auto& [view, options] : session.views) {
        ViewPage* page = nullptr;
        for (int i = 0; i < m_tabs->count() && !page; ++i)
            if (auto* p = pageAt(m_tabs, i); p && figureKindName(p->kind()) == q(view))
                page = p;
        if (page)
            warnings << page->setOptionValues(options);
        else
            warnings << tr("views.%1: no such view; ignored").arg(q(view));
    }
    if (!session.currentView.empty()) {
        bool found = false;
        for (int i = 0; i < m_tabs->count(); ++i)
            if (auto* p = pageAt(m_tabs, i); p && figureKindName(p->kind()) == q(session.currentView)) {
                m_tabs->setCurrentIndex(i);
                found = true;
            }
        if (!found)
            warnings << tr("current_view: no view \"%1\"; ignored").arg(q(session.currentView));
    }
    const auto blob = [&](const char* key) -> QByteArray {
        const auto it = session.window.find(key);
        return it == session.window.end() ? QByteArray()
                                          : QByteArray::fromBase64(QByteArray::fromStdString(it->second));
    };
    if (const auto g = blob("geometry");
        !g.isEmpty() && !(m_restoreGeometry ? m_restoreGeometry(g) : m_window->restoreGeometry(g)))
        warnings << tr("window.geometry: not a saved window geometry; ignored");
    if (const auto st = blob("state"); !st.isEmpty() && !m_window->restoreState(st))
        warnings << tr("window.state: not a saved window state; ignored");
    if (const auto sp = blob("splitter"); !sp.isEmpty() && !m_splitter->restoreState(sp))
        warnings << tr("window.splitter: not a saved splitter layout; ignored");
    return warnings;
}

bool SessionManager::save(const QString& path)
{
    try {
        io::writeSessionFile(path.toStdString(), capture());
    } catch (const std::exception& e) {
        m_lastError = tr("Cannot save the session: %1").arg(ErrorText::of(e));
        emit failed(m_lastError);
        return false;
    }
    return true;
}

bool SessionManager::open(const QString& path)
{
    io::SessionLoad load;
    try {
        load = io::readSessionFile(path.toStdString());
    } catch (const InvalidInput& e) {
        m_lastError = ErrorText::of(e);
        emit failed(m_lastError);
        return false;
    }
    QStringList warnings;
    for (const auto& problem : load.problems)
        warnings << ErrorText::withoutFile(ErrorText::of(problem), path);
    warnings << apply(load.session);
    const QString name = QFileInfo(path).fileName();
    if (!warnings.isEmpty())
        emit ignored(path, warnings);
    // the status bar says how many; the window lists them (ignored())
    emit message(
        warnings.isEmpty()
            ? tr("Opened session %1").arg(name)
            : tr("Opened session %1; values ignored: %n", nullptr, static_cast<int>(warnings.size())).arg(name));
    return true;
}

QString SessionManager::autosavePath() const
{
    return QDir(m_settings->dataDir()).filePath(kAutosaveName);
}

QString SessionManager::lockPath() const
{
    return QDir(m_settings->dataDir()).filePath(QStringLiteral("posenc-explorer.lock"));
}

bool SessionManager::restoreAtStart(bool restore)
{
    QDir().mkpath(m_settings->dataDir());
    const bool lockLeftBehind = QFileInfo::exists(lockPath());
    m_lock = std::make_unique<QLockFile>(lockPath());
    m_lock->setStaleLockTime(0); // stale only when its process is gone, however long this run lasts
    // The lock of a run that is gone is taken over: that run did not close (a crash). A live holder is another
    // explorer: no crash, and this one restores the same autosave.
    m_crashed = m_lock->tryLock(0) && lockLeftBehind;
    m_timer.start();
    if (!restore || !QFileInfo::exists(autosavePath()))
        return false;
    const QString when = QFileInfo(autosavePath()).lastModified().toString(QStringLiteral("yyyy-MM-dd hh:mm"));
    if (!open(autosavePath()))
        return false;
    if (m_crashed)
        emit message(
            tr("PosEnc Explorer did not close properly last time; restored the session autosaved at %1").arg(when));
    m_dirty = false;
    return true;
}

void SessionManager::autosave()
{
    QDir().mkpath(m_settings->dataDir());
    if (save(autosavePath()))
        m_dirty = false;
}

void SessionManager::finish()
{
    m_timer.stop();
    autosave();
    if (m_lock)
        m_lock->unlock();
}

} // namespace posenc::widgets
