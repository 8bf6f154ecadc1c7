// SPDX-License-Identifier: GPL-3.0-or-later
// Per-axis PI / NTK of axial RoPE (posenc/grid_scaling.h) against tests/data/grid/grid_scaling_golden.json, the
// angles diffusers' own get_2d_rotary_pos_embed_lumina (Lumina-Next: θ·ntk_factor, inv_freq/linear_factor) and
// CosmosRotaryPosEmbed (θ_a·s_a^(d_a/(d_a−2)) per axis) compute (make_grid_scaling_golden.py); the grid views'
// angles and token similarity against the models' cos/sin in grid_golden.json; bad factors.
#include "golden_support.h"

#include "posenc/errors.h"
#include "posenc/grid_scaling.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <numbers>
#include <string>

using namespace posenc;

namespace {

/// The unscaled model of a golden case: its axes with θ^(−2i/d) (the input; the scaled angles are the answer).
grid::Model caseModel(const QJsonObject& c)
{
    grid::Model m;
    m.method = "golden";
    const auto names = c["axes"].toArray();
    const auto dims = c["dims"].toArray();
    for (int a = 0; a < names.size(); ++a) {
        grid::Axis axis{names[a].toString().toStdString(), dims[a].toInt(), c["theta"].toDouble(), {}};
        for (int i = 0; i < axis.dim / 2; ++i)
            axis.invFreq.push_back(std::pow(axis.theta, -2.0 * i / axis.dim));
        m.axes.push_back(axis);
    }
    return m;
}

std::vector<std::vector<double>> rows(const QJsonValue& v)
{
    std::vector<std::vector<double>> out;
    for (const auto& r : v.toArray())
        out.push_back(test::toVector(r));
    return out;
}

double wrappedDiff(double a, double b)
{
    return std::abs(std::remainder(a - b, 2 * std::numbers::pi));
}

template <class F> QString errorOf(F f)
{
    try {
        f();
    } catch (const InvalidInput& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TstGridScaling : public QObject {
    Q_OBJECT

private slots:
    void golden_data()
    {
        QTest::addColumn<int>("index");
        const auto cases = test::loadGolden("grid/grid_scaling_golden.json")["cases"].toArray();
        QVERIFY(cases.size() >= 7);
        for (int i = 0; i < cases.size(); ++i)
            QTest::newRow(qPrintable(cases[i].toObject()["name"].toString())) << i;
    }

    void golden()
    {
        QFETCH(int, index);
        const auto c = test::loadGolden("grid/grid_scaling_golden.json")["cases"].toArray()[index].toObject();
        std::vector<grid::AxisScale> scales;
        for (const auto& s : c["scales"].toArray())
            scales.push_back({s.toArray()[0].toDouble(), s.toArray()[1].toDouble()});
        const auto rule =
            c["rule"].toString() == QLatin1String("plain") ? grid::NtkRule::Plain : grid::NtkRule::Exponent;
        const grid::Model m = grid::scaleAxes(caseModel(c), scales, rule);
        const auto ids = rows(c["positions"]);
        const auto expected = rows(c["angles"]);
        QCOMPARE(ids.size(), expected.size());
        const auto refs = grid::pairRefs(m);
        QCOMPARE(refs.size(), expected.front().size());
        double worst = 0;
        for (std::size_t j = 0; j < refs.size(); ++j) {
            const auto angles = grid::pairAngles(m, ids, refs[j].axis, refs[j].index);
            for (std::size_t t = 0; t < ids.size(); ++t)
                worst = std::max(worst, wrappedDiff(angles[t], expected[t][j]));
        }
        QVERIFY2(worst <= 1e-12, qPrintable(QString::number(worst)));
    }

    void ntkRulesDiffer()
    {
        // the same factor 4 on a 16-channel axis: Lumina θ·4, Cosmos θ·4^(16/14)
        grid::Model m;
        m.axes.push_back({"h", 16, 10000, std::vector<double>(8, 1.0)});
        const auto plain = grid::scaleAxes(m, {{1, 4}}, grid::NtkRule::Plain);
        const auto cosmos = grid::scaleAxes(m, {{1, 4}}, grid::NtkRule::Exponent);
        QCOMPARE(plain.axes[0].theta, 40000.0);
        QVERIFY(std::abs(cosmos.axes[0].theta - 10000 * std::pow(4.0, 16.0 / 14.0)) < 1e-6);
        QCOMPARE(plain.axes[0].invFreq[0], 1.0); // pair 0 never moves under NTK
    }

    void similarityIsTheModelsCosSinProduct()
    {
        // Σ_j cos(a_q − a_k) = Σ_j (cos_q cos_k + sin_q sin_k), with the models' own cos/sin (pair j: channel 2j)
        const auto cases = test::loadGolden("grid/grid_golden.json")["cases"].toArray();
        int checked = 0;
        for (const auto& v : cases) {
            const auto c = v.toObject();
            const auto model = grid::fromDiffusersConfig(
                QJsonDocument(c["config"].toObject()).toJson(QJsonDocument::Compact).toStdString(), "golden");
            const auto ids = grid::positions(model, grid::parseLayout(c["layout"].toString().toStdString()));
            const auto cs = rows(c["cos"]), sn = rows(c["sin"]);
            for (std::size_t q : {std::size_t{0}, ids.size() / 2, ids.size() - 1}) {
                const auto s = grid::tokenSimilarity(model, ids, q);
                for (std::size_t k = 0; k < ids.size(); ++k) {
                    double e = 0;
                    for (std::size_t ch = 0; ch < cs[k].size(); ch += 2)
                        e += cs[q][ch] * cs[k][ch] + sn[q][ch] * sn[k][ch];
                    QVERIFY2(std::abs(s[k] - e) < 1e-9, qPrintable(c["name"].toString()));
                }
                QCOMPARE(s[q], model.headDim() / 2.0);
                ++checked;
            }
        }
        QVERIFY(checked >= 21);
    }

    void channelAllocationFollowsTheAxes()
    {
        const auto wan = grid::fromDiffusersConfig(R"({"_class_name": "WanTransformer3DModel"})", "t");
        const auto ch = grid::channelAxes(wan);
        QCOMPARE(ch.size(), std::size_t{128});
        QCOMPARE(std::count(ch.begin(), ch.end(), 0), 44); // t, h, w = 44, 42, 42 (transformer_wan.py)
        QCOMPARE(std::count(ch.begin(), ch.end(), 1), 42);
        QCOMPARE(ch[43], 0);
        QCOMPARE(ch[44], 1);
        QCOMPARE(ch[86], 2);
    }

    void badInput()
    {
        const auto flux = grid::fromDiffusersConfig(R"({"_class_name": "FluxTransformer2DModel"})", "t");
        QVERIFY(errorOf([&] { grid::scaleAxes(flux, {{1, 1}}, grid::NtkRule::Exponent); }).contains("3 axes"));
        QVERIFY(errorOf([&] {
                    grid::scaleAxes(flux, {{1, 1}, {0, 1}, {1, 1}}, grid::NtkRule::Exponent);
                }).contains("pi factor of axis h is 0"));
        QVERIFY(errorOf([&] {
                    grid::scaleAxes(flux, {{1, 1}, {1, 1}, {1, -2}}, grid::NtkRule::Plain);
                }).contains("ntk factor of axis w"));
        const auto ids = grid::positions(flux, grid::parseLayout("image:2x2"));
        QVERIFY(errorOf([&] { grid::pairAngles(flux, ids, 1, 28); }).contains("axis h has pairs 0..27"));
        QVERIFY(errorOf([&] { grid::pairAngles(flux, ids, 3, 0); }).contains("axes 0..2"));
        QVERIFY(errorOf([&] { grid::tokenSimilarity(flux, ids, 4); }).contains("outside the 4 tokens"));
    }
};

QTEST_GUILESS_MAIN(TstGridScaling)
#include "tst_grid_scaling.moc"
