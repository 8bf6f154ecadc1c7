// SPDX-License-Identifier: GPL-3.0-or-later
// LTX-Video, CogVideoX (1.0 crop linspace, 1.5 slices) and the VLM vision towers (Qwen2.5-VL, Pixtral, Llama 4)
// against tests/data/grid/grid_golden_more.json: ids, cos and sin as the models' own code computes them
// (make_grid_golden_more.py runs LTXVideoRotaryPosEmbed, get_3d_rotary_pos_embed with
// get_resize_crop_region_for_grid, Qwen2_5_VisionRotaryEmbedding with get_vision_position_ids,
// PixtralRotaryEmbedding with position_ids_in_meshgrid and Llama4VisionRotaryEmbedding at the pinned commits);
// grids that do not fit name their rule.
#include "golden_support.h"

#include "posenc/errors.h"
#include "posenc/grid_rope.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <string>

using namespace posenc;

namespace {

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

const char* kQwen = R"({"model_type":"qwen2_5_vl","vision_config":{"hidden_size":1280,"num_heads":16}})";
const char* kPixtral = R"({"model_type":"llava","vision_config":{"model_type":"pixtral"}})";
const char* kLlama4 = R"({"model_type":"llama4","vision_config":{"image_size":336,"patch_size":14,
    "hidden_size":1408,"num_attention_heads":16}})";

} // namespace

class TstGridMore : public QObject {
    Q_OBJECT

private slots:
    void golden_data()
    {
        QTest::addColumn<int>("index");
        const auto cases = test::loadGolden("grid/grid_golden_more.json")["cases"].toArray();
        QVERIFY(cases.size() >= 9);
        for (int i = 0; i < cases.size(); ++i) {
            const auto c = cases[i].toObject();
            QTest::newRow(qPrintable(c["name"].toString() + " " + c["layout"].toString())) << i;
        }
    }

    void golden()
    {
        QFETCH(int, index);
        const auto c = test::loadGolden("grid/grid_golden_more.json")["cases"].toArray()[index].toObject();
        const auto m = modelOf(c);
        const auto ids = grid::positions(m, grid::parseLayout(c["layout"].toString().toStdString()));
        const auto want = c["positions"].toArray();
        QCOMPARE(static_cast<qsizetype>(ids.size()), want.size());
        double worstId = 0;
        for (qsizetype i = 0; i < want.size(); ++i) {
            const auto row = test::toVector(want[i]);
            QCOMPARE(ids[static_cast<std::size_t>(i)].size(), row.size());
            for (std::size_t a = 0; a < row.size(); ++a)
                worstId = std::max(worstId, std::abs(ids[static_cast<std::size_t>(i)][a] - row[a]));
        }
        QVERIFY2(worstId <= 1e-12, qPrintable(QString("ids: max |diff| %1").arg(worstId)));
        for (const bool sine : {false, true}) {
            const auto table = grid::table(m, ids, sine);
            const auto rows = c[sine ? "sin" : "cos"].toArray();
            const auto cols = static_cast<std::size_t>(m.headDim());
            QCOMPARE(table.size(), static_cast<std::size_t>(rows.size()) * cols);
            double worst = 0;
            for (qsizetype i = 0; i < rows.size(); ++i) {
                const auto row = test::toVector(rows[i]);
                QCOMPARE(row.size(), cols);
                for (std::size_t j = 0; j < cols; ++j)
                    worst = std::max(worst, std::abs(table[static_cast<std::size_t>(i) * cols + j] - row[j]));
            }
            QVERIFY2(worst <= 1e-9, qPrintable(QString("max |diff| %1").arg(worst)));
        }
    }

    // The published shapes: LTX-Video 0.9 (32 heads x 64): 2048 channels = 2 unrotated + 341 x (t, h, w) pairs;
    // Qwen2.5-VL (1280 / 16 = 80): 20 pairs per axis, half layout; Llama 4 Scout (1408 / 16 = 88, 336 / 14 = 24):
    // 22 pairs per axis, 577 tokens with CLS.
    void publishedShapes()
    {
        const auto ltx = grid::fromDiffusersConfig(R"({"_class_name":"LTXVideoTransformer3DModel"})", "ltx");
        QCOMPARE(ltx.method, std::string("rope-ltx-video"));
        QCOMPARE(ltx.headDim(), 2048);
        QCOMPARE(ltx.padding, 2);
        QCOMPARE(grid::pairs(ltx).size(), std::size_t{1023});
        QCOMPARE(grid::pairs(ltx)[1].axis, 1); // (k = 0, h)
        QCOMPARE(ltx.axes[0].invFreq.back(), 10000.0 * M_PI / 2);
        const auto q = grid::fromVisionConfig(kQwen, "qwen");
        QCOMPARE(q.method, std::string("rope-qwen2.5-vl-vision"));
        QCOMPARE(q.headDim(), 80);
        QCOMPARE(q.axes[0].invFreq.size(), std::size_t{20});
        QVERIFY(q.channels == grid::Channels::Half);
        const auto l = grid::fromVisionConfig(kLlama4, "llama4");
        QCOMPARE(l.method, std::string("rope-llama4-vision"));
        QCOMPARE(l.headDim(), 88);
        QCOMPARE(l.axes[0].name, std::string("w"));
        QCOMPARE(grid::positions(l, grid::parseLayout("image:24x24,cls")).size(), std::size_t{577});
        const auto p = grid::fromVisionConfig(kPixtral, "pixtral"); // PixtralVisionConfig defaults
        QCOMPARE(p.method, std::string("rope-pixtral"));
        QCOMPARE(p.maxSide, 64);
        QCOMPARE(p.headDim(), 64);
        // CogVideoX 1.0 at its training grid (60/2 x 90/2 = 30 x 45) gives integer ids 0..29, 0..44
        const auto cog = grid::fromDiffusersConfig(R"({"_class_name":"CogVideoXTransformer3DModel"})", "cog");
        QVERIFY(!cog.cogSlice);
        const auto ids = grid::positions(cog, grid::parseLayout("video:1x30x45"));
        QCOMPARE(ids.back()[1], 29.0);
        QCOMPARE(ids.back()[2], 44.0);
    }

    void gridsThatDoNotFit()
    {
        const auto q = grid::fromVisionConfig(kQwen, "qwen");
        QString e = errorOf([&] { grid::positions(q, grid::parseLayout("image:3x4")); });
        QVERIFY2(e.contains("3x4") && e.contains("spatial_merge_size") && e.contains("multiples of 2"), qPrintable(e));
        e = errorOf([&] { grid::positions(q, grid::parseLayout("video:2x4x4")); });
        QVERIFY2(e.contains("image model"), qPrintable(e));
        e = errorOf([&] { grid::positions(q, grid::parseLayout("text:3,image:4x4")); });
        QVERIFY2(e.contains("vision tower rotates image patches only"), qPrintable(e));
        e = errorOf([&] { grid::positions(q, grid::parseLayout("image:4x4,cls")); });
        QVERIFY2(e.contains("only Llama 4"), qPrintable(e));
        const auto l = grid::fromVisionConfig(kLlama4, "llama4");
        e = errorOf([&] { grid::positions(l, grid::parseLayout("image:32x32")); });
        QVERIFY2(e.contains("fixed 24x24 grid") && e.contains("image_size / patch_size"), qPrintable(e));
        e = errorOf([&] { grid::positions(l, grid::parseLayout("cls,image:24x24")); });
        QVERIFY2(e.contains("CLS token comes last"), qPrintable(e));
        const auto p = grid::fromVisionConfig(kPixtral, "pixtral");
        e = errorOf([&] { grid::positions(p, grid::parseLayout("image:65x8")); });
        QVERIFY2(e.contains("65x8") && e.contains("<= 64"), qPrintable(e));
        const auto cog15 = grid::fromDiffusersConfig(
            R"({"_class_name":"CogVideoXTransformer3DModel","patch_size_t":2,"sample_height":8,"sample_width":10})",
            "cog");
        e = errorOf([&] { grid::positions(cog15, grid::parseLayout("video:2x5x4")); });
        QVERIFY2(e.contains("CogVideoX 1.5") && e.contains("H <= 4"), qPrintable(e));
        // CogVideoX-2B (use_rotary_positional_embeddings false) rotates nothing: refused naming the key; absent
        // (diffusers' default false) is read as the RoPE of 5B / 1.5 and says so
        e = errorOf([] {
            grid::fromDiffusersConfig(
                R"({"_class_name":"CogVideoXTransformer3DModel","use_rotary_positional_embeddings":false})", "cog-2b");
        });
        QVERIFY2(e.contains("use_rotary_positional_embeddings = false") && e.contains("rotates nothing"),
                 qPrintable(e));
        bool noted = false;
        for (const auto& n : grid::fromDiffusersConfig(R"({"_class_name":"CogVideoXTransformer3DModel"})", "cog").notes)
            noted = noted || n.find("use_rotary_positional_embeddings absent") != std::string::npos;
        QVERIFY(noted);
        e = errorOf([] { grid::fromVisionConfig(R"({"model_type":"siglip"})", "x"); });
        QVERIFY2(e.contains("siglip") && e.contains("rope-qwen2.5-vl-vision") && e.contains("rope-pixtral") &&
                     e.contains("rope-llama4-vision"),
                 qPrintable(e));
        e = errorOf([] {
            grid::fromDiffusersConfig(R"({"_class_name":"LTXVideoTransformer3DModel","num_attention_heads":1,
                "attention_head_dim":4})",
                                      "x");
        });
        QVERIFY2(e.contains("6-channel groups"), qPrintable(e));
        e = errorOf([] { grid::fromDiffusersConfig(R"({"_class_name":"Nope"})", "x"); });
        QVERIFY2(e.contains("LTXVideoTransformer3DModel") && e.contains("CogVideoXTransformer3DModel"), qPrintable(e));
    }
};

QTEST_GUILESS_MAIN(TstGridMore)
#include "tst_grid_more.moc"
