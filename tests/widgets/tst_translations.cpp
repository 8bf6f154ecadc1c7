// SPDX-License-Identifier: GPL-3.0-or-later
// Simplified Chinese: every visible string of the main window (labels, buttons, group titles, tab names, combo
// and list items, menus, tool tips, the status bar) differs from the English run, apart from a small allow-list
// of names that stay in Latin letters; figure notes use Chinese punctuation; View ▸ Language
// switches at run time. Failures name the untranslated strings so they can be added to the .ts file. The catalogue's
// completeness (registry, engine notes, presets, gallery) is tst_translation_catalogue.
#include "MainWindow.h"
#include "guide/Gallery.h"
#include "WindowHost.h"
#include "explorer/MethodList.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/Presets.h"
#include "figure_selection.h"
#include "figures/FigureSpec.h"
#include "i18n/CoreStrings.h"
#include "i18n/CoreText.h"
#include "i18n/Translations.h"
#include "translation_checks.h"

#include "posenc/engine.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextLayout>

#include <algorithm>
#include <set>

using namespace posenc;
using namespace posenc::widgets;

using posenc::widgets::test::needsTranslation;

namespace {

void addMenu(QMenu* menu, QStringList& out)
{
    out << menu->title();
    for (auto* a : menu->actions()) {
        if (a->isSeparator())
            continue;
        if (a->menu())
            addMenu(a->menu(), out);
        else
            out << a->text() << a->toolTip() << a->statusTip();
    }
}

/// Every string a user can see in the window as it is (visible widgets only), with duplicates.
void addVisible(MainWindow& w, QStringList& out)
{
    out << w.statusBar()->currentMessage() << w.windowTitle();
    for (auto* widget : w.findChildren<QWidget*>()) {
        if (!widget->isVisibleTo(&w))
            continue;
        out << widget->toolTip();
        if (auto* l = qobject_cast<QLabel*>(widget))
            out << l->text();
        else if (auto* b = qobject_cast<QAbstractButton*>(widget))
            out << b->text();
        else if (auto* g = qobject_cast<QGroupBox*>(widget))
            out << g->title();
        else if (auto* c = qobject_cast<QComboBox*>(widget))
            for (int i = 0; i < c->count(); ++i)
                out << c->itemText(i) << c->itemData(i, Qt::ToolTipRole).toString();
        else if (auto* t = qobject_cast<QTabWidget*>(widget))
            for (int i = 0; i < t->count(); ++i)
                out << t->tabText(i) << t->tabToolTip(i);
        else if (auto* list = qobject_cast<QListWidget*>(widget))
            for (int i = 0; i < list->count(); ++i)
                out << list->item(i)->text() << list->item(i)->toolTip();
    }
}

/// What a user sees going through the menus, every view tab and the parameters of every method.
QStringList visibleStrings(MainWindow& w)
{
    QStringList out;
    for (auto* a : w.menuBar()->actions())
        if (a->menu())
            addMenu(a->menu(), out);
    for (int i = 0; i < w.tabs()->count(); ++i) {
        w.tabs()->setCurrentIndex(i);
        addVisible(w, out);
    }
    for (const auto& def : Registry::instance().methods()) {
        w.parameterPanel()->setMethod(def.info.id);
        addVisible(w, out);
    }
    out.removeAll(QString());
    return out;
}

QStringList untranslated(const QStringList& english, const QStringList& chinese)
{
    const QSet<QString> zh(chinese.begin(), chinese.end());
    QStringList same;
    for (const auto& s : english)
        if (zh.contains(s) && needsTranslation(s) && !same.contains(s))
            same << s;
    return same;
}

/// The requests whose notes a user can meet: every view with every method alone, and a comparison of three
/// methods with differing parameters under every value of every choice option of the view.
std::vector<FigureRequest> noteRequests()
{
    std::vector<FigureRequest> out;
    for (const FigureKind kind : allFigureKinds()) {
        FigureRequest base;
        base.kind = kind;
        base.length = kind == FigureKind::Entropy ? 2048 : 256;
        base.pixelColumns = 64;
        base.pixelRows = 64;
        for (const auto& def : Registry::instance().methods()) {
            FigureRequest r = base;
            r.methods = {test::method(def.info.id)};
            out.push_back(r);
        }
        base.methods = {test::method("yarn"), test::method("rope"), test::method("sinusoidal"),
                        test::method("pi", {{"factor", "16"}})};
        out.push_back(base);
        for (const auto& o : figureSpec(kind).options) {
            if (o.type != ParamType::Choice)
                continue;
            for (const auto& c : o.choices) {
                FigureRequest r = base;
                r.options.set(o.name, ParamValue{c});
                out.push_back(r);
            }
        }
    }
    return out;
}

/// Sentence punctuation in ASCII right after Chinese text (「。」「，」「；」「：」 belong there).
QString asciiPunctuationAfterChinese(const QString& s)
{
    static const QRegularExpression re(
        QStringLiteral(".{0,12}[\\x{3400}-\\x{9FFF}\\x{3001}-\\x{303F}\\x{FF01}-\\x{FF5E}][.,;:!?](?=\\s|$)"));
    return re.match(s).captured(0);
}

/// Four or more English words in a row: a sentence left in English.
QString englishRun(const QString& s)
{
    // Words may be separated by a comma or a parenthesis too ("position vectors (cos view) on their first").
    static const QRegularExpression re(
        QStringLiteral(".{0,20}[A-Za-z]{2,}(?:[ ’'(),-]*[ ’'-][ ’'(),-]*[A-Za-z]{2,}){3,}"));
    static const QRegularExpression command(QStringLiteral("posenc [a-z -]+")); // a command line stays as typed
    return re.match(QString(s).remove(command)).captured(0);
}

/// Where the lines of `text` start when Qt wraps it at word boundaries to `width` pixels (as a word-wrapping
/// label or list item does).
QList<qsizetype> lineStarts(const QString& text, const QFont& font, int width)
{
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WordWrap);
    layout.setTextOption(option);
    QList<qsizetype> starts;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        starts << line.textStart();
    }
    layout.endLayout();
    return starts;
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void init() { Translations::install(QStringLiteral("en")); }
    void cleanupTestCase() { Translations::install(QStringLiteral("en")); }

    void localeMatching()
    {
        QCOMPARE(Translations::match(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(Translations::match(QStringLiteral("zh_SG")), QStringLiteral("zh_CN"));
        QCOMPARE(Translations::match(QStringLiteral("zh_TW")), QStringLiteral("en")); // traditional script
        QCOMPARE(Translations::match(QStringLiteral("de_DE")), QStringLiteral("en"));
        QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(Translations::current(), QStringLiteral("zh_CN"));
        QCOMPARE(QCoreApplication::translate("posenc::widgets::MainWindow", "&File"), QStringLiteral("文件(&F)"));
    }

    void glossaryTerms()
    {
        Translations::install(QStringLiteral("zh_CN"));
        // The standard terms of docs/glossary-zh.md.
        QCOMPARE(CoreText::text("Position Interpolation"), QStringLiteral("位置插值（PI）"));
        QCOMPARE(CoreText::text("Dynamic NTK"), QStringLiteral("动态 NTK"));
        QCOMPARE(QCoreApplication::translate("posenc::widgets::ViewPage", "Entropy"), QStringLiteral("注意力熵"));
        QVERIFY(CoreText::text("Sinusoidal (absolute)").contains(QStringLiteral("位置编码")));
        QVERIFY(CoreText::text("factor s").contains(QStringLiteral("缩放因子")));
    }

    void numbersInTheInterfacesNotation()
    {
        // core prints numbers for the CLI ("%.3g", 17 digits); the interface writes them as its figures do
        QCOMPARE(CoreText::numberText(QStringLiteral("6.85e+05")), QStringLiteral("6.85 × 10⁵"));
        QCOMPARE(CoreText::numberText(QStringLiteral("2.98e-08")), QStringLiteral("2.98 × 10⁻⁸"));
        QCOMPARE(CoreText::numberText(QStringLiteral("1e+12")), QStringLiteral("1 × 10¹²"));
        QCOMPARE(CoreText::numberText(QStringLiteral("1.2079441541679836")), QStringLiteral("1.20794"));
        QCOMPARE(CoreText::numberText(QStringLiteral("0.00012345678901")), QStringLiteral("0.000123457"));
        for (const char* kept : {"10000", "1000000000000", "0.0497", "2", "d78bf58e217c", "float32", "1e5x", "v5"})
            QCOMPARE(CoreText::numberText(QString::fromLatin1(kept)), QString::fromLatin1(kept));
    }

    void noVisibleStringIsLeftInEnglish()
    {
        QStringList english, chinese;
        {
            MainWindow w(std::make_unique<Settings>(m_dir.filePath(QStringLiteral("en.ini"))));
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            english = visibleStrings(w);
        }
        QVERIFY(english.size() > 100);
        QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        {
            MainWindow w(std::make_unique<Settings>(m_dir.filePath(QStringLiteral("zh.ini"))));
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            chinese = visibleStrings(w);
        }
        const QStringList left = untranslated(english, chinese);
        QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("%1 visible strings are still English under zh_CN:\n  %2")
                                                .arg(left.size())
                                                .arg(left.join(QStringLiteral("\n  ")))));
    }

    void primaryMarkerIsNeverSplit()
    {
        // 「（主⏎方法）」 at the end of a preset's long name in the wrapping method list: the marker is kept whole.
        QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        MainWindow w(std::make_unique<Settings>(m_dir.filePath(QStringLiteral("marker.ini"))));
        QListWidget* list = w.findChild<MethodList*>()->list();
        QListWidgetItem* primary = nullptr;
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->font().bold())
                primary = list->item(i);
        QVERIFY(primary);
        const QString text = primary->text();
        const QString marker = QCoreApplication::translate("posenc::widgets::MethodList", "  (primary)").trimmed();
        QVERIFY2(marker.size() >= 3, qPrintable(marker));
        const qsizetype from = text.size() - Translations::keptWhole(marker).size();
        QVERIFY2(QString(text).remove(QChar(0x2060)).endsWith(marker), qPrintable(text));
        for (int width = 20; width <= 400; width += 2)
            for (const qsizetype start : lineStarts(text, list->font(), width))
                QVERIFY2(start <= from || start >= text.size(),
                         qPrintable(QStringLiteral("width %1: a line starts at “%2”").arg(width).arg(text.mid(start))));
    }

    void methodSummaryNeverBreaksInsideAFormula()
    {
        // At 1920 × 1080 the panel's RoPE summary wrapped as 「θᵢ = base^(−2i/⏎d_rot)」.
        QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        MainWindow w(std::make_unique<Settings>(m_dir.filePath(QStringLiteral("formula.ini"))));
        QLabel* summary = nullptr;
        for (QLabel* label : w.findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral("d_rot")) && label->wordWrap())
                summary = label;
        QVERIFY(summary);
        const QString text = summary->text();
        for (int width = 40; width <= 500; width += 3)
            for (const qsizetype at : lineStarts(text, summary->font(), width)) {
                const QString start = text.mid(at);
                QVERIFY2(!start.startsWith(QStringLiteral("d_rot")) && !start.startsWith(QStringLiteral("rot)")),
                         qPrintable(QStringLiteral("width %1: a line starts at “%2”").arg(width).arg(start)));
            }
    }

    void everyFigureNoteIsTranslatedWithChinesePunctuation()
    {
        QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QStringList bad;
        int figures = 0;
        for (const auto& request : noteRequests()) {
            QStringList shown;
            try {
                shown = test::figureStrings(computeFigure(request));
                ++figures;
            } catch (const InvalidInput& e) {
                // A view that does not apply says why, in the same language, the reason for each method included.
                shown << QString::fromUtf8(e.what());
            }
            for (const auto& s : shown) {
                const QString where = figureKindName(request.kind) + QStringLiteral(" [") +
                                      QString::fromStdString(request.methods.front().id) + QStringLiteral("]: ");
                if (const QString at = asciiPunctuationAfterChinese(s); !at.isEmpty())
                    bad << where + QStringLiteral("ASCII punctuation after Chinese text: …") + at;
                if (const QString run = englishRun(s); !run.isEmpty())
                    bad << where + QStringLiteral("untranslated: “") + run + QStringLiteral("…”");
            }
        }
        QVERIFY(figures > 100);
        bad.removeDuplicates();
        QVERIFY2(bad.isEmpty(), qPrintable(QString::number(bad.size()) + QStringLiteral(" figure strings:\n  ") +
                                           bad.join(QStringLiteral("\n  "))));
    }

    void languageMenuRequestsTheSwitch()
    {
        MainWindow w(std::make_unique<Settings>(m_dir.filePath(QStringLiteral("menu.ini"))));
        QAction* chinese = nullptr;
        for (auto* a : w.findChildren<QAction*>())
            if (a->text() == QStringLiteral("简体中文"))
                chinese = a;
        QVERIFY(chinese);
        QString requested;
        connect(&w, &MainWindow::languageChangeRequested, this, [&](const QString& code) { requested = code; });
        chinese->trigger();
        QCOMPARE(requested, QStringLiteral("zh_CN"));
    }

    void switchingLanguageRebuildsTheWindowAndKeepsTheState()
    {
        const QString ini = m_dir.filePath(QStringLiteral("host.ini"));
        WindowHost host([ini] { return std::make_unique<Settings>(ini); });
        host.start();
        QVERIFY(host.window());
        QCOMPARE(host.window()->menuBar()->actions().front()->text(), QStringLiteral("&File"));
        ParamState state = host.window()->model()->state();
        state.methods = {"alibi", "t5"};
        state.length = 777;
        host.window()->model()->setState(state, QStringLiteral("test"));

        host.switchLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(host.window()->menuBar()->actions().front()->text(), QStringLiteral("文件(&F)"));
        QCOMPARE(host.window()->model()->methods(), (std::vector<std::string>{"alibi", "t5"}));
        QCOMPARE(host.window()->model()->length(), std::int64_t(777));
        QCOMPARE(Settings(ini).language(), QStringLiteral("zh_CN"));

        // The choice persists: the next start is in Chinese without asking the locale.
        Translations::install(QStringLiteral("en"));
        WindowHost next([ini] { return std::make_unique<Settings>(ini); });
        next.start();
        QCOMPARE(Translations::current(), QStringLiteral("zh_CN"));
        next.switchLanguage(QStringLiteral("en"));
        QCOMPARE(next.window()->menuBar()->actions().front()->text(), QStringLiteral("&File"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
