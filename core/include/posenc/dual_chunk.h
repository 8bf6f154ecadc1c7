// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file dual_chunk.h
/// Dual chunk attention's position remap (Qwen2.5-1M's `dual_chunk_attention_config`), as vLLM's
/// DualChunkRotaryEmbedding computes it (vllm-project/vllm 07b13497a9b5,
/// vllm/model_executor/layers/rotary_embedding/dual_chunk_rope.py:72-82 the position tables, :140-157 which table
/// each token reads) and which query set meets which key chunk as its dual-chunk flash-attention backend's prefill
/// loop slices them (vllm 006e0acbee67, vllm/attention/backends/dual_chunk_flash_attn.py
/// `_dual_chunk_flash_attn_prefill_func`: intra keys [b, end) with b the query chunk's start, successive keys
/// [b − c, b), inter keys [0, b − c)). SGLang's DualChunkRotaryEmbedding builds the same five tables and reads them
/// the same way (sgl-project/sglang 0b1fd02d56f0, python/sglang/srt/layers/rotary_embedding/rope_variant.py, class
/// DualChunkRotaryEmbedding: _compute_cos_sin_cache and forward); read, not run (its forward needs CUDA).
///
/// With c = chunk_size − local_size: a key at position p is rotated by p mod c; a query at p by one of three
/// positions, p mod c (intra), min(p mod c + c, chunk_size) (successive) or min(2c − 1, chunk_size) (inter).
/// The relative distance RoPE sees is the query's position minus the key's, never more than chunk_size.

#include <cstdint>
#include <string_view>
#include <vector>

namespace posenc::dual_chunk {

/// The three query position sets, by where the key lies relative to the query's chunk.
enum class QuerySet : std::uint8_t {
    Intra = 0,      ///< key in the query's chunk
    Successive = 1, ///< key in the chunk just before
    Inter = 2       ///< key two or more chunks before
};

/// "intra", "successive", "inter".
std::string_view toString(QuerySet set);

/// The model config's `dual_chunk_attention_config`.
struct Config {
    std::int64_t chunkSize = 0;
    std::int64_t localSize = 0;
    /// > 0: vLLM multiplies the softmax scale by the model's scaling factor; 0: not set. Does not move positions.
    std::int64_t originalMaxPositionEmbeddings = 0;
};

/// Throws InvalidInput ("chunk-size", "local-size", "original-max-position-embeddings") unless
/// chunk_size > local_size > 0 and original_max_position_embeddings >= 0.
void validate(const Config& config);

/// c = chunk_size − local_size: the length of a chunk (validates first).
std::int64_t chunkLength(const Config& config);

/// p mod c. Throws InvalidInput("position") for p < 0.
std::int64_t keyPosition(const Config& config, std::int64_t position);

/// The position a query at `position` is rotated by in `set`.
std::int64_t queryPosition(const Config& config, std::int64_t position, QuerySet set);

/// Which query set meets a key at `key` from a query at `query` (causal: key <= query, else InvalidInput("key")).
QuerySet querySetFor(const Config& config, std::int64_t query, std::int64_t key);

/// queryPosition(query, querySetFor(query, key)) − keyPosition(key): the relative distance RoPE sees.
std::int64_t remappedDistance(const Config& config, std::int64_t query, std::int64_t key);

/// The largest remapped distance over every causal pair (key <= query < length): against the first key of a chunk
/// (key position 0) a query's distance is its position in that set, which depends only on query mod c and on
/// whether the query lies in chunk 0, 1 or a later one, so the last query and the last query of chunks 0, 1 and 2
/// are the only candidates. Never more than chunk_size. Throws InvalidInput("length") for length < 1.
std::int64_t maxRemappedDistance(const Config& config, std::int64_t length);

/// One query against the keys [keyBegin, keyEnd) (keyEnd <= query + 1): plain distance query − key, the
/// remapped one and the query set used, per key.
struct DistanceRow {
    std::int64_t query = 0;
    std::vector<std::int64_t> keys, plain, remapped;
    std::vector<QuerySet> sets;
};
DistanceRow distanceRow(const Config& config, std::int64_t query, std::int64_t keyBegin, std::int64_t keyEnd);

} // namespace posenc::dual_chunk
