// SPDX-License-Identifier: GPL-3.0-or-later
// The `posenc` command-line tool, run as a separate process (issue 2 §4): matrix output in npy/csv/json, atomic
// -o, exit status 2 with a message naming the flag, the value and the range for bad input, and help listing the
// methods and flags. Version, method list and frequencies against the golden values: tst_cli.

#include "cli_run.h"

#include "posenc/registry.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>

using namespace posenc;
using posenc::test::jsonOut;
using posenc::test::posencCli;
using posenc::test::Run;

class TstCliMatrix : public QObject {
    Q_OBJECT

private slots:
    void matrixFormats_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::newRow("rope cos") << QStringList{"--method", "rope", "--head-dim", "16",
                                                 "--view",   "cos",  "--length",   "10"}
                                  << 10 << 16;
        QTest::newRow("rope angle partial")
            << QStringList{"--head-dim", "16", "--partial-rotary-factor", "0.5", "--view", "angle", "--length", "9"}
            << 9 << 4;
        QTest::newRow("sinusoidal pe") << QStringList{"--method", "sinusoidal", "--d-model", "32",
                                                      "--view",   "pe",         "--length",  "7"}
                                       << 7 << 32;
        QTest::newRow("alibi bias") << QStringList{"--method", "alibi", "--view", "bias",
                                                   "--length", "5",     "--head", "2"}
                                    << 5 << 5;
        QTest::newRow("rotated probe") << QStringList{"--head-dim", "4",       "--view", "rotated", "--length",
                                                      "3",          "--start", "100",    "--probe", "1,2,3,4"}
                                       << 3 << 4;
    }

    void matrixFormats()
    {
        QFETCH(QStringList, args);
        QFETCH(int, rows);
        QFETCH(int, cols);
        const QStringList base = QStringList{QStringLiteral("compute"), QStringLiteral("matrix")} + args;

        const Run npy = posencCli(base + QStringList{QStringLiteral("--format"), QStringLiteral("npy")});
        QVERIFY2(npy.exitCode == 0, qPrintable(npy.err));
        QVERIFY(npy.out.startsWith("\x93NUMPY"));
        const int headerLen = static_cast<unsigned char>(npy.out[8]) | (static_cast<unsigned char>(npy.out[9]) << 8);
        const QByteArray header = npy.out.mid(10, headerLen);
        QVERIFY2(header.contains(QStringLiteral("'shape': (%1, %2)").arg(rows).arg(cols).toUtf8()), header.constData());
        QVERIFY(header.contains("'<f8'"));
        QCOMPARE(npy.out.size(), 10 + headerLen + rows * cols * 8);
        std::vector<double> fromNpy(static_cast<std::size_t>(rows * cols));
        std::memcpy(fromNpy.data(), npy.out.constData() + 10 + headerLen, fromNpy.size() * 8);

        const Run csv = posencCli(base + QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(csv.exitCode, 0);
        const QStringList lines = QString::fromUtf8(csv.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), rows + 1); // header + rows
        QCOMPARE(lines[0].split(',').size(), cols);

        const Run json = posencCli(base + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject o = jsonOut(json);
        QCOMPARE(o["shape"].toArray(), (QJsonArray{rows, cols}));
        const QJsonArray data = o["data"].toArray();
        QCOMPARE(data.size(), rows * cols);
        // the three formats carry the same numbers
        for (int r = 0; r < rows; ++r) {
            const QStringList cells = lines[r + 1].split(',');
            for (int c = 0; c < cols; ++c) {
                const auto k = static_cast<std::size_t>(r * cols + c);
                if (std::isnan(fromNpy[k])) {
                    QVERIFY(data[static_cast<qsizetype>(k)].isNull());
                    continue;
                }
                QCOMPARE(data[static_cast<qsizetype>(k)].toDouble(), fromNpy[k]);
                QCOMPARE(cells[c].toDouble(), fromNpy[k]);
            }
        }
        if (args.contains(QStringLiteral("--probe"))) { // R_m x for x = (1,2,3,4), half pairing, theta = (1, 0.01)
            for (int r = 0; r < rows; ++r) {
                const double m = 100.0 + r;
                const double t[2] = {1.0, 0.01};
                const double x[4] = {1, 2, 3, 4};
                for (int i = 0; i < 2; ++i) {
                    const double c = std::cos(m * t[i]), s = std::sin(m * t[i]);
                    QVERIFY(std::fabs(fromNpy[static_cast<std::size_t>(r * 4 + i)] - (x[i] * c - x[i + 2] * s)) <
                            1e-12);
                    QVERIFY(std::fabs(fromNpy[static_cast<std::size_t>(r * 4 + i + 2)] - (x[i] * s + x[i + 2] * c)) <
                            1e-12);
                }
            }
        }
    }

    void outputFileIsAtomic()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cos.npy"));
        const Run ok = posencCli({QStringLiteral("compute"), QStringLiteral("matrix"), QStringLiteral("--view"),
                                  QStringLiteral("cos"), QStringLiteral("--length"), QStringLiteral("4096"),
                                  QStringLiteral("-o"), path});
        QVERIFY2(ok.exitCode == 0, qPrintable(ok.err));
        QVERIFY(ok.out.isEmpty());
        QCOMPARE(QFileInfo(path).size(), 128 + 4096LL * 128 * 8); // 128-byte header for this shape
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("cos.npy")});

        // invalid input: exit 2, the existing file untouched, no temporary file
        const QByteArray before = [&] {
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        const Run bad = posencCli({QStringLiteral("compute"), QStringLiteral("matrix"), QStringLiteral("--view"),
                                   QStringLiteral("cos"), QStringLiteral("--length"), QStringLiteral("8"),
                                   QStringLiteral("--head-dim"), QStringLiteral("7"), QStringLiteral("-o"), path});
        QCOMPARE(bad.exitCode, 2);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("cos.npy")});

        // a folder that does not exist: exit 1 (not an input error), nothing created
        const QString missing = dir.filePath(QStringLiteral("nope/out.csv"));
        const Run io =
            posencCli({QStringLiteral("compute"), QStringLiteral("frequencies"), QStringLiteral("-o"), missing});
        QCOMPARE(io.exitCode, 1);
        QVERIFY2(io.err.contains(QStringLiteral("does not exist")), qPrintable(io.err));
        QVERIFY(!QFile::exists(missing));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("mustMention");
        const QStringList freq = {QStringLiteral("compute"), QStringLiteral("frequencies")};
        const QStringList matrix = {QStringLiteral("compute"), QStringLiteral("matrix")};
        QTest::newRow("odd head-dim") << freq + QStringList{"--head-dim", "127"}
                                      << QStringList{"--head-dim", "127", "even", "[2, 65536]"};
        QTest::newRow("unknown method") << freq + QStringList{"--method", "rope2"}
                                        << QStringList{"rope2", "unknown method", "yarn", "llama3"};
        QTest::newRow("unknown flag") << freq + QStringList{"--method", "yarn", "--bogus-flag", "3"}
                                      << QStringList{"--bogus-flag", "yarn", "--factor"};
        // alpha >= beta and factor < 1 are HF warnings, not errors (tst_cli_inspect); the paper ramp divides by zero
        QTest::newRow("alpha = beta paper ramp")
            << freq + QStringList{"--method", "yarn", "--ramp", "paper", "--alpha", "32", "--beta", "32"}
            << QStringList{"--alpha", "32", "--beta"};
        QTest::newRow("factor 0") << freq + QStringList{"--method", "pi", "--factor", "0"}
                                  << QStringList{"--factor", "0", "(0, 1000000]"};
        QTest::newRow("base <= 1") << freq + QStringList{"--base", "1"} << QStringList{"--base", "1", "(1, "};
        QTest::newRow("nan") << freq + QStringList{"--method", "yarn", "--factor", "nan"}
                             << QStringList{"--factor", "NaN"};
        QTest::newRow("partial rotary") << freq + QStringList{"--partial-rotary-factor", "1.5"}
                                        << QStringList{"--partial-rotary-factor", "1.5", "(0, 1]"};
        QTest::newRow("seq-len < 0") << freq + QStringList{"--method", "dynamic-ntk", "--seq-len", "-1"}
                                     << QStringList{"--seq-len", "-1"};
        QTest::newRow("short list") << freq + QStringList{"--method", "longrope",       "--head-dim",
                                                          "8",        "--short-factor", "1,2"}
                                    << QStringList{"--short-factor", "2", "4"};
        QTest::newRow("bad view") << matrix + QStringList{"--view", "diagonal", "--length", "4"}
                                  << QStringList{"diagonal", "rotated"};
        QTest::newRow("view not applicable")
            << matrix + QStringList{"--view", "pe", "--length", "4"} << QStringList{"pe", "rotated"};
        // compute matrix streams (any length); an in-memory N x N similarity is checked against the budget
        QTest::newRow("over budget") << QStringList{"compute", "similarity", "--method", "rope", "--length", "65536"}
                                     << QStringList{"65536", "budget"};
        // compute matrix streams any length (perf-io); PCA still needs every position vector in memory.
        QTest::newRow("pca over budget") << QStringList{"compute", "pca", "--length", "16777216"}
                                         << QStringList{"16777216", "budget", "2.0 GiB"};
        QTest::newRow("budget below two rows")
            << matrix + QStringList{"--view", "rotated", "--length", "16", "--memory-budget", "1000"}
            << QStringList{"--memory-budget", "below two rows"};
        QTest::newRow("length 0") << matrix + QStringList{"--view", "cos", "--length", "0"}
                                  << QStringList{"--length", "0"};
        QTest::newRow("bad format") << freq + QStringList{"--format", "xml"} << QStringList{"--format", "xml", "json"};
        QTest::newRow("unknown command") << QStringList{"compute", "everything"} << QStringList{"everything"};
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, mustMention);
        const Run r = posencCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        for (const auto& word : mustMention)
            QVERIFY2(r.err.contains(word), qPrintable(QStringLiteral("'%1' not in: %2").arg(word, r.err)));
    }

    void help_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("posenc --help") << QStringList{"--help"};
        QTest::newRow("posenc compute --help") << QStringList{"compute", "--help"};
    }

    void help()
    {
        QFETCH(QStringList, args);
        const Run r = posencCli(args);
        QCOMPARE(r.exitCode, 0);
        const QString text = QString::fromUtf8(r.out);
        QVERIFY(text.contains(QStringLiteral("compute frequencies")));
        QVERIFY(text.contains(QStringLiteral("compute matrix")));
        for (const auto& def : Registry::instance().methods()) {
            QVERIFY2(text.contains(QString::fromStdString(def.info.id)), def.info.id.c_str());
            for (const auto& p : def.info.params)
                QVERIFY2(text.contains(QStringLiteral("--") + QString::fromStdString(p.name)), p.name.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TstCliMatrix)
#include "tst_cli_matrix.moc"
