// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 35 on a 1366 x 768 screen (POSENC_SCREEN=1920x1080 for the other), what looking at every view found: status
// messages readable (not "met"), the method list's last row above its buttons, band labels whole ("interpolat"),
// the Scaling plot not squeezed by its note, the Bounds table with every row, and a GUI export computed at its own
// resolution, whose title states its binning. Session 35: the Entropy view's default draws H − H(RoPE) (the
// methods' differences of hundredths of a nat visible), the Grid view's spin boxes line up with its other editors.
#include "trust_fixture.h"

#include "figure_selection.h"

#include "explorer/Presets.h"
#include "explorer/StatusReadout.h"
#include "export/Exporter.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTableWidget>

using namespace posenc;
using namespace posenc::widgets;

namespace {

/// The known answers of tests/data/entropy_default.json (NumPy, tests/data/make_entropy_default.py): H(n) of
/// RoPE, PI s 8, YaRN s 8 and YaRN s 8 without its attention factor, expected-similar σ² 0.25, d 128, b 1e4.
struct Golden {
    std::vector<double> lengths;
    std::vector<std::vector<double>> entropy; ///< rope, pi, yarn, yarn with a = 1
};
Golden golden()
{
    QFile f(QStringLiteral(POSENC_TEST_DATA_DIR "/entropy_default.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("tests/data/entropy_default.json is missing");
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    Golden g;
    for (const auto& n : o.value(QStringLiteral("lengths")).toArray())
        g.lengths.push_back(n.toDouble());
    for (const auto& c : o.value(QStringLiteral("cases")).toArray()) {
        g.entropy.emplace_back();
        for (const auto& h : c.toObject().value(QStringLiteral("entropy")).toArray())
            g.entropy.back().push_back(h.toDouble());
    }
    return g;
}

FigureRequest entropyCases(std::int64_t length)
{
    using test::method;
    MethodSelection plain = method("yarn", {{"factor", "8"}, {"attention-factor", "1"}});
    plain.instance = 2;
    return test::request(FigureKind::Entropy,
                         {method("rope"), method("pi", {{"factor", "8"}}), method("yarn", {{"factor", "8"}}), plain},
                         length);
}

} // namespace

class TestTrustViews : public QObject, public trust_test::TrustFixture {
    Q_OBJECT

private slots:
    void init() { reset(); }
    void cleanup() { close(); }

    void statusMessagesAreReadable()
    {
        // A message was drawn left of the read-out in the few pixels its stretch left: "met". Now it has the
        // read-out's room: whole, or elided at the end with the whole text as tooltip, never a stub.
        m_f.open();
        const QString shortMessage = QStringLiteral("methods compared: RoPE, YaRN");
        w().statusBar()->showMessage(shortMessage, 60000);
        QCOMPARE(w().readout()->shownText(), shortMessage);
        const QString longMessage =
            QStringLiteral("Exported to ") + QString(300, QLatin1Char('x')) + QStringLiteral(".png");
        w().statusBar()->showMessage(longMessage, 60000);
        const QString shown = w().readout()->shownText();
        QVERIFY2(shown.endsWith(QChar(0x2026)) && shown.size() >= 40, qPrintable(shown));
        QVERIFY(longMessage.startsWith(shown.chopped(1)));
        QCOMPARE(w().readout()->shownWhole(), longMessage);
        QVERIFY(w().readout()->fontMetrics().horizontalAdvance(shown) <= w().readout()->shownRoom());
        // A longer compute time narrows the message's room: it is elided again, not cut through a glyph.
        w().readout()->setComputeTime(QStringLiteral("Scaling ramp / interpolation, a long view name"), 0.2);
        QApplication::processEvents();
        const QString narrower = w().readout()->shownText();
        QVERIFY2(narrower.size() < shown.size(), qPrintable(narrower));
        QVERIFY(w().readout()->fontMetrics().horizontalAdvance(narrower) <= w().readout()->shownRoom());
        w().statusBar()->clearMessage();
        QCOMPARE(w().readout()->shownText(), QString()); // back to the (empty) hover read-out
        QCOMPARE(w().statusBar()->currentMessage(), QString());
    }

    void methodListShowsItsLastRow()
    {
        // Every row, the last one included, above the list's buttons and inside its viewport, at this screen's
        // window (normal and presentation mode with the panel shown).
        m_f.open();
        for (const bool presentation : {false, true}) {
            w().setPresentationMode(presentation);
            if (presentation)
                w().setSidePanelShown(true);
            waitIdle();
            QTest::qWait(100);
            QListWidget* list = w().methodList()->list();
            const QRect last = list->visualItemRect(list->item(list->count() - 1));
            const QRect viewport = list->viewport()->rect();
            QVERIFY2(viewport.contains(last),
                     qPrintable(QStringLiteral("presentation %1: last row %2 in a viewport %3")
                                    .arg(presentation)
                                    .arg(screen_test::describeRect(last), screen_test::describeRect(viewport))));
            QCOMPARE(list->verticalScrollBar()->maximum(), 0);
            const QPoint bottom = list->viewport()->mapTo(&w(), last.bottomLeft());
            for (auto* button : w().methodList()->findChildren<QPushButton*>())
                QVERIFY2(button->mapTo(&w(), QPoint(0, 0)).y() > bottom.y(), qPrintable(button->text()));
        }
        w().setPresentationMode(false);
    }

    void bandLabelsAreWhole()
    {
        // The shaded bands' labels (Frequencies / Ramp: "interpolate θ/s (12)", Bounds, Attention span) lie inside
        // their panel: a label centred on a band at the panel's edge was cut ("interpolat").
        m_f.open();
        ParamState s = w().model()->state();
        s.methods = {"yarn", "rope", "pi"};
        w().model()->setState(s, QStringLiteral("bands"));
        int checked = 0;
        for (int i = 0; i < w().tabs()->count(); ++i) {
            ViewPage* page = showView(i);
            if (!page || !page->figure()->showsPlot())
                continue;
            QCustomPlot* plot = page->figure()->plot();
            plot->replot(QCustomPlot::rpImmediateRefresh);
            for (int k = 0; k < plot->itemCount(); ++k) {
                auto* t = qobject_cast<QCPItemText*>(plot->item(k));
                if (!t || !t->clipAxisRect() || t->position->typeY() != QCPItemPosition::ptAxisRectRatio ||
                    t->positionAlignment() != (Qt::AlignHCenter | Qt::AlignTop) || t->text().isEmpty())
                    continue;
                const double half = QFontMetricsF(t->font()).horizontalAdvance(t->text()) / 2;
                const double at = t->position->pixelPosition().x();
                const QRect rect = t->clipAxisRect()->rect();
                QVERIFY2(at - half >= rect.left() - 1 && at + half <= rect.right() + 1,
                         qPrintable(QStringLiteral("%1: “%2” at %3 ± %4 in a panel %5")
                                        .arg(page->title(), t->text())
                                        .arg(at)
                                        .arg(half)
                                        .arg(screen_test::describeRect(rect))));
                ++checked;
            }
        }
        qInfo("%d band labels inside their panels", checked);
        QVERIFY(checked >= 3);
    }

    void scalingPlotKeepsTheFigure()
    {
        // The Scaling view's note (every rule's formula and source: 12 lines) left its plot ~240 px: the panel,
        // axes included, now keeps at least 60 % of the figure's height at 1366 x 768 (the default: every rule).
        m_f.open();
        auto* page = w().page(FigureKind::AttentionScale);
        QVERIFY(page);
        w().tabs()->setCurrentWidget(page);
        waitIdle();
        QTest::qWait(100);
        FigureWidget* figure = page->figure();
        figure->plot()->replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(figure->plot()->axisRectCount(), 1);
        const int panel = figure->plot()->axisRect()->outerRect().height();
        const double share = double(panel) / figure->height();
        qInfo("Scaling at %d x %d: panel %d px of a %d px figure (%.1f %%)", m_f.screen.width(), m_f.screen.height(),
              panel, figure->height(), 100 * share);
        QVERIFY2(share >= 0.60, qPrintable(QString::number(100 * share)));
    }

    void boundsTableShowsEveryRow()
    {
        // Bounds: the table under the plot showed 1–2 rows and scrolled inside a page that scrolls itself. It is as
        // tall as its rows (no scroll bar of its own); the page scrolls to it.
        m_f.open();
        ParamState s = w().model()->state();
        s.methods = {"yarn", "rope", "pi", "ntk-aware"};
        w().model()->setState(s, QStringLiteral("bounds"));
        auto* page = w().page(FigureKind::Bounds);
        w().tabs()->setCurrentWidget(page);
        waitIdle();
        QTest::qWait(100);
        QTableWidget* table = page->figure()->table();
        QVERIFY(table->isVisible() && table->rowCount() >= 5);
        QCOMPARE(table->verticalScrollBar()->maximum(), 0);
        const QRect last = table->visualRect(table->model()->index(table->rowCount() - 1, 0));
        QVERIFY2(table->viewport()->rect().contains(last),
                 qPrintable(
                     QStringLiteral("last row %1 in a viewport %2")
                         .arg(screen_test::describeRect(last), screen_test::describeRect(table->viewport()->rect()))));
        qInfo("Bounds at %d x %d: %d rows, table %d px, figure %d px", m_f.screen.width(), m_f.screen.height(),
              table->rowCount(), table->height(), page->figure()->height());
    }

    // ---- the Entropy view's default: H(n) − H(RoPE, n) ----

    void entropyDefaultDrawsTheDifferenceFromRope()
    {
        // Expected-similar σ² 0.25 puts every curve within ~0.06 nats of ln n: drawn as H itself they were one thick
        // line. The default draws H(n) − H(RoPE, n): interpolation (PI, YaRN without its factor) above RoPE, YaRN's
        // attention factor bringing it back (at n = 4096: +0.0099, +0.0499, −0.0059).
        const Golden g = golden();
        QCOMPARE(g.entropy.size(), std::size_t(4));
        const auto d = computeFigure(entropyCases(4096));
        QVERIFY2(d.yLabel.startsWith(QStringLiteral("H(n) − H(RoPE, n)")), qPrintable(d.yLabel));
        QCOMPARE(d.csvX, QStringLiteral("length"));
        QCOMPARE(d.csvY, QStringLiteral("entropy_minus_rope"));
        QVERIFY2(d.panels.size() == 1 && d.panels[0].yLabel == d.yLabel &&
                     d.panels[0].title.contains(QStringLiteral("expected-similar, σ² = 0.25")),
                 qPrintable(d.panels.empty() ? QString() : d.panels[0].title));
        std::vector<const Curve*> curves; // the four methods in request order, then the uniform line
        for (const Curve& c : d.curves)
            curves.push_back(&c);
        QCOMPARE(curves.size(), std::size_t(5));
        for (std::size_t k = 0; k < 4; ++k)
            for (std::size_t j = 0; j < 3; ++j) { // n = 16, 1024, 4096 (32768 is beyond this length)
                const double n = g.lengths[j];
                const auto at = std::find(curves[k]->x.begin(), curves[k]->x.end(), n);
                QVERIFY(at != curves[k]->x.end());
                const double y = curves[k]->y[static_cast<std::size_t>(at - curves[k]->x.begin())];
                const double want = g.entropy[k][j] - g.entropy[0][j];
                QVERIFY2(std::abs(y - want) < 1e-9, qPrintable(QStringLiteral("%1 at n = %2: %3, NumPy %4")
                                                                   .arg(curves[k]->name)
                                                                   .arg(n)
                                                                   .arg(y, 0, 'g', 12)
                                                                   .arg(want, 0, 'g', 12)));
            }
        const Curve& uniform = *curves[4];
        QVERIFY(uniform.name.contains(QStringLiteral("H(RoPE, n)")));
        QVERIFY(std::abs(uniform.y.back() - (std::log(4096.0) - g.entropy[0][2])) < 1e-9);
        // What is drawn: at 2048 lengths every point is a vertex of its graph (no envelope); the graphs of the
        // FigureWidget hold the same differences at n = 16 and 1024, and the y axis says what they are.
        const auto drawn = computeFigure(entropyCases(2048));
        FigureWidget figure;
        figure.resize(1000, 600);
        figure.setData(drawn);
        figure.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY2(figure.plot()
                     ->axisRect()
                     ->axis(QCPAxis::atLeft)
                     ->label()
                     .replace(QLatin1Char('\n'), QLatin1Char(' '))
                     .contains(QStringLiteral("H(n) − H(RoPE, n)")),
                 qPrintable(figure.plot()->axisRect()->axis(QCPAxis::atLeft)->label()));
        int matched = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            QCPGraph* graph = nullptr;
            for (int i = 0; i < figure.plot()->graphCount(); ++i)
                if (figure.plot()->graph(i)->name() == drawn.curves[k].name)
                    graph = figure.plot()->graph(i);
            QVERIFY2(graph, qPrintable(drawn.curves[k].name));
            for (std::size_t j = 0; j < 2; ++j) {
                const auto it = graph->data()->findBegin(g.lengths[j], false);
                QVERIFY(it != graph->data()->constEnd() && it->key == g.lengths[j]);
                QVERIFY(std::abs(it->value - (g.entropy[k][j] - g.entropy[0][j])) < 1e-9);
                ++matched;
            }
        }
        QCOMPARE(matched, 8);
        // The CSV of the view names the quantity as the y axis does.
        QTemporaryDir dir;
        ExportOptions o;
        o.path = dir.filePath(QStringLiteral("entropy.csv"));
        QVERIFY(Exporter::exportData(drawn, o).ok);
        QFile csv(o.path);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readLine().trimmed(), QByteArray("curve,length,entropy_minus_rope"));
        // Show: entropy draws H itself (the golden values as they are).
        auto plain = entropyCases(4096);
        plain.options.set("show", std::string("entropy"));
        const auto h = computeFigure(plain);
        QVERIFY(std::abs(h.curves[2].y.back() - g.entropy[2][2]) < 1e-9);
        QCOMPARE(h.csvY, QStringLiteral("entropy"));
    }

    void entropyViewShowsTheDifferenceByDefault()
    {
        // The real view (its default options): the figure's y axis says H(n) − H(RoPE, n), the panel the score model.
        m_f.open();
        ParamState s = w().model()->state();
        s.methods = {"yarn", "rope", "pi"};
        w().model()->setState(s, QStringLiteral("entropy"));
        auto* page = w().page(FigureKind::Entropy);
        w().tabs()->setCurrentWidget(page);
        waitIdle();
        QCOMPARE(page->options().options.choice("show"), std::string("entropy-minus-rope"));
        FigureWidget* figure = page->figure();
        figure->plot()->replot(QCustomPlot::rpImmediateRefresh);
        const QString label =
            figure->plot()->axisRect()->axis(QCPAxis::atLeft)->label().replace(QLatin1Char('\n'), QLatin1Char(' '));
        QVERIFY2(label.contains(QStringLiteral("H(n) − H(RoPE, n)")), qPrintable(label));
        QVERIFY(figure->data().panels.front().title.contains(QStringLiteral("σ² = 0.25")));
    }

    void gridSpinBoxesLineUpWithTheirLabels()
    {
        // The Grid view's 19 options are spin boxes without sliders: each spin box stood alone in the slider row's
        // right column, indented unlike the combo boxes. Now it starts under its label, as a combo box does.
        m_f.open();
        auto* page = w().page(FigureKind::Grid);
        QVERIFY(page);
        w().tabs()->setCurrentWidget(page);
        waitIdle();
        int checked = 0;
        for (auto* editor : page->findChildren<ParamEditor*>()) {
            auto* spin = editor->findChild<ValueSpinBox*>();
            auto* label = editor->findChild<QLabel*>();
            if (!spin || !label || !editor->isVisible())
                continue;
            QCOMPARE(spin->geometry().left(), label->geometry().left());
            QVERIFY2(spin->geometry().right() >= editor->width() - 2 - editor->layout()->contentsMargins().right(),
                     qPrintable(QString::fromStdString(editor->spec().name)));
            ++checked;
        }
        qInfo("%d spin boxes of the Grid view under their labels", checked);
        QVERIFY(checked >= 5);
    }

    // ---- small items of the issue that had no test of their own ----

    void presetKeepsTheViewAndNamesTheExport()
    {
        // Loading a preset jumped to another tab; the export's proposed file name ignored an opened config.
        m_f.open();
        auto* entropy = w().page(FigureKind::Entropy);
        w().tabs()->setCurrentWidget(entropy);
        waitIdle();
        w().applyPreset(Presets::builtIn(QStringLiteral("qwen2.5-vl-7b.json")));
        waitIdle();
        QCOMPARE(w().tabs()->currentWidget(), entropy);
        QVERIFY(w().openConfig(QStringLiteral(POSENC_SOURCE_DIR "/resources/presets/llama-4-scout.json")));
        waitIdle();
        QCOMPARE(w().tabs()->currentWidget(), entropy);
        const QString name = QFileInfo(w().defaultExportBase()).fileName();
        QVERIFY2(name.contains(QStringLiteral("llama-4-scout"), Qt::CaseInsensitive), qPrintable(name));
    }

    void scalingAndBoundsSayOnlyWhatHolds()
    {
        // Scaling's legend showed rule ids (seed-log2) and cited docs/theory.md, a file outside the repository;
        // the Bounds title said "(the same for every method)" over per-method columns.
        m_f.open();
        ParamState s = w().model()->state();
        s.methods = {"yarn", "rope", "pi"};
        w().model()->setState(s, QStringLiteral("small items"));
        auto* scaling = w().page(FigureKind::AttentionScale);
        w().tabs()->setCurrentWidget(scaling);
        waitIdle();
        const FigureData& d = scaling->figure()->data();
        QVERIFY(!d.curves.empty());
        for (const Curve& c : d.curves)
            QVERIFY2(!c.name.contains(QStringLiteral("seed-log2")) && !c.name.contains(QStringLiteral("su-log512")),
                     qPrintable(c.name));
        for (const QString& text : test::figureStrings(d))
            QVERIFY2(!text.contains(QStringLiteral("theory.md")) && !text.contains(QStringLiteral("docs/")),
                     qPrintable(text));
        auto* bounds = w().page(FigureKind::Bounds);
        w().tabs()->setCurrentWidget(bounds);
        waitIdle();
        for (const QString& text : test::figureStrings(bounds->figure()->data()))
            QVERIFY2(!text.contains(QStringLiteral("same for every method")), qPrintable(text));
    }

    // ---- the GUI export draws at its own resolution ----

    void exportTitleDescribesTheExportsBinning()
    {
        // The heatmap on screen has one column per ≈L/plot-width positions; an SVG 2400 px wide is computed anew at
        // its own width (as posenc render): its title states its own binning, and the screen keeps its figure.
        m_f.open();
        w().model()->setLength(65536);
        auto* page = w().page(FigureKind::Heatmap);
        w().tabs()->setCurrentWidget(page);
        waitIdle();
        const QString screenTitle = page->figure()->data().title;
        static const QRegularExpression perColumn(QStringLiteral("one column per ≈([0-9.]+) positions"));
        const auto columns = [](const QString& title) {
            const auto m = perColumn.match(title);
            return m.hasMatch() ? m.captured(1).toDouble() : 0.0;
        };
        const double onScreen = columns(screenTitle);
        QVERIFY2(onScreen > 0, qPrintable(screenTitle));
        ExportOptions o;
        o.path = m_f.dir.filePath(QStringLiteral("heatmap.svg"));
        o.width = 2400;
        o.height = 700;
        const ExportResult r = w().exportCurrentViewTo(o);
        QVERIFY2(r.ok, qPrintable(r.message));
        QFile svg(o.path);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        static const QRegularExpression titleTag(QStringLiteral("<title>([^<]*)</title>"));
        const QString written = titleTag.match(QString::fromUtf8(svg.readAll())).captured(1);
        const double exported = columns(written);
        qInfo("heatmap at L = 65536: screen %g positions per column, the 2400 px export %g", onScreen, exported);
        // The export's plot is 2400 px less its axes and colour scale (under 400 px): 65536 / 2400 … 65536 / 2000.
        QVERIFY2(exported >= 65536.0 / 2400 - 0.05 && exported <= 65536.0 / 2000 + 0.05, qPrintable(written));
        QVERIFY2(exported < onScreen, qPrintable(written + QStringLiteral(" | ") + screenTitle));
        QCOMPARE(page->figure()->data().title, screenTitle); // the screen's figure is back
    }
};

int main(int argc, char** argv)
{
    return screen_test::runOnScreen<TestTrustViews>(argc, argv);
}

#include "tst_trust_views.moc"
