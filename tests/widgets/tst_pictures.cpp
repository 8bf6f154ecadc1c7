// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 7 §2 "every picture correct": each figure fix against paper numbers, golden values or a direct
// formula, and the drawn widget (ticks, panels, bands, placeholder text).
#include "figure_selection.h"
#include "explorer/ParamEditor.h"
#include "figures/FigureWidget.h"
#include "plot_checks.h"
#include "posenc/analysis/entropy.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <qcustomplot.h>

#include <QLineEdit>
#include <QTableWidget>
#include <QTest>

#include <cmath>
#include <numbers>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::method;
using posenc::widgets::test::request;

namespace {

std::size_t column(const FigureData& d, const QString& header)
{
    for (std::size_t i = 0; i < d.tableHeader.size(); ++i)
        if (d.tableHeader[i] == header)
            return i;
    throw std::runtime_error("no column " + header.toStdString());
}

int panelsUsed(const FigureData& d)
{
    int most = 0;
    for (const Curve& c : d.curves)
        most = std::max(most, c.panel + 1);
    return most;
}

} // namespace

class TestPictures : public QObject {
    Q_OBJECT
private slots:
    void boundsUseOneTrainingLengthForEveryMethod()
    {
        // RoPE beside YaRN (L0 4096, s 8), view length 32768: both at T_train = L0 = 4096, L = s L0 = 32768.
        // d_extra = 2 ceil(64 log_1e4(4096 / 2 pi)) = 92 for both (Liu et al.; before, RoPE took the view length
        // as its training length and got 120).
        const auto d = computeFigure(request(FigureKind::Bounds, {method("rope"), method("yarn")}, 32768));
        QCOMPARE(d.tableRows[0][column(d, QStringLiteral("RoPE"))], QStringLiteral("92"));
        QCOMPARE(d.tableRows[0][column(d, QStringLiteral("YaRN"))], QStringLiteral("92"));
        QVERIFY(d.title.contains(QStringLiteral("L = 32768")) && d.title.contains(QStringLiteral("training length T = 4096")));
        // Every visible quantity is defined in the note.
        for (const char* q : {"d_extra", "T_extra", "L_θ", "Base lower bound", "b_eff"})
            QVERIFY2(d.note.contains(QString::fromUtf8(q)), q);
        // Beyond the scan limit the cell says so: never a silent dash.
        for (const auto& row : d.tableRows)
            for (const QString& cell : row)
                QVERIFY(cell != QStringLiteral("—"));
    }

    void boundsOwnContextAndTrainingLength()
    {
        auto r = request(FigureKind::Bounds, {method("yarn"), method("rope")}, 65536);
        r.options.set("context-length", static_cast<double>(4096));
        r.options.set("train-length", static_cast<double>(2048));
        const auto d = computeFigure(r);
        // d_extra at T_train 2048: 2 ceil(64 log_1e4(2048 / 2 pi)) = 2 ceil(40.2) = 82.
        QCOMPARE(d.tableRows[0][column(d, QStringLiteral("RoPE"))], QStringLiteral("82"));
        // Men et al. base lower bound at L = 4096, the exact infimum (26952.4; theory.md: bases below 2.70e4 are
        // admissible, the 10^(k/1000) grid misses them and gives 28641.78), three significant digits.
        QCOMPARE(d.tableRows[3][column(d, QStringLiteral("RoPE"))], QStringLiteral("2.70 × 10⁴"));
        // Men et al. Fig. 1 curve: the exact infimum at 1024, 2048, 4096 (theory.md, fine linear scans: 4294,
        // 11588, 26954, printed to 4-5 digits).
        const Curve& bound = d.curves.front();
        QVERIFY(bound.methodId.empty() && bound.panel == 0);
        const std::map<double, double> golden = {{1024, 4294.0}, {2048, 11588.0}, {4096, 26954.0}};
        for (const auto& [L, b] : golden) {
            const auto at = std::find(bound.x.begin(), bound.x.end(), L);
            QVERIFY(at != bound.x.end());
            QVERIFY(std::abs(bound.y[static_cast<std::size_t>(at - bound.x.begin())] / b - 1) < 3e-4);
        }
        // Effective bases as points at L: RoPE's is its base (1e4).
        bool ropePoint = false;
        for (const Curve& c : d.curves)
            if (c.points && c.methodId == "rope") {
                ropePoint = true;
                QCOMPARE(c.x.front(), 4096.0);
                QVERIFY(std::abs(c.y.front() / 1e4 - 1) < 1e-9);
            }
        QVERIFY(ropePoint);
        // The critical-dimension picture: T_train line and the critical pair, d_extra / 2 = 41.
        QCOMPARE(d.panels.size(), std::size_t(2));
        QVERIFY(d.panels[0].logX && d.panels[0].logY);
        bool train = false, critical = false;
        for (const auto& m : d.horizontalMarkers)
            train = train || (m.panel == 1 && m.x == 2048);
        for (const auto& m : d.verticalMarkers)
            critical = critical || (m.panel == 1 && m.x == 40.5);
        QVERIFY(train && critical);
        QCOMPARE(d.spans.size(), std::size_t(1));
    }

    void boundsTableBesideTheFigures()
    {
        FigureWidget w;
        w.resize(1400, 700);
        w.setData(computeFigure(request(FigureKind::Bounds, {method("rope")}, 2048)));
        QVERIFY(w.showsTable() && w.showsPlot());
        QCOMPARE(w.table()->columnCount(), 2);
    }

    /// The training length T above every wavelength (Proportional RoPE at T = 131072, presentation-mode height):
    /// the range leaves room for its label above the line, inside the panel, clear of the critical pair's label.
    void horizontalLineLabelsSitAboveTheirLine()
    {
        FigureWidget w;
        w.resize(1340, 700);
        w.setData(computeFigure(request(
            FigureKind::Bounds,
            {method("proportional", {{"head-dim", "256"}, {"base", "1000000"}, {"partial-rotary-factor", "0.25"}})},
            131072)));
        QVERIFY(!w.grab().isNull());
        w.plot()->replot();
        const QString clash = trust_test::horizontalLabelClash(w.plot());
        QVERIFY2(clash.isEmpty(), qPrintable(clash));
        int labels = 0;
        for (int i = 0; i < w.plot()->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(w.plot()->item(i));
                t && t->objectName() == QLatin1String("horizontal-marker")) {
                ++labels;
                QVERIFY2(t->positionAlignment() & Qt::AlignBottom, qPrintable(t->text())); // above its line
            }
        QCOMPARE(labels, 1);
    }

    void differenceLeavesTheAttentionFactorOut()
    {
        // RoPE − YaRN (a = 0.1 ln 8 + 1 = 1.2079): with the factor out, 0 on the pairs YaRN keeps.
        auto r = request(FigureKind::Heatmap, {method("rope"), method("pi"), method("yarn")}, 512);
        r.pixelColumns = 512;
        r.options.set("mode", std::string("difference"));
        r.options.set("partner", std::string("yarn"));
        const auto d = computeFigure(r);
        QVERIFY(d.title.contains(QStringLiteral("YaRN")));
        const auto yarn = Registry::build(Registry::instance().find("yarn"), method("yarn").params);
        const auto fraction = yarn->rotary()->interpolationFraction();
        const Grid& g = d.grids.front();
        QCOMPARE(g.cols, std::int64_t(128));
        int kept = 0;
        for (std::int64_t c = 0; c < g.cols; ++c) {
            const auto pair = static_cast<std::size_t>(c % 64); // half pairing
            if (fraction[pair] > 1e-9)
                continue;
            ++kept;
            for (std::int64_t row = 0; row < g.rows; ++row)
                QCOMPARE(g.values[static_cast<std::size_t>(row * g.cols + c)], 0.0);
        }
        QCOMPARE(kept, 2 * 21);
        // With the factor in view: cos(mθ) − a cos(mθ) = (1 − a) cos(mθ) on a kept channel; at m = 0 that is 1 − a.
        r.options.set("attention-factor-in-view", true);
        const auto withA = computeFigure(r);
        const double a = 0.1 * std::log(8.0) + 1.0;
        QVERIFY(std::abs(withA.grids.front().values[0] - (1 - a)) < 1e-12);
        r.options.set("partner", std::string("alibi"));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeFigure(r));
    }

    void t5WithoutBucketValuesSaysBucketIndex()
    {
        auto r = request(FigureKind::Heatmap, {method("t5")}, 64);
        r.options.set("view", std::string("bias"));
        const auto d = computeFigure(r);
        QVERIFY(d.grids.front().valueLabel.contains(QStringLiteral("bucket index")));
        QVERIFY(d.title.contains(QStringLiteral("bucket index")));
        QVERIFY(d.note.contains(QStringLiteral("bucket index")));
        const ParamSpec& spec = *Registry::instance().find("t5").findParam("bucket-values");
        ParamEditor editor(spec, false);
        QVERIFY(editor.lineEdit()->placeholderText().contains(QStringLiteral("bucket indices")));
    }

    void decayOwnDistanceSeparateAxesAndNormalised()
    {
        // Its own max distance: 256 (RoFormer Fig. 2) whatever the view length.
        auto r = request(FigureKind::Decay, {method("rope"), method("alibi")}, 32768);
        auto d = computeFigure(r);
        QCOMPARE(d.curves.front().x.size(), std::size_t(256));
        // U(Δ) and an ALiBi bias are different measures: two axes, not one.
        QCOMPARE(d.panels.size(), std::size_t(2));
        QCOMPARE(panelsUsed(d), 2);
        // Normalised: one axis, each curve 1 at Δ = 0; U(100)/U(0) = 10.2273/32.5 (RoFormer bound, d 128).
        r.options.set("normalise", true);
        r.methods = {method("rope")};
        d = computeFigure(r);
        QCOMPARE(d.panels.size(), std::size_t(1));
        QCOMPARE(d.curves.front().y[0], 1.0);
        QVERIFY(std::abs(d.curves.front().y[100] - 10.2273 / 32.5) < 2e-6);
        // Log x starts at Δ = 1.
        r.options.set("log-x", true);
        d = computeFigure(r);
        QCOMPARE(d.curves.front().x.front(), 1.0);
        QVERIFY(d.panels.front().logX);
    }

    void decayRandomQkOneEntryWithBandPerMethod()
    {
        auto r = request(FigureKind::Decay, {method("rope"), method("yarn")});
        r.options.set("curve", std::string("random-qk"));
        r.options.set("samples", static_cast<double>(16));
        const auto d = computeFigure(r);
        QCOMPARE(d.curves.size(), std::size_t(2)); // one per method (was mean, +std and an unnamed −std each)
        for (const Curve& c : d.curves) {
            QVERIFY(!c.name.isEmpty());
            QCOMPARE(c.bandLow.size(), c.x.size());
            for (std::size_t i = 0; i < c.x.size(); ++i)
                QVERIFY(c.bandLow[i] <= c.y[i] && c.y[i] <= c.bandHigh[i]);
        }
    }

    void denseCurvesShowEnvelopeAndMean()
    {
        auto r = request(FigureKind::Decay, {method("rope")});
        r.options.set("curve", std::string("similar-token"));
        r.options.set("max-distance", static_cast<double>(200000));
        const auto d = computeFigure(r);
        const Curve& c = d.curves.front();
        QVERIFY(!c.drawX.empty() && c.drawX.size() <= 1024);
        QCOMPARE(c.drawLow.size(), c.drawX.size());
        for (std::size_t i = 0; i < c.drawX.size(); ++i)
            QVERIFY(c.drawLow[i] <= c.drawY[i] && c.drawY[i] <= c.drawHigh[i]);
        // B(Δ) = Σ cos(Δθᵢ) swings by tens within one column at long distance (its fast pairs turn many times).
        QVERIFY(c.drawHigh.back() - c.drawLow.back() > 10);
    }

    void entropyBaseReferenceAndSigma()
    {
        // YaRN s 8: the reference line is RoPE's entropy at L0 = 4096, H = 3.5641 (theory.md §6, all-ones score).
        auto r = request(FigureKind::Entropy, {method("yarn")}, 8192);
        r.options.set("show", std::string("entropy")); // H itself, with RoPE's H at L0 as a line
        r.options.set("score", std::string("all-ones"));
        const auto d = computeFigure(r);
        bool reference = false;
        for (const auto& m : d.horizontalMarkers)
            reference = reference || (std::abs(m.x - 3.5641) < 5e-5 && m.label.contains(QStringLiteral("L0")));
        QVERIFY(reference);
        QVERIFY(d.note.contains(QStringLiteral("a²")));
        // σ² matters for the expected-similar score: σ² = 4 differs from all-ones; σ² = 1 equals it and says so.
        r.options.set("score", std::string("expected-similar"));
        r.options.set("sigma2", 1.0);
        const auto same = computeFigure(r);
        QVERIFY(same.note.contains(QStringLiteral("σ² = 1")));
        QCOMPARE(same.curves.front().y, d.curves.front().y);
        r.options.set("sigma2", 4.0);
        const auto sharper = computeFigure(r);
        QVERIFY(sharper.curves.front().y.back() < d.curves.front().y.back() - 0.1);
    }

    void heatmapLabelsTicksAndDimensionMeans()
    {
        auto r = request(FigureKind::Heatmap, {method("rope")}, 2);
        r.pixelColumns = 100;
        const auto d = computeFigure(r);
        QVERIFY(d.title.contains(QStringLiteral("one column per position")));
        FigureWidget w;
        w.resize(900, 500);
        w.setData(d);
        w.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QCPAxis* x = w.plot()->axisRect()->axis(QCPAxis::atBottom);
        const auto ticks = x->tickVector();
        QVERIFY(!ticks.isEmpty());
        for (double t : ticks)
            QCOMPARE(t, std::round(t));
        const QList<QString> labels = x->tickVectorLabels();
        QCOMPARE(labels.size(), ticks.size());
        QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), ticks.size()); // no repeated label
        // 512 dimensions on 200 pixel rows: drawn as exact means of groups of 3 (no stripes).
        auto big = request(FigureKind::Heatmap, {method("sinusoidal", {{"d-model", "512"}})}, 1000);
        big.options.set("view", std::string("pe"));
        big.pixelColumns = 500;
        big.pixelRows = 200;
        const auto m = computeFigure(big);
        QCOMPARE(m.grids.front().drawColBlock, std::int64_t(3));
        QVERIFY(m.note.contains(QStringLiteral("mean of 3")));
    }

    void pcaColouredByPositionAndPairs()
    {
        auto r = request(FigureKind::Pca, {method("sinusoidal")}, 256);
        r.options.set("components", static_cast<double>(3));
        const auto d = computeFigure(r);
        QCOMPARE(d.panels.size(), std::size_t(3));
        QVERIFY(d.panels[2].xLabel.startsWith(QStringLiteral("PC2")) && d.panels[2].yLabel.startsWith("PC3"));
        int coloured = 0, starts = 0;
        for (const Curve& c : d.curves) {
            if (!c.colorBy.empty()) {
                ++coloured;
                QCOMPARE(c.colorBy.size(), std::size_t(256));
                QCOMPARE(c.colorBy.back(), 255.0);
            } else if (c.points && c.x.size() == 1) {
                ++starts;
            }
        }
        QCOMPARE(coloured, 3);
        QCOMPARE(starts, 3);
        QVERIFY(d.panels.front().colorLabel.contains(QStringLiteral("position")));
        r.options.set("components", static_cast<double>(2));
        QCOMPARE(computeFigure(r).panels.size(), std::size_t(1));
        r.options.set("components", static_cast<double>(5));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeFigure(r));
    }

    void wavelengthBandsOfThePrimary()
    {
        // YaRN (β 32, α 1, L0 4096, d 128, b 1e4): pairs 0..20 kept, 21..45 ramped, 46..63 interpolated
        // (YaRN paper: r(i) = L0 / λ_i against α and β).
        const auto d = computeFigure(request(FigureKind::Frequencies, {method("yarn"), method("rope")}));
        QCOMPARE(d.spans.size(), std::size_t(3));
        QCOMPARE(d.spans[0].first, -0.5);
        QCOMPARE(d.spans[0].last, 20.5);
        QCOMPARE(d.spans[1].last, 45.5);
        QCOMPARE(d.spans[2].last, 63.5);
        QVERIFY(d.spans[2].label.contains(QStringLiteral("18")));
        QVERIFY(computeFigure(request(FigureKind::Frequencies, {method("rope")})).spans.empty());
        QVERIFY(d.spans[2].label.startsWith(QStringLiteral("interpolate θ/s")));
        // LongRoPE factors above s (64 and 128 of the four pairs at s = 32, head_dim 8) divide by more than s: the
        // band says θ' ≤ θ/s and the note counts them, with the largest divisor
        const auto l = computeFigure(request(
            FigureKind::Frequencies, {method("longrope", {{"head-dim", "8"}, {"long-factor", "1,16,64,128"}})}));
        QVERIFY(!l.spans.empty());
        QVERIFY2(l.spans.back().label.startsWith(QStringLiteral("interpolate ≤ θ/s (2)")),
                 qPrintable(l.spans.back().label));
        QVERIFY2(l.note.contains(QStringLiteral("2 of them are divided by more than s, up to 128")),
                 qPrintable(l.note));
    }

    void rampLegendCoversNoCurve()
    {
        // The Ramp view of PI, NTK-aware and YaRN has a line at 0 or 1 in every corner (the legend in the lower
        // right hid YaRN's interpolated pairs): the legend goes where no curve is drawn.
        FigureWidget w;
        w.resize(1200, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setData(computeFigure(request(FigureKind::Ramp, {method("pi"), method("ntk-aware"), method("yarn")})));
        w.plot()->replot();
        QCoreApplication::processEvents();
        QCPLegend* legend = w.plot()->findChild<QCPLegend*>();
        QVERIFY(legend && legend->visible());
        const QRect box = legend->outerRect();
        int covered = 0;
        for (int g = 0; g < w.plot()->graphCount(); ++g) {
            QCPGraph* graph = w.plot()->graph(g);
            if (graph->pen().style() == Qt::NoPen || !graph->visible())
                continue; // the shaded bands
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
                covered += box.contains(
                    QPointF(graph->keyAxis()->coordToPixel(it->key), graph->valueAxis()->coordToPixel(it->value))
                        .toPoint());
        }
        QCOMPARE(covered, 0);
    }

    void enginesPictureSaysWhatItDraws()
    {
        // The Engines view of gpt-oss-20b's YaRN: two axis rects (inv_freq against HF; worst |Δcos|, |Δsin| per
        // pair, linear: its differences are all of one size), one legend naming each engine with its attention factor, the note with the
        // compared positions and the pinned revisions; no legend over a curve point.
        FigureWidget w;
        w.resize(1200, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const FigureData d = computeFigure(
            request(FigureKind::Engines,
                    {method("yarn", {{"head-dim", "64"}, {"base", "150000"}, {"factor", "32"}, {"truncate", "false"}})},
                    131072));
        QCOMPARE(d.panels.size(), std::size_t(2));
        QVERIFY(!d.panels[0].logY && !d.panels[1].logY);
        QStringList names;
        for (const auto& c : d.curves)
            if (!c.name.isEmpty())
                names << c.name;
        QCOMPARE(names.size(), 6); // HF (the reference), llama.cpp, vLLM, SGLang, MLX-LM, ONNX Runtime GenAI
        QVERIFY2(names.join('|').contains(QStringLiteral("llama.cpp (a = 1.35)")), qPrintable(names.join('|')));
        for (const char* text : {"2049 evenly spaced", "Revisions:", "ggml d99724f2b141", "0 … 131071"})
            QVERIFY2(d.note.contains(QString::fromUtf8(text)), text);
        w.setData(d);
        w.plot()->replot();
        QCoreApplication::processEvents();
        QCOMPARE(w.plot()->axisRectCount(), 2);
        QCPLegend* legend = w.plot()->findChild<QCPLegend*>();
        QVERIFY(legend && legend->visible());
        const QRect box = legend->outerRect();
        for (int g = 0; g < w.plot()->graphCount(); ++g) {
            QCPGraph* graph = w.plot()->graph(g);
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
                QVERIFY(!box.contains(
                    QPointF(graph->keyAxis()->coordToPixel(it->key), graph->valueAxis()->coordToPixel(it->value))
                        .toPoint()));
        }
    }
};

QTEST_MAIN(TestPictures)
#include "tst_pictures.moc"
