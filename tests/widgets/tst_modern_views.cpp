// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 20's views. Scaling: the curves are the attention-scaling table's rules, checked against known answers
// produced elsewhere (Llama 4's NoPE scale computed by the pinned transformers expression, tests/data/modern;
// YaRN's 0.1 ln s + 1, LongRoPE's attention factor and DeepSeek's softmax multiplier from the reference formulas,
// tests/data/scalars.json). Layers: one bar per layer of the preset configs as transformers builds them (the
// layer patterns are those of tst_modern), and a click makes the layer's encoding the primary method.
#include "../core/golden_support.h"
#include "explorer/LayerPicker.h"
#include "explorer/ParamsModel.h"
#include "explorer/Presets.h"
#include "explorer/Settings.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "figure_selection.h"
#include "figures/FigureSpec.h"
#include "figures/FigureWidget.h"
#include "posenc/analysis/attention_scale.h"
#include "MainWindow.h"

#include <qcustomplot.h>

#include "posenc/errors.h"
#include "posenc/io/hf_config.h"

#include <QJsonArray>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::method;
using posenc::widgets::test::request;

namespace {

std::shared_ptr<const io::HfConfig> preset(const std::string& name)
{
    io::HfConfigOptions o;
    o.compareEras = false;
    return std::make_shared<const io::HfConfig>(
        io::loadHfConfig(std::string(POSENC_SOURCE_DIR "/resources/presets/") + name + ".json", o));
}

FigureData scaling(std::vector<MethodSelection> methods, std::int64_t length,
                   const std::map<std::string, ParamValue>& options)
{
    FigureRequest r = request(FigureKind::AttentionScale, std::move(methods), length);
    for (const auto& [name, value] : options)
        r.options.set(name, value);
    return computeFigure(r);
}

/// y of the curve at exactly x (the figure samples there), or NaN.
double at(const Curve& c, double x)
{
    for (std::size_t i = 0; i < c.x.size(); ++i)
        if (c.x[i] == x)
            return c.y[i];
    return std::nan("");
}

} // namespace

class TstModernViews : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void llama4NopeScaleIsTransformersOwn()
    {
        const QJsonObject golden = posenc::test::loadGolden("modern/modern_golden.json");
        int compared = 0;
        for (const auto& v : golden["llama4_nope_scale"].toArray()) {
            const QJsonObject c = v.toObject();
            const QJsonArray positions = c["positions"].toArray(), scale = c["scale"].toArray();
            const double last = positions.last().toDouble() + 1;
            const FigureData d = scaling({method("nope")}, static_cast<std::int64_t>(last),
                                         {{"rules", std::string("llama4-nope")},
                                          {"quantity", std::string("value")},
                                          {"floor-scale", c["floor_scale"].toDouble()},
                                          {"attn-scale", c["attn_scale"].toDouble()}});
            QCOMPARE(d.curves.size(), std::size_t{1});
            QVERIFY(d.logX);
            for (qsizetype k = 0; k < positions.size(); ++k) {
                // the query at position p is the last of a context of n = p + 1 tokens
                const double y = at(d.curves[0], positions[k].toDouble() + 1);
                if (std::isnan(y))
                    continue;
                ++compared;
                POSENC_VERIFY_REL(y, scale[k].toDouble(), 2e-7, "llama4-nope (float32 in HF)");
            }
            // on the logits a query factor enters once: the same values
            const FigureData l = scaling({method("nope")}, static_cast<std::int64_t>(last),
                                         {{"rules", std::string("llama4-nope")},
                                          {"floor-scale", c["floor_scale"].toDouble()},
                                          {"attn-scale", c["attn_scale"].toDouble()}});
            QCOMPARE(l.curves[0].y, d.curves[0].y);
        }
        QVERIFY2(compared >= 12, "the step edges and both ends are sampled");
    }

    void yarnLongropeDeepseekAreTheReferenceValues()
    {
        const QJsonObject scalars = posenc::test::loadGolden("scalars.json");
        for (const auto& v : scalars["yarn_mscale"].toArray()) {
            const QJsonObject c = v.toObject();
            const double s = c["s"].toDouble();
            if (s < 1)
                continue;
            // s from the primary method: YaRN's factor
            const auto yarn = method("yarn", {{"factor", QString::number(s, 'g', 17).toStdString()}});
            const FigureData value =
                scaling({yarn}, 65536, {{"rules", std::string("yarn-mscale")}, {"quantity", std::string("value")}});
            POSENC_VERIFY_REL(value.curves[0].y.back(), c["sqrt_1_over_t"].toDouble(), 1e-14, "yarn sqrt(1/t)");
            const FigureData logits = scaling({yarn}, 65536, {{"rules", std::string("yarn-mscale")}});
            POSENC_VERIFY_REL(logits.curves[0].y.front(), c["one_over_t"].toDouble(), 1e-14, "yarn 1/t on logits");
            QVERIFY(logits.note.contains(QStringLiteral("from YaRN")));
        }
        for (const auto& v : scalars["longrope_attention_factor"].toArray()) {
            const QJsonObject c = v.toObject();
            const FigureData d = scaling({method("rope")}, 4096,
                                         {{"rules", std::string("longrope")},
                                          {"quantity", std::string("value")},
                                          {"rule-factor", c["factor"].toDouble()},
                                          {"original-length", c["original_max_position_embeddings"].toDouble()}});
            POSENC_VERIFY_REL(d.curves[0].y.front(), c["attention_factor"].toDouble(), 1e-14, "longrope factor");
        }
        for (const auto& v : scalars["deepseek"].toArray()) {
            const QJsonObject c = v.toObject();
            const auto yarn =
                method("yarn", {{"factor", QString::number(c["factor"].toDouble()).toStdString()},
                                {"mscale", QString::number(c["mscale"].toDouble()).toStdString()},
                                {"mscale-all-dim", QString::number(c["mscale_all_dim"].toDouble()).toStdString()}});
            const FigureData d = scaling({yarn}, 4096, {{"rules", std::string("deepseek-softmax")}});
            POSENC_VERIFY_REL(d.curves[0].y.front(), c["softmax_scale_multiplier"].toDouble(), 1e-14,
                              "DeepSeek softmax scale multiplier");
        }
    }

    void everyRuleIsACurveWithItsFormulaAndSource()
    {
        const FigureData d = scaling({method("rope")}, 1 << 20, {});
        QCOMPARE(d.curves.size(), posenc::analysis::attentionScaleRules().size()); // one curve per rule of the table
        for (const auto& c : d.curves)
            QVERIFY(std::is_sorted(c.x.begin(), c.x.end()) && c.x.front() == 1 && c.x.back() == 1 << 20);
        // Nine rules: the note points to the formulas instead of taking the plot's height (issue 35) ...
        QVERIFY(!d.note.contains(QStringLiteral("Formulas:")) && d.note.contains(QStringLiteral("choose that rule")));
        // ... one rule: its formula and source under the plot.
        const FigureData one = scaling({method("rope")}, 1 << 20, {{"rules", std::string("llama4-nope")}});
        QVERIFY(one.note.contains(QStringLiteral("Formulas:")) && one.note.contains(QStringLiteral("log1p")));
        QVERIFY(one.note.contains(QStringLiteral("Sources:")) && one.note.contains(QStringLiteral("arXiv:2501.19399")));
        const FigureData yarn = scaling({method("rope")}, 1 << 20, {{"rules", std::string("yarn-mscale")}});
        QVERIFY(yarn.note.contains(QStringLiteral("arXiv:2309.00071")));
        QVERIFY(d.curves[4].name.contains(QStringLiteral("Llama 4 NoPE temperature"))); // by name, not id
        // the length-dependent rows only
        QCOMPARE(scaling({method("rope")}, 1 << 20, {{"rules", std::string("length-dependent")}}).curves.size(),
                 std::size_t{5}); // log-n, Su, Llama 4 NoPE, log2 length rule, Mistral's query temperature
    }

    void layersViewDrawsEveryLayerToScale()
    {
        FigureRequest r = request(FigureKind::Layers, {method("rope")}, 131072);
        r.config = preset("gemma-3-27b");
        FigureData d = computeFigure(r);
        QCOMPARE(d.curves.size(), r.config->layers.size());
        QCOMPARE(d.curves.size(), std::size_t{62});
        // Gemma 3: sliding layers see their last 1024 keys, every 6th layer the whole context
        QCOMPARE(d.curves[0].x, (std::vector<double>{131072 - 1024, 131072}));
        QCOMPARE(d.curves[5].x, (std::vector<double>{0, 131072}));
        QCOMPARE(d.curves[5].y, (std::vector<double>{5, 5}));
        QVERIFY(d.curves[0].name.contains(QStringLiteral("1024")) &&
                d.curves[0].name.contains(QStringLiteral("10000")));
        QVERIFY(d.curves[5].name.contains(QStringLiteral("base b = 1 × 10⁶")) && // the base, not a frequency θ
                d.curves[5].name.contains(QStringLiteral("linear")));
        QVERIFY(d.curves[6].name.isEmpty()); // one legend entry per group
        // Llama 4: chunked RoPE layers see the current 8192-token chunk, every 4th layer is NoPE (grey, dashed)
        r.config = preset("llama-4-scout");
        r.length = 20000;
        d = computeFigure(r);
        QCOMPARE(d.curves[0].x, (std::vector<double>{16384, 20000}));
        QVERIFY(d.curves[3].dashed && d.curves[3].methodId.empty());
        QCOMPARE(d.curves[3].x, (std::vector<double>{0, 20000}));
        QVERIFY(d.curves[3].name.startsWith(QStringLiteral("NoPE")));
        QVERIFY(d.note.contains(QStringLiteral("log1p")));
    }

    void layersLegendHidesNoBar()
    {
        // 32 bars fill the panel: an inset legend lay on the top bars (layer 31 looked shorter than the others)
        FigureRequest r = request(FigureKind::Layers, {method("rope")}, 32768);
        r.config = preset("llama-2-7b");
        FigureWidget w;
        w.resize(1000, 600);
        w.setData(computeFigure(r));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.plot()->replot();
        QCPAxisRect* rect = w.plot()->axisRect(0);
        QVERIFY(rect);
        QCPLegend* legend = nullptr;
        for (QCPLayoutElement* e : w.plot()->plotLayout()->elements(true))
            if (auto* l = qobject_cast<QCPLegend*>(e); l && l->visible())
                legend = l;
        QVERIFY2(legend, "the legend is shown");
        QVERIFY2(!rect->insetLayout()->elements(false).contains(legend), "the legend is not inside the panel");
        QVERIFY2(!legend->outerRect().intersects(rect->rect()),
                 qPrintable(QStringLiteral("legend %1,%2 %3×%4; panel %5,%6 %7×%8")
                                .arg(legend->outerRect().x()).arg(legend->outerRect().y())
                                .arg(legend->outerRect().width()).arg(legend->outerRect().height())
                                .arg(rect->rect().x()).arg(rect->rect().y())
                                .arg(rect->rect().width()).arg(rect->rect().height())));
    }

    void layersViewWithoutAConfigSaysSo()
    {
        const FigureData d = computeFigure(request(FigureKind::Layers, {method("rope")}, 4096));
        QVERIFY(d.curves.empty());
        QVERIFY(d.title.contains(QStringLiteral("No per-layer config")));
        QVERIFY(d.note.contains(QStringLiteral("Gemma 3")) && d.note.contains(QStringLiteral("Llama-4-Scout")));
    }

    void clickingALayerMakesItsEncodingPrimary()
    {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("s.ini"))));
        w.applyPreset(Presets::builtIn(QStringLiteral("gemma-3-27b.json")));
        QVERIFY(w.layerPicker()->config());
        ViewPage* layers = w.page(FigureKind::Layers);
        QVERIFY(layers);
        const io::HfConfig& config = *w.layerPicker()->config();
        const auto methodOf = [&](int layer) {
            return config.encodings[static_cast<std::size_t>(config.layers[static_cast<std::size_t>(layer)].encoding)]
                .method;
        };
        const std::string full = methodOf(5), sliding = methodOf(0);
        QVERIFY(full != sliding);
        emit layers->figure()->plotClicked(1000, 5.2); // the row of layer 5
        ParamsModel* model = w.model();
        QCOMPARE(model->primary(), full);
        emit layers->figure()->plotClicked(1000, -0.3);
        QCOMPARE(model->primary(), sliding);
        // the values stay the config's: the full layers' linear x8 at theta 1e6
        emit layers->figure()->plotClicked(1000, 11);
        QCOMPARE(model->primary(), full);
        QCOMPARE(model->resolved(full).real("base"), 1e6);
        // the layer's span goes to the views whose distances it limits
        ViewPage* decay = w.page(FigureKind::Decay);
        emit layers->figure()->plotClicked(1000, 0);
        QCOMPARE(decay->options().options.choice("attention"), std::string("sliding"));
        QCOMPARE(decay->options().options.integer("window"), 1024);
        QCOMPARE(w.page(FigureKind::Entropy)->options().options.choice("attention"), std::string("sliding"));
        emit layers->figure()->plotClicked(1000, 5);
        QCOMPARE(decay->options().options.choice("attention"), std::string("full"));
        QVERIFY(!decay->options().options.has("window"));
    }

    // Issue 20 §2: a sliding window or chunked attention limits the distances of the decay and entropy views, as
    // transformers' masks do (the keys each query sees are the known answers of tst_entropy).
    void decayStopsWhereTheWindowEnds()
    {
        FigureRequest r = request(FigureKind::Decay, {method("rope"), method("alibi")}, 8192);
        r.options.set("max-distance", 4096.0);
        const FigureData full = computeFigure(r);
        r.options.set("attention", std::string("sliding"));
        r.options.set("window", 1024.0);
        const FigureData d = computeFigure(r);
        QCOMPARE(d.curves.size(), full.curves.size());
        for (std::size_t i = 0; i < d.curves.size(); ++i) {
            QCOMPARE(d.curves[i].x.back(), 1023.0);              // Δ = W - 1: the farthest key a query sees
            QCOMPARE(d.curves[i].y[500], full.curves[i].y[500]); // the same values where they are seen
        }
        QCOMPARE(d.spans.size(), std::max<std::size_t>(1, d.panels.size())); // shaded in every panel
        QCOMPARE(d.spans[0].first, 1023.5);
        QCOMPARE(d.spans[0].last, 4095.5); // Δ = 0 … 4095 drawn
        QVERIFY(d.note.contains(QStringLiteral("sliding window 1024")));
        QVERIFY(full.spans.empty());
        // chunked: a query sees back to its chunk's start, at most C - 1
        r.options.set("attention", std::string("chunked"));
        r.options.set("window", 256.0);
        const FigureData c = computeFigure(r);
        QCOMPARE(c.curves[0].x.back(), 255.0);
        QVERIFY(c.note.contains(QStringLiteral("q mod 256")));
        // a window wider than the distances drawn: nothing cut, and the note says so
        r.options.set("window", 10000.0);
        const FigureData wide = computeFigure(r);
        QCOMPARE(wide.curves[0].x.back(), 4095.0);
        QVERIFY(wide.spans.empty() && wide.note.contains(QStringLiteral("wider than the distances drawn")));
    }

    void windowUnsetIsTheLoadedConfigsOrAClearError()
    {
        FigureRequest r = request(FigureKind::Decay, {method("rope")}, 8192);
        r.options.set("max-distance", 4096.0);
        r.options.set("attention", std::string("sliding"));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeFigure(r)); // no config, no window: refused, not guessed
        try {
            computeFigure(r);
        } catch (const InvalidInput& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("sliding_window")));
        }
        r.config = preset("gemma-3-27b");
        const FigureData d = computeFigure(r);
        QCOMPARE(d.curves[0].x.back(), 1023.0); // Gemma 3's sliding layers: 1024
        QVERIFY(d.note.contains(QStringLiteral("Window 1024 from the loaded config (google/gemma-3-27b-it): the "
                                               "widest of its sliding layers")));
        QVERIFY(!d.note.contains(QStringLiteral("not of its")));
        // the full layers' encoding (linear x8) drawn with the sliding layers' window: the figure says so
        FigureRequest pi = r;
        pi.methods = {method("pi", {{"factor", "8"}, {"base", "1e6"}})};
        QVERIFY(computeFigure(pi).note.contains(
            QStringLiteral("is the encoding of the loaded config's full layers, not of its sliding ones")));
        r.options.set("attention", std::string("full")); // full drawn with a windowed config: the note points to it
        QVERIFY(computeFigure(r).note.contains(QStringLiteral("choose Attention")));
        // the window editor is greyed while attention is full
        ParamSet values = r.options;
        QString why;
        QVERIFY(!ViewPage::optionApplies(FigureKind::Entropy, "window", values, {}, &why));
        QVERIFY(why.contains(QStringLiteral("sliding or chunked")));
        values.set("attention", std::string("chunked"));
        QVERIFY(ViewPage::optionApplies(FigureKind::Entropy, "window", values, {}));
    }

    /// Without a rotary method the Entropy view states no score formula and no score-model heading, and t = 1 under
    /// "method" names no a² or c_sm (was: "z(Δ) = score(Δ)/√head_dim" above ALiBi's bias).
    void entropyWithoutRotaryStatesNoScoreModel()
    {
        FigureRequest r = request(FigureKind::Entropy, {method("alibi")}, 4096);
        r.options.set("show", std::string("entropy"));
        const FigureData d = computeFigure(r);
        QVERIFY2(d.panels.size() == 1 && d.panels[0].title.isEmpty(), // no score model heading
                 qPrintable(d.panels.empty() ? QString() : d.panels[0].title));
        QVERIFY2(!d.note.contains(QStringLiteral("score(Δ)")) &&
                     d.note.contains(QStringLiteral("Keys Δ = 0…n−1; temperature t = 1 (“method”)")),
                 qPrintable(d.note));
        r.options.set("sigma2", 1.0); // σ² is greyed here: no note asks to change it
        QVERIFY2(!computeFigure(r).note.contains(QStringLiteral("change σ²")), qPrintable(computeFigure(r).note));
        // Show: H(n) − H(RoPE, n) subtracts RoPE's entropy, which depends on the score model: the figure says which
        r.options.set("show", std::string("entropy-minus-rope"));
        const FigureData minus = computeFigure(r);
        QCOMPARE(minus.panels.at(0).title, QStringLiteral("Score model expected-similar, σ² = 1"));
        QVERIFY2(minus.note.contains(QStringLiteral("Rotary methods: logits z(Δ) = c_sm·score(Δ)/(t·√head_dim)")),
                 qPrintable(minus.note));
    }

    void chunkedEntropyFallsToZeroAtEveryChunkStart()
    {
        FigureRequest r = request(FigureKind::Entropy, {method("rope")}, 20000);
        r.options.set("show", std::string("entropy")); // H itself (the default: H − H(RoPE, n), 0 for RoPE)
        const FigureData full = computeFigure(r);
        r.options.set("attention", std::string("chunked"));
        r.options.set("window", 8192.0);
        const FigureData d = computeFigure(r);
        const Curve& rope = d.curves[0];
        const Curve& uniform = d.curves[1];
        QVERIFY(uniform.dashed && uniform.name.contains(QStringLiteral("k(n)")));
        // the turning points are drawn: n = kC (C keys) and kC + 1 (one key: H = 0, ln 1 = 0)
        for (double n : {8192.0, 16384.0})
            QCOMPARE(at(uniform, n), std::log(8192.0));
        for (double n : {8193.0, 16385.0}) {
            QCOMPARE(at(rope, n), 0.0);
            QCOMPARE(at(uniform, n), 0.0);
        }
        // up to the first chunk's end the query sees every key: full attention's value
        const double fullAt = at(full.curves[0], 8192);
        if (!std::isnan(fullAt))
            QCOMPARE(at(rope, 8192), fullAt);
        QVERIFY(d.note.contains(QStringLiteral("(n − 1) mod 8192 + 1")));
        // sliding: the curve is flat in k beyond W, and n = W is drawn
        r.options.set("attention", std::string("sliding"));
        r.options.set("window", 1000.0);
        const FigureData s = computeFigure(r);
        QCOMPARE(at(s.curves[1], 1000), std::log(1000.0));
        QCOMPARE(s.curves[1].y.back(), std::log(1000.0));
    }

    void scalingSaysWhichRulesCoincide()
    {
        // (The rules by the names a reader knows them by, issue 35.) m_all = 1 (the table's default): DeepSeek's
        // softmax multiplier equals YaRN's mscale squared, and a factor on cos/sin enters the logits squared, so on the
        // logits the three curves are one
        const FigureData d =
            scaling({method("yarn", {{"mscale-all-dim", "1"}})}, 1 << 20, {{"quantity", std::string("logits")}});
        // named as a list, not "YaRN mscale = YaRN mscale²", which read as an equation between the rules
        QVERIFY2(d.note.contains(QStringLiteral("YaRN mscale, YaRN mscale² and DeepSeek softmax scale")),
                 qPrintable(d.note));
        int dashed = 0;
        for (const Curve& c : d.curves)
            dashed += c.dashed;
        QCOMPARE(dashed, 2);
        const FigureData v =
            scaling({method("yarn", {{"mscale-all-dim", "1"}})}, 1 << 20, {{"quantity", std::string("value")}});
        QVERIFY2(v.note.contains(QStringLiteral("YaRN mscale² and DeepSeek softmax scale")), qPrintable(v.note));
        QVERIFY(!v.note.contains(QStringLiteral("YaRN mscale, ")));
        // YaRN's own m_all = 0: DeepSeek's multiplier is 1 and leaves the group
        const FigureData y = scaling({method("yarn")}, 1 << 20, {{"quantity", std::string("logits")}});
        QVERIFY2(y.note.contains(QStringLiteral(": YaRN mscale and YaRN mscale².")), qPrintable(y.note));
    }
};

QTEST_MAIN(TstModernViews)
#include "tst_modern_views.moc"
