// SPDX-License-Identifier: GPL-3.0-or-later
// Dual chunk attention's position remap against vLLM's DualChunkRotaryEmbedding, run at a pinned revision
// (tests/data/dual_chunk/vllm_dual_chunk.json: the values, the command and the probe), and against the key slices
// of vLLM's dual-chunk prefill loop; bad configs are refused with the rule named.
#include "golden_support.h"

#include "posenc/dual_chunk.h"
#include "posenc/errors.h"

#include <QJsonArray>
#include <QtTest>

using namespace posenc;
using namespace posenc::dual_chunk;
using posenc::test::loadGolden;

namespace {
std::vector<std::int64_t> ints(const QJsonValue& v)
{
    std::vector<std::int64_t> out;
    for (const QJsonValue& x : v.toArray())
        out.push_back(static_cast<std::int64_t>(x.toDouble()));
    return out;
}
} // namespace

class TstDualChunk : public QObject {
    Q_OBJECT
private slots:
    void vllmPositions_data()
    {
        QTest::addColumn<QString>("config");
        QTest::newRow("qwen2.5-7b-instruct-1m") << QStringLiteral("preset");
        QTest::newRow("chunk 8, local 3") << QStringLiteral("small");
    }
    void vllmPositions()
    {
        QFETCH(QString, config);
        const QJsonObject golden = loadGolden("dual_chunk/vllm_dual_chunk.json");
        const QJsonObject o = golden.value(config).toObject();
        QVERIFY(!o.isEmpty());
        Config c;
        c.chunkSize = static_cast<std::int64_t>(o.value("chunk_size").toDouble());
        c.localSize = static_cast<std::int64_t>(o.value("local_size").toDouble());
        const auto positions = ints(o.value("positions"));
        const auto key = ints(o.value("key"));
        const auto intra = ints(o.value("query_intra"));
        const auto succ = ints(o.value("query_succ"));
        const auto inter = ints(o.value("query_inter"));
        QCOMPARE(positions.size(), key.size());
        QVERIFY(positions.size() >= 14);
        for (std::size_t i = 0; i < positions.size(); ++i) {
            const std::int64_t p = positions[i];
            QCOMPARE(keyPosition(c, p), key[i]);
            QCOMPARE(queryPosition(c, p, QuerySet::Intra), intra[i]);
            QCOMPARE(queryPosition(c, p, QuerySet::Successive), succ[i]);
            QCOMPARE(queryPosition(c, p, QuerySet::Inter), inter[i]);
        }
    }

    // The preset's chunk length: 262144 − 8192.
    void presetChunkLength()
    {
        const Config c{262144, 8192, 262144};
        QCOMPARE(chunkLength(c), std::int64_t(253952));
    }

    // vLLM's prefill loop for a query chunk starting at b = (q / c) c: intra keys [b, q], successive [b − c, b),
    // inter [0, b − c). Chunk 8, local 3 (c 5), query 12 (b 10): intra keys 10..12 see 2, 1, 0; successive keys
    // 5..9 see min(2 + 5, 8) − k mod 5 = 7..3; inter keys 0..4 see min(2·5 − 1, 8) − k mod 5 = 8..4.
    void rowAgainstPrefillSlices()
    {
        const Config c{8, 3, 0};
        const DistanceRow row = distanceRow(c, 12, 0, 13);
        const std::vector<std::int64_t> expected{8, 7, 6, 5, 4, 7, 6, 5, 4, 3, 2, 1, 0};
        QCOMPARE(row.remapped, expected);
        for (std::size_t k = 0; k < 13; ++k) {
            QCOMPARE(row.plain[k], std::int64_t(12) - std::int64_t(k));
            const QuerySet want = k < 5 ? QuerySet::Inter : k < 10 ? QuerySet::Successive : QuerySet::Intra;
            QCOMPARE(toString(row.sets[k]), toString(want));
        }
    }

    // The property the remap exists for: over the 1M preset, no remapped distance exceeds chunk_size, while the
    // plain distance reaches the query position. Sampled on the chunk edges, where the extremes lie.
    void neverExceedsChunkSize()
    {
        const Config c{262144, 8192, 262144};
        const std::int64_t len = chunkLength(c);
        std::int64_t maxRemapped = 0;
        for (std::int64_t q : {len - 1, len, 2 * len - 1, 2 * len, 3 * len + 7, std::int64_t(1009999)}) {
            for (std::int64_t k : {std::int64_t(0), len - 1, len, q - len, q / 2, q}) {
                if (k < 0 || k > q)
                    continue;
                const std::int64_t d = remappedDistance(c, q, k);
                QVERIFY2(d >= 0 && d <= c.chunkSize, qPrintable(QStringLiteral("q %1 k %2 d %3").arg(q).arg(k).arg(d)));
                maxRemapped = std::max(maxRemapped, d);
            }
        }
        QCOMPARE(maxRemapped, c.chunkSize); // reached: the inter query at 262144 against a key at p mod c = 0
        QCOMPARE(remappedDistance(c, 1009999, 0), c.chunkSize);
    }

    // The largest remapped distance for every length of the chunk 8, local 3 table, against the brute-force maximum
    // over vLLM's own positions (query set by the prefill slices: same chunk intra, the one before successive,
    // earlier inter); and the 1M preset reaches chunk_size once a query is two chunks in (c = 253952).
    void maxRemappedDistanceIsTheBruteForceMaximum()
    {
        const QJsonObject o = loadGolden("dual_chunk/vllm_dual_chunk.json").value("small").toObject();
        const Config c{8, 3, 0};
        const auto key = ints(o.value("key"));
        const auto intra = ints(o.value("query_intra"));
        const auto succ = ints(o.value("query_succ"));
        const auto inter = ints(o.value("query_inter"));
        std::int64_t brute = 0;
        for (std::size_t q = 0; q < key.size(); ++q) {
            for (std::size_t k = 0; k <= q; ++k) {
                const std::size_t gap = q / 5 - k / 5;
                brute = std::max(brute, (gap == 0 ? intra[q] : gap == 1 ? succ[q] : inter[q]) - key[k]);
            }
            QCOMPARE(maxRemappedDistance(c, static_cast<std::int64_t>(q) + 1), brute);
        }
        const Config preset{262144, 8192, 262144};
        QCOMPARE(maxRemappedDistance(preset, 253952), std::int64_t(253951));
        QCOMPARE(maxRemappedDistance(preset, 253953), std::int64_t(253952));
        QCOMPARE(maxRemappedDistance(preset, 1010000), std::int64_t(262144));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, maxRemappedDistance(preset, 0));
    }

    void rejectsBadInput_data()
    {
        QTest::addColumn<qint64>("chunk");
        QTest::addColumn<qint64>("local");
        QTest::addColumn<qint64>("orig");
        QTest::addColumn<QString>("param");
        QTest::newRow("local 0") << qint64(8) << qint64(0) << qint64(0) << QStringLiteral("local-size");
        QTest::newRow("chunk = local") << qint64(8) << qint64(8) << qint64(0) << QStringLiteral("chunk-size");
        QTest::newRow("orig < 0") << qint64(8) << qint64(3) << qint64(-1)
                                  << QStringLiteral("original-max-position-embeddings");
    }
    void rejectsBadInput()
    {
        QFETCH(qint64, chunk);
        QFETCH(qint64, local);
        QFETCH(qint64, orig);
        QFETCH(QString, param);
        try {
            validate(Config{chunk, local, orig});
            QFAIL("accepted");
        } catch (const InvalidInput& e) {
            QCOMPARE(QString::fromStdString(e.param()), param);
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("must")));
        }
    }

    void rejectsAcausalKeyAndBadRange()
    {
        const Config c{8, 3, 0};
        QVERIFY_THROWS_EXCEPTION(InvalidInput, querySetFor(c, 4, 5));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, keyPosition(c, -1));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, distanceRow(c, 4, 0, 6));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, distanceRow(c, 4, 3, 2));
    }
};

QTEST_APPLESS_MAIN(TstDualChunk)
#include "tst_dual_chunk.moc"
