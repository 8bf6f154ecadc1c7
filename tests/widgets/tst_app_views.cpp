// SPDX-License-Identifier: GPL-3.0-or-later
// Every view of the start-up state shows something: a picture, a table, or a note that says what is missing.
// With POSENC_SCREENSHOT_DIR set, each tab of the window is also saved there as a PNG for a human to look at.
#include "MainWindow.h"
#include "explorer/JobRunner.h"
#include "explorer/MethodList.h"
#include "explorer/ParamEditor.h"
#include "explorer/ParamsModel.h"
#include "explorer/ParameterPanel.h"
#include "explorer/StaleOverlay.h"
#include "explorer/StatusReadout.h"
#include "explorer/ValueSpinBox.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "figures/FigureWidget.h"

#include "posenc/analysis/entropy.h"
#include "posenc/registry.h"

#include <QComboBox>
#include <QLabel>
#include <qcustomplot.h>
#include <QDir>
#include <QListWidget>
#include <QScrollBar>
#include <QPushButton>
#include <QSlider>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QSplitter>
#include <QTest>

using namespace posenc::widgets;

namespace {

/// The main window at 1600 x 1000 with fresh settings in `dir`, shown; `settle`: after its start-up figures.
std::unique_ptr<MainWindow> openWindow(const QTemporaryDir& dir, bool settle = true)
{
    auto window = std::make_unique<MainWindow>(std::make_unique<Settings>(dir.filePath("settings.ini")));
    window->resize(1600, 1000);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        qWarning("the window was not exposed");
    if (settle && !QTest::qWaitFor([&] { return window->coordinator()->isIdle(); }, 120000))
        qWarning("the start-up figures did not finish");
    return window;
}

} // namespace

class TestViews : public QObject {
    Q_OBJECT

private slots:
    void everyTabShowsSomething()
    {
        QTemporaryDir dir;
        const auto window = openWindow(dir, false);
        QTest::qWait(200);
        QCOMPARE(window->methodList()->list()->verticalScrollBar()->maximum(), 0); // every method without scrolling
        const QString shots = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
        for (int i = 0; i < window->tabs()->count(); ++i) {
            window->tabs()->setCurrentIndex(i);
            // Idle is not enough: the first job of the current tab may not be submitted yet.
            const auto shown = [&] {
                const FigureData& data = window->currentPage()->figure()->data();
                const bool content =
                    !data.curves.empty() || !data.grids.empty() || !data.tableRows.empty() || !data.table.empty();
                return content || !data.note.isEmpty();
            };
            QTRY_VERIFY_WITH_TIMEOUT(window->coordinator()->isIdle() && shown(), 120000);
            QTest::qWait(150);
            QVERIFY2(shown(), qPrintable(window->tabs()->tabText(i)));
            if (!shots.isEmpty()) {
                QDir().mkpath(shots);
                QVERIFY(window->grab().save(QDir(shots).filePath(QStringLiteral("tab%1.png").arg(i))));
            }
        }
    }

    void optionBarIsGeneratedFromTheFigureSpec()
    {
        // Every option of every view's FigureSpec has its editor, and an edit reaches the request by name.
        for (const FigureSpec& spec : figureSpecs()) {
            ViewPage page(spec.kind);
            for (const auto& option : spec.options) {
                ParamEditor* editor = page.optionEditor(option.name);
                QVERIFY2(editor, option.name.c_str());
                if (option.type == posenc::ParamType::Choice)
                    QCOMPARE(editor->comboBox()->count(), static_cast<int>(option.choices.size()));
                QVERIFY(page.options().options.get(option.name) == option.defaultValue);
            }
        }
        ViewPage entropy(FigureKind::Entropy);
        QSignalSpy changed(&entropy, &ViewPage::optionsChanged);
        auto* temperature = entropy.optionEditor("temperature");
        // The core's name table: every temperature rule (the old bar offered two of them).
        QCOMPARE(temperature->comboBox()->count(), static_cast<int>(std::size(posenc::analysis::kTemperatureNames)));
        QVERIFY(temperature->comboBox()->count() >= 6); // method, none, log-n, seed-log2, su-log512, llama4-nope
        temperature->comboBox()->setCurrentIndex(temperature->comboBox()->findText("log-n"));
        emit temperature->comboBox()->activated(temperature->comboBox()->currentIndex());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(entropy.options().options.choice("temperature"), std::string("log-n"));
        // The same request twice compares equal (defaulted operator==), a changed option does not.
        FigureRequest a = entropy.options(), b = entropy.options();
        QVERIFY(a == b);
        b.options.set("sigma2", 2.0);
        QVERIFY(!(a == b));
    }

    void aSliderStepLeavesTheWindowLayoutAlone()
    {
        // Issue 16 §7: a slider step re-laid out and repainted the whole window when the status bar grew for the
        // progress bar (a job past 400 ms) or the resolved line wrapped one line fewer, and every method's icon
        // was made anew (the list laid out again).
        QTemporaryDir dir;
        const auto window = openWindow(dir);
        StatusReadout* readout = window->readout();
        const int readoutHeight = readout->height();
        readout->setProgress(0.5);
        QCoreApplication::processEvents();
        QVERIFY(readout->progressVisible());
        QCOMPARE(readout->height(), readoutHeight);
        readout->setProgress(-1);
        QCoreApplication::processEvents();
        QCOMPARE(readout->height(), readoutHeight);

        QListWidget* list = window->methodList()->list();
        std::vector<qint64> icons;
        for (int i = 0; i < list->count(); ++i)
            icons.push_back(list->item(i)->icon().cacheKey());
        auto* resolved = window->parameterPanel()->findChild<QLabel*>(QStringLiteral("resolved"));
        QVERIFY(resolved);
        const QRect tabs = window->tabs()->geometry();
        QSlider* slider = window->parameterPanel()->editor("base")->slider();
        int tallest = 0;
        for (int step = 0; step < 12; ++step) {
            slider->setValue(slider->value() + (step % 2 == 0 ? 7 : -3)); // values of other lengths
            QCoreApplication::processEvents();
            QVERIFY2(resolved->height() >= tallest, "the resolved line shrank at a slider step");
            tallest = std::max(tallest, resolved->height());
            QCOMPARE(window->tabs()->geometry(), tabs);
        }
        for (int i = 0; i < list->count(); ++i)
            QCOMPARE(list->item(i)->icon().cacheKey(), icons[static_cast<std::size_t>(i)]);
    }

    void hoverReadoutIsClearedWhenThePictureChanges()
    {
        QTemporaryDir dir;
        const auto window = openWindow(dir, false);
        const auto hover = [&] {
            emit window->currentPage()->figure()->hovered(QStringLiteral("position m = 7"));
            QCOMPARE(window->readout()->hoverText(), QStringLiteral("position m = 7"));
        };
        hover();
        window->tabs()->setCurrentIndex(1); // tab change
        QVERIFY(window->readout()->hoverText().isEmpty());
        hover();
        window->model()->setLength(window->model()->length() / 2); // a parameter (or preset) change
        QVERIFY(window->readout()->hoverText().isEmpty());
        hover();
        window->model()->setChecked("pi", !window->model()->isChecked("pi")); // a method change
        QVERIFY(window->readout()->hoverText().isEmpty());
        window->tabs()->setCurrentIndex(0);
        hover();
        emit window->currentPage()->figure()->visibleWindowChanged(10, 500, 300); // zoom
        QVERIFY(window->readout()->hoverText().isEmpty());
    }

    void factorSliderIsLogarithmicOverASaneRange()
    {
        const posenc::ParamSpec* spec = posenc::Registry::instance().find("yarn").findParam("factor");
        QVERIFY(spec && spec->scale == posenc::ScaleHint::Log);
        ParamEditor e(*spec, true);
        e.setValue(8.0);
        const int at8 = e.sliderPosition(8.0);
        // A 70 px drag on a ~200 px slider (35 % of its steps) took the factor from 8 to about 1000.
        QVERIFY2(e.sliderValue(at8 + 350) < 60, qPrintable(QString::number(e.sliderValue(at8 + 350))));
        QVERIFY(e.sliderValue(at8 + 350) > 16);
        QCOMPARE(e.sliderValue(0), 1.0);
        // The full valid range is reachable by typing; afterwards the slider returns to its own range.
        e.spinBox()->setValue(5000);
        QCOMPARE(e.value(), posenc::ParamValue{5000.0});
        QCOMPARE(e.sliderPosition(5000), e.slider()->maximum());
        e.spinBox()->setValue(8);
        QCOMPARE(e.sliderPosition(8.0), at8);
        QVERIFY(e.sliderValue(e.slider()->maximum()) <= 128);
    }

    void sharedParameterErrorIsOneMessage()
    {
        QTemporaryDir dir;
        const auto window = openWindow(dir);
        QVERIFY(window->coordinator()->isIdle());
        auto* factor = window->parameterPanel()->sharedEditor("factor");
        QVERIFY(factor);
        factor->spinBox()->setValue(0.0); // not above 0 for every compared method that has a factor (below 1 warns)
        QTRY_VERIFY(window->readout()->computeText().startsWith("Not updated"));
        // One line naming every affected method (it was one line per method).
        QCOMPARE(factor->problem().count(QLatin1Char('\n')), 0);
        QVERIFY2(factor->problem().contains(QStringLiteral(", ")), qPrintable(factor->problem()));
        // The editor's label and the value, worded by the interface (ParamText), not core's "--factor 0: ...".
        QVERIFY2(factor->problem().contains(QStringLiteral("factor s = 0 is outside the valid range")),
                 qPrintable(factor->problem()));
    }

    void exportDefaultsToViewAndPresetInTheLastFolder()
    {
        QTemporaryDir dir;
        auto settings = std::make_unique<Settings>(dir.filePath("settings.ini"));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("figures"))); // the last folder is used while it exists
        settings->setLastExportDir(dir.filePath("figures"));
        MainWindow window(std::move(settings));
        window.tabs()->setCurrentWidget(window.page(FigureKind::Decay));
        const QString base = window.defaultExportBase();
        // Named after the view and what is on it (issue 16), in the last export folder.
        QVERIFY2(base.startsWith(QDir(dir.filePath("figures")).filePath(QStringLiteral("decay"))), qPrintable(base));
    }

    void outOfDatePlotSaysSoAndACancelledViewIsNotRestarted()
    {
        QTemporaryDir dir;
        const auto window = openWindow(dir, false);
        ViewPage* entropy = window->page(FigureKind::Entropy);
        window->tabs()->setCurrentWidget(entropy);
        QTRY_VERIFY_WITH_TIMEOUT(window->coordinator()->isIdle(), 120000);
        const auto before = window->coordinator()->shownRequest(entropy);
        QVERIFY(before);
        window->model()->setLength(std::int64_t(1) << 28); // H(n) over 2^28 keys: seconds of work
        // The old picture stays, marked as out of date with the job's progress.
        QTRY_VERIFY_WITH_TIMEOUT(entropy->overlay()->text().startsWith(QStringLiteral("computing")), 20000);
        emit window->readout()->cancelRequested();
        QTRY_VERIFY_WITH_TIMEOUT(entropy->overlay()->isCancelledShown(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(window->coordinator()->isIdle(), 20000);
        // Leaving and returning does not silently restart it: it still says cancelled and offers to recompute.
        window->tabs()->setCurrentIndex(0);
        window->tabs()->setCurrentWidget(entropy);
        QTest::qWait(300);
        QVERIFY(entropy->overlay()->isCancelledShown());
        QVERIFY(entropy->overlay()->text().contains(QStringLiteral("cancelled")));
        QVERIFY(window->coordinator()->shownRequest(entropy)->length == before->length);
        entropy->overlay()->recomputeButton()->click();
        QVERIFY(!entropy->overlay()->isCancelledShown());
        QVERIFY(!window->coordinator()->isIdle()); // asked for: it runs
        emit window->readout()->cancelRequested();
        QTRY_VERIFY_WITH_TIMEOUT(window->coordinator()->isIdle(), 20000);
    }

    /// Issue 16 §7: hidden views follow every change (their data is current) but are drawn only when shown; before,
    /// each hidden view rebuilt and replotted its figure on the GUI thread as its result arrived.
    void hiddenViewsAreDrawnWhenShown()
    {
        QTemporaryDir dir;
        const auto window = openWindow(dir);
        ViewPage* heatmap = window->page(FigureKind::Heatmap);
        ViewPage* spectrum = window->page(FigureKind::Spectrum);
        window->tabs()->setCurrentWidget(heatmap);
        QTRY_VERIFY_WITH_TIMEOUT(window->coordinator()->isIdle(), 120000);
        QTest::qWait(100); // the start-up figures' queued replots
        // The plot itself, not through plot(): asking the figure for its plot draws pending data.
        auto* spectrumPlot = spectrum->figure()->findChild<QCustomPlot*>();
        QVERIFY(spectrumPlot);
        QVERIFY(spectrum->figure()->drawPending()); // hidden since start-up: never drawn
        QSignalSpy replots(spectrumPlot, &QCustomPlot::afterReplot);
        int spectrumShown = 0;
        connect(window->coordinator(), &ViewCoordinator::figureShown, this,
                [&](ViewPage* page, double) { spectrumShown += page == spectrum ? 1 : 0; });
        auto* base = window->parameterPanel()->sharedEditor("base");
        QVERIFY(base);
        base->spinBox()->setValue(base->spinBox()->value() * 2);
        QTRY_VERIFY_WITH_TIMEOUT(window->coordinator()->isIdle(), 120000);
        QTest::qWait(50); // queued replots
        QCOMPARE(spectrumShown, 1);
        QVERIFY(spectrum->figure()->drawPending());
        QCOMPARE(replots.count(), 0);
        QVERIFY(window->coordinator()->shownRequest(spectrum)->methods ==
                window->coordinator()->shownRequest(heatmap)->methods); // its data is the current state's
        window->tabs()->setCurrentWidget(spectrum);
        QVERIFY(!spectrum->figure()->drawPending());
        QTRY_VERIFY_WITH_TIMEOUT(replots.count() >= 1, 5000);
        QVERIFY(spectrum->figure()->plot()->plottableCount() > 0);
    }

    /// A quick visible view is not cancelled by the next change: its picture is shown, then the latest values are
    /// computed (a dragged slider gets a frame per computation); the last picture is of the last values.
    void quickViewFinishesItsJobAndShowsTheLatestValues()
    {
        QTemporaryDir dir;
        const auto window = openWindow(dir);
        ViewPage* heatmap = window->page(FigureKind::Heatmap);
        window->tabs()->setCurrentWidget(heatmap);
        QTRY_VERIFY_WITH_TIMEOUT(window->coordinator()->isIdle(), 120000);
        // The rule: a running job is left to finish when the view's last picture took at most kFinishInFlightMs.
        // Under the sanitizers on a loaded machine a picture can take longer; then the next edit may cancel it.
        int slowPictures = 0;
        connect(window->coordinator(), &ViewCoordinator::figureShown, this, [&](ViewPage* page, double ms) {
            slowPictures += page == heatmap && ms > ViewCoordinator::kFinishInFlightMs ? 1 : 0;
        });
        window->model()->setLength(256); // a picture of a few milliseconds, also under the sanitizers
        QTRY_VERIFY_WITH_TIMEOUT(window->coordinator()->isIdle(), 120000);
        auto* base = window->parameterPanel()->sharedEditor("base");
        QVERIFY(base);
        // The runner's channel of the heatmap is its page index in the coordinator.
        const auto& pages = window->coordinator()->pages();
        const int channel = static_cast<int>(std::find(pages.begin(), pages.end(), heatmap) - pages.begin());
        QSignalSpy cancelled(window->runner(), &JobRunner::cancelled);
        QSignalSpy started(window->runner(), &JobRunner::started);
        const double start = base->spinBox()->value();
        for (int i = 1; i <= 12; ++i) { // faster than the view computes
            base->spinBox()->setValue(start + 1000.0 * i);
            QCoreApplication::processEvents();
        }
        QTRY_VERIFY_WITH_TIMEOUT(window->coordinator()->isIdle(), 120000);
        const auto count = [&](const QSignalSpy& spy) {
            return std::count_if(spy.begin(), spy.end(), [&](const QList<QVariant>& a) { return a.at(0).toInt() == channel; });
        };
        // The rule as stated: with no slow picture, no job is cancelled. One slow picture may cost several: its time
        // stays the view's last until a picture is shown, so each edit meanwhile may cancel the running job (the
        // sanitizer run saw 3 cancellations after 1 slow picture).
        QVERIFY2(slowPictures > 0 || count(cancelled) == 0,
                 qPrintable(QStringLiteral("%1 jobs cancelled, %2 pictures slower than %3 ms")
                                .arg(count(cancelled))
                                .arg(slowPictures)
                                .arg(ViewCoordinator::kFinishInFlightMs)));
        QVERIFY(count(started) >= 1 && count(started) <= 12);
        QCOMPARE(window->coordinator()->shownRequest(heatmap)->methods.front().params.real("base"), start + 12000.0);
    }

    void methodListShowsEveryMethodAtTheDefaultSize()
    {
        QTemporaryDir dir;
        MainWindow window(std::make_unique<Settings>(dir.filePath("settings.ini")));
        window.show(); // the default size
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QListWidget* list = window.methodList()->list();
        QTRY_VERIFY(list->isVisible());
        QTest::qWait(200); // the layout settles
        QCOMPARE(list->verticalScrollBar()->maximum(), 0);
        const QRect last = list->visualItemRect(list->item(list->count() - 1));
        QVERIFY2(list->viewport()->rect().contains(last), "the last method is cut off");
        // The left column at its narrowest: the hint above the list wraps to more lines, and that height must
        // not come out of the list (it did: the last row was cut by half a line).
        auto* columns = qobject_cast<QSplitter*>(window.centralWidget());
        QVERIFY(columns);
        columns->setSizes({0, 4000});
        QTest::qWait(200);
        QVERIFY(window.methodList()->width() <= 340);
        QCOMPARE(list->verticalScrollBar()->maximum(), 0);
        QVERIFY2(list->viewport()->rect().contains(list->visualItemRect(list->item(list->count() - 1))),
                 "the last method is cut off in the narrow column");
        // After a gallery figure with three methods and YaRN's parameters in the panel below.
        columns->setSizes({360, 1140});
        QVERIFY(window.openGalleryFigure("rope-rotation"));
        QTest::qWait(300);
        QCOMPARE(list->verticalScrollBar()->maximum(), 0);
        QVERIFY2(list->viewport()->rect().contains(list->visualItemRect(list->item(list->count() - 1))),
                 "the last method is cut off after opening a figure");
    }

    void invalidValueIsExplainedInPlace()
    {
        QTemporaryDir dir;
        const auto window = openWindow(dir);
        QVERIFY(window->coordinator()->isIdle());
        auto* beta = window->parameterPanel()->sharedEditor("beta");
        QVERIFY(beta);
        beta->spinBox()->setValue(0.5); // below alpha = 1: HF warns and computes (issue 8), so YaRN warns in place
        // Core names alpha as the parameter of the pair; the warning sits on that field, the views still update.
        // It names the controls as labelled, not the command-line flags (issue 35).
        auto* alpha = window->parameterPanel()->sharedEditor("alpha");
        QVERIFY2(alpha->problem().isEmpty(), qPrintable(alpha->problem()));
        QVERIFY2(alpha->warning().contains("YaRN: ") && alpha->warning().contains("is not below beta = 0.5"),
                 qPrintable(alpha->warning()));
        QVERIFY(alpha->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(window->coordinator()->isIdle(), 120000);
        QVERIFY(!window->readout()->computeText().startsWith("Not updated"));
        // a truly invalid value is still refused in place: base 1
        auto* base = window->parameterPanel()->sharedEditor("base");
        QVERIFY(base);
        base->spinBox()->setValue(1.0);
        QVERIFY2(!base->problem().isEmpty(), "base 1 must be refused in place");
        QVERIFY(window->readout()->computeText().startsWith("Not updated"));
        const QString shots = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            QTest::qWait(100);
            QVERIFY(window->grab().save(QDir(shots).filePath(QStringLiteral("invalid.png"))));
        }
    }
};

QTEST_MAIN(TestViews)
#include "tst_app_views.moc"
