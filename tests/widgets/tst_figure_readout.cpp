// SPDX-License-Identifier: GPL-3.0-or-later
// The hover read-out (FigureReadout.h): what the status bar says under the mouse, for curves, heatmap cells and
// category strips, named as the axes and legends name them.
#include "figure_selection.h"
#include "figures/FigureReadout.h"
#include "posenc/registry.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace posenc;
using namespace posenc::widgets;
using namespace posenc::widgets::test;

class TestFigureReadout : public QObject {
    Q_OBJECT

private slots:
    void curveReadoutNamesTheQuantityAndEveryCurve()
    {
        // x is named by its axis title before the bracket ("pair i", not "pair i (0"); a curve of a second panel
        // without its own legend entry is named by its method's entry
        auto r = request(FigureKind::Frequencies, {method("rope"), method("yarn")}, 4096);
        const auto d = computeFigure(r);
        QVERIFY(d.xLabel.contains(QLatin1Char('(')));
        const QString text = curveReadout(d, 31.2, 0, 0);
        QVERIFY2(text.startsWith(QStringLiteral("pair i = 31: ")), qPrintable(text));
        // the values' quantity is named by the y axis before the curves (a curve's name is not the quantity)
        const QString quantity = d.yLabel.section(QLatin1Char('('), 0, 0).trimmed();
        QVERIFY(!quantity.isEmpty());
        QVERIFY2(text.startsWith(QStringLiteral("pair i = 31: %1: ").arg(quantity)), qPrintable(text));
        FigureData two;
        two.xLabel = QStringLiteral("pair i");
        two.curves.push_back({QStringLiteral("HF"), "hf", {0, 1}, {1, 2}, false, false});
        Curve second{QString(), "hf", {0, 1}, {3, 4}, false, false};
        second.panel = 1;
        two.curves.push_back(second);
        QCOMPARE(curveReadout(two, 1, 0, 1), QStringLiteral("pair i = 1: HF 4"));
        // numbers as the notes and axes write them: a minus sign, × 10ⁿ
        two.curves[0].y = {-0.25, -2.5e-7};
        QCOMPARE(curveReadout(two, 0, 0, 0), QStringLiteral("pair i = 0: HF −0.25"));
        QCOMPARE(curveReadout(two, 1, 0, 0), QStringLiteral("pair i = 1: HF −2.5 × 10⁻⁷"));
        // the Engines view's cos/sin panel: curves named by their colour (one per engine); with YaRN only ORT
        // GenAI (bounds never rounded) differs, the engines that agree exactly have no point on its log axis
        const auto engines = computeFigure(request(FigureKind::Engines, {method("yarn")}, 4096));
        QVERIFY(engines.panels.size() == 2);
        const QString right = curveReadout(engines, 20, 0, 1);
        QVERIFY2(right.contains(QStringLiteral(": ORT GenAI (a = ")), qPrintable(right));
        // the Ramp view draws two quantities, YaRN's ramp γ (solid) and every method's interpolation (dashed): the
        // read-out groups the values by quantity and names the dashed lines by their method, not "dashed: …"
        const auto ramp = computeFigure(request(FigureKind::Ramp, {method("pi"), method("yarn")}, 4096));
        const QString both = curveReadout(ramp, 31, 0, 0);
        const auto table = Registry::build(Registry::instance().find("yarn"), method("yarn").params)->frequencyTable();
        QVERIFY(table && table->ramp && table->interpolation);
        const QString expected = QStringLiteral("pair i = 31: interpolation: %1 1 · YaRN %2; ramp γ: YaRN %3")
                                     .arg(ramp.curves.front().name)
                                     .arg((*table->interpolation)[31], 0, 'g', 6)
                                     .arg((*table->ramp)[31], 0, 'g', 6);
        QCOMPARE(both, expected);
    }

    void crowdedPanelReadoutNamesTheCurveUnderTheMouse()
    {
        // the Layers view draws a bar per layer (32 for Llama 2): the read-out listed every one and the status bar
        // cut the list after three; it names the bar under the mouse
        FigureData d;
        d.xLabel = QStringLiteral("key position");
        d.yLabel = QStringLiteral("layer");
        for (int layer = 0; layer < 32; ++layer) {
            Curve c;
            c.x = {0.0, 100.0};
            c.y = {double(layer), double(layer)};
            c.name = QStringLiteral("bar %1").arg(layer);
            d.curves.push_back(c);
        }
        // the layer under the mouse before the bar's name: «第 0–31 层 15» read as one more layer number
        QCOMPARE(curveReadout(d, 50, 6.8, 0), QStringLiteral("key position = 100: layer = 7: bar 7"));
        d.curves.resize(3); // a few curves: each is listed
        QCOMPARE(curveReadout(d, 50, 1.2, 0), QStringLiteral("key position = 100: layer: bar 0 0 · bar 1 1 · bar 2 2"));
    }

    void squarePanelReadoutIsThePoint()
    {
        // the Rotation view's clock hands: the read-out named the mouse's x as "pair i = 0" (the Chinese axis label
        // begins with 维度对 i) and glued the hand's value to its legend entry; a square panel reads out the point
        FigureData d;
        Panel p;
        p.xLabel = QStringLiteral("first channel of pair i");
        p.yLabel = QStringLiteral("second channel of pair i");
        p.square = 1.1;
        d.panels = {p};
        Curve hand;
        hand.x = {0.0, 0.6};
        hand.y = {0.0, -0.8};
        hand.name = QStringLiteral("i = 0");
        d.curves = {hand};
        const QString text = curveReadout(d, 0.5, -0.25, 0);
        QVERIFY2(text.startsWith(QStringLiteral("first channel of pair i = 0.5")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("second channel of pair i = −0.25")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("i = 0:")), qPrintable(text));
    }

    void categoryStripReadoutNamesTheCategory()
    {
        // the Grid view's channel → axis strip read "axis ≈ 0, channel = 63: axis index = 1"; it names the axis
        const auto d = computeFigure(request(FigureKind::Grid, {method("rope")}, 4096));
        QCOMPARE(d.grids.size(), std::size_t{2});
        const Grid& strip = d.grids[1];
        QCOMPARE(gridReadout(strip, 0, 63), QStringLiteral("channel = 63 → axis h"));
        QCOMPARE(gridReadout(strip, 0, 72), QStringLiteral("channel = 72 → the chosen pair (axis w, pair 0)"));
        QCOMPARE(gridReadout(strip, 0, 3), QStringLiteral("channel = 3 → axis t"));
    }

    void hoverReadoutNamesThePairWavelength()
    {
        auto r = request(FigureKind::Heatmap, {method("yarn")}, 100);
        r.pixelColumns = 1000; // one row per position
        const auto d = computeFigure(r);
        const QString text = gridReadout(d.grids[0], 42.2, 3.1);
        const double lambda =
            2 * std::numbers::pi /
            Registry::build(Registry::instance().find("yarn"), method("yarn").params)->rotary()->invFreq[3];
        QVERIFY2(text.contains(QStringLiteral("position m = 42")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("dimension j = 3")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("λ = %1").arg(lambda, 0, 'g', 6)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("rotations in L0 = 4096")), qPrintable(text));
        QVERIFY(gridReadout(d.grids[0], 500, 3).isEmpty());
    }

    void binsSayWhetherTheyAreMeansOrPointSamples()
    {
        // 131072 positions on 1024 columns: 128 positions per bin. cos has a closed form (a mean of 128 values);
        // the angle has none above 32 positions per bin, so each bin is the angle at its first position, and the
        // read-out, the title and the note say so (as the Pixels option "point" does on purpose).
        auto r = request(FigureKind::Heatmap, {method("rope")}, 131072);
        r.pixelColumns = 1024;
        r.options.set("view", std::string("cos"));
        const auto mean = computeFigure(r);
        QVERIFY(mean.grids[0].bins == Grid::Bins::Mean);
        QVERIFY2(mean.title.contains(QStringLiteral("positions: exact mean)")), qPrintable(mean.title));
        const QString meanText = gridReadout(mean.grids[0], 700, 3);
        QVERIFY2(meanText.contains(QStringLiteral("position m = 640…767 (mean of 128)")), qPrintable(meanText));

        r.options.set("view", std::string("angle"));
        const auto angle = computeFigure(r);
        const Grid& g = angle.grids[0];
        QVERIFY(g.bins == Grid::Bins::FirstPosition);
        QVERIFY2(angle.title.contains(QStringLiteral("positions: point samples)")), qPrintable(angle.title));
        QVERIFY2(angle.note.contains(QStringLiteral("“angle” has no closed-form mean (an angle is a sawtooth")) &&
                     angle.note.contains(QStringLiteral("summed up to 32 positions per bin; at 128 positions per bin "
                                                        "each bin shows the value at its first position")),
                 qPrintable(angle.note));
        QVERIFY2(!angle.note.contains(QStringLiteral("average out")), qPrintable(angle.note));
        const QString text = gridReadout(g, 700, 3);
        QVERIFY2(text.contains(QStringLiteral("position m = 640…767 (point sample: the value at 640)")),
                 qPrintable(text));
        // the value is the angle at m = 640: 640·θ₃ mod 2π (RoPE, base 10000, head_dim 128)
        const double theta3 = std::pow(10000.0, -6.0 / 128.0);
        QVERIFY(std::abs(g.values[5 * static_cast<std::size_t>(g.cols) + 3] -
                         std::fmod(640 * theta3, 2 * std::numbers::pi)) < 1e-12);

        // The engine's float32 arithmetic rounds each angle on its own: no closed form either, and the note gives
        // that reason (not the M-RoPE's); its columns still name their pairs (the read-out's λ, the attention
        // factor left out in a comparison).
        auto f32 = request(FigureKind::Heatmap, {method("yarn", {{"arithmetic", "engine"}})}, 131072);
        f32.pixelColumns = 1024;
        f32.options.set("view", std::string("cos"));
        const auto rounded = computeFigure(f32);
        QVERIFY(rounded.grids[0].bins == Grid::Bins::FirstPosition);
        QVERIFY2(
            rounded.note.contains(QStringLiteral("in the engine's own float32 arithmetic has no closed-form mean")) &&
                !rounded.note.contains(QStringLiteral("M-RoPE")),
            qPrintable(rounded.note));
        QCOMPARE(rounded.grids[0].columnPair.size(), static_cast<std::size_t>(rounded.grids[0].cols));
        // beside the float64 YaRN (closed form): the title leaves the qualifier to the notes
        auto both = request(FigureKind::Heatmap, {method("yarn"), method("yarn", {{"arithmetic", "engine"}})}, 131072);
        both.pixelColumns = 1024;
        both.options.set("mode", std::string("side-by-side"));
        const auto sides = computeFigure(both);
        QVERIFY2(sides.title.contains(QStringLiteral("(one column per ≈128 positions)")), qPrintable(sides.title));
    }

    /// Between one and two positions per column the first bins are one position wide and the others two: the title
    /// says the columns are means (not "one column per position"), and the fading note is kept to tables whose pairs
    /// turn by the position (not a learned table, not an M-RoPE's tokens).
    void binsWiderThanOneAnywhereAreBinned()
    {
        auto r = request(FigureKind::Heatmap, {method("rope")}, 1000);
        r.pixelColumns = 600;
        const auto d = computeFigure(r);
        QVERIFY2(d.title.contains(QStringLiteral("(one column per ≈1.7 positions: exact mean)")), qPrintable(d.title));
        QVERIFY2(d.note.contains(QStringLiteral("average out")), qPrintable(d.note));
        for (const auto& [id, params] : std::vector<std::pair<std::string, std::map<std::string, std::string>>>{
                 {"learned", {}}, {"mrope", {{"token-layout", "text:4,image:64x64,text:4"}}}}) {
            auto other = request(FigureKind::Heatmap, {method(id, params)}, 1000);
            other.pixelColumns = 600;
            const auto o = computeFigure(other);
            QVERIFY2(!o.note.contains(QStringLiteral("average out")), qPrintable(o.note));
        }
        auto sin = request(FigureKind::Heatmap, {method("sinusoidal")}, 1000);
        sin.pixelColumns = 600;
        QVERIFY(computeFigure(sin).note.contains(QStringLiteral("average out")));
    }

    /// More rows than pixel rows: the angle's rows are pairs (64 for RoPE), the other views' dimensions (128).
    void rowGroupsNameWhatTheRowsAre()
    {
        auto r = request(FigureKind::Heatmap, {method("rope")}, 256);
        r.pixelRows = 32;
        r.options.set("view", std::string("angle"));
        const QString angle = computeFigure(r).note;
        QVERIFY2(angle.contains(QStringLiteral("64 pairs on fewer pixel rows: each drawn row is the exact mean of 2 "
                                               "pairs")),
                 qPrintable(angle));
        r.options.set("view", std::string("cos"));
        const QString cos = computeFigure(r).note;
        QVERIFY2(cos.contains(QStringLiteral("128 dimensions on fewer pixel rows: each drawn row is the exact mean of "
                                             "4 dimensions")),
                 qPrintable(cos));
    }

    /// A bias cell is the mean of a query × key block (masked keys left out): the read-out does not give the number
    /// of query positions as the count of a mean.
    void biasCellIsABlockMean()
    {
        auto r = request(FigureKind::Heatmap, {method("alibi")}, 32768);
        r.pixelColumns = 1000;
        r.pixelRows = 450;
        r.options.set("view", std::string("bias"));
        const auto d = computeFigure(r);
        const Grid& g = d.grids[0];
        QVERIFY(g.bins == Grid::Bins::Mean && !g.yEdges.empty());
        const QString text = gridReadout(g, 5, 5);
        QVERIFY2(!text.contains(QStringLiteral("(mean of")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("(mean over the query × key block, masked keys left out)")),
                 qPrintable(text));
        // 512 queries on 1000 columns but 512 keys on 450 rows: one column per query, yet each cell averages a
        // block of 1–2 keys, and the note says so
        auto keys = request(FigureKind::Heatmap, {method("alibi")}, 512);
        keys.pixelColumns = 1000;
        keys.pixelRows = 450;
        keys.options.set("view", std::string("bias"));
        const auto k = computeFigure(keys);
        QVERIFY2(k.title.contains(QStringLiteral("(one column per position)")), qPrintable(k.title));
        QVERIFY2(k.note.contains(QStringLiteral("exact mean bias over its query x key block")), qPrintable(k.note));
    }
};

QTEST_MAIN(TestFigureReadout)
#include "tst_figure_readout.moc"
