// SPDX-License-Identifier: GPL-3.0-or-later
// The explorer's pieces of issue 19: File ▸ Check implementation…'s dialog run on a table with the YaRN
// attention factor applied twice (tests/data/check, NumPy-made), and the precision view's figure. Expected values
// from the formulas: at position 0 every pair's error is a^2 - a with a = 0.1 ln 16 + 1; bfloat16 positions
// collide at 256, float16 at 2048.
#include "explorer/CheckDialog.h"
#include "figure_selection.h"
#include "figures/FigureSpec.h"
#include "figures/FigureTypes.h"

#include "posenc/io/hf_config.h"
#include "posenc/io/writers.h"
#include "posenc/registry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <fstream>

using namespace posenc;
using namespace posenc::widgets;

class TestCheckGui : public QObject {
    Q_OBJECT
private slots:
    void dialogDiagnoses()
    {
        const MethodDef& def = Registry::instance().find("yarn");
        CheckDialog d(def, Registry::resolve(def, {{"factor", "16"}, {"original-max-position-embeddings", "4096"}}));
        // Before a check: a note says what the figures will show, no empty axes (issue 35).
        QVERIFY(!d.plotsShown());
        const auto notes = d.findChildren<QLabel*>(QStringLiteral("placeholder"));
        QCOMPARE(notes.size(), 2);
        for (const QLabel* note : notes)
            QVERIFY2(note->text().startsWith(QStringLiteral("Run a check")), qPrintable(note->text()));
        QSignalSpy done(&d, &CheckDialog::checkFinished);
        d.runCheck(QStringLiteral(POSENC_TEST_DATA_DIR "/check/bug_attn_squared.npy"), QStringLiteral("cos"));
        QVERIFY(done.wait(20000));
        QVERIFY(d.plotsShown());
        QVERIFY2(d.reportText().contains("attention-factor-squared"), qPrintable(d.reportText()));
        const auto pairs = d.plottedPairErrors();
        QCOMPARE(pairs.size(), std::size_t(64));
        const double a = 0.1 * std::log(16.0) + 1.0;
        for (double e : pairs)
            QVERIFY(e >= a * a - a - 1e-12 && e <= a * a + a); // at m = 0 exactly a^2 - a; later at most a^2 + a
        QCOMPARE(pairs[0], a * a - a);

        // A cos table that rotates every channel where the reference rotates a quarter (rotary-dim): no column
        // layout fits, so there is no error per pair or position, and neither note calls it a query-scale table.
        const MethodDef& rope = Registry::instance().find("rope");
        CheckDialog quarter(rope, Registry::resolve(rope, {{"head-dim", "64"}, {"partial-rotary-factor", "0.25"}}));
        QSignalSpy quarterDone(&quarter, &CheckDialog::checkFinished);
        quarter.runCheck(QStringLiteral(POSENC_TEST_DATA_DIR "/check/bug_rotary_dim_full.npy"), QStringLiteral("cos"));
        QVERIFY(quarterDone.wait(20000));
        QVERIFY2(quarter.reportText().contains("rotary-dim") &&
                     quarter.reportText().contains("no column layout fits, so no error is computed") &&
                     !quarter.reportText().contains("inf"),
                 qPrintable(quarter.reportText()));
        QVERIFY(!quarter.plotsShown());
        for (const QLabel* note : quarter.findChildren<QLabel*>(QStringLiteral("placeholder")))
            QVERIFY2(note->text().startsWith(QStringLiteral("The table fits no column layout")),
                     qPrintable(note->text()));

        d.runCheck(QStringLiteral("/nonexistent/table.npy"), QStringLiteral("cos"));
        QVERIFY(done.wait(20000));
        QVERIFY2(d.reportText().contains("table.npy"), qPrintable(d.reportText()));
        QVERIFY(!d.plotsShown()); // no figure of the earlier table under this one's error
    }

    void queryScale()
    {
        // --quantity query-scale in the dialog: the reference is the config's query temperature (Ministral 3's
        // preset), the tables HF's own (tests/data/query_scale.json, make_query_scale.py)
        QFile f(QStringLiteral(POSENC_TEST_DATA_DIR "/query_scale.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject g = QJsonDocument::fromJson(f.readAll()).object();
        QStringList positions;
        for (const auto& v : g.value("positions").toArray())
            positions << QString::number(static_cast<qint64>(v.toDouble()));
        QTemporaryDir dir;
        const auto column = [&](const char* key) {
            const QString path = dir.filePath(QLatin1String(key) + ".csv");
            std::ofstream out(path.toStdString());
            for (const auto& v : g.value("ministral3").toObject().value(QLatin1String(key)).toArray())
                out << QByteArray::number(v.toDouble(), 'g', 17).constData() << '\n';
            return path;
        };
        const io::HfConfig config = io::loadHfConfig(POSENC_SOURCE_DIR "/resources/presets/ministral-3-8b.json");
        const io::HfEncoding& enc = config.encodings.front();
        CheckDialog d(Registry::instance().find(enc.method), enc.params);
        QSignalSpy done(&d, &CheckDialog::checkFinished);
        d.runCheck(column("scale"), QStringLiteral("query-scale")); // no rule yet: refused with the reason
        QVERIFY(done.wait(20000));
        QVERIFY2(d.reportText().contains("query-scale needs its rule"), qPrintable(d.reportText()));
        d.setQueryScale(queryScaleOfConfig(config, enc));
        QVERIFY(d.findChild<QLabel*>(QStringLiteral("queryScale"))->text().startsWith("llama4-scaling-beta: "));
        d.findChild<QLineEdit*>(QStringLiteral("positions"))->setText(positions.join(QLatin1Char(',')));
        d.runCheck(column("scale"), QStringLiteral("query-scale"));
        QVERIFY(done.wait(20000));
        QVERIFY2(d.reportText().startsWith("<b>Match</b>"), qPrintable(d.reportText()));
        d.runCheck(column("scale_at_positions_plus_one"), QStringLiteral("query-scale"));
        QVERIFY(done.wait(20000));
        QVERIFY2(d.reportText().contains("<b>query-scale-off-by-one</b>"), qPrintable(d.reportText()));
        QVERIFY2(d.reportText().contains("this is the table of llama.cpp"), qPrintable(d.reportText()));
        QCOMPARE(d.plottedPositions().size(), std::size_t(positions.size()));
        QCOMPARE(d.plottedPositions().back(), 262143.0);
        QVERIFY(!d.plotsShown()); // no per-pair figure: a note says why
        QVERIFY(d.findChildren<QLabel*>(QStringLiteral("placeholder")).front()->text().contains("no pairs"));
    }

    void positionsAndPositionLayout()
    {
        // the CLI's --positions (START, START:COUNT, P,P,...) and --position-layout as inputs; invalid values are
        // refused with the reason before anything runs, never clamped
        const MethodDef& def = Registry::instance().find("yarn");
        CheckDialog d(def, Registry::resolve(def, {{"factor", "16"}, {"original-max-position-embeddings", "4096"}}));
        auto* positions = d.findChild<QLineEdit*>(QStringLiteral("positions"));
        auto* layout = d.findChild<QLineEdit*>(QStringLiteral("positionLayout"));
        QVERIFY(positions && layout);
        QVERIFY(!layout->isEnabled()); // yarn has no token layout
        const QString table = QStringLiteral(POSENC_TEST_DATA_DIR "/check/bug_attn_squared.npy");
        const auto run = [&](CheckDialog& dialog, const QString& input) {
            QSignalSpy done(&dialog, &CheckDialog::checkFinished);
            dialog.runCheck(input, QStringLiteral("cos"));
            if (done.isEmpty())
                QVERIFY(done.wait(20000));
        };
        for (const auto& [text, reason] : std::vector<std::pair<QString, QString>>{{"-1", "not a non-negative integer"},
                                                                                   {"5,3", "must increase"},
                                                                                   {"0:2,5", "no ':'"},
                                                                                   {"0:0", "at least 1"},
                                                                                   {"0:10", "the table has"}}) {
            positions->setText(text);
            run(d, table);
            QVERIFY2(d.reportText().contains(reason), qPrintable(text + ": " + d.reportText()));
            QVERIFY2(d.reportText().contains("--positions"), qPrintable(d.reportText()));
        }
        positions->setText(QStringLiteral("0:96"));
        run(d, table);
        QVERIFY2(d.reportText().contains("attention-factor-squared"), qPrintable(d.reportText()));
        positions->setText(QStringLiteral("100"));
        run(d, table);
        QCOMPARE(d.plottedPositions().front(), 100.0); // the rows start at 100: the figure says so

        // a listed-positions table: rope cos (half layout) at 0, 1, 2, 4096, 65535; the figure's x are the positions
        QTemporaryDir dir;
        const std::vector<std::int64_t> listed = {0, 1, 2, 4096, 65535};
        Matrix cos;
        cos.rows = listed.size();
        cos.cols = 128;
        for (std::int64_t m : listed)
            for (int c = 0; c < 128; ++c)
                cos.data.push_back(std::cos(double(m) * std::pow(10000.0, -2.0 * (c % 64) / 128.0)));
        const QString listedFile = dir.filePath(QStringLiteral("listed.npy"));
        {
            std::ofstream out(listedFile.toStdString(), std::ios::binary);
            io::writeNpy(out, cos);
        }
        const MethodDef& rope = Registry::instance().find("rope");
        CheckDialog r(rope, Registry::defaults(rope));
        r.findChild<QLineEdit*>(QStringLiteral("positions"))->setText(QStringLiteral("0,1,2,4096,65535"));
        run(r, listedFile);
        QVERIFY2(r.reportText().contains("Match"), qPrintable(r.reportText()));
        QCOMPARE(r.plottedPositions(), (std::vector<double>{0, 1, 2, 4096, 65535}));

        // M-RoPE: the token layout is an input; a malformed one is refused with the parser's reason
        const MethodDef& mrope = Registry::instance().find("mrope");
        CheckDialog m(mrope, Registry::defaults(mrope));
        auto* tokens = m.findChild<QLineEdit*>(QStringLiteral("positionLayout"));
        QVERIFY(tokens->isEnabled());
        const QString mropeTable = QStringLiteral(POSENC_TEST_DATA_DIR "/check/ok_mrope_chunked.npy");
        tokens->setText(QStringLiteral("text:4,image:16x16,text:20"));
        run(m, mropeTable);
        QVERIFY2(m.reportText().contains("Match"), qPrintable(m.reportText()));
        tokens->setText(QStringLiteral("text:4,image:16x,text:20"));
        run(m, mropeTable);
        QVERIFY2(m.reportText().startsWith("Cannot check") && m.reportText().contains("16x"),
                 qPrintable(m.reportText()));
    }

    void precisionFigure()
    {
        FigureRequest r;
        r.kind = FigureKind::Precision;
        r.methods = {test::method("rope")};
        r.length = 4096;
        r.options = defaultFigureOptions(FigureKind::Precision);
        const FigureData d = computeFigure(r);
        // bfloat16 and float16; float32 is exact at every position up to 4096, so it has no line (the note says so).
        QCOMPARE(d.curves.size(), std::size_t(2));
        QVERIFY(d.logX && d.logY);
        std::vector<double> markers;
        for (const auto& m : d.verticalMarkers)
            markers.push_back(m.x);
        QCOMPARE(markers, (std::vector<double>{256, 2048}));
        for (const auto& c : d.curves)
            for (double x : c.x)
                if (c.name == "bfloat16")
                    QVERIFY(x > 256); // exact below
    }
};

QTEST_MAIN(TestCheckGui)
#include "tst_check_gui.moc"
