// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace posenc::widgets {

class MainWindow;
class Settings;

/// Owns the main window and switches the interface language at run time (View ▸ Language): it stores the
/// choice, installs the translators and rebuilds the window in the new language, carrying the compared methods,
/// their parameters, the view length, the geometry and the current view over. Rebuilding (instead of every widget
/// retranslating itself) keeps each widget's text in one place, the constructor, whoever adds the next control.
class WindowHost : public QObject {
    Q_OBJECT
public:
    using SettingsFactory = std::function<std::unique_ptr<Settings>()>;
    /// `settings` makes the Settings of each window (the user's settings when empty).
    explicit WindowHost(SettingsFactory settings = {}, QObject* parent = nullptr);
    ~WindowHost() override;

    /// Installs the stored language (or the system locale's) and shows the first window.
    void start();
    MainWindow* window() const { return m_window.get(); }
    /// Installs `code`, remembers it, and replaces the window by one in that language.
    void switchLanguage(const QString& code);

signals:
    /// A new window replaced the previous one.
    void windowReplaced(MainWindow* window);

private:
    void open();

    SettingsFactory m_settings;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace posenc::widgets
