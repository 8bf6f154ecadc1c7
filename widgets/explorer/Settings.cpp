// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/Settings.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace posenc::widgets {

Settings::Settings() : m_dataDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)) {}

Settings::Settings(const QString& iniPath)
    : m_settings(iniPath, QSettings::IniFormat), m_dataDir(QFileInfo(iniPath).absolutePath())
{
}

QString Settings::lastPreset() const
{
    return m_settings.value(kLastPreset).toString();
}
void Settings::setLastPreset(const QString& fileName)
{
    m_settings.setValue(kLastPreset, fileName);
}
QString Settings::lastExportDir() const
{
    // The last export's folder while it exists, else the platform's Pictures folder (else the home folder).
    const QString last = m_settings.value(kLastExportDir).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString pictures = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    return !pictures.isEmpty() && QFileInfo(pictures).isDir() ? pictures : QDir::homePath();
}
void Settings::setLastExportDir(const QString& dir)
{
    m_settings.setValue(kLastExportDir, dir);
}
QStringList Settings::recentConfigs() const
{
    return m_settings.value(kRecentConfigs).toStringList();
}
void Settings::setRecentConfigs(const QStringList& paths)
{
    m_settings.setValue(kRecentConfigs, paths);
}
bool Settings::firstLaunchDone() const
{
    return m_settings.value(kFirstLaunchDone, false).toBool();
}
void Settings::setFirstLaunchDone(bool done)
{
    m_settings.setValue(kFirstLaunchDone, done);
}
QString Settings::dataDir() const
{
    return m_dataDir;
}
QString Settings::language() const
{
    return m_settings.value(kLanguage).toString();
}
void Settings::setLanguage(const QString& code)
{
    m_settings.setValue(kLanguage, code);
}
void Settings::sync()
{
    m_settings.sync();
}

} // namespace posenc::widgets
