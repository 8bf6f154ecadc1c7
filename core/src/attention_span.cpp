// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/attention_span.h"

#include "posenc/errors.h"
#include "posenc/param_state.h"

#include <algorithm>

namespace posenc {

std::int64_t AttentionSpan::keysSeen(std::int64_t q) const
{
    switch (kind) {
    case AttentionKind::Sliding: // kv in (q - W, q]
        return std::min(q + 1, size);
    case AttentionKind::Chunked: // kv in [C floor(q / C), q]
        return q % size + 1;
    case AttentionKind::Full:
        break;
    }
    return q + 1;
}

std::optional<std::int64_t> AttentionSpan::maxDistance() const
{
    if (full())
        return std::nullopt;
    return size - 1;
}

std::string AttentionSpan::describe() const
{
    switch (kind) {
    case AttentionKind::Sliding:
        return "sliding window " + std::to_string(size);
    case AttentionKind::Chunked:
        return "chunks of " + std::to_string(size);
    case AttentionKind::Full:
        break;
    }
    return "full attention";
}

AttentionSpan makeAttentionSpan(const std::string& attention, std::optional<std::int64_t> window)
{
    AttentionSpan s;
    s.kind = parseEnum(kAttentionKindNames, "attention", attention);
    if (s.full()) {
        if (window)
            throw InvalidInput("window", "--window " + std::to_string(*window) +
                                             " applies to sliding or chunked attention, not full attention");
        return s;
    }
    if (!window)
        throw InvalidInput("window", attention + " attention needs --window (the " +
                                         (s.kind == AttentionKind::Sliding ? std::string("sliding_window")
                                                                           : std::string("attention_chunk_size")) +
                                         " of the layer)");
    if (*window < 1 || *window > kMaxLength)
        throw InvalidInput("window", "--window " + std::to_string(*window) + " is outside [1, 2^40]");
    s.size = *window;
    return s;
}

} // namespace posenc
