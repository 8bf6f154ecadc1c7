// SPDX-License-Identifier: GPL-3.0-or-later
// The Grid view (issue 37) draws the models' own numbers: the angle at each token equals the angle of the cos/sin
// diffusers computes (tests/data/grid/grid_golden.json, make_grid_golden.py), Qwen-Image's grid is centred, the
// channel strip has each axis' channels, RIFLEx changes exactly component k to the authors' frequency, the
// similarity is the models' Σ cos·cos + sin·sin; a diffusers config opened in the explorer drives family "auto";
// bad options name the rule.
#include "../core/golden_support.h"
#include "explorer/ConfigLoader.h"
#include "explorer/ParamsModel.h"
#include "explorer/Settings.h"
#include "figures/FigureSpec.h"
#include "grid_view_support.h"
#include "figures/FigureWidget.h"

#include "posenc/errors.h"
#include "posenc/grid_presets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <numbers>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::cell;
using posenc::widgets::test::errorOf;
using posenc::widgets::test::gridFigure;

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;

QJsonObject goldenCase(const QString& name, const QString& layout)
{
    for (const auto& v : posenc::test::loadGolden("grid/grid_golden.json")["cases"].toArray())
        if (v.toObject()["name"].toString() == name && v.toObject()["layout"].toString() == layout)
            return v.toObject();
    return {};
}

/// The model's angle of channel `channel` at golden row `row`: atan2(sin, cos) in [0, 2π).
double goldenAngle(const QJsonObject& c, int row, int channel)
{
    const double a = std::atan2(c["sin"].toArray()[row].toArray()[channel].toDouble(),
                                c["cos"].toArray()[row].toArray()[channel].toDouble());
    return a < 0 ? a + kTwoPi : a;
}

double angleDiff(double a, double b)
{
    return std::abs(std::remainder(a - b, kTwoPi));
}

} // namespace

class TstGridView : public QObject {
    Q_OBJECT

private slots:
    void angleIsTheModelsAngle_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<QString>("golden");
        QTest::addColumn<QString>("layout");
        QTest::addColumn<int>("textRows");
        QTest::addColumn<QString>("axis");
        QTest::addColumn<int>("pair");
        QTest::addColumn<int>("pairOffset"); // pairs of the axes before it
        QTest::newRow("FLUX.1 w pair 1") << "flux.1-dev"
                                         << "flux1"
                                         << "text:2,image:2x3" << 2 << "w" << 1 << 36;
        QTest::newRow("FLUX.1 h pair 0") << "flux.1-dev"
                                         << "flux1"
                                         << "image:3x4" << 0 << "h" << 0 << 8;
        QTest::newRow("Qwen-Image w pair 2 (centred)") << "qwen-image"
                                                       << "qwen-image"
                                                       << "text:2,image:3x5" << 2 << "w" << 2 << 36;
        QTest::newRow("Qwen-Image h pair 0 (centred)") << "qwen-image"
                                                       << "qwen-image"
                                                       << "text:2,image:3x5" << 2 << "h" << 0 << 8;
        QTest::newRow("FLUX.2 h pair 3") << "flux.2-dev"
                                         << "flux2"
                                         << "text:3,image:2x3" << 3 << "h" << 3 << 16;
    }

    void angleIsTheModelsAngle()
    {
        QFETCH(QString, family);
        QFETCH(QString, golden);
        QFETCH(QString, layout);
        QFETCH(int, textRows);
        QFETCH(QString, axis);
        QFETCH(int, pair);
        QFETCH(int, pairOffset);
        const QJsonObject c = goldenCase(golden, layout);
        QVERIFY(!c.isEmpty());
        const QString size = layout.section(QLatin1String("image:"), 1);
        const long long h = size.section(QLatin1Char('x'), 0, 0).toLongLong();
        const long long w = size.section(QLatin1Char('x'), 1, 1).toLongLong();
        const FigureData d = gridFigure({{"family", family.toStdString()},
                                         {"grid-height", h},
                                         {"grid-width", w},
                                         {"axis", axis.toStdString()},
                                         {"pair", static_cast<long long>(pair)}});
        QCOMPARE(d.grids.size(), std::size_t{2});
        const Grid& g = d.grids[0];
        QCOMPARE(g.rows, w);
        QCOMPARE(g.cols, h);
        double worst = 0;
        for (long long r = 0; r < h; ++r)
            for (long long col = 0; col < w; ++col)
                worst =
                    std::max(worst, angleDiff(cell(g, r, col), goldenAngle(c, static_cast<int>(textRows + r * w + col),
                                                                           2 * (pairOffset + pair))));
        QVERIFY2(worst < 1e-9, qPrintable(QString::number(worst)));
        // x and y are the model's ids: corner ids for FLUX, centred for Qwen-Image (r − ⌈H/2⌉, c − ⌈W/2⌉)
        const auto& firstIds = c["positions"].toArray()[textRows].toArray();
        QCOMPARE(g.xFirst, firstIds[2].toDouble() - 0.5);
        QCOMPARE(g.yFirst, firstIds[1].toDouble() - 0.5);
        if (family == QLatin1String("qwen-image"))
            QCOMPARE(g.xFirst, -3.5); // W = 5: first column id −3
    }

    void stripShowsTheChannelAllocation()
    {
        for (const auto& p : grid::presets()) {
            const long long side = p.tower ? p.h : 4; // Llama 4: only its fixed grid
            const FigureData d = gridFigure(
                {{"family", p.id}, {"grid-height", side}, {"grid-width", side}, {"axis", "h"}, {"pair", 2LL}});
            const Grid& strip = d.grids.at(1);
            const grid::Model m = grid::presetModel(p);
            QCOMPARE(strip.cols, static_cast<std::int64_t>(m.headDim()));
            QCOMPARE(strip.categoryColors.size(), m.axes.size() + 2); // + the chosen pair (black), unrotated (grey)
            const auto black = static_cast<double>(m.axes.size());
            int offset = 0, pairsBefore = 0, hIndex = 0;
            for (std::size_t a = 0; a < m.axes.size(); ++a) {
                const auto n = std::count(strip.values.begin(), strip.values.end(), static_cast<double>(a));
                // the chosen pair (h, 2) is drawn in black: two of h's channels
                QCOMPARE(static_cast<int>(n), m.axes[a].dim - (m.axes[a].name == "h" ? 2 : 0));
                if (m.axes[a].name == "h") {
                    hIndex = static_cast<int>(a);
                    pairsBefore = offset / 2;
                }
                offset += m.axes[a].dim;
            }
            // LTX-Video: inner_dim % 6 = 2 unrotated channels first (transformer_ltx.py:266-270)
            const int padding = m.headDim() - offset;
            QCOMPARE(static_cast<int>(std::count(strip.values.begin(), strip.values.end(), black + 1)), padding);
            QCOMPARE(padding, p.id == "ltx-video" ? 2 : 0);
            // the model's channel layout: diffusers and Llama 4 interleave pair j in 2j, 2j + 1 (axes concatenated;
            // LTX-Video orders pairs (k, axis): h pair 2 is pair 3·2 + 1); Qwen2.5-VL and Pixtral put pair j in
            // channels j and j + C/2
            const bool half = p.id == "qwen2.5-vl-7b-vision" || p.id == "pixtral-12b-vision";
            const int j = p.id == "ltx-video" ? 3 * 2 + hIndex : pairsBefore + 2;
            const int c1 = half ? j : padding + 2 * j, c2 = half ? j + m.headDim() / 2 : padding + 2 * j + 1;
            QCOMPARE(strip.values[static_cast<std::size_t>(c1)], black);
            QCOMPARE(strip.values[static_cast<std::size_t>(c2)], black);
        }
    }

    // The new presets draw the models' own angles: each golden row of grid_golden_presets.json (the pinned code at
    // the preset's published config; Qwen2.5-VL in its window order) lands on the cell of its (row, column).
    void presetAngleIsTheModelsAngle_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<QString>("golden");
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("axis");
        QTest::addColumn<int>("pair");
        QTest::addColumn<int>("channel"); // the pair's first channel in the model's layout
        QTest::newRow("LTX-Video h pair 2") << "ltx-video"
                                            << "ltx-video"
                                            << "video:2x1x2"
                                            << "h" << 2 << 2 + 2 * 7;
        QTest::newRow("CogVideoX-5B w pair 5") << "cogvideox-5b"
                                               << "cogvideox"
                                               << "video:2x6x8"
                                               << "w" << 5 << 2 * (8 + 12 + 5);
        QTest::newRow("Qwen2.5-VL w pair 4, 16x16 in windows") << "qwen2.5-vl-7b-vision"
                                                               << "qwen2.5-vl-vision-window"
                                                               << "image:16x16"
                                                               << "w" << 4 << 20 + 4;
        QTest::newRow("Qwen2.5-VL h pair 1, 10x14 in windows") << "qwen2.5-vl-7b-vision"
                                                               << "qwen2.5-vl-vision-window"
                                                               << "image:10x14"
                                                               << "h" << 1 << 1;
        QTest::newRow("Pixtral w pair 3") << "pixtral-12b-vision"
                                          << "pixtral"
                                          << "image:3x4"
                                          << "w" << 3 << 16 + 3;
    }

    void presetAngleIsTheModelsAngle()
    {
        QFETCH(QString, family);
        QFETCH(QString, golden);
        QFETCH(QString, layout);
        QFETCH(QString, axis);
        QFETCH(int, pair);
        QFETCH(int, channel);
        QJsonObject c;
        for (const auto& v : posenc::test::loadGolden("grid/grid_golden_presets.json")["cases"].toArray())
            if (v.toObject()["name"].toString() == golden && v.toObject()["layout"].toString() == layout)
                c = v.toObject();
        QVERIFY(!c.isEmpty());
        const QStringList dims = layout.section(QLatin1Char(':'), 1).split(QLatin1Char('x'));
        const long long h = dims.at(dims.size() - 2).toLongLong(), w = dims.back().toLongLong();
        const FigureData d = gridFigure({{"family", family.toStdString()},
                                         {"grid-height", h},
                                         {"grid-width", w},
                                         {"axis", axis.toStdString()},
                                         {"pair", static_cast<long long>(pair)}});
        const Grid& g = d.grids.at(0);
        const auto positions = c["positions"].toArray();
        const bool video = dims.size() == 3;
        double worst = 0;
        int seen = 0;
        for (int i = 0; i < positions.size(); ++i) {
            long long r = i / w % h, col = i % w; // video: raster (t, r, c); frame 0 only
            if (video && i >= h * w)
                break;
            if (!video) { // the tower's own order: the patch's (r, c) ids
                r = static_cast<long long>(positions[i].toArray()[0].toDouble());
                col = static_cast<long long>(positions[i].toArray()[1].toDouble());
            }
            worst = std::max(worst, angleDiff(cell(g, r, col), goldenAngle(c, i, channel)));
            ++seen;
        }
        QCOMPARE(static_cast<long long>(seen), h * w);
        QVERIFY2(worst < 1e-9, qPrintable(QString::number(worst)));
        if (family.startsWith(QLatin1String("qwen2.5-vl"))) { // the note on the model's own order
            const long long windows = c["cu_window_seqlens"].toArray().size() - 1;
            QVERIFY2(d.note.contains(QStringLiteral("this grid: %1 windows").arg(windows)), qPrintable(d.note));
            QVERIFY(d.note.contains(QStringLiteral("Layers 7, 15, 23, 31 attend over the whole image")));
        }
    }

    void riflexChangesOneComponent()
    {
        // HunyuanVideo, L = 66 latent frames: the authors' get_1d_rotary_pos_embed_riflex output (grid_golden.json)
        QJsonObject golden;
        for (const auto& v : posenc::test::loadGolden("grid/grid_golden.json")["riflex"].toArray())
            if (v.toObject()["name"].toString() == QLatin1String("hunyuan-video"))
                golden = v.toObject();
        QCOMPARE(golden["frames"].toInt(), 66);
        const FigureData d = gridFigure({{"family", "hunyuan-video"},
                                         {"show", "wavelengths"},
                                         {"riflex-frames", 66LL},
                                         {"grid-height", 4LL},
                                         {"grid-width", 4LL}});
        QCOMPARE(d.panels.size(), std::size_t{3});
        const Curve* trained = nullptr;
        const Curve* scaled = nullptr;
        for (const auto& c : d.curves)
            if (c.panel == 0)
                (c.dashed ? scaled : trained) = &c;
        QVERIFY(trained && scaled);
        const auto expected = posenc::test::toVector(golden["inv_freq"]);
        const auto unchanged = posenc::test::toVector(golden["inv_freq_unchanged"]);
        int changed = 0;
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QVERIFY(std::abs(scaled->y[i] - kTwoPi / expected[i]) < 1e-9 * scaled->y[i]);
            QVERIFY(std::abs(trained->y[i] - kTwoPi / unchanged[i]) < 1e-9 * trained->y[i]);
            changed += scaled->y[i] != trained->y[i] ? 1 : 0;
        }
        QCOMPARE(changed, 1);
        QVERIFY(std::abs(scaled->y[3] - 66 / 0.9) < 1e-9); // k = 4: λ = L / 0.9
        // reference 33 frames, target 66: component k (N_k = 50) lies in the shaded band of the t panel
        bool shadedK = false;
        for (const auto& s : d.spans)
            shadedK = shadedK || (s.panel == 0 && s.first <= 3 && s.last >= 3);
        QVERIFY(shadedK);
        // RIFLEx counts k from 1: the note names the pair the figure draws changed (pair 3, as y[3] above)
        QVERIFY2(d.note.contains(QStringLiteral("k = 4 (counted from 1: pair 3 of the t axis; N_k = 50")),
                 qPrintable(d.note));
    }

    void similarityIsTheModelsScore()
    {
        const QJsonObject c = goldenCase(QStringLiteral("flux1"), QStringLiteral("image:3x4"));
        const FigureData d = gridFigure({{"family", "flux.1-dev"},
                                         {"show", "similarity"},
                                         {"grid-height", 3LL},
                                         {"grid-width", 4LL},
                                         {"query-row", 1LL},
                                         {"query-col", 2LL}});
        const Grid& g = d.grids.at(0);
        const auto cs = c["cos"].toArray(), sn = c["sin"].toArray();
        const int q = 1 * 4 + 2;
        for (long long r = 0; r < 3; ++r)
            for (long long col = 0; col < 4; ++col) {
                const int k = static_cast<int>(r * 4 + col);
                double e = 0;
                for (int ch = 0; ch < 128; ch += 2)
                    e += cs[q].toArray()[ch].toDouble() * cs[k].toArray()[ch].toDouble() +
                         sn[q].toArray()[ch].toDouble() * sn[k].toArray()[ch].toDouble();
                QVERIFY(std::abs(cell(g, r, col) - e) < 1e-9);
            }
        QCOMPARE(cell(g, 1, 2), 64.0);
    }

    void noShadeOnALargerGridSaysWhy()
    {
        // FLUX.1-dev's h and w wavelengths 2π·10000^(2i/56) are 62.8 (pair 7) and 87.3 (pair 8): a 70×70 target
        // grid (reference 64×64) is larger, yet no wavelength lies in (64, 70), so nothing is shaded, and the note
        // must not say the grid is not larger.
        const FigureData d = gridFigure(
            {{"family", "flux.1-dev"}, {"show", "wavelengths"}, {"grid-height", 70LL}, {"grid-width", 70LL}});
        QVERIFY(d.spans.empty());
        QVERIFY2(d.note.contains(QStringLiteral("on the axes where the target grid is larger, no trained wavelength "
                                                "lies between the reference and the target extent")),
                 qPrintable(d.note));
        QVERIFY(!d.note.contains(QStringLiteral("not larger")));
    }

    void similarityAtTheQueryCountsRotaryPairs()
    {
        // LTX-Video: inner dim 32 heads × 64 = 2048 channels, 2048 mod 6 = 2 of them unrotated, so 3 axes × 341
        // pairs = 1023 rotate; the score at the query is 1023 (not head_dim/2 = 1024), and the figure says so.
        const FigureData d = gridFigure({{"family", "ltx-video"},
                                         {"show", "similarity"},
                                         {"grid-frames", 2LL},
                                         {"grid-height", 3LL},
                                         {"grid-width", 4LL},
                                         {"query-row", 1LL},
                                         {"query-col", 2LL}});
        const Grid& g = d.grids.at(0);
        QVERIFY(std::abs(cell(g, 1, 2) - 1023.0) < 1e-9);
        QVERIFY2(g.valueLabel.contains(QStringLiteral("over 1023 pairs")), qPrintable(g.valueLabel));
        QVERIFY2(d.note.contains(QStringLiteral("1023 at the query itself")), qPrintable(d.note));
    }

    void loadedDiffusersConfigDrivesAuto()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"_class_name": "WanTransformer3DModel", "attention_head_dim": 96, "num_attention_heads": 12})");
        f.close();
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        ParamsModel params;
        ConfigLoader loader(&params, &settings);
        QSignalSpy loaded(&loader, &ConfigLoader::gridModelLoaded);
        QVERIFY(loader.open(path));
        QCOMPARE(loaded.count(), 1);
        const auto model = loaded.first().at(0).value<std::shared_ptr<const grid::Model>>();
        QVERIFY(model);
        const FigureData d =
            gridFigure({{"axis", "t"}, {"grid-frames", 3LL}, {"grid-height", 2LL}, {"grid-width", 2LL}}, model);
        QVERIFY(d.title.contains(QStringLiteral("WanTransformer3DModel")));
        QCOMPARE(d.grids.at(1).cols, std::int64_t{96}); // head_dim 96: t, h, w = 32, 32, 32
        QVERIFY(d.note.contains(QStringLiteral("t: 32 channels")));
        // a bad diffusers config: the message names the families
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile b(bad);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write(R"({"_class_name": "NoSuchTransformer"})");
        b.close();
        QSignalSpy failed(&loader, &ConfigLoader::failed);
        QVERIFY(loader.open(bad));
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.first().at(0).toString().contains(QStringLiteral("FluxTransformer2DModel")));
    }

    void badOptionsNameTheRule()
    {
        QVERIFY(errorOf([] { gridFigure({{"family", "flux.1-dev"}, {"grid-frames", 4LL}}); }).contains("image model"));
        QVERIFY(errorOf([] { gridFigure({{"family", "flux.1-dev"}, {"axis", "l"}}); }).contains("has no axis l"));
        QVERIFY(errorOf([] { gridFigure({{"family", "flux.1-dev"}, {"pair", 28LL}}); }).contains("pairs 0..27"));
        QVERIFY(errorOf([] {
                    gridFigure({{"family", "flux.1-dev"}, {"riflex-frames", 40LL}});
                }).contains("no temporal axis"));
        QVERIFY(errorOf([] {
                    gridFigure({{"family", "wan2.1-t2v-14b"}, {"show", "similarity"}, {"query-row", 30LL}});
                }).contains("outside the 30×52 grid"));
        QVERIFY(errorOf([] { gridFigure({{"family", "hunyuan-video"}, {"frame", 33LL}}); }).contains("0…32"));
    }

    void drawsAtBothScreenSizes()
    {
        // every picture of every preset builds its plot (categorical strip beside the angle map)
        for (const auto& p : grid::presets())
            for (const char* show : {"angle", "wavelengths", "similarity"}) {
                FigureWidget w;
                w.resize(1100, 600);
                w.setData(gridFigure({{"family", p.id}, {"show", show}}));
                QVERIFY(!w.grab().isNull());
            }
    }
};

QTEST_MAIN(TstGridView)
#include "tst_grid_view.moc"
