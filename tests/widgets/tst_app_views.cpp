// SPDX-License-Identifier: GPL-3.0-or-later
// Every view of the start-up state shows something: a picture, a table, or a note that says what is missing.
// With POSENC_SCREENSHOT_DIR set, each tab of the window is also saved there as a PNG for a human to look at.
#include "MainWindow.h"
#include "explorer/ParamEditor.h"
#include "explorer/ParameterPanel.h"
#include "explorer/StatusReadout.h"
#include "explorer/ValueSpinBox.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "figures/FigureWidget.h"

#include <QDir>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace posenc::widgets;

class TestViews : public QObject {
    Q_OBJECT

private slots:
    void everyTabShowsSomething()
    {
        QTemporaryDir dir;
        MainWindow window(std::make_unique<Settings>(dir.filePath("settings.ini")));
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QString shots = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
        for (int i = 0; i < window.tabs()->count(); ++i) {
            window.tabs()->setCurrentIndex(i);
            QTRY_VERIFY_WITH_TIMEOUT(window.coordinator()->isIdle(), 120000);
            QTest::qWait(150);
            const FigureData& data = window.currentPage()->figure()->data();
            const bool content = !data.curves.empty() || !data.grids.empty() || !data.tableRows.empty() ||
                                 !data.table.empty();
            QVERIFY2(content || !data.note.isEmpty(), qPrintable(window.tabs()->tabText(i)));
            if (!shots.isEmpty()) {
                QDir().mkpath(shots);
                QVERIFY(window.grab().save(QDir(shots).filePath(QStringLiteral("tab%1.png").arg(i))));
            }
        }
    }

    void invalidValueIsExplainedInPlace()
    {
        QTemporaryDir dir;
        MainWindow window(std::make_unique<Settings>(dir.filePath("settings.ini")));
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.coordinator()->isIdle(), 120000);
        auto* beta = window.parameterPanel()->sharedEditor("beta");
        QVERIFY(beta);
        beta->spinBox()->setValue(0.5); // below alpha = 1: YaRN (the method that has beta) rejects it
        // Core names alpha as the offending parameter of the pair; the message sits on that field.
        auto* alpha = window.parameterPanel()->sharedEditor("alpha");
        QVERIFY2(alpha->problem().startsWith("YaRN: ") && alpha->problem().contains("smaller than --beta 0.5"),
                 qPrintable(alpha->problem()));
        QVERIFY(alpha->isVisible());
        QVERIFY(window.readout()->computeText().startsWith("Not updated"));
        const QString shots = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            QTest::qWait(100);
            QVERIFY(window.grab().save(QDir(shots).filePath(QStringLiteral("invalid.png"))));
        }
    }
};

QTEST_MAIN(TestViews)
#include "tst_app_views.moc"
