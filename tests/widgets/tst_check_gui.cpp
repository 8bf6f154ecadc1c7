// SPDX-License-Identifier: GPL-3.0-or-later
// The explorer's pieces of issue 19: File ▸ Check implementation…'s dialog run on a table with the YaRN
// attention factor applied twice (tests/data/check, NumPy-made), and the precision view's figure. Expected values
// from the formulas: at position 0 every pair's error is a^2 - a with a = 0.1 ln 16 + 1; bfloat16 positions
// collide at 256, float16 at 2048.
#include "explorer/CheckDialog.h"
#include "figure_selection.h"
#include "figures/FigureSpec.h"
#include "figures/FigureTypes.h"

#include "posenc/registry.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::widgets;

class TestCheckGui : public QObject {
    Q_OBJECT
private slots:
    void dialogDiagnoses()
    {
        const MethodDef& def = Registry::instance().find("yarn");
        CheckDialog d(def, Registry::resolve(def, {{"factor", "16"}, {"original-max-position-embeddings", "4096"}}));
        QSignalSpy done(&d, &CheckDialog::checkFinished);
        d.runCheck(QStringLiteral(POSENC_TEST_DATA_DIR "/check/bug_attn_squared.npy"), QStringLiteral("cos"));
        QVERIFY(done.wait(20000));
        QVERIFY2(d.reportText().contains("attention-factor-squared"), qPrintable(d.reportText()));
        const auto pairs = d.plottedPairErrors();
        QCOMPARE(pairs.size(), std::size_t(64));
        const double a = 0.1 * std::log(16.0) + 1.0;
        for (double e : pairs)
            QVERIFY(e >= a * a - a - 1e-12 && e <= a * a + a); // at m = 0 exactly a^2 - a; later at most a^2 + a
        QCOMPARE(pairs[0], a * a - a);

        d.runCheck(QStringLiteral("/nonexistent/table.npy"), QStringLiteral("cos"));
        QVERIFY(done.wait(20000));
        QVERIFY2(d.reportText().contains("table.npy"), qPrintable(d.reportText()));
    }

    void precisionFigure()
    {
        FigureRequest r;
        r.kind = FigureKind::Precision;
        r.methods = {test::method("rope")};
        r.length = 4096;
        r.options = defaultFigureOptions(FigureKind::Precision);
        const FigureData d = computeFigure(r);
        QCOMPARE(d.curves.size(), std::size_t(3));
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
