// SPDX-License-Identifier: GPL-3.0-or-later
#include "WindowHost.h"

#include "MainWindow.h"
#include "explorer/ParamsModel.h"
#include "explorer/Settings.h"
#include "i18n/Translations.h"

#include <QApplication>
#include <QUndoStack>

namespace posenc::widgets {

WindowHost::WindowHost(SettingsFactory settings, QObject* parent)
    : QObject(parent), m_settings(settings ? std::move(settings) : [] { return std::make_unique<Settings>(); })
{
}

WindowHost::~WindowHost() = default;

void WindowHost::start()
{
    Translations::install(m_settings()->language());
    open();
}

void WindowHost::open()
{
    m_window = std::make_unique<MainWindow>(m_settings());
    connect(m_window.get(), &MainWindow::languageChangeRequested, this, &WindowHost::switchLanguage,
            Qt::QueuedConnection); // not from inside the old window's menu handler
    m_window->show();
    emit windowReplaced(m_window.get());
}

void WindowHost::switchLanguage(const QString& code)
{
    auto settings = m_settings();
    settings->setLanguage(code);
    settings->sync();
    Translations::install(code);
    if (!m_window)
        return;
    const ParamState state = m_window->model()->state();
    const bool quit = QApplication::quitOnLastWindowClosed();
    QApplication::setQuitOnLastWindowClosed(false); // there is no window between the two
    m_window->close();                              // saves geometry, splitter and the current view
    m_window.release()->deleteLater();
    open();
    QApplication::setQuitOnLastWindowClosed(quit);
    m_window->model()->setState(state, QString());
    m_window->model()->undoStack()->clear(); // the new window starts a new history
}

} // namespace posenc::widgets
