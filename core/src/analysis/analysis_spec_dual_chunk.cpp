// SPDX-License-Identifier: GPL-3.0-or-later
// `dual-chunk` declared once (analysis_spec.h): for one query and a range of keys, the relative distance RoPE sees
// under dual chunk attention (Qwen2.5-1M's dual_chunk_attention_config, as vLLM remaps positions: dual_chunk.h)
// beside the plain distance. A formula of its options: it uses no encoding.
#include "analysis_specs_p.h"

#include "posenc/dual_chunk.h"
#include "posenc/errors.h"
#include "posenc/param_builders.h"

#include <algorithm>
#include <string>

namespace posenc::analysis {

namespace {

constexpr std::int64_t kMostRows = std::int64_t(1) << 22;

AnalysisOutput run(const Encoding*, const ParamSet& p, const RunContext&)
{
    dual_chunk::Config c;
    c.chunkSize = p.integer("chunk-size");
    c.localSize = p.integer("local-size");
    c.originalMaxPositionEmbeddings = p.integer("original-max-position-embeddings");
    dual_chunk::validate(c);
    const std::int64_t query = p.integer("query");
    const std::int64_t begin = p.integer("key-begin");
    const std::int64_t end = p.has("key-end") ? p.integer("key-end") : query + 1;
    const std::int64_t step = p.integer("key-step");
    if (begin > query)
        throw InvalidInput("key-begin", "key-begin " + std::to_string(begin) + " must not be after the query " +
                                            std::to_string(query) + " (causal)");
    if (end <= begin || end > query + 1)
        throw InvalidInput("key-end", "key-end " + std::to_string(end) + " must lie in (key-begin " +
                                          std::to_string(begin) + ", query + 1 = " + std::to_string(query + 1) + "]");
    if ((end - begin + step - 1) / step > kMostRows)
        throw InvalidInput("key-step", "key-step " + std::to_string(step) + " gives more than " +
                                           std::to_string(kMostRows) + " keys in [" + std::to_string(begin) + ", " +
                                           std::to_string(end) + "): raise it or narrow the range");
    std::vector<double> key, plain, remapped, keyPos, queryPos;
    std::vector<std::string> set;
    double maxRemapped = 0;
    for (std::int64_t k = begin; k < end; k += step) {
        const auto s = dual_chunk::querySetFor(c, query, k);
        const std::int64_t qp = dual_chunk::queryPosition(c, query, s);
        const std::int64_t kp = dual_chunk::keyPosition(c, k);
        key.push_back(static_cast<double>(k));
        plain.push_back(static_cast<double>(query - k));
        remapped.push_back(static_cast<double>(qp - kp));
        keyPos.push_back(static_cast<double>(kp));
        queryPos.push_back(static_cast<double>(qp));
        set.emplace_back(dual_chunk::toString(s));
        maxRemapped = std::max(maxRemapped, remapped.back());
    }
    AnalysisOutput out;
    out.scalars = {{"chunk_length", static_cast<double>(dual_chunk::chunkLength(c))},
                   {"max_remapped_distance", maxRemapped},
                   {"max_plain_distance", plain.front()}};
    out.columns = {{"key", std::move(key)},
                   {"plain_distance", std::move(plain)},
                   {"remapped_distance", std::move(remapped)},
                   {"key_position", std::move(keyPos)},
                   {"query_position", std::move(queryPos)}};
    out.textColumns = {{"query_set", std::move(set)}};
    return out;
}

} // namespace

AnalysisSpec dualChunkSpec()
{
    AnalysisSpec s;
    s.id = "dual-chunk";
    s.summary = "Dual chunk attention (Qwen2.5-1M's dual_chunk_attention_config, as vLLM and SGLang apply it): for "
                "one query and a range of keys, the relative distance RoPE sees after the position remap (keys at p "
                "mod c, c = chunk_size - local_size; the query at its intra, successive or inter position) beside "
                "the plain distance query - key. The remapped distance never exceeds chunk_size.";
    s.options = {
        intParam("chunk-size", 262144, 2, 1e15, {}, "dual_chunk_attention_config chunk_size"),
        intParam("local-size", 8192, 1, 1e15, {}, "dual_chunk_attention_config local_size (< chunk-size)"),
        intParam("original-max-position-embeddings", 262144, 0, 1e15, {},
                 "dual_chunk_attention_config original_max_position_embeddings (0: unset; scales the softmax, "
                 "moves no position)"),
        intParam("query", 1009999, 0, 1e15, {}, "the query's position"),
        intParam("key-begin", 0, 0, 1e15, {}, "first key position"),
        optional(intParam("key-end", 1, 1, 1e15, {}, "one past the last key position (unset: query + 1)")),
        intParam("key-step", 1, 1, 1e15, {}, "every key-step-th key of the range"),
    };
    s.columns = {
        {"chunk_length", "c = chunk_size - local_size, the length of a chunk", true, ResultShape::Number},
        {"max_remapped_distance", "the largest remapped distance over the keys", true, ResultShape::Number},
        {"max_plain_distance", "the largest plain distance over the keys (query - first key)", true,
         ResultShape::Number},
        {"key", "key position", true, ResultShape::Array},
        {"plain_distance", "query - key: the distance plain RoPE sees", true, ResultShape::Array},
        {"remapped_distance", "query_position - key_position: the distance RoPE sees under dual chunk attention", true,
         ResultShape::Array},
        {"key_position", "the position the key is rotated by: key mod c", true, ResultShape::Array},
        {"query_position",
         "the position the query is rotated by against this key: query mod c (intra), min(query mod c + c, "
         "chunk_size) (successive), min(2c - 1, chunk_size) (inter)",
         true, ResultShape::Array},
        {"query_set",
         "intra (key in the query's chunk), successive (the chunk before) or inter (two or more chunks before)", true,
         ResultShape::TextArray},
    };
    s.run = &run;
    s.usesEncoding = false;
    return s;
}

} // namespace posenc::analysis
