// SPDX-License-Identifier: GPL-3.0-or-later
// Image/video RoPE families (posenc/grid_rope.h) against tests/data/grid/grid_golden.json: position ids, cos and sin
// as diffusers' own code computes them (make_grid_golden.py runs FluxPosEmbed, Flux2PosEmbed,
// HunyuanVideoRotaryPosEmbed, WanRotaryPosEmbed, QwenEmbedRope at the pinned commit), RIFLEx against the authors'
// get_1d_rotary_pos_embed_riflex / identify_k and the paper's k, N_k; bad configs and layouts.
#include "golden_support.h"

#include "posenc/errors.h"
#include "posenc/grid_rope.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <string>

using namespace posenc;

namespace {

std::string json(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
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

class TstGridRope : public QObject {
    Q_OBJECT

private slots:
    void golden_data()
    {
        QTest::addColumn<int>("index");
        const auto cases = test::loadGolden("grid/grid_golden.json")["cases"].toArray();
        QVERIFY(cases.size() >= 7);
        for (int i = 0; i < cases.size(); ++i) {
            const auto c = cases[i].toObject();
            QTest::newRow(qPrintable(c["name"].toString() + " " + c["layout"].toString())) << i;
        }
    }

    void golden()
    {
        QFETCH(int, index);
        const auto c = test::loadGolden("grid/grid_golden.json")["cases"].toArray()[index].toObject();
        const auto m = grid::fromDiffusersConfig(json(c["config"].toObject()), "golden");
        const auto ids = grid::positions(m, grid::parseLayout(c["layout"].toString().toStdString()));
        const auto want = c["positions"].toArray();
        QCOMPARE(static_cast<qsizetype>(ids.size()), want.size());
        for (qsizetype i = 0; i < want.size(); ++i) {
            const auto row = test::toVector(want[i]);
            QCOMPARE(ids[static_cast<std::size_t>(i)].size(), row.size());
            for (std::size_t a = 0; a < row.size(); ++a)
                QCOMPARE(ids[static_cast<std::size_t>(i)][a], row[a]);
        }
        for (const bool sine : {false, true}) {
            const auto table = grid::table(m, ids, sine);
            const auto rows = c[sine ? "sin" : "cos"].toArray();
            const auto cols = static_cast<std::size_t>(m.headDim());
            QCOMPARE(table.size(), static_cast<std::size_t>(rows.size()) * cols);
            double worst = 0;
            for (qsizetype i = 0; i < rows.size(); ++i) {
                const auto row = test::toVector(rows[i]);
                QCOMPARE(row.size(), cols);
                for (std::size_t j = 0; j < cols; ++j)
                    worst = std::max(worst, std::abs(table[static_cast<std::size_t>(i) * cols + j] - row[j]));
            }
            QVERIFY2(worst <= 1e-9, qPrintable(QString("max |diff| %1").arg(worst)));
        }
    }

    void riflexGolden_data()
    {
        QTest::addColumn<int>("index");
        const auto r = test::loadGolden("grid/grid_golden.json")["riflex"].toArray();
        QCOMPARE(r.size(), 3);
        for (int i = 0; i < r.size(); ++i)
            QTest::newRow(qPrintable(r[i].toObject()["name"].toString())) << i;
    }

    void riflexGolden()
    {
        QFETCH(int, index);
        const auto c = test::loadGolden("grid/grid_golden.json")["riflex"].toArray()[index].toObject();
        const auto m = grid::fromDiffusersConfig(json(c["config"].toObject()), "golden");
        const auto r = grid::riflex(m, c["frames"].toInt(), c["k"].toInt(), 0);
        QVERIFY(r.applied);
        const auto want = test::toVector(c["inv_freq"]);
        const auto before = test::toVector(c["inv_freq_unchanged"]);
        QCOMPARE(r.invFreq.size(), want.size());
        for (std::size_t i = 0; i < want.size(); ++i) {
            QVERIFY(std::abs(r.invFreq[i] - want[i]) <= 1e-12);
            QVERIFY(std::abs(r.original[i] - before[i]) <= 1e-12);
        }
        const auto byRepetition = grid::riflex(m, c["frames"].toInt(), 0, c["repetition"].toInt());
        const auto idk = c["identify_k"].toArray();
        QCOMPARE(byRepetition.k, idk[0].toInt());
        QCOMPARE(byRepetition.nK, static_cast<long long>(idk[1].toInt()));
    }

    // The paper (Zhao et al. 2025, "RIFLEx"): HunyuanVideo k = 4, N_k = 50; CogVideoX-5B k = 2, N_k = 20;
    // Wan 2.1 k = 6, N_k = 51 — the families' default k and its period.
    void riflexPaper_data()
    {
        QTest::addColumn<QString>("config");
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("nK");
        QTest::newRow("HunyuanVideo") << R"({"_class_name":"HunyuanVideoTransformer3DModel"})" << 4 << 50;
        QTest::newRow("CogVideoX") << R"({"_class_name":"CogVideoXTransformer3DModel","attention_head_dim":64})" << 2
                                   << 20;
        QTest::newRow("Wan 2.1") << R"({"_class_name":"WanTransformer3DModel","attention_head_dim":128})" << 6 << 51;
    }

    void riflexPaper()
    {
        QFETCH(QString, config);
        QFETCH(int, k);
        QFETCH(int, nK);
        const auto m = grid::fromDiffusersConfig(config.toStdString(), "paper");
        const auto r = grid::riflex(m, 2 * nK, 0, 0);
        QCOMPARE(r.k, k);
        QCOMPARE(r.nK, static_cast<long long>(nK));
        QVERIFY(r.applied);
        QCOMPARE(r.invFreq[static_cast<std::size_t>(k - 1)], 0.9 * 2 * M_PI / (2 * nK));
        // at or below N_k the scripts leave RoPE alone
        const auto same = grid::riflex(m, nK, 0, 0);
        QVERIFY(!same.applied);
        QVERIFY(same.invFreq == same.original);
    }

    void classDefaults()
    {
        // the first published FLUX.1 configs have no axes_dims_rope: FluxTransformer2DModel's (16, 56, 56)
        const auto m = grid::fromDiffusersConfig(R"({"_class_name":"FluxTransformer2DModel"})", "flux");
        QCOMPARE(m.method, std::string("rope-flux"));
        QCOMPARE(m.axes.size(), std::size_t{3});
        QCOMPARE(m.axes[0].dim, 16);
        QCOMPARE(m.axes[1].dim, 56);
        QCOMPARE(m.axes[2].dim, 56);
        QCOMPARE(m.headDim(), 128);
        QVERIFY(!m.notes.empty());
        const auto w = grid::fromDiffusersConfig(R"({"_class_name":"WanTransformer3DModel"})", "wan");
        QCOMPARE(w.axes[0].dim, 44);
        QCOMPARE(w.axes[1].dim, 42);
        QCOMPARE(w.axes[2].dim, 42);
        const auto f2 = grid::fromDiffusersConfig(R"({"_class_name":"Flux2Transformer2DModel"})", "flux2");
        QCOMPARE(f2.axes.size(), std::size_t{4});
        QCOMPARE(f2.axes[3].name, std::string("l"));
        QCOMPARE(f2.axes[0].theta, 2000.0);
    }

    void badInput()
    {
        QString e = errorOf([] { grid::fromDiffusersConfig(R"({"_class_name":"SD3Transformer2DModel"})", "x"); });
        QVERIFY2(e.contains("SD3Transformer2DModel") && e.contains("FluxTransformer2DModel") &&
                     e.contains("WanTransformer3DModel"),
                 qPrintable(e));
        e = errorOf([] {
            grid::fromDiffusersConfig(R"({"_class_name":"FluxTransformer2DModel","axes_dims_rope":[16,55,57]})", "x");
        });
        QVERIFY2(e.contains("axes_dims_rope") && e.contains("even"), qPrintable(e));
        const auto flux = grid::fromDiffusersConfig(R"({"_class_name":"FluxTransformer2DModel"})", "flux");
        e = errorOf([&] { grid::positions(flux, grid::parseLayout("video:4x8x8")); });
        QVERIFY2(e.contains("image model") && e.contains("video"), qPrintable(e));
        const auto wan = grid::fromDiffusersConfig(R"({"_class_name":"WanTransformer3DModel"})", "wan");
        e = errorOf([&] { grid::positions(wan, grid::parseLayout("text:4,video:2x8x8")); });
        QVERIFY2(e.contains("not rotated"), qPrintable(e));
        e = errorOf([&] { grid::positions(flux, grid::parseLayout("image:4x4,text:3")); });
        QVERIFY2(e.contains("text tokens come first"), qPrintable(e));
        e = errorOf([] { grid::parseLayout("image:4x0"); });
        QVERIFY2(e.contains("4x0"), qPrintable(e));
        e = errorOf([] { grid::parseLayout("audio:4"); });
        QVERIFY2(e.contains("text, image, video or cls"), qPrintable(e));
        e = errorOf([&] { grid::riflex(flux, 100, 0, 0); });
        QVERIFY2(e.contains("no temporal axis"), qPrintable(e));
        e = errorOf([&] { grid::riflex(wan, 100, 40, 0); });
        QVERIFY2(e.contains("1..22"), qPrintable(e));
    }
};

QTEST_GUILESS_MAIN(TstGridRope)
#include "tst_grid_rope.moc"
