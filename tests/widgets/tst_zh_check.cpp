// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 39: the words core reports reach the zh_CN screen in Chinese (split from tst_zh_screen, which looks at the
// windows): every core phrase and diagnosis kind has a Chinese wording, and the engine a `posenc check` names as the
// producer of a table (its revision and its note) reads in Chinese, checked against the Latin-word allow-list.
#include "figure_selection.h"
#include "i18n/PhraseText.h"
#include "i18n/Translations.h"
#include "latin_words.h"
#include "posenc/analysis/attention_scale.h"
#include "posenc/check.h"
#include "posenc/phrase.h"
#include "posenc/registry.h"

#include <QObject>
#include <QRegularExpression>
#include <QTest>

#include <map>
#include <tuple>

using namespace posenc;
using namespace posenc::widgets;
using test_zh::LatinWords;

class TestZhCheck : public QObject {
    Q_OBJECT
private slots:
    void init() { QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN")); }
    void cleanupTestCase() { Translations::install(QStringLiteral("en")); }

    /// Every phrase core reports (posenc/phrase.h) has a template in PhraseText and a Chinese translation of it.
    void everyCorePhraseIsWordedInChinese()
    {
        for (const std::string& id : phraseIds()) {
            const QString t = PhraseText::templateFor(id);
            QVERIFY2(!t.isNull(), ("no PhraseText template for " + id).c_str());
            QVERIFY2(t != QString::fromStdString(englishTemplate(id)) || !t.contains(QRegularExpression("[a-z]{4}")),
                     ("untranslated phrase " + id + ": " + t.toStdString()).c_str());
        }
    }

    void everyDiagnosisKindIsNamedInChinese()
    {
        for (const DiagnosisKind& kind : diagnosisKinds()) {
            const QString name = PhraseText::diagnosisKind(kind.id);
            QVERIFY2(name != QString::fromStdString(kind.id),
                     ("diagnosis kind without a Chinese name: " + kind.id).c_str());
        }
    }

    void engineAttributionIsChinese()
    {
        // posenc check names the engine whose code computes a table ("this is the table of MLX-LM (...)"): the
        // Check dialog words that attribution and the engine's note in Chinese. The table: MLX-LM's inv_freq for
        // YaRN with truncate = false (its YarnRoPE rounds the bounds; tst_check_engine_tables checks the
        // attribution against MLX-LM's own code).
        const MethodDef& yarn = Registry::instance().find("yarn");
        ParamSet p = Registry::resolve(yarn, {{"truncate", "false"}, {"factor", "32"}});
        ParamSet mlx = p;
        mlx.set("engine", std::string("mlx"));
        Matrix table;
        table.data = Registry::build(yarn, mlx)->rotary()->invFreq;
        table.rows = 1;
        table.cols = table.data.size();
        CheckRequest r;
        r.method = &yarn;
        r.params = p;
        r.quantity = CheckQuantity::InvFreq;
        const CheckResult res = checkTable(table, r);
        QVERIFY(!res.match);
        LatinWords words;
        QVERIFY(words.loaded());
        int named = 0;
        for (const Diagnosis& d : res.diagnosis)
            for (const Phrase& who : d.producedByPhrases) {
                const QString text = PhraseText::text(who);
                qInfo().noquote() << text;
                words.check(QStringLiteral("Check report, produced by"), text);
                named += text.contains(QStringLiteral("MLX-LM")) && text.contains(QStringLiteral("斜坡")) ? 1 : 0;
            }
        QCOMPARE(named, 1); // MLX-LM named, with its note in Chinese
        const QStringList found = words.report();
        for (const auto& line : found)
            qInfo().noquote() << line;
        QVERIFY(found.isEmpty());
    }

    void queryScaleAttributionIsChinese()
    {
        // check --quantity query-scale names llama.cpp when a Ministral 3 query temperature is one position early
        // (its attention temperature used pos + 1 for every architecture before PR #18025): the revision and the
        // note are in Chinese too. The table is the rule one position on (tst_check_query_scale checks the same
        // diagnosis on HF's own table at pos + 1).
        CheckRequest r;
        r.quantity = CheckQuantity::QueryScale;
        QueryScaleReference ref;
        ref.rule = analysis::ScaleRule::Llama4ScalingBeta;
        ref.params.attnScale = 0.1;
        ref.params.originalLength = 16384;
        r.queryScale = ref;
        r.positions = {0, 1000, 16382, 16383, 16384, 40000, 65535, 131071, 262143};
        Matrix table;
        for (const std::int64_t pos : r.positions)
            table.data.push_back(analysis::scaleValue(ref.rule, static_cast<double>(pos) + 2.0, ref.params));
        table.rows = table.data.size();
        table.cols = 1;
        const CheckResult res = checkTable(table, r);
        QVERIFY(!res.match);
        QVERIFY(!res.diagnosis.empty());
        QCOMPARE(res.diagnosis.front().kind, std::string("query-scale-off-by-one"));
        LatinWords words;
        QVERIFY(words.loaded());
        int named = 0;
        for (const Phrase& who : res.diagnosis.front().producedByPhrases) {
            const QString text = PhraseText::text(who);
            qInfo().noquote() << text;
            words.check(QStringLiteral("Check report, produced by"), text);
            named += text.contains(QStringLiteral("llama.cpp")) && text.contains(QStringLiteral("之前")) ? 1 : 0;
        }
        QCOMPARE(named, 1); // llama.cpp named, its revision and note in Chinese
        const QStringList found = words.report();
        for (const auto& line : found)
            qInfo().noquote() << line;
        QVERIFY(found.isEmpty());
    }

    void matrixFallbackNotesAreChinese()
    {
        // The Matrix view's notes when a bin has no closed-form mean (the angle; an M-RoPE with a token layout):
        // the fallback to point samples is said in Chinese, with its own reason, and the title says point samples.
        for (const auto& [id, params, view] :
             {std::tuple<std::string, std::map<std::string, std::string>, std::string>{"rope", {}, "angle"},
              {"mrope", {{"token-layout", "text:4,image:8x8,text:4"}}, "cos"}}) {
            auto r = test::request(FigureKind::Heatmap, {test::method(id, params)}, 131072);
            r.pixelColumns = 1024;
            r.options.set("view", view);
            const FigureData d = computeFigure(r);
            qInfo().noquote() << d.title << '\n' << d.note;
            QVERIFY2(d.note.contains(QStringLiteral("没有闭式平均")), qPrintable(d.note));
            QVERIFY2(d.note.contains(view == "angle" ? QStringLiteral("锯齿波") : QStringLiteral("(t, h, w) 编号")),
                     qPrintable(d.note));
            QVERIFY2(d.title.contains(QStringLiteral("点采样")) && !d.title.contains(QStringLiteral("精确平均")),
                     qPrintable(d.title));
            QVERIFY(test_zh::unknownWords({{QStringLiteral("Matrix note"), d.note}}).isEmpty());
        }
    }
};

QTEST_MAIN(TestZhCheck)
#include "tst_zh_check.moc"
