// SPDX-License-Identifier: GPL-3.0-or-later
// The explorer driven through its real widgets: slider → ParamsModel → jobs → FigureWidget, read back and checked
// against core's numbers; overlays; invalid entries; a burst of random edits; export; undo; persisted state.
#include "MainWindow.h"
#include "explorer/MethodList.h"
#include "explorer/ParamEditor.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/StatusReadout.h"
#include "explorer/ValueSpinBox.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "export/Exporter.h"
#include "figures/FigureWidget.h"

#include "posenc/matrix.h"
#include "posenc/registry.h"

#include <QListWidget>
#include <QScreen>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <qcustomplot.h>

#include <cmath>
#include <numbers>
#include <random>

using namespace posenc;
using namespace posenc::widgets;

namespace {

constexpr int kIdleTimeoutMs = 60000;

std::vector<QCPGraph*> graphs(QCustomPlot* plot)
{
    std::vector<QCPGraph*> out;
    for (int i = 0; i < plot->graphCount(); ++i)
        out.push_back(plot->graph(i));
    return out;
}

QCPColorMap* colorMap(QCustomPlot* plot)
{
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* map = qobject_cast<QCPColorMap*>(plot->plottable(i)))
            return map;
    return nullptr;
}

/// Mean of core's cos view over the positions of each bin; checks every `stride`-th bin.
void expectHeatmapMatchesCore(const Grid& grid, const Encoding& encoding, std::size_t stride)
{
    QVERIFY(grid.rows > 0);
    QCOMPARE(grid.rowEdges.size(), static_cast<std::size_t>(grid.rows + 1));
    QCOMPARE(static_cast<std::size_t>(grid.cols), encoding.columns(View::Cos, {}));
    for (std::size_t r = 0; r < static_cast<std::size_t>(grid.rows); r += stride) {
        MatrixRequest req;
        req.view = View::Cos;
        req.firstPosition = grid.rowEdges[r];
        req.length = grid.rowEdges[r + 1] - grid.rowEdges[r];
        const Matrix m = computeMatrix(encoding, req);
        for (std::size_t c = 0; c < m.cols; ++c) {
            double mean = 0;
            for (std::size_t i = 0; i < m.rows; ++i)
                mean += m(i, c);
            mean /= static_cast<double>(m.rows);
            const double shown = grid.values[r * static_cast<std::size_t>(grid.cols) + c];
            if (std::abs(shown - mean) > 1e-9)
                QFAIL(qPrintable(
                    QStringLiteral("bin %1 column %2: shown %3, core %4").arg(r).arg(c).arg(shown).arg(mean)));
        }
    }
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;

    std::unique_ptr<Settings> settings() { return std::make_unique<Settings>(m_dir.filePath("settings.ini")); }
    MainWindow& w() { return *m_window; }
    FigureWidget* figure(FigureKind kind) { return w().page(kind)->figure(); }

    void waitIdle()
    {
        QTRY_VERIFY_WITH_TIMEOUT(w().coordinator()->isIdle(), kIdleTimeoutMs);
        QTest::qWait(50); // the queued replots
    }

private slots:
    void init()
    {
        QFile::remove(m_dir.filePath("settings.ini"));
        m_window = std::make_unique<MainWindow>(settings());
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        waitIdle();
    }

    void cleanup() { m_window.reset(); }

    void firstLaunchShowsLlama2Comparison()
    {
        QCOMPARE(w().model()->methods(), (std::vector<std::string>{"rope", "pi", "ntk-aware", "yarn"}));
        QCOMPARE(w().model()->length(), std::int64_t(32768));
        QCOMPARE(w().model()->resolved("yarn").real("factor"), 8.0);
        QCOMPARE(w().currentPage()->kind(), FigureKind::Heatmap);
        const auto& data = figure(FigureKind::Heatmap)->data();
        QCOMPARE(data.grids.size(), std::size_t(1));
        QVERIFY2(data.title.startsWith("RoPE"), qPrintable(data.title));
        QCOMPARE(data.grids.front().rowEdges.front(), std::int64_t(0));
        QCOMPARE(data.grids.front().rowEdges.back(), std::int64_t(32768));
        QVERIFY(w().model()->undoStack()->count() == 0);
    }

    void baseSliderUpdatesHeatmapAndWavelengths()
    {
        auto* editor = w().parameterPanel()->editor("base");
        QVERIFY(editor && editor->slider());
        const int position = editor->slider()->value() + 120;
        const double base = editor->sliderValue(position);
        QVERIFY(std::abs(base - 10000.0) > 1000);
        editor->slider()->setValue(position);
        QCOMPARE(w().model()->resolved("rope").real("base"), base);
        QCOMPARE(w().model()->resolved("yarn").real("base"), base); // shared
        QCOMPARE(editor->spinBox()->value(), base);
        waitIdle();

        // Heatmap: the data and the colour map cells equal core's matrix (bin means) for the new base.
        ParamSet p = w().model()->resolved("rope");
        const auto encoding = Registry::build(Registry::instance().find("rope"), p);
        const Grid& grid = figure(FigureKind::Heatmap)->data().grids.front();
        expectHeatmapMatchesCore(grid, *encoding, 7);
        QCPColorMap* map = colorMap(figure(FigureKind::Heatmap)->plot());
        QVERIFY(map);
        for (int r : {0, 5, static_cast<int>(grid.rows) - 1})
            for (int c : {0, 17, 127})
                QCOMPARE(map->data()->cell(r, c), grid.values[static_cast<std::size_t>(r * grid.cols + c)]);

        // Wavelength curve: lambda_i = 2 pi base^(2i/d) for RoPE, as plotted.
        QCPGraph* rope = nullptr;
        for (auto* g : graphs(figure(FigureKind::Frequencies)->plot()))
            if (g->name() == "RoPE")
                rope = g;
        QVERIFY(rope);
        QCOMPARE(rope->data()->size(), 64);
        for (int i = 0; i < 64; ++i) {
            const double expected = 2 * std::numbers::pi * std::pow(base, 2.0 * i / 128.0);
            QVERIFY(std::abs(rope->data()->at(i)->value - expected) <= 1e-12 * expected);
        }
    }

    void zoomRecomputesTheVisibleWindow()
    {
        QCustomPlot* plot = figure(FigureKind::Heatmap)->plot();
        plot->axisRect(0)->axis(QCPAxis::atBottom)->setRange(999.5, 1099.5); // positions 1000..1099
        waitIdle();
        const Grid& grid = figure(FigureKind::Heatmap)->data().grids.front();
        QCOMPARE(grid.rowEdges.front(), std::int64_t(1000));
        QCOMPARE(grid.rowEdges.back(), std::int64_t(1100));
        QCOMPARE(grid.rows, std::int64_t(100)); // single positions at screen resolution
        const auto encoding = Registry::build(Registry::instance().find("rope"), w().model()->resolved("rope"));
        expectHeatmapMatchesCore(grid, *encoding, 1);
    }

    void selectedMethodsAreOverlaid()
    {
        QListWidget* list = w().methodList()->list();
        const auto setChecked = [list](const QString& id, bool on) {
            for (int i = 0; i < list->count(); ++i)
                if (list->item(i)->data(Qt::UserRole).toString() == id)
                    list->item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        };
        setChecked("llama3", true);
        setChecked("pi", false);
        waitIdle();
        const std::vector<std::string> expected{"rope", "ntk-aware", "yarn", "llama3"};
        QCOMPARE(w().model()->methods(), expected);
        for (FigureKind kind : {FigureKind::Frequencies}) {
            const auto gs = graphs(figure(kind)->plot());
            std::vector<QCPGraph*> methodGraphs;
            for (auto* g : gs)
                if (g->pen().style() == Qt::SolidLine)
                    methodGraphs.push_back(g);
            QCOMPARE(methodGraphs.size(), expected.size());
            for (std::size_t i = 0; i < expected.size(); ++i) {
                const auto& def = Registry::instance().find(expected[i]);
                QCOMPARE(methodGraphs[i]->name(), QString::fromStdString(def.info.displayName));
                QCOMPARE(methodGraphs[i]->pen().color(), methodColor(expected[i]));
            }
        }
    }

    void invalidEntryKeepsLastGoodPicture()
    {
        const std::vector<double> before = figure(FigureKind::Heatmap)->data().grids.front().values;
        auto* editor = w().parameterPanel()->editor("head-dim");
        editor->spinBox()->setValue(127);
        QVERIFY2(editor->problem().contains("even"), qPrintable(editor->problem()));
        QVERIFY(editor->spinBox()->property("invalid").toBool());
        QVERIFY2(w().readout()->computeText().startsWith("Not updated"), qPrintable(w().readout()->computeText()));
        QTest::qWait(200);
        waitIdle();
        QCOMPARE(figure(FigureKind::Heatmap)->data().grids.front().values, before);

        editor->spinBox()->setValue(64);
        QVERIFY(editor->problem().isEmpty());
        waitIdle();
        QCOMPARE(figure(FigureKind::Heatmap)->data().grids.front().cols, std::int64_t(64));
    }

    void randomBurstEndsConsistent()
    {
        std::mt19937 rng(20240611);
        const auto& methods = Registry::instance().methods();
        for (int i = 0; i < 1000; ++i) {
            const int action = static_cast<int>(rng() % 10);
            if (action < 6) {
                const auto& editors = w().parameterPanel()->editors();
                if (editors.empty())
                    continue; // a method without parameters (NoPE)
                auto* e = editors[rng() % editors.size()];
                if (e->slider() && e->slider()->isEnabled())
                    e->slider()->setValue(static_cast<int>(rng() % 1001));
                else if (e->comboBox()) {
                    e->comboBox()->setCurrentIndex(static_cast<int>(rng() % e->comboBox()->count()));
                    emit e->comboBox()->activated(e->comboBox()->currentIndex());
                }
            } else if (action < 8) {
                const auto& id = methods[rng() % methods.size()].info.id;
                w().model()->setChecked(id, !w().model()->isChecked(id));
            } else if (action == 8) {
                const auto& id = methods[rng() % methods.size()].info.id;
                w().methodList()->setCurrentMethod(id);
            } else if (!w().model()->methods().empty()) {
                const auto& ms = w().model()->methods();
                w().model()->setPrimary(ms[rng() % ms.size()]);
            }
        }
        QTest::qWait(100);
        waitIdle();
        // Either every view shows the final state, or the final state is invalid and says why.
        if (!w().model()->isValid()) {
            QVERIFY(w().readout()->computeText().startsWith("Not updated"));
            w().model()->undoStack()->setIndex(0); // back to the start-up state
            waitIdle();
        }
        QVERIFY(w().model()->isValid());
        const auto selections = w().model()->selections();
        for (auto* page : w().coordinator()->pages()) {
            const auto& shown = w().coordinator()->shownRequest(page);
            if (!shown)
                continue; // a view that does not apply to these methods keeps its message
            QCOMPARE(shown->methods.size(), selections.size());
            for (std::size_t i = 0; i < selections.size(); ++i) {
                QCOMPARE(shown->methods[i].id, selections[i].id);
                QVERIFY(shown->methods[i].params == selections[i].params);
            }
        }
        const auto& heatmap = w().coordinator()->shownRequest(w().page(FigureKind::Heatmap));
        QVERIFY(heatmap);
        QCOMPARE(heatmap->methods.front().id, w().model()->primary());
    }

    /// The Entropy view's Score and σ² are greyed, with the reason, when no drawn method rotates and Show is H itself
    /// (the score model is the rotary methods' only, and RoPE's when its entropy is subtracted); σ² also under the
    /// all-ones score, which it does not scale (was: both always on).
    void entropyScoreOptionsFollowTheDrawnMethods()
    {
        ViewPage* page = w().page(FigureKind::Entropy);
        ParamEditor* score = page->optionEditor("score");
        ParamEditor* sigma2 = page->optionEditor("sigma2");
        QVERIFY(score && sigma2);
        QVERIFY(score->isEnabled() && sigma2->isEnabled()); // the start-up methods rotate
        const int start = w().model()->undoStack()->index();
        w().model()->setPrimary("alibi");
        const std::vector<std::string> before = w().model()->methods(); // a copy: each edit replaces the list
        for (const std::string& id : before)
            if (id != "alibi")
                w().model()->setChecked(id, false);
        QVERIFY(score->isEnabled() && sigma2->isEnabled()); // the default Show subtracts RoPE's entropy
        page->setOption("show", std::string("entropy"));
        QVERIFY(!score->isEnabled() && !sigma2->isEnabled());
        QVERIFY2(score->toolTip().contains(QStringLiteral("rotary method is drawn")), qPrintable(score->toolTip()));
        w().model()->setChecked("yarn", true); // a rotary method beside ALiBi: its logits use the score model
        QVERIFY(score->isEnabled() && sigma2->isEnabled());
        page->setOption("score", std::string("all-ones"));
        QVERIFY(score->isEnabled() && !sigma2->isEnabled());
        QVERIFY2(sigma2->toolTip().contains(QStringLiteral("expected-similar")), qPrintable(sigma2->toolTip()));
        page->setOption("score", std::string("expected-similar"));
        QVERIFY(sigma2->isEnabled());
        page->setOption("show", std::string("entropy-minus-rope"));
        w().model()->undoStack()->setIndex(start);
        waitIdle();
    }

    void exportWritesRequestedPixelSize()
    {
        ExportOptions o;
        o.path = m_dir.filePath("heatmap.png");
        o.width = 640;
        o.height = 400;
        o.scale = 2.0;
        const auto result = Exporter::exportFigure(*figure(FigureKind::Heatmap), o);
        QVERIFY2(result.ok, qPrintable(result.message));
        const QImage image(o.path);
        QCOMPARE(image.size(), QSize(1280, 800));
    }

    void undoRedoShortcuts()
    {
        w().activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        auto* editor = w().parameterPanel()->editor("base");
        editor->slider()->setValue(editor->slider()->value() - 50);
        const double changed = w().model()->resolved("rope").real("base");
        QVERIFY(changed != 10000.0);
        QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w().model()->resolved("rope").real("base"), 10000.0);
        QCOMPARE(editor->spinBox()->value(), 10000.0);
        QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w().model()->resolved("rope").real("base"), changed);
    }

    void windowStatePersists()
    {
        // A size that fits the screen comes back exactly.
        w().tabs()->setCurrentIndex(3);
        const QSize available = w().screen()->availableGeometry().size();
        const QSize size =
            QSize(available.width() * 9 / 10 - 7, available.height() * 9 / 10 - 5).expandedTo(w().minimumSizeHint());
        QVERIFY2(size.width() <= available.width() && size.height() <= available.height(),
                 "the window's minimum size does not fit the test screen");
        w().resize(size);
        w().close();
        m_window = std::make_unique<MainWindow>(settings());
        QCOMPARE(w().tabs()->currentIndex(), 3);
        QCOMPARE(w().size(), size);
    }

    void geometryFromALargerScreenIsPlacedOnThisOne()
    {
        // Issue 16 §1: a geometry saved on a larger screen (or in presentation mode) is not restored off-screen.
        const QRect available = w().screen()->availableGeometry();
        w().resize(available.width() + 400, available.height() + 300);
        w().close();
        m_window = std::make_unique<MainWindow>(settings());
        QVERIFY(w().width() <= available.width());
        QVERIFY(w().height() <= available.height());
        QVERIFY(available.contains(w().geometry()));
    }

    void presentationModeEnlargesTextAndLines()
    {
        // Issue 9 §2: View ▸ Presentation mode: full screen, figure text and lines 1.6 times larger; off restores.
        waitIdle();
        QCustomPlot* plot = figure(FigureKind::Frequencies)->plot();
        const double axisPoints = plot->axisRect()->axis(QCPAxis::atBottom)->labelFont().pointSizeF();
        const double uiPoints = w().font().pointSizeF();
        w().setPresentationMode(true);
        QVERIFY(w().presentationMode());
        QVERIFY(w().windowState() & Qt::WindowFullScreen);
        plot = figure(FigureKind::Frequencies)->plot(); // redrawn
        QCOMPARE(plot->axisRect()->axis(QCPAxis::atBottom)->labelFont().pointSizeF(),
                 axisPoints * MainWindow::kPresentationScale);
        QCOMPARE(w().font().pointSizeF(), uiPoints * MainWindow::kPresentationScale);
        double widest = 0;
        for (int i = 0; i < plot->graphCount(); ++i)
            widest = std::max(widest, plot->graph(i)->pen().widthF());
        QCOMPARE(widest, 2.0 * MainWindow::kPresentationScale);
        w().setPresentationMode(false);
        QVERIFY(!(w().windowState() & Qt::WindowFullScreen));
        QCOMPARE(figure(FigureKind::Frequencies)->plot()->axisRect()->axis(QCPAxis::atBottom)->labelFont().pointSizeF(),
                 axisPoints);
        QCOMPARE(w().font().pointSizeF(), uiPoints);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
