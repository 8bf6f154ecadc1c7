// SPDX-License-Identifier: GPL-3.0-or-later
// The guide's numbers (issue 22). The pages are templates (app/guidegen): every computed number is a placeholder
// filled by the core at build time. This test
//  - re-renders every template page with the core and compares it with the page the build embeds and installs;
//  - checks every number left literal in a page against tests/data/guide_literals.tsv, which names its source;
//  - compares the placeholders of the items of issue 22 with independent NumPy values (guide_numbers.json, made
//    by tests/data/make_guide_numbers.py) and requires them on their pages in every language;
//  - checks the corrected wordings (guide_claims.tsv: text that must be absent or present).
// POSENC_GUIDE_TEMPLATES=DIR (a folder with en/ and zh_CN/) checks other pages, e.g. an older revision's.
#include "guide_quantities.h"
#include "guide_template.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <cmath>

using namespace posenc::guide;

namespace {

const QStringList kLanguages = {QStringLiteral("en"), QStringLiteral("zh_CN")};

QString readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

QString templateDir()
{
    const QByteArray env = qgetenv("POSENC_GUIDE_TEMPLATES");
    return env.isEmpty() ? QStringLiteral(POSENC_SOURCE_DIR "/resources/guide") : QString::fromLocal8Bit(env);
}

/// The pages of a language, from the folder of templates.
QStringList pagesOf(const QString& language)
{
    QStringList out;
    for (const auto& f : QDir(templateDir() + '/' + language).entryList({QStringLiteral("*.html")}, QDir::Files))
        out << f.chopped(5);
    return out;
}

QString page(const QString& language, const QString& name)
{
    return readText(QStringLiteral("%1/%2/%3.html").arg(templateDir(), language, name));
}

/// Text a reader sees, without placeholders, comments and tags (attribute values such as link parameters are
/// parameters, not claims).
QString visibleText(const QString& html, const QString& where)
{
    QString s = QString::fromStdString(withoutPlaceholders(html.toStdString(), where.toStdString()));
    static const QRegularExpression comment(QStringLiteral("<!--.*?-->"), QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression tag(QStringLiteral("<[^>]*>"));
    return s.remove(comment).replace(tag, QStringLiteral(" "));
}

std::map<std::string, std::string> withoutFormat(std::map<std::string, std::string> args)
{
    for (const char* k : {"digits", "decimals", "percent", "sci", "log2"})
        args.erase(k);
    return args;
}

Placeholder parseSpec(const QString& spec)
{
    const auto found = placeholders("{{" + spec.toStdString() + "}}", "guide_numbers.json");
    return found.at(0);
}

} // namespace

class TestGuideNumbers : public QObject {
    Q_OBJECT
private slots:
    void renderedPagesEqualTheCore_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("name");
        if (!qEnvironmentVariableIsEmpty("POSENC_GUIDE_TEMPLATES"))
            QSKIP("other templates: the build's pages are not theirs");
        for (const auto& language : kLanguages)
            for (const auto& name : pagesOf(language))
                QTest::addRow("%s/%s", qPrintable(language), qPrintable(name)) << language << name;
    }
    void renderedPagesEqualTheCore()
    {
        QFETCH(QString, language);
        QFETCH(QString, name);
        const QString where = language + '/' + name + ".html";
        const std::string rendered = render(page(language, name).toStdString(), where.toStdString(), evaluateText);
        const QString built = readText(QStringLiteral(POSENC_GUIDE_OUTPUT "/guide/") + where);
        QVERIFY2(!built.isEmpty(), qPrintable("the build did not render " + where));
        QCOMPARE(built, QString::fromStdString(rendered));
        QVERIFY2(!built.contains(QStringLiteral("{{")), qPrintable(where + " keeps a placeholder"));
    }

    void literalsHaveSources()
    {
        QMap<QString, QString> sources;
        for (const auto& line : readText(QStringLiteral(POSENC_TEST_DATA_DIR "/guide_literals.tsv")).split('\n')) {
            if (line.isEmpty() || line.startsWith('#'))
                continue;
            const QStringList cols = line.split('\t');
            QVERIFY2(cols.size() >= 2 && !cols[1].trimmed().isEmpty() && cols[1] != QLatin1String("TODO"),
                     qPrintable("guide_literals.tsv: no source for " + cols[0]));
            sources[cols[0]] = cols[1];
        }
        QVERIFY(sources.size() > 20);
        static const QRegularExpression number(QStringLiteral("[0-9]+(?:\\.[0-9]+)?"));
        QStringList unsourced;
        for (const auto& language : kLanguages)
            for (const auto& name : pagesOf(language)) {
                const QString where = language + '/' + name;
                for (auto it = number.globalMatch(visibleText(page(language, name), where)); it.hasNext();) {
                    const QString n = it.next().captured(0);
                    if (!sources.contains(n))
                        unsourced << where + ": " + n;
                }
            }
        unsourced.removeDuplicates();
        QVERIFY2(unsourced.isEmpty(), qPrintable("numbers without a source (a placeholder, or a line in "
                                                 "guide_literals.tsv): " + unsourced.join(QStringLiteral("; "))));
    }

    void knownAnswers_data()
    {
        QTest::addColumn<QString>("item");
        QTest::addColumn<QStringList>("pages");
        QTest::addColumn<QString>("quantity");
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("tolerance");
        const auto doc = QJsonDocument::fromJson(readText(QStringLiteral(POSENC_TEST_DATA_DIR "/guide_numbers.json")).toUtf8());
        QVERIFY(doc.isArray() && doc.array().size() >= 25);
        for (const auto& v : doc.array()) {
            const QJsonObject o = v.toObject();
            QStringList pages;
            for (const auto& p : o["pages"].toArray())
                pages << p.toString();
            QTest::addRow("%s %s", qPrintable(o["item"].toString()), qPrintable(o["quantity"].toString()))
                << o["item"].toString() << pages << o["quantity"].toString() << o["value"].toDouble()
                << o["tolerance"].toDouble();
        }
    }
    void knownAnswers()
    {
        QFETCH(QStringList, pages);
        QFETCH(QString, quantity);
        QFETCH(double, value);
        QFETCH(double, tolerance);
        const Placeholder spec = parseSpec(quantity);
        // The quantity stands on its pages, in every language, as a placeholder (not as a typed number).
        for (const auto& language : kLanguages)
            for (const auto& name : pages) {
                bool found = false;
                const QString html = page(language, name);
                for (const auto& p : placeholders(html.toStdString(), name.toStdString()))
                    found = found || (p.name == spec.name && withoutFormat(p.args) == spec.args);
                QVERIFY2(found, qPrintable(QStringLiteral("%1/%2.html has no placeholder {{%3}}").arg(language, name, quantity)));
            }
        // The core's value agrees with the independent one.
        const double core = evaluate(spec);
        QVERIFY2(std::fabs(core - value) <= tolerance * std::max(1.0, std::fabs(value)),
                 qPrintable(QStringLiteral("%1: core %2, NumPy %3").arg(quantity).arg(core, 0, 'g', 12).arg(value, 0, 'g', 12)));
    }

    void claims_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("present");
        QTest::addColumn<QString>("text");
        int row = 0;
        for (const auto& line : readText(QStringLiteral(POSENC_TEST_DATA_DIR "/guide_claims.tsv")).split('\n')) {
            if (line.isEmpty() || line.startsWith('#'))
                continue;
            const QStringList c = line.split('\t');
            QVERIFY2(c.size() == 5 && (c[3] == QLatin1String("absent") || c[3] == QLatin1String("present")),
                     qPrintable("guide_claims.tsv: " + line));
            const QStringList names = c[2] == QLatin1String("*") ? pagesOf(c[1]) : QStringList{c[2]};
            for (const auto& name : names)
                QTest::addRow("%d %s %s/%s", ++row, qPrintable(c[0]), qPrintable(c[1]), qPrintable(name))
                    << c[1] << name << (c[3] == QLatin1String("present")) << c[4];
        }
    }
    void claims()
    {
        QFETCH(QString, language);
        QFETCH(QString, name);
        QFETCH(bool, present);
        QFETCH(QString, text);
        const QString html = page(language, name);
        QVERIFY2(!html.isEmpty(), qPrintable(QStringLiteral("no page %1/%2").arg(language, name)));
        QVERIFY2(html.contains(text) == present,
                 qPrintable(QStringLiteral("%1/%2.html %3 “%4”").arg(language, name,
                                                                     present ? "lacks" : "still says", text)));
    }

    void placeholderSyntax()
    {
        // A page without placeholders is unchanged; malformed ones name the page and line.
        const std::string plain = "<p>no numbers to fill: 3 &lt; 4</p>\n";
        QCOMPARE(render(plain, "p", evaluateText), plain);
        QVERIFY_THROWS_EXCEPTION(TemplateError, placeholders("a\n{{entropy n=4", "p"));
        QVERIFY_THROWS_EXCEPTION(TemplateError, render("{{nosuch x=1}}", "p", evaluateText));
        QVERIFY_THROWS_EXCEPTION(TemplateError, render("{{stretch method=rope pair=1 colour=red}}", "p", evaluateText));
        QCOMPARE(formatValue(-0.48456, {{"digits", "3"}}), std::string("\u22120.485"));
        QCOMPARE(formatValue(0.000769, {{"percent", "3"}}), std::string("0.077"));
        QCOMPARE(formatValue(28641.8, {{"sci", "3"}}), std::string("2.86 \u00d7 10<sup>4</sup>"));
        QCOMPARE(formatValue(240.9999999, {{"decimals", "0"}}), std::string("241"));
        QCOMPARE(formatValue(0.99996, {{"digits", "4"}}), std::string("1.000"));
    }
};

QTEST_GUILESS_MAIN(TestGuideNumbers)
#include "tst_guide_numbers.moc"
