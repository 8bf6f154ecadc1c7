// SPDX-License-Identifier: GPL-3.0-or-later
// `--engine` / `--arithmetic` through the CLI, and `posenc inspect --engine E` / `--engines all` on a preset.
// The numbers themselves are checked against each engine's own code in tests/core/tst_engines.cpp; here the
// values are those that file's vLLM answers give (DeepSeek path, mscale 0.707 at s = 40: 1.2608, HF 1.3689).
#include "cli_run.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QTest>

#include <cmath>

using posenc::test::posencCli;

class TestCliEngines : public QObject {
    Q_OBJECT
private slots:
    void engineFlagOnComputeFrequencies()
    {
        const QStringList common = {"compute", "frequencies", "--method", "yarn", "--factor", "40", "--mscale",
                                    "0.707", "--head-dim", "64"};
        const auto hf = posencCli(common);
        const auto vllm = posencCli(common + QStringList{"--engine", "vllm"});
        QCOMPARE(hf.exitCode, 0);
        QCOMPARE(vllm.exitCode, 0);
        const double aHf = QJsonDocument::fromJson(hf.out).object().value("attention_factor").toDouble();
        const double aVllm = QJsonDocument::fromJson(vllm.out).object().value("attention_factor").toDouble();
        QVERIFY(std::fabs(aHf - (0.1 * std::log(40.0) + 1.0)) < 1e-12);
        QVERIFY(std::fabs(aVllm - (0.1 * 0.707 * std::log(40.0) + 1.0)) < 1e-12);
    }

    void cannotExpressExitsTwo()
    {
        const auto r = posencCli({"compute", "frequencies", "--method", "dynamic-ntk", "--engine", "llama.cpp"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--engine llama.cpp cannot express method dynamic-ntk"), qPrintable(r.err));
        const auto bad = posencCli({"compute", "frequencies", "--method", "rope", "--engine", "tensorrt"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("engine"), qPrintable(bad.err));
    }

    void inspectEnginesAll()
    {
        const QString preset = QStringLiteral(POSENC_SOURCE_DIR "/resources/presets/phi-3.5-mini.json");
        const auto r = posencCli({"inspect", preset, "--engines", "all"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray engines = QJsonDocument::fromJson(r.out).object().value("engines").toArray();
        QVERIFY(!engines.isEmpty());
        const QJsonArray per = engines.at(0).toObject().value("per_engine").toArray();
        QCOMPARE(per.size(), 6);
        QCOMPARE(per.at(0).toObject().value("engine").toString(), QStringLiteral("hf"));
        for (const auto& v : per) {
            const QJsonObject e = v.toObject();
            QVERIFY(e.contains("inv_freq") || e.contains("cannot_express"));
            if (e.value("engine").toString() != QLatin1String("hf") && e.contains("inv_freq"))
                QVERIFY(e.value("against_hf").toObject().contains("cos_sin_max_difference"));
        }
        const auto one = posencCli({"inspect", preset, "--engine", "vllm", "--format", "text"});
        QCOMPARE(one.exitCode, 0);
        QVERIFY2(one.out.contains("max_model_len"), one.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliEngines)
#include "tst_cli_engines.moc"
