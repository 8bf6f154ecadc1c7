// SPDX-License-Identifier: GPL-3.0-or-later
// Session documents (posenc/io/session.h): a hand-written document reads as written, a session round-trips,
// unusable documents are refused with a message, and bad values are dropped with a message naming the key, the
// value and the valid range (never a wrapped integer: "length": 1e300 is not -9223372036854775808).

#include "posenc/errors.h"
#include "posenc/io/session.h"

#include <QTest>

#include <algorithm>
#include <map>

using namespace posenc;

Q_DECLARE_METATYPE(std::string)

namespace {

bool anyContains(const std::vector<std::string>& list, const std::string& part)
{
    return std::any_of(list.begin(), list.end(),
                       [&](const std::string& s) { return s.find(part) != std::string::npos; });
}

std::string joined(const std::vector<std::string>& list)
{
    std::string s;
    for (const auto& x : list)
        s += x + "\n";
    return s;
}

} // namespace

class TstSession : public QObject {
    Q_OBJECT

private slots:
    void readsAHandWrittenDocument()
    {
        const auto load = io::parseSession(R"({
            "format": "posenc-session", "version": 1, "description": "YaRN against RoPE",
            "methods": ["yarn", "default", "learned"],
            "shared": {"factor": 8, "rope-theta": "500000"},
            "params": {"yarn": {"beta-fast": 16, "truncate": false}, "learned": {"input": "/t/wpe.npy"},
                       "longrope": {"short-factor": [1, 1.5]}},
            "length": 131072,
            "configs": ["/m/config.json"],
            "views": {"heatmap": {"view": "cos", "head": 2, "auto-range": false}, "pca": {"components": 3}},
            "current_view": "pca", "preset": ":/presets/llama-2-7b.json",
            "window": {"geometry": "AdnQywAD"}})");
        QVERIFY2(load.warnings.empty(), joined(load.warnings).c_str());
        const auto& s = load.session;
        QCOMPARE(s.description, std::string("YaRN against RoPE"));
        QCOMPARE(s.state.methods, (std::vector<std::string>{"yarn", "rope", "learned"})); // alias resolved
        QCOMPARE(std::get<double>(s.state.shared.at("factor")), 8.0);
        QCOMPARE(std::get<double>(s.state.shared.at("base")), 500000.0); // HF alias, value given as text
        QCOMPARE(std::get<double>(s.state.own.at("yarn").at("beta")), 16.0);
        QCOMPARE(std::get<bool>(s.state.own.at("yarn").at("truncate")), false);
        QCOMPARE(std::get<std::string>(s.state.own.at("learned").at("input")), std::string("/t/wpe.npy"));
        QCOMPARE(std::get<std::vector<double>>(s.state.own.at("longrope").at("short-factor")),
                 (std::vector<double>{1, 1.5}));
        QCOMPARE(s.state.length, std::int64_t(131072));
        QCOMPARE(s.configs, (std::vector<std::string>{"/m/config.json"}));
        QCOMPARE(std::get<std::string>(s.views.at("heatmap").at("view")), std::string("cos"));
        QCOMPARE(std::get<double>(s.views.at("heatmap").at("head")), 2.0);
        QCOMPARE(std::get<bool>(s.views.at("heatmap").at("auto-range")), false);
        QCOMPARE(s.currentView, std::string("pca"));
        QCOMPARE(s.preset, std::string(":/presets/llama-2-7b.json"));
        QCOMPARE(s.window.at("geometry"), std::string("AdnQywAD"));
    }

    void roundTrips()
    {
        io::Session s;
        s.description = "teaching: GPT-2 table";
        s.state.methods = {"learned", "sinusoidal"};
        s.state.shared = {{"factor", 4.0}, {"head-dim", 64.0}};
        s.state.own["learned"] = {{"input", std::string("/data/model.safetensors:wpe.weight")}, {"std", 0.02}};
        s.state.own["yarn"] = {{"attention-factor", std::monostate{}}, {"ramp", std::string("paper")}};
        s.state.length = 1024;
        s.configs = {"/m/a.json", "/m/b.json"};
        s.views["entropy"] = {{"log-x", false}, {"temperature", std::string("none")}};
        s.views["heatmap"] = {{"range-low", -0.25}, {"probe", std::vector<double>{1, -1}}};
        s.currentView = "entropy";
        s.preset = "/home/u/my preset.json";
        s.window = {{"geometry", "AAAA"}, {"state", "BBBB"}};
        const auto back = io::parseSession(io::writeSession(s));
        QVERIFY2(back.warnings.empty(), joined(back.warnings).c_str());
        QVERIFY(back.session == s);
    }

    void unusableDocuments_data()
    {
        QTest::addColumn<std::string>("json");
        QTest::addColumn<std::string>("message");
        QTest::newRow("not JSON") << std::string("{\"format\": ") << std::string("s.json: not valid JSON");
        QTest::newRow("array") << std::string("[1]") << std::string("the top level must be a JSON object");
        QTest::newRow("a preset") << std::string(R"({"name": "x", "methods": ["rope"]})")
                                  << std::string(
                                         "not a posenc session (it has no \"format\"; a session's is \"posenc-session\")");
        QTest::newRow("another format") << std::string(R"({"format": "posenc-preset", "version": 1})")
                                        << std::string(
                                               "not a posenc session (\"format\" must be \"posenc-session\", got "
                                               "\"posenc-preset\")");
        QTest::newRow("no version") << std::string(R"({"format": "posenc-session"})")
                                    << std::string("the \"version\" key is missing; it must be a positive integer");
        QTest::newRow("newer") << std::string(R"({"format": "posenc-session", "version": 7})")
                               << std::string("session version 7); this one reads version 1");
        QTest::newRow("version text") << std::string(R"({"format": "posenc-session", "version": "1"})")
                                      << std::string("\"version\" must be a positive integer, got \"1\"");
    }
    void unusableDocuments()
    {
        QFETCH(std::string, json);
        QFETCH(std::string, message);
        std::string got;
        try {
            (void)io::parseSession(json, "s.json");
        } catch (const InvalidInput& e) {
            got = e.what();
            QCOMPARE(e.param(), std::string("session"));
        }
        QVERIFY2(got.find(message) != std::string::npos, got.c_str());
    }

    void badValuesAreDroppedWithAMessage_data()
    {
        QTest::addColumn<std::string>("member");
        QTest::addColumn<std::string>("message");
        QTest::newRow("huge length") << std::string(R"("length": 1e300)")
                                     << std::string("length: 1e+300 is not an integer in [2, 1073741824]; ignored");
        QTest::newRow("fractional length")
            << std::string(R"("length": 100.5)") << std::string("length: 100.5 is not an integer");
        QTest::newRow("length text")
            << std::string(R"("length": "big")")
            << std::string("length: must be an integer number of positions in [2, 1073741824], got \"big\"");
        QTest::newRow("description number")
            << std::string(R"("description": 42)") << std::string("description: must be a string, got 42; ignored");
        QTest::newRow("unknown method") << std::string(R"("methods": ["rope", "nosuch"])")
                                        << std::string("methods: unknown method \"nosuch\"");
        QTest::newRow("factor out of range")
            << std::string(R"("params": {"yarn": {"factor": -2}})") << std::string("params.yarn.factor: ");
        QTest::newRow("unknown parameter") << std::string(R"("params": {"rope": {"colour": 1}})")
                                           << std::string("params.rope.colour: rope has no such parameter");
        QTest::newRow("wrong type") << std::string(R"("params": {"yarn": {"truncate": "maybe"}})")
                                    << std::string("params.yarn.truncate: ");
        QTest::newRow("choice not offered")
            << std::string(R"("params": {"rope": {"pairing": "diagonal"}})") << std::string("params.rope.pairing: ");
        QTest::newRow("shared, not a shared parameter")
            << std::string(R"("methods": ["yarn"], "shared": {"truncate": false})")
            << std::string("shared.truncate: not a shared parameter (give it under \"params\" for a method); ignored");
        QTest::newRow("unknown key") << std::string(R"("colour": "red")") << std::string("colour: unknown key");
        QTest::newRow("view object") << std::string(R"("views": {"pca": {"components": {"n": 3}}})")
                                     << std::string("views.pca.components: unsupported value {\"n\":3}");
        QTest::newRow("window number") << std::string(R"("window": {"geometry": 5})")
                                       << std::string("window.geometry: must be a string, got 5");
        QTest::newRow("configs not a list")
            << std::string(R"("configs": "/m/config.json")") << std::string("configs: must be an array of strings");
    }
    void badValuesAreDroppedWithAMessage()
    {
        QFETCH(std::string, member);
        QFETCH(std::string, message);
        io::SessionLimits limits;
        limits.maxLength = std::int64_t(1) << 30;
        const auto load =
            io::parseSession(R"({"format": "posenc-session", "version": 1, )" + member + "}", "autosave.json", limits);
        QVERIFY2(anyContains(load.warnings, "autosave.json: " + message), joined(load.warnings).c_str());
        QCOMPARE(load.session.state.length, io::Session{}.state.length); // a bad length never replaces the default
        if (member.find("factor") != std::string::npos)                  // the value and the range are named
            QVERIFY2(anyContains(load.warnings, "-2") && anyContains(load.warnings, "range"),
                     joined(load.warnings).c_str());
        // the same, one located error per warning (for an interface that words them itself)
        QCOMPARE(load.problems.size(), load.warnings.size());
        for (std::size_t i = 0; i < load.warnings.size(); ++i) {
            QCOMPARE(std::string(load.problems[i].what()) + "; ignored", load.warnings[i]);
            QVERIFY(load.problems[i].where().rfind("autosave.json: ", 0) == 0);
            QCOMPARE(load.problems[i].where() + ": " + load.problems[i].detail(), std::string(load.problems[i].what()));
        }
    }

    void aParameterValueKeepsItsRule()
    {
        // a dropped parameter value keeps the rule it broke, its parameter and its method, so that the explorer
        // words it as the parameter's editor does
        const auto load = io::parseSession(
            R"({"format": "posenc-session", "version": 1, "methods": ["yarn"], "shared": {"base": -1},
                "params": {"yarn": {"factor": -2, "truncate": [1]}}})",
            "s.json");
        QCOMPARE(load.problems.size(), std::size_t(3));
        std::map<std::string, const InvalidInput*> byKey;
        for (const auto& p : load.problems)
            byKey[p.param()] = &p;
        const InvalidInput* base = byKey["shared.base"];
        const InvalidInput* factor = byKey["params.yarn.factor"];
        const InvalidInput* truncate = byKey["params.yarn.truncate"];
        QVERIFY(base && factor && truncate);
        QCOMPARE(base->rule(), std::string("out-of-range"));
        QCOMPARE(base->ruleParam(), std::string("base"));
        QCOMPARE(base->where(), std::string("s.json: shared.base"));
        QCOMPARE(factor->rule(), std::string("out-of-range"));
        QCOMPARE(factor->ruleParam(), std::string("factor"));
        QCOMPARE(factor->method(), std::string("yarn"));
        QCOMPARE(factor->value(), std::string("-2"));
        QCOMPARE(truncate->rule(), std::string("wrong-type"));
        QCOMPARE(truncate->value(), std::string("[1]"));
    }

    void anUnusableDocumentIsLocated()
    {
        try {
            (void)io::parseSession(R"({"format": "posenc-session", "version": 7})", "s.json");
            QFAIL("read a newer session");
        } catch (const InvalidInput& e) {
            QCOMPARE(e.where(), std::string("s.json"));
            QCOMPARE(e.detail(), std::string("written by a newer PosEnc Explorer (session version 7); this one "
                                             "reads version 1"));
        }
    }
};

QTEST_GUILESS_MAIN(TstSession)
#include "tst_session.moc"
