// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSettings>
#include <QString>
#include <QStringList>

namespace posenc::widgets {

/// The one settings facade: typed accessors over QSettings with the keys in one place. Core never reads settings.
/// The window layout is not a setting: it is part of the session (SessionManager), autosaved with the state.
/// Construct with an explicit file path in tests (isolated), or without one for the user's platform settings.
class Settings {
public:
    Settings();
    explicit Settings(const QString& iniPath);

    static constexpr const char* kLastPreset = "session/lastPreset";
    static constexpr const char* kLastExportDir = "export/lastDir";
    static constexpr const char* kFirstLaunchDone = "session/firstLaunchDone";
    static constexpr const char* kLanguage = "ui/language";
    static constexpr const char* kRecentConfigs = "files/recentConfigs";

    /// Path of the last preset loaded (":/presets/llama-2-7b.json" for a built-in, the file's path for a user's);
    /// empty when none. Older settings hold a bare built-in file name.
    QString lastPreset() const;
    void setLastPreset(const QString& fileName);
    QString lastExportDir() const;
    void setLastExportDir(const QString& dir);
    /// Config files opened, most recent first.
    QStringList recentConfigs() const;
    void setRecentConfigs(const QStringList& paths);
    bool firstLaunchDone() const;
    void setFirstLaunchDone(bool done);
    /// Interface language code ("en", "zh_CN"); empty = follow the system locale.
    QString language() const;
    void setLanguage(const QString& code);

    /// Where the explorer keeps its own files (the session autosave): the folder of the settings file when one
    /// was given, else QStandardPaths::AppDataLocation.
    QString dataDir() const;

    void sync();

private:
    QSettings m_settings;
    QString m_dataDir;
};

} // namespace posenc::widgets
