// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 36: each analysis is declared once in core (posenc/analysis/analysis_spec.h). For every declared analysis
// and option, the CLI's flag (the command table of posenc_cli_headless) and the GUI view's control (the figure
// table) carry the core's name, type, range, default, choices and help; the view adds only a label. The entropy
// view's default score model (expected-similar, sigma2 0.25) is the same in the three. Python's keywords are checked
// against the same declaration in python/tests/test_analyses.py.
#include "cli_common.h"

#include "figures/FigureSpec.h"
#include "posenc/analysis/analysis_spec.h"
#include "posenc/analysis/attention_scale.h"
#include "posenc/analysis/entropy.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <algorithm>
#include <set>

#include <QTest>

using namespace posenc;

namespace {

const cli::Command& commandFor(const analysis::AnalysisSpec& spec)
{
    const cli::Command* c = cli::findCommand(cli::headlessCommands(), {"compute", spec.id});
    if (!c)
        qFatal("no command compute %s", spec.id.c_str());
    return *c;
}

const ParamSpec* cliFlag(const cli::Command& c, const std::string& name)
{
    for (const auto& o : c.options)
        if (o.spec.name == name)
            return &o.spec;
    return nullptr;
}

const ParamSpec* viewControl(const widgets::FigureSpec& view, const std::string& name)
{
    for (const auto& o : view.options)
        if (o.name == name)
            return &o;
    return nullptr;
}

/// Everything but the GUI's label.
bool sameDeclaration(const ParamSpec& a, const ParamSpec& b)
{
    return a.name == b.name && a.type == b.type && a.defaultValue == b.defaultValue && a.min == b.min &&
           a.max == b.max && a.minInclusive == b.minInclusive && a.maxInclusive == b.maxInclusive &&
           a.optional == b.optional && a.choices == b.choices && a.help == b.help && a.scale == b.scale;
}

} // namespace

class TestAnalysisDeclaration : public QObject {
    Q_OBJECT
private slots:
    void cliFlagsAreTheDeclaration()
    {
        QVERIFY(analysis::analysisSpecs().size() >= 6);
        for (const auto& spec : analysis::analysisSpecs()) {
            const auto& c = commandFor(spec);
            QCOMPARE(c.summary, spec.summary);
            for (const auto& o : spec.options) {
                const ParamSpec* flag = cliFlag(c, o.name);
                QVERIFY2(flag, qPrintable(QString::fromStdString(spec.id + " --" + o.name)));
                QVERIFY2(sameDeclaration(*flag, o), qPrintable(QString::fromStdString(spec.id + " --" + o.name)));
            }
            // The command's flags are the declaration's plus --format, nothing of their own; `compute positions`
            // also reads an image/video model's config (--config, --layout, --tower, --columns, --order).
            std::set<std::string> own;
            for (const auto& o : c.options)
                if (!std::any_of(spec.options.begin(), spec.options.end(),
                                 [&](const ParamSpec& s) { return s.name == o.spec.name; }))
                    own.insert(o.spec.name);
            const std::set<std::string> expected =
                spec.id == "positions" ? std::set<std::string>{"format", "config", "layout", "tower", "columns", "order"}
                                       : std::set<std::string>{"format"};
            QCOMPARE(own, expected);
        }
    }

    void viewControlsAreTheDeclaration()
    {
        // View options with view semantics (not the analysis' options under the same name): the views' length
        // and attention span; decay's drawing range and its draws; bounds' context and train length, where unset
        // is "the primary's" (the command's train-length 0 means L0).
        const std::set<std::string> viewOwn = {"max-length", "window",         "attention",   "max-distance",
                                               "samples",    "context-length", "train-length"};
        std::set<std::string> sharedNames;
        for (const auto& spec : analysis::analysisSpecs()) {
            if (spec.id == "base-bound" || spec.id == "dual-chunk" || spec.id == "positions" ||
                spec.id == "dype")
                continue; // no view (Positions draws the M-RoPE method's own token layout)
            const widgets::FigureSpec& view = widgets::figureSpec(spec.id);
            for (const auto& o : spec.options)
                if (const ParamSpec* control = viewControl(view, o.name);
                    control && !viewOwn.count(o.name) &&
                    !(spec.id == "pca" && o.name == "components")) { // view-only: see structureViewControls
                    QVERIFY2(sameDeclaration(*control, o), qPrintable(QString::fromStdString(spec.id + " " + o.name)));
                    QVERIFY(!control->displayName.empty()); // the label is the view's own
                    sharedNames.insert(spec.id + " " + o.name);
                }
        }
        for (const char* name : {"entropy temperature", "entropy score", "entropy sigma2", "entropy head",
                                 "precision stage", "attention-scale floor-scale", "attention-scale attn-scale"})
            QVERIFY2(sharedNames.count(name), name);
    }

    /// attention-scale and base-bound are formulas of their options: declared with no encoding, their commands
    /// take no --method, and running them with an encoding (or the others without one) names "method".
    void formulaAnalysesTakeNoEncoding()
    {
        std::set<std::string> formulas;
        for (const auto& spec : analysis::analysisSpecs()) {
            if (!spec.usesEncoding)
                formulas.insert(spec.id);
            QCOMPARE(commandFor(spec).takesMethod, spec.usesEncoding);
        }
        QCOMPARE(formulas, (std::set<std::string>{"attention-scale", "base-bound", "dual-chunk", "positions", "dype"}));
        ParamSet given;
        given.set("lengths", std::vector<double>{1024, 4096});
        const auto out = analysis::runAnalysis(analysis::analysisSpec("base-bound"), nullptr, given);
        // Men et al. Table 2 rows agree to two figures (d = 128), computed with no method.
        QCOMPARE(out.textColumns.at(0).second, (std::vector<std::string>{"agrees (2 s.f.)", "agrees (2 s.f.)"}));
        const auto rules = analysis::runAnalysis(analysis::analysisSpec("attention-scale"), nullptr, {});
        QCOMPARE(rules.records.size(), analysis::attentionScaleRules().size());
        const auto& rope = Registry::instance().find("rope");
        const auto enc = Registry::build(rope, Registry::resolve(rope, {}));
        try {
            analysis::runAnalysis(analysis::analysisSpec("attention-scale"), enc.get(), {});
            QFAIL("attention-scale ran on an encoding");
        } catch (const InvalidInput& e) {
            QCOMPARE(e.param(), std::string("method"));
        }
        try {
            analysis::runAnalysis(analysis::analysisSpec("bounds"), nullptr, {});
            QFAIL("bounds ran without an encoding");
        } catch (const InvalidInput& e) {
            QCOMPARE(e.param(), std::string("method"));
        }
    }

    void structureViewControlsAreTheDeclaration()
    {
        // similarity, spectrum, pca: the view's controls that are options of the analysis are the core's
        // ParamSpecs with a label; pca's "components" (2 or 3: the panels drawn) is a drawing option of the view.
        const std::pair<const char*, std::vector<std::string>> shared[] = {
            {"similarity", {"kind", "head"}}, {"spectrum", {"view"}}, {"pca", {"view"}}};
        for (const auto& [id, names] : shared) {
            const auto& spec = analysis::analysisSpec(id);
            const auto& view = widgets::figureSpec(id);
            for (const auto& name : names) {
                const ParamSpec* control = viewControl(view, name);
                QVERIFY2(control, qPrintable(QString::fromStdString(std::string(id) + " " + name)));
                QVERIFY2(sameDeclaration(*control, spec.option(name)),
                         qPrintable(QString::fromStdString(std::string(id) + " " + name)));
                QVERIFY(!control->displayName.empty());
            }
        }
        const ParamSpec* components = viewControl(widgets::figureSpec("pca"), "components");
        QVERIFY(components && components->max == 3 && analysis::analysisSpec("pca").option("components").max == 4096);
        // The similarity command writes a matrix: its --format is npy|csv|json, every other flag is declared.
        const auto& c = commandFor(analysis::analysisSpec("similarity"));
        QCOMPARE(c.options.back().spec.choices, (std::vector<std::string>{"npy", "csv", "json"}));
        // "auto" resolves as the view and the command always did: dot for additive methods, relative-score else.
        QCOMPARE(std::get<std::string>(analysis::analysisSpec("similarity").option("kind").defaultValue),
                 std::string("auto"));
    }

    void entropyDefaultScoreModelAgrees()
    {
        const auto& spec = analysis::analysisSpec("entropy");
        const analysis::EntropyOptions core;
        const std::string score = enumName(analysis::kScoreModelNames, core.score);
        QCOMPARE(score, std::string("expected-similar"));
        QCOMPARE(core.sigma2, 0.25);
        QCOMPARE(std::get<std::string>(spec.option("score").defaultValue), score);
        QCOMPARE(std::get<double>(spec.option("sigma2").defaultValue), core.sigma2);
        const auto& c = commandFor(spec);
        QCOMPARE(std::get<std::string>(cliFlag(c, "score")->defaultValue), score);
        QCOMPARE(std::get<double>(cliFlag(c, "sigma2")->defaultValue), core.sigma2);
        const auto& view = widgets::figureSpec("entropy");
        QCOMPARE(std::get<std::string>(viewControl(view, "score")->defaultValue), score);
        QCOMPARE(std::get<double>(viewControl(view, "sigma2")->defaultValue), core.sigma2);
    }
};

QTEST_MAIN(TestAnalysisDeclaration)
#include "tst_analysis_declaration.moc"
