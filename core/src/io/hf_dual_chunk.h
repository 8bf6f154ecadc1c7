// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The config's `dual_chunk_attention_config` (Qwen2.5-1M), read for HfConfig::dualChunk.
#include "posenc/dual_chunk.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace posenc::io::detail {

/// Unset when the config has no such key. Throws InvalidInput naming the key when it is not an object, a field is
/// not a non-negative integer, or the values break dual_chunk::validate (chunk_size > local_size > 0).
std::optional<dual_chunk::Config> readDualChunkConfig(const nlohmann::json& root, const std::string& origin);

} // namespace posenc::io::detail
