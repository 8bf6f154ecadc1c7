// SPDX-License-Identifier: GPL-3.0-or-later
// zh_CN terminology (issue 23): one term per concept. resources/translations/terminology-zh_CN.tsv lists, per
// English key, the preferred term and the non-preferred forms; every translation of posenc_zh_CN.ts and every
// zh_CN guide page (text outside tags and placeholders) is checked against it. Labels: under zh_CN, in a
// 1366 × 768 window, no tab or button label is a single Chinese character, every tab is shown whole (no scroll
// buttons, no elision) and every button and method-list entry fits its slot.
#include "MainWindow.h"
#include "explorer/MethodList.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/Settings.h"
#include "i18n/CoreText.h"
#include "i18n/Translations.h"

#include "posenc/registry.h"
#include "screen_fixture.h"

#include <QAbstractButton>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QStyleOptionViewItem>
#include <QRegularExpression>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace posenc;
using namespace posenc::widgets;

namespace {

struct Term {
    QString key, preferred;
    QRegularExpression avoid;
};

QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QList<Term> terms()
{
    QList<Term> out;
    for (const auto& line :
         readText(QStringLiteral(POSENC_SOURCE_DIR "/resources/translations/terminology-zh_CN.tsv")).split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QStringList c = line.split('\t');
        if (c.size() < 3)
            continue;
        out.push_back({c[0], c[1], QRegularExpression(c[2])});
    }
    return out;
}

/// source -> translation of every message of the .ts file (or of another file given by POSENC_TS).
QList<QPair<QString, QString>> translations()
{
    const QByteArray env = qgetenv("POSENC_TS");
    QFile f(env.isEmpty() ? QStringLiteral(POSENC_SOURCE_DIR "/resources/translations/posenc_zh_CN.ts")
                          : QString::fromLocal8Bit(env));
    QList<QPair<QString, QString>> out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QString text = QString::fromUtf8(f.readAll());
    static const QRegularExpression message(
        QStringLiteral(
            "<source>(.*?)</source>\\s*(?:<comment>.*?</comment>\\s*)?<translation[^>]*>(.*?)</translation>"),
        QRegularExpression::DotMatchesEverythingOption);
    auto unescape = [](QString t) {
        return t.replace(QStringLiteral("&lt;"), QStringLiteral("<"))
            .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
            .replace(QStringLiteral("&apos;"), QStringLiteral("'"))
            .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
            .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    };
    for (auto it = message.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out.push_back({unescape(m.captured(1)), unescape(m.captured(2))});
    }
    return out;
}

QString guideDir()
{
    const QByteArray env = qgetenv("POSENC_GUIDE_TEMPLATES");
    return (env.isEmpty() ? QStringLiteral(POSENC_SOURCE_DIR "/resources/guide") : QString::fromLocal8Bit(env)) +
           QStringLiteral("/zh_CN");
}

QString visibleText(QString html)
{
    static const QRegularExpression placeholder(QStringLiteral("\\{\\{.*?\\}\\}"),
                                                QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression comment(QStringLiteral("<!--.*?-->"),
                                            QRegularExpression::DotMatchesEverythingOption);
    // Code and command samples (<code>, <pre>, the synopsis <p class="f">) are ids and program output, not prose.
    static const QRegularExpression code(QStringLiteral("<code>.*?</code>|<pre>.*?</pre>|<p class=\"f\">.*?</p>"),
                                         QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression tag(QStringLiteral("<[^>]*>"));
    return html.remove(placeholder).remove(comment).remove(code).replace(tag, QStringLiteral(" "));
}

bool hasCjk(const QString& s)
{
    for (QChar c : s)
        if (c.unicode() >= 0x3400 && c.unicode() <= 0x9FFF)
            return true;
    return false;
}

} // namespace

class TestTerminology : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(terms().size() >= 15);
        QVERIFY(translations().size() > 500);
    }
    void cleanupTestCase() { Translations::install(QStringLiteral("en")); }

    void tableIsConsistent()
    {
        // The preferred term of a concept is never itself a non-preferred form.
        for (const auto& t : terms()) {
            QVERIFY2(t.avoid.isValid(), qPrintable(t.key + ": " + t.avoid.errorString()));
            QVERIFY2(!t.avoid.match(t.preferred).hasMatch(), qPrintable(t.key));
        }
    }

    void translationsUsePreferredTerms()
    {
        QStringList found;
        for (const auto& [source, translation] : translations())
            for (const auto& t : terms())
                if (const auto m = t.avoid.match(translation); m.hasMatch())
                    found << QStringLiteral("“%1” → “%2”: “%3” (%4: use “%5”)")
                                 .arg(source, translation, m.captured(0), t.key, t.preferred);
        QVERIFY2(found.isEmpty(),
                 qPrintable(QString::number(found.size()) + QStringLiteral(" non-preferred terms:\n  ") +
                            found.join(QStringLiteral("\n  "))));
    }

    void guidePagesUsePreferredTerms()
    {
        QStringList found;
        for (const auto& file : QDir(guideDir()).entryList({QStringLiteral("*.html")}, QDir::Files)) {
            const QString text = visibleText(readText(guideDir() + '/' + file));
            for (const auto& t : terms())
                for (auto it = t.avoid.globalMatch(text); it.hasNext();) {
                    const auto m = it.next();
                    found << QStringLiteral("%1: “%2” (%3: use “%4”)").arg(file, m.captured(0), t.key, t.preferred);
                }
        }
        QVERIFY2(found.isEmpty(),
                 qPrintable(QString::number(found.size()) + QStringLiteral(" non-preferred terms:\n  ") +
                            found.join(QStringLiteral("\n  "))));
    }

    /// A line break inside a Chinese paragraph of a guide page is drawn as a half-width space (HTML collapses
    /// it), e.g. 「置换， 但」: a sentence stays on one source line where two Chinese characters meet, or where a
    /// full-width punctuation mark or quote meets anything (「。 Llama 3.1」).
    void guideParagraphsHaveNoLineBreakBetweenChineseCharacters()
    {
        static const QRegularExpression skip(QStringLiteral("<pre>.*?</pre>|<!--.*?-->"),
                                             QRegularExpression::DotMatchesEverythingOption);
        static const QRegularExpression broken(QStringLiteral("[\\x{3000}-\\x{303f}\\x{3400}-\\x{9fff}\\x{ff00}-"
                                                              "\\x{ffef}] *\\n *[\\x{3000}-\\x{303f}\\x{3400}-"
                                                              "\\x{9fff}\\x{ff00}-\\x{ffef}]"));
        // full-width punctuation and quotes take no space on either side, whatever the neighbour: 「。 Llama」
        static const QRegularExpression besidePunctuation(
            QStringLiteral("[\\x{3000}-\\x{303f}\\x{ff00}-\\x{ffef}\\x{2018}-\\x{201d}] *\\n *\\S|\\S *\\n *"
                           "[\\x{3000}-\\x{303f}\\x{ff00}-\\x{ffef}\\x{2018}-\\x{201d}]"));
        QStringList found;
        for (const auto& file : QDir(guideDir()).entryList({QStringLiteral("*.html")}, QDir::Files)) {
            const QString html = readText(guideDir() + '/' + file).remove(skip);
            for (const auto* rule : {&broken, &besidePunctuation})
                for (auto it = rule->globalMatch(html); it.hasNext();)
                    found << file + QStringLiteral(": “") + it.next().captured(0).replace('\n', QStringLiteral("⏎")) +
                                 QStringLiteral("”");
        }
        found.removeDuplicates();
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("\n  "))));
    }

    /// An id two places share is translated for each place (a disambiguation per parameter, CoreText::choice):
    /// the Engine combo's "hf" is not the dynamic-NTK formula, the arithmetic's "engine" is not the Engine label.
    void sharedIdsAreTranslatedForTheirPlace()
    {
        QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        const ParamSpec* engine = nullptr;
        const ParamSpec* formula = nullptr;
        const ParamSpec* arithmetic = nullptr;
        for (const auto& def : Registry::instance().methods())
            for (const auto& spec : def.info.params) {
                if (spec.name == "engine")
                    engine = &spec;
                else if (spec.name == "dynamic-formula")
                    formula = &spec;
                else if (spec.name == "arithmetic")
                    arithmetic = &spec;
            }
        QVERIFY(engine && formula && arithmetic);
        const QString engineHf = CoreText::choice(*engine, "hf");
        const QString formulaHf = CoreText::choice(*formula, "hf");
        QVERIFY2(engineHf != formulaHf, qPrintable(engineHf));
        QVERIFY2(!engineHf.contains(QStringLiteral("公式")), qPrintable(engineHf));
        QVERIFY2(formulaHf.contains(QStringLiteral("公式")), qPrintable(formulaHf));
        const QString arithmeticEngine = CoreText::choice(*arithmetic, "engine");
        QVERIFY2(arithmeticEngine != CoreText::label(*engine), qPrintable(arithmeticEngine));
        QCOMPARE(CoreText::label(*arithmetic), QStringLiteral("运算方式"));
        Translations::install(QStringLiteral("en"));
    }

    void labelsFitTheirSlots()
    {
        QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        MainWindow w(std::make_unique<Settings>(m_dir.filePath(QStringLiteral("zh.ini"))));
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.size(), QSize(1366, 768)); // the labels are measured in the window a 1366 x 768 laptop shows
        QStringList bad;
        QTabBar* bar = w.tabs()->tabBar();
        int total = 0;
        for (int i = 0; i < bar->count(); ++i) {
            if (!bar->isTabVisible(i)) // a view with nothing to draw hides its tab (FigureSpec::shown)
                continue;
            const QString text = bar->tabText(i).remove('&');
            if (hasCjk(text) && text.size() < 2)
                bad << QStringLiteral("tab “%1” is a single character").arg(text);
            total += bar->tabRect(i).width();
            const int need = bar->fontMetrics().horizontalAdvance(text);
            if (bar->tabRect(i).width() < need)
                bad << QStringLiteral("tab “%1” is %2 px wide, its text needs %3")
                           .arg(text)
                           .arg(bar->tabRect(i).width())
                           .arg(need);
        }
        if (total > bar->width())
            bad << QStringLiteral("the view tabs need %1 px, the bar has %2 (scroll buttons)")
                       .arg(total)
                       .arg(bar->width());
        // Buttons of every view page and of every method's parameter panel.
        auto checkButtons = [&] {
            for (auto* b : w.findChildren<QAbstractButton*>()) {
                if (!b->isVisibleTo(&w) || b->text().isEmpty())
                    continue;
                const QString text = b->text().remove('&');
                if (hasCjk(text) && text.size() < 2 && !bad.contains(text))
                    bad << QStringLiteral("button “%1” is a single character").arg(text);
                if (b->width() < b->minimumSizeHint().width() && !bad.contains(text))
                    bad << QStringLiteral("button “%1” is %2 px wide, its text needs %3")
                               .arg(text)
                               .arg(b->width())
                               .arg(b->minimumSizeHint().width());
            }
        };
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            QCoreApplication::processEvents();
            checkButtons();
        }
        for (const auto& def : Registry::instance().methods()) {
            w.parameterPanel()->setMethod(def.info.id);
            QCoreApplication::processEvents();
            checkButtons();
        }
        // Method list: every entry shown whole next to its check box and colour swatch, in its own font (the
        // primary is bold), wrapped onto more lines where it is long: as the window opens (a preset's model name,
        // the primary's badge) and with a second primary that has an own value's badge too.
        QListWidget* list = w.methodList()->list();
        auto checkList = [&] {
            for (int i = 0; i < list->count(); ++i) {
                const QListWidgetItem* item = list->item(i);
                // The text's rectangle as the style lays out the entry it paints (check box, swatch, text).
                QStyleOptionViewItem opt;
                opt.initFrom(list->viewport());
                opt.rect = list->visualItemRect(item);
                opt.features = QStyleOptionViewItem::HasCheckIndicator | QStyleOptionViewItem::HasDecoration |
                               QStyleOptionViewItem::HasDisplay;
                if (list->wordWrap())
                    opt.features |= QStyleOptionViewItem::WrapText;
                opt.decorationSize = list->iconSize().isValid() ? list->iconSize() : QSize(16, 16);
                opt.font = item->font().resolve(list->font());
                opt.text = item->text();
                const QRect room = list->style()->subElementRect(QStyle::SE_ItemViewItemText, &opt, list);
                const QRect need = QFontMetrics(opt.font).boundingRect(QRect(0, 0, room.width() - 4, 4000),
                                                                       Qt::TextWordWrap, opt.text);
                if (need.width() > room.width() - 4 || need.height() > room.height())
                    bad << QStringLiteral("method list: “%1” needs %2 x %3 px, the entry shows %4 x %5")
                               .arg(opt.text)
                               .arg(need.width())
                               .arg(need.height())
                               .arg(room.width() - 4)
                               .arg(room.height());
            }
        };
        checkList();
        w.model()->setChecked("yarn", true);
        w.model()->setPrimary("yarn");
        w.model()->setOverridden("yarn", "factor", true);
        QCoreApplication::processEvents();
        checkList();
        QListWidgetItem* yarn = nullptr;
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->data(Qt::UserRole).toString() == QStringLiteral("yarn"))
                yarn = list->item(i);
        QVERIFY(yarn);
        // The entry measured above is the long one: bold, "YaRN" with the own-value and the primary badges.
        QVERIFY2(yarn->font().bold() && yarn->text().startsWith(QStringLiteral("YaRN")) && yarn->text().size() > 12,
                 qPrintable(yarn->text()));
        bad.removeDuplicates();
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join('\n')));
    }

    /// POSENC_SCREENSHOT_DIR=DIR: every view under zh_CN at 1366 × 768 as DIR/zh_CN-<index>-<view>.png, to be
    /// looked at (cut labels, English notes). Skipped otherwise.
    void screenshots()
    {
        const QString out = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
        if (out.isEmpty())
            QSKIP("set POSENC_SCREENSHOT_DIR to write the screenshots");
        QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        MainWindow w(std::make_unique<Settings>(m_dir.filePath(QStringLiteral("shots.ini"))));
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QDir().mkpath(out);
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            QTest::qWait(2500); // the figure is computed in the background
            const QString file = QStringLiteral("%1/zh_CN-%2.png").arg(out).arg(i, 2, 10, QLatin1Char('0'));
            QVERIFY2(w.grab().save(file), qPrintable(file));
        }
    }

private:
    QTemporaryDir m_dir;
};

// On a 1366 x 768 screen (screen_fixture.h), so the window is the laptop's, not one wider than the screen.
int main(int argc, char** argv)
{
    return screen_test::runOnScreen<TestTerminology>(argc, argv);
}
#include "tst_terminology.moc"
