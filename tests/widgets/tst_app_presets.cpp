// SPDX-License-Identifier: GPL-3.0-or-later
// Presets: every built-in preset loads and validates; real model numbers arrive in the encodings; malformed files
// give clear messages.
#include "explorer/Presets.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::widgets;

namespace {

std::shared_ptr<const Encoding> build(const Preset& p, const std::string& id)
{
    return Registry::build(Registry::instance().find(id), p.state.resolve(id));
}

} // namespace

class TestPresets : public QObject {
    Q_OBJECT

private slots:
    void builtInPresetsLoad()
    {
        QStringList errors;
        const auto presets = Presets::builtIn(&errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        QCOMPARE(presets.size(), std::size_t(26));
        QCOMPARE(presets.front().fileName, Presets::defaultFileName());
        for (const auto& p : presets) {
            QVERIFY(!p.name.isEmpty());
            QVERIFY2(p.description.size() > 40, qPrintable(p.name));
        }
    }

    void firstLaunchComparesFourMethodsAtFactor8()
    {
        const auto p = Presets::builtIn(Presets::defaultFileName());
        QCOMPARE(p.state.methods, (std::vector<std::string>{"rope", "pi", "ntk-aware", "yarn"}));
        QCOMPARE(p.state.length, std::int64_t(32768));
        const auto yarn = build(p, "yarn");
        QCOMPARE(yarn->rotary()->rotaryDim, 128);
        QCOMPARE(yarn->rotary()->scale, 8.0);
        QCOMPARE(yarn->rotary()->originalLength, 4096.0);
        QVERIFY(std::abs(yarn->rotary()->attentionFactor - (0.1 * std::log(8.0) + 1.0)) < 1e-12);
    }

    void modelNumbers()
    {
        const auto llama3 = build(Presets::builtIn("llama-3.1-8b.json"), "llama3");
        QCOMPARE(llama3->rotary()->base, 500000.0);
        QCOMPARE(llama3->rotary()->extras.at("pairs_smoothed"), 6.0); // conventions: pairs 29-34 blended

        const auto phi = Presets::builtIn("phi-3-mini-128k.json");
        QCOMPARE(phi.state.own.at("longrope").at("long-factor").index(), std::size_t(4));
        QCOMPARE(std::get<std::vector<double>>(phi.state.own.at("longrope").at("long-factor")).size(), std::size_t(48));
        QCOMPARE(std::get<std::vector<double>>(phi.state.own.at("longrope").at("short-factor")).size(),
                 std::size_t(48));
        const auto longrope = build(phi, "longrope");
        QVERIFY(std::abs(longrope->rotary()->attentionFactor - 1.1902) < 1e-4);
        QCOMPARE(longrope->rotary()->rotaryDim, 96);

        const auto deepseek = build(Presets::builtIn("deepseek-v3.json"), "yarn");
        QCOMPARE(deepseek->rotary()->rotaryDim, 64);
        QCOMPARE(deepseek->rotary()->attentionFactor, 1.0);
        QVERIFY(std::abs(deepseek->rotary()->softmaxScaleMultiplier - 1.8739) < 1e-4);
        QVERIFY(deepseek->rotary()->pairing == Pairing::Interleaved);

        const auto gptj = build(Presets::builtIn("gpt-j-6b.json"), "rope");
        QCOMPARE(gptj->rotary()->rotaryDim, 64);
        QCOMPARE(gptj->rotary()->headDim, 256);
        QVERIFY(gptj->rotary()->pairing == Pairing::Interleaved);

        const auto neox = build(Presets::builtIn("gpt-neox-20b.json"), "rope");
        QCOMPARE(neox->rotary()->rotaryDim, 24);

        QCOMPARE(build(Presets::builtIn("codellama-7b.json"), "rope")->rotary()->base, 1e6);
        const auto qwen = build(Presets::builtIn("qwen2.5-7b-yarn.json"), "yarn");
        QCOMPARE(qwen->rotary()->base, 1e6);
        QCOMPARE(qwen->rotary()->scale, 4.0);
        QCOMPARE(qwen->rotary()->originalLength, 32768.0);
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("{\"name\": ") << "not valid JSON";
        QTest::newRow("array") << QByteArray("[1,2]") << "JSON object";
        QTest::newRow("no head dim") << QByteArray(R"({"posenc":{"name":"x"}})") << "hidden_size";
        QTest::newRow("unknown rope type")
            << QByteArray(R"({"head_dim":64,"rope_scaling":{"rope_type":"ropey","factor":2}})") << "ropey";
        QTest::newRow("unknown preset key") << QByteArray(R"({"head_dim":64,"posenc":{"colour":1}})") << "colour";
        QTest::newRow("unknown compared method")
            << QByteArray(R"({"head_dim":64,"posenc":{"compare":["ropey"]}})") << "compare";
        QTest::newRow("wrong type") << QByteArray(R"({"head_dim":64,"rope_theta":true})")
                                    << "rope_theta must be a number";
        QTest::newRow("out of range") << QByteArray(R"({"head_dim":64,"rope_theta":0.5})") << "rope_theta";
        QTest::newRow("odd head dim") << QByteArray(R"({"head_dim":127})") << "even";
        QTest::newRow("shared param nobody has")
            << QByteArray(R"({"head_dim":64,"posenc":{"shared":{"colour":2}}})") << "colour";
        QTest::newRow("list length")
            << QByteArray(R"({"head_dim":64,"max_position_embeddings":8192,"rope_scaling":{"type":"longrope",)"
                          R"("factor":2,"short_factor":[1,2],"long_factor":[1,2]}})")
            << "short-factor";
        QTest::newRow("bad shared value")
            << QByteArray(R"({"head_dim":64,"posenc":{"compare":["yarn"],"shared":{"factor":"x"}}})") << "factor";
    }

    void malformed()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        try {
            Presets::parse(json, "broken.json");
            QFAIL("accepted a malformed preset");
        } catch (const InvalidInput& e) {
            const QString msg = QString::fromUtf8(e.what());
            QVERIFY2(msg.startsWith("Preset broken.json: "), qPrintable(msg));
            QVERIFY2(msg.contains(expected), qPrintable(msg));
        }
    }

    void unreadableFile() { QVERIFY_THROWS_EXCEPTION(InvalidInput, Presets::load("/nonexistent/preset.json")); }
};

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_app_presets.moc"
