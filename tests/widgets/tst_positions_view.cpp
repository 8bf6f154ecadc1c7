// SPDX-License-Identifier: GPL-3.0-or-later
// The Positions view. M-RoPE: the (t, h, w) ids are those transformers' get_rope_index gives (tests/data/modern,
// HF's code run). Dual chunk attention (Qwen2.5-1M): every cell of the query x key matrix is the distance vLLM's
// DualChunkRotaryEmbedding rotates by (tests/data/dual_chunk/vllm_dual_chunk.json, vLLM's code run: the query
// position of the set vLLM's prefill loop picks for the key, minus the key's position), beside plain q - k.
#include "../core/golden_support.h"
#include "MainWindow.h"
#include "explorer/Presets.h"
#include "explorer/Settings.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "figure_selection.h"
#include "figures/FigureReadout.h"
#include "figures/FigureSpec.h"
#include "figures/FigureWidget.h"

#include <qcustomplot.h>

#include "posenc/errors.h"
#include "posenc/io/hf_config.h"

#include <QJsonArray>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::figureStrings;
using posenc::widgets::test::method;
using posenc::widgets::test::request;

namespace {

std::vector<std::int64_t> ints(const QJsonValue& v)
{
    std::vector<std::int64_t> out;
    for (const QJsonValue& x : v.toArray())
        out.push_back(static_cast<std::int64_t>(x.toDouble()));
    return out;
}

std::shared_ptr<const io::HfConfig> qwen1m()
{
    io::HfConfigOptions o;
    o.compareEras = false;
    return std::make_shared<const io::HfConfig>(
        io::loadHfConfig(POSENC_SOURCE_DIR "/resources/presets/qwen2.5-7b-instruct-1m.json", o));
}

FigureRequest dualChunk(std::int64_t length, int pixels)
{
    FigureRequest r = request(FigureKind::Positions, {method("rope")}, length);
    r.options.set("show", std::string("dual-chunk"));
    r.pixelColumns = pixels;
    r.pixelRows = pixels;
    return r;
}

} // namespace

class TstPositionsView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    /// The positions figure draws the ids get_rope_index gives (tests/data/modern position_cases, HF's code run).
    void positionsFigureIsGetRopeIndex()
    {
        const QJsonObject golden = posenc::test::loadGolden("modern/modern_golden.json");
        for (const auto& v : golden["position_cases"].toArray()) {
            const QJsonObject c = v.toObject();
            const bool interleaved = c["name"].toString() == QLatin1String("qwen3-vl");
            const auto m = method(interleaved ? "mrope-interleaved" : "mrope",
                                  {{"token-layout", c["layout"].toString().toStdString()},
                                   {"position-rule", c["rule"].toString().toStdString()}}); // tokens_per_second 2
            const FigureData d = computeFigure(request(FigureKind::Positions, {m}, 256));
            QCOMPARE(d.panels.size(), std::size_t{3});
            const QJsonArray expected = c["position_ids"].toArray();
            for (int s = 0; s < 3; ++s) {
                std::vector<double> ids(static_cast<std::size_t>(expected[s].toArray().size()), -1);
                for (const auto& curve : d.curves)
                    if (curve.panel == s)
                        for (std::size_t k = 0; k < curve.x.size(); ++k)
                            ids[static_cast<std::size_t>(curve.x[k])] = curve.y[k];
                for (qsizetype k = 0; k < expected[s].toArray().size(); ++k)
                    QCOMPARE(ids[static_cast<std::size_t>(k)], expected[s].toArray()[k].toDouble());
            }
            // and HF's rope delta (negative: fewer ids than tokens) as the note writes numbers, with a minus sign
            const QString delta = QString::number(c["delta"].toInt()).replace(QLatin1Char('-'), QChar(0x2212));
            QVERIFY2(d.note.contains(QStringLiteral("rope delta ") + delta), qPrintable(d.note));
        }
        const FigureData none = computeFigure(request(FigureKind::Positions, {method("rope")}, 64));
        QVERIFY(none.curves.empty() && none.title.contains(QStringLiteral("No M-RoPE method")));
    }

    /// Chunk 8, local 3 (c = 5) over vLLM's 32 positions, one cell per query and key: each cell is vLLM's query
    /// position for the key's chunk (its own: intra, the one before: successive, earlier: inter) minus vLLM's key
    /// position; future keys masked; plain q - k beside; the stated maximum is the largest of vLLM's distances.
    void mropeViewsSayWhatRotates()
    {
        // With image tokens the Matrix view turns pair i by the token's id p on the pair's axis (t, h or w), not by
        // its index m; the Similarity view rotates by the index and says so. Text only: every id is m.
        const auto image = method("mrope-interleaved", {{"token-layout", "text:4,image:4x4,text:4"}});
        const FigureData matrix = computeFigure(request(FigureKind::Heatmap, {image}, 64));
        QVERIFY2(matrix.title.contains(QStringLiteral("cos(pθ")), qPrintable(matrix.title));
        QVERIFY2(matrix.note.contains(QStringLiteral("token layout text:4,image:4x4,text:4")), qPrintable(matrix.note));
        // ... so its axis counts tokens, not positions
        QCOMPARE(matrix.xLabel, QStringLiteral("token m"));
        QVERIFY2(matrix.title.contains(QStringLiteral("tokens 0…63")), qPrintable(matrix.title));
        // The layout's 4 + 4x4 / 2² + 4 = 12 tokens (merge 2), then text: the note says how many the layout holds
        QVERIFY2(matrix.note.contains(QStringLiteral("(12 tokens, then text continues")), qPrintable(matrix.note));
        // PCA projects the same rows, one per token
        const FigureData pca = computeFigure(request(FigureKind::Pca, {image}, 64));
        QVERIFY2(pca.title.contains(QStringLiteral("token vectors")), qPrintable(pca.title));
        const FigureData similarity = computeFigure(request(FigureKind::Similarity, {image}, 64));
        QVERIFY2(similarity.note.contains(QStringLiteral("not by the token layout text:4,image:4x4,text:4")),
                 qPrintable(similarity.note));
        // The Spectrum's rows are the same tokens: its axis counts tokens, and the note says why peaks can differ
        const FigureData spectrum = computeFigure(request(FigureKind::Spectrum, {image}, 64));
        QCOMPARE(spectrum.yLabel, QStringLiteral("wavelength (tokens)"));
        QVERIFY2(
            spectrum.note.contains(QStringLiteral("the rows are the tokens of the layout text:4,image:4x4,text:4")),
            qPrintable(spectrum.note));
        // The Grid view's example model is not the M-RoPE's grid: it says where the M-RoPE's ids are drawn.
        const FigureData grid = computeFigure(request(FigureKind::Grid, {image}, 64));
        QVERIFY2(grid.note.contains(QStringLiteral("drawn by the Positions view")), qPrintable(grid.note));
        const auto text = method("mrope-interleaved");
        const FigureData textMatrix = computeFigure(request(FigureKind::Heatmap, {text}, 64));
        QVERIFY2(textMatrix.title.contains(QStringLiteral("cos(mθ")), qPrintable(textMatrix.title));
        QCOMPARE(textMatrix.xLabel, QStringLiteral("position m"));
        QVERIFY2(textMatrix.title.contains(QStringLiteral("positions 0…63")), qPrintable(textMatrix.title));
        const FigureData textPca = computeFigure(request(FigureKind::Pca, {text}, 64));
        QVERIFY2(textPca.title.contains(QStringLiteral("position vectors")), qPrintable(textPca.title));
        const FigureData textSimilarity = computeFigure(request(FigureKind::Similarity, {text}, 64));
        QVERIFY(!textSimilarity.note.contains(QStringLiteral("token layout")));
        QCOMPARE(computeFigure(request(FigureKind::Spectrum, {text}, 64)).yLabel,
                 QStringLiteral("wavelength (positions)"));
    }

    void dualChunkCellsAreVllmsDistances()
    {
        const QJsonObject o = posenc::test::loadGolden("dual_chunk/vllm_dual_chunk.json").value("small").toObject();
        const auto key = ints(o.value("key"));
        const auto intra = ints(o.value("query_intra")), succ = ints(o.value("query_succ"));
        const auto inter = ints(o.value("query_inter"));
        QCOMPARE(key.size(), std::size_t{32});
        FigureRequest r = dualChunk(32, 1024);
        r.options.set("chunk-size", 8.0);
        r.options.set("local-size", 3.0);
        const FigureData d = computeFigure(r);
        QCOMPARE(d.grids.size(), std::size_t{2});
        const Grid& remapped = d.grids[0];
        const Grid& plain = d.grids[1];
        QCOMPARE(remapped.rows, std::int64_t{32});
        QCOMPARE(remapped.cols, std::int64_t{32});
        std::int64_t largest = 0;
        for (std::size_t q = 0; q < 32; ++q)
            for (std::size_t k = 0; k < 32; ++k) {
                const double got = remapped.values[q * 32 + k];
                if (k > q) {
                    QVERIFY(std::isnan(got) && std::isnan(plain.values[q * 32 + k]));
                    continue;
                }
                const std::size_t gap = q / 5 - k / 5;
                const std::int64_t want = (gap == 0 ? intra[q] : gap == 1 ? succ[q] : inter[q]) - key[k];
                QCOMPARE(got, static_cast<double>(want));
                QCOMPARE(plain.values[q * 32 + k], static_cast<double>(q) - static_cast<double>(k));
                largest = std::max(largest, want);
            }
        QCOMPARE(largest, std::int64_t{8}); // chunk_size: the inter query position min(2c - 1, 8)
        QVERIFY2(d.note.contains(QStringLiteral("Largest remapped distance: %1 ").arg(largest)), qPrintable(d.note));
        QCOMPARE(d.verticalMarkers.size(), std::size_t{6}); // c, 2c, ..., 6c within 32 positions
        QCOMPARE(d.verticalMarkers.front().x, 4.5);
        QCOMPARE(d.horizontalMarkers.size(), std::size_t{6});
        // At 32768 positions a cell samples its block's centre (the note says so): the read-out claims no mean
        const FigureData big = computeFigure(dualChunk(32768, 512));
        const QString text = gridReadout(big.grids[0], 1000, 1000);
        QVERIFY2(!text.isEmpty() && !text.contains(QStringLiteral("mean")), qPrintable(text));
    }

    /// The preset Qwen2.5-7B-Instruct-1M loaded: auto draws its dual chunk distances (the tab is shown for it), at
    /// 1M positions one cell per block of positions, and states vLLM's largest distance, 262144 (its inter query
    /// position), against plain RoPE's 1009999; the sampled cells stay within it.
    void qwen1mPresetAt1MPositions()
    {
        const auto config = qwen1m();
        QVERIFY(config->dualChunk);
        QVERIFY(figureSpec(FigureKind::Positions).shown({"rope"}, config.get()));
        const QJsonObject o = posenc::test::loadGolden("dual_chunk/vllm_dual_chunk.json").value("preset").toObject();
        const std::int64_t most = ints(o.value("query_inter")).front();
        FigureRequest r = request(FigureKind::Positions, {method("rope")}, 1010000);
        r.config = config;
        r.pixelColumns = 1000;
        r.pixelRows = 500;
        const FigureData d = computeFigure(r);
        QCOMPARE(d.grids.size(), std::size_t{2});
        QVERIFY(d.grids[0].rows <= 1000 && d.grids[0].cols <= 500);
        double high = 0;
        for (double v : d.grids[0].values)
            if (!std::isnan(v))
                high = std::max(high, v);
        QVERIFY(high <= static_cast<double>(most));
        QVERIFY2(d.note.contains(QStringLiteral("Largest remapped distance: %1 ").arg(most)), qPrintable(d.note));
        QVERIFY(d.note.contains(QStringLiteral("reaches 1009999")));
        QVERIFY(d.title.contains(QStringLiteral("c = 253952")));
        QCOMPARE(d.verticalMarkers.size(), std::size_t{3}); // 1010000 positions: chunks 0..3
        QStringList names;
        for (const auto& l : d.gridLabels)
            names << l.text;
        QCOMPARE(names.count(QStringLiteral("intra")), 4);
        QCOMPARE(names.count(QStringLiteral("successive")), 3);
        QCOMPARE(names.count(QStringLiteral("inter")), 3);
        QVERIFY(figureStrings(d).contains(QStringLiteral("successive")));
    }

    /// In the explorer: the preset shows the Positions tab and its page draws the preset's dual chunk distances
    /// (the coordinator gives the loaded config to the Positions view), also in presentation mode.
    /// POSENC_SCREENSHOT_DIR=DIR saves both pictures.
    void explorerDrawsThePresetsDualChunk()
    {
        // the preset opens the Matrix view at 1,010,000 positions first: 6.5 s here, 75 s under AddressSanitizer on
        // a 2-core machine; the wait ends as soon as the picture is there
        constexpr int kDrawnWithinMs = 300000;
        QTemporaryDir dir;
        qputenv("HOME", dir.path().toLocal8Bit());
        MainWindow w(std::make_unique<Settings>(dir.filePath(QStringLiteral("s.ini"))));
        w.coordinator()->setLiveBackground(false); // the visible view only: the others at 1M positions cost seconds
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.applyPreset(Presets::builtIn(QStringLiteral("qwen2.5-7b-instruct-1m.json")));
        ViewPage* page = w.page(FigureKind::Positions);
        QVERIFY(page);
        const int tab = w.tabs()->indexOf(page);
        QVERIFY(tab >= 0 && w.tabs()->isTabVisible(tab));
        w.tabs()->setCurrentIndex(tab);
        const auto drawn = [&] { return page->figure()->data().grids.size() == 2; };
        QTRY_VERIFY_WITH_TIMEOUT(w.coordinator()->isIdle() && drawn(), kDrawnWithinMs);
        QVERIFY(page->figure()->data().title.contains(QStringLiteral("c = 253952")));
        const QString shots = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            QVERIFY(w.grab().save(shots + QStringLiteral("/positions-dual-chunk.png")));
        w.setPresentationMode(true);
        QTest::qWait(100);
        QTRY_VERIFY_WITH_TIMEOUT(w.coordinator()->isIdle() && drawn(), kDrawnWithinMs);
        if (!shots.isEmpty())
            QVERIFY(w.grab().save(shots + QStringLiteral("/positions-dual-chunk-presentation.png")));
        w.setPresentationMode(false);
    }

    /// A new length moves the region names even when nothing else of the layout changes (the chunk boundaries c
    /// and 2c are the same at 600000 and 700000 positions): no name is left where the old length put it.
    void regionNamesFollowTheLength()
    {
        const FigureData before = computeFigure(dualChunk(600000, 256));
        const FigureData after = computeFigure(dualChunk(700000, 256));
        QCOMPARE(before.verticalMarkers.size(), after.verticalMarkers.size());
        FigureWidget w;
        w.resize(900, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setData(before);
        w.setData(after);
        QStringList drawn;
        for (int i = 0; i < w.plot()->itemCount(); ++i)
            if (const auto* t = qobject_cast<QCPItemText*>(w.plot()->item(i)))
                drawn << QStringLiteral("%1@%2,%3")
                             .arg(t->text())
                             .arg(t->position->coords().x())
                             .arg(t->position->coords().y());
        QVERIFY(!after.gridLabels.empty());
        for (const auto& l : after.gridLabels)
            QVERIFY2(drawn.contains(QStringLiteral("%1@%2,%3").arg(l.text).arg(l.x).arg(l.y)), qPrintable(l.text));
        for (const auto& l : before.gridLabels)
            QVERIFY2(!drawn.contains(QStringLiteral("%1@%2,%3").arg(l.text).arg(l.x).arg(l.y)) ||
                         std::any_of(after.gridLabels.begin(), after.gridLabels.end(),
                                     [&](const auto& m) { return m.text == l.text && m.x == l.x && m.y == l.y; }),
                     qPrintable(l.text));
    }

    void dualChunkRefusesSizesThatBreakTheRule()
    {
        FigureRequest r = dualChunk(64, 64);
        r.options.set("local-size", 262144.0);
        try {
            computeFigure(r);
            QFAIL("local_size = chunk_size accepted");
        } catch (const InvalidInput& e) {
            QCOMPARE(QString::fromStdString(e.param()), QStringLiteral("chunk-size"));
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("262144")));
        }
    }
};

QTEST_MAIN(TstPositionsView)
#include "tst_positions_view.moc"
