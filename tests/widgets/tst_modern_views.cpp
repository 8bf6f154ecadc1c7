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
#include "MainWindow.h"

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
            const FigureData value = scaling({yarn}, 65536, {{"rules", std::string("yarn-mscale")},
                                                             {"quantity", std::string("value")}});
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
            const auto yarn = method("yarn", {{"factor", QString::number(c["factor"].toDouble()).toStdString()},
                                              {"mscale", QString::number(c["mscale"].toDouble()).toStdString()},
                                              {"mscale-all-dim",
                                               QString::number(c["mscale_all_dim"].toDouble()).toStdString()}});
            const FigureData d = scaling({yarn}, 4096, {{"rules", std::string("deepseek-softmax")}});
            POSENC_VERIFY_REL(d.curves[0].y.front(), c["softmax_scale_multiplier"].toDouble(), 1e-14,
                              "DeepSeek softmax scale multiplier");
        }
    }

    void everyRuleIsACurveWithItsFormulaAndSource()
    {
        const FigureData d = scaling({method("rope")}, 1 << 20, {});
        QCOMPARE(d.curves.size(), std::size_t{8});
        for (const auto& c : d.curves)
            QVERIFY(std::is_sorted(c.x.begin(), c.x.end()) && c.x.front() == 1 && c.x.back() == 1 << 20);
        QVERIFY(d.note.contains(QStringLiteral("Formulas:")) && d.note.contains(QStringLiteral("log1p")));
        QVERIFY(d.note.contains(QStringLiteral("Sources:")) && d.note.contains(QStringLiteral("arXiv:2309.00071")));
        QVERIFY(d.curves[4].name.contains(QStringLiteral("llama4-nope")));
        // the length-dependent rows only
        QCOMPARE(scaling({method("rope")}, 1 << 20, {{"rules", std::string("length-dependent")}}).curves.size(),
                 std::size_t{4});
    }

    /// The positions figure draws the ids get_rope_index gives (tests/data/modern position_cases, HF's code run).
    void positionsFigureIsGetRopeIndex()
    {
        const QJsonObject golden = posenc::test::loadGolden("modern/modern_golden.json");
        for (const auto& v : golden["position_cases"].toArray()) {
            const QJsonObject c = v.toObject();
            const bool interleaved = c["name"].toString() == QLatin1String("qwen3-vl");
            const auto m = method(interleaved ? "mrope-interleaved" : "mrope",
                                  {{"token-layout", c["layout"].toString().toStdString()},
                                   {"position-rule", c["rule"].toString().toStdString()}}); // tokens_per_second 2
            const FigureData d = computeFigure(request(FigureKind::Positions, {m}, 256));
            QCOMPARE(d.panels.size(), std::size_t{3});
            const QJsonArray expected = c["position_ids"].toArray();
            for (int s = 0; s < 3; ++s) {
                std::vector<double> ids(static_cast<std::size_t>(expected[s].toArray().size()), -1);
                for (const auto& curve : d.curves)
                    if (curve.panel == s)
                        for (std::size_t k = 0; k < curve.x.size(); ++k)
                            ids[static_cast<std::size_t>(curve.x[k])] = curve.y[k];
                for (qsizetype k = 0; k < expected[s].toArray().size(); ++k)
                    QCOMPARE(ids[static_cast<std::size_t>(k)], expected[s].toArray()[k].toDouble());
            }
        }
        const FigureData none = computeFigure(request(FigureKind::Positions, {method("rope")}, 64));
        QVERIFY(none.curves.empty() && none.title.contains(QStringLiteral("No M-RoPE method")));
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
        QVERIFY(d.curves[0].name.contains(QStringLiteral("1024")) && d.curves[0].name.contains(QStringLiteral("10000")));
        QVERIFY(d.curves[5].name.contains(QStringLiteral("1e+06")) && d.curves[5].name.contains(QStringLiteral("linear")));
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

    void layersViewWithoutAConfigSaysSo()
    {
        const FigureData d = computeFigure(request(FigureKind::Layers, {method("rope")}, 4096));
        QVERIFY(d.curves.empty());
        QVERIFY(d.title.contains(QStringLiteral("No per-layer config")));
        QVERIFY(d.note.contains(QStringLiteral("Gemma 3")) && d.note.contains(QStringLiteral("Llama 4 Scout")));
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
    }
};

QTEST_MAIN(TstModernViews)
#include "tst_modern_views.moc"
