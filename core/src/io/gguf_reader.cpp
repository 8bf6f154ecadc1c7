// SPDX-License-Identifier: GPL-3.0-or-later
// GGUF header, metadata and tensor infos (format: ggml docs/gguf.md at ggml d99724f2b1, "File Structure"; type
// sizes: ggml src/ggml.c `type_traits`, block structs in src/ggml-common.h, same revision). Checks follow ggml's
// own reader (src/gguf.cpp `gguf_init_from_file_impl`): versions 2 and 3, wrong byte order detected from the
// version, no empty or duplicate keys, general.alignment a u32 power of two, tensor names < 64 bytes and unique,
// at most 4 dims, offsets aligned; here also: every tensor inside the file and no two overlapping.
#include "posenc/io/gguf.h"

#include "posenc/errors.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <map>

namespace posenc::io {

namespace {

struct TypeTraits {
    const char* name;
    std::uint32_t blockSize; ///< elements per block
    std::uint32_t typeSize;  ///< bytes per block
};

/// ggml type id → name, block size, block bytes (ggml.c type_traits; sizes printed from ggml-common.h's structs).
const std::map<std::uint32_t, TypeTraits>& ggmlTypes()
{
    static const std::map<std::uint32_t, TypeTraits> t{
        {0, {"F32", 1, 4}},         {1, {"F16", 1, 2}},         {2, {"Q4_0", 32, 18}},      {3, {"Q4_1", 32, 20}},
        {6, {"Q5_0", 32, 22}},      {7, {"Q5_1", 32, 24}},      {8, {"Q8_0", 32, 34}},      {9, {"Q8_1", 32, 36}},
        {10, {"Q2_K", 256, 84}},    {11, {"Q3_K", 256, 110}},   {12, {"Q4_K", 256, 144}},   {13, {"Q5_K", 256, 176}},
        {14, {"Q6_K", 256, 210}},   {15, {"Q8_K", 256, 292}},   {16, {"IQ2_XXS", 256, 66}}, {17, {"IQ2_XS", 256, 74}},
        {18, {"IQ3_XXS", 256, 98}}, {19, {"IQ1_S", 256, 50}},   {20, {"IQ4_NL", 32, 18}},   {21, {"IQ3_S", 256, 110}},
        {22, {"IQ2_S", 256, 82}},   {23, {"IQ4_XS", 256, 136}}, {24, {"I8", 1, 1}},         {25, {"I16", 1, 2}},
        {26, {"I32", 1, 4}},        {27, {"I64", 1, 8}},        {28, {"F64", 1, 8}},        {29, {"IQ1_M", 256, 56}},
        {30, {"BF16", 1, 2}},       {34, {"TQ1_0", 256, 54}},   {35, {"TQ2_0", 256, 66}},   {39, {"MXFP4", 32, 17}},
        {40, {"NVFP4", 64, 36}},    {41, {"Q1_0", 128, 18}},    {42, {"Q2_0", 64, 18}}};
    return t;
}

constexpr std::uint64_t kMaxKeyBytes = 65535;      // gguf.md: keys at most 2^16 - 1 bytes
constexpr std::uint64_t kMaxNameBytes = 63;        // ggml GGML_MAX_NAME 64, NUL included
constexpr std::uint64_t kMaxStringBytes = 1 << 30; // ggml GGUF_MAX_STRING_LENGTH
constexpr std::uint64_t kMaxEntries = 1'000'000;   // KVs or tensors kept (ggml allows more; none needs them)
constexpr int kMaxArrayDepth = 8;

class Reader {
public:
    Reader(std::span<const std::byte> bytes, const std::string& origin, const std::string& param)
        : m_bytes(bytes), m_origin(origin), m_param(param)
    {
    }

    [[noreturn]] void fail(std::uint64_t at, const std::string& why) const
    {
        throw InvalidInput(m_param, m_origin + ": GGUF byte " + std::to_string(at) + ": " + why);
    }

    std::uint64_t pos() const { return m_pos; }
    std::uint64_t remaining() const { return m_bytes.size() - m_pos; }
    void seek(std::uint64_t p) { m_pos = p; }

    void need(std::uint64_t n, const char* what) const
    {
        if (n > remaining())
            fail(m_pos, std::string(what) + " needs " + std::to_string(n) + " bytes, " + std::to_string(remaining()) +
                            " remain (truncated file?)");
    }

    std::uint64_t unsignedLe(unsigned n, const char* what)
    {
        need(n, what);
        std::uint64_t v = 0;
        for (unsigned i = 0; i < n; ++i)
            v |= static_cast<std::uint64_t>(std::to_integer<unsigned>(m_bytes[m_pos + i])) << (8 * i);
        m_pos += n;
        return v;
    }
    std::uint32_t u32(const char* what) { return static_cast<std::uint32_t>(unsignedLe(4, what)); }
    std::uint64_t u64(const char* what) { return unsignedLe(8, what); }

    std::string string(const char* what, std::uint64_t maxBytes)
    {
        const std::uint64_t at = m_pos;
        const std::uint64_t n = u64(what);
        if (n > maxBytes)
            fail(at, std::string(what) + " length " + std::to_string(n) + " exceeds the limit of " +
                         std::to_string(maxBytes) + " bytes");
        if (n > remaining())
            fail(at, std::string(what) + " length " + std::to_string(n) + " runs past the end of the file (" +
                         std::to_string(remaining()) + " bytes remain)");
        std::string s(reinterpret_cast<const char*>(m_bytes.data() + m_pos), static_cast<std::size_t>(n));
        m_pos += n;
        return s;
    }

    /// Skips a string without copying it.
    void skipString()
    {
        const std::uint64_t at = m_pos;
        const std::uint64_t n = u64("string");
        if (n > remaining())
            fail(at, "string length " + std::to_string(n) + " runs past the end of the file (" +
                         std::to_string(remaining()) + " bytes remain)");
        m_pos += n;
    }

    static std::uint64_t scalarSize(GgufType t)
    {
        switch (t) {
        case GgufType::U8:
        case GgufType::I8:
        case GgufType::Bool:
            return 1;
        case GgufType::U16:
        case GgufType::I16:
            return 2;
        case GgufType::U32:
        case GgufType::I32:
        case GgufType::F32:
            return 4;
        case GgufType::U64:
        case GgufType::I64:
        case GgufType::F64:
            return 8;
        default:
            return 0;
        }
    }

    GgufType type(std::uint64_t at, const std::string& where)
    {
        const std::uint32_t t = u32("value type");
        if (t > 12)
            fail(at, where + " has value type " + std::to_string(t) + "; GGUF types are 0 to 12");
        return static_cast<GgufType>(t);
    }

    /// Skips an array's elements (nested arrays walked, depth-limited), checking every length.
    void skipArray(const GgufArray& a, int depth, const std::string& where)
    {
        if (depth > kMaxArrayDepth)
            fail(m_pos, where + ": arrays nested deeper than " + std::to_string(kMaxArrayDepth) + " levels");
        if (const std::uint64_t size = scalarSize(a.elementType); size != 0) {
            if (a.count > remaining() / size)
                fail(a.offset, where + ": array of " + std::to_string(a.count) + " " + toString(a.elementType) +
                                   " runs past the end of the file (" + std::to_string(remaining()) + " bytes remain)");
            m_pos += a.count * size;
            return;
        }
        // strings (>= 8 bytes each) and arrays (>= 12 bytes each): the count cannot exceed what remains
        const std::uint64_t minSize = a.elementType == GgufType::String ? 8 : 12;
        if (a.count > remaining() / minSize)
            fail(a.offset, where + ": array of " + std::to_string(a.count) + " " + toString(a.elementType) +
                               " cannot fit in the " + std::to_string(remaining()) + " bytes that remain");
        for (std::uint64_t i = 0; i < a.count; ++i) {
            if (a.elementType == GgufType::String) {
                skipString();
            } else {
                const std::uint64_t at = m_pos;
                GgufArray inner;
                inner.elementType = type(at, where + "[" + std::to_string(i) + "]");
                inner.count = u64("array count");
                inner.offset = m_pos;
                skipArray(inner, depth + 1, where + "[" + std::to_string(i) + "]");
            }
        }
    }

    GgufKv kv()
    {
        GgufKv kv;
        kv.offset = m_pos;
        kv.key = string("key", kMaxKeyBytes);
        if (kv.key.empty())
            fail(kv.offset, "empty key");
        const std::string where = "key \"" + kv.key + "\"";
        kv.type = type(m_pos, where);
        const std::uint64_t at = m_pos;
        switch (kv.type) {
        case GgufType::U8:
        case GgufType::U16:
        case GgufType::U32:
        case GgufType::U64:
            kv.value = unsignedLe(static_cast<unsigned>(scalarSize(kv.type)), "value");
            break;
        case GgufType::I8:
        case GgufType::I16:
        case GgufType::I32:
        case GgufType::I64: {
            const unsigned n = static_cast<unsigned>(scalarSize(kv.type));
            const std::uint64_t raw = unsignedLe(n, "value");
            const std::uint64_t sign = std::uint64_t(1) << (8 * n - 1);
            const std::uint64_t ext = n == 8 ? raw : (raw ^ sign) - sign; // sign extension
            kv.value = static_cast<std::int64_t>(ext);
            break;
        }
        case GgufType::F32:
            kv.value = static_cast<double>(std::bit_cast<float>(u32("value")));
            break;
        case GgufType::F64:
            kv.value = std::bit_cast<double>(u64("value"));
            break;
        case GgufType::Bool: {
            const auto b = unsignedLe(1, "value");
            if (b > 1)
                fail(at, where + ": a bool must be 0 or 1, got " + std::to_string(b));
            kv.value = b == 1;
            break;
        }
        case GgufType::String:
            kv.value = string("string value", kMaxStringBytes);
            break;
        case GgufType::Array: {
            GgufArray a;
            a.elementType = type(at, where + " (array element)");
            a.count = u64("array count");
            a.offset = m_pos;
            skipArray(a, 1, where);
            kv.value = a;
            break;
        }
        }
        return kv;
    }

private:
    std::span<const std::byte> m_bytes;
    std::string m_origin;
    std::string m_param;
    std::uint64_t m_pos = 0;
};

std::string dimsText(const std::vector<std::uint64_t>& dims)
{
    std::string s;
    for (std::size_t i = 0; i < dims.size(); ++i)
        s += (i ? "x" : "") + std::to_string(dims[i]);
    return s.empty() ? "scalar" : s;
}

} // namespace

std::string toString(GgufType type)
{
    static const std::array<const char*, 13> names{"u8",   "i8",     "u16",   "i16", "u32", "i32", "f32",
                                                   "bool", "string", "array", "u64", "i64", "f64"};
    const auto i = static_cast<std::uint32_t>(type);
    return i < names.size() ? names[i] : "type " + std::to_string(i);
}

std::string ggmlTypeName(std::uint32_t type)
{
    const auto it = ggmlTypes().find(type);
    return it == ggmlTypes().end() ? "type " + std::to_string(type) : it->second.name;
}

const GgufKv* GgufFile::find(std::string_view key) const
{
    for (const auto& kv : kvs)
        if (kv.key == key)
            return &kv;
    return nullptr;
}

const GgufTensor* GgufFile::tensor(std::string_view name) const
{
    for (const auto& t : tensors)
        if (t.name == name)
            return &t;
    return nullptr;
}

bool isGguf(std::span<const std::byte> bytes)
{
    return bytes.size() >= 4 && std::memcmp(bytes.data(), "GGUF", 4) == 0;
}

GgufFile parseGguf(std::span<const std::byte> bytes, const std::string& origin, const std::string& param)
{
    Reader r(bytes, origin, param);
    GgufFile f;
    f.fileSize = bytes.size();
    if (!isGguf(bytes))
        r.fail(0, "no GGUF magic (the file must start with the bytes \"GGUF\")");
    r.seek(4);
    f.version = r.u32("version");
    if (f.version != 2 && f.version != 3) {
        const std::uint32_t v = f.version;
        const std::uint32_t swapped = (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
        if (f.version == 1)
            r.fail(4, "GGUF version 1 is not supported (versions 2 and 3 are)");
        if (swapped == 2 || swapped == 3)
            r.fail(4, "version reads as " + std::to_string(f.version) + ": a big-endian GGUF file (version " +
                          std::to_string(swapped) + "); only little-endian files are read");
        r.fail(4, "version " + std::to_string(f.version) + " is not supported (versions 2 and 3 are)");
    }
    const std::uint64_t tensorCount = r.u64("tensor count");
    const std::uint64_t kvCount = r.u64("metadata count");
    // each KV takes >= 13 bytes (key length, type, a 1-byte value), each tensor info >= 24
    if (kvCount > kMaxEntries || kvCount > r.remaining() / 13)
        r.fail(16, "metadata count " + std::to_string(kvCount) + " is absurd for a file of " +
                       std::to_string(bytes.size()) + " bytes");
    if (tensorCount > kMaxEntries || tensorCount > r.remaining() / 24)
        r.fail(8, "tensor count " + std::to_string(tensorCount) + " is absurd for a file of " +
                      std::to_string(bytes.size()) + " bytes");

    std::map<std::string, std::uint64_t> keys;
    for (std::uint64_t i = 0; i < kvCount; ++i) {
        GgufKv kv = r.kv();
        if (const auto [it, fresh] = keys.emplace(kv.key, kv.offset); !fresh)
            r.fail(kv.offset, "duplicate key \"" + kv.key + "\" (first at byte " + std::to_string(it->second) + ")");
        f.kvs.push_back(std::move(kv));
    }
    if (const GgufKv* a = f.find("general.alignment")) {
        if (a->type != GgufType::U32)
            r.fail(a->offset, "general.alignment must be a u32, it is a " + toString(a->type));
        const auto v = std::get<std::uint64_t>(a->value);
        if (v == 0 || (v & (v - 1)) != 0)
            r.fail(a->offset, "general.alignment " + std::to_string(v) + " is not a power of two");
        f.alignment = static_cast<std::uint32_t>(v);
    }

    std::map<std::string, std::uint64_t> names;
    for (std::uint64_t i = 0; i < tensorCount; ++i) {
        GgufTensor t;
        t.infoOffset = r.pos();
        t.name = r.string("tensor name", kMaxNameBytes);
        if (const auto [it, fresh] = names.emplace(t.name, t.infoOffset); !fresh)
            r.fail(t.infoOffset,
                   "duplicate tensor name \"" + t.name + "\" (first at byte " + std::to_string(it->second) + ")");
        const std::string where = "tensor \"" + t.name + "\"";
        const std::uint64_t dimsAt = r.pos();
        const std::uint32_t nDims = r.u32("n_dims");
        if (nDims > 4)
            r.fail(dimsAt, where + " has " + std::to_string(nDims) + " dimensions; ggml allows at most 4");
        std::uint64_t elements = 1;
        for (std::uint32_t d = 0; d < nDims; ++d) {
            const std::uint64_t at = r.pos();
            const std::uint64_t n = r.u64("dimension");
            if (n > static_cast<std::uint64_t>(INT64_MAX))
                r.fail(at, where + " dimension " + std::to_string(d) + " is " + std::to_string(n) +
                               " (negative as ggml's int64)");
            if (n != 0 && elements > static_cast<std::uint64_t>(INT64_MAX) / n)
                r.fail(at, where + ": the element count overflows (shape " + dimsText(t.dims) + "x" +
                               std::to_string(n) + "...)");
            elements *= n;
            t.dims.push_back(n);
        }
        const std::uint64_t typeAt = r.pos();
        t.ggmlType = r.u32("ggml type");
        const auto traits = ggmlTypes().find(t.ggmlType);
        if (traits == ggmlTypes().end())
            r.fail(typeAt, where + " has ggml type " + std::to_string(t.ggmlType) + ", which ggml does not define");
        const std::uint64_t ne0 = t.dims.empty() ? 1 : t.dims[0];
        if (ne0 % traits->second.blockSize != 0)
            r.fail(typeAt, where + " of type " + traits->second.name + " has " + std::to_string(ne0) +
                               " elements per row, not a multiple of the block size " +
                               std::to_string(traits->second.blockSize));
        const std::uint64_t blocks = elements / traits->second.blockSize;
        if (blocks > UINT64_MAX / traits->second.typeSize)
            r.fail(typeAt, where + ": its size in bytes overflows");
        t.bytes = blocks * traits->second.typeSize;
        const std::uint64_t offAt = r.pos();
        t.offset = r.u64("tensor offset");
        if (t.offset % f.alignment != 0)
            r.fail(offAt, where + " offset " + std::to_string(t.offset) + " is not a multiple of the alignment " +
                              std::to_string(f.alignment));
        f.tensors.push_back(std::move(t));
    }
    const std::uint64_t end = r.pos();
    const std::uint64_t pad = (f.alignment - end % f.alignment) % f.alignment;
    f.dataOffset = end + pad;
    if (tensorCount > 0 && f.dataOffset > bytes.size())
        r.fail(end, "the data section (at byte " + std::to_string(f.dataOffset) + ") lies past the end of the file");
    const std::uint64_t dataSize = tensorCount > 0 ? bytes.size() - f.dataOffset : 0;
    for (const auto& t : f.tensors)
        if (t.offset > dataSize || t.bytes > dataSize - t.offset)
            r.fail(t.infoOffset, "tensor \"" + t.name + "\" (" + ggmlTypeName(t.ggmlType) + " " + dimsText(t.dims) +
                                     ", " + std::to_string(t.bytes) + " bytes at data offset " +
                                     std::to_string(t.offset) + ") runs past the end of the file (" +
                                     std::to_string(dataSize) + " data bytes; truncated file?)");
    std::vector<const GgufTensor*> order;
    order.reserve(f.tensors.size());
    for (const auto& t : f.tensors)
        if (t.bytes > 0)
            order.push_back(&t);
    std::sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->offset < b->offset; });
    for (std::size_t i = 1; i < order.size(); ++i)
        if (order[i - 1]->offset + order[i - 1]->bytes > order[i]->offset)
            r.fail(order[i]->infoOffset,
                   "tensor \"" + order[i]->name + "\" (data offset " + std::to_string(order[i]->offset) +
                       ") overlaps tensor \"" + order[i - 1]->name + "\" (data offset " +
                       std::to_string(order[i - 1]->offset) + ", " + std::to_string(order[i - 1]->bytes) + " bytes)");
    return f;
}

std::vector<double> ggufNumbers(std::span<const std::byte> bytes, const GgufArray& array, const std::string& origin,
                                std::size_t maxCount)
{
    Reader r(bytes, origin, "config");
    if (Reader::scalarSize(array.elementType) == 0)
        r.fail(array.offset, "an array of " + toString(array.elementType) + " where numbers are expected");
    if (array.count > maxCount)
        r.fail(array.offset,
               "array of " + std::to_string(array.count) + " numbers exceeds the limit of " + std::to_string(maxCount));
    r.seek(array.offset);
    std::vector<double> out;
    out.reserve(static_cast<std::size_t>(array.count));
    const auto size = static_cast<unsigned>(Reader::scalarSize(array.elementType));
    for (std::uint64_t i = 0; i < array.count; ++i) {
        const std::uint64_t raw = r.unsignedLe(size, "array element");
        const std::uint64_t sign = std::uint64_t(1) << (8 * size - 1);
        switch (array.elementType) {
        case GgufType::I8:
        case GgufType::I16:
        case GgufType::I32:
        case GgufType::I64:
            out.push_back(static_cast<double>(static_cast<std::int64_t>(size == 8 ? raw : (raw ^ sign) - sign)));
            break;
        case GgufType::F32:
            out.push_back(static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(raw))));
            break;
        case GgufType::F64:
            out.push_back(std::bit_cast<double>(raw));
            break;
        default:
            out.push_back(static_cast<double>(raw));
            break;
        }
    }
    return out;
}

} // namespace posenc::io
