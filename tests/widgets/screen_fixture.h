// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by tst_screen and tst_screen_export (issue 16): the explorer's main window on one offscreen screen of
// 1366 x 768 (POSENC_SCREEN="1920x1080" to look at other sizes), and the check that the window and every view's
// figure fit that screen.
#include "MainWindow.h"
#include "explorer/Settings.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "figures/FigureWidget.h"

#include <QApplication>
#include <QScreen>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <qcustomplot.h>

#include <algorithm>
#include <cstdio>
#include <memory>

namespace screen_test {

constexpr int kIdleTimeoutMs = 120000;
constexpr QSize kMinimumBudget(1280, 720);

/// The screen: 1366 x 768, or POSENC_SCREEN ("1920x1080").
inline QSize screenSize()
{
    const QList<QByteArray> parts = qgetenv("POSENC_SCREEN").split('x');
    if (parts.size() == 2 && parts[0].toInt() > 0 && parts[1].toInt() > 0)
        return QSize(parts[0].toInt(), parts[1].toInt());
    return QSize(1366, 768);
}

inline QString describeRect(const QRect& r)
{
    return QStringLiteral("%1,%2 %3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

/// One main window with its own settings file in a temporary folder.
class WindowFixture {
public:
    const QSize screen = screenSize();
    QTemporaryDir dir;
    std::unique_ptr<posenc::widgets::MainWindow> window;

    std::unique_ptr<posenc::widgets::Settings> settings()
    {
        return std::make_unique<posenc::widgets::Settings>(dir.filePath("settings.ini"));
    }
    posenc::widgets::MainWindow& w() { return *window; }

    void waitIdle()
    {
        QTRY_VERIFY_WITH_TIMEOUT(w().coordinator()->isIdle(), kIdleTimeoutMs);
        QTest::qWait(30);
    }

    void open()
    {
        window = std::make_unique<posenc::widgets::MainWindow>(settings());
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        waitIdle();
    }

    /// The window's minimum size and size fit the screen, and so do the current view's figure and its layout
    /// elements (axes, colour scale, legends, note); with `everyView`, every view's in turn. `when` names the
    /// action in failure messages.
    void expectFits(const QString& when, bool everyView = true)
    {
        using namespace posenc::widgets;
        const QRect available = w().screen()->availableGeometry();
        QCOMPARE(available.size(), screen);
        const QSize min = w().minimumSizeHint().expandedTo(w().minimumSize());
        if (min.width() > kMinimumBudget.width() || min.height() > kMinimumBudget.height())
            for (QWidget* c : w().findChildren<QWidget*>()) // the widgets that hold the window wide, for the message
                if (c->isVisibleTo(&w()) && (c->minimumSizeHint().width() > 900 || c->minimumWidth() > 900))
                    qWarning("wide: %s %s min hint %d min %d", c->metaObject()->className(),
                             qPrintable(c->objectName()), c->minimumSizeHint().width(), c->minimumWidth());
        QVERIFY2(min.width() <= kMinimumBudget.width() && min.height() <= kMinimumBudget.height(),
                 qPrintable(QStringLiteral("%1: minimum size %2 x %3 exceeds 1280 x 720")
                                .arg(when)
                                .arg(min.width())
                                .arg(min.height())));
        QVERIFY2(w().width() <= available.width() && w().height() <= available.height(),
                 qPrintable(QStringLiteral("%1: window %2 x %3 on a %4 x %5 screen")
                                .arg(when)
                                .arg(w().width())
                                .arg(w().height())
                                .arg(available.width())
                                .arg(available.height())));
        // Every view's tab shown whole: no scroll buttons hiding the last tabs.
        QTabBar* bar = w().tabs()->tabBar();
        int tabs = 0;
        for (int i = 0; i < bar->count(); ++i)
            tabs += bar->tabRect(i).width();
        QVERIFY2(tabs <= w().tabs()->width(),
                 qPrintable(QStringLiteral("%1: the view tabs need %2 px, the tab bar has %3 (scroll buttons)")
                                .arg(when)
                                .arg(tabs)
                                .arg(w().tabs()->width())));
        const int current = w().tabs()->currentIndex();
        for (int i = everyView ? 0 : current; i < (everyView ? w().tabs()->count() : current + 1); ++i) {
            w().tabs()->setCurrentIndex(i);
            waitIdle();
            auto* page = qobject_cast<ViewPage*>(w().tabs()->widget(i));
            FigureWidget* figure = page->figure();
            // The part of the figure on screen: a figure taller than its page scrolls (ViewPage), so the figure is
            // clipped to its scroll area's viewport (its parent).
            const QWidget* scrolled = figure->parentWidget();
            const QRect shown = QRect(figure->mapTo(&w(), QPoint(0, 0)), figure->size()) &
                                QRect(scrolled->mapTo(&w(), QPoint(0, 0)), scrolled->size());
            QVERIFY2(w().rect().contains(shown) && shown.width() >= 400 && shown.height() >= 250,
                     qPrintable(QStringLiteral("%1, %2: figure at %3 in a %4 window")
                                    .arg(when, page->title(), describeRect(shown), describeRect(w().rect()))));
            if (!figure->showsPlot())
                continue;
            QCustomPlot* plot = figure->plot();
            // The layout is computed by a replot, which the figure queues; under the sanitizers on a loaded machine
            // the queued one may not have run yet (elements at 0,0 0x0). The geometry checked is the replotted one.
            plot->replot(QCustomPlot::rpImmediateRefresh);
            const QRect viewport = plot->viewport().adjusted(-1, -1, 1, 1);
            for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
                if (!element || !element->visible())
                    continue;
                QVERIFY2(
                    viewport.contains(element->outerRect()),
                    qPrintable(QStringLiteral("%1, %2: %3 at %4 outside the plot %5")
                                   .arg(when, page->title(), QString::fromLatin1(element->metaObject()->className()),
                                        describeRect(element->outerRect()), describeRect(plot->viewport()))));
                // A vertical axis label is drawn along its panel's height: a longer one is cut at both ends.
                if (auto* rect = qobject_cast<QCPAxisRect*>(element))
                    for (QCPAxis* axis : rect->axes(QCPAxis::atLeft | QCPAxis::atRight)) {
                        int need = 0;
                        for (const QString& line : axis->label().split(QLatin1Char('\n')))
                            need = std::max(need, QFontMetrics(axis->labelFont()).horizontalAdvance(line));
                        QVERIFY2(!axis->visible() || axis->label().isEmpty() || need <= rect->height(),
                                 qPrintable(QStringLiteral("%1, %2: the label “%3” needs %4 px, its panel is %5 px "
                                                           "high (minimum %6, plot %7 of minimum %8)")
                                                .arg(when, page->title(), axis->label())
                                                .arg(need)
                                                .arg(rect->height())
                                                .arg(rect->minimumSize().height())
                                                .arg(plot->height())
                                                .arg(plot->minimumHeight())));
                    }
            }
        }
        w().tabs()->setCurrentIndex(current);
    }
};

/// main(): one screenSize() screen (Qt's offscreen platform reads its screens from a JSON file), then the tests.
template <class Test> int runOnScreen(int argc, char** argv)
{
    const QSize size = screenSize();
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screens.json"));
    if (FILE* f = std::fopen(config.toLocal8Bit().constData(), "w")) {
        std::fprintf(f, R"({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": %d, "height": %d,
                           "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})",
                     size.width(), size.height());
        std::fclose(f);
    }
    qputenv("QT_QPA_PLATFORM", QByteArray("offscreen:configfile=") + config.toLocal8Bit());
    QApplication app(argc, argv);
    Test test;
    return QTest::qExec(&test, argc, argv);
}

} // namespace screen_test
