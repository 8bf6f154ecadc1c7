// SPDX-License-Identifier: GPL-3.0-or-later
// Level of detail (posenc/lod.h) when a bin is not a mean: point sampling on request (each bin is the value at its
// first position, checked against fillRows), and the fallback of views without a closed form (the angle; rows that
// are no geometric series in m) above the summation cap, with the reason in the note.
#include "posenc/lod.h"
#include "posenc/registry.h"

#include <QTest>

using namespace posenc;

namespace {

std::shared_ptr<const Encoding> build(const std::string& id, const std::map<std::string, std::string>& text = {})
{
    const MethodDef& def = Registry::instance().find(id);
    return Registry::build(def, Registry::resolve(def, text));
}

} // namespace

class TestLodSampling : public QObject {
    Q_OBJECT

private slots:
    void pointSamplingShowsTheFirstPosition()
    {
        const auto e = build("rope");
        LodRequest r;
        r.view = View::Cos;
        r.first = 1000;
        r.last = 1000 + 64 * 100;
        r.bins = 100;
        r.sampling = LodSampling::Point;
        const LodMatrix lod = computeLod(*e, r);
        QVERIFY(lod.method == LodMethod::PointSampled);
        std::vector<double> row(128);
        for (std::size_t b = 0; b < 100; b += 17) {
            e->fillRows(View::Cos, lod.rowEdges[b], 1, row.data(), {});
            for (std::size_t j = 0; j < 128; ++j)
                QCOMPARE(lod.values(b, j), row[j]);
        }
    }

    void noClosedFormAboveTheCapIsPointSampledAndSaysWhy_data()
    {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<int>("view");
        QTest::addColumn<QString>("reason");
        // the angle is a sawtooth in m; an M-RoPE with a token layout turns tokens by their (t, h, w) ids, so no
        // phasor series in m reproduces its cos
        QTest::newRow("angle") << QString() << static_cast<int>(View::Angle)
                               << QStringLiteral("no closed-form mean (a sawtooth is not a phasor sum)");
        QTest::newRow("M-RoPE tokens") << QStringLiteral("text:4,image:8x8,text:4") << static_cast<int>(View::Cos)
                                       << QStringLiteral("the rows are no geometric series in m");
    }

    void noClosedFormAboveTheCapIsPointSampledAndSaysWhy()
    {
        QFETCH(QString, layout);
        QFETCH(int, view);
        QFETCH(QString, reason);
        const auto e = layout.isEmpty() ? build("rope") : build("mrope", {{"token-layout", layout.toStdString()}});
        LodRequest r;
        r.view = static_cast<View>(view);
        r.first = 0;
        r.last = 100000;
        r.bins = 100;
        const LodMatrix lod = computeLod(*e, r);
        QVERIFY(lod.method == LodMethod::PointSampled);
        QVERIFY2(lod.note.find(reason.toStdString()) != std::string::npos, lod.note.c_str());
        r.last = 3200; // 32 positions per bin, the cap: exact sums
        QVERIFY(computeLod(*e, r).method == LodMethod::ExactSummation);
    }
};

QTEST_GUILESS_MAIN(TestLodSampling)
#include "tst_lod_sampling.moc"
