// SPDX-License-Identifier: GPL-3.0-or-later
// The `posenc` command-line tool, run as a separate process (issue 2 §4): version, method list, frequency JSON
// and CSV against the golden values. Matrix output, atomic -o, bad input and help: tst_cli_matrix.

#include "cli_run.h"
#include "golden_support.h"

#include "posenc/registry.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <algorithm>
#include <cstring>
#include <functional>
#include <numbers>

using namespace posenc;
using posenc::test::exactText;
using posenc::test::jsonOut;
using posenc::test::posencCli;
using posenc::test::Run;

namespace {

/// The first golden case of inv_freq.json with the given method for which `match` holds.
QJsonObject goldenCase(const QString& method, const std::function<bool(const QJsonObject&)>& match)
{
    for (const auto& v : posenc::test::loadGolden("inv_freq.json")["cases"].toArray()) {
        const QJsonObject c = v.toObject();
        if (c["method"].toString() == method && match(c))
            return c;
    }
    return {};
}

QString num(const QJsonObject& c, const char* key)
{
    return QString::fromStdString(exactText(c[key].toDouble()));
}

/// Compares the JSON output of `compute frequencies` with a golden case.
void verifyFrequencies(const QJsonObject& out, const QJsonObject& golden)
{
    const auto expected = posenc::test::toVector(golden["inv_freq"]);
    const auto actual = posenc::test::toVector(out["inv_freq"]);
    QCOMPARE(actual.size(), expected.size());
    std::size_t worstAt = 0;
    const double worst = posenc::test::maxRelativeError(actual, expected, &worstAt);
    QVERIFY2(worst <= 1e-10, qPrintable(QStringLiteral("inv_freq[%1] relative error %2").arg(worstAt).arg(worst)));
    POSENC_VERIFY_REL(out["attention_factor"].toDouble(), golden["attention_factor"].toDouble(), 1e-10,
                      "attention_factor");
    const auto wavelength = posenc::test::toVector(out["wavelength"]);
    QCOMPARE(wavelength.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        POSENC_VERIFY_REL(wavelength[i], 2 * std::numbers::pi / expected[i], 1e-10, "wavelength");
}

} // namespace

class TstCli : public QObject {
    Q_OBJECT

private slots:
    void version()
    {
        const Run r = posencCli({QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(QString::fromUtf8(r.out).contains(QRegularExpression(QStringLiteral("^posenc \\d+\\.\\d+\\.\\d+"))),
                 r.out.constData());
    }

    void methodsJson()
    {
        const Run r = posencCli({QStringLiteral("methods"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray listed = jsonOut(r)["methods"].toArray();
        QCOMPARE(listed.size(), static_cast<qsizetype>(Registry::instance().methods().size()));
        for (const auto& def : Registry::instance().methods()) {
            QJsonObject entry;
            for (const auto& v : listed)
                if (v.toObject()["id"].toString().toStdString() == def.info.id)
                    entry = v.toObject();
            QVERIFY2(!entry.isEmpty(), def.info.id.c_str());
            QCOMPARE(entry["kind"].toString().toStdString(), toString(def.info.kind));
            const QJsonArray params = entry["params"].toArray();
            QCOMPARE(params.size(), static_cast<qsizetype>(def.info.params.size()));
            for (qsizetype i = 0; i < params.size(); ++i) {
                const QJsonObject p = params[i].toObject();
                QCOMPARE(p["name"].toString().toStdString(), def.info.params[static_cast<std::size_t>(i)].name);
                QVERIFY(p.contains("default"));
                QVERIFY(!p["help"].toString().isEmpty());
                QVERIFY(!p["range"].toString().isEmpty());
            }
            QVERIFY(!entry["views"].toArray().isEmpty() || def.info.kind == MethodKind::None);
        }
    }

    /// `posenc compute frequencies --method yarn --format json` prints the reference numbers: the golden yarn
    /// case with factor 8, L0 4096, d 128, base 1e4 (the defaults).
    void yarnFrequenciesJson()
    {
        const Run r = posencCli({QStringLiteral("compute"), QStringLiteral("frequencies"), QStringLiteral("--method"),
                                 QStringLiteral("yarn"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        const QJsonObject out = jsonOut(r);
        for (const char* key :
             {"method", "params", "rotary_dim", "inv_freq", "wavelength", "gamma_paper", "hf_ramp", "interpolation",
              "attention_factor"})
            QVERIFY2(out.contains(QLatin1String(key)), key);
        QCOMPARE(out["method"].toString(), QStringLiteral("yarn"));
        QCOMPARE(out["rotary_dim"].toInt(), 128);
        const QJsonObject params = out["params"].toObject();
        for (const auto& spec : Registry::instance().find("yarn").info.params)
            QVERIFY2(params.contains(QString::fromStdString(spec.name)), spec.name.c_str());
        QCOMPARE(params["factor"].toDouble(), 8.0);
        QCOMPARE(params["original-max-position-embeddings"].toDouble(), 4096.0);

        const QJsonObject golden = goldenCase(QStringLiteral("yarn"), [](const QJsonObject& c) {
            return c["d_rot"].toInt() == 128 && c["base"].toDouble() == 1e4 && c["factor"].toDouble() == 8.0 &&
                   c["original_max_position_embeddings"].toInt() == 4096 && c["truncate"].toBool();
        });
        QVERIFY(!golden.isEmpty());
        verifyFrequencies(out, golden);
        QCOMPARE(out["ramp_low"].toDouble(), golden["ramp_low"].toDouble());
        QCOMPARE(out["ramp_high"].toDouble(), golden["ramp_high"].toDouble());
        POSENC_VERIFY_REL(out["attention_factor"].toDouble(), 1.207944, 5e-7 / 1.207944, "paper sqrt(1/t)");

        // ramp and interpolation: arrays of d_rot/2 values in [0, 1]; the interpolation fraction is
        // log(theta/theta')/log(s) against the golden inv_freq and theta = 1e4^(-2i/128)
        const auto ramp = posenc::test::toVector(out["gamma_paper"]);
        const auto interp = posenc::test::toVector(out["interpolation"]);
        // hf_ramp is HF's linear_ramp_factor(low, high, d/2) (modeling_rope_utils.py, _compute_yarn_parameters):
        // clamp((i - low) / (high - low), 0, 1) with the golden ramp bounds, 0 = keep, the opposite of gamma_paper.
        const auto hfRamp = posenc::test::toVector(out["hf_ramp"]);
        QCOMPARE(hfRamp.size(), std::size_t(64));
        const double low = golden["ramp_low"].toDouble(), high = golden["ramp_high"].toDouble();
        for (std::size_t i = 0; i < 64; ++i) {
            const double linear = std::clamp((static_cast<double>(i) - low) / (high - low), 0.0, 1.0);
            QVERIFY2(std::fabs(hfRamp[i] - linear) < 1e-15, qPrintable(QString::number(i)));
        }
        // The old name still reads the same values (scripts written against it), and says it is deprecated.
        QCOMPARE(posenc::test::toVector(out["ramp"]), ramp);
        QVERIFY(out["deprecated"].toString().contains(QStringLiteral("gamma_paper")));
        const auto invFreq = posenc::test::toVector(golden["inv_freq"]);
        QCOMPARE(ramp.size(), std::size_t(64));
        QCOMPARE(interp.size(), std::size_t(64));
        for (std::size_t i = 0; i < 64; ++i) {
            QVERIFY(ramp[i] >= 0.0 && ramp[i] <= 1.0);
            const double theta = std::pow(1e4, -2.0 * static_cast<double>(i) / 128.0);
            QVERIFY(std::fabs(interp[i] - std::log(theta / invFreq[i]) / std::log(8.0)) < 1e-12);
        }
        QCOMPARE(ramp.front(), 1.0);
        QCOMPARE(ramp.back(), 0.0);
    }

    void otherMethodsJson_data()
    {
        QTest::addColumn<QString>("goldenMethod");
        QTest::addColumn<QString>("method");
        QTest::newRow("linear -> pi") << "linear"
                                      << "pi";
        QTest::newRow("linear alias") << "linear"
                                      << "linear";
        QTest::newRow("ntk_aware") << "ntk_aware"
                                   << "ntk-aware";
        QTest::newRow("dynamic_ntk_hf alias") << "dynamic_ntk_hf"
                                              << "dynamic";
        QTest::newRow("llama3") << "llama3"
                                << "llama3";
        QTest::newRow("longrope") << "longrope"
                                  << "longrope";
        QTest::newRow("default partial") << "default"
                                         << "default";
    }

    void otherMethodsJson()
    {
        QFETCH(QString, goldenMethod);
        QFETCH(QString, method);
        const QJsonObject c = goldenCase(goldenMethod, [](const QJsonObject& g) {
            // a non-trivial case: scaled, and partial rotary for the default method
            return g["factor"].toDouble(4.0) == 4.0 &&
                   (g["method"].toString() != QLatin1String("default") ||
                    g.contains(QLatin1String("partial_rotary_factor"))) &&
                   (!g.contains(QLatin1String("seq_len")) ||
                    g["seq_len"].toDouble() > g["max_position_embeddings"].toDouble(1e18) ||
                    g["method"].toString() == QLatin1String("longrope"));
        });
        QVERIFY2(!c.isEmpty(), qPrintable(goldenMethod));
        QStringList args = {QStringLiteral("compute"),  QStringLiteral("frequencies"),
                            QStringLiteral("--method"), method,
                            QStringLiteral("--base"),   num(c, "base")};
        if (c.contains(QLatin1String("head_dim")))
            args << QStringLiteral("--head-dim") << num(c, "head_dim") << QStringLiteral("--partial-rotary-factor")
                 << num(c, "partial_rotary_factor");
        else
            args << QStringLiteral("--head-dim") << num(c, "d_rot");
        if (c.contains(QLatin1String("factor")))
            args << QStringLiteral("--factor") << num(c, "factor");
        if (c.contains(QLatin1String("original_max_position_embeddings")))
            args << QStringLiteral("--original-max-position-embeddings") << num(c, "original_max_position_embeddings");
        if (c.contains(QLatin1String("max_position_embeddings"))) // HF name, accepted as an alias
            args << QStringLiteral("--max-position-embeddings") << num(c, "max_position_embeddings");
        if (c.contains(QLatin1String("seq_len")))
            args << QStringLiteral("--seq-len") << num(c, "seq_len");
        if (c.contains(QLatin1String("low_freq_factor")))
            args << QStringLiteral("--low-freq-factor") << num(c, "low_freq_factor")
                 << QStringLiteral("--high-freq-factor") << num(c, "high_freq_factor");
        for (const char* list : {"short_factor", "long_factor"})
            if (c.contains(QLatin1String(list)))
                args << QStringLiteral("--") + QString(QLatin1String(list)).replace('_', '-')
                     << QString::fromStdString(posenc::test::listText(posenc::test::toVector(c[list])));
        const Run r = posencCli(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject out = jsonOut(r);
        QCOMPARE(out["method"].toString().toStdString(), Registry::instance().find(method.toStdString()).info.id);
        verifyFrequencies(out, c);
        if (c.contains(QLatin1String("base_prime")))
            POSENC_VERIFY_REL(out["base_prime"].toDouble(), c["base_prime"].toDouble(), 1e-10, "base_prime");
    }

    void nonRotaryFrequencies()
    {
        const Run r = posencCli({QStringLiteral("compute"), QStringLiteral("frequencies"), QStringLiteral("--method"),
                                 QStringLiteral("sinusoidal"), QStringLiteral("--d-model"), QStringLiteral("16")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject out = jsonOut(r);
        QVERIFY(out["rotary_dim"].isNull());
        QVERIFY(out["gamma_paper"].isNull());
        QVERIFY(out["hf_ramp"].isNull());
        QVERIFY(out["interpolation"].isNull());
        const auto w = posenc::test::toVector(out["inv_freq"]);
        QCOMPARE(w.size(), std::size_t(8));
        for (std::size_t i = 0; i < 8; ++i)
            POSENC_VERIFY_REL(w[i], std::pow(1e4, -2.0 * static_cast<double>(i) / 16.0), 1e-14, "omega");
        // a bias method has no per-pair frequencies: exit 2 with a hint
        const Run bias = posencCli({QStringLiteral("compute"), QStringLiteral("frequencies"),
                                    QStringLiteral("--method"), QStringLiteral("alibi")});
        QCOMPARE(bias.exitCode, 2);
        QVERIFY2(bias.err.contains(QStringLiteral("bias")), qPrintable(bias.err));
    }

    void frequenciesCsv()
    {
        const Run r = posencCli({QStringLiteral("compute"), QStringLiteral("frequencies"), QStringLiteral("--method"),
                                 QStringLiteral("yarn"), QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(r.exitCode, 0);
        QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 65);
        QCOMPARE(lines[0], QStringLiteral("pair,inv_freq,wavelength,gamma_paper,hf_ramp,interpolation"));
        const QJsonObject golden = goldenCase(QStringLiteral("yarn"), [](const QJsonObject& c) {
            return c["d_rot"].toInt() == 128 && c["base"].toDouble() == 1e4 && c["factor"].toDouble() == 8.0 &&
                   c["original_max_position_embeddings"].toInt() == 4096 && c["truncate"].toBool();
        });
        const auto expected = posenc::test::toVector(golden["inv_freq"]);
        for (int i = 0; i < 64; ++i) {
            const QStringList cells = lines[i + 1].split(',');
            QCOMPARE(cells.size(), 6);
            QCOMPARE(cells[0].toInt(), i);
            POSENC_VERIFY_REL(cells[1].toDouble(), expected[static_cast<std::size_t>(i)], 1e-10, "csv inv_freq");
            POSENC_VERIFY_REL(cells[2].toDouble(), 2 * std::numbers::pi / expected[static_cast<std::size_t>(i)], 1e-10,
                              "csv wavelength");
        }
    }

};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
