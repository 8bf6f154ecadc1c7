// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 35 on a 1366 x 768 screen (POSENC_SCREEN=1920x1080 for the other), what looking at every view found: status
// messages readable (not "met"), the method list's last row above its buttons, band labels whole ("interpolat"),
// the Scaling plot not squeezed by its note, the Bounds table with every row, and a GUI export computed at its own
// resolution, whose title states its binning.
#include "trust_fixture.h"

#include "explorer/StatusReadout.h"
#include "export/Exporter.h"

#include <QFontMetricsF>
#include <QPushButton>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTableWidget>

using namespace posenc;
using namespace posenc::widgets;

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
        QVERIFY(w().readout()->fontMetrics().horizontalAdvance(shown) <= w().readout()->width());
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
            if (!w().tabs()->isTabVisible(i))
                continue;
            w().tabs()->setCurrentIndex(i);
            waitIdle();
            auto* page = qobject_cast<ViewPage*>(w().tabs()->widget(i));
            if (!page->figure()->showsPlot())
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
