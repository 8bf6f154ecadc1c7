// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 18: the Engines view (`posenc render engines`, a tab of the explorer) and the explorer's Engine choice
// compared as two instances. Known answers: tests/data/engines, values produced by the engines' own code
// (ggml_rope_dump.c: ggml's CPU kernel; vllm_dump.py: vLLM's rotary classes); HF's side is written out here from
// its formulas (modeling_rope_utils.py: YaRN with truncate = false, LongRoPE's short factors, 0.1 ln s + 1), not
// taken from posenc's code.
#include "../core/golden_support.h"
#include "figure_selection.h"
#include "screen_fixture.h"

#include "explorer/MethodList.h"
#include "explorer/ParamsModel.h"

#include "posenc/errors.h"

#include <QListWidget>

#include <cmath>
#include <numbers>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::method;
using posenc::widgets::test::request;

namespace {

QJsonObject engineCase(const char* file, const char* name)
{
    for (const auto& c : posenc::test::loadGolden(file).value("cases").toArray())
        if (c.toObject().value("name").toString() == QLatin1String(name))
            return c.toObject();
    return {};
}

/// theta_i that ggml used, from its cache row at position 1 (cos, sin of theta_i, times its magnitude).
std::vector<double> ggmlTheta(const QJsonObject& c)
{
    // the dump's positions start 0, 1, ...
    const auto cos = posenc::test::toVector(c.value("cos").toArray().at(1));
    const auto sin = posenc::test::toVector(c.value("sin").toArray().at(1));
    std::vector<double> out;
    for (std::size_t i = 0; i < cos.size(); ++i)
        out.push_back(std::atan2(sin[i], cos[i]));
    return out;
}

/// HF's YaRN (modeling_rope_utils.py _compute_yarn_parameters) with truncate = false: fractional bounds.
std::vector<double> hfYarnUntruncated(int d, double base, double s, double L0)
{
    const auto corr = [&](double n) { return d * std::log(L0 / (n * 2 * std::numbers::pi)) / (2 * std::log(base)); };
    const double low = std::max(corr(32), 0.0), high = std::min(corr(1), d - 1.0);
    std::vector<double> out;
    for (int i = 0; i < d / 2; ++i) {
        const double theta = std::pow(base, -2.0 * i / d);
        const double ramp = std::clamp((i - low) / (high - low), 0.0, 1.0); // 0 keeps theta
        out.push_back(theta / s * ramp + theta * (1 - ramp));
    }
    return out;
}

/// The curve of `engine` ("llama.cpp", "vLLM", "HF") in panel `panel` of an Engines figure (the right panel's
/// curves have no legend entry: found by the left one's colour).
const Curve* engineCurve(const FigureData& d, const QString& engine, int panel)
{
    const Curve* left = nullptr;
    for (const auto& c : d.curves)
        if (c.panel == 0 && c.name.startsWith(engine))
            left = &c;
    if (!left || panel == 0)
        return left;
    for (const auto& c : d.curves)
        if (c.panel == panel && c.color == left->color)
            return &c;
    return nullptr;
}

} // namespace

class TestEnginesView : public QObject {
    Q_OBJECT

private:
    screen_test::WindowFixture m_f;

private slots:
    void llamaCppRoundsWhatHfLeavesFractional()
    {
        // gpt-oss-20b's YaRN: HF truncate = false keeps the bounds fractional, ggml floors/ceils them always. The
        // left panel's llama.cpp curve is ggml's theta (its own kernel's output) over HF's, minus 1.
        const QJsonObject c = engineCase("engines/ggml_rope.json", "yarn32-gptoss-neox");
        const auto ggml = ggmlTheta(c);
        const auto hf = hfYarnUntruncated(64, 150000, 32, 4096);
        const FigureData d = computeFigure(request(
            FigureKind::Engines,
            {method("yarn", {{"head-dim", "64"}, {"base", "150000"}, {"factor", "32"},
                             {"original-max-position-embeddings", "4096"}, {"truncate", "false"}})},
            131072));
        const Curve* curve = engineCurve(d, QStringLiteral("llama.cpp"), 0);
        QVERIFY(curve);
        QCOMPARE(curve->y.size(), ggml.size());
        double largest = 0;
        for (std::size_t i = 0; i < ggml.size(); ++i) {
            const double expected = ggml[i] / hf[i] - 1;
            QVERIFY2(std::fabs(curve->y[i] - expected) <= 2e-6 * (1 + std::fabs(expected)),
                     qPrintable(QStringLiteral("pair %1: %2, expected %3").arg(i).arg(curve->y[i]).arg(expected)));
            largest = std::max(largest, std::fabs(expected));
        }
        QVERIFY2(largest > 0.05, "the rounded ramp bounds move the ramp pairs' frequencies");
        QVERIFY(d.note.contains(QStringLiteral("ggml d99724f2b141")));                        // the pinned revision
        QVERIFY(d.note.contains(QStringLiteral("largest relative inv_freq difference")));
        // The right panel is per pair the worst |Δcos|, |Δsin| over the compared positions: 0 where the frequency
        // is the same, large (turns apart at long positions) on the ramp pairs whose frequency moved.
        const Curve* cs = engineCurve(d, QStringLiteral("llama.cpp"), 1);
        QVERIFY(cs && cs->y.size() == ggml.size());
        for (std::size_t i = 0; i < ggml.size(); ++i)
            if (std::fabs(ggml[i] / hf[i] - 1) < 1e-9)
                QCOMPARE(cs->y[i], 0.0);
            else if (std::fabs(ggml[i] / hf[i] - 1) > 1e-3)
                QVERIFY2(cs->y[i] > 1.0, qPrintable(QString::number(i)));
        QVERIFY(!d.panels.at(1).logY); // 2.3 .. 2.7 and zeros: a linear axis
        // --arithmetic engine: float32 rounding (1e-7 .. 1e-3) beside the semantic difference: a log axis.
        const FigureData f32 = computeFigure(request(
            FigureKind::Engines,
            {method("yarn", {{"head-dim", "64"}, {"base", "150000"}, {"factor", "32"},
                             {"original-max-position-embeddings", "4096"}, {"truncate", "false"},
                             {"arithmetic", "engine"}})},
            131072));
        QVERIFY(f32.panels.at(1).logY);
        QVERIFY(f32.note.contains(QStringLiteral("logarithmic axis")));
    }

    void vllmLongRopeAndDeepSeekAgainstTheirCode()
    {
        // LongRoPE served at max_model_len 131072 > L0: vLLM uses the long factors at every position, HF (current
        // length 100) the short ones. vLLM's inv_freq from its own class; HF's = 1/(short_i base^(2i/d)).
        const QJsonObject lr = engineCase("engines/vllm_rope.json", "longrope-max-model-len-131072");
        const auto vllm = posenc::test::toVector(lr.value("inv_freq"));
        std::map<std::string, std::string> text = {{"head-dim", "96"}, {"factor", "32"},
                                                   {"original-max-position-embeddings", "4096"},
                                                   {"seq-len", "100"}, {"max-model-len", "131072"}};
        std::vector<double> shortFactors;
        QString list;
        for (int i = 0; i < 48; ++i) {
            shortFactors.push_back(1.0 + 0.01 * i);
            list += (i ? QStringLiteral(",") : QString()) + QString::number(1.0 + 0.01 * i, 'g', 17);
        }
        text["short-factor"] = list.toStdString();
        list.clear();
        for (int i = 0; i < 48; ++i)
            list += (i ? QStringLiteral(",") : QString()) + QString::number(1.0 + 0.5 * i, 'g', 17);
        text["long-factor"] = list.toStdString();
        FigureData d = computeFigure(request(FigureKind::Engines, {method("longrope", text)}, 4096));
        const Curve* curve = engineCurve(d, QStringLiteral("vLLM"), 0);
        QVERIFY(curve);
        QCOMPARE(curve->y.size(), vllm.size());
        for (std::size_t i = 0; i < vllm.size(); ++i) {
            const double hf = 1.0 / (shortFactors[i] * std::pow(10000.0, 2.0 * static_cast<double>(i) / 96));
            const double expected = vllm[i] / hf - 1; // float32 values from vLLM: 1e-6 relative
            QVERIFY2(std::fabs(curve->y[i] - expected) <= 1e-6 * (1 + std::fabs(expected)),
                     qPrintable(QStringLiteral("pair %1: %2, expected %3").arg(i).arg(curve->y[i]).arg(expected)));
        }
        QVERIFY(d.note.contains(QStringLiteral("llama.cpp")));

        // DeepSeek's mscale 0.707 without mscale_all_dim: vLLM's DeepseekScalingRotaryEmbedding gives 1.2608
        // (its own value), HF 0.1 ln 40 + 1 = 1.3689. At position 0 cos = a for every pair, so each pair's worst
        // |Δcos| is at least the difference of the factors; the legend and the note state vLLM's.
        const QJsonObject ds = engineCase("engines/vllm_rope.json", "deepseek-mscale-only");
        const double aVllm = ds.value("mscale").toDouble(), aHf = 0.1 * std::log(40.0) + 1.0;
        d = computeFigure(request(FigureKind::Engines,
                                  {method("yarn", {{"head-dim", "64"}, {"factor", "40"},
                                                   {"original-max-position-embeddings", "4096"}, {"mscale", "0.707"}})},
                                  4096));
        const Curve* cs = engineCurve(d, QStringLiteral("vLLM"), 1);
        QVERIFY(cs);
        QCOMPARE(cs->y.size(), std::size_t(32));
        for (const double y : cs->y)
            QVERIFY2(y >= (aHf - aVllm) * (1 - 1e-6), qPrintable(QString::number(y)));
        const QString legend = engineCurve(d, QStringLiteral("vLLM"), 0)->name;
        QVERIFY2(legend.contains(QString::number(aVllm, 'f', 2)), qPrintable(legend)); // "vLLM (a = 1.26)"
        QVERIFY2(d.note.contains(QString::number(aVllm, 'f', 4)), qPrintable(d.note));  // 1.2608...
    }

    void whereTheViewDoesNotApply()
    {
        // Not rotary: the reason; xPos: HF alone (both engines say why they cannot express it).
        try {
            computeFigure(request(FigureKind::Engines, {method("sinusoidal")}));
            QFAIL("no error");
        } catch (const InvalidInput& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("Engine")), e.what());
        }
        const FigureData d = computeFigure(request(FigureKind::Engines, {method("xpos")}));
        QVERIFY(d.note.contains(QStringLiteral("Cannot express it")));
        QVERIFY(d.note.contains(QStringLiteral("xPos decays the scores per pair")));
        QVERIFY(!engineCurve(d, QStringLiteral("vLLM"), 0));
    }

    void twoInstancesOfYarnOnTwoEngines()
    {
        // The explorer: YaRN and its second instance, the second on llama.cpp (gpt-oss-20b's configuration). The
        // Wavelengths view draws each instance's frequencies: the llama.cpp instance's are ggml's own (from its
        // kernel's output), the first's HF's; the method list and the legend say which engine.
        m_f.open();
        ParamsModel& model = *m_f.w().model();
        const std::string second = model.addInstance("yarn");
        QCOMPARE(second, std::string("yarn#2"));
        model.setChecked("yarn", true);
        model.setChecked(second, true);
        model.setPrimary("yarn");
        for (const auto& [name, value] : std::vector<std::pair<std::string, ParamValue>>{
                 {"head-dim", 64.0}, {"base", 150000.0}, {"factor", 32.0},
                 {"original-max-position-embeddings", 4096.0}, {"truncate", false}}) {
            if (ParamsModel::isShared(name)) {
                model.setShared(name, value);
            } else {
                model.setValue("yarn", name, value);
                model.setValue(second, name, value);
            }
        }
        model.setValue(second, "engine", ParamValue{std::string("llama.cpp")});
        m_f.w().tabs()->setCurrentWidget(m_f.w().page(FigureKind::Frequencies));
        m_f.waitIdle();
        const FigureData& data = m_f.w().page(FigureKind::Frequencies)->figure()->data();
        const Curve *hf = nullptr, *ggml = nullptr;
        QStringList names;
        for (const auto& c : data.curves) {
            names << c.name;
            if (c.name == QLatin1String("YaRN"))
                hf = &c;
            if (c.name == QLatin1String("YaRN (llama.cpp)"))
                ggml = &c;
        }
        QVERIFY2(hf && ggml, qPrintable(names.join('|')));
        const auto theta = ggmlTheta(engineCase("engines/ggml_rope.json", "yarn32-gptoss-neox"));
        const auto hfTheta = hfYarnUntruncated(64, 150000, 32, 4096);
        QCOMPARE(ggml->y.size(), theta.size());
        int differ = 0;
        for (std::size_t i = 0; i < theta.size(); ++i) { // the view's y is the wavelength 2π/θ'
            QVERIFY(std::fabs(ggml->y[i] / (2 * std::numbers::pi / theta[i]) - 1) < 2e-6);
            QVERIFY(std::fabs(hf->y[i] / (2 * std::numbers::pi / hfTheta[i]) - 1) < 1e-9);
            differ += std::fabs(ggml->y[i] / hf->y[i] - 1) > 1e-3;
        }
        QVERIFY2(differ >= 5, qPrintable(QString::number(differ))); // the ramp pairs
        bool listed = false;
        for (QListWidget* list : m_f.w().methodList()->findChildren<QListWidget*>())
            for (int i = 0; i < list->count(); ++i)
                listed |= list->item(i)->text().startsWith(QStringLiteral("YaRN #2 (llama.cpp)"));
        QVERIFY(listed);
        if (const QString dir = qEnvironmentVariable("POSENC_SCREENSHOT_DIR"); !dir.isEmpty()) {
            m_f.w().grab().save(dir + QStringLiteral("/instances-frequencies.png"));
            m_f.w().tabs()->setCurrentWidget(m_f.w().page(FigureKind::Engines));
            m_f.waitIdle();
            QTest::qWait(100);
            m_f.w().grab().save(dir + QStringLiteral("/instances-engines.png"));
        }
        m_f.window.reset();
    }
};

int main(int argc, char** argv)
{
    return screen_test::runOnScreen<TestEnginesView>(argc, argv);
}

#include "tst_engines_view.moc"
