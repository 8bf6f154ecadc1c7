// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face config.json parser (issue 8 §1): every rope type in every HF era against values computed
// independently (tests/data/make_hf_config_golden.py, NumPy), the era example of conventions.md, warnings for
// values HF accepts, notes for unknown keys and era differences, and InvalidInput naming the key for files HF
// cannot load.
#include "golden_support.h"

#include "posenc/errors.h"
#include "posenc/io/hf_config.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::io;

namespace {

constexpr double kTol = 1e-12;

std::string text(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

HfConfig parse(const std::string& json, HfEra era = HfEra::V5, std::optional<double> seqLen = std::nullopt)
{
    HfConfigOptions o;
    o.era = era;
    o.seqLen = seqLen;
    o.origin = "config.json";
    return parseHfConfig(json, o);
}

bool containsText(const std::vector<std::string>& list, const std::string& part)
{
    for (const auto& s : list)
        if (s.find(part) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TstHfConfig : public QObject {
    Q_OBJECT

private slots:
    void eraCases_data()
    {
        QTest::addColumn<QJsonObject>("c");
        const QJsonObject golden = posenc::test::loadGolden("hf_config_cases.json");
        QVERIFY(golden["cases"].toArray().size() >= 100);
        for (const auto& v : golden["cases"].toArray()) {
            const QJsonObject c = v.toObject();
            const QString seq =
                c["seq_len"].isNull() ? QStringLiteral("init") : QString::number(c["seq_len"].toDouble());
            QTest::newRow(qPrintable(QStringLiteral("%1 %2 %3").arg(c["name"].toString(), c["era"].toString(), seq)))
                << c;
        }
    }

    void eraCases()
    {
        QFETCH(QJsonObject, c);
        const HfEra era = parseHfEra(c["era"].toString().toStdString());
        const std::optional<double> seq =
            c["seq_len"].isNull() ? std::nullopt : std::optional<double>(c["seq_len"].toDouble());
        const std::string config = text(c["config"].toObject());
        if (c.contains("error")) {
            QVERIFY_THROWS_EXCEPTION(InvalidInput, parse(config, era, seq));
            return;
        }
        HfConfig r;
        try {
            r = parse(config, era, seq);
        } catch (const InvalidInput& e) {
            QFAIL(e.what());
        }
        const QJsonArray expected = c["encodings"].toArray();
        QCOMPARE(r.encodings.size(), static_cast<std::size_t>(expected.size()));
        for (qsizetype k = 0; k < expected.size(); ++k) {
            const QJsonObject e = expected[k].toObject();
            const auto& got = r.encodings[static_cast<std::size_t>(k)];
            const auto inv = posenc::test::toVector(e["inv_freq"]);
            QCOMPARE(got.invFreq.size(), inv.size());
            for (std::size_t i = 0; i < inv.size(); ++i)
                POSENC_VERIFY_REL(got.invFreq[i], inv[i], kTol, "inv_freq[" + std::to_string(i) + "]");
            POSENC_VERIFY_REL(got.attentionFactor, e["attention_factor"].toDouble(), kTol, "attention_factor");
        }
    }

    /// conventions.md: d 128, base 1e4, factor 8, original 4096, max_pos 65536 → theta_last / a per era.
    // Issue 18 part 3: configs run through each era's own transformers code (float32 inv_freq as HF computes
    // it; tests/data/make_hf_transformers_cases.py stores the revisions and the command).
    void transformersCases_data()
    {
        QTest::addColumn<QJsonObject>("c");
        const QJsonObject golden = posenc::test::loadGolden("hf_transformers_cases.json");
        QVERIFY(golden["cases"].toArray().size() >= 40);
        for (const auto& v : golden["cases"].toArray()) {
            const QJsonObject c = v.toObject();
            QTest::newRow(qPrintable(c["name"].toString() + " " + c["era"].toString())) << c;
        }
    }
    void transformersCases()
    {
        constexpr double kFloat32Tol = 3e-6; // HF's float32 exponent 2i/d and pow: below 1e-6 relative here
        QFETCH(QJsonObject, c);
        const HfEra era = parseHfEra(c["era"].toString().toStdString());
        const std::string config = text(c["config"].toObject());
        if (c.contains("error")) {
            QVERIFY_THROWS_EXCEPTION(InvalidInput, parse(config, era));
            return;
        }
        HfConfig r;
        try {
            r = parse(config, era);
        } catch (const InvalidInput& e) {
            QFAIL(e.what());
        }
        const QJsonObject e = c["encodings"].toArray()[0].toObject();
        const auto inv = posenc::test::toVector(e["inv_freq"]);
        QCOMPARE(r.encodings.size(), std::size_t(1));
        QCOMPARE(r.encodings[0].invFreq.size(), inv.size());
        for (std::size_t i = 0; i < inv.size(); ++i)
            POSENC_VERIFY_REL(r.encodings[0].invFreq[i], inv[i], kFloat32Tol, "inv_freq[" + std::to_string(i) + "]");
        POSENC_VERIFY_REL(r.encodings[0].attentionFactor, e["attention_factor"].toDouble(), kFloat32Tol,
                          "attention_factor");
    }

    void conventionsEraExample()
    {
        const std::string cfg = R"({"hidden_size":4096,"num_attention_heads":32,"head_dim":128,"rope_theta":10000,
            "max_position_embeddings":65536,
            "rope_scaling":{"rope_type":"yarn","factor":8,"original_max_position_embeddings":4096}})";
        const struct {
            HfEra era;
            double theta, a;
        } rows[] = {{HfEra::Y2024, 2.2518e-05, 1.2079},  {HfEra::Y2025a, 2.2518e-05, 1.2079},
                    {HfEra::Y2025b, 7.2174e-06, 1.2773}, {HfEra::V5dev, 7.2174e-06, 1.2773},
                    {HfEra::Y2025c, 1.4435e-05, 1.2079}, {HfEra::V5, 1.4435e-05, 1.2079}};
        for (const auto& row : rows) {
            const auto r = parse(cfg, row.era);
            QVERIFY(std::abs(r.encodings[0].invFreq.back() / row.theta - 1) < 5e-5);
            QVERIFY(std::abs(r.encodings[0].attentionFactor / row.a - 1) < 5e-5);
        }
        // the default era (v5) says where the others differ
        const auto v5 = parse(cfg);
        QVERIFY(containsText(v5.notes, "HF era 2025b"));
        QVERIFY(containsText(v5.notes, "HF era 2024"));
        QVERIFY(!containsText(v5.notes, "HF era 2025c"));
    }

    void warningsNotRejections_data()
    {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("warning");
        const QString llama =
            QStringLiteral(R"("hidden_size":4096,"num_attention_heads":32,"max_position_embeddings":4096)");
        QTest::newRow("factor < 1")
            << QStringLiteral(R"({%1,"rope_scaling":{"rope_type":"linear","factor":0.5}})").arg(llama) << "below 1";
        QTest::newRow("beta_fast <= beta_slow")
            << QStringLiteral(R"({%1,"rope_scaling":{"rope_type":"yarn","factor":4,"beta_fast":1,"beta_slow":32}})")
                   .arg(llama)
            << "beta-slow";
        QTest::newRow("low >= high")
            << QStringLiteral(R"({%1,"rope_scaling":{"rope_type":"llama3","factor":8,"low_freq_factor":4,)"
                              R"("high_freq_factor":1,"original_max_position_embeddings":1024}})")
                   .arg(llama)
            << "low-freq-factor";
        QTest::newRow("odd rotary dim")
            << QStringLiteral(R"({%1,"head_dim":64,"partial_rotary_factor":0.3})").arg(llama) << "odd";
        QTest::newRow("attention factor 0")
            << QStringLiteral(R"({%1,"rope_scaling":{"rope_type":"yarn","factor":4,"attention_factor":0}})").arg(llama)
            << "attention-factor 0";
    }

    void warningsNotRejections()
    {
        QFETCH(QString, config);
        QFETCH(QString, warning);
        HfConfig r;
        try {
            r = parse(config.toStdString());
        } catch (const InvalidInput& e) {
            QFAIL(e.what());
        }
        QVERIFY2(containsText(r.warnings, warning.toStdString()),
                 qPrintable(QString::fromStdString(r.warnings.empty() ? "(none)" : r.warnings.front())));
        QVERIFY(!r.encodings.front().invFreq.empty());
    }

    void invalidFiles_data()
    {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("part");
        QTest::newRow("not json") << QStringLiteral(R"({"hidden_size": )") << "config"
                                  << "not valid JSON";
        // Found by fuzz_hf_config: a number beyond double made nlohmann throw out_of_range, which escaped
        // (std::terminate) instead of a message.
        QTest::newRow("number beyond double") << QStringLiteral(R"({"hidden_size": 8E888})") << "config"
                                              << "not valid JSON";
        QTest::newRow("array") << QStringLiteral("[1,2]") << "config"
                               << "JSON object";
        QTest::newRow("no dims") << QStringLiteral(R"({"rope_theta":10000})") << "hidden_size"
                                 << "missing";
        QTest::newRow("negative head_dim") << QStringLiteral(R"({"head_dim":-64})") << "head_dim"
                                           << "-64";
        QTest::newRow("string theta") << QStringLiteral(R"({"head_dim":64,"rope_theta":"1e4"})") << "rope_theta"
                                      << "\"1e4\"";
        QTest::newRow("theta <= 1") << QStringLiteral(R"({"head_dim":64,"rope_theta":1})") << "rope_theta"
                                    << "> 1";
        QTest::newRow("factor missing") << QStringLiteral(R"({"head_dim":64,"rope_scaling":{"type":"linear"}})")
                                        << "rope_scaling.factor"
                                        << "missing";
        QTest::newRow("llama3 key missing")
            << QStringLiteral(R"({"head_dim":64,"rope_scaling":{"rope_type":"llama3","factor":8,"low_freq_factor":1,)"
                              R"("original_max_position_embeddings":8192}})")
            << "rope_scaling.high_freq_factor"
            << "missing";
        QTest::newRow("unknown type") << QStringLiteral(
                                             R"({"head_dim":64,"rope_scaling":{"rope_type":"ntk-magic","factor":2}})")
                                      << "rope_scaling.rope_type"
                                      << "ntk-magic";
        QTest::newRow("factor list") << QStringLiteral(
                                            R"({"head_dim":64,"rope_scaling":{"type":"linear","factor":[2]}})")
                                     << "rope_scaling.factor"
                                     << "[2]";
        QTest::newRow("short list length")
            << QStringLiteral(R"({"head_dim":8,"max_position_embeddings":8192,"rope_scaling":{"type":"longrope",)"
                              R"("factor":2,"short_factor":[1,1,1],"long_factor":[1,1,1,1]}})")
            << "rope_scaling"
            << "short-factor";
        QTest::newRow("yarn without max_pos")
            << QStringLiteral(R"({"head_dim":64,"rope_scaling":{"rope_type":"yarn","factor":4}})")
            << "max_position_embeddings"
            << "missing";
        QTest::newRow("preset key") << QStringLiteral(R"({"head_dim":64,"posenc":{"colour":1}})") << "posenc.colour"
                                    << "not a preset key";
    }

    void invalidFiles()
    {
        QFETCH(QString, config);
        QFETCH(QString, key);
        QFETCH(QString, part);
        try {
            parse(config.toStdString());
            QFAIL("accepted an invalid config");
        } catch (const InvalidInput& e) {
            const QString msg = QString::fromUtf8(e.what());
            QVERIFY2(msg.startsWith(QStringLiteral("config.json: ")), qPrintable(msg));
            QVERIFY2(QString::fromStdString(e.param()).startsWith(key), qPrintable(QString::fromStdString(e.param())));
            QVERIFY2(msg.contains(part), qPrintable(msg));
        }
    }

    void aRopeParameterErrorKeepsItsRule()
    {
        // a value of the config's rope type that breaks a parameter's rule: located at the file and key, with the
        // rule, the value, the parameter and the method kept (the explorer words it as that parameter's editor does)
        try {
            parse(R"({"head_dim": 64, "max_position_embeddings": 4096,
                      "rope_scaling": {"rope_type": "yarn", "factor": 4, "beta_fast": -1}})");
            QFAIL("accepted beta_fast = -1");
        } catch (const InvalidInput& e) {
            QCOMPARE(e.param(), std::string("rope_scaling"));
            QCOMPARE(e.where(), std::string("config.json: rope_scaling (yarn)"));
            QCOMPARE(e.method(), std::string("yarn"));
            QCOMPARE(e.ruleParam(), std::string("beta")); // YaRN's beta_fast
            QCOMPARE(e.rule(), std::string("out-of-range"));
            QCOMPARE(e.value(), std::string("-1"));
            QCOMPARE(e.where() + ": " + e.detail(), std::string(e.what()));
        }
    }

    void unknownKeysAreNotes()
    {
        const auto r =
            parse(R"({"head_dim":64,"vocab_size":32000,"rope_scaling":{"type":"linear","factor":2,"colour":"red"}})");
        QVERIFY(containsText(r.notes, "vocab_size"));
        QVERIFY(containsText(r.notes, "rope_scaling.colour"));
        QVERIFY(r.warnings.empty());
    }

    void bufferWithoutTerminatorAndEmbeddedNul()
    {
        const std::string full = R"({"head_dim":64})";
        QCOMPARE(parseHfConfig(std::string_view(full.data(), full.size())).encodings.size(), std::size_t(1));
        const std::string nul("{\"head_dim\":64}\0junk", 20);
        QVERIFY_THROWS_EXCEPTION(InvalidInput, parseHfConfig(nul));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, parseHfConfig(std::string_view()));
    }

    void gemma3LocalLayersAreASecondEncoding()
    {
        const auto r = parse(R"({"model_type":"gemma3","text_config":{"head_dim":256,"rope_theta":1000000,
            "rope_local_base_freq":10000,"max_position_embeddings":131072,
            "rope_scaling":{"rope_type":"linear","factor":8}}})");
        QCOMPARE(r.encodings.size(), std::size_t(2));
        QCOMPARE(r.encodings[0].method, std::string("pi"));
        QCOMPARE(r.encodings[1].method, std::string("rope"));
        QCOMPARE(r.encodings[1].params.real("base"), 10000.0);
        QCOMPARE(r.encodings[1].scope, std::string("text_config/sliding_attention"));
    }

    void eraNames()
    {
        for (HfEra e : allHfEras())
            QVERIFY(parseHfEra(toString(e)) == e);
        QVERIFY_THROWS_EXCEPTION(InvalidInput, parseHfEra("2023"));
    }
};

QTEST_GUILESS_MAIN(TstHfConfig)
#include "tst_hf_config.moc"
