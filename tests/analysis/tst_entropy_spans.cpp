// SPDX-License-Identifier: GPL-3.0-or-later
// Attention entropy under attention spans and the default score model. Sliding and chunked attention against
// transformers' own masks (modern/modern_golden.json: masking_utils.py run by make_modern_golden.py): the keys each
// query sees and the last query's entropy through them; the temperature of a windowed query follows its position;
// the expected-similar score model's known answers.

#include "analysis_support.h"
#include "entropy_support.h"

#include "posenc/analysis/analysis_spec.h"
#include "posenc/analysis/entropy.h"
#include "posenc/attention_span.h"
#include "posenc/errors.h"
#include "posenc/random.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::analysis;
using namespace posenc::test;

class TestEntropySpans : public QObject {
    Q_OBJECT
private slots:
    void attentionSpansAsTransformersMasks();
    void windowedTemperatureFollowsThePosition();
    void defaultScoreModelKnownAnswers();
};

void TestEntropySpans::attentionSpansAsTransformersMasks()
{
    const QJsonObject g = posenc::test::loadGolden("modern/modern_golden.json");
    const QJsonArray keys = g["attention_span_keys"].toArray();
    QVERIFY(keys.size() == 3);
    for (const auto& v : keys) { // the count of True in HF's mask row of each query q
        const QJsonObject c = v.toObject();
        const std::string kind = c["attention"].toString().toStdString();
        const AttentionSpan span = makeAttentionSpan(
            kind, kind == "full" ? std::nullopt : std::optional<std::int64_t>(c["window"].toInt()));
        const QJsonArray seen = c["keys_seen"].toArray();
        for (qsizetype q = 0; q < seen.size(); ++q)
            QCOMPARE(span.keysSeen(q), static_cast<std::int64_t>(seen[q].toInt()));
        if (kind != "full")
            QCOMPARE(*span.maxDistance(), static_cast<std::int64_t>(c["window"].toInt() - 1));
    }
    const QJsonArray cases = g["attention_span_entropy"].toArray();
    QVERIFY(cases.size() == 4);
    for (const auto& v : cases) {
        const QJsonObject c = v.toObject();
        const auto enc = buildMethod(c["method"].toString().toStdString(),
                                     {{"base", QString::number(c["theta"].toDouble()).toStdString()},
                                      {"head-dim", QString::number(c["head_dim"].toInt()).toStdString()}});
        EntropyOptions o = allOnesOptions();
        o.span = makeAttentionSpan(c["attention"].toString().toStdString(), c["window"].toInt());
        for (const auto& row : c["cases"].toArray())
            o.lengths.push_back(row.toObject()["length"].toInt());
        o.maxLength = *std::max_element(o.lengths.begin(), o.lengths.end());
        const auto r = computeEntropy(*enc, o);
        const QJsonArray rows = c["cases"].toArray();
        for (qsizetype k = 0; k < rows.size(); ++k) {
            const QJsonObject row = rows[k].toObject();
            const auto i = static_cast<std::size_t>(k);
            QCOMPARE(r.keys[i], row["keys"].toDouble());
            QCOMPARE(r.uniform[i], std::log(row["keys"].toDouble()));
            const double want = row["entropy"].toDouble();
            QVERIFY2(std::fabs(r.entropy[i] - want) <= 1e-12 * std::max(1.0, want),
                     qPrintable(QStringLiteral("%1 %2, n = %3: %4 vs HF %5")
                                    .arg(c["attention"].toString())
                                    .arg(c["window"].toInt())
                                    .arg(row["length"].toInt())
                                    .arg(r.entropy[i], 0, 'g', 17)
                                    .arg(want, 0, 'g', 17)));
        }
    }
}

void TestEntropySpans::windowedTemperatureFollowsThePosition()
{
    // Llama 4's NoPE scale and log-n grow with the query's position n, not with the keys it sees: in chunks of C
    // the last query of n tokens sees (n - 1) mod C + 1 keys with the logits scaled by c_n.
    const auto enc = buildMethod("rope", {{"head-dim", "32"}});
    const auto& f = *enc->rotary();
    const auto z = directRotaryLogits(f, 600, 1.0, 1.0);
    for (const auto t : {Temperature::LogN, Temperature::Llama4Nope}) {
        EntropyOptions o = allOnesOptions();
        o.temperature = t;
        o.originalLength = 64;
        o.floorScale = 16;
        o.attnScale = 0.5;
        o.span = makeAttentionSpan("chunked", 100);
        o.maxLength = 2000;
        o.lengths = {50, 100, 101, 250, 1999, 2000};
        const auto r = computeEntropy(*enc, o);
        for (std::size_t k = 0; k < o.lengths.size(); ++k) {
            const double n = static_cast<double>(o.lengths[k]);
            const double c = t == Temperature::LogN
                                 ? std::max(1.0, std::log(n) / std::log(64.0))
                                 : std::log1p(std::floor(n / 16)) * 0.5 + 1; // on the query only
            const std::int64_t seen = (o.lengths[k] - 1) % 100 + 1;
            QCOMPARE(r.keys[k], static_cast<double>(seen));
            std::vector<double> scaled(z.begin(), z.begin() + seen);
            for (double& x : scaled)
                x *= c;
            QVERIFY2(std::fabs(r.entropy[k] - directEntropy(scaled)) <= 1e-10,
                     qPrintable(QStringLiteral("n = %1: %2 vs %3").arg(n).arg(r.entropy[k]).arg(directEntropy(scaled))));
        }
    }
    // Bad spans are refused with the reason, never clamped.
    QVERIFY_THROWS_EXCEPTION(InvalidInput, makeAttentionSpan("sliding", std::nullopt));
    QVERIFY_THROWS_EXCEPTION(InvalidInput, makeAttentionSpan("sliding", 0));
    QVERIFY_THROWS_EXCEPTION(InvalidInput, makeAttentionSpan("full", 8));
    QVERIFY_THROWS_EXCEPTION(InvalidInput, makeAttentionSpan("window", 8));
}

/// The default score model (expected-similar, sigma2 = 0.25), as the core declares it for the CLI, the view and
/// Python, against NumPy values of theory.md §6 (tests/data/entropy_default.json, tests/data/make_entropy_default.py):
/// interpolation raises H and YaRN's temperature brings it back to RoPE's.
void TestEntropySpans::defaultScoreModelKnownAnswers()
{
    const EntropyOptions defaults;
    QVERIFY(defaults.score == ScoreModel::ExpectedSimilar);
    QCOMPARE(defaults.sigma2, 0.25);
    const auto& spec = analysisSpec("entropy");
    QCOMPARE(std::get<std::string>(spec.option("score").defaultValue), std::string("expected-similar"));
    QCOMPARE(std::get<double>(spec.option("sigma2").defaultValue), 0.25);
    const QJsonObject data = test::loadGolden("entropy_default.json");
    QCOMPARE(data["sigma2"].toDouble(), 0.25);
    std::vector<double> lengths = test::toVector(data["lengths"]);
    double rope4096 = 0, yarn4096 = 0, pi4096 = 0, bare4096 = 0;
    for (const auto& value : data["cases"].toArray()) {
        const QJsonObject c = value.toObject();
        std::map<std::string, std::string> flags;
        const QJsonObject params = c["params"].toObject();
        for (auto it = params.begin(); it != params.end(); ++it)
            flags[it.key().toStdString()] = it.value().toString().toStdString();
        const auto enc = buildMethod(c["method"].toString().toStdString(), flags);
        ParamSet given; // only the lengths: score and sigma2 are the declaration's defaults
        given.set("lengths", lengths);
        const AnalysisOutput out = runAnalysis(spec, &*enc, given);
        const std::vector<double>& h = *out.column("entropy");
        const auto expected = test::toVector(c["entropy"]);
        for (std::size_t k = 0; k < lengths.size(); ++k)
            QVERIFY2(std::fabs(h[k] - expected[k]) <= 1e-10 * expected[k],
                     qPrintable(QStringLiteral("%1 %2 n=%3: %4 vs %5")
                                    .arg(c["method"].toString())
                                    .arg(flags.size())
                                    .arg(lengths[k])
                                    .arg(h[k], 0, 'g', 17)
                                    .arg(expected[k], 0, 'g', 17)));
        const std::string id = c["method"].toString().toStdString();
        (id == "rope" ? rope4096 : id == "pi" ? pi4096 : flags.count("attention-factor") ? bare4096 : yarn4096) = h[2];
        // The same through computeEntropy with default-constructed options.
        EntropyOptions o;
        o.maxLength = 4096;
        o.lengths = {4096};
        QCOMPARE(computeEntropy(*enc, o).entropy[0], h[2]);
    }
    // The reading the default must give (theory.md §6): PI and YaRN without its factor above RoPE, YaRN within
    // 0.01 nats of RoPE.
    QVERIFY(pi4096 > rope4096 && bare4096 > rope4096);
    QVERIFY(std::fabs(yarn4096 - rope4096) < 0.01);
}

QTEST_GUILESS_MAIN(TestEntropySpans)
#include "tst_entropy_spans.moc"
