// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file attention_span.h
/// Which keys a causal query sees: full attention, a sliding window or chunked attention, as transformers' masks
/// define them (masking_utils.py at decba1d2ea, lines 76-113: causal_mask_function kv <= q; sliding_window_overlay
/// kv > q - W; chunked_overlay (kv - pad) // C == (q - pad) // C, no left padding here). One decision used by
/// the config reader's layers (HfLayer), the entropy (number of keys the last query sees) and the decay view
/// (the distances no query sees).

#include "posenc/names.h"

#include <cstdint>
#include <optional>
#include <string>

namespace posenc {

enum class AttentionKind { Full, Sliding, Chunked };
/// The one spelling (CLI --attention, the views' option, inspect's layers[].attention).
inline constexpr EnumName<AttentionKind> kAttentionKindNames[] = {
    {AttentionKind::Full, "full"}, {AttentionKind::Sliding, "sliding"}, {AttentionKind::Chunked, "chunked"}};

struct AttentionSpan {
    AttentionKind kind = AttentionKind::Full;
    /// Sliding: the window W (HF `sliding_window`: the query and the W - 1 keys before it); chunked: the chunk
    /// size C (`attention_chunk_size`); 0 for full attention.
    std::int64_t size = 0;

    bool full() const { return kind == AttentionKind::Full; }
    /// Keys the query at 0-based position q sees: full q + 1, sliding min(q + 1, W), chunked (q mod C) + 1.
    std::int64_t keysSeen(std::int64_t q) const;
    /// The largest distance q - kv any query sees: W - 1 (sliding), C - 1 (chunked); nullopt for full attention.
    std::optional<std::int64_t> maxDistance() const;
    /// "sliding window 1024", "chunks of 8192", "full attention" (for notes and messages).
    std::string describe() const;
    bool operator==(const AttentionSpan&) const = default;
};

/// The span a view option pair names: `attention` one of kAttentionKindNames, `window` the size (required for
/// sliding and chunked, 1 <= size <= 2^40; refused for full). Throws InvalidInput("window"/"attention") with the
/// reason; never clamps.
AttentionSpan makeAttentionSpan(const std::string& attention, std::optional<std::int64_t> window);

} // namespace posenc
