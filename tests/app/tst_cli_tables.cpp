// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc ... --input FILE[:TENSOR]`: a loaded table is a learned encoding for compute matrix, similarity,
// spectrum, pca and render. Known answers from a helix table built here (cos/sin of whole periods and a linear
// ramp, rotated into 8 channels): its PCA variances and spectrum peaks are known in closed form.

#include "../core/table_fixtures.h"

#include "posenc/io/tables.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include "cli_run.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

using namespace posenc;
using namespace posenc::test;

namespace {


constexpr int kN = 256;        // positions
constexpr int kD = 8;          // channels
constexpr int kPeriods = 4;    // whole periods of the circle over the table
constexpr double kRamp = 0.02; // slope of the helix axis per position

/// Row r: the helix (cos, sin, ramp) in the first three channels of an orthonormal basis of R^8 built from a
/// Householder reflection, so no channel is trivially one coordinate.
std::vector<double> helixTable()
{
    std::vector<double> v(kD);
    double norm = 0;
    for (int c = 0; c < kD; ++c) {
        v[static_cast<std::size_t>(c)] = 1.0 + c;
        norm += (1.0 + c) * (1.0 + c);
    }
    auto basis = [&](int k, int c) { // column k of H = I - 2 v v^T / |v|^2
        return (k == c ? 1.0 : 0.0) - 2.0 * v[static_cast<std::size_t>(k)] * v[static_cast<std::size_t>(c)] / norm;
    };
    std::vector<double> t(static_cast<std::size_t>(kN * kD));
    for (int r = 0; r < kN; ++r) {
        const double phase = 2.0 * std::numbers::pi * kPeriods * r / kN;
        const double coords[3] = {std::cos(phase), std::sin(phase), kRamp * (r - (kN - 1) / 2.0)};
        for (int c = 0; c < kD; ++c) {
            double x = 0;
            for (int k = 0; k < 3; ++k)
                x += coords[k] * basis(k, c);
            t[static_cast<std::size_t>(r * kD + c)] = x;
        }
    }
    return t;
}

std::string f64Payload(const std::vector<double>& t)
{
    std::string out;
    for (const double x : t)
        putLittle(out, std::bit_cast<std::uint64_t>(x), 8);
    return out;
}

void writeFile(const QString& path, const std::string& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes.data(), static_cast<qint64>(bytes.size()));
}

} // namespace

class TstCliTables : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::vector<double> m_table = helixTable();
    QString m_npy, m_st, m_csv;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const std::string shape = "(" + std::to_string(kN) + ", " + std::to_string(kD) + ")";
        m_npy = m_dir.filePath(QStringLiteral("helix.npy"));
        writeFile(m_npy,
                  npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': " + shape + ", }", f64Payload(m_table)));
        const std::string payload = f64Payload(m_table);
        const std::string header = "{\"other\":{\"dtype\":\"F64\",\"shape\":[1,1],\"data_offsets\":[0,8]},"
                                   "\"wpe.weight\":{\"dtype\":\"F64\",\"shape\":[" +
                                   std::to_string(kN) + "," + std::to_string(kD) + "],\"data_offsets\":[8," +
                                   std::to_string(8 + payload.size()) + "]}}";
        m_st = m_dir.filePath(QStringLiteral("model.safetensors"));
        writeFile(m_st, safetensorsFile(header, std::string(8, '\0') + payload));
        std::string csv;
        char buf[32];
        for (int r = 0; r < kN; ++r) {
            for (int c = 0; c < kD; ++c) {
                std::snprintf(buf, sizeof buf, "%.17g", m_table[static_cast<std::size_t>(r * kD + c)]);
                csv += (c ? "," : "") + std::string(buf);
            }
            csv += "\n";
        }
        m_csv = m_dir.filePath(QStringLiteral("helix.csv"));
        writeFile(m_csv, csv);
    }

    void matrixIsTheTable_data()
    {
        QTest::addColumn<QString>("input");
        QTest::newRow("npy") << m_npy;
        QTest::newRow("safetensors:tensor") << m_st + QStringLiteral(":wpe.weight");
        QTest::newRow("csv") << m_csv;
    }
    void matrixIsTheTable()
    {
        QFETCH(QString, input);
        const QString out = m_dir.filePath(QStringLiteral("pe.npy"));
        // No --method and no --length: the table method over the whole table.
        const Run r = posencCli({"compute", "matrix", "--input", input, "--view", "pe", "-o", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const Matrix m = io::readNpyFile(out.toStdString());
        QCOMPARE(m.rows, std::size_t(kN));
        QCOMPARE(m.cols, std::size_t(kD));
        QCOMPARE(m.data, m_table);
    }

    void pcaOfTheHelix()
    {
        const Run r = posencCli({"compute", "pca", "--input", m_npy, "--components", "3"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value("method").toString(), QStringLiteral("learned"));
        const auto var = o.value("explained_variance").toArray();
        QCOMPARE(var.size(), 3);
        // Independently: the 3 x 3 sample covariance (divisor N - 1) of the helix coordinates (cos, sin, ramp),
        // whose eigenvalues are the table's (the basis is orthonormal), by the closed form for symmetric 3 x 3
        // matrices (Smith 1961).
        double mean[3] = {0, 0, 0}, cov[3][3] = {};
        std::vector<std::array<double, 3>> xs;
        for (int row = 0; row < kN; ++row) {
            const double phase = 2.0 * std::numbers::pi * kPeriods * row / kN;
            xs.push_back({std::cos(phase), std::sin(phase), kRamp * (row - (kN - 1) / 2.0)});
            for (int k = 0; k < 3; ++k)
                mean[k] += xs.back()[static_cast<std::size_t>(k)] / kN;
        }
        for (const auto& x : xs)
            for (int a = 0; a < 3; ++a)
                for (int b = 0; b < 3; ++b)
                    cov[a][b] += (x[static_cast<std::size_t>(a)] - mean[a]) *
                                 (x[static_cast<std::size_t>(b)] - mean[b]) / (kN - 1);
        const double q = (cov[0][0] + cov[1][1] + cov[2][2]) / 3.0;
        const double p1 = cov[0][1] * cov[0][1] + cov[0][2] * cov[0][2] + cov[1][2] * cov[1][2];
        const double p2 = (cov[0][0] - q) * (cov[0][0] - q) + (cov[1][1] - q) * (cov[1][1] - q) +
                          (cov[2][2] - q) * (cov[2][2] - q) + 2 * p1;
        const double p = std::sqrt(p2 / 6.0);
        double B[3][3];
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b)
                B[a][b] = (cov[a][b] - (a == b ? q : 0.0)) / p;
        const double detB = B[0][0] * (B[1][1] * B[2][2] - B[1][2] * B[2][1]) -
                            B[0][1] * (B[1][0] * B[2][2] - B[1][2] * B[2][0]) +
                            B[0][2] * (B[1][0] * B[2][1] - B[1][1] * B[2][0]);
        const double phi = std::acos(std::clamp(detB / 2.0, -1.0, 1.0)) / 3.0;
        const double e1 = q + 2 * p * std::cos(phi);
        const double e3 = q + 2 * p * std::cos(phi + 2.0 * std::numbers::pi / 3.0);
        const double e2 = 3 * q - e1 - e3;
        for (const auto& [got, want] :
             {std::pair{var[0].toDouble(), e1}, {var[1].toDouble(), e2}, {var[2].toDouble(), e3}})
            QVERIFY2(std::fabs(got - want) < 1e-9 * e1, qPrintable(QStringLiteral("%1 vs %2").arg(got).arg(want)));
        QVERIFY(std::fabs(o.value("explained_variance_ratio").toArray()[0].toDouble() - e1 / (e1 + e2 + e3)) < 1e-9);
        QVERIFY(e1 > 4 * e2); // the helix: a long axis and a circle around it
    }

    void similarityIsCosineOfRows()
    {
        const Run r = posencCli({"compute", "similarity", "--input", m_csv, "--kind", "cosine", "--format", "json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value("shape").toArray()[0].toInt(), kN);
        const auto data = o.value("data").toArray();
        for (const auto& [i, j] : {std::pair{0, 0}, {3, 100}, {17, 255}, {200, 64}}) {
            double dot = 0, ni = 0, nj = 0;
            for (int c = 0; c < kD; ++c) {
                const double a = m_table[static_cast<std::size_t>(i * kD + c)];
                const double b = m_table[static_cast<std::size_t>(j * kD + c)];
                dot += a * b;
                ni += a * a;
                nj += b * b;
            }
            QVERIFY(std::fabs(data[i * kN + j].toDouble() - dot / std::sqrt(ni * nj)) < 1e-12);
        }
    }

    void spectrumPeaksAtThePeriods()
    {
        const Run r = posencCli({"compute", "spectrum", "--input", m_st + QStringLiteral(":wpe.weight")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto peaks = QJsonDocument::fromJson(r.out).object().value("peak_frequency").toArray();
        QCOMPARE(peaks.size(), kD);
        // Every channel mixes cos, sin (kPeriods cycles) and a ramp (power falling as 1/k^2 from bin 1): the
        // circle's bin kPeriods/N dominates in the channels where the ramp's share is small; check channel 0,
        // whose ramp weight (1 - 2*1/204 ... ) is that of basis(2, 0) = -2*3*1/204 (small).
        QCOMPARE(peaks[0].toDouble(), double(kPeriods) / kN);
    }

    void renderPca()
    {
        const QString png = m_dir.filePath(QStringLiteral("helix.png"));
        const Run r = posencCli({"render", "pca", "--input", m_npy, "-o", png, "--width", "400", "--height", "300"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(QFile(png).size() > 1000);
    }

    void badTables_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing file") << QStringList{"compute", "pca", "--input", "/nonexistent/wpe.npy"}
                                      << QStringLiteral("/nonexistent/wpe.npy: cannot open");
        QTest::newRow("several tensors, none named")
            << QStringList{"compute", "pca", "--input", QStringLiteral("%1/model.safetensors").arg(m_dir.path())}
            << QStringLiteral("holds several 2-D tensors; name one as FILE:TENSOR");
        QTest::newRow("unknown tensor") << QStringList{"compute", "pca", "--input",
                                                       QStringLiteral("%1/model.safetensors:wte").arg(m_dir.path())}
                                        << QStringLiteral("no tensor named \"wte\"");
        QTest::newRow("not a table method") << QStringList{"compute", "pca", "--method", "rope", "--input", "x.npy"}
                                            << QStringLiteral("unknown parameter --input for method rope");
        QTest::newRow("length past the table")
            << QStringList{"compute",  "matrix", "--view",  "pe",
                           "--length", "300",    "--input", QStringLiteral("%1/helix.npy").arg(m_dir.path())}
            << QStringLiteral("256 positions");
    }
    void badTables()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = posencCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TstCliTables)
#include "tst_cli_tables.moc"
