// SPDX-License-Identifier: GPL-3.0-or-later
// `check --quantity query-scale` against Hugging Face's own query temperatures (tests/data/query_scale.json, made
// by tests/data/make_query_scale.py running get_llama_4_attn_scale of modeling_ministral3.py and Llama 4's NoPE
// expression of modeling_llama4.py at transformers decba1d2ea): HF's table matches its rule, and the planted wrong
// tables (each also made by HF's function: positions + 1, its square, L0 = max_position_embeddings) are diagnosed
// by name.
#include "golden_support.h"

#include "posenc/check.h"
#include "posenc/errors.h"
#include "posenc/io/hf_config.h"

#include <QObject>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace posenc;

namespace {

QJsonObject golden()
{
    static const QJsonObject root = test::loadGolden("query_scale.json");
    return root;
}

std::vector<std::int64_t> goldenPositions()
{
    std::vector<std::int64_t> out;
    for (const auto& v : golden().value("positions").toArray())
        out.push_back(static_cast<std::int64_t>(v.toDouble()));
    return out;
}

QJsonValue field(const char* model, const char* key)
{
    return golden().value(QLatin1String(model)).toObject().value(QLatin1String(key));
}

/// One value per position, as a column (N x 1) or a row (1 x N).
Matrix table(const QJsonValue& values, bool column)
{
    Matrix m;
    m.data = test::toVector(values);
    m.rows = column ? m.data.size() : 1;
    m.cols = column ? 1 : m.data.size();
    return m;
}

QueryScaleReference ministral3()
{
    const QJsonObject g = golden().value("ministral3").toObject();
    QueryScaleReference ref;
    ref.rule = analysis::ScaleRule::Llama4ScalingBeta;
    ref.params.attnScale = g.value("beta").toDouble();
    ref.params.originalLength = g.value("original_max_position_embeddings").toDouble();
    ref.maxPositionEmbeddings = g.value("max_position_embeddings").toDouble();
    return ref;
}

QueryScaleReference llama4Nope()
{
    const QJsonObject g = golden().value("llama4_nope").toObject();
    QueryScaleReference ref;
    ref.rule = analysis::ScaleRule::Llama4Nope;
    ref.params.floorScale = g.value("floor_scale").toDouble();
    ref.params.attnScale = g.value("attn_scale").toDouble();
    return ref;
}

CheckRequest request(const QueryScaleReference& ref)
{
    CheckRequest r;
    r.quantity = CheckQuantity::QueryScale;
    r.queryScale = ref;
    r.positions = goldenPositions();
    return r;
}

bool explains(const CheckResult& res, const std::string& kind)
{
    for (const auto& t : res.tested)
        if (t.kind == kind)
            return t.normalized <= 1.0;
    return false;
}

} // namespace

class TestCheckQueryScale : public QObject {
    Q_OBJECT
private slots:
    void issueNumbers()
    {
        // the issue's values, read from HF's table: 16384 -> 1.0693, 131071 -> 1.2079, 131072 -> 1.2197,
        // 262143 -> 1.2773 (and 1 up to 16383)
        const auto pos = goldenPositions();
        const auto hf = test::toVector(golden().value("ministral3").toObject().value("scale"));
        QCOMPARE(pos.size(), hf.size());
        const std::map<std::int64_t, double> issue{
            {16383, 1.0}, {16384, 1.0693}, {131071, 1.2079}, {131072, 1.2197}, {262143, 1.2773}};
        for (std::size_t k = 0; k < pos.size(); ++k)
            if (issue.count(pos[k]))
                QVERIFY2(std::fabs(hf[k] - issue.at(pos[k])) < 5e-5, qPrintable(QString::number(pos[k])));
    }

    void hfTablesMatch()
    {
        for (const bool column : {true, false}) {
            const CheckResult a = checkTable(table(field("ministral3", "scale"), column), request(ministral3()));
            QVERIFY2(a.match, a.alignment.c_str());
            QVERIFY(a.storage == FloatFormat::F32);
            QVERIFY(a.diagnosis.empty());
            QCOMPARE(a.errorPerPosition.size(), goldenPositions().size());
        }
        const CheckResult b = checkTable(table(field("llama4_nope", "scale"), true), request(llama4Nope()));
        QVERIFY2(b.match, b.alignment.c_str());
    }

    void squaredDiagnosed()
    {
        const CheckResult r = checkTable(table(field("ministral3", "scale_squared"), true), request(ministral3()));
        QVERIFY(!r.match);
        QCOMPARE(r.diagnosis.front().kind, std::string("query-scale-squared"));
        QVERIFY(r.diagnosis.front().confidence > 0.9);
        QVERIFY(!explains(r, "query-scale-off-by-one"));
    }

    void offByOneDiagnosedWithEngine()
    {
        const CheckResult r =
            checkTable(table(field("ministral3", "scale_at_positions_plus_one"), true), request(ministral3()));
        QVERIFY(!r.match);
        QCOMPARE(r.diagnosis.front().kind, std::string("query-scale-off-by-one"));
        QCOMPARE(r.worstPosition, std::int64_t{16383}); // the first position where floor((pos + 1) / L0) steps early
        QCOMPARE(r.diagnosis.front().producedBy.size(), std::size_t{1});
        QVERIFY(r.diagnosis.front().producedBy.front().find("llama.cpp") == 0);
        QVERIFY(r.diagnosis.front().producedBy.front().find("#18025") != std::string::npos);

        // Llama 4's NoPE rule uses pos + 1: Ministral 3's floor(pos / floor_scale) is its off-by-one
        const CheckResult n =
            checkTable(table(field("llama4_nope", "scale_at_positions_minus_one"), true), request(llama4Nope()));
        QVERIFY(!n.match);
        QCOMPARE(n.diagnosis.front().kind, std::string("query-scale-off-by-one"));
        QVERIFY(n.diagnosis.front().producedBy.empty());
    }

    void missingAndWrongLength()
    {
        // L0 = max_position_embeddings (262144) leaves every listed position (< 262144) at 1: the same table as no
        // scale at all, so both explain it, missing first
        const CheckResult r =
            checkTable(table(field("ministral3", "scale_with_max_position_embeddings"), true), request(ministral3()));
        QVERIFY(!r.match);
        QCOMPARE(r.diagnosis.front().kind, std::string("query-scale-missing"));
        QVERIFY(explains(r, "query-scale-wrong-length"));
        // past 262144 they differ: 1 + 0.1 ln 2 at position 262144 under L0 = 262144, 1 + 0.1 ln 17 under 16384
        CheckRequest late = request(ministral3());
        late.positions = {262144, 300000};
        const double v = 1.0 + 0.1 * std::log(2.0);
        const CheckResult w = checkTable(Matrix{2, 1, {v, v}}, late);
        QCOMPARE(w.diagnosis.front().kind, std::string("query-scale-wrong-length"));
        QVERIFY(!explains(w, "query-scale-missing"));
    }

    void configReference()
    {
        const io::HfConfig c = io::loadHfConfig(POSENC_SOURCE_DIR "/resources/presets/ministral-3-8b.json");
        const auto ref = queryScaleOfConfig(c, c.encodings.front());
        QVERIFY(ref.has_value());
        QVERIFY(ref->rule == analysis::ScaleRule::Llama4ScalingBeta);
        QCOMPARE(ref->params.attnScale, 0.1);
        QCOMPARE(ref->params.originalLength, 16384.0);
        QVERIFY(ref->maxPositionEmbeddings.has_value());
        CheckRequest r = request(*ref);
        QVERIFY(checkTable(table(field("ministral3", "scale"), true), r).match);
    }

    void badInput()
    {
        CheckRequest none = request(ministral3());
        none.queryScale.reset();
        const Matrix ok = table(field("ministral3", "scale"), true);
        QVERIFY_THROWS_EXCEPTION(InvalidInput, checkTable(ok, none));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, checkTable(Matrix{2, 2, {1, 1, 1, 1}}, request(ministral3())));
        CheckRequest fewer = request(ministral3());
        fewer.positions.pop_back();
        QVERIFY_THROWS_EXCEPTION(InvalidInput, checkTable(ok, fewer));
        QueryScaleReference zero = ministral3();
        zero.params.originalLength = 0;
        QVERIFY_THROWS_EXCEPTION(InvalidInput, checkTable(ok, request(zero)));
        try {
            parseQueryScaleRule("yarn-mscale");
            QFAIL("yarn-mscale is not a per-position query rule");
        } catch (const InvalidInput& e) {
            QVERIFY(std::string(e.what()).find("llama4-scaling-beta") != std::string::npos);
        }
        QVERIFY(parseCheckQuantity("query-scale") == CheckQuantity::QueryScale);
    }
};

QTEST_GUILESS_MAIN(TestCheckQueryScale)
#include "tst_check_query_scale.moc"
