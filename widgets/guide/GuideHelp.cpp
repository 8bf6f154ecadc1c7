// SPDX-License-Identifier: GPL-3.0-or-later
#include "guide/GuideHelp.h"

#include "MainWindow.h"
#include "explorer/MethodList.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/ViewPage.h"
#include "guide/CompareLink.h"
#include "guide/GuideWindow.h"

#include "posenc/errors.h"

#include <QApplication>
#include <QStatusBar>
#include <QTabWidget>

namespace posenc::widgets {

GuideHelp::GuideHelp(MainWindow* window) : QObject(window), m_window(window) {}

QString GuideHelp::pageFor(const QWidget* focus) const
{
    for (const QWidget* w = focus; w; w = w->parentWidget()) {
        if (w == m_window->parameterPanel() && !m_window->parameterPanel()->method().empty())
            return QString::fromStdString(m_window->parameterPanel()->method());
        if (w == m_window->methodList() && !m_window->methodList()->currentMethod().empty())
            return QString::fromStdString(m_window->methodList()->currentMethod());
        if (const auto* page = qobject_cast<const ViewPage*>(w))
            return figureKindName(page->kind());
    }
    if (const auto* page = m_window->currentPage())
        return figureKindName(page->kind());
    return QStringLiteral("index");
}

void GuideHelp::show(const QString& page)
{
    if (!m_guide) {
        m_guide = new GuideWindow(m_window);
        connect(m_guide, &GuideWindow::compareRequested, this, &GuideHelp::applyCompareLink);
    }
    m_guide->showPage(page);
    m_guide->show();
    m_guide->raise();
    m_guide->activateWindow();
}

GuideWindow* GuideHelp::window() const
{
    return m_guide.data();
}

void GuideHelp::showContextHelp()
{
    show(pageFor(QApplication::focusWidget()));
}

bool GuideHelp::applyCompareLink(const QUrl& link)
{
    try {
        const auto compare = CompareLink::parse(link);
        m_window->model()->setState(compare.state, tr("Guide comparison"));
        m_window->methodList()->setCurrentMethod(m_window->model()->primary());
        m_window->parameterPanel()->setMethod(m_window->model()->primary());
        if (!compare.view.isEmpty())
            if (auto* page = m_window->page(parseFigureKind(compare.view.toStdString())))
                m_window->tabs()->setCurrentWidget(page);
        m_window->raise();
        m_window->activateWindow();
        return true;
    } catch (const InvalidInput& e) {
        m_window->statusBar()->showMessage(QString::fromUtf8(e.what()), 15000);
        return false;
    }
}

} // namespace posenc::widgets
