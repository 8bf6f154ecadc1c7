// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check` on tables the engines' own code produced (tests/data/engines/engine_more_cases.json, made by
// running MLX-LM's, SGLang's and ORT GenAI's rope code): each is diagnosed, and the diagnosis names the engine and
// the revision whose code computes that table (Diagnosis::producedBy), or the engine's own kind.
#include "golden_support.h"

#include "posenc/check.h"
#include "posenc/registry.h"

#include <QObject>
#include <QTest>

#include <map>
#include <sstream>

using namespace posenc;

namespace {

CheckRequest request(const std::string& args, CheckQuantity q)
{
    std::istringstream in(args);
    std::string word, method = "rope";
    std::map<std::string, std::string> text;
    while (in >> word) {
        std::string value;
        in >> value;
        if (word == "--method")
            method = value;
        else
            text[word.substr(2)] = value;
    }
    CheckRequest r;
    r.method = &Registry::instance().find(method);
    r.params = Registry::resolve(*r.method, text);
    r.quantity = q;
    // the engines' tables are float32: inv_freq <= 1 within 1e-6; cos/sin up to position 4096 within 1e-3 (a float32
    // angle near 4096 rad is rounded by up to 2.4e-4)
    r.tolerance = q == CheckQuantity::InvFreq ? 1e-6 : 1e-3;
    return r;
}

QJsonObject caseNamed(const char* name)
{
    static const QJsonObject root = test::loadGolden("engines/engine_more_cases.json");
    for (const auto& v : root.value("cases").toArray())
        if (v.toObject().value("name").toString() == QLatin1String(name))
            return v.toObject();
    return {};
}

Matrix invFreqTable(const QJsonObject& c)
{
    Matrix m;
    m.data = test::toVector(c.value("inv_freq_f32"));
    m.rows = 1;
    m.cols = m.data.size();
    return m;
}

/// The rows of the case's float32 cos cache at positions up to 4096, and those positions in the request.
void fill(const QJsonObject& c, Matrix& m, CheckRequest& r)
{
    const auto positions = test::toVector(c.value("positions"));
    const QJsonArray rows = c.value("cos_f32").toArray();
    for (std::size_t k = 0; k < positions.size(); ++k) {
        if (positions[k] > 4096)
            continue;
        const auto row = test::toVector(rows[static_cast<int>(k)]);
        m.data.insert(m.data.end(), row.begin(), row.end());
        m.cols = row.size();
        ++m.rows;
        r.positions.push_back(static_cast<std::int64_t>(positions[k]));
    }
}

/// The first diagnosis, and whether it names `engine` as the code that computes the table.
void expectDiagnosis(const CheckResult& res, const std::string& kind, const std::string& engine)
{
    QVERIFY2(!res.match, kind.c_str());
    QVERIFY(!res.diagnosis.empty());
    const Diagnosis& d = res.diagnosis.front();
    QVERIFY2(d.kind == kind, (d.kind + " instead of " + kind + ": " + d.evidence).c_str());
    bool named = false;
    for (const auto& who : d.producedBy)
        named = named || who.rfind(engine, 0) == 0;
    // the same attribution as phrases, for the explorer's Check dialog (worded in its language)
    QCOMPARE(d.producedByPhrases.size(), d.producedBy.size());
    for (std::size_t i = 0; i < d.producedBy.size(); ++i) {
        QCOMPARE(d.producedByPhrases[i].id, std::string("check.produced-by"));
        QCOMPARE(english(d.producedByPhrases[i]), d.producedBy[i]);
    }
    QVERIFY2(named, (kind + " does not name " + engine).c_str());
}

} // namespace

class TstCheckEngineTables : public QObject {
    Q_OBJECT

private slots:
    void mlxLongFactorsAtShortLength()
    {
        const QJsonObject c = caseNamed("mlx-longrope-short-length");
        // the HF reference: the same config at 4096 tokens uses the short factors
        const CheckRequest r = request(c.value("posenc").toString().toStdString(), CheckQuantity::InvFreq);
        expectDiagnosis(checkTable(invFreqTable(c), r), "longrope-switch", "MLX-LM");
    }

    void mlxRoundsTruncateFalseBounds()
    {
        const QJsonObject c = caseNamed("mlx-yarn-truncate-false");
        const CheckRequest r = request(c.value("posenc").toString().toStdString(), CheckQuantity::InvFreq);
        expectDiagnosis(checkTable(invFreqTable(c), r), "truncate", "MLX-LM");
    }

    void sglangDynamicNtkStatic()
    {
        const QJsonObject c = caseNamed("sglang-dynamic-static");
        const CheckRequest r = request(c.value("posenc").toString().toStdString(), CheckQuantity::InvFreq);
        expectDiagnosis(checkTable(invFreqTable(c), r), "dynamic-static", "SGLang");
    }

    void ortTables()
    {
        // Ministral 3 exported by the builder: unrounded bounds (= HF's truncate false)
        const QJsonObject m = caseNamed("ort-yarn-ministral3");
        const CheckRequest rm = request(m.value("posenc").toString().toStdString(), CheckQuantity::InvFreq);
        expectDiagnosis(checkTable(invFreqTable(m), rm), "truncate", "ORT GenAI");
        // Qwen3's YaRN block without beta keys: the exported cos cache is plain RoPE, magnitude 1
        const QJsonObject q = caseNamed("ort-yarn-no-beta-keys");
        CheckRequest rq = request(q.value("hf").toString().toStdString(), CheckQuantity::Cos);
        Matrix cos;
        fill(q, cos, rq);
        expectDiagnosis(checkTable(cos, rq), "scaling-missing", "ORT GenAI");
        // mscale alone taken as the magnitude: the engine's own kind
        const QJsonObject v = caseNamed("ort-yarn-mscale-verbatim");
        CheckRequest rv = request(v.value("posenc").toString().toStdString(), CheckQuantity::Cos);
        Matrix vc;
        fill(v, vc, rv);
        expectDiagnosis(checkTable(vc, rv), "engine-mscale-verbatim", "ORT GenAI");
    }
};

QTEST_GUILESS_MAIN(TstCheckEngineTables)
#include "tst_check_engine_tables.moc"
