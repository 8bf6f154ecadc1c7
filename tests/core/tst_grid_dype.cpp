// SPDX-License-Identifier: GPL-3.0-or-later
// DyPE's timestep-dependent YaRN / NTK (posenc/grid_dype.h) against tests/data/grid/grid_dype_golden.json: the
// authors' code (guyyariv/DyPE get_1d_rotary_pos_embed, FluxPosEmbed) and ComfyUI-DyPE's (get_1d_yarn_pos_embed,
// get_1d_ntk_pos_embed) run by make_grid_dype_golden.py; the two variants differ where the paper's rule is applied
// differently (ramp ends times t² vs to the power 2t², and the mscale); bad input names its rule.
#include "golden_support.h"

#include "posenc/errors.h"
#include "posenc/grid_dype.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace posenc;

namespace {

grid::DypeRequest requestOf(const QJsonObject& c)
{
    grid::DypeRequest r;
    r.variant = grid::parseDypeVariant(c["variant"].toString().toStdString());
    r.method = grid::parseDypeMethod(c["method"].toString().toStdString());
    r.dim = c["dim"].toInt();
    r.theta = c["theta"].toDouble();
    r.base = c["base"].toDouble();
    r.target = c["target"].toDouble();
    r.t = c["t"].toDouble();
    r.aggressiveMscale = c["aggressive_mscale"].toBool();
    return r;
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

class TstGridDype : public QObject {
    Q_OBJECT

private slots:
    void golden_data()
    {
        QTest::addColumn<int>("index");
        const auto cases = test::loadGolden("grid/grid_dype_golden.json")["cases"].toArray();
        QVERIFY(cases.size() >= 40);
        for (int i = 0; i < cases.size(); ++i) {
            const auto c = cases[i].toObject();
            QTest::newRow(qPrintable(QString("%1 %2%3 d%4 %5->%6 t%7")
                                         .arg(c["variant"].toString(), c["method"].toString(),
                                              c["aggressive_mscale"].toBool() ? " aggressive" : "")
                                         .arg(c["dim"].toInt())
                                         .arg(c["base"].toInt())
                                         .arg(c["target"].toInt())
                                         .arg(c["t"].toDouble())))
                << i;
        }
    }

    void golden()
    {
        QFETCH(int, index);
        const auto c = test::loadGolden("grid/grid_dype_golden.json")["cases"].toArray()[index].toObject();
        const auto got = grid::dypeAxis(requestOf(c));
        const auto want = test::toVector(c["inv_freq"]);
        QCOMPARE(got.invFreq.size(), want.size());
        double worst = 0;
        for (std::size_t j = 0; j < want.size(); ++j)
            worst = std::max(worst, std::abs(got.invFreq[j] - want[j]) / want[j]);
        QVERIFY2(worst <= 1e-12, qPrintable(QString("relative |diff| %1").arg(worst)));
        QVERIFY2(std::abs(got.mscale - c["mscale"].toDouble()) <= 1e-12,
                 qPrintable(QString("mscale %1 vs %2").arg(got.mscale).arg(c["mscale"].toDouble())));
    }

    // The variants differ: at t = 1 the official ramp ends are YaRN's own (κ = 1), ComfyUI's are squared (k = 2);
    // the two agree on NTK with ComfyUI's default dype_scale = dype_exponent = 2.
    void variantsDiffer()
    {
        grid::DypeRequest r;
        r.dim = 56;
        r.base = 64;
        r.target = 128;
        const auto official = grid::dypeAxis(r);
        r.variant = grid::DypeVariant::ComfyUI;
        const auto comfy = grid::dypeAxis(r);
        QCOMPARE(official.strength, 1.0);
        QCOMPARE(comfy.strength, 2.0);
        QVERIFY(std::abs(official.invFreq[3] - comfy.invFreq[3]) > 1e-3);
        QCOMPARE(official.mscale, 0.1 * std::log(2.0) + 1);
        QCOMPARE(comfy.mscale, 1 + 0.1 * std::log(2.0) / std::sqrt(2.0));
        r.method = grid::DypeMethod::Ntk;
        const auto ntkComfy = grid::dypeAxis(r);
        r.variant = grid::DypeVariant::Official;
        QCOMPARE(grid::dypeAxis(r).invFreq, ntkComfy.invFreq);
        r.target = 48; // smaller than the training extent: the plain axis
        QCOMPARE(grid::dypeAxis(r).invFreq[1], std::pow(10000.0, -2.0 / 56));
    }

    void badInput()
    {
        grid::DypeRequest r;
        r.dim = 56;
        r.t = 0;
        QVERIFY(errorOf([&] { grid::dypeAxis(r); }).contains("dype-timestep 0: must be in (0, 1]"));
        r.t = 1;
        r.dim = 7;
        QVERIFY(errorOf([&] { grid::dypeAxis(r); }).contains("dim 7: the axis' channels must be even"));
        QVERIFY(errorOf([] { grid::parseDypeVariant("paper"); }).contains("official (guyyariv/DyPE"));
        QVERIFY(errorOf([] { grid::parseDypeMethod("pi"); }).contains("yarn or ntk"));
    }
};

QTEST_GUILESS_MAIN(TstGridDype)
#include "tst_grid_dype.moc"
