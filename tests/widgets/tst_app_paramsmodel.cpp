// SPDX-License-Identifier: GPL-3.0-or-later
// ParamsModel: shared parameters with per-method overrides, change signals, validation, undo/redo.
#include "explorer/ParamsModel.h"
#include "figures/FigureTypes.h"

#include "posenc/registry.h"

#include <QSignalSpy>

#include <algorithm>
#include <QTest>
#include <QUndoStack>

using namespace posenc;
using namespace posenc::widgets;

class TestParamsModel : public QObject {
    Q_OBJECT

private:
    static ParamState compareState()
    {
        ParamState s;
        s.methods = {"rope", "pi", "ntk-aware", "yarn"};
        s.shared = {{"head-dim", 128.0}, {"base", 10000.0}, {"factor", 8.0},
                    {"original-max-position-embeddings", 4096.0}};
        return s;
    }

private slots:
    void sharedValueAppliesToEveryMethod()
    {
        ParamsModel m;
        m.setState(compareState(), "preset");
        m.setValue("yarn", "base", 500000.0);
        for (const char* id : {"rope", "pi", "ntk-aware", "yarn"})
            QCOMPARE(m.resolved(id).real("base"), 500000.0);
        // Parameters a method does not have are not added to it.
        QVERIFY(!m.resolved("rope").has("factor"));
        QCOMPARE(m.resolved("pi").real("factor"), 8.0);
    }

    void overrideKeepsOwnValue()
    {
        ParamsModel m;
        m.setState(compareState(), "preset");
        m.setOverridden("yarn", "factor", true);
        QVERIFY(m.isOverridden("yarn", "factor"));
        m.setValue("yarn", "factor", 16.0);
        QCOMPARE(m.resolved("yarn").real("factor"), 16.0);
        QCOMPARE(m.resolved("pi").real("factor"), 8.0);
        m.setValue("pi", "factor", 4.0); // edits the shared value
        QCOMPARE(m.resolved("ntk-aware").real("factor"), 4.0);
        QCOMPARE(m.resolved("yarn").real("factor"), 16.0);
        m.setOverridden("yarn", "factor", false);
        QCOMPARE(m.resolved("yarn").real("factor"), 4.0);
    }

    void nonSharedParametersArePerMethod()
    {
        ParamsModel m;
        m.setState(compareState(), "preset");
        m.setValue("yarn", "pairing", std::string("interleaved"));
        QCOMPARE(m.resolved("yarn").choice("pairing"), std::string("interleaved"));
        QCOMPARE(m.resolved("rope").choice("pairing"), std::string("half"));
    }

    void signalsOnlyOnRealChange()
    {
        ParamsModel m;
        m.setState(compareState(), "preset");
        QSignalSpy params(&m, &ParamsModel::paramsChanged);
        QSignalSpy methods(&m, &ParamsModel::methodsChanged);
        m.setValue("rope", "base", 10000.0); // unchanged
        m.setLength(m.length());
        m.setChecked("yarn", true);            // already checked
        m.setPrimary("rope");                  // already primary
        QCOMPARE(params.count(), 0);
        QCOMPARE(methods.count(), 0);
        m.setValue("rope", "base", 20000.0);
        QCOMPARE(params.count(), 1);
        QCOMPARE(methods.count(), 0);
        m.setPrimary("yarn");
        QCOMPARE(methods.count(), 1);
        QCOMPARE(m.primary(), std::string("yarn"));
        QCOMPARE(m.methods().size(), std::size_t(4));
    }

    void validationNamesTheParameter()
    {
        ParamsModel m;
        m.setState(compareState(), "preset");
        QVERIFY(m.isValid());
        m.setValue("rope", "head-dim", 127.0);
        QVERIFY(!m.isValid());
        const auto p = m.problem("rope");
        QVERIFY(p.has_value());
        QCOMPARE(p->param, std::string("head-dim"));
        QVERIFY2(p->message.contains("even"), qPrintable(p->message));
        QCOMPARE(m.problems().size(), std::size_t(4)); // shared: every compared method has the problem

        m.setValue("rope", "head-dim", 128.0);
        // beta_slow (alpha) >= beta_fast (beta) is accepted by HF with a warning: computed, and warned in place
        m.setValue("yarn", "alpha", 40.0);
        QVERIFY(!m.problem("yarn"));
        QVERIFY(m.isValid());
        const auto warned = m.warnings();
        QVERIFY(std::any_of(warned.begin(), warned.end(), [](const ParamProblem& w) {
            return w.methodId == "yarn" && w.param == "alpha";
        }));
        QVERIFY(!m.problem("rope"));

        m.setValue("yarn", "alpha", 1.0);
        m.setLength(1);
        QVERIFY(!m.isValid());
        QCOMPARE(m.problems().front().param, std::string("length"));
    }

    void eachStateIsResolvedOnce()
    {
        // Issue 17 §5: validity and resolved values are decided once per edit, then shared by every reader.
        ParamsModel m;
        m.setState(compareState(), "preset");
        m.setValue("yarn", "factor", 16.0);
        const auto before = m.derivations();
        for (int reader = 0; reader < 3; ++reader) { // the panel, the views and the status bar all ask
            QVERIFY(m.isValid());
            (void)m.problems();
            (void)m.warnings();
            (void)m.selections();
            for (const auto& key : m.methods())
                for (const auto& spec : ParamState::methodOf(key).info.params)
                    (void)m.value(key, spec.name);
            QVERIFY(!m.problem("yarn"));
        }
        QCOMPARE(m.derivations(), before + 1);
        QCOMPARE(m.resolved("yarn").real("factor"), 16.0);
        m.setValue("yarn", "factor", 4.0); // a new state: resolved again, once
        QCOMPARE(m.resolved("yarn").real("factor"), 4.0);
        (void)m.problems();
        QCOMPARE(m.derivations(), before + 2);
        m.undoStack()->undo(); // both factor edits were one undo step (merged, like a slider drag)
        QCOMPARE(m.resolved("yarn").real("factor"), 8.0);
        QCOMPARE(m.derivations(), before + 3);
    }

    void lengthUpToTheOneMaximum()
    {
        // One maximum length for the explorer, sessions and the CLI (param_state.h): 2^40 positions.
        ParamsModel m;
        m.setState(compareState(), "preset");
        m.setLength(kMaxLength);
        QVERIFY(m.isValid());
        m.setLength(kMaxLength + 1);
        QVERIFY(!m.isValid());
        QVERIFY2(m.problems().front().message.contains(QString::number(kMaxLength)),
                 qPrintable(m.problems().front().message));
    }

    void undoRedoRestoresState()
    {
        ParamsModel m;
        m.setState(compareState(), "preset");
        const ParamState before = m.state();
        m.setChecked("llama3", true);
        m.setValue("yarn", "beta", 16.0);
        QCOMPARE(m.undoStack()->count(), 3);
        m.undoStack()->undo();
        QCOMPARE(m.resolved("yarn").real("beta"), 32.0);
        QVERIFY(m.isChecked("llama3"));
        m.undoStack()->undo();
        QCOMPARE(m.state(), before);
        m.undoStack()->redo();
        m.undoStack()->redo();
        QCOMPARE(m.resolved("yarn").real("beta"), 16.0);
    }

    void dragMergesIntoOneStep()
    {
        ParamsModel m;
        m.setState(compareState(), "preset");
        const int steps = m.undoStack()->count();
        for (double b : {11000.0, 12000.0, 13000.0, 14000.0})
            m.setValue("rope", "base", b);
        QCOMPARE(m.undoStack()->count(), steps + 1);
        m.undoStack()->undo();
        QCOMPARE(m.resolved("rope").real("base"), 10000.0);
    }

    void selectionsArePrimaryFirst()
    {
        ParamsModel m;
        m.setState(compareState(), "preset");
        m.setPrimary("ntk-aware");
        const auto sel = m.selections();
        QCOMPARE(sel.size(), std::size_t(4));
        QCOMPARE(sel.front().id, std::string("ntk-aware"));
        QCOMPARE(sel.front().params.real("factor"), 8.0);
        m.setChecked("ntk-aware", false);
        QCOMPARE(m.primary(), std::string("rope"));
    }

    void secondInstanceHasItsOwnParameters()
    {
        // Issue 7 §2.11: YaRN s = 8 beside YaRN s = 4, each with its own parameters, named and coloured apart.
        ParamsModel m;
        m.setState(compareState(), "preset");
        const std::string key = m.addInstance("yarn");
        QCOMPARE(key, std::string("yarn#2"));
        QVERIFY(m.isChecked(key));
        m.setOverridden(key, "factor", true);
        m.setValue(key, "factor", 4.0);
        QCOMPARE(m.resolved("yarn").real("factor"), 8.0);
        QCOMPARE(m.resolved(key).real("factor"), 4.0);
        QCOMPARE(m.resolved(key).real("base"), 10000.0); // shared values still apply

        // The figures get two YaRN selections with their own factors, named after what differs.
        FigureRequest r;
        r.kind = FigureKind::Frequencies;
        r.methods = m.selections();
        QCOMPARE(r.methods.size(), std::size_t(5));
        QCOMPARE(r.methods.back().id, std::string("yarn"));
        const FigureData d = computeFigure(r);
        std::vector<const Curve*> yarn;
        for (const auto& c : d.curves)
            if (c.methodId.rfind("yarn", 0) == 0 && !c.name.isEmpty())
                yarn.push_back(&c);
        QCOMPARE(yarn.size(), std::size_t(2));
        QVERIFY(yarn[0]->name != yarn[1]->name);
        QVERIFY2(yarn[1]->name.contains(QStringLiteral("4")), qPrintable(yarn[1]->name));
        QVERIFY(methodColor(yarn[0]->methodId) != methodColor(yarn[1]->methodId));
        // The largest wavelength: YaRN interpolates its slowest pair by s, so s = 8 reaches twice s = 4's.
        QCOMPARE(yarn[0]->y.back() / yarn[1]->y.back(), 2.0);

        // Unchecking an instance removes it with its values; undo brings both back.
        m.setChecked(key, false);
        QVERIFY(!m.isChecked(key));
        QVERIFY(m.state().own.count(key) == 0);
        m.undoStack()->undo();
        QCOMPARE(m.resolved(key).real("factor"), 4.0);
        // A third instance takes the next free number.
        QCOMPARE(m.addInstance("yarn"), std::string("yarn#3"));
    }
};

QTEST_GUILESS_MAIN(TestParamsModel)
#include "tst_app_paramsmodel.moc"
