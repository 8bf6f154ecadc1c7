// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A small GGUF writer for the tests (format: ggml docs/gguf.md, revision d99724f2b1), written from the spec, not
// from the reader: little-endian fields appended in order, tensors laid out at aligned offsets. Enough to write
// every metadata type (nested arrays included), both versions, any alignment, and deliberately broken files
// (raw() appends anything; counts can be overridden).

#include <bit>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace posenc::test {

class GgufWriter {
public:
    enum Type : std::uint32_t { U8, I8, U16, I16, U32, I32, F32, Bool, String, Array, U64, I64, F64 };

    explicit GgufWriter(std::uint32_t version = 3, std::uint32_t alignment = 32)
        : m_version(version), m_alignment(alignment)
    {
    }

    // --- encoders (append to a buffer) ---
    static void le(std::string& b, std::uint64_t v, int n)
    {
        for (int i = 0; i < n; ++i)
            b.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
    }
    static void str(std::string& b, const std::string& s)
    {
        le(b, s.size(), 8);
        b += s;
    }

    // --- metadata ---
    GgufWriter& kvRaw(const std::string& key, Type type, const std::string& valueBytes)
    {
        str(m_kv, key);
        le(m_kv, type, 4);
        m_kv += valueBytes;
        ++m_kvCount;
        return *this;
    }
    GgufWriter& u32(const std::string& k, std::uint32_t v) { return kvRaw(k, U32, enc(v, 4)); }
    GgufWriter& u64(const std::string& k, std::uint64_t v) { return kvRaw(k, U64, enc(v, 8)); }
    GgufWriter& i32(const std::string& k, std::int32_t v)
    {
        return kvRaw(k, I32, enc(static_cast<std::uint32_t>(v), 4));
    }
    GgufWriter& f32(const std::string& k, float v) { return kvRaw(k, F32, enc(std::bit_cast<std::uint32_t>(v), 4)); }
    GgufWriter& f64(const std::string& k, double v) { return kvRaw(k, F64, enc(std::bit_cast<std::uint64_t>(v), 8)); }
    GgufWriter& boolean(const std::string& k, bool v) { return kvRaw(k, Bool, std::string(1, v ? '\1' : '\0')); }
    GgufWriter& string(const std::string& k, const std::string& v)
    {
        std::string b;
        str(b, v);
        return kvRaw(k, String, b);
    }
    /// An array whose elements are already encoded (`count` elements of `elementType`).
    static std::string arrayBytes(Type elementType, std::uint64_t count, const std::string& elements)
    {
        std::string b;
        le(b, elementType, 4);
        le(b, count, 8);
        return b + elements;
    }
    GgufWriter& array(const std::string& k, Type elementType, std::uint64_t count, const std::string& elements)
    {
        return kvRaw(k, Array, arrayBytes(elementType, count, elements));
    }
    GgufWriter& i32Array(const std::string& k, const std::vector<std::int32_t>& v)
    {
        std::string e;
        for (auto x : v)
            le(e, static_cast<std::uint32_t>(x), 4);
        return array(k, I32, v.size(), e);
    }

    // --- tensors ---
    /// A tensor with its data (`data` bytes; ggml dims order, dims[0] fastest). Offsets are assigned in order.
    GgufWriter& tensor(const std::string& name, const std::vector<std::uint64_t>& dims, std::uint32_t ggmlType,
                       const std::string& data)
    {
        Tensor t{name, dims, ggmlType, align(m_dataSize), data, 0};
        m_dataSize = t.offset + data.size();
        m_tensors.push_back(std::move(t));
        return *this;
    }
    /// A tensor whose data is not written (the file is extended sparsely to cover it: see writeSparse).
    GgufWriter& hole(const std::string& name, const std::vector<std::uint64_t>& dims, std::uint32_t ggmlType,
                     std::uint64_t bytes)
    {
        Tensor t{name, dims, ggmlType, align(m_dataSize), {}, bytes};
        m_dataSize = t.offset + bytes;
        m_tensors.push_back(std::move(t));
        return *this;
    }
    static std::string f32Data(const std::vector<float>& v)
    {
        std::string b;
        for (float x : v)
            le(b, std::bit_cast<std::uint32_t>(x), 4);
        return b;
    }

    std::uint64_t* kvCountOverride = nullptr;
    std::uint64_t* tensorCountOverride = nullptr;

    /// The header + metadata + tensor infos + padding (no tensor data).
    std::string header() const
    {
        std::string b = "GGUF";
        le(b, m_version, 4);
        le(b, tensorCountOverride ? *tensorCountOverride : m_tensors.size(), 8);
        le(b, kvCountOverride ? *kvCountOverride : m_kvCount, 8);
        b += m_kv;
        for (const auto& t : m_tensors) {
            str(b, t.name);
            le(b, t.dims.size(), 4);
            for (auto d : t.dims)
                le(b, d, 8);
            le(b, t.type, 4);
            le(b, t.offset, 8);
        }
        while (b.size() % m_alignment != 0)
            b.push_back('\0');
        return b;
    }
    /// The whole file in memory (holes written as zeros).
    std::string bytes() const
    {
        std::string b = header();
        const std::size_t start = b.size();
        for (const auto& t : m_tensors) {
            b.resize(start + t.offset, '\0');
            b += t.data.empty() ? std::string(static_cast<std::size_t>(t.holeBytes), '\0') : t.data;
        }
        return b;
    }
    /// Writes the file with holes left sparse (ftruncate-style: seek past them). Returns false on failure.
    bool writeSparse(const std::string& path) const
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        const std::string h = header();
        out.write(h.data(), static_cast<std::streamsize>(h.size()));
        std::uint64_t end = h.size();
        for (const auto& t : m_tensors) {
            const std::uint64_t at = h.size() + t.offset;
            if (!t.data.empty()) {
                out.seekp(static_cast<std::streamoff>(at));
                out.write(t.data.data(), static_cast<std::streamsize>(t.data.size()));
            }
            end = at + (t.data.empty() ? t.holeBytes : t.data.size());
        }
        out.close();
        return out.good() && ::truncate(path.c_str(), static_cast<off_t>(end)) == 0;
    }

private:
    struct Tensor {
        std::string name;
        std::vector<std::uint64_t> dims;
        std::uint32_t type;
        std::uint64_t offset;
        std::string data;
        std::uint64_t holeBytes;
    };
    static std::string enc(std::uint64_t v, int n)
    {
        std::string b;
        le(b, v, n);
        return b;
    }
    std::uint64_t align(std::uint64_t x) const { return (x + m_alignment - 1) / m_alignment * m_alignment; }

    std::uint32_t m_version, m_alignment;
    std::string m_kv;
    std::uint64_t m_kvCount = 0;
    std::vector<Tensor> m_tensors;
    std::uint64_t m_dataSize = 0;
};

} // namespace posenc::test
