// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow on the screen: its size and place (a restored window is moved inside the available area),
// presentation mode, and the side panel of methods and parameters (View ▸ Methods and parameters, F9).
#include "MainWindow.h"

#include "explorer/ParameterPanel.h"
#include "explorer/ViewPage.h"
#include "figures/FigureWidget.h"

#include <QAction>
#include <QDataStream>
#include <QGuiApplication>
#include <QScreen>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>

#include <algorithm>
#include <optional>

namespace posenc::widgets {

QRect MainWindow::availableScreen() const
{
    const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
    return s ? s->availableGeometry() : QRect(0, 0, 1280, 720);
}

bool MainWindow::fitsScreen(const QRect& frame) const
{
    const QRect available = availableScreen();
    return frame.width() <= available.width() && frame.height() <= available.height();
}

void MainWindow::placeOnScreen(QSize wanted)
{
    const QRect available = availableScreen();
    if (!wanted.isValid() || wanted.width() > available.width() || wanted.height() > available.height())
        wanted = QSize(available.width() * 95 / 100, available.height() * 92 / 100);
    const QSize size = wanted.expandedTo(minimumSizeHint()).boundedTo(available.size());
    QRect client(QPoint(0, 0), size); // the frame's size is not known before the window is shown
    client.moveCenter(available.center());
    setWindowState(Qt::WindowNoState);
    setGeometry(client);
}

namespace {

/// The window's normal (not maximized) geometry in a QWidget::saveGeometry() record (header: magic 0x1D9D0CB,
/// format 1.x to 3.x; then the frame and the normal geometry), whatever the screen it was saved on; empty: the bytes
/// are not such a record.
std::optional<QRect> savedNormalGeometry(const QByteArray& bytes)
{
    QDataStream in(bytes);
    in.setVersion(QDataStream::Qt_4_0);
    quint32 magic = 0;
    quint16 major = 0, minor = 0;
    QRect frame, normal;
    in >> magic >> major >> minor >> frame >> normal;
    if (in.status() != QDataStream::Ok || magic != 0x1D9D0CB || major < 1 || major > 3 || !normal.isValid())
        return std::nullopt;
    return normal;
}

} // namespace

bool MainWindow::restoreFittingGeometry(const QByteArray& saved)
{
    if (!restoreGeometry(saved)) {
        // Qt (6.4) refuses a geometry saved on a screen of another width (a session from a 1920 x 1080 desktop
        // opened on a 1366 x 768 laptop): its size is kept when it fits this screen, centred; else the window is
        // placed as on first launch. Only bytes that are not a saved geometry are refused.
        const std::optional<QRect> normal = savedNormalGeometry(saved);
        if (!normal)
            return false;
        placeOnScreen(normal->size());
        return true;
    }
    if (!fitsScreen(frameGeometry())) { // saved on a larger screen
        placeOnScreen();
    } else if (const QRect available = availableScreen(); !available.contains(frameGeometry())) {
        // It fits but was saved partly off this screen (another monitor, a panel that moved): moved inside.
        QRect frame = frameGeometry();
        frame.moveLeft(std::clamp(frame.left(), available.left(), available.right() - frame.width() + 1));
        frame.moveTop(std::clamp(frame.top(), available.top(), available.bottom() - frame.height() + 1));
        move(frame.topLeft());
    }
    return true;
}

void MainWindow::setPresentationMode(bool on)
{
    if (m_presentation->isChecked() != on)
        m_presentation->setChecked(on); // re-enters through toggled
    if (on == (FigureWidget::presentationScale() > 1.0))
        return;
    FigureWidget::setPresentationScale(on ? kPresentationScale : 1.0);
    QFont f = font();
    f.setPointSizeF(on ? m_normalFontPoints * kPresentationScale : m_normalFontPoints);
    setFont(f);
    // The room is the figure's: the side panel (670 px of a 1366 px projector at 1.6 x, leaving the heatmap
    // 460 x 175) is hidden on entry (F9 shows it) and comes back on exit as it was.
    if (on) {
        m_sidePanelBeforePresentation = m_sidePanel->isChecked();
        m_sidePanel->setChecked(false);
    } else {
        m_sidePanel->setChecked(m_sidePanelBeforePresentation);
    }
    fitSidePanel(!on);
    // The view tabs are for the presenter, the figure for the room: they grow less, so that every tab stays
    // visible without scroll buttons on a 1366 px screen (at 1.6 x they needed 1206 px of its 1002; with the
    // Scaling and Engines tabs, 1.2 x (14 px text) needed 1043 px of 1017; 1.1 x is 13 px).
    QFont tabs = f;
    tabs.setPointSizeF(on ? m_normalFontPoints * kPresentationTabScale : m_normalFontPoints);
    m_tabs->tabBar()->setFont(tabs);
    for (int i = 0; i < m_tabs->count(); ++i)
        if (auto* p = qobject_cast<ViewPage*>(m_tabs->widget(i)))
            p->figure()->redraw();
    on ? showFullScreen() : showNormal();
}

void MainWindow::setSidePanelShown(bool shown)
{
    if (m_sidePanel->isChecked() != shown)
        m_sidePanel->setChecked(shown); // re-enters through toggled
    if (QWidget* left = m_splitter->widget(0); left && left->isVisibleTo(this) != shown) {
        left->setVisible(shown);
        fitSidePanel(false);
    }
}

void MainWindow::fitSidePanel(bool reset)
{
    // The parameter editors grow with the font: in presentation mode the left side widens to show them whole
    // (its scroll area has no horizontal scroll bar), and narrows back when presentation mode ends.
    QWidget* left = m_splitter->widget(0);
    if (!left || !left->isVisibleTo(this))
        return;
    left->ensurePolished();
    const int need = m_panel->minimumSizeHint().width() + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8;
    // Never narrower than that (the splitter keeps to it): spin boxes and resolved values are not cut off on the
    // right when a method with wide editors (YaRN) is compared.
    left->setMinimumWidth(std::max(kLeftMinimumWidth, need));
    const QList<int> sizes = m_splitter->sizes();
    const int total = std::max(sizes.value(0) + sizes.value(1), m_splitter->width());
    const int width = reset ? std::max(kLeftWidth, need) : std::max(sizes.value(0), need);
    if (width != sizes.value(0))
        m_splitter->setSizes({width, std::max(0, total - width)});
}

} // namespace posenc::widgets
