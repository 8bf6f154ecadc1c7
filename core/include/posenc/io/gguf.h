// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file gguf.h
/// GGUF files (llama.cpp / ggml models): the header, metadata and tensor infos, and the rope settings they hold
/// resolved to registry methods like a Hugging Face config.json (hf_config.h).
///
/// Format (ggml docs/gguf.md, ggml revision d99724f2b1): little-endian; u32 magic "GGUF", u32 version (2 or 3;
/// 1 and big-endian files are refused), u64 tensor_count, u64 kv_count; a string is a u64 length and that many
/// bytes; a KV is a key string, a u32 value type (0 u8, 1 i8, 2 u16, 3 i16, 4 u32, 5 i32, 6 f32, 7 bool, 8 string,
/// 9 array, 10 u64, 11 i64, 12 f64) and the value; an array is a u32 element type, a u64 count and the elements
/// (arrays nest); a tensor info is a name, u32 n_dims, n_dims u64 dims (dims[0] varies fastest), u32 ggml type
/// and a u64 offset from the data section, which starts at the end of the tensor infos rounded up to
/// `general.alignment` (u32, a power of two; default 32).
///
/// The reader works on a memory map: it reads the header and the tensor infos and, on request, one small tensor;
/// weights are never touched. Arrays stay in the file (only their offset and count are kept). Every count and
/// length is checked against the bytes that remain before anything is kept; malformed, truncated or hostile
/// files throw InvalidInput naming the byte offset and the reason.

#include "posenc/io/hf_config.h"
#include "posenc/io/tables.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace posenc::io {

enum class GgufType : std::uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12
};
/// "u8", "i8", ..., "array", "f64".
std::string toString(GgufType type);

/// An array value: its element type, count and where its elements start in the file (read on request).
struct GgufArray {
    GgufType elementType = GgufType::U8;
    std::uint64_t count = 0;
    std::uint64_t offset = 0; ///< byte offset of the first element
};

struct GgufKv {
    std::string key;
    GgufType type = GgufType::U8;
    std::uint64_t offset = 0; ///< byte offset of the key
    /// Integers (and bool) as int64/uint64, floats as double, strings, arrays.
    std::variant<std::int64_t, std::uint64_t, double, bool, std::string, GgufArray> value;
};

struct GgufTensor {
    std::string name;
    std::vector<std::uint64_t> dims; ///< ggml order: dims[0] varies fastest
    std::uint32_t ggmlType = 0;
    std::uint64_t offset = 0;     ///< from the start of the data section
    std::uint64_t bytes = 0;      ///< size of the data (from type and dims)
    std::uint64_t infoOffset = 0; ///< byte offset of the tensor info in the file
};

struct GgufFile {
    std::uint32_t version = 0;
    std::uint32_t alignment = 32;
    std::uint64_t dataOffset = 0; ///< byte offset of the data section
    std::uint64_t fileSize = 0;
    std::vector<GgufKv> kvs;
    std::vector<GgufTensor> tensors;

    const GgufKv* find(std::string_view key) const;
    const GgufTensor* tensor(std::string_view name) const;
};

/// ggml type name ("F32", "Q4_K", ...) or "type N".
std::string ggmlTypeName(std::uint32_t type);

/// True when the bytes start with the GGUF magic.
bool isGguf(std::span<const std::byte> bytes);

/// Parses header, metadata and tensor infos; validates every tensor's extent and that no two overlap. `param`
/// is the InvalidInput parameter named in errors ("config", "input").
GgufFile parseGguf(std::span<const std::byte> bytes, const std::string& origin, const std::string& param = "config");

/// The numeric elements of an array value (integers, floats, bool), at most `maxCount` (else InvalidInput).
std::vector<double> ggufNumbers(std::span<const std::byte> bytes, const GgufArray& array, const std::string& origin,
                                std::size_t maxCount = 1 << 16);

/// A tensor of type F32, F16, BF16 or F64 as doubles (row-major over dims[1..], dims[0] fastest). Refuses other
/// types and tensors of more than `maxElements` elements (checked before allocating).
std::vector<double> ggufTensorValues(std::span<const std::byte> bytes, const GgufFile& file, const GgufTensor& t,
                                     const std::string& origin, std::uint64_t maxElements,
                                     const std::string& param = "config");

/// A 2-D F32/F16/BF16/F64 tensor as a learned position table (`tensor` empty: "position_embd.weight"); ggml's
/// dims [channels, positions] give a table of `positions` rows; with options.leadingDims, an N-D tensor ne = [D, S,
/// H, B] is the C-order [B, H, S, D] with the leading dimensions stacked (tables.h). Only that tensor's bytes are
/// read. Throws
/// InvalidInput("input", ...). `--input FILE.gguf[:TENSOR]` reaches it through readTable / readTableFile.
Matrix readGguf(std::span<const std::byte> bytes, const std::string& tensor, const TableReadOptions& options = {},
                const std::string& origin = "gguf");
Matrix readGgufFile(const std::string& path, const std::string& tensor, const TableReadOptions& options = {});

/// What a GGUF file adds to an HfConfig resolved from it.
struct GgufSummary {
    std::string arch;    ///< general.architecture
    std::string pairing; ///< llama.cpp's rope type for the arch: "norm", "neox", "mrope", "none", "unknown"
    std::uint32_t version = 0;
    std::vector<std::string> keysUsed;    ///< metadata keys and rope tensors read
    std::vector<std::string> keysIgnored; ///< {arch}.rope.* keys and rope tensors present but not read
    std::uint64_t tensorCount = 0;
    std::uint64_t kvCount = 0;
};

/// The rope encodings of a parsed GGUF file as registry methods (the file's own values, llama.cpp's pairing for
/// its architecture). Throws InvalidInput naming the key for what cannot be resolved.
HfConfig ggufConfig(std::span<const std::byte> bytes, const GgufFile& file, const HfConfigOptions& options,
                    GgufSummary* summary = nullptr);
/// Maps, parses and resolves a GGUF file.
HfConfig loadGgufConfig(const std::string& path, HfConfigOptions options = {}, GgufSummary* summary = nullptr);

/// One place where a converted GGUF file and the Hugging Face config it came from disagree.
struct GgufDrift {
    std::string scope;    ///< encoding scope ("" or a layer type)
    std::string what;     ///< "rope_freqs", "factor", "rope_theta", "inv_freq", ...
    std::string gguf, hf; ///< the two values as text
    std::string message;  ///< a sentence naming the difference
    bool mismatch = true; ///< false: a difference that is expected (e.g. NORM pairing on permuted weights)
};
/// Compares the encodings of a GGUF file (ggufConfig) with those of an HF config (parseHfConfig), pair by pair:
/// scaling type (a Llama 3 config without rope_freqs.weight), rope_theta, rotary channels, factor (reciprocal
/// factors named as such), original length, YaRN betas, attention factor, context length, pairing, inv_freq.
std::vector<GgufDrift> compareGgufWithHf(const HfConfig& gguf, const HfConfig& hf);

/// llama.cpp's rope type for an architecture name: "norm" (adjacent pairs), "neox" (i, i + n/2), "mrope",
/// "none" (no RoPE), or "" when the architecture is not in the table.
std::string llamaCppRopeType(std::string_view arch);

} // namespace posenc::io
