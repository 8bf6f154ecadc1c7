// SPDX-License-Identifier: GPL-3.0-or-later
// `dual_chunk_attention_config` as vLLM reads it (vllm 07b13497a9b5, model_executor/models/qwen2.py passes
// chunk_size and local_size to get_rope; original_max_position_embeddings scales the softmax in the backend).
#include "hf_dual_chunk.h"

#include "posenc/errors.h"

namespace posenc::io::detail {

std::optional<dual_chunk::Config> readDualChunkConfig(const nlohmann::json& root, const std::string& origin)
{
    const auto it = root.find("dual_chunk_attention_config");
    if (it == root.end() || it->is_null())
        return std::nullopt;
    const std::string key = "dual_chunk_attention_config";
    if (!it->is_object())
        throw InvalidInput(key, origin + ": " + key + " must be an object, got " + it->dump());
    const auto field = [&](const char* name, bool required) -> std::int64_t {
        const auto f = it->find(name);
        if (f == it->end() || f->is_null()) {
            if (required)
                throw InvalidInput(key, origin + ": " + key + "." + name + " is missing");
            return 0;
        }
        if (!f->is_number_integer() || f->get<std::int64_t>() < 0)
            throw InvalidInput(key, origin + ": " + key + "." + name + " must be an integer >= 0, got " + f->dump());
        return f->get<std::int64_t>();
    };
    dual_chunk::Config c;
    c.chunkSize = field("chunk_size", true);
    c.localSize = field("local_size", true);
    c.originalMaxPositionEmbeddings = field("original_max_position_embeddings", false);
    try {
        dual_chunk::validate(c);
    } catch (const InvalidInput& e) {
        throw e.located(key, origin);
    }
    return c;
}

} // namespace posenc::io::detail
