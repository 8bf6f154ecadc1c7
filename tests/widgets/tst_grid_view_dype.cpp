// SPDX-License-Identifier: GPL-3.0-or-later
// The Grid view's DyPE and Qwen2.5-VL's attention windows (issue 37). DyPE: the h and w wavelengths and angles the view
// draws equal the two published codes' own frequencies (tests/data/grid/grid_dype_golden.json: guyyariv/DyPE 436fe61
// and ComfyUI-DyPE 3fd9149 run with python3-torch, make_grid_dype_golden.py), each code applied to FLUX.1's axes its
// own way (official: each axis against its own extent; ComfyUI: both against max(H, W)); off by default; bad options
// name the rule. Windows: the borders drawn on the token grid split the patches exactly as transformers'
// get_vision_window_index does (grid_golden_presets.json's window order and cu_window_seqlens); none for other models.
#include "../core/golden_support.h"
#include "explorer/ViewPage.h"
#include "figures/FigureSpec.h"
#include "figures/FigureWidget.h"
#include "grid_view_support.h"
#include "plot_checks.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <map>
#include <numbers>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::cell;
using posenc::widgets::test::errorOf;
using posenc::widgets::test::gridFigure;

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;

/// The golden DyPE case (dim 56, θ 10000, base 64: FLUX.1's h and w) of this code, method, target and timestep.
QJsonObject dypeCase(const QString& variant, const QString& method, int target, double t)
{
    for (const auto& v : posenc::test::loadGolden("grid/grid_dype_golden.json")["cases"].toArray()) {
        const QJsonObject c = v.toObject();
        if (c["variant"].toString() == variant && c["method"].toString() == method && c["dim"].toInt() == 56 &&
            c["target"].toInt() == target && c["t"].toDouble() == t && !c["aggressive_mscale"].toBool())
            return c;
    }
    return {};
}

/// The wavelength curve of panel `panel` (an axis): the dashed "scaled" one, or the solid "as trained" one.
const Curve* curveOf(const FigureData& d, int panel, bool scaled)
{
    for (const auto& c : d.curves)
        if (c.panel == panel && c.dashed == scaled)
            return &c;
    return nullptr;
}

/// The wavelengths 2π/inv_freq of a golden case equal the curve's, to 1e-9 relative.
bool sameWavelengths(const Curve* curve, const QJsonObject& golden)
{
    const auto f = posenc::test::toVector(golden["inv_freq"]);
    if (!curve || curve->y.size() != f.size())
        return false;
    for (std::size_t j = 0; j < f.size(); ++j)
        if (std::abs(curve->y[j] - kTwoPi / f[j]) > 1e-9 * curve->y[j])
            return false;
    return true;
}

} // namespace

class TstGridViewDype : public QObject {
    Q_OBJECT

private slots:
    void dypeIsThePublishedCode_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("method");
        QTest::addColumn<double>("t");
        for (const char* variant : {"official", "comfyui"})
            for (const char* method : {"yarn", "ntk"})
                for (const double t : {1.0, 0.5, 0.1})
                    QTest::addRow("%s %s t=%g", variant, method, t) << variant << method << t;
    }

    void dypeIsThePublishedCode()
    {
        QFETCH(QString, variant);
        QFETCH(QString, method);
        QFETCH(double, t);
        // H 128, W 96: the official code scales each axis against its own extent (h: 128, w: 96 of 64), ComfyUI's
        // both against max(H, W) = 128
        const FigureData d = gridFigure({{"family", "flux.1-dev"},
                                         {"show", "wavelengths"},
                                         {"grid-height", 128LL},
                                         {"grid-width", 96LL},
                                         {"dype", true},
                                         {"dype-variant", variant.toStdString()},
                                         {"dype-method", method.toStdString()},
                                         {"dype-timestep", t}});
        const QJsonObject h = dypeCase(variant, method, 128, t);
        const QJsonObject w = dypeCase(variant, method, variant == QLatin1String("official") ? 96 : 128, t);
        QVERIFY(!h.isEmpty() && !w.isEmpty());
        QVERIFY(sameWavelengths(curveOf(d, 1, true), h));
        QVERIFY(sameWavelengths(curveOf(d, 2, true), w));
        QVERIFY(!curveOf(d, 0, true)); // the first axis (FLUX.1's t, ids 0 on the image) is left alone
        QVERIFY(curveOf(d, 1, true)->name.contains(QStringLiteral("DyPE"))); // in the legend, though t is unchanged
        // the figure says which code, method and timestep it draws
        QVERIFY(d.title.contains(
            QStringLiteral("DyPE %1 %2 at t = %3")
                .arg(variant == QLatin1String("official") ? QStringLiteral("official") : QStringLiteral("ComfyUI"),
                     method == QLatin1String("ntk") ? QStringLiteral("NTK") : QStringLiteral("YaRN"),
                     QString::number(t))));
        QVERIFY(d.note.contains(QStringLiteral("mscale %1").arg(h["mscale"].toDouble(), 0, 'g', 6)));

        // the angle of h pair j at row r is r · (the code's inv_freq_j)
        const FigureData a = gridFigure({{"family", "flux.1-dev"},
                                         {"axis", "h"},
                                         {"pair", 12LL},
                                         {"grid-height", 128LL},
                                         {"grid-width", 96LL},
                                         {"dype", true},
                                         {"dype-variant", variant.toStdString()},
                                         {"dype-method", method.toStdString()},
                                         {"dype-timestep", t}});
        const double f = posenc::test::toVector(h["inv_freq"])[12];
        for (const long long r : {1LL, 63LL, 127LL})
            QVERIFY(std::abs(std::remainder(cell(a.grids.at(0), r, 5) - static_cast<double>(r) * f, kTwoPi)) < 1e-9);
    }

    void dypeIsOffByDefault()
    {
        const FigureData off = gridFigure({{"family", "flux.1-dev"}, {"show", "wavelengths"}, {"grid-height", 128LL}});
        QVERIFY(!off.title.contains(QStringLiteral("DyPE")));
        QVERIFY(!off.note.contains(QStringLiteral("DyPE")));
        for (const int panel : {0, 1, 2})
            QVERIFY(!curveOf(off, panel, true));
        // on, at a target no larger than the reference: both codes leave the axes as trained
        const FigureData same = gridFigure({{"family", "flux.1-dev"}, {"show", "wavelengths"}, {"dype", true}});
        QVERIFY(!curveOf(same, 1, true) && !curveOf(same, 2, true));
        QVERIFY(same.note.contains(QStringLiteral("0 of 28 pairs changed")));
    }

    /// The note's tail follows the method: NTK's base factor exceeds 1 at every t > 0, so every pair but pair 0 of h
    /// changes at t = 1, 0.2 and 0.05 alike; YaRN's ramp leaves more fast pairs alone as t falls.
    void dypeNoteFollowsTheMethod()
    {
        const auto at = [](const char* method, double t) {
            return gridFigure({{"family", "flux.1-dev"},
                               {"show", "wavelengths"},
                               {"grid-height", 128LL},
                               {"grid-width", 128LL},
                               {"dype", true},
                               {"dype-method", std::string(method)},
                               {"dype-timestep", t}})
                .note;
        };
        for (const double t : {1.0, 0.2, 0.05}) {
            const QString ntk = at("ntk", t);
            QVERIFY2(ntk.contains(QStringLiteral("27 of 28 pairs changed")), qPrintable(ntk));
            QVERIFY2(ntk.contains(QStringLiteral("every pair but pair 0 still")), qPrintable(ntk));
            QVERIFY2(!ntk.contains(QStringLiteral("fewer pairs change")), qPrintable(ntk));
        }
        const auto changed = [](const QString& note) {
            const auto m = QRegularExpression(QStringLiteral("h: [^;]*, (\\d+) of 28 pairs changed")).match(note);
            return m.hasMatch() ? m.captured(1).toInt() : -1;
        };
        const QString early = at("yarn", 1.0), late = at("yarn", 0.05);
        QVERIFY2(changed(late) >= 0 && changed(late) < changed(early), qPrintable(early + late));
        QVERIFY2(late.contains(QStringLiteral("as t falls fewer pairs change")), qPrintable(late));
        // the official code measures each axis against its own extent: H 128 alone leaves w as trained, with its own
        // mscale 1 (h's is 0.1 ln 2 + 1)
        const QString hOnly = gridFigure({{"family", "flux.1-dev"},
                                          {"show", "wavelengths"},
                                          {"grid-height", 128LL},
                                          {"dype", true},
                                          {"dype-timestep", 1.0}})
                                  .note;
        QVERIFY2(hOnly.contains(QStringLiteral("w: 64 → 64 tokens (s = 1), 0 of 28 pairs changed")) &&
                     hOnly.contains(QStringLiteral("on h and 1 on w")) &&
                     hOnly.contains(QStringLiteral("an axis with s ≤ 1 stays as trained")),
                 qPrintable(hOnly));
    }

    /// YaRN's count of changed pairs as t → 0 depends on the code: the official code multiplies the ramp's ends by
    /// t², so at very small t they cross and every pair changes again; ComfyUI raises them to the power k, so they
    /// tend to one turn and the count settles on the pairs whose trained wavelength 2π·θ^(2j/d) exceeds the
    /// reference extent (FLUX.1's h: d 56, θ 10⁴, 64 tokens). Each code's note says what its own count does. The
    /// similarity picture gives mscale² (it leaves the factor out of the score), the others say mscale cannot show.
    void dypeSmallTimestepFollowsTheCode()
    {
        const auto figure = [](const char* variant, double t, const char* show) {
            return gridFigure({{"family", "flux.1-dev"},
                               {"show", std::string(show)},
                               {"grid-height", 128LL},
                               {"grid-width", 128LL},
                               {"dype", true},
                               {"dype-variant", std::string(variant)},
                               {"dype-method", std::string("yarn")},
                               {"dype-timestep", t}})
                .note;
        };
        const auto changed = [](const QString& note) { // official: "h: … N of 28 pairs"; ComfyUI: "N of 28 h pairs"
            const auto m = QRegularExpression(QStringLiteral("(?:h: [^;]*, (\\d+) of 28 pairs changed|; (\\d+) of 28 h "
                                                             "pairs)"))
                               .match(note);
            return !m.hasMatch() ? -1 : m.captured(1).isEmpty() ? m.captured(2).toInt() : m.captured(1).toInt();
        };
        int slowerThanReference = 0;
        for (int j = 0; j < 28; ++j)
            slowerThanReference += kTwoPi * std::pow(10000.0, 2.0 * j / 56) > 64 ? 1 : 0;
        QCOMPARE(slowerThanReference, 20);
        for (const double t : {0.05, 0.01, 0.001}) {
            const QString comfy = figure("comfyui", t, "wavelengths");
            QCOMPARE(changed(comfy), slowerThanReference);
            QVERIFY2(comfy.contains(QStringLiteral("down to the pairs whose trained wavelength is longer than the "
                                                   "reference extent")) &&
                         !comfy.contains(QStringLiteral("ends cross")),
                     qPrintable(comfy));
        }
        // ComfyUI rescales both axes for max(H, W): with W 64 the note does not claim w has 128 tokens
        const QString tall = gridFigure({{"family", "flux.1-dev"},
                                         {"grid-height", 128LL},
                                         {"dype", true},
                                         {"dype-variant", std::string("comfyui")}})
                                 .note;
        QVERIFY2(tall.contains(QStringLiteral("h and w both rescaled for the longer side, max(H, W): 64 → 128 tokens "
                                              "(s = 2)")) &&
                     !tall.contains(QStringLiteral("w: 64 → 128")),
                 qPrintable(tall));
        const QString official = figure("official", 0.001, "wavelengths");
        QCOMPARE(changed(official), 28);
        QVERIFY2(official.contains(QStringLiteral("not at very small t, where the ramp's ends cross")) &&
                     official.contains(QStringLiteral("not drawn: angles and wavelengths do not depend on it")),
                 qPrintable(official));
        // official YaRN at s = 2: mscale 0.1 ln 2 + 1 = 1.0693, squared 1.1434 on both axes
        const QString similarity = figure("official", 1.0, "similarity");
        QVERIFY2(similarity.contains(QStringLiteral("the similarity above leaves it out; in the model each h pair's "
                                                    "term is multiplied by mscale² = 1.1434")),
                 qPrintable(similarity));
    }

    /// The vision towers' reference is an example image, not the training size: Pixtral at 64×64 patches (its
    /// image_size/patch_size) does not say its shaded pairs meet angles never seen in training; FLUX.1 does.
    void towerReferenceIsAnExample()
    {
        const FigureData pixtral = gridFigure(
            {{"family", "pixtral-12b-vision"}, {"show", "wavelengths"}, {"grid-height", 64LL}, {"grid-width", 64LL}});
        QVERIFY2(pixtral.note.contains(QStringLiteral("an example, a 448×448-pixel image, not a training limit")) &&
                     pixtral.note.contains(QStringLiteral("= 64 patches per side")) &&
                     !pixtral.note.contains(QStringLiteral("never seen in training")) &&
                     !pixtral.note.contains(QStringLiteral("default size")),
                 qPrintable(pixtral.note));
        const FigureData qwen = gridFigure(
            {{"family", "qwen2.5-vl-7b-vision"}, {"show", "wavelengths"}, {"grid-height", 64LL}, {"grid-width", 64LL}});
        QVERIFY2(qwen.note.contains(QStringLiteral("native resolution")), qPrintable(qwen.note));
        const FigureData flux = gridFigure({{"family", "flux.1-dev"}, {"show", "wavelengths"}, {"grid-height", 128LL}});
        QVERIFY2(flux.note.contains(QStringLiteral("never seen in training")) &&
                     flux.note.contains(QStringLiteral("the pipeline's default size 1024×1024 pixels")),
                 qPrintable(flux.note));
    }

    void optionsThatDoNotApplyAreGreyed()
    {
        // the DyPE sub-options, the angle display's axis and pair, the similarity's query token: greyed (with the
        // reason) while they change nothing
        ParamSet values = defaultFigureOptions(FigureKind::Grid);
        QString why;
        for (const char* name : {"dype-variant", "dype-method", "dype-timestep"}) {
            QVERIFY2(!ViewPage::optionApplies(FigureKind::Grid, name, values, {}, &why), name);
            QVERIFY(why.contains(QStringLiteral("DyPE is on")));
        }
        QVERIFY(ViewPage::optionApplies(FigureKind::Grid, "axis", values, {}));
        QVERIFY(!ViewPage::optionApplies(FigureKind::Grid, "query-row", values, {}));
        values.set("dype", true);
        values.set("show", std::string("similarity"));
        for (const char* name : {"dype-variant", "dype-method", "dype-timestep", "query-row", "query-col", "frame"})
            QVERIFY2(ViewPage::optionApplies(FigureKind::Grid, name, values, {}), name);
        QVERIFY(!ViewPage::optionApplies(FigureKind::Grid, "pair", values, {}, &why));
        QVERIFY(why.contains(QStringLiteral("angle")));
        values.set("show", std::string("wavelengths"));
        QVERIFY(!ViewPage::optionApplies(FigureKind::Grid, "frame", values, {}));
    }

    void dypeBadOptionsNameTheRule()
    {
        QVERIFY(errorOf([] { gridFigure({{"family", "hunyuan-video"}, {"dype", true}}); }).contains("FLUX.1 only"));
        QVERIFY(errorOf([] {
                    gridFigure({{"family", "flux.1-dev"}, {"dype", true}, {"pi-h", 2.0}});
                }).contains("pi-h must be 1"));
        QVERIFY(errorOf([] {
                    gridFigure({{"family", "flux.1-dev"}, {"dype", true}, {"dype-timestep", 0.0}});
                }).contains("(0, 1]"));
    }

    void windowBordersAreTheModelsWindows()
    {
        // Qwen2.5-VL-7B's tower on a 10×14 patch grid: transformers lists the patches window by window
        // (positions in window order, cu_window_seqlens the windows' ends)
        QJsonObject golden;
        for (const auto& v : posenc::test::loadGolden("grid/grid_golden_presets.json")["cases"].toArray())
            if (v.toObject()["name"].toString() == QLatin1String("qwen2.5-vl-vision-window") &&
                v.toObject()["layout"].toString() == QLatin1String("image:10x14"))
                golden = v.toObject();
        const auto positions = golden["positions"].toArray();
        const auto cu = posenc::test::toVector(golden["cu_window_seqlens"]);
        QCOMPARE(positions.size(), 140);
        std::map<std::pair<int, int>, int> window; // (row, column) → the model's window
        for (int i = 0, k = 0; i < positions.size(); ++i) {
            while (i >= cu[static_cast<std::size_t>(k) + 1])
                ++k;
            const auto p = positions[i].toArray();
            window[{p[0].toInt(), p[1].toInt()}] = k;
        }
        for (const char* show : {"angle", "similarity"}) {
            const FigureData d = gridFigure(
                {{"family", "qwen2.5-vl-7b-vision"}, {"show", show}, {"grid-height", 10LL}, {"grid-width", 14LL}});
            const Grid& g = d.grids.at(0);
            // the drawn cell of a patch: how many border lines lie before its column and its row
            auto drawn = [&](int r, int c) {
                int x = 0, y = 0;
                for (const double b : g.xBorders)
                    x += b < c ? 1 : 0;
                for (const double b : g.yBorders)
                    y += b < r ? 1 : 0;
                return std::pair{y, x};
            };
            for (const auto& [p, k] : window)
                for (const auto& [q, l] : window)
                    QCOMPARE(drawn(p.first, p.second) == drawn(q.first, q.second), k == l);
            QVERIFY(d.note.contains(QStringLiteral("attention windows, 8×8 patches")));
        }
        for (const char* family : {"flux.1-dev", "pixtral-12b-vision", "qwen-image"}) {
            const FigureData d = gridFigure({{"family", family}});
            QVERIFY(d.grids.at(0).xBorders.empty() && d.grids.at(0).yBorders.empty());
            QVERIFY(!d.note.contains(QStringLiteral("Black lines")));
        }
    }

    void draws()
    {
        for (const FigureData& d :
             {gridFigure({{"family", "flux.1-dev"}, {"show", "wavelengths"}, {"grid-height", 128LL}, {"dype", true}}),
              gridFigure({{"family", "qwen2.5-vl-7b-vision"}, {"show", "similarity"}})}) {
            FigureWidget w;
            w.resize(1100, 600);
            w.setData(d);
            QVERIFY(!w.grab().isNull());
        }
        // Pixtral at 64×64 on a short plot (presentation mode at 1366×768): the labels "target 64" and "reference 28"
        // stand clear of each other, and both inside their panels
        FigureWidget w;
        w.resize(1300, 330);
        w.setData(gridFigure(
            {{"family", "pixtral-12b-vision"}, {"show", "wavelengths"}, {"grid-height", 64LL}, {"grid-width", 64LL}}));
        QVERIFY(!w.grab().isNull());
        w.plot()->replot();
        const QString clash = trust_test::horizontalLabelClash(w.plot());
        QVERIFY2(clash.isEmpty(), qPrintable(clash));
    }
};

QTEST_MAIN(TstGridViewDype)
#include "tst_grid_view_dype.moc"
