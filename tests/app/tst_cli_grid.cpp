// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc` on diffusers image/video configs (issue 37): inspect, compute positions / matrix / frequencies with
// RIFLEx, against tests/data/grid/grid_golden.json (diffusers' and RIFLEx's own code, make_grid_golden.py), and the
// bad-input messages (exit 2).
#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using posenc::test::jsonOut;
using posenc::test::posencCli;

namespace {

QJsonObject golden()
{
    QFile f(QStringLiteral(POSENC_TEST_DATA_DIR "/grid/grid_golden.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QString writeConfig(const QTemporaryDir& dir, const QString& name, const QJsonObject& config)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(QJsonDocument(config).toJson());
    return path;
}

} // namespace

class TstCliGrid : public QObject {
    Q_OBJECT

private slots:
    void matrixAndPositions()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto cases = golden()["cases"].toArray();
        QVERIFY(cases.size() >= 7);
        for (const auto& v : cases) {
            const auto c = v.toObject();
            const QString config = writeConfig(dir, c["name"].toString() + ".json", c["config"].toObject());
            const QString layout = c["layout"].toString();
            const auto pos =
                posencCli({"compute", "positions", "--config", config, "--layout", layout, "--format", "json"});
            QVERIFY2(pos.exitCode == 0, qPrintable(pos.err));
            QCOMPARE(jsonOut(pos)["positions"].toArray(), c["positions"].toArray());
            for (const QString view : {"cos", "sin"}) {
                const auto r = posencCli(
                    {"compute", "matrix", "--config", config, "--layout", layout, "--view", view, "--format", "json"});
                QVERIFY2(r.exitCode == 0, qPrintable(r.err));
                const auto o = jsonOut(r);
                const auto rows = c[view].toArray();
                const int cols = rows[0].toArray().size();
                QCOMPARE(o["shape"].toArray()[0].toInt(), rows.size());
                QCOMPARE(o["shape"].toArray()[1].toInt(), cols);
                const auto data = o["data"].toArray();
                double worst = 0;
                for (int i = 0; i < rows.size(); ++i)
                    for (int j = 0; j < cols; ++j)
                        worst =
                            std::max(worst, std::abs(data[i * cols + j].toDouble() - rows[i].toArray()[j].toDouble()));
                QVERIFY2(worst <= 1e-9, qPrintable(c["name"].toString() + " " + view + QString(" %1").arg(worst)));
            }
        }
    }

    void inspect()
    {
        QTemporaryDir dir;
        const QString config = writeConfig(dir, "q.json", QJsonObject{{"_class_name", "QwenImageTransformer2DModel"}});
        const auto r = posencCli({"inspect", config, "--format", "json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto e = jsonOut(r)["encodings"].toArray()[0].toObject();
        QCOMPARE(e["method"].toString(), QStringLiteral("rope-qwen-image"));
        const auto axes = e["axes"].toArray();
        QCOMPARE(axes.size(), 3);
        QCOMPARE(axes[0].toObject()["dim"].toInt(), 16);
        QCOMPARE(axes[1].toObject()["inv_freq"].toArray().size(), 28);
    }

    void riflex()
    {
        QTemporaryDir dir;
        for (const auto& v : golden()["riflex"].toArray()) {
            const auto c = v.toObject();
            const QString config = writeConfig(dir, c["name"].toString() + ".json", c["config"].toObject());
            const auto r = posencCli({"compute", "frequencies", "--config", config, "--riflex-frames",
                                      QString::number(c["frames"].toInt()), "--riflex-repetition",
                                      QString::number(c["repetition"].toInt()), "--format", "json"});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const auto x = jsonOut(r)["riflex"].toObject();
            QCOMPARE(x["k"].toInt(), c["identify_k"].toArray()[0].toInt());
            QCOMPARE(x["N_k"].toInt(), c["identify_k"].toArray()[1].toInt());
            QVERIFY(x["applied"].toBool());
            const auto got = x["inv_freq"].toArray();
            const auto want = c["inv_freq"].toArray();
            QCOMPARE(got.size(), want.size());
            for (int i = 0; i < want.size(); ++i)
                QVERIFY(std::abs(got[i].toDouble() - want[i].toDouble()) <= 1e-12);
        }
    }

    void badInput()
    {
        QTemporaryDir dir;
        const QString unknown = writeConfig(dir, "u.json", QJsonObject{{"_class_name", "SanaTransformer2DModel"}});
        auto r = posencCli({"inspect", unknown});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("SanaTransformer2DModel") && r.err.contains("rope-hunyuan-video"), qPrintable(r.err));
        const QString flux = writeConfig(dir, "f.json", QJsonObject{{"_class_name", "FluxTransformer2DModel"}});
        r = posencCli({"compute", "matrix", "--config", flux, "--layout", "video:2x4x4", "--view", "cos"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("image model"), qPrintable(r.err));
        r = posencCli({"compute", "frequencies", "--config", flux, "--riflex-frames", "40"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no temporal axis"), qPrintable(r.err));
        r = posencCli({"compute", "frequencies", "--method", "rope", "--riflex-frames", "40"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("riflex-frames"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TstCliGrid)
#include "tst_cli_grid.moc"
