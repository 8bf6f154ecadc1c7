// SPDX-License-Identifier: GPL-3.0-or-later
// The guide: a page per registry method and per view in every language, every link resolving (pages, anchors and
// posenc://compare links, which must parse and validate), compare links driving the real model, F1 context.
#include "MainWindow.h"
#include "explorer/MethodList.h"
#include "explorer/ParamEditor.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/ViewPage.h"
#include "guide/CompareLink.h"
#include "guide/GuideHelp.h"
#include "guide/GuideWindow.h"
#include "i18n/Translations.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>

#include <cmath>

using namespace posenc;
using namespace posenc::widgets;

namespace {

QString readPage(const QString& language, const QString& page)
{
    QFile f(QStringLiteral("%1/%2.html").arg(GuideWindow::folder(language), page));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

QStringList pagesOf(const QString& language)
{
    QStringList out;
    for (const auto& f : QDir(GuideWindow::folder(language)).entryList({QStringLiteral("*.html")}, QDir::Files))
        out << f.chopped(5);
    return out;
}

QStringList links(const QString& html)
{
    QStringList out;
    static const QRegularExpression href(QStringLiteral("href=\"([^\"]+)\""));
    for (auto it = href.globalMatch(html); it.hasNext();)
        out << it.next().captured(1).replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    return out;
}

} // namespace

class TestGuide : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        GuideWindow probe; // registers the guide's resources
    }

    void everyMethodAndViewHasAPage_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("page");
        for (const auto& language : Translations::available()) {
            for (const auto& def : Registry::instance().methods())
                QTest::addRow("%s/%s", qPrintable(language), def.info.id.c_str())
                    << language << QString::fromStdString(def.info.id);
            for (const FigureKind kind : allFigureKinds())
                QTest::addRow("%s/%s", qPrintable(language), qPrintable(figureKindName(kind)))
                    << language << figureKindName(kind);
            QTest::addRow("%s/index", qPrintable(language)) << language << QStringLiteral("index");
            QTest::addRow("%s/pitfalls", qPrintable(language)) << language << QStringLiteral("pitfalls");
            // "engines" (Engines differ) is the Engines view's page: listed with the views above.
        }
    }
    void everyMethodAndViewHasAPage()
    {
        QFETCH(QString, language);
        QFETCH(QString, page);
        const QString html = readPage(language, page);
        QVERIFY2(!html.isEmpty(), qPrintable(QStringLiteral("no guide page %1/%2.html").arg(language, page)));
        QVERIFY2(html.contains(QStringLiteral("<h1>")) && html.contains(QStringLiteral("<title>")), qPrintable(page));
        QVERIFY2(html.size() > 500, qPrintable(QStringLiteral("%1/%2 is a stub").arg(language, page)));
        // Readable outside the app: plain relative links, no resource paths.
        QVERIFY2(!html.contains(QStringLiteral("qrc:")) && !html.contains(QStringLiteral(":/guide")), qPrintable(page));
        if (language != QLatin1String("en")) // a translated page, not a copy of the English one
            QVERIFY2(html != readPage(QStringLiteral("en"), page), qPrintable(page));
    }

    void languagesHaveTheSamePages() { QCOMPARE(pagesOf(QStringLiteral("zh_CN")), pagesOf(QStringLiteral("en"))); }

    void everyLinkResolves()
    {
        int compareLinks = 0;
        for (const auto& language : Translations::available()) {
            for (const auto& page : pagesOf(language)) {
                for (const auto& target : links(readPage(language, page))) {
                    const QString where = QStringLiteral("%1/%2.html -> %3").arg(language, page, target);
                    if (target.startsWith(QLatin1String("http://")) || target.startsWith(QLatin1String("https://")))
                        continue;
                    if (target.startsWith(QLatin1String("posenc:"))) {
                        ++compareLinks;
                        try {
                            const auto link = CompareLink::parse(QUrl(target));
                            QVERIFY2(!link.view.isEmpty(), qPrintable(where));
                            for (const auto& id : link.state.methods)
                                Registry::validate(Registry::instance().find(id), link.state.resolve(id));
                        } catch (const InvalidInput& e) {
                            QFAIL(qPrintable(where + QStringLiteral(": ") + QString::fromUtf8(e.what())));
                        }
                        continue;
                    }
                    const QString file = target.section(QLatin1Char('#'), 0, 0);
                    if (file == QLatin1String("../guide.css")) {
                        QVERIFY2(QFile::exists(GuideWindow::folder(language) + QStringLiteral("/../guide.css")),
                                 qPrintable(where));
                        continue;
                    }
                    QVERIFY2(file.endsWith(QLatin1String(".html")), qPrintable(where));
                    QVERIFY2(!readPage(language, file.chopped(5)).isEmpty(), qPrintable(where));
                }
            }
        }
        QVERIFY(compareLinks >= 8); // the pitfalls of the issue, in both languages
    }

    void pitfallsPageLinksTheFourComparisons()
    {
        for (const auto& language : Translations::available()) {
            const QStringList l = links(readPage(language, QStringLiteral("pitfalls")));
            QStringList views;
            for (const auto& t : l)
                if (t.startsWith(QLatin1String("posenc:")))
                    views << CompareLink::parse(QUrl(t)).view;
            // temperature (entropy, twice), ramp, dynamic NTK and the NTK+linear snippet (frequencies)
            QVERIFY2(views.count(QStringLiteral("entropy")) >= 2, qPrintable(language));
            QVERIFY2(views.count(QStringLiteral("ramp")) >= 1, qPrintable(language));
            QVERIFY2(views.count(QStringLiteral("frequencies")) >= 2, qPrintable(language));
        }
    }

    void brokenLinksAreRejectedWithTheKey_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("key");
        QTest::newRow("method") << "posenc://compare?methods=yarn,nosuch"
                                << "methods";
        QTest::newRow("value") << "posenc://compare?methods=yarn&factor=-2"
                               << "factor";
        QTest::newRow("param") << "posenc://compare?methods=alibi&factor=2"
                               << "factor";
        QTest::newRow("qualifier") << "posenc://compare?methods=yarn&pi.base=2"
                                   << "pi.base";
        QTest::newRow("view") << "posenc://compare?methods=yarn&view=nosuch"
                              << "view";
    }
    void brokenLinksAreRejectedWithTheKey()
    {
        QFETCH(QString, url);
        QFETCH(QString, key);
        try {
            CompareLink::parse(QUrl(url));
            QFAIL("accepted");
        } catch (const InvalidInput& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(key), e.what());
        }
    }

    void compareLinkSetsUpTheModel()
    {
        MainWindow w(std::make_unique<Settings>(m_dir.filePath(QStringLiteral("a.ini"))));
        // The "YaRN" snippet: PI on the NTK-aware base. Its slowest pair must turn s² slower than RoPE's, its
        // fastest s slower (the NTK base leaves pair 0 alone, the division by s does not).
        const QUrl url(QStringLiteral("posenc://compare?view=frequencies&methods=yarn,pi,ntk-aware&factor=16"
                                      "&original-max-position-embeddings=4096&pi.base=167198.74"));
        QVERIFY(w.guide()->applyCompareLink(url));
        QCOMPARE(w.model()->methods(), (std::vector<std::string>{"yarn", "pi", "ntk-aware"}));
        QCOMPARE(w.currentPage()->kind(), FigureKind::Frequencies);
        QCOMPARE(w.model()->resolved("yarn").real("factor"), 16.0);
        QCOMPARE(w.model()->resolved("pi").real("base"), 167198.74);
        QCOMPARE(w.model()->resolved("yarn").real("base"), 10000.0);
        const auto pi = Registry::build(Registry::instance().find("pi"), w.model()->resolved("pi"));
        QVERIFY(pi->rotary());
        const auto& f = pi->rotary()->invFreq;
        const double s = 16, d = 128;
        QVERIFY(std::abs(f.front() - 1.0 / s) < 1e-15);
        const double ropeLast = std::pow(10000.0, -(d - 2) / d);
        QVERIFY2(std::abs(f.back() / (ropeLast / (s * s)) - 1) < 1e-6, qPrintable(QString::number(f.back())));
        // One undo step back to the start-up state.
        w.model()->undoStack()->undo();
        QVERIFY(w.model()->methods() != (std::vector<std::string>{"yarn", "pi", "ntk-aware"}));
    }

    void invalidCompareLinkSaysWhy()
    {
        MainWindow w(std::make_unique<Settings>(m_dir.filePath(QStringLiteral("b.ini"))));
        const auto before = w.model()->state();
        QVERIFY(!w.guide()->applyCompareLink(QUrl(QStringLiteral("posenc://compare?methods=yarn&factor=-1"))));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("factor")));
        QVERIFY(w.model()->state() == before);
    }

    void f1OpensThePageOfTheFocusedControl()
    {
        MainWindow w(std::make_unique<Settings>(m_dir.filePath(QStringLiteral("c.ini"))));
        w.parameterPanel()->setMethod("llama3");
        const auto editors = w.parameterPanel()->editors();
        QVERIFY(!editors.empty());
        QCOMPARE(w.guide()->pageFor(editors.back()), QStringLiteral("llama3"));
        auto* entropy = w.page(FigureKind::Entropy);
        QCOMPARE(w.guide()->pageFor(entropy->findChild<QComboBox*>()), QStringLiteral("entropy"));
        // ... and each editor's tooltip names the page F1 opens: the method's, or the view's for a view option
        QVERIFY2(editors.back()->toolTip().endsWith(QStringLiteral("F1: the guide page of this method")),
                 qPrintable(editors.back()->toolTip()));
        const auto options = entropy->findChildren<ParamEditor*>();
        QVERIFY(!options.isEmpty());
        for (const ParamEditor* option : options)
            if (option->isEnabled()) // a greyed option's tooltip says why it does not apply
                QVERIFY2(option->toolTip().endsWith(QStringLiteral("F1: the guide page of this view")),
                         qPrintable(option->toolTip()));
        w.tabs()->setCurrentWidget(w.page(FigureKind::Ramp));
        QCOMPARE(w.guide()->pageFor(nullptr), QStringLiteral("ramp"));

        w.guide()->show(QStringLiteral("yarn"));
        auto* guide = w.guide()->window();
        QVERIFY(guide);
        QCOMPARE(guide->currentPage(), QStringLiteral("yarn"));
        QVERIFY(guide->browser()->toPlainText().contains(QStringLiteral("0.1")));
        // A link in the browser follows to the linked page.
        emit guide->browser()->anchorClicked(QUrl(QStringLiteral("ramp.html")));
        QCOMPARE(guide->currentPage(), QStringLiteral("ramp"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestGuide)
#include "tst_guide.moc"
