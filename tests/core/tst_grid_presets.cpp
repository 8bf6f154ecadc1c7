// SPDX-License-Identifier: GPL-3.0-or-later
// The Grid view's presets of LTX-Video, CogVideoX-5B and the vision towers (Qwen2.5-VL-7B, Pixtral-12B, Llama 4
// Scout), and Qwen2.5-VL's attention-window token order, against tests/data/grid/grid_golden_presets.json:
// make_grid_golden_presets.py runs the pinned models' own code (LTXVideoRotaryPosEmbed, get_3d_rotary_pos_embed,
// Qwen2_5_VisionRotaryEmbedding with get_vision_position_ids and get_vision_window_index as
// Qwen2_5_VisionTransformerPretrainedModel.forward reorders them, PixtralRotaryEmbedding, Llama4VisionRotaryEmbedding)
// at each preset's published config. Bad --order choices name their rule.
#include "golden_support.h"

#include "posenc/errors.h"
#include "posenc/grid_presets.h"
#include "posenc/grid_rope.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <set>
#include <string>

using namespace posenc;

namespace {

QJsonArray cases()
{
    return test::loadGolden("grid/grid_golden_presets.json")["cases"].toArray();
}

grid::Model modelOf(const QJsonObject& c)
{
    const std::string text = QJsonDocument(c["config"].toObject()).toJson(QJsonDocument::Compact).toStdString();
    return c["tower"].toString() == "vision" ? grid::fromVisionConfig(text, "golden")
                                             : grid::fromDiffusersConfig(text, "golden");
}

template <class F> QString errorOf(F f)
{
    try {
        f();
    } catch (const InvalidInput& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

std::vector<std::int64_t> ints(const QJsonValue& v)
{
    std::vector<std::int64_t> out;
    for (const auto& x : v.toArray())
        out.push_back(static_cast<std::int64_t>(x.toDouble()));
    return out;
}

} // namespace

class TstGridPresets : public QObject {
    Q_OBJECT

private slots:
    void golden_data()
    {
        QTest::addColumn<int>("index");
        const auto all = cases();
        QVERIFY(all.size() >= 8);
        for (int i = 0; i < all.size(); ++i) {
            const auto c = all[i].toObject();
            QTest::newRow(qPrintable(c["name"].toString() + " " + c["layout"].toString())) << i;
        }
    }

    // The preset's own config gives the model of the published config the golden file ran (the same RoPE: axes,
    // frequencies, channel layout), and its ids and cos/sin equal the model's code in the model's token order.
    void golden()
    {
        QFETCH(int, index);
        const auto c = cases()[index].toObject();
        grid::Model m = modelOf(c);
        if (!c["preset"].isNull()) {
            const grid::Preset& p = grid::preset(c["preset"].toString().toStdString());
            QCOMPARE(p.tower, c["tower"].toString() == "vision");
            const grid::Model pm = grid::presetModel(p);
            QCOMPARE(QString::fromStdString(pm.method), QString::fromStdString(m.method));
            QCOMPARE(pm.axes.size(), m.axes.size());
            for (std::size_t a = 0; a < m.axes.size(); ++a) {
                QCOMPARE(pm.axes[a].dim, m.axes[a].dim);
                QCOMPARE(pm.axes[a].invFreq, m.axes[a].invFreq);
            }
            QCOMPARE(pm.headDim(), m.headDim());
            QCOMPARE(pm.windowBlocks, m.windowBlocks);
            QCOMPARE(pm.fullAttentionBlocks, m.fullAttentionBlocks);
            m = pm; // the rest with the preset's model
        }
        const auto layout = grid::parseLayout(c["layout"].toString().toStdString());
        if (c.contains("cu_window_seqlens")) { // get_vision_window_index's own output
            const auto win = grid::visionWindows(m, layout.front().h, layout.front().w);
            QCOMPARE(win.blockIndex, ints(c["window_index"]));
            QCOMPARE(win.cuSeqlens, ints(c["cu_window_seqlens"]));
            QCOMPARE(QString::fromStdString(grid::orderName(m, m.order)), QStringLiteral("window"));
        }
        const auto ids = grid::positions(m, layout);
        const auto want = c["positions"].toArray();
        QCOMPARE(static_cast<qsizetype>(ids.size()), want.size());
        double worstId = 0;
        for (qsizetype i = 0; i < want.size(); ++i) {
            const auto row = test::toVector(want[i]);
            QCOMPARE(ids[static_cast<std::size_t>(i)].size(), row.size());
            for (std::size_t a = 0; a < row.size(); ++a)
                worstId = std::max(worstId, std::abs(ids[static_cast<std::size_t>(i)][a] - row[a]));
        }
        QVERIFY2(worstId <= 1e-9, qPrintable(QString("ids: max |diff| %1").arg(worstId)));
        std::vector<std::size_t> rows; // the tokens the file keeps (Llama 4: a subset), else all
        if (c.contains("rows"))
            for (const auto r : ints(c["rows"]))
                rows.push_back(static_cast<std::size_t>(r));
        else
            for (std::size_t i = 0; i < ids.size(); ++i)
                rows.push_back(i);
        const std::size_t hd = static_cast<std::size_t>(m.headDim());
        for (const bool sine : {false, true}) {
            const auto t = grid::table(m, ids, sine);
            const auto wantT = c[sine ? "sin" : "cos"].toArray();
            QCOMPARE(static_cast<std::size_t>(wantT.size()), rows.size());
            double worst = 0;
            for (std::size_t k = 0; k < rows.size(); ++k) {
                const auto row = test::toVector(wantT[static_cast<qsizetype>(k)]);
                QCOMPARE(row.size(), hd);
                for (std::size_t ch = 0; ch < hd; ++ch)
                    worst = std::max(worst, std::abs(t[rows[k] * hd + ch] - row[ch]));
            }
            QVERIFY2(worst <= 1e-9, qPrintable(QString("%1: max |diff| %2").arg(sine ? "sin" : "cos").arg(worst)));
        }
    }

    // Every preset builds its model at its reference grid, and the new ones are there.
    void everyPresetAtItsReferenceGrid()
    {
        std::set<std::string> ids;
        for (const auto& p : grid::presets()) {
            ids.insert(p.id);
            const grid::Model m = grid::presetModel(p);
            const std::string layout =
                m.video ? "video:" + std::to_string(p.t) + "x" + std::to_string(p.h) + "x" + std::to_string(p.w)
                        : "image:" + std::to_string(p.h) + "x" + std::to_string(p.w);
            const auto pos = grid::positions(m, grid::parseLayout(layout));
            QCOMPARE(static_cast<long long>(pos.size()), p.t * p.h * p.w);
        }
        for (const char* id :
             {"ltx-video", "cogvideox-5b", "qwen2.5-vl-7b-vision", "pixtral-12b-vision", "llama4-scout-vision"})
            QVERIFY2(ids.count(id), id);
    }

    // Each reference grid in tokens is its pixel size through the model's own compression, as the pinned code
    // computes it: diffusers' VAE (8 px, FLUX/Qwen-Image/HunyuanVideo/Wan/CogVideoX; LTX-Video 32 px) times the
    // transformer's patch_size (2; LTX-Video 1), frames (F - 1)/k + 1 with the VAE's temporal factor k (4; LTX-Video
    // 8); a tower's patch_size (Qwen2.5-VL 14, Pixtral 16, Llama 4 14). The Grid view words this pixel size.
    void referenceGridsFollowFromPixelSizes()
    {
        struct Compression {
            const char* id;
            long long pixelsPerToken, framesPerToken;
            grid::PixelSize::Kind kind;
        };
        using K = grid::PixelSize::Kind;
        const Compression all[] = {
            {"flux.1-dev", 16, 0, K::PipelineDefault},      {"flux.2-dev", 16, 0, K::PipelineDefault},
            {"qwen-image", 16, 0, K::PipelineDefault},      {"hunyuan-video", 16, 4, K::PipelineDefault},
            {"wan2.1-t2v-14b", 16, 4, K::PipelineDefault},  {"ltx-video", 32, 8, K::PipelineDefault},
            {"cogvideox-5b", 16, 4, K::PipelineDefault},    {"qwen2.5-vl-7b-vision", 14, 0, K::ExampleImage},
            {"pixtral-12b-vision", 16, 0, K::ExampleImage}, {"llama4-scout-vision", 14, 0, K::FixedCrop}};
        QCOMPARE(std::size(all), grid::presets().size());
        for (const auto& c : all) {
            const grid::Preset& p = grid::preset(c.id);
            QVERIFY2(p.size.kind == c.kind, c.id);
            QVERIFY2(p.size.height % c.pixelsPerToken == 0 && p.size.width % c.pixelsPerToken == 0, c.id);
            QCOMPARE(p.size.height / c.pixelsPerToken, p.h);
            QCOMPARE(p.size.width / c.pixelsPerToken, p.w);
            if (c.framesPerToken == 0) {
                QCOMPARE(p.size.frames, 0LL);
                QCOMPARE(p.t, 1LL);
            } else {
                QVERIFY2((p.size.frames - 1) % c.framesPerToken == 0, c.id);
                QCOMPARE((p.size.frames - 1) / c.framesPerToken + 1, p.t);
            }
        }
    }

    // The three orders of Qwen2.5-VL list the same patches; blocks is get_vision_position_ids' order (the model's
    // order before the window permutation), raster is row-major.
    void qwenOrders()
    {
        const grid::Model m = grid::presetModel(grid::preset("qwen2.5-vl-7b-vision"));
        const auto layout = grid::parseLayout("image:10x14");
        const auto window = grid::positions(m, layout);
        const auto blocks = grid::positions(grid::withOrder(m, grid::parseOrder(m, "blocks")), layout);
        const auto raster = grid::positions(grid::withOrder(m, grid::parseOrder(m, "raster")), layout);
        QCOMPARE(window, grid::positions(grid::withOrder(m, grid::parseOrder(m, "window")), layout));
        QVERIFY(window != blocks);
        for (std::size_t i = 0; i < raster.size(); ++i) {
            QCOMPARE(raster[i][0], static_cast<double>(i / 14));
            QCOMPARE(raster[i][1], static_cast<double>(i % 14));
        }
        // blocks: 2x2 merge blocks row-major, then row-major inside (token 4 is block 1's first patch (0, 2))
        QCOMPARE(blocks[4], (std::vector<double>{0, 2}));
        auto sorted = [](auto v) {
            std::sort(v.begin(), v.end());
            return v;
        };
        QCOMPARE(sorted(window), sorted(raster));
        QCOMPARE(sorted(blocks), sorted(raster));
        QCOMPARE(QString::fromStdString(grid::orderName(m, grid::Order::Model)), QStringLiteral("window"));
        const auto notes = m.notes;
        QVERIFY(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
            return n.find("layers 7, 15, 23, 31 attend over the whole image, the other 28 inside their window") !=
                   std::string::npos;
        }));
    }

    void badOrders()
    {
        const grid::Model flux = grid::presetModel(grid::preset("flux.1-dev"));
        QVERIFY(errorOf([&] {
                    grid::parseOrder(flux, "window");
                }).contains("rope-flux lists its tokens row-major; only Qwen2.5-VL's vision tower reorders"));
        QCOMPARE(grid::orderName(flux, grid::parseOrder(flux, "model")), std::string("raster"));
        const grid::Model pix = grid::presetModel(grid::preset("pixtral-12b-vision"));
        QVERIFY(errorOf([&] { grid::parseOrder(pix, "blocks"); }).contains("give model or raster"));
        QVERIFY(errorOf([&] {
                    grid::parseOrder(pix, "zigzag");
                }).contains("--order zigzag: the orders are model (what the model computes), window, blocks"));
        const grid::Model qwen = grid::presetModel(grid::preset("qwen2.5-vl-7b-vision"));
        QVERIFY(errorOf([&] { grid::visionWindows(qwen, 5, 8); }).contains("must be positive multiples of 2"));
        QVERIFY(
            errorOf([&] {
                grid::fromVisionConfig(
                    R"({"model_type":"qwen2_5_vl","vision_config":{"hidden_size":64,"num_heads":4,"window_size":20}})",
                    "cfg");
            }).contains("window_size 20 // spatial_merge_size 2 // patch_size 14 = 0"));
        QVERIFY(errorOf([&] {
                    grid::fromVisionConfig(
                        R"({"model_type":"qwen2_5_vl","vision_config":{"depth":8,"fullatt_block_indexes":[3, 8]}})",
                        "cfg");
                }).contains("vision_config.fullatt_block_indexes = [3,8]: must be a list of integers in [0, 7]"));
    }
};

QTEST_GUILESS_MAIN(TstGridPresets)
#include "tst_grid_presets.moc"
