// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 16 §7: attention-bias heatmaps (ALiBi, T5) in closed form. Every cell of the level of detail is the exact
// mean of bias(q - k) over its query x key block: checked against brute-force means at small lengths (any window,
// bins that do not divide it, causal masks, T5 in both directions, with and without learned values), against
// hand-derived means at 2^40 positions, and 2^40 positions at screen resolution cost well under a second of CPU.
#include "posenc/bias_functions.h"
#include "posenc/lod.h"
#include "posenc/registry.h"

#include <QTest>

#include <cmath>
#include <ctime>

using namespace posenc;

namespace {

std::shared_ptr<const Encoding> build(const std::string& id, const std::map<std::string, std::string>& text)
{
    const auto& def = Registry::instance().find(id);
    return Registry::build(def, Registry::resolve(def, text));
}

LodMatrix lod(const Encoding& e, std::int64_t first, std::int64_t last, int bins, int keyBins, int head)
{
    LodRequest r;
    r.view = View::Bias;
    r.first = first;
    r.last = last;
    r.bins = bins;
    r.keyBins = keyBins;
    r.options.head = head;
    return computeLod(e, r);
}

std::string bucketValues()
{
    std::string out;
    for (int i = 0; i < 32; ++i)
        out += (i ? "," : "") + std::to_string(0.37 * i - 3.1 + (i % 3) * 0.05);
    return out;
}

} // namespace

class TestBiasLod : public QObject {
    Q_OBJECT
private slots:
    void cellsAreBruteForceMeans_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("value");
        QTest::addColumn<int>("head");
        QTest::newRow("alibi causal") << "alibi" << "causal" << "true" << 3;
        QTest::newRow("alibi bidirectional") << "alibi" << "causal" << "false" << 5;
        QTest::newRow("t5 decoder values") << "t5" << "bidirectional" << "false" << 0;
        QTest::newRow("t5 encoder values") << "t5" << "bidirectional" << "true" << 0;
        QTest::newRow("t5 encoder buckets") << "t5" << "max-distance" << "40" << 0;
    }
    void cellsAreBruteForceMeans()
    {
        QFETCH(QString, id);
        QFETCH(QString, param);
        QFETCH(QString, value);
        QFETCH(int, head);
        std::map<std::string, std::string> params{{param.toStdString(), value.toStdString()}};
        if (id == "t5" && param != "max-distance")
            params["bucket-values"] = bucketValues();
        const auto e = build(id.toStdString(), params);
        struct Window {
            std::int64_t first, last;
            int bins, keyBins;
        };
        for (const Window w : {Window{0, 1, 1, 1}, Window{0, 7, 3, 2}, Window{0, 300, 37, 23}, Window{1000, 1777, 41, 9},
                               Window{5, 1300, 1, 1}, Window{0, 600, 600, 600}}) {
            const LodMatrix m = lod(*e, w.first, w.last, w.bins, w.keyBins, head);
            for (std::size_t r = 0; r + 1 < m.rowEdges.size(); ++r)
                for (std::size_t c = 0; c + 1 < m.colEdges.size(); ++c) {
                    long double sum = 0;
                    long count = 0;
                    for (std::int64_t q = m.rowEdges[r]; q < m.rowEdges[r + 1]; ++q)
                        for (std::int64_t k = m.colEdges[c]; k < m.colEdges[c + 1]; ++k)
                            if (const double f = e->bias(head, q - k); !std::isnan(f)) {
                                sum += f;
                                ++count;
                            }
                    const double shown = m.values(r, c);
                    if (count == 0) {
                        QVERIFY2(std::isnan(shown), qPrintable(QString("cell %1,%2 should be masked").arg(r).arg(c)));
                        continue;
                    }
                    const double expected = static_cast<double>(sum / count);
                    if (!(std::abs(shown - expected) <= 1e-12 * std::max(1.0, std::abs(expected))))
                        QFAIL(qPrintable(QString("window [%1, %2) cell %3,%4: %5, brute force %6")
                                             .arg(w.first)
                                             .arg(w.last)
                                             .arg(r)
                                             .arg(c)
                                             .arg(shown, 0, 'g', 17)
                                             .arg(expected, 0, 'g', 17)));
                }
        }
    }

    void alibiAt2To40MatchesHandDerivedMeans()
    {
        // Over the whole window [0, n): mean of -m|q - k| is -m (n^2 - 1) / (3 n); with the causal mask (k <= q)
        // sum_{d=0}^{n-1} d (n - d) / (n (n + 1) / 2) = (n - 1) / 3, so the mean is -m (n - 1) / 3.
        const std::int64_t n = std::int64_t(1) << 40;
        const long double ln = static_cast<long double>(n);
        const double m = std::ldexp(1.0, -4); // head 3 of 8: 2^(-8 * 4 / 8)
        const auto both = build("alibi", {{"causal", "false"}});
        const auto causal = build("alibi", {{"causal", "true"}});
        const double all = lod(*both, 0, n, 1, 1, 3).values(0, 0);
        const double masked = lod(*causal, 0, n, 1, 1, 3).values(0, 0);
        const double expectedAll = static_cast<double>(-m * (ln * ln - 1) / (3 * ln));
        const double expectedMasked = static_cast<double>(-m * (ln - 1) / 3);
        QVERIFY2(std::abs(all / expectedAll - 1) < 1e-12, qPrintable(QString::number(all, 'g', 17)));
        QVERIFY2(std::abs(masked / expectedMasked - 1) < 1e-12, qPrintable(QString::number(masked, 'g', 17)));
    }

    void t5At2To40FarCellsTakeTheLastBucket()
    {
        const std::int64_t n = std::int64_t(1) << 40;
        for (const bool bidirectional : {false, true}) {
            const auto e = build("t5", {{"bidirectional", bidirectional ? "true" : "false"},
                                        {"bucket-values", bucketValues()}});
            const LodMatrix m = lod(*e, 0, n, 4, 4, 0);
            // Queries [3n/4, n), keys [0, n/4): every distance is beyond max-distance, one bucket.
            QCOMPARE(m.values(3, 0), e->bias(0, n / 2));
            if (bidirectional)
                QCOMPARE(m.values(0, 3), e->bias(0, -n / 2));
        }
    }

    void screenResolutionAt2To40CostsLittleCpu()
    {
        // 1024 x 512 cells at 2^40 positions (a sweep over the distances would take hours).
        const std::int64_t n = std::int64_t(1) << 40;
        for (const auto& e : {build("alibi", {}), build("t5", {{"bucket-values", bucketValues()}})}) {
            const std::clock_t start = std::clock();
            const LodMatrix m = lod(*e, 0, n, 1024, 512, 0);
            const double cpu = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
            QCOMPARE(m.values.rows, std::size_t(1024));
            QVERIFY2(cpu < 3.0, qPrintable(QString("%1 s of CPU").arg(cpu)));
        }
    }
};

QTEST_MAIN(TestBiasLod)
#include "tst_bias_lod.moc"
