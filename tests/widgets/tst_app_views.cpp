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
        beta->spinBox()->setValue(0.5); // below alpha = 1: HF warns and computes (issue 8), so YaRN warns in place
        // Core names alpha as the parameter of the pair; the warning sits on that field, the views still update.
        auto* alpha = window.parameterPanel()->sharedEditor("alpha");
        QVERIFY2(alpha->problem().isEmpty(), qPrintable(alpha->problem()));
        QVERIFY2(alpha->warning().contains("YaRN: ") && alpha->warning().contains("is not below --beta-fast 0.5"),
                 qPrintable(alpha->warning()));
        QVERIFY(alpha->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(window.coordinator()->isIdle(), 120000);
        QVERIFY(!window.readout()->computeText().startsWith("Not updated"));
        // a truly invalid value is still refused in place: base 1
        auto* base = window.parameterPanel()->sharedEditor("base");
        QVERIFY(base);
        base->spinBox()->setValue(1.0);
        QVERIFY2(!base->problem().isEmpty(), "base 1 must be refused in place");
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
