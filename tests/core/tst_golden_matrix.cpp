// SPDX-License-Identifier: GPL-3.0-or-later
// Known-answer test for the matrix views: rows of tests/data/sinusoidal.json through computeMatrix (view pe,
// both layouts, both exponents) and tests/data/rope_apply.json through applyRotary / rotaryScore and through the
// `rotated` view with the case's x as the probe.
//
// Entries are sines and cosines of m*theta: a float64 reference evaluates sin(fl(m*theta)), whose argument is
// itself rounded by up to ulp(m*theta)/2, so the comparison allows |error| <= 1e-10 |expected| plus
// 4 ulp(m * theta_max) times the magnitude of the rotated vector (the inherent argument rounding, ~1e-11 at
// m = 1e5), and never less than 1e-14.

#include "golden_support.h"

#include "posenc/errors.h"
#include "posenc/matrix.h"
#include "posenc/registry.h"
#include "posenc/rope_apply.h"

#include <QJsonArray>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

using namespace posenc;
using posenc::test::exactText;

namespace {

/// Rows computed in one block that ends at `position`, so that the row comes out of the angle-addition
/// recurrence (core re-seeds every 32 rows) rather than a direct std::cos/std::sin call.
constexpr std::int64_t kLeadIn = 45;

std::shared_ptr<const Encoding> build(const std::string& id, const std::map<std::string, std::string>& flags)
{
    const MethodDef& def = Registry::instance().find(id);
    return Registry::build(def, Registry::resolve(def, flags));
}

std::vector<double> rowAt(const Encoding& enc, View view, std::int64_t position, const std::vector<double>& probe = {})
{
    MatrixRequest req;
    req.view = view;
    req.firstPosition = std::max<std::int64_t>(0, position - kLeadIn);
    req.length = position - req.firstPosition + 1;
    req.options.probe = probe;
    const Matrix m = computeMatrix(enc, req);
    const auto* last = m.data.data() + (m.rows - 1) * m.cols;
    return {last, last + m.cols};
}

double tolerance(double expected, double angle, double magnitude)
{
    const double argRounding = 4.0 * std::numeric_limits<double>::epsilon() * std::max(1.0, angle) * magnitude;
    return std::max(1e-10 * std::fabs(expected) + argRounding, 1e-14);
}

void verifyRow(const std::vector<double>& actual, const std::vector<double>& expected, double angle, double magnitude,
               const QString& what)
{
    QCOMPARE(actual.size(), expected.size());
    for (std::size_t j = 0; j < expected.size(); ++j) {
        const double err = std::fabs(actual[j] - expected[j]);
        QVERIFY2(err <= tolerance(expected[j], angle, magnitude),
                 qPrintable(QStringLiteral("%1, column %2: got %3, expected %4 (error %5)")
                                .arg(what)
                                .arg(j)
                                .arg(actual[j], 0, 'g', 17)
                                .arg(expected[j], 0, 'g', 17)
                                .arg(err, 0, 'g', 3)));
    }
}

double maxAbs(const std::vector<double>& v)
{
    double m = 0;
    for (double x : v)
        m = std::max(m, std::fabs(x));
    return m;
}

} // namespace

class TstGoldenMatrix : public QObject {
    Q_OBJECT

private slots:
    void sinusoidalRows_data()
    {
        QTest::addColumn<QJsonObject>("golden");
        const auto cases = posenc::test::loadGolden("sinusoidal.json")["cases"].toArray();
        QVERIFY(cases.size() >= 9);
        for (const auto& v : cases) {
            const QJsonObject c = v.toObject();
            QTest::newRow(qPrintable(QStringLiteral("d%1 %2 %3")
                                         .arg(c["d_model"].toInt())
                                         .arg(c["layout"].toString(), c["exponent"].toString())))
                << c;
        }
    }

    void sinusoidalRows()
    {
        QFETCH(QJsonObject, golden);
        const QString layout = golden["layout"].toString();
        QVERIFY(layout == QLatin1String("interleaved") || layout == QLatin1String("concat"));
        const auto enc =
            build("sinusoidal", {{"d-model", exactText(golden["d_model"].toDouble())},
                                 {"base", exactText(golden["base"].toDouble())},
                                 {"layout", layout == QLatin1String("concat") ? "concatenated" : "interleaved"},
                                 {"exponent", golden["exponent"].toString().toStdString()}});
        const auto positions = golden["positions"].toArray();
        const auto rows = golden["rows"].toArray();
        QCOMPARE(rows.size(), positions.size());
        for (qsizetype k = 0; k < positions.size(); ++k) {
            const auto p = static_cast<std::int64_t>(positions[k].toDouble());
            verifyRow(rowAt(*enc, View::Pe, p), posenc::test::toVector(rows[k]), static_cast<double>(p), 1.0,
                      QStringLiteral("position %1").arg(p));
        }
    }

    void ropeApply_data()
    {
        QTest::addColumn<QJsonObject>("golden");
        const auto cases = posenc::test::loadGolden("rope_apply.json")["cases"].toArray();
        QVERIFY(cases.size() >= 32);
        for (const auto& v : cases) {
            const QJsonObject c = v.toObject();
            QTest::newRow(qPrintable(QStringLiteral("hd%1 p%2 b%3 %4 a%5")
                                         .arg(c["head_dim"].toInt())
                                         .arg(c["partial_rotary_factor"].toDouble())
                                         .arg(c["base"].toDouble())
                                         .arg(c["pairing"].toString())
                                         .arg(c["attention_factor"].toDouble())))
                << c;
        }
    }

    void ropeApply()
    {
        QFETCH(QJsonObject, golden);
        const double a = golden["attention_factor"].toDouble();
        std::map<std::string, std::string> flags = {
            {"head-dim", exactText(golden["head_dim"].toDouble())},
            {"partial-rotary-factor", exactText(golden["partial_rotary_factor"].toDouble())},
            {"base", exactText(golden["base"].toDouble())},
            {"pairing", golden["pairing"].toString().toStdString()}};
        // An attention factor other than 1: YaRN at factor 1 (frequencies unscaled) with the explicit override.
        std::string id = "rope";
        if (a != 1.0) {
            id = "yarn";
            flags["factor"] = "1";
            flags["attention-factor"] = exactText(a);
        }
        const auto enc = build(id, flags);
        const RotaryFrequencies& f = *enc->rotary();
        QCOMPARE(f.attentionFactor, a);

        const auto x = posenc::test::toVector(golden["x"]);
        const auto y = posenc::test::toVector(golden["y"]);
        const double magnitude = a * maxAbs(x);
        const double thetaMax = f.invFreq.front();
        const auto positions = golden["positions"].toArray();
        const auto rotated = golden["rotated"].toArray();
        QCOMPARE(rotated.size(), positions.size());
        for (qsizetype k = 0; k < positions.size(); ++k) {
            const double m = positions[k].toDouble();
            const auto expected = posenc::test::toVector(rotated[k]);
            verifyRow(applyRotary(f, x, m), expected, m * thetaMax, magnitude,
                      QStringLiteral("applyRotary at %1").arg(m));
            verifyRow(rowAt(*enc, View::Rotated, static_cast<std::int64_t>(m), x), expected, m * thetaMax, magnitude,
                      QStringLiteral("rotated view at %1").arg(m));
        }

        // The score depends on n - m only: check it from two query positions.
        const auto distances = golden["relative_distances_n_minus_m"].toArray();
        const auto scores = golden["score_R_m_x_dot_R_n_y"].toArray();
        QCOMPARE(scores.size(), distances.size());
        const double scoreScale = a * a * maxAbs(x) * maxAbs(y) * static_cast<double>(x.size());
        for (qsizetype k = 0; k < distances.size(); ++k) {
            const double delta = distances[k].toDouble();
            for (const double m : {0.0, 5000.0}) {
                const double s = rotaryScore(f, x, m, y, m + delta);
                const double expected = scores[k].toDouble();
                const double angle = (m + std::fabs(delta)) * thetaMax;
                QVERIFY2(std::fabs(s - expected) <= tolerance(expected, angle, scoreScale),
                         qPrintable(QStringLiteral("score m=%1 n-m=%2: got %3, expected %4")
                                        .arg(m)
                                        .arg(delta)
                                        .arg(s, 0, 'g', 17)
                                        .arg(expected, 0, 'g', 17)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TstGoldenMatrix)
#include "tst_golden_matrix.moc"
