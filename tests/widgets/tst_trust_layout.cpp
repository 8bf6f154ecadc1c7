// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 35 on a 1366 x 768 screen, the layout half: log axes have distinct tick labels and legends name only drawn
// lines; the mouse wheel scrolls the parameter panel without editing what it passes over; presentation mode gives
// the figure most of the window and the side panel hides with F9; the guide window fits the screen; screenshots.
#include "plot_checks.h"
#include "trust_fixture.h"

#include "explorer/CheckDialog.h"
#include "export/Exporter.h"
#include "figures/LogTicker.h"
#include "guide/GuideWindow.h"
#include "i18n/Translations.h"

#include <QFileInfo>
#include <cmath>
#include <QRegularExpression>
#include <QWheelEvent>

using namespace posenc;
using namespace posenc::widgets;
using namespace trust_test;

namespace {

/// TeX-ish text a reader should never see in a figure: e^{iφ'}, a one-letter symbol with an underscore subscript
/// (R_i, θ_HF,i, T_train). A code name such as HF's inv_freq is a word, not a formula.
bool looksRaw(const QString& text)
{
    static const QRegularExpression raw(QStringLiteral(R"(\^\{|_\{|(^|[^A-Za-z_])[A-Za-zθλ]_[A-Za-z0-9])"));
    return raw.match(text).hasMatch();
}

} // namespace

class TestTrustLayout : public QObject, public trust_test::TrustFixture {
    Q_OBJECT

private slots:
    void init() { reset(); }
    void cleanup() { close(); }

    void logTickLabelsAreDistinct()
    {
        // Less than 1.6 decades: QCustomPlot falls back to linear ticks (1.2, 1.4, …) that "eb" printed alike.
        QCustomPlot plot;
        plot.resize(600, 400);
        LogTicker::apply(plot.yAxis);
        for (const QCPRange& range :
             {QCPRange(1, 2.5), QCPRange(0.3, 2), QCPRange(0.95, 2.05), QCPRange(1e-7, 1e-6 * 3), QCPRange(1e-9, 1e3)}) {
            plot.yAxis->setRange(range);
            plot.replot();
            const QString dup = duplicateLogTicks(&plot);
            QVERIFY2(dup.isEmpty(),
                     qPrintable(QStringLiteral("[%1, %2] %3").arg(range.lower).arg(range.upper).arg(dup)));
            // and each label says its tick's value (1.25 was printed "1.3")
            const QVector<double> ticks = plot.yAxis->tickVector();
            const QVector<QString> labels = plot.yAxis->tickVectorLabels();
            for (int i = 0; i < ticks.size() && i < labels.size(); ++i)
                QVERIFY2(std::abs(tickValue(labels[i]) - ticks[i]) <= 1e-9 * std::abs(ticks[i]),
                         qPrintable(QStringLiteral("tick %1 labelled %2").arg(ticks[i]).arg(labels[i])));
            const QString notation = tickNotNumberText(&plot); // 10⁻⁷ and 3×10⁻⁶, no hyphen
            QVERIFY2(notation.isEmpty(), qPrintable(notation));
        }
    }

    void everyViewHasDistinctLogTicksAndDrawnLegends()
    {
        m_f.open();
        // Normal and presentation mode: presentation's larger fonts moved a band label under the legend.
        for (const bool presentation : {false, true}) {
            w().setPresentationMode(presentation);
            for (int i = 0; i < w().tabs()->count(); ++i) {
                ViewPage* page = showView(i);
                if (!page)
                    continue;
                const QString cut = cutPlaceholder(page);
                QVERIFY2(cut.isEmpty(), qPrintable(page->title() + QStringLiteral(": placeholder cut: ") + cut));
                FigureWidget* figure = page->figure();
                const FigureData& data = figure->data();
                for (const QString& text : {data.title, data.xLabel, data.yLabel})
                    QVERIFY2(!looksRaw(text), qPrintable(page->title() + QStringLiteral(": ") + text));
                for (const Panel& p : data.panels)
                    for (const QString& text : {p.title, p.xLabel, p.yLabel})
                        QVERIFY2(!looksRaw(text), qPrintable(page->title() + QStringLiteral(": ") + text));
                if (!figure->showsPlot())
                    continue;
                figure->plot()->replot();
                const QString dup = duplicateLogTicks(figure->plot());
                QVERIFY2(dup.isEmpty(), qPrintable(page->title() + QStringLiteral(": ") + dup));
                const QString below = negativeTickOverNonNegativeData(figure->plot());
                QVERIFY2(below.isEmpty(), qPrintable(page->title() + QStringLiteral(": ") + below));
                const QString notation = tickNotNumberText(figure->plot());
                QVERIFY2(notation.isEmpty(), qPrintable(page->title() + QStringLiteral(": ") + notation));
                const QString covered = markerLabelOnCurve(figure->plot());
                QVERIFY2(covered.isEmpty(), qPrintable(page->title() + QStringLiteral(": ") + covered));
                const QString hidden = labelHidesOrIsHidden(figure->plot());
                QVERIFY2(hidden.isEmpty(), qPrintable(page->title() + QStringLiteral(": ") + hidden));
                const QString clash = horizontalLabelClash(figure->plot());
                QVERIFY2(clash.isEmpty(), qPrintable(page->title() + QStringLiteral(": ") + clash));
                const QString empty = emptyLegendEntry(figure->plot());
                QVERIFY2(empty.isEmpty(),
                         qPrintable(page->title() + QStringLiteral(": legend entry without a line: ") + empty));
            }
        }
        w().setPresentationMode(false);
    }

    void placeholdersWholeInChinese()
    {
        // «留空 = 第一个参与对比的方法» (the Partner field) was elided, in normal and then in presentation mode.
        Translations::install(QStringLiteral("zh_CN"));
        m_f.open();
        for (const bool presentation : {false, true}) {
            w().setPresentationMode(presentation);
            for (int i = 0; i < w().tabs()->count(); ++i)
                if (ViewPage* page = showView(i)) {
                    const QString cut = cutPlaceholder(page);
                    QVERIFY2(cut.isEmpty(), qPrintable(page->title() + QStringLiteral(": ") + cut));
                }
        }
        w().setPresentationMode(false);
        Translations::install(QStringLiteral("en"));
    }

    void everyLabelStaysBesideItsField()
    {
        // The option bars wrap with the window's width: at 1920 x 1080 the heatmap's "到" (to) ended row 1 and its
        // field began row 2. A label and its field share a row or are stacked, at every width a user may have.
        m_f.open();
        for (const int width : {1000, 1180, 1366, 1500, 1680, 1824, 1920}) {
            w().resize(width, w().height());
            for (int i = 0; i < w().tabs()->count(); ++i) {
                if (!w().tabs()->isTabVisible(i))
                    continue;
                w().tabs()->setCurrentIndex(i);
                QApplication::processEvents();
                auto* page = qobject_cast<ViewPage*>(w().tabs()->widget(i));
                for (QLabel* label : page->findChildren<QLabel*>()) {
                    QWidget* field = label->buddy();
                    if (!field || !label->isVisible() || !field->isVisible())
                        continue;
                    const QRect l(label->mapTo(page, QPoint(0, 0)), label->size());
                    const QRect f(field->mapTo(page, QPoint(0, 0)), field->size());
                    const bool sameRow = l.top() < f.bottom() && f.top() < l.bottom();
                    const bool stacked = l.left() < f.right() && f.left() < l.right() && l.bottom() <= f.top() + 4;
                    QVERIFY2(sameRow || stacked, qPrintable(QStringLiteral("%1 at width %2: “%3” at %4, its field at %5")
                                                                .arg(page->title())
                                                                .arg(width)
                                                                .arg(label->text(), screen_test::describeRect(l),
                                                                     screen_test::describeRect(f))));
                }
            }
        }
    }

    void plotLabelsDoNotCoverEachOther()
    {
        // The Bounds view with Qwen2.5's YaRN config: "λ > T" (a shaded band's label) lay under "critical pair 40"
        // (a vertical line's label) in the short panel. No two labels inside a plot overlap, in any view.
        m_f.open();
        QVERIFY(w().openFile(QStringLiteral(POSENC_SOURCE_DIR "/resources/presets/qwen2.5-7b-yarn.json")));
        waitIdle();
        for (int i = 0; i < w().tabs()->count(); ++i) {
            ViewPage* page = showView(i);
            if (!page || !page->figure()->showsPlot())
                continue;
            QCustomPlot* plot = page->figure()->plot();
            plot->replot();
            QList<QPair<QString, QRectF>> labels;
            for (int k = 0; k < plot->itemCount(); ++k)
                if (auto* t = qobject_cast<QCPItemText*>(plot->item(k)); t && t->visible() && !t->text().isEmpty())
                    labels.append({t->text(), QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition())
                                                  .normalized()
                                                  .adjusted(1, 1, -1, -1)});
            const QString fraction = fractionalTick(plot);
            QVERIFY2(fraction.isEmpty(), qPrintable(page->title() + QStringLiteral(": ") + fraction));
            for (qsizetype a = 0; a < labels.size(); ++a)
                for (qsizetype b = a + 1; b < labels.size(); ++b)
                    QVERIFY2(!labels[a].second.intersects(labels[b].second),
                             qPrintable(QStringLiteral("%1: “%2” and “%3” overlap")
                                            .arg(page->title(), labels[a].first, labels[b].first)));
        }
    }

    // ---- the wheel over the panel ----

    void wheelScrollsThePanelWithoutEditing()
    {
        ParamsModel model;
        ParamState s;
        s.methods = {"yarn", "pi", "ntk-aware", "llama3"};
        model.setState(s, QStringLiteral("t"));
        QScrollArea scroll;
        scroll.setWidgetResizable(true);
        auto* panel = new ParameterPanel(&model);
        scroll.setWidget(panel);
        scroll.resize(380, 300); // shorter than the panel: it scrolls
        scroll.show();
        QVERIFY(QTest::qWaitForWindowExposed(&scroll));
        QVERIFY(scroll.verticalScrollBar()->maximum() > 0);
        const ParamState before = model.state();
        int tried = 0;
        for (ParamEditor* e : panel->editors()) {
            for (QWidget* control : std::initializer_list<QWidget*>{e->slider(), e->spinBox(), e->comboBox()}) {
                if (!control || !control->isVisibleTo(&scroll) || !control->isEnabled())
                    continue;
                scroll.setFocus();
                const QPoint at = control->rect().center();
                QWheelEvent wheel(at, control->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                                  Qt::NoScrollPhase, false);
                wheel.setAccepted(true);
                QApplication::sendEvent(control, &wheel);
                // Left to the parents (from the window system it reaches the scroll area, which scrolls).
                QVERIFY2(!wheel.isAccepted(), control->metaObject()->className());
                ++tried;
                QVERIFY2(model.state() == before,
                         qPrintable(QStringLiteral("the wheel over %1 of %2 changed a value")
                                        .arg(QString::fromLatin1(control->metaObject()->className()),
                                             QString::fromStdString(e->spec().name))));
            }
        }
        QVERIFY(tried >= 6);
        // Once the field has the focus (clicked, tabbed into) the wheel edits it.
        ParamEditor* factor = panel->sharedEditor("factor");
        QVERIFY(factor && factor->spinBox());
        factor->spinBox()->setFocus();
        QTRY_VERIFY(factor->spinBox()->hasFocus());
        const QPoint at = factor->spinBox()->rect().center();
        QWheelEvent wheel(at, factor->spinBox()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(factor->spinBox(), &wheel);
        QVERIFY(!(model.state() == before));
    }

    // ---- 5. presentation mode at 1366 x 768 ----

    void presentationModeGivesTheFigureTheWindow()
    {
        if (m_f.screen != QSize(1366, 768))
            QSKIP("measured on a 1366 x 768 screen");
        m_f.open();
        const auto figureShare = [this] {
            auto* page = qobject_cast<ViewPage*>(w().tabs()->currentWidget());
            FigureWidget* figure = page->figure();
            const QWidget* scrolled = figure->parentWidget();
            const QRect shown = QRect(figure->mapTo(&w(), QPoint(0, 0)), figure->size()) &
                                QRect(scrolled->mapTo(&w(), QPoint(0, 0)), scrolled->size());
            return double(shown.width()) * shown.height() / (double(w().width()) * w().height());
        };
        w().setPresentationMode(true);
        waitIdle();
        QTest::qWait(100);
        QVERIFY(!w().sidePanelShown());
        QVERIFY(!w().methodList()->isVisible());
        const double share = figureShare();
        qInfo("presentation mode at 1366 x 768: window %d x %d, the figure %.1f %% of it", w().width(), w().height(),
              100 * share);
        QVERIFY2(share >= 0.60, qPrintable(QString::number(100 * share)));

        QTabBar* bar = w().tabs()->tabBar();
        int tabs = 0;
        for (int i = 0; i < bar->count(); ++i)
            tabs += bar->tabRect(i).width();
        QVERIFY2(tabs <= w().tabs()->width(), qPrintable(QStringLiteral("%1 > %2").arg(tabs).arg(w().tabs()->width())));
        // F9 shows the side panel (the presenter changes a value), F9 hides it again.
        QTest::keyClick(&w(), Qt::Key_F9);
        QVERIFY(w().sidePanelShown());
        QTRY_VERIFY(w().methodList()->isVisible());
        waitIdle();
        QTest::qWait(100);
        // As presentation mode was before issue 35 (the panel shown, as wide as its 1.6 x editors): for the report.
        qInfo("presentation mode with the side panel shown: the figure %.1f %% of the window", 100 * figureShare());
        QTest::keyClick(&w(), Qt::Key_F9);
        QTRY_VERIFY(!w().methodList()->isVisible());
        w().setPresentationMode(false);
        waitIdle();
        QVERIFY(w().sidePanelShown());
        QVERIFY(w().methodList()->isVisible());
        m_f.expectFits(QStringLiteral("after presentation mode"), false);
    }

    void comboBoxesGrowWithThePresentationFont()
    {
        // In presentation mode the option bars' combo boxes kept their first width: «平均（mean» under the arrow.
        Translations::install(QStringLiteral("zh_CN"));
        m_f.open();
        w().setPresentationMode(true);
        waitIdle();
        QString clipped;
        for (int i = 0; i < w().tabs()->count() && clipped.isEmpty(); ++i) {
            if (!w().tabs()->isTabVisible(i))
                continue;
            w().tabs()->setCurrentIndex(i);
            QApplication::processEvents();
            for (QComboBox* combo : w().tabs()->widget(i)->findChildren<QComboBox*>())
                if (combo->isVisible() && combo->fontMetrics().horizontalAdvance(combo->currentText()) + 20 > combo->width())
                    clipped = QStringLiteral("%1: “%2” in %3 px (its text %4 px)")
                                  .arg(w().tabs()->tabText(i), combo->currentText())
                                  .arg(combo->width())
                                  .arg(combo->fontMetrics().horizontalAdvance(combo->currentText()));
        }
        w().setPresentationMode(false);
        Translations::install(QStringLiteral("en"));
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped));
    }

    // ---- hurt and small items ----

    void guideWindowFitsTheScreen()
    {
        GuideWindow guide;
        guide.show();
        QVERIFY(QTest::qWaitForWindowExposed(&guide));
        const QRect available = guide.screen()->availableGeometry();
        QVERIFY2(guide.height() <= available.height() * 9 / 10 && guide.width() <= available.width(),
                 qPrintable(screen_test::describeRect(guide.geometry())));
    }

    void screenshots()
    {
        // For looking by eye: POSENC_SCREENSHOT_DIR=dir writes every view in English and Chinese, normal and in
        // presentation mode, and the guide window. POSENC_SCREENSHOT_LANGUAGE=zh_CN: one language only;
        // POSENC_SCREENSHOT_OPEN=FILE: a preset or config opened first (File ▸ Open), its name in the file names.
        const QString dir = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("set POSENC_SCREENSHOT_DIR to write screenshots");
        const QString opened = qEnvironmentVariable("POSENC_SCREENSHOT_OPEN");
        const QString size = QStringLiteral("%1x%2").arg(m_f.screen.width()).arg(m_f.screen.height()) +
                             (opened.isEmpty() ? QString() : QLatin1Char('-') + QFileInfo(opened).completeBaseName());
        QStringList languages{QStringLiteral("en"), QStringLiteral("zh_CN")};
        if (const QString only = qEnvironmentVariable("POSENC_SCREENSHOT_LANGUAGE"); !only.isEmpty())
            languages = {only};
        for (const QString& language : languages) {
            Translations::install(language);
            m_f.open();
            if (!opened.isEmpty()) {
                w().openFile(opened);
                waitIdle();
            }
            for (const bool presentation : {false, true}) {
                w().setPresentationMode(presentation);
                for (int i = 0; i < w().tabs()->count(); ++i) {
                    const ViewPage* page = showView(i);
                    if (!page)
                        continue;
                    QTest::qWait(150);
                    w().grab().save(QStringLiteral("%1/%2-%3-%4%5.png")
                                        .arg(dir, size, language, QString::fromStdString(page->spec().id),
                                             presentation ? QStringLiteral("-presentation") : QString()));
                }
            }
            w().setPresentationMode(false);
            GuideWindow guide;
            guide.show();
            QVERIFY(QTest::qWaitForWindowExposed(&guide));
            guide.grab().save(QStringLiteral("%1/%2-%3-guide.png").arg(dir, size, language));
            // File ▸ Export of the heatmap with the mouse over the plot (no crosshair in the file), and the Check
            // dialog before a run.
            auto* heatmap = w().page(FigureKind::Heatmap);
            w().tabs()->setCurrentWidget(heatmap);
            waitIdle();
            QCustomPlot* plot = heatmap->figure()->plot();
            QTest::mouseMove(plot, plot->rect().center());
            ExportOptions o;
            o.path = QStringLiteral("%1/%2-%3-export-heatmap.png").arg(dir, size, language);
            QVERIFY(w().exportCurrentViewTo(o).ok);
            {
                // Closed before the window: a child on the stack must not outlive its parent (double free).
                const MethodDef& yarn = Registry::instance().find("yarn");
                CheckDialog check(yarn, Registry::resolve(yarn, {}), &w());
                check.show();
                QVERIFY(QTest::qWaitForWindowExposed(&check));
                check.grab().save(QStringLiteral("%1/%2-%3-check.png").arg(dir, size, language));
            }
            m_f.window.reset();
        }
        Translations::install(QStringLiteral("en"));
    }
};

int main(int argc, char** argv)
{
    return screen_test::runOnScreen<TestTrustLayout>(argc, argv);
}

#include "tst_trust_layout.moc"
