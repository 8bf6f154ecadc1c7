// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "posenc/io/session.h"

#include <QLockFile>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <memory>

class QMainWindow;
class QSplitter;
class QTabWidget;

namespace posenc::widgets {

class ParamsModel;
class Settings;

/// Saves and restores the whole explorer state as a session (posenc/io/session.h): methods and parameters
/// (tables by path), loaded config files, view options, the current view and the window layout. Autosaves into
/// Settings::dataDir() every kAutosaveMs while something changed and when the window closes; at start the
/// autosaved session is restored, with a note when the previous run ended without closing (a crash: its lock
/// file was left behind). A damaged session never stops the start: its bad values are ignored with a message.
class SessionManager : public QObject {
    Q_OBJECT
public:
    static constexpr int kAutosaveMs = 30000;
    static constexpr const char* kAutosaveName = "autosave.posenc-session.json";

    SessionManager(ParamsModel* model, QMainWindow* window, QTabWidget* tabs, QSplitter* splitter, Settings* settings,
                   QObject* parent = nullptr);
    ~SessionManager() override;

    /// Loaded config files: `loaded` lists them for saving, `open` re-opens them (returns problems).
    void setConfigHooks(std::function<QStringList()> loaded, std::function<QStringList(const QStringList&)> open);
    /// How a session's saved window geometry is restored (the main window's rule: only when it fits the screen);
    /// false when the bytes are not a geometry. Without a hook: QMainWindow::restoreGeometry.
    void setGeometryHook(std::function<bool(const QByteArray&)> restore) { m_restoreGeometry = std::move(restore); }

    io::Session capture() const;
    /// Applies a session (one undo step for the parameters); returns what was ignored.
    QStringList apply(const io::Session& session);

    /// Writes the session to `path` atomically; false (and failed()) on error.
    bool save(const QString& path);
    /// Reads and applies a session file; false (and failed()) when the file is unusable.
    bool open(const QString& path);

    QString autosavePath() const;
    /// At start: takes the lock that tells the next start whether this run ended cleanly; then, when `restore`
    /// (not a first launch), applies the autosaved session if there is one (true), else leaves the state alone.
    bool restoreAtStart(bool restore = true);
    /// Writes the autosave now (when the window closes). Does not throw; a failure is reported by failed().
    void autosave();
    /// Autosave done and the run ended cleanly (releases the lock).
    void finish();
    bool previousRunCrashed() const { return m_crashed; }
    /// The message of the last failure (empty when none).
    QString lastError() const { return m_lastError; }

signals:
    /// A status message (what was opened, how many of its values were ignored; what was saved).
    void message(const QString& text);
    void failed(const QString& text);
    /// The values of the session `file` that could not be used (each "key: what is wrong", in the user's language);
    /// emitted before message() when there are any, so that the window can list them all.
    void ignored(const QString& file, const QStringList& values);

private:
    QString lockPath() const;

    ParamsModel* m_model;
    QMainWindow* m_window;
    QTabWidget* m_tabs;
    QSplitter* m_splitter;
    Settings* m_settings;
    QTimer m_timer;
    bool m_dirty = false;
    bool m_crashed = false;
    QString m_lastError;
    std::unique_ptr<QLockFile> m_lock;
    std::function<QStringList()> m_loadedConfigs;
    std::function<QStringList(const QStringList&)> m_openConfigs;
    std::function<bool(const QByteArray&)> m_restoreGeometry;
};

} // namespace posenc::widgets
