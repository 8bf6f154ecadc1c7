// SPDX-License-Identifier: GPL-3.0-or-later
// Simplified Chinese catalogue: every registry string (methods, parameters, view options) is listed in
// CoreStrings.cpp and translated; every engine note, also away from the defaults; every built-in preset and
// gallery figure. Failures print the lines to add.
#include "guide/Gallery.h"
#include "explorer/Presets.h"
#include "figures/FigureSpec.h"
#include "i18n/CoreStrings.h"
#include "i18n/CoreText.h"
#include "i18n/ParamText.h"
#include "i18n/Translations.h"
#include "translation_checks.h"

#include "posenc/engine.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <set>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::needsTranslation;

class TestTranslationCatalogue : public QObject {
    Q_OBJECT
private slots:
    void cleanupTestCase() { Translations::install(QStringLiteral("en")); }

    void everyRegistryStringIsListedAndTranslated()
    {
        Translations::install(QStringLiteral("zh_CN"));
        std::set<std::string> listed(coreStrings().begin(), coreStrings().end());
        QStringList notListed, notTranslated;
        auto check = [&](const std::string& s) {
            if (s.empty())
                return;
            if (!listed.count(s))
                notListed << QStringLiteral("        QT_TRANSLATE_NOOP(\"posenc::params\", \"%1\"),")
                                 .arg(QString::fromStdString(s).replace(QLatin1Char('"'), QStringLiteral("\\\"")));
            const QString t = CoreText::text(s);
            if (t == QString::fromStdString(s) && needsTranslation(t))
                notTranslated << t;
        };
        auto checkSpec = [&](const ParamSpec& spec) {
            check(spec.displayName.empty() ? spec.name : spec.displayName);
            check(spec.help);
            check(spec.unit);
            check(spec.emptyMeaning);
            for (const auto& c : spec.choices)
                check(c);
        };
        for (const auto& def : Registry::instance().methods()) {
            check(def.info.displayName);
            check(def.info.summary);
            for (const auto& spec : def.info.params)
                checkSpec(spec);
        }
        // The view options of the figure table are ParamSpecs shown by the same editors.
        for (const auto& figure : figureSpecs())
            for (const auto& spec : figure.options)
                checkSpec(spec);
        notListed.removeDuplicates();
        notTranslated.removeDuplicates();
        // QTest truncates long messages: the full lists go to the log, one line each.
        for (const auto& line : notListed + notTranslated)
            qInfo().noquote() << line;
        QVERIFY2(notListed.isEmpty(), qPrintable(QStringLiteral("add to widgets/i18n/CoreStrings.cpp, then run "
                                                                "update_translations:\n") +
                                                 notListed.join(QLatin1Char('\n'))));
        QVERIFY2(notTranslated.isEmpty(), qPrintable(QStringLiteral("untranslated in posenc_zh_CN.ts:\n") +
                                                     notTranslated.join(QLatin1Char('\n'))));
    }

    /// Every note an engine attaches to its frequencies (the Engines view prints them) is translated, also with
    /// parameters away from the defaults: an explicit attention factor, truncate off, the paper's ramp, mscale
    /// pairs, served lengths below, at and above L0, and the engine's own arithmetic. The untranslated ones are
    /// printed as CoreStrings.cpp lines.
    void everyEngineNoteIsTranslated()
    {
        Translations::install(QStringLiteral("zh_CN"));
        struct Variant {
            const char* name;
            ParamValue value;
        };
        const std::vector<std::vector<Variant>> variants = {
            {},
            {{"attention-factor", 1.0}},
            {{"truncate", false}},
            {{"ramp", std::string("paper")}},
            {{"mscale", 1.0}, {"mscale-all-dim", 0.0}},
            {{"mscale", 0.707}, {"mscale-all-dim", 0.707}},
            {{"mscale", 1.0}, {"mscale-all-dim", 1.0}, {"attention-factor", 1.0}},
            {{"mscale", 1.0}, {"mscale-all-dim", 0.0}, {"attention-factor", 1.0}},
            {{"mscale", 0.707}, {"mscale-all-dim", 0.0}, {"truncate", false}},
            {{"max-model-len", 4096.0}},
            {{"max-model-len", 4097.0}},
            {{"max-model-len", 131072.0}},
            {{"seq-len", 4096.0}},
            {{"seq-len", 4097.0}},
            {{"seq-len", 8192.0}, {"attention-factor", 1.0}},
            {{"arithmetic", std::string("engine")}},
            // LongRoPE with distinct lists at a length <= L0: HF takes the short factors, MLX-LM the long ones
            {{"head-dim", 8.0}, {"seq-len", 4096.0}, {"long-factor", std::vector<double>{2.0, 2.0, 2.0, 2.0}}},
        };
        QStringList untranslated;
        int notes = 0;
        for (const auto& def : Registry::instance().methods()) {
            const ParamSet defaults = Registry::defaults(def);
            if (std::none_of(def.info.params.begin(), def.info.params.end(),
                             [](const ParamSpec& spec) { return spec.name == "engine"; }))
                continue;
            for (const std::string& engine : engineIds())
                for (const auto& variant : variants) {
                    ParamSet p = defaults;
                    p.set("engine", engine);
                    bool applies = true;
                    for (const Variant& v : variant) {
                        const std::string name = v.name;
                        applies = applies && std::any_of(def.info.params.begin(), def.info.params.end(),
                                                         [&](const ParamSpec& spec) { return spec.name == name; });
                        p.set(name, v.value);
                    }
                    if (!applies)
                        continue;
                    std::shared_ptr<const Encoding> enc;
                    try {
                        enc = Registry::build(def, p);
                    } catch (const InvalidInput&) {
                        continue; // the engine cannot express it: a refusal, translated by its own table
                    }
                    for (const std::string& n : engineNotes(*enc)) {
                        ++notes;
                        if (CoreText::withNumbers(n) == QString::fromStdString(n))
                            untranslated << QString::fromStdString(n);
                    }
                }
        }
        untranslated.removeDuplicates();
        for (const auto& line : untranslated)
            qInfo().noquote() << line;
        qInfo("%d engine notes over the variants", notes);
        QVERIFY(notes > 50);
        QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("engine notes without a translation (add their "
                                                                   "number templates to CoreStrings.cpp):\n") +
                                                    untranslated.join(QLatin1Char('\n'))));
    }

    /// The checks a method makes across its parameters (Registry::validate: no single parameter's rule) show under
    /// the editors as ParamText::problem words them: each one, broken on purpose, has a translation.
    void everyCrossParameterCheckIsTranslated()
    {
        Translations::install(QStringLiteral("zh_CN"));
        const std::vector<std::pair<const char*, std::map<std::string, std::string>>> broken = {
            {"rope", {{"head-dim", "4"}, {"partial-rotary-factor", "0.1"}}},
            {"ntk-aware", {{"head-dim", "2"}}},
            {"ntk-by-parts", {{"alpha", "40"}, {"beta", "32"}}},
            {"yarn", {{"ramp", "paper"}, {"alpha", "40"}, {"beta", "32"}}},
            {"part-ntk-legacy", {{"beta0", "0.5"}, {"beta1", "0.75"}}},
            {"part-ntk-legacy", {{"gamma0", "1"}, {"gamma1", "2"}}},
            {"longrope", {{"short-factor", "1,1"}}},
            {"longrope", {{"long-factor", "1,1,1"}}},
            {"longrope", {{"original-max-position-embeddings", "1"}, {"factor", "4"}}},
            {"t5", {{"num-buckets", "3"}}},
            {"t5", {{"bidirectional", "false"}, {"num-buckets", "1"}}},
            {"t5", {{"num-buckets", "32"}, {"max-distance", "4"}}},
            {"t5", {{"bucket-values", "1,2"}}},
            {"sinusoidal", {{"d-model", "2"}, {"exponent", "t2t"}}},
            {"mrope", {{"mrope-section", "1,2,3"}}},
            {"mrope", {{"mrope-section", "16,24"}}},
            {"mrope", {{"token-layout", "foo"}}},
            {"mrope", {{"token-layout", "text:x"}}},
            {"mrope", {{"token-layout", "image:4"}}},
            {"mrope", {{"token-layout", "video:2x4x4@0"}}},
            {"mrope", {{"token-layout", "video:4x4"}}},
            {"mrope", {{"token-layout", "audio:4"}}},
            {"mrope", {{"token-layout", "text:3,"}}},
            {"mrope", {{"token-layout", "image:3x4"}}},
        };
        QStringList untranslated;
        int checks = 0;
        for (const auto& [id, args] : broken) {
            const MethodDef* def = Registry::instance().tryFind(id);
            QVERIFY2(def, id);
            try {
                (void)Registry::build(*def, Registry::resolve(*def, args));
            } catch (const InvalidInput& e) {
                if (!e.rule().empty())
                    continue; // one parameter's rule: worded from the spec (tst_zh_screen)
                ++checks;
                const QString english = QString::fromUtf8(e.what());
                const QString shown = ParamText::problem(def->info.params, e);
                qInfo().noquote() << shown;
                if (shown == english)
                    untranslated << CoreText::numberTemplate(e.what());
            }
        }
        QVERIFY2(checks >= 20, qPrintable(QString::number(checks)));
        untranslated.removeDuplicates();
        for (const auto& line : untranslated)
            qInfo().noquote() << "untranslated:" << line;
        QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("cross-parameter checks without a translation (add "
                                                                   "their number templates to ValidationStrings.cpp, "
                                                                   "or a shape to ErrorText's problems):\n") +
                                                    untranslated.join(QLatin1Char('\n'))));
    }

    void everyBuiltInPresetIsTranslated()
    {
        Translations::install(QStringLiteral("zh_CN"));
        QStringList missing;
        for (const auto& p : Presets::builtIn()) {
            for (const QString& s : {p.name, p.description})
                if (CoreText::preset(s) == s)
                    missing << s;
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("presets without a translation (add them to "
                                                              "presetStrings() and the .ts):\n") +
                                               missing.join(QLatin1Char('\n'))));
    }

    void everyGalleryFigureIsListedAndTranslated()
    {
        Translations::install(QStringLiteral("zh_CN"));
        QStringList missing;
        const auto& listed = galleryStrings();
        for (const auto& e : galleryEntries())
            for (const std::string& s : {e.title, e.caption}) {
                const bool inList = std::any_of(listed.begin(), listed.end(), [&](const char* l) { return s == l; });
                if (!inList || galleryTitle(e).isEmpty() ||
                    QCoreApplication::translate("posenc::gallery", s.c_str()) == QString::fromStdString(s))
                    missing << QString::fromStdString(s);
            }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("gallery strings not in galleryStrings() or not "
                                                              "translated:\n") +
                                               missing.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestTranslationCatalogue)
#include "tst_translation_catalogue.moc"
