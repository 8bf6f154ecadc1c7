// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 39: no English on the zh_CN screen. The explorer under zh_CN at 1366 x 768: every view (its labels, option
// editors, figure title, axes, legend, markers, table and note), the parameters of every method (labels,
// tooltips, choices), an invalid value in each kind of editor (integer, number, list, text, view option) and the
// Check and Export dialogs. Every Latin-script word shown must be an identifier (a method id, parameter name or
// choice of the registry or of the view options; a word with a digit, "_", "." or an inner capital; an acronym;
// a single letter) or on the allow-list tests/data/zh_latin_allow.txt (model, library and author names, units,
// function names).
#include "MainWindow.h"
#include "explorer/CheckDialog.h"
#include "explorer/ConfigLoader.h"
#include "figure_selection.h"
#include "explorer/ParamEditor.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/Settings.h"
#include "explorer/ValueSpinBox.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "figures/FigureSpec.h"
#include "export/ExportDialog.h"
#include "figures/FigureWidget.h"
#include "guide/GuideWindow.h"
#include "i18n/PhraseText.h"
#include "i18n/Translations.h"

#include "posenc/gallery.h"
#include "posenc/grid_rope.h"
#include "posenc/phrase.h"
#include "posenc/registry.h"
#include "latin_words.h"
#include "screen_fixture.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace posenc;
using namespace posenc::widgets;
using test_zh::LatinWords;

namespace {

void addMenu(QMenu* menu, const QString& where, LatinWords& words)
{
    words.check(where, menu->title());
    for (auto* a : menu->actions()) {
        if (a->menu())
            addMenu(a->menu(), where, words);
        else if (!a->isSeparator()) {
            words.check(where, a->text());
            words.check(where, a->toolTip());
            words.check(where, a->statusTip());
        }
    }
}

/// Every string a widget tree shows: texts, tooltips, placeholders, items.
void addWidgets(QWidget* root, const QString& where, LatinWords& words)
{
    QList<QWidget*> all = root->findChildren<QWidget*>();
    all.prepend(root);
    for (QWidget* widget : all) {
        if (!widget->isVisibleTo(root) && widget != root)
            continue;
        words.check(where + QStringLiteral(" tooltip"), widget->toolTip());
        words.check(where, widget->windowTitle());
        if (auto* l = qobject_cast<QLabel*>(widget))
            words.check(where, l->text());
        else if (auto* b = qobject_cast<QAbstractButton*>(widget))
            words.check(where, b->text());
        else if (auto* g = qobject_cast<QGroupBox*>(widget))
            words.check(where, g->title());
        else if (auto* e = qobject_cast<QLineEdit*>(widget))
            words.check(where + QStringLiteral(" placeholder"), e->placeholderText());
        else if (auto* c = qobject_cast<QComboBox*>(widget))
            for (int i = 0; i < c->count(); ++i) {
                words.check(where, c->itemText(i));
                words.check(where, c->itemData(i, Qt::ToolTipRole).toString());
            }
        else if (auto* t = qobject_cast<QTabWidget*>(widget))
            for (int i = 0; i < t->count(); ++i) {
                words.check(where, t->tabText(i));
                words.check(where, t->tabToolTip(i));
            }
        else if (auto* list = qobject_cast<QListWidget*>(widget))
            for (int i = 0; i < list->count(); ++i) {
                words.check(where, list->item(i)->text());
                words.check(where, list->item(i)->toolTip());
            }
    }
}

void addFigure(const FigureData& d, const QString& where, LatinWords& words)
{
    for (const auto& s : test::figureStrings(d))
        words.check(where, s);
}

/// Opens `json` (written to a temporary config.json) in a new window: the status line and the details.
std::pair<QString, QString> openConfig(const QByteArray& json)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size())
        return {};
    f.close();
    screen_test::WindowFixture fx;
    fx.window = std::make_unique<MainWindow>(fx.settings());
    QSignalSpy opened(fx.w().configLoader(), &ConfigLoader::opened);
    if (!fx.w().configLoader()->open(path) || opened.count() != 1)
        return {};
    const QString details = opened.first().at(1).toString();
    qInfo().noquote() << details; // read by eye in the log
    return {opened.first().at(0).toString(), details};
}

} // namespace

class TestZhScreen : public QObject {
    Q_OBJECT
private slots:
    void init() { QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN")); }
    void cleanupTestCase() { Translations::install(QStringLiteral("en")); }

    void openConfigNotesAreChinese()
    {
        // Open config: every warning and note of the details is worded from core's phrases (a config with an
        // unknown key, no rope_theta, an odd head_dim and a YaRN factor below 1: notes and warnings of each kind)
        const auto [summary, details] = openConfig(R"({"model_type": "llama", "hidden_size": 4000,
            "num_attention_heads": 32, "max_position_embeddings": 8192, "unknown_key": 1,
            "rope_scaling": {"rope_type": "linear", "factor": 0.5}})");
        QVERIFY2(details.contains(QStringLiteral("警告")) && details.contains(QStringLiteral("注意")),
                 qPrintable(details));
        QVERIFY2(test_zh::unknownWords({{QStringLiteral("Open config details"), details},
                                        {QStringLiteral("Open config summary"), summary}})
                     .isEmpty(),
                 qPrintable(details));
    }

    void openDiffusersConfigNotesAreChinese()
    {
        // Open config on a diffusers transformer config with absent keys: the class-default notes and the grid
        // note (CogVideoX 1.0's linspace grid) are worded from core's phrases, in Chinese.
        const auto [summary, details] = openConfig(R"({"_class_name": "CogVideoXTransformer3DModel"})");
        // five class defaults, the absent use_rotary_positional_embeddings and the grid note
        QCOMPARE(details.count(QStringLiteral("注意")), 7);
        QVERIFY2(test_zh::unknownWords({{QStringLiteral("Open diffusers config details"), details},
                                        {QStringLiteral("Open diffusers config summary"), summary}})
                     .isEmpty(),
                 qPrintable(details));
    }

    void noEnglishWordOnTheChineseScreen()
    {
        LatinWords words;
        QVERIFY(words.loaded());
        screen_test::WindowFixture f;
        f.window = std::make_unique<MainWindow>(f.settings());
        MainWindow& w = f.w();
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // POSENC_SCREENSHOT_DIR=DIR: the screens visited, as DIR/zh-*.png, to be read by eye.
        const QString shots = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
        auto shoot = [&](QWidget* widget, const QString& name) {
            if (shots.isEmpty())
                return;
            QTest::qWait(300); // the layouts settle (an editor's problem line changes the panel's rows)
            QVERIFY(widget->grab().save(shots + QStringLiteral("/zh-") + name + QStringLiteral(".png")));
        };
        for (auto* a : w.menuBar()->actions())
            if (a->menu())
                addMenu(a->menu(), QStringLiteral("menu"), words);
        // Every view with its figure computed.
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            f.waitIdle();
            auto* page = w.currentPage();
            const QString where = QStringLiteral("view %1").arg(w.tabs()->tabText(i));
            addWidgets(page, where, words);
            addFigure(page->figure()->data(), where, words);
            // the hover read-out in the status bar, over the middle of every plot panel
            QSignalSpy hovered(page->figure(), &FigureWidget::hovered);
            QCustomPlot* plot = page->figure()->plot();
            for (int r = 0; plot && r < plot->axisRectCount(); ++r) {
                const QPointF at = plot->axisRect(r)->rect().center();
                QMouseEvent move(QEvent::MouseMove, at, plot->mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                                 Qt::NoModifier);
                QCoreApplication::sendEvent(plot, &move);
            }
            for (const QList<QVariant>& hover : hovered) {
                const QString text = hover.first().toString();
                words.check(where + QStringLiteral(" hover read-out"), text);
                // the quantity is named whole (never an axis title cut inside its bracket: "维度对 i（0 = 31")
                QVERIFY2(text.count(QChar(0xff08)) == text.count(QChar(0xff09)) &&
                             text.count(QLatin1Char('(')) == text.count(QLatin1Char(')')),
                         qPrintable(where + QStringLiteral(": ") + text));
            }
            shoot(&w, QStringLiteral("view-%1").arg(i, 2, 10, QLatin1Char('0')));
        }
        // Every view again with a bias method (ALiBi) and NoPE compared too: the notes about methods a view cannot
        // draw.
        w.model()->setChecked("alibi", true);
        w.model()->setChecked("nope", true);
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            f.waitIdle();
            addFigure(w.currentPage()->figure()->data(),
                      QStringLiteral("view %1 with ALiBi and NoPE").arg(w.tabs()->tabText(i)), words);
        }
        w.model()->setChecked("alibi", false);
        w.model()->setChecked("nope", false);
        // A figure that cannot be drawn says why in the status bar: the Matrix view's partner is a method that is
        // not compared.
        {
            ViewPage* matrix = w.page(FigureKind::Heatmap);
            w.tabs()->setCurrentWidget(matrix);
            f.waitIdle();
            QVERIFY(matrix->setOptionValues({{"mode", std::string("side-by-side")}, {"partner", std::string("alibi")}})
                        .isEmpty());
            f.waitIdle();
            QTRY_VERIFY(!w.statusBar()->currentMessage().isEmpty());
            qInfo().noquote() << w.statusBar()->currentMessage();
            words.check(QStringLiteral("a figure that fails"), w.statusBar()->currentMessage());
            const QString failure = w.statusBar()->currentMessage();
            QVERIFY(matrix->setOptionValues({{"mode", std::string("primary")}, {"partner", std::string()}}).isEmpty());
            f.waitIdle();
            // Drawn again: the reason is out of date (it named the methods then compared) and is taken down.
            QTRY_VERIFY(w.statusBar()->currentMessage() != failure);
        }
        // Every method's parameters.
        for (const auto& def : Registry::instance().methods()) {
            w.parameterPanel()->setMethod(def.info.id);
            QCoreApplication::processEvents();
            addWidgets(w.parameterPanel(), QStringLiteral("parameters of %1").arg(QString::fromStdString(def.info.id)),
                       words);
        }
        addWidgets(&w, QStringLiteral("window"), words);

        // An invalid value in each kind of editor: an integer (odd head dim), a number out of its range (factor
        // 0), a list with a word in it, a list entry out of range, and a view option out of range.
        w.model()->setChecked("longrope", true);
        w.parameterPanel()->setMethod("rope");
        QCoreApplication::processEvents();
        auto* headDim = w.parameterPanel()->editor("head-dim");
        QVERIFY(headDim && headDim->spinBox());
        headDim->spinBox()->setValue(127);
        QTRY_VERIFY(!headDim->problem().isEmpty());
        words.check(QStringLiteral("invalid head-dim"), headDim->problem());
        headDim->spinBox()->setValue(128);
        w.parameterPanel()->setMethod("pi");
        QCoreApplication::processEvents();
        auto* factor = w.parameterPanel()->sharedEditor("factor");
        QVERIFY(factor && factor->spinBox());
        factor->spinBox()->setValue(0.0);
        QTRY_VERIFY(!factor->problem().isEmpty());
        words.check(QStringLiteral("invalid factor"), factor->problem());
        shoot(&w, QStringLiteral("invalid-factor"));
        factor->spinBox()->setValue(8.0);
        w.parameterPanel()->setMethod("longrope");
        QCoreApplication::processEvents();
        for (const QString& text : {QStringLiteral("1, x, 2"), QStringLiteral("1, -3"), QStringLiteral("1,")}) {
            auto* list = w.parameterPanel()->editor("short-factor");
            QVERIFY(list && list->lineEdit());
            list->lineEdit()->setText(text);
            QMetaObject::invokeMethod(list->lineEdit(), "editingFinished");
            QCoreApplication::processEvents();
            const QString problem = list->problem();
            QVERIFY2(!problem.isEmpty(), qPrintable(text));
            words.check(QStringLiteral("invalid list “%1”").arg(text), problem);
            addWidgets(w.parameterPanel(), QStringLiteral("panel with an invalid list"), words);
        }
        shoot(&w, QStringLiteral("invalid-list"));
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            auto* page = w.currentPage();
            for (const auto& spec : page->spec().options) {
                ParamEditor* e = page->optionEditor(spec.name);
                if (!e || !e->spinBox() || !std::isfinite(spec.max))
                    continue;
                e->spinBox()->setValue(spec.max * 2 + 1);
                QCoreApplication::processEvents();
                words.check(QStringLiteral("invalid view option %1").arg(QString::fromStdString(spec.name)),
                            e->problem());
                break;
            }
        }
        // The dialogs a user opens from the menus.
        {
            const MethodDef& yarn = Registry::instance().find("yarn");
            CheckDialog check(yarn, Registry::defaults(yarn), &w);
            check.show();
            QVERIFY(QTest::qWaitForWindowExposed(&check));
            addWidgets(&check, QStringLiteral("Check dialog"), words);
            shoot(&check, QStringLiteral("check-dialog"));
        }
        {
            // a report: alignment and evidence worded from core's phrases (a llama3 cache built with base 10000)
            const MethodDef& llama3 = Registry::instance().find("llama3");
            CheckDialog check(
                llama3,
                Registry::resolve(llama3,
                                  {{"base", "500000"}, {"factor", "8"}, {"original-max-position-embeddings", "8192"}}),
                &w);
            QSignalSpy done(&check, &CheckDialog::checkFinished);
            check.runCheck(QStringLiteral(POSENC_TEST_DATA_DIR "/check/bug_base.npy"), QStringLiteral("cos"));
            QVERIFY(done.wait(20000));
            const QString report = check.reportText();
            QVERIFY2(report.contains(QStringLiteral("参考")) && report.contains(QStringLiteral("基数 = 10000")),
                     qPrintable(report));
            // the whole report: verdict, alignment, every diagnosis's kind and evidence (worded from core's phrases)
            QVERIFY(report.contains(QStringLiteral("<br>2. ")));
            // numbers as the views write them: no C notation (6.85e+05), no 17-digit values
            static const QRegularExpression raw(QStringLiteral("[0-9]e[-+][0-9]|[0-9]\\.[0-9]{10,}"));
            QVERIFY2(!raw.match(report).hasMatch(), qPrintable(raw.match(report).captured(0)));
            words.check(QStringLiteral("Check report"), report);
            addWidgets(&check, QStringLiteral("Check dialog with a report"), words);
            shoot(&check, QStringLiteral("check-report"));
        }
        {
            w.tabs()->setCurrentIndex(0);
            ExportDialog exportDialog(*w.currentPage()->figure(), &w);
            exportDialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&exportDialog));
            addWidgets(&exportDialog, QStringLiteral("Export dialog"), words);
            shoot(&exportDialog, QStringLiteral("export-dialog"));
        }
        {
            GuideWindow guide(&w);
            guide.resize(1000, 700);
            guide.show();
            QVERIFY(QTest::qWaitForWindowExposed(&guide));
            addWidgets(&guide, QStringLiteral("Guide window"), words);
            for (const QString& page :
                 {QStringLiteral("index"), QStringLiteral("check"), QStringLiteral("precision")}) {
                guide.showPage(page);
                QCoreApplication::processEvents();
                shoot(&guide, QStringLiteral("guide-") + page);
            }
        }
        const QStringList found = words.report();
        for (const auto& line : found)
            qInfo().noquote() << line;
        QVERIFY2(found.isEmpty(), qPrintable(QString::number(found.size()) +
                                             QStringLiteral(" English words on the zh_CN screen (see the log)")));
    }
};

int main(int argc, char** argv)
{
    return screen_test::runOnScreen<TestZhScreen>(argc, argv);
}
#include "tst_zh_screen.moc"
