// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc` on LTX-Video, CogVideoX and the VLM vision towers (--tower vision), issue 37: positions and cos/sin
// against tests/data/grid/grid_golden_more.json (the models' own code, make_grid_golden_more.py), inspect's method
// names and channel layouts, --format csv|npy, --columns named, --view angle, and grids that do not fit (exit 2).
#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>

using posenc::test::jsonOut;
using posenc::test::posencCli;

namespace {

QJsonArray goldenCases()
{
    QFile f(QStringLiteral(POSENC_TEST_DATA_DIR "/grid/grid_golden_more.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object()["cases"].toArray();
}

QString writeConfig(const QTemporaryDir& dir, const QString& name, const QJsonObject& config)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(QJsonDocument(config).toJson());
    return path;
}

QStringList towerArgs(const QJsonObject& c)
{
    return c["tower"].toString() == "vision" ? QStringList{"--tower", "vision"} : QStringList{};
}

} // namespace

class TstCliGridMore : public QObject {
    Q_OBJECT

private slots:
    void golden()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto cases = goldenCases();
        QVERIFY(cases.size() >= 9);
        int i = 0;
        for (const auto& v : cases) {
            const auto c = v.toObject();
            const QString config = writeConfig(dir, QString("c%1.json").arg(i++), c["config"].toObject());
            const QString layout = c["layout"].toString();
            const auto pos =
                posencCli(QStringList{"compute", "positions", "--config", config, "--layout", layout} + towerArgs(c));
            QVERIFY2(pos.exitCode == 0, qPrintable(pos.err));
            const auto got = jsonOut(pos)["positions"].toArray();
            const auto want = c["positions"].toArray();
            QCOMPARE(got.size(), want.size());
            for (int r = 0; r < want.size(); ++r)
                for (int a = 0; a < want[r].toArray().size(); ++a)
                    QVERIFY(std::abs(got[r].toArray()[a].toDouble() - want[r].toArray()[a].toDouble()) <= 1e-12);
            for (const QString view : {"cos", "sin"}) {
                const auto r = posencCli(QStringList{"compute", "matrix", "--config", config, "--layout", layout,
                                                     "--view", view, "--format", "json"} +
                                         towerArgs(c));
                QVERIFY2(r.exitCode == 0, qPrintable(r.err));
                const auto o = jsonOut(r);
                const auto rows = c[view].toArray();
                const int cols = rows[0].toArray().size();
                QCOMPARE(o["shape"].toArray()[0].toInt(), rows.size());
                QCOMPARE(o["shape"].toArray()[1].toInt(), cols);
                const auto data = o["data"].toArray();
                double worst = 0;
                for (int k = 0; k < rows.size(); ++k)
                    for (int j = 0; j < cols; ++j)
                        worst =
                            std::max(worst, std::abs(data[k * cols + j].toDouble() - rows[k].toArray()[j].toDouble()));
                QVERIFY2(worst <= 1e-9, qPrintable(c["name"].toString() + " " + view + QString(" %1").arg(worst)));
            }
        }
    }

    void inspectNamesAndLayouts()
    {
        QTemporaryDir dir;
        const auto cases = goldenCases();
        const QStringList methods = {"rope-ltx-video", "rope-cogvideox", "rope-qwen2.5-vl-vision", "rope-pixtral",
                                     "rope-llama4-vision"};
        QStringList seen;
        int i = 0;
        for (const auto& v : cases) {
            const auto c = v.toObject();
            const QString config = writeConfig(dir, QString("i%1.json").arg(i++), c["config"].toObject());
            const auto r = posencCli(QStringList{"inspect", config, "--format", "json"} + towerArgs(c));
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const auto e = jsonOut(r)["encodings"].toArray()[0].toObject();
            seen << e["method"].toString();
            const bool half = e["method"] == "rope-qwen2.5-vl-vision" || e["method"] == "rope-pixtral";
            QCOMPARE(e["channel_layout_kind"].toString(), half ? QString("half") : QString("interleaved"));
        }
        for (const auto& m : methods)
            QVERIFY2(seen.contains(m), qPrintable(m));
    }

    void formatsAndColumns()
    {
        QTemporaryDir dir;
        const QString qwen =
            writeConfig(dir, "qwen.json",
                        QJsonObject{{"model_type", "qwen2_5_vl"},
                                    {"vision_config", QJsonObject{{"hidden_size", 1280}, {"num_heads", 16}}}});
        const QStringList base = {"--config", qwen, "--tower", "vision", "--layout", "image:2x4"};
        auto r = posencCli(QStringList{"compute", "positions", "--format", "csv"} + base);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto lines = QString::fromUtf8(r.out).trimmed().split('\n');
        QCOMPARE(lines.size(), 9); // header + 8 patches
        QCOMPARE(lines[0].trimmed(), QString("h,w"));
        QCOMPARE(lines[3].trimmed(), QString("1,0")); // merge block (0,0): (0,0) (0,1) (1,0) (1,1)
        r = posencCli(QStringList{"compute", "positions", "--columns", "named"} + base);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto o = jsonOut(r);
        QCOMPARE(o["h"].toArray().size(), 8);
        QCOMPARE(o["w"].toArray()[4].toDouble(), 2.0); // the second merge block starts at column 2
        QVERIFY(!o.contains("positions"));
        const QString npy = dir.filePath("cos.npy");
        r = posencCli(QStringList{"compute", "matrix", "--view", "cos", "--format", "npy", "-o", npy} + base);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile f(npy);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.startsWith("\x93NUMPY"));
        QVERIFY(bytes.contains("'shape': (8, 80)"));
        QCOMPARE(bytes.size() % 16, qsizetype{(8 * 80 * 8) % 16});
        double last = 0; // token (1, 3): w angle of pair 19 in channel 79 (= 59 + 20): 3 * 10000^(-38/40)
        std::memcpy(&last, bytes.constData() + bytes.size() - 8, 8);
        QVERIFY(std::abs(last - std::cos(3 * std::pow(10000.0, -38.0 / 40))) <= 1e-15);
        r = posencCli(QStringList{"compute", "matrix", "--view", "angle", "--format", "json"} + base);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(jsonOut(r)["shape"].toArray()[1].toInt(), 40); // one column per rotary pair
    }

    // Qwen2.5-VL's vision tower in the model's own token order: positions and cos equal the pinned code's
    // get_vision_window_index reordering (grid_golden_presets.json, make_grid_golden_presets.py), with the windows
    // and full-attention layers; --order blocks / raster and the orders other families do not have.
    void qwenWindowOrder()
    {
        QFile f(QStringLiteral(POSENC_TEST_DATA_DIR "/grid/grid_golden_presets.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject c;
        for (const auto& v : QJsonDocument::fromJson(f.readAll()).object()["cases"].toArray())
            if (v.toObject()["layout"].toString() == "image:10x14")
                c = v.toObject();
        QVERIFY(!c.isEmpty());
        QTemporaryDir dir;
        const QString config = writeConfig(dir, "qwen.json", c["config"].toObject());
        auto r =
            posencCli({"compute", "positions", "--config", config, "--tower", "vision", "--layout", "image:10x14"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        auto o = jsonOut(r);
        QCOMPARE(o["order"].toString(), QStringLiteral("window"));
        QCOMPARE(o["cu_window_seqlens"].toArray(), c["cu_window_seqlens"].toArray());
        QCOMPARE(o["full_attention_blocks"].toArray(), (QJsonArray{7, 15, 23, 31}));
        QCOMPARE(o["positions"].toArray(), c["positions"].toArray());
        r = posencCli({"compute", "matrix", "--config", config, "--tower", "vision", "--layout", "image:10x14",
                       "--view", "cos", "--format", "json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto data = jsonOut(r)["data"].toArray();
        const auto rows = c["cos"].toArray();
        double worst = 0;
        for (int k = 0; k < rows.size(); ++k)
            for (int j = 0; j < 80; ++j)
                worst = std::max(worst, std::abs(data[k * 80 + j].toDouble() - rows[k].toArray()[j].toDouble()));
        QVERIFY2(worst <= 1e-9, qPrintable(QString::number(worst)));
        r = posencCli({"compute", "positions", "--config", config, "--tower", "vision", "--layout", "image:10x14",
                       "--order", "raster"});
        o = jsonOut(r);
        QCOMPARE(o["order"].toString(), QStringLiteral("raster"));
        QVERIFY(!o.contains("cu_window_seqlens"));
        QCOMPARE(o["positions"].toArray()[14].toArray(), (QJsonArray{1, 0}));
        r = posencCli({"compute", "positions", "--config", config, "--tower", "vision", "--layout", "image:10x14",
                       "--order", "blocks"});
        QCOMPARE(jsonOut(r)["positions"].toArray()[2].toArray(), (QJsonArray{1, 0}));
        // check: the model's table in raster order (a port that skips the window permutation) is a mismatch whose
        // diagnosis names the order; checked with --order raster it matches
        const QString raster = dir.filePath("raster.csv");
        r = posencCli({"compute", "matrix", "--config", config, "--tower", "vision", "--layout", "image:10x14",
                       "--view", "cos", "--order", "raster", "--format", "csv", "-o", raster});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = posencCli({"check", "--config", config, "--tower", "vision", "--position-layout", "image:10x14",
                       "--input", raster, "--quantity", "cos", "--format", "json"});
        QCOMPARE(r.exitCode, 1);
        const auto diagnosis = jsonOut(r)["diagnosis"].toArray();
        QVERIFY(!diagnosis.isEmpty());
        QCOMPARE(diagnosis[0].toObject()["kind"].toString(), QStringLiteral("token-order"));
        r = posencCli({"check", "--config", config, "--tower", "vision", "--position-layout", "image:10x14",
                       "--input", raster, "--quantity", "cos", "--order", "raster"});
        QVERIFY2(r.exitCode == 0, qPrintable(QString::fromUtf8(r.out) + r.err));
        const QString flux = writeConfig(dir, "f.json", QJsonObject{{"_class_name", "FluxTransformer2DModel"}});
        r = posencCli({"compute", "positions", "--config", flux, "--layout", "image:2x2", "--order", "window"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("only Qwen2.5-VL's vision tower reorders"), qPrintable(r.err));
        r = posencCli({"compute", "positions", "--token-layout", "text:3", "--order", "raster"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--order applies to --config"), qPrintable(r.err));
    }

    void gridsThatDoNotFit()
    {
        QTemporaryDir dir;
        const QString qwen = writeConfig(dir, "q.json", QJsonObject{{"model_type", "qwen2_5_vl"}});
        auto r = posencCli({"compute", "matrix", "--config", qwen, "--tower", "vision", "--layout", "image:5x4",
                            "--view", "cos", "--format", "json"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("spatial_merge_size") && r.err.contains("5x4"), qPrintable(r.err));
        const QString llama = writeConfig(dir, "l.json", QJsonObject{{"model_type", "llama4"}});
        r = posencCli({"compute", "positions", "--config", llama, "--tower", "vision", "--layout", "image:16x16"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("fixed 32x32 grid"), qPrintable(r.err)); // Llama4VisionConfig: 448 / 14
        const QString other = writeConfig(dir, "o.json", QJsonObject{{"model_type", "idefics3"}});
        r = posencCli({"inspect", other, "--tower", "vision"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("idefics3") && r.err.contains("rope-pixtral"), qPrintable(r.err));
        const QString ltx = writeConfig(dir, "x.json", QJsonObject{{"_class_name", "LTXVideoTransformer3DModel"}});
        r = posencCli({"compute", "positions", "--config", ltx, "--layout", "image:4x4"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("video model"), qPrintable(r.err));
        r = posencCli({"compute", "positions", "--config", ltx, "--layout", "video:1x2x2", "--format", "npy"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("json, csv"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TstCliGridMore)
#include "tst_cli_grid_more.moc"
