// SPDX-License-Identifier: GPL-3.0-or-later
// Positions figure, dual chunk attention (Qwen2.5-1M's dual_chunk_attention_config): the query × key matrix of the
// relative distance RoPE sees after vLLM's and SGLang's position remap (posenc/dual_chunk.h, the one place it is
// computed) beside plain RoPE's q − k, with the chunk boundaries marked, the intra / successive / inter regions
// named and the largest remapped distance stated. Computed at screen resolution: one cell per query × key block.
#include "FigureCompute_p.h"

#include "posenc/dual_chunk.h"
#include "posenc/errors.h"
#include "posenc/io/hf_config.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc::widgets::detail {

namespace {

/// Qwen2.5-7B-Instruct-1M's dual_chunk_attention_config: the values when neither an option nor a config gives one.
constexpr std::int64_t kQwenChunkSize = 262144;
constexpr std::int64_t kQwenLocalSize = 8192;
/// Most chunk boundaries marked (beyond it the lines would merge: the note says so).
constexpr std::int64_t kMostBoundaries = 24;
/// Most chunks whose blocks are each named (beyond it the first block of each region only).
constexpr std::int64_t kMostNamedChunks = 6;

struct Resolved {
    dual_chunk::Config config;
    QString from;
};

Resolved resolveConfig(const FigureRequest& request)
{
    const io::HfConfig* loaded = request.config ? request.config.get() : nullptr;
    const bool fromConfig = loaded && loaded->dualChunk;
    Resolved r;
    r.config.chunkSize = fromConfig ? loaded->dualChunk->chunkSize : kQwenChunkSize;
    r.config.localSize = fromConfig ? loaded->dualChunk->localSize : kQwenLocalSize;
    r.from = fromConfig
                 ? QObject::tr("dual_chunk_attention_config of %1").arg(QString::fromStdString(loaded->modelName))
                 : QObject::tr("Qwen2.5-7B-Instruct-1M's dual_chunk_attention_config");
    const bool chunkSet = request.options.has("chunk-size"), localSet = request.options.has("local-size");
    if (chunkSet)
        r.config.chunkSize = request.options.integer("chunk-size");
    if (localSet)
        r.config.localSize = request.options.integer("local-size");
    if (chunkSet || localSet)
        r.from = QObject::tr("the view's options");
    dual_chunk::validate(r.config); // InvalidInput names chunk-size or local-size, as the options are called
    return r;
}

/// Cells of `width` positions along one axis of [0, length): the position each cell samples (its centre).
std::int64_t centre(std::int64_t cell, std::int64_t width, std::int64_t length)
{
    return std::min(length - 1, cell * width + (width - 1) / 2);
}

Grid distanceGrid(const QString& title, std::int64_t length, std::int64_t qWidth, std::int64_t kWidth)
{
    Grid g;
    g.title = title;
    g.rows = (length + qWidth - 1) / qWidth;
    g.cols = (length + kWidth - 1) / kWidth;
    g.xFirst = -0.5;
    g.xLast = static_cast<double>(g.rows * qWidth) - 0.5;
    for (std::int64_t c = 0; c <= g.cols; ++c)
        g.yEdges.push_back(static_cast<double>(c * kWidth) - 0.5);
    g.yFirst = g.yEdges.front();
    g.yLast = g.yEdges.back();
    g.xLabel = QObject::tr("query position");
    g.yLabel = QObject::tr("key position");
    g.valueLabel = QObject::tr("relative distance");
    g.scale = Grid::Scale::Sequential;
    g.values.assign(static_cast<std::size_t>(g.rows * g.cols), std::numeric_limits<double>::quiet_NaN());
    return g;
}

QString regionName(dual_chunk::QuerySet set)
{
    switch (set) {
    case dual_chunk::QuerySet::Intra:
        return QObject::tr("intra");
    case dual_chunk::QuerySet::Successive:
        return QObject::tr("successive");
    case dual_chunk::QuerySet::Inter:
        return QObject::tr("inter");
    }
    return {};
}

/// The region names over the remapped grid: at the centroid of each block of query chunk a × key chunk b (the
/// causal triangle on the diagonal); every block up to kMostNamedChunks chunks, else the first of each region.
void nameRegions(FigureData& data, const dual_chunk::Config& config, std::int64_t length)
{
    const std::int64_t c = dual_chunk::chunkLength(config);
    const std::int64_t chunks = (length + c - 1) / c;
    for (std::int64_t a = 0; a < chunks; ++a)
        for (std::int64_t b = 0; b <= a; ++b) {
            if (chunks > kMostNamedChunks && !((a == 0 && b == 0) || (a == 1 && b <= 1) || (a == 2 && b == 0)))
                continue;
            const double x0 = static_cast<double>(a * c), x1 = static_cast<double>(std::min((a + 1) * c, length));
            const double y0 = static_cast<double>(b * c), y1 = static_cast<double>(std::min((b + 1) * c, length));
            const auto set = dual_chunk::querySetFor(config, a * c, b * c);
            FigureData::GridLabel l;
            l.text = regionName(set);
            l.x = a == b ? (x0 + 2 * x1) / 3 : (x0 + x1) / 2; // the diagonal block is the triangle key <= query
            l.y = a == b ? (2 * y0 + y1) / 3 : (y0 + y1) / 2;
            data.gridLabels.push_back(l);
        }
}

} // namespace

FigureData dualChunkFigure(const FigureRequest& request)
{
    const Resolved r = resolveConfig(request);
    const dual_chunk::Config& cfg = r.config;
    const std::int64_t length = request.length;
    if (length < 1)
        throw InvalidInput(
            "length",
            QObject::tr("the dual chunk matrix needs a length of at least 1, got %1").arg(length).toStdString());
    const std::int64_t c = dual_chunk::chunkLength(cfg);
    const auto bins = [length](int pixels) {
        const std::int64_t n = std::clamp<std::int64_t>(pixels, 1, length);
        return (length + n - 1) / n; // positions per cell
    };
    const std::int64_t qWidth = bins(request.pixelColumns), kWidth = bins(request.pixelRows);
    const bool plain = request.options.flag("plain");

    FigureData data;
    data.title = QObject::tr("Dual chunk attention (chunk_size %1, local_size %2, c = %3)")
                     .arg(cfg.chunkSize)
                     .arg(cfg.localSize)
                     .arg(c);
    data.grids.push_back(distanceGrid(QObject::tr("remapped (dual chunk)"), length, qWidth, kWidth));
    if (plain)
        data.grids.push_back(distanceGrid(QObject::tr("plain RoPE: q − k"), length, qWidth, kWidth));
    Grid& remapped = data.grids.front();
    for (std::int64_t row = 0; row < remapped.rows; ++row) {
        const std::int64_t q = centre(row, qWidth, length);
        for (std::int64_t col = 0; col < remapped.cols; ++col) {
            const std::int64_t k = centre(col, kWidth, length);
            if (k > q)
                continue; // a future key: masked (no value)
            const auto i = static_cast<std::size_t>(row * remapped.cols + col);
            remapped.values[i] = static_cast<double>(dual_chunk::remappedDistance(cfg, q, k));
            if (plain)
                data.grids[1].values[i] = static_cast<double>(q - k);
        }
    }

    const std::int64_t boundaries = (length - 1) / c;
    if (boundaries <= kMostBoundaries)
        for (std::int64_t k = 1; k <= boundaries; ++k) {
            const QString label = k == 1 ? QStringLiteral("c") : QStringLiteral("%1c").arg(k);
            data.verticalMarkers.push_back({static_cast<double>(k * c) - 0.5, label, 0});
            data.horizontalMarkers.push_back({static_cast<double>(k * c) - 0.5, label, 0});
        }
    nameRegions(data, cfg, length);

    const std::int64_t maxRemapped = dual_chunk::maxRemappedDistance(cfg, length);
    addNote(data, QObject::tr("%1 positions, values from %2. Largest remapped distance: %3 (never more than "
                              "chunk_size %4); plain RoPE's q − k reaches %5")
                      .arg(length)
                      .arg(r.from)
                      .arg(maxRemapped)
                      .arg(cfg.chunkSize)
                      .arg(length - 1));
    addNote(data, QObject::tr("Keys are rotated by k mod c; the query by q mod c against keys in its own chunk "
                              "(intra), by min(q mod c + c, chunk_size) against the chunk before (successive), by "
                              "min(2c − 1, chunk_size) against earlier chunks (inter)"));
    if (qWidth > 1 || kWidth > 1)
        addNote(data, QObject::tr("Each cell shows the distance at the centre query and key of its block (%1 × %2 "
                                  "positions); the largest distance above is exact over every pair")
                          .arg(qWidth)
                          .arg(kWidth));
    if (boundaries > kMostBoundaries)
        addNote(data, QObject::tr("%1 chunk boundaries, too many to mark").arg(boundaries));
    data.source = QObject::tr("vLLM's and SGLang's DualChunkRotaryEmbedding");
    return data;
}

} // namespace posenc::widgets::detail
