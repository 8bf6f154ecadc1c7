// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 36: each analysis is declared once in core (posenc/analysis/analysis_spec.h). For every declared analysis
// and option, the CLI's flag (the command table of posenc_cli_headless) and the GUI view's control (the figure
// table) carry the core's name, type, range, default, choices and help; the view adds only a label. The entropy
// view's default score model (expected-similar, sigma2 0.25) is the same in the three. Python's keywords are checked
// against the same declaration in python/tests/test_analyses.py.
#include "cli_common.h"

#include "figures/FigureSpec.h"
#include "posenc/analysis/analysis_spec.h"
#include "posenc/analysis/entropy.h"

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
        QVERIFY(analysis::analysisSpecs().size() >= 2);
        for (const auto& spec : analysis::analysisSpecs()) {
            const auto& c = commandFor(spec);
            QCOMPARE(c.summary, spec.summary);
            for (const auto& o : spec.options) {
                const ParamSpec* flag = cliFlag(c, o.name);
                QVERIFY2(flag, qPrintable(QString::fromStdString(spec.id + " --" + o.name)));
                QVERIFY2(sameDeclaration(*flag, o), qPrintable(QString::fromStdString(spec.id + " --" + o.name)));
            }
            // The command's flags are the declaration's plus --format, nothing of their own.
            QCOMPARE(c.options.size(), spec.options.size() + 1);
            QCOMPARE(c.options.back().spec.name, std::string("format"));
        }
    }

    void viewControlsAreTheDeclaration()
    {
        int shared = 0;
        for (const auto& spec : analysis::analysisSpecs()) {
            const widgets::FigureSpec& view = widgets::figureSpec(spec.id);
            for (const auto& o : spec.options)
                if (const ParamSpec* control = viewControl(view, o.name);
                    control && o.name != "max-length" && o.name != "window" && o.name != "attention" &&
                    o.name != "max-distance" && o.name != "samples" &&
                    !(spec.id == "pca" && o.name == "components")) { // view-only: see structureViewControls
                    QVERIFY2(sameDeclaration(*control, o), qPrintable(QString::fromStdString(spec.id + " " + o.name)));
                    QVERIFY(!control->displayName.empty()); // the label is the view's own
                    ++shared;
                }
        }
        QVERIFY(shared >= 4); // entropy: temperature, score, sigma2, head
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
