// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/dual_chunk.h"

#include "posenc/errors.h"

#include <algorithm>
#include <string>

namespace posenc::dual_chunk {

std::string_view toString(QuerySet set)
{
    switch (set) {
    case QuerySet::Intra:
        return "intra";
    case QuerySet::Successive:
        return "successive";
    case QuerySet::Inter:
        return "inter";
    }
    return "intra";
}

void validate(const Config& config)
{
    if (config.localSize <= 0)
        throw InvalidInput("local-size",
                           "dual chunk attention: local_size " + std::to_string(config.localSize) + " must be > 0");
    if (config.chunkSize <= config.localSize)
        throw InvalidInput("chunk-size", "dual chunk attention: chunk_size " + std::to_string(config.chunkSize) +
                                             " must be greater than local_size " + std::to_string(config.localSize));
    if (config.originalMaxPositionEmbeddings < 0)
        throw InvalidInput("original-max-position-embeddings",
                           "dual chunk attention: original_max_position_embeddings " +
                               std::to_string(config.originalMaxPositionEmbeddings) + " must be >= 0");
}

std::int64_t chunkLength(const Config& config)
{
    validate(config);
    return config.chunkSize - config.localSize;
}

namespace {
void requirePosition(std::string_view name, std::int64_t position)
{
    if (position < 0)
        throw InvalidInput(std::string(name), "dual chunk attention: " + std::string(name) + " " +
                                                  std::to_string(position) + " must be >= 0");
}
} // namespace

std::int64_t keyPosition(const Config& config, std::int64_t position)
{
    requirePosition("position", position);
    return position % chunkLength(config);
}

std::int64_t queryPosition(const Config& config, std::int64_t position, QuerySet set)
{
    requirePosition("position", position);
    const std::int64_t c = chunkLength(config);
    switch (set) {
    case QuerySet::Intra:
        return position % c;
    case QuerySet::Successive:
        return std::min(position % c + c, config.chunkSize);
    case QuerySet::Inter:
        return std::min(2 * c - 1, config.chunkSize);
    }
    return position % c;
}

QuerySet querySetFor(const Config& config, std::int64_t query, std::int64_t key)
{
    requirePosition("query", query);
    requirePosition("key", key);
    if (key > query)
        throw InvalidInput("key", "dual chunk attention: key " + std::to_string(key) + " must not be after the query " +
                                      std::to_string(query) + " (causal)");
    const std::int64_t c = chunkLength(config);
    const std::int64_t gap = query / c - key / c;
    return gap == 0 ? QuerySet::Intra : gap == 1 ? QuerySet::Successive : QuerySet::Inter;
}

std::int64_t remappedDistance(const Config& config, std::int64_t query, std::int64_t key)
{
    return queryPosition(config, query, querySetFor(config, query, key)) - keyPosition(config, key);
}

std::int64_t maxRemappedDistance(const Config& config, std::int64_t length)
{
    const std::int64_t c = chunkLength(config);
    if (length < 1)
        throw InvalidInput("length", "dual chunk attention: length " + std::to_string(length) + " must be >= 1");
    std::int64_t best = 0;
    const auto againstChunkStarts = [&](std::int64_t query) {
        const std::int64_t chunk = query / c;
        for (std::int64_t b = chunk; b >= 0 && b >= chunk - 2; --b)
            best = std::max(best, remappedDistance(config, query, b * c));
    };
    againstChunkStarts(length - 1);
    for (std::int64_t k = 1; k <= 3 && k <= (length - 1) / c; ++k)
        againstChunkStarts(k * c - 1);
    return best;
}

DistanceRow distanceRow(const Config& config, std::int64_t query, std::int64_t keyBegin, std::int64_t keyEnd)
{
    validate(config);
    requirePosition("query", query);
    requirePosition("key-begin", keyBegin);
    if (keyEnd < keyBegin || keyEnd > query + 1)
        throw InvalidInput("key-end", "dual chunk attention: key range end " + std::to_string(keyEnd) +
                                          " must lie in [key begin " + std::to_string(keyBegin) +
                                          ", query + 1 = " + std::to_string(query + 1) + "]");
    DistanceRow row;
    row.query = query;
    const auto n = static_cast<std::size_t>(keyEnd - keyBegin);
    row.keys.reserve(n);
    row.plain.reserve(n);
    row.remapped.reserve(n);
    row.sets.reserve(n);
    for (std::int64_t k = keyBegin; k < keyEnd; ++k) {
        const QuerySet set = querySetFor(config, query, k);
        row.keys.push_back(k);
        row.plain.push_back(query - k);
        row.remapped.push_back(queryPosition(config, query, set) - keyPosition(config, k));
        row.sets.push_back(set);
    }
    return row;
}

} // namespace posenc::dual_chunk
