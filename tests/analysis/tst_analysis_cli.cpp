// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis commands of the `posenc` binary (QProcess): JSON keys and values against the golden files and
// theory numbers, CSV headers, and exit code 2 with a message naming the flag for bad ranges.

#include "analysis_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <cmath>

namespace {

struct Run {
    int code = -1;
    QByteArray out, err;
};

Run posencRun(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(POSENC_CLI_PATH), args);
    p.waitForFinished(-1);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QJsonObject json(const Run& r) { return QJsonDocument::fromJson(r.out).object(); }

} // namespace

class TestAnalysisCli : public QObject {
    Q_OBJECT
private slots:
    void decayJsonAndCsv();
    void decayRandomDraws();
    void entropyValues();
    void boundsLlama2();
    void similaritySpectrumPca();
    void formulaCommandsWriteTheirDeclaredColumns();
    void badRangesExitTwo_data();
    void badRangesExitTwo();
};

void TestAnalysisCli::decayJsonAndCsv()
{
    const auto golden = posenc::test::loadGolden("decay_curves.json")["curves"].toArray()[0].toObject();
    const auto m = posenc::test::toVector(golden["m"]);
    const auto r = posencRun({"compute", "decay", "--method", "rope", "--distances",
                              QString::fromStdString(posenc::test::listText(m))});
    QCOMPARE(r.code, 0);
    const auto o = json(r);
    for (const char* key : {"distance", "roformer-bound", "similar-token", "all-ones"})
        QVERIFY2(o.contains(QLatin1String(key)), key);
    QVERIFY(!o.contains(QLatin1String("random-qk-mean")));
    QVERIFY(posenc::test::maxRelativeError(posenc::test::toVector(o["roformer-bound"]),
                                           posenc::test::toVector(golden["roformer_relative_upper_bound"])) <= 1e-9);
    QVERIFY(posenc::test::maxRelativeError(posenc::test::toVector(o["similar-token"]),
                                           posenc::test::toVector(golden["B_m_theta"])) <= 1e-9);
    const auto csv = posencRun({"compute", "decay", "--max-distance", "3", "--format", "csv"});
    QCOMPARE(csv.code, 0);
    const auto lines = csv.out.split('\n');
    QCOMPARE(lines[0], QByteArray("distance,roformer-bound,similar-token,all-ones"));
    QVERIFY(lines[1].startsWith("0,32.5,64,128"));
    QCOMPARE(lines.size(), 5); // header, 3 rows, trailing newline
}

void TestAnalysisCli::decayRandomDraws()
{
    const auto r = posencRun({"compute", "decay", "--method", "yarn", "--max-distance", "50", "--samples", "200",
                              "--seed", "3", "--correlation", "1"});
    QCOMPARE(r.code, 0);
    const auto o = json(r);
    const auto mean = posenc::test::toVector(o["random-qk-mean"]);
    const auto sd = posenc::test::toVector(o["random-qk-std"]);
    QCOMPARE(mean.size(), std::size_t(50));
    QVERIFY(sd[0] > 0);
    // rho = 1: k = q, so at Delta = 0 the score is a^2 |q|^2 with mean a^2 head_dim (within 4 standard errors).
    const double a2 = 1.2079441541679836 * 1.2079441541679836;
    QVERIFY(std::fabs(mean[0] - a2 * 128) < 4 * sd[0] / std::sqrt(200.0));
}

void TestAnalysisCli::entropyValues()
{
    auto r = posencRun({"compute", "entropy", "--method", "yarn", "--factor", "8", "--ramp", "paper", "--lengths",
                        "1,4096", "--max-length", "4096", "--score", "all-ones"}); // theory.md §6's all-ones value
    QCOMPARE(r.code, 0);
    auto o = json(r);
    for (const char* key : {"length", "entropy", "entropy_over_log_length", "uniform"})
        QVERIFY2(o.contains(QLatin1String(key)), key);
    QCOMPARE(std::round(o["entropy"].toArray()[1].toDouble() * 1e4) / 1e4, 2.3891);
    QVERIFY(o["entropy_over_log_length"].toArray()[0].isNull()); // H/ln n at n = 1
    QCOMPARE(o["uniform"].toArray()[1].toDouble(), std::log(4096.0));
    r = posencRun({"compute", "entropy", "--max-length", "4096", "--format", "csv"});
    QCOMPARE(r.code, 0);
    const auto lines = r.out.split('\n');
    QCOMPARE(lines[0], QByteArray("length,entropy,entropy_over_log_length,uniform"));
    QCOMPARE(lines.size(), 4098);
    QVERIFY(lines[4096].startsWith("4096,8.2299")); // the default expected-similar, sigma2 0.25 (NumPy 8.229954)
    r = posencRun({"compute", "entropy", "--temperature", "log-n", "--lengths", "100,8192", "--reference-length",
                   "1024", "--format", "csv"});
    QCOMPARE(r.code, 0);
}

void TestAnalysisCli::boundsLlama2()
{
    const auto r = posencRun({"compute", "bounds", "--method", "rope", "--base", "1e6", "--pretrain-base", "1e4",
                              "--train-length", "4096", "--context-length", "4096"});
    QCOMPARE(r.code, 0);
    const auto o = json(r);
    QCOMPARE(o["critical_dim"].toDouble(), 92.0);
    QCOMPARE(std::round(o["extrapolation_bound"].toDouble() * 10) / 10, 129026.8);
    QCOMPARE(o["l_theta"].toDouble(), 27114.0);
    // Exact infimum (theory.md §2, fine linear scan: 26954), below the 10^(k/1000) grid's 28641.8
    POSENC_VERIFY_REL(o["base_lower_bound"].toDouble(), 26954.0, 2e-4, "base lower bound, L 4096");
    for (const char* key : {"pairs_kept", "pairs_ramped", "pairs_interpolated"})
        QVERIFY2(o.contains(QLatin1String(key)), key);
    const auto csv = posencRun({"compute", "bounds", "--method", "llama3", "--base-bound", "no", "--format", "csv"});
    QCOMPARE(csv.code, 0);
    QVERIFY(csv.out.contains("pairs_kept,29\npairs_ramped,6\npairs_interpolated,29\n"));
    QVERIFY(csv.out.contains("base_lower_bound,\n"));
}

void TestAnalysisCli::similaritySpectrumPca()
{
    auto r = posencRun({"compute", "similarity", "--method", "rope", "--length", "4", "--format", "json"});
    QCOMPARE(r.code, 0);
    const auto data = json(r)["data"].toArray();
    QCOMPARE(data.size(), 16);
    QCOMPARE(data[0].toDouble(), 128.0 - 0.0); // <1, 1> with the default +-1 probe: head_dim
    QVERIFY(std::fabs(data[1].toDouble() - data[6].toDouble()) < 1e-9); // Toeplitz
    r = posencRun({"compute", "spectrum", "--method", "sinusoidal", "--d-model", "8", "--length", "256"});
    QCOMPARE(r.code, 0);
    auto o = json(r);
    QCOMPARE(o["power"].toArray().size(), 8);
    QCOMPARE(o["frequency"].toArray().size(), 129);
    QVERIFY(std::fabs(o["peak_frequency"].toArray()[0].toDouble() - 1.0 / (2 * M_PI)) <= 1.0 / 256);
    r = posencRun({"compute", "pca", "--method", "sinusoidal", "--d-model", "8", "--length", "200", "--components", "2"});
    QCOMPARE(r.code, 0);
    o = json(r);
    QCOMPARE(o["projections"].toArray().size(), 2);
    QCOMPARE(o["projections"].toArray()[0].toArray().size(), 200);
    QCOMPARE(o["explained_variance_ratio"].toArray().size(), 2);
}

/// The analyses that use no encoding share one command writer (runFormulaAnalysis): the CSV has the declared per-row
/// columns in declared order; `compute dype` at its defaults (FLUX.1's h/w axis, 64 -> 128 patches, t = 1, official
/// YaRN) is the first case of grid_dype_golden.json (guyyariv/DyPE's own code).
void TestAnalysisCli::formulaCommandsWriteTheirDeclaredColumns()
{
    const QJsonObject golden = posenc::test::loadGolden("grid/grid_dype_golden.json")["cases"].toArray()[0].toObject();
    QCOMPARE(golden["variant"].toString(), QStringLiteral("official"));
    QCOMPARE(golden["target"].toInt(), 128);
    auto r = posencRun({"compute", "dype"});
    QCOMPARE(r.code, 0);
    const QJsonObject o = json(r);
    const QJsonArray got = o["inv_freq"].toArray(), want = golden["inv_freq"].toArray();
    QCOMPARE(got.size(), want.size());
    for (qsizetype j = 0; j < want.size(); ++j)
        QVERIFY(std::abs(got[j].toDouble() / want[j].toDouble() - 1) <= 1e-12);
    QVERIFY(std::abs(o["mscale"].toDouble() - golden["mscale"].toDouble()) <= 1e-12);
    r = posencRun({"compute", "dype", "--format", "csv"});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.startsWith("pair,inv_freq_plain,inv_freq,wavelength,slowdown\n0,1,1,"), r.out.left(80).constData());
    r = posencRun({"compute", "positions", "--token-layout", "text:2,image:4x4", "--format", "csv"});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QByteArray("token,modality,t,h,w\n0,text,0,0,0\n1,text,1,1,1\n2,image,2,2,2\n3,image,2,2,3\n"
                               "4,image,2,3,2\n5,image,2,3,3\n"));
    r = posencRun({"compute", "base-bound", "--lengths", "4096", "--format", "csv"});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.startsWith("length,base_lower_bound,paper_table2,paper_vs_computed,su_kexue_fm,su_vs_computed\n"
                              "4096,2695"), // 26952.4 (Men et al. Table 2: 2.7e4)
             r.out.constData());
}

void TestAnalysisCli::badRangesExitTwo_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("flag");
    QTest::newRow("max-distance 0") << QStringList{"compute", "decay", "--max-distance", "0"} << "--max-distance";
    QTest::newRow("no distances") << QStringList{"compute", "decay"} << "--max-distance";
    QTest::newRow("negative distance") << QStringList{"compute", "decay", "--distances", "1,-3"} << "-3";
    QTest::newRow("samples") << QStringList{"compute", "decay", "--max-distance", "5", "--samples", "1000001"}
                             << "--samples";
    QTest::newRow("correlation") << QStringList{"compute", "decay", "--max-distance", "5", "--correlation", "-1.5"}
                                 << "--correlation";
    QTest::newRow("max-length 0") << QStringList{"compute", "entropy", "--max-length", "0"} << "--max-length";
    QTest::newRow("lengths beyond N") << QStringList{"compute", "entropy", "--max-length", "10", "--lengths", "11"}
                                      << "--lengths";
    QTest::newRow("temperature") << QStringList{"compute", "entropy", "--max-length", "10", "--temperature", "hot"}
                                 << "--temperature";
    QTest::newRow("t5 indices") << QStringList{"compute", "entropy", "--method", "t5", "--max-length", "10"}
                                << "--bucket-values";
    QTest::newRow("similarity length") << QStringList{"compute", "similarity", "--length", "0"} << "--length";
    QTest::newRow("similarity kind") << QStringList{"compute", "similarity", "--length", "4", "--kind", "dot"}
                                     << "relative-score";
    QTest::newRow("pca components") << QStringList{"compute", "pca", "--method", "sinusoidal", "--d-model", "8",
                                                   "--length", "10", "--components", "9"}
                                    << "--components";
    QTest::newRow("bounds non-rotary") << QStringList{"compute", "bounds", "--method", "alibi"} << "rotary";
    QTest::newRow("dype timestep 0") << QStringList{"compute", "dype", "--dype-timestep", "0"} << "dype-timestep";
    QTest::newRow("dype variant") << QStringList{"compute", "dype", "--dype-variant", "paper"} << "--dype-variant";
    QTest::newRow("bounds context") << QStringList{"compute", "bounds", "--context-length", "0"} << "--context-length";
}

void TestAnalysisCli::badRangesExitTwo()
{
    QFETCH(QStringList, args);
    QFETCH(QString, flag);
    const auto r = posencRun(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(flag), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestAnalysisCli)
#include "tst_analysis_cli.moc"
