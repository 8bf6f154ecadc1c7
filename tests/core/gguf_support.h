// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers shared by the GGUF tests (tst_gguf, tst_gguf_config): a file's bytes as a span, a GGUF resolved to its
// encodings, a minimal llama-like file.

#include "gguf_writer.h"

#include "posenc/io/gguf.h"

#include <optional>
#include <span>
#include <string>

namespace posenc::test {

inline std::span<const std::byte> span(const std::string& s)
{
    return {reinterpret_cast<const std::byte*>(s.data()), s.size()};
}

inline io::HfConfig resolve(const std::string& bytes, std::optional<double> seqLen = std::nullopt)
{
    const io::GgufFile f = io::parseGguf(span(bytes), "test.gguf");
    io::HfConfigOptions o;
    o.origin = "test.gguf";
    o.seqLen = seqLen;
    return io::ggufConfig(span(bytes), f, o);
}

inline GgufWriter llamaLike(const std::string& arch, float base, std::uint32_t nRot)
{
    GgufWriter w;
    w.string("general.architecture", arch)
        .string("general.name", "tiny")
        .u32(arch + ".context_length", 8192)
        .u32(arch + ".embedding_length", 256)
        .u32(arch + ".attention.head_count", 4)
        .f32(arch + ".rope.freq_base", base)
        .u32(arch + ".rope.dimension_count", nRot);
    return w;
}

} // namespace posenc::test
