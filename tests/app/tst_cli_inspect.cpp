// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc inspect` and --config / --preset (issue 8 §1), run as a separate process: every shipped preset and
// configs the test writes for every rope type and era agree with values computed independently
// (tests/data/make_hf_config_golden.py) to 1e-12 relative; bad files exit 2 naming the key; explicit flags
// override the file; warnings go to stderr without refusing.
#include "cli_run.h"
#include "golden_support.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using posenc::test::jsonOut;
using posenc::test::posencCli;
using posenc::test::Run;

namespace {

QString presetPath(const QString& name)
{
    return QStringLiteral(POSENC_SOURCE_DIR "/resources/presets/") + name + QStringLiteral(".json");
}

void compareEncodings(const QJsonArray& got, const QJsonArray& expected)
{
    QCOMPARE(got.size(), expected.size());
    for (qsizetype k = 0; k < expected.size(); ++k) {
        const auto g = got[k].toObject();
        const auto e = expected[k].toObject();
        const auto inv = posenc::test::toVector(g["inv_freq"]);
        const auto want = posenc::test::toVector(e["inv_freq"]);
        QCOMPARE(inv.size(), want.size());
        for (std::size_t i = 0; i < want.size(); ++i)
            POSENC_VERIFY_REL(inv[i], want[i], 1e-12, "inv_freq[" + std::to_string(i) + "]");
        POSENC_VERIFY_REL(g["attention_factor"].toDouble(), e["attention_factor"].toDouble(), 1e-12, "attention");
    }
}

} // namespace

class TstCliInspect : public QObject {
    Q_OBJECT

private slots:
    void presets_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QJsonObject>("expected");
        const QJsonObject golden = posenc::test::loadGolden("presets_inv_freq.json");
        const QJsonObject presets = golden["presets"].toObject();
        QCOMPARE(presets.size(), 21); // the presets make_hf_config_golden.py resolves (not Gemma 4, the VL ones, Llama 4, Gemma 3 27B)
        for (auto it = presets.begin(); it != presets.end(); ++it)
            QTest::newRow(qPrintable(it.key())) << it.key() << it.value().toObject();
    }

    void presets()
    {
        QFETCH(QString, name);
        QFETCH(QJsonObject, expected);
        const Run r = posencCli({QStringLiteral("inspect"), presetPath(name)});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject out = jsonOut(r);
        compareEncodings(out["encodings"].toArray(), expected["encodings"].toArray());
        QVERIFY(out["warnings"].isArray());
        QVERIFY(out["notes"].isArray());
        const QJsonObject first = out["encodings"].toArray().first().toObject();
        for (const char* key :
             {"name", "method", "params", "rotary_dim", "wavelength", "pairs_kept", "pairs_ramped",
              "pairs_interpolated", "l_theta", "critical_dim", "rope_theta_meets_base_bound"})
            QVERIFY2(first.contains(QLatin1String(key)), key);
        // The exact base lower bound (seconds at 1M positions) only on request.
        QVERIFY(!first.contains(QLatin1String("base_lower_bound")));
    }

    /// Men et al. (Table 2): at L = 4096 and d = 128 the smallest admissible base is 2.70e4 (the exact infimum
    /// 26952.4), so LLaMA-2's rope_theta 1e4 does not meet it, with or without the bound computed.
    void baseBoundOnRequest()
    {
        const Run r = posencCli({QStringLiteral("inspect"), presetPath(QStringLiteral("llama-2-7b")),
                                 QStringLiteral("--base-bound"), QStringLiteral("yes")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject first = jsonOut(r)["encodings"].toArray().first().toObject();
        QCOMPARE(first["bounds_context_length"].toDouble(), 4096.0);
        QVERIFY(std::abs(first["base_lower_bound"].toDouble() / 26952.4 - 1) < 1e-4);
        QCOMPARE(first["rope_theta_meets_base_bound"].toBool(), false);
        const Run text = posencCli({QStringLiteral("inspect"), presetPath(QStringLiteral("llama-2-7b")),
                                    QStringLiteral("--format"), QStringLiteral("text")});
        QVERIFY2(text.exitCode == 0, qPrintable(text.err));
        QVERIFY2(text.out.contains("base lower bound at L = 4096: not computed (--base-bound yes), rope_theta does "
                                   "not meet it"),
                 qPrintable(text.out));
        const Run bad = posencCli({QStringLiteral("inspect"), presetPath(QStringLiteral("llama-2-7b")),
                                   QStringLiteral("--base-bound"), QStringLiteral("maybe")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("base-bound"), qPrintable(bad.err));
    }

    void eraCases_data()
    {
        QTest::addColumn<QJsonObject>("c");
        const QJsonObject golden = posenc::test::loadGolden("hf_config_cases.json");
        for (const auto& v : golden["cases"].toArray()) {
            const QJsonObject c = v.toObject();
            if (c["seq_len"].isNull() || c["name"].toString().startsWith(QStringLiteral("longrope_top")))
                QTest::newRow(qPrintable(QStringLiteral("%1 %2 %3")
                                             .arg(c["name"].toString(), c["era"].toString())
                                             .arg(c["seq_len"].toDouble())))
                    << c;
        }
    }

    /// The test writes each config to a file and inspects it with --hf-era (and --seq-len).
    void eraCases()
    {
        QFETCH(QJsonObject, c);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(c["config"].toObject()).toJson());
        f.close();
        QStringList args{QStringLiteral("inspect"), path, QStringLiteral("--hf-era"), c["era"].toString()};
        if (!c["seq_len"].isNull())
            args << QStringLiteral("--seq-len") << QString::number(c["seq_len"].toDouble(), 'g', 17);
        const Run r = posencCli(args);
        if (c.contains("error")) {
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(c["error"].toString()), qPrintable(r.err));
            return;
        }
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        compareEncodings(jsonOut(r)["encodings"].toArray(), c["encodings"].toArray());
    }

    void malformedFilesExit2NamingTheKey_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("part");
        QTest::newRow("truncated") << QByteArray("{\"hidden_size\": 4096, \"num_att")
                                   << "not valid JSON"; // no raw string: moc counts braces
        QTest::newRow("wrong type") << QByteArray(R"({"head_dim": "128"})") << "head_dim must be a number";
        QTest::newRow("negative") << QByteArray(R"({"head_dim": 64, "max_position_embeddings": -5})")
                                  << "max_position_embeddings";
        QTest::newRow("missing key")
            << QByteArray(
                   R"({"head_dim": 64, "rope_scaling": {"rope_type": "llama3", "factor": 8, "low_freq_factor": 1,)"
                   R"("high_freq_factor": 4}})")
            << "rope_scaling.original_max_position_embeddings";
        QTest::newRow("binary") << QByteArray("\x00\x01\xff\xfe", 4) << "not valid JSON";
    }

    void malformedFilesExit2NamingTheKey()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, part);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        for (const QStringList& args : {QStringList{QStringLiteral("inspect"), path},
                                        QStringList{QStringLiteral("compute"), QStringLiteral("frequencies"),
                                                    QStringLiteral("--config"), path}}) {
            const Run r = posencCli(args);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(part), qPrintable(r.err));
            QVERIFY2(r.err.contains(QStringLiteral("bad.json")), qPrintable(r.err));
        }
        QCOMPARE(posencCli({QStringLiteral("inspect"), dir.filePath(QStringLiteral("absent.json"))}).exitCode, 2);
    }

    void configAndPresetOnCompute()
    {
        const QJsonObject golden = posenc::test::loadGolden("presets_inv_freq.json");
        const auto want = posenc::test::toVector(golden["presets"]
                                                     .toObject()["llama-3.2-1b"]
                                                     .toObject()["encodings"]
                                                     .toArray()
                                                     .first()
                                                     .toObject()["inv_freq"]);
        for (const QStringList& source :
             {QStringList{QStringLiteral("--preset"), QStringLiteral("llama-3.2-1b")},
              QStringList{QStringLiteral("--config"), presetPath(QStringLiteral("llama-3.2-1b"))}}) {
            const Run r = posencCli(QStringList{QStringLiteral("compute"), QStringLiteral("frequencies")} + source);
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const QJsonObject out = jsonOut(r);
            QCOMPARE(out["method"].toString(), QStringLiteral("llama3"));
            const auto inv = posenc::test::toVector(out["inv_freq"]);
            QCOMPARE(inv.size(), want.size());
            for (std::size_t i = 0; i < want.size(); ++i)
                POSENC_VERIFY_REL(inv[i], want[i], 1e-12, "inv_freq");
        }
        // an explicit flag overrides the file; the rest stays the file's
        const Run r = posencCli({QStringLiteral("compute"), QStringLiteral("frequencies"), QStringLiteral("--preset"),
                                 QStringLiteral("llama-3.2-1b"), QStringLiteral("--factor"), QStringLiteral("16")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject params = jsonOut(r)["params"].toObject();
        QCOMPARE(params["factor"].toDouble(), 16.0);
        QCOMPARE(params["base"].toDouble(), 500000.0);
        QCOMPARE(params["head-dim"].toDouble(), 64.0);

        const Run bad = posencCli({QStringLiteral("compute"), QStringLiteral("frequencies"), QStringLiteral("--preset"),
                                   QStringLiteral("llama-9")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("llama-3.2-1b")), qPrintable(bad.err));
    }

    /// Values HF accepts with a warning are computed, not refused (explicit flags too).
    void warningsOnExplicitFlags()
    {
        const Run r = posencCli({QStringLiteral("compute"), QStringLiteral("frequencies"), QStringLiteral("--method"),
                                 QStringLiteral("yarn"), QStringLiteral("--factor"), QStringLiteral("0.5"),
                                 QStringLiteral("--beta-fast"), QStringLiteral("1"), QStringLiteral("--beta-slow"),
                                 QStringLiteral("32")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("warning")) && r.err.contains(QStringLiteral("below 1")),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("beta-slow")), qPrintable(r.err));
    }

    void textFormatAndEraNotes()
    {
        const Run r = posencCli({QStringLiteral("inspect"), presetPath(QStringLiteral("qwen2.5-7b-yarn")),
                                 QStringLiteral("--format"), QStringLiteral("text")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString text = QString::fromUtf8(r.out);
        QVERIFY(text.contains(QStringLiteral("method yarn")));
        QVERIFY2(text.contains(QStringLiteral("note: HF era 2025b")), qPrintable(text));
    }

    /// `inspect --format text` prints every scalar the JSON has (issue 16): on DeepSeek-V3 the softmax scale
    /// multiplier mscale(40, 1)² = 1.8738542070926265 (golden scalars.json "deepseek", from DeepSeek's
    /// yarn_get_mscale) next to the attention factor 1, and the pairing, bounds and max_position_embeddings.
    void textHasEverythingTheJsonHas()
    {
        const Run r = posencCli({QStringLiteral("inspect"), presetPath(QStringLiteral("deepseek-v3")),
                                 QStringLiteral("--format"), QStringLiteral("text")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString text = QString::fromUtf8(r.out);
        const Run json = posencCli({QStringLiteral("inspect"), presetPath(QStringLiteral("deepseek-v3"))});
        QVERIFY2(json.exitCode == 0, qPrintable(json.err));
        const QJsonObject e = QJsonDocument::fromJson(json.out)["encodings"].toArray().first().toObject();
        const double mult = e["softmax_scale_multiplier"].toDouble();
        QVERIFY(std::abs(mult - 1.8738542070926265) < 1e-15);
        QVERIFY2(text.contains(QStringLiteral("softmax scale multiplier 1.8738542070926265")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("attention factor 1 ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("pairing ") + e["pairing"].toString()), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("max_position_embeddings %1").arg(e["max_position_embeddings"].toInt())),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("critical_dim %1").arg(e["critical_dim"].toInt())), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("extrapolation bound")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("seq_len")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("bounds at L = %1")
                                   .arg(QString::number(e["bounds_context_length"].toDouble(), 'g', 17))),
                 qPrintable(text));
    }

    /// An HF-era note appears only when that era's values differ, and prints them: every "X (here: Y)" in such a
    /// note has X != Y (issue 16 item 8: gpt-oss-20b's 2024 note printed identical theta_last and attention
    /// factor; the 2024 release ignores truncate = false and rounds the ramp bounds, so middle pairs differ).
    void eraNotesPrintTheDifferingValues()
    {
        const Run r = posencCli({QStringLiteral("inspect"), presetPath(QStringLiteral("gpt-oss-20b"))});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonArray notes = QJsonDocument::fromJson(r.out)["notes"].toArray();
        int eraNotes = 0;
        static const QRegularExpression pair(QStringLiteral("([^ ;:(]+) \\(here: ([^)]+)\\)"));
        for (const auto& n : notes) {
            const QString note = n.toString();
            if (!note.contains(QStringLiteral("resolves this file differently")))
                continue;
            ++eraNotes;
            int pairs = 0;
            for (auto it = pair.globalMatch(note); it.hasNext();) {
                const auto m = it.next();
                ++pairs;
                QVERIFY2(m.captured(1) != m.captured(2), qPrintable(note));
            }
            QVERIFY2(pairs > 0, qPrintable(note));
        }
        QVERIFY(eraNotes > 0); // the 2024 release does read this file differently
    }
};

QTEST_GUILESS_MAIN(TstCliInspect)
#include "tst_cli_inspect.moc"
