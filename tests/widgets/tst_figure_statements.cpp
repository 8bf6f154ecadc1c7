// SPDX-License-Identifier: GPL-3.0-or-later
// What a figure says about the method it draws, for the methods whose arithmetic differs from plain RoPE: a scaled
// method's own frequencies (θ'ᵢ), YaRN's attention factor a on q and k, xPos's per-pair decay ζᵢ^(m/B), and a
// dynamic method's target context (its configured factor, not its rescaled one). Each known answer is derived here
// from the method's closed form, not read back from the figure code.
#include "figure_selection.h"

#include "explorer/ViewPage.h"
#include "figures/FigureSpec.h"
#include "posenc/pair_table.h"
#include "posenc/registry.h"

#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::method;
using posenc::widgets::test::request;

class TestFigureStatements : public QObject {
    Q_OBJECT
private slots:
    /// DeepSeek-V3's cache: YaRN s = 40, interleaved. The columns turn by θ'ᵢ, as the title says; the note named the
    /// unscaled θᵢ (was: "rotate together with θᵢ").
    void interleavedNoteNamesThePairsOwnFrequency()
    {
        FigureRequest r =
            request(FigureKind::Heatmap, {method("yarn", {{"factor", "40"}, {"pairing", "interleaved"}})});
        r.options.set("view", std::string("cos"));
        const FigureData d = computeFigure(r);
        QVERIFY2(d.note.contains(QStringLiteral("channels 2i and 2i + 1 rotate together, at the frequency of pair i")),
                 qPrintable(d.note));
        QVERIFY(!d.note.contains(QStringLiteral("θᵢ")));
    }

    /// YaRN s = 8 multiplies cos and sin by a = 0.1 ln 8 + 1 on both q and k: the similarity's diagonal is
    /// a²·|q|² = a²·128 for the default probe (±1 on every channel), not 128, and the figure says a² is included.
    void similaritySaysTheAttentionFactorIsInTheScore()
    {
        FigureRequest r = request(FigureKind::Similarity, {method("yarn", {{"factor", "8"}})});
        r.windowFirst = 0;
        r.windowLast = 16;
        const FigureData d = computeFigure(r);
        const double a = 0.1 * std::log(8.0) + 1.0;
        QVERIFY(!d.grids.empty());
        QVERIFY(std::abs(d.grids[0].values[0] - a * a * 128.0) < 1e-9 * a * a * 128.0);
        QVERIFY2(d.note.contains(QStringLiteral("on the rotated channels of q and k: their score includes a² = ")),
                 qPrintable(d.note));
        FigureRequest rope = r; // no attention factor: no such note
        rope.methods = {method("rope")};
        QVERIFY(!computeFigure(rope).note.contains(QStringLiteral("includes a²")));
        // its Head option is a bias method's: greyed, with the reason, for a rotary primary (was: always on)
        const ParamSet values = defaultFigureOptions(FigureKind::Similarity);
        QString why;
        QVERIFY(!ViewPage::optionApplies(FigureKind::Similarity, "head", values, {{View::Cos, View::Rotated}}, &why));
        QVERIFY2(why.contains(QStringLiteral("bias method")), qPrintable(why));
        QVERIFY(ViewPage::optionApplies(FigureKind::Similarity, "head", values, {{View::Bias}}));
    }

    /// xPos scales pair k of q by ζₖ^(i/B) and of k by ζₖ^(−j/B): its relative score decays with i − j. The
    /// Similarity, the Matrix's rotated view and the Rotation view say so (was: "depends only on the angle").
    void xposDecayIsStatedWhereverItEntersTheScore()
    {
        const MethodSelection xpos = method("xpos");
        FigureRequest s = request(FigureKind::Similarity, {xpos});
        s.windowLast = 16;
        const FigureData sim = computeFigure(s);
        QVERIFY2(sim.note.contains(QStringLiteral("ζₚ^((i − j)/B)")), qPrintable(sim.note));
        // off the diagonal, pair 0 of the score carries ζ₀^((i − j)/B) < 1: S(1, 0) differs from RoPE's
        FigureRequest rope = s;
        rope.methods = {method("rope")};
        QVERIFY(computeFigure(rope).grids[0].values[1] != sim.grids[0].values[1]);

        FigureRequest h = request(FigureKind::Heatmap, {xpos});
        h.options.set("view", std::string("rotated"));
        QVERIFY2(computeFigure(h).note.contains(QStringLiteral("scaled by ζᵢ^(m/B)")),
                 qPrintable(computeFigure(h).note));

        FigureRequest rot = request(FigureKind::Rotation, {method("rope"), xpos});
        const FigureData d = computeFigure(rot);
        QVERIFY2(d.note.contains(QStringLiteral("a factor ζᵢ^((m − n)/B) on the score")) &&
                     !d.note.contains(QStringLiteral("depends only on the angle")),
                 qPrintable(d.note));
        rot.methods = {method("rope")};
        QVERIFY(computeFigure(rot).note.contains(QStringLiteral("depends only on the angle")));
        // the views that sum pair terms (Decay, Entropy, Bounds) say the decay is in them; not for RoPE alone
        for (const FigureKind kind : {FigureKind::Decay, FigureKind::Entropy, FigureKind::Bounds}) {
            const QString note = computeFigure(request(kind, {method("rope"), xpos})).note;
            QVERIFY2(note.contains(QStringLiteral(
                         "xPos: each pair's term is also multiplied by its decay ζᵢ^(Δ/B), B its scale base")),
                     qPrintable(note));
            QVERIFY(!computeFigure(request(kind, {method("rope")})).note.contains(QStringLiteral("ζᵢ^(Δ/B)")));
        }
    }

    /// Dynamic NTK at seq-len 32768 (8 × L0) rescales to s_eff = 8·32768/4096 − 7 = 57 (HF's formula), but the context
    /// it targets is factor × L0 = 32768: the Bounds view's default L (was 57 × 4096 = 233472), as compute bounds.
    void boundsDefaultContextIsTheConfiguredFactorTimesL0()
    {
        const MethodSelection dyn = method("dynamic-ntk", {{"factor", "8"}, {"seq-len", "32768"}});
        const auto encoding = Registry::build(Registry::instance().find("dynamic-ntk"), dyn.params);
        QCOMPARE(encoding->rotary()->scale, 57.0);
        QCOMPARE(encoding->rotary()->targetContext(), 32768.0);
        const FigureData d = computeFigure(request(FigureKind::Bounds, {dyn}));
        QVERIFY2(d.note.contains(QStringLiteral("L = 32768 (s·L0 of ")), qPrintable(d.note));
        // the resolved values say the same target (was: "effective context s·L0 = 233472")
        QCOMPARE(*resolvedValues(*encoding->rotary()).effectiveContext, 32768.0);
        // no method with an L0 and L chosen: T = L, as the note and the tooltip say (was: T = the view length)
        FigureRequest chosen = request(FigureKind::Bounds, {method("rope")}, 4096);
        chosen.options.set("context-length", 32768.0);
        QVERIFY2(computeFigure(chosen).note.contains(QStringLiteral("L = 32768 (chosen), T = 32768")),
                 qPrintable(computeFigure(chosen).note));
    }
};

QTEST_MAIN(TestFigureStatements)
#include "tst_figure_statements.moc"
