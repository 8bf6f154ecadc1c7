// SPDX-License-Identifier: GPL-3.0-or-later
// .safetensors reader (format: huggingface/safetensors README): u64 little-endian header size N, N bytes of JSON
// {"__metadata__": {...}, name: {"dtype", "shape", "data_offsets": [begin, end]}}, then the data (little endian,
// C order). Only the header and the chosen tensor's bytes are touched.
#include "table_internal.h"

#include <nlohmann/json.hpp>

#include <cstring>
#include <map>

namespace posenc::io {

namespace {

using detail::fail;
using Json = nlohmann::ordered_json;

/// The safetensors reference implementation refuses headers above 100 MB.
constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

std::size_t dtypeSize(const std::string& dtype)
{
    static const std::map<std::string, std::size_t> sizes{
        {"BOOL", 1}, {"U8", 1},  {"I8", 1},  {"F8_E5M2", 1}, {"F8_E4M3", 1}, {"I16", 2}, {"U16", 2}, {"F16", 2},
        {"BF16", 2}, {"I32", 4}, {"U32", 4}, {"F32", 4},     {"I64", 8},     {"U64", 8}, {"F64", 8}};
    const auto it = sizes.find(dtype);
    return it == sizes.end() ? 0 : it->second;
}

bool readableDtype(const std::string& dtype)
{
    return dtype == "F16" || dtype == "BF16" || dtype == "F32" || dtype == "F64";
}

std::string describe(const TensorInfo& t)
{
    std::string s = t.name + " (" + t.dtype + " ";
    for (std::size_t i = 0; i < t.shape.size(); ++i)
        s += (i ? "x" : "") + std::to_string(t.shape[i]);
    return s + (t.shape.empty() ? "scalar)" : ")");
}

std::string listing(const std::vector<TensorInfo>& tensors, bool tablesOnly)
{
    std::string s;
    int n = 0;
    for (const auto& t : tensors) {
        if (tablesOnly && !t.readableTable())
            continue;
        if (++n > 20) {
            s += ", ...";
            break;
        }
        s += (s.empty() ? "" : ", ") + describe(t);
    }
    return s.empty() ? "none" : s;
}

std::uint64_t unsignedField(const Json& v, const std::string& origin, const std::string& where)
{
    if (!v.is_number_unsigned())
        fail(origin, where + " must be a non-negative integer, got " + v.dump());
    return v.get<std::uint64_t>();
}

/// The little-endian u64 at the start (callers checked there are 8 bytes).
std::uint64_t headerSize(std::span<const std::byte> bytes)
{
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < 8; ++i)
        n |= static_cast<std::uint64_t>(std::to_integer<unsigned>(bytes[i])) << (8 * i);
    return n;
}

} // namespace

bool TensorInfo::readableTable() const
{
    return shape.size() == 2 && readableDtype(dtype);
}

std::vector<TensorInfo> listSafetensors(std::span<const std::byte> bytes, const std::string& origin)
{
    if (bytes.size() < 8)
        fail(origin, "too short for a .safetensors header (" + std::to_string(bytes.size()) + " bytes)");
    const std::uint64_t n = headerSize(bytes);
    if (n > bytes.size() - 8)
        fail(origin, "header length " + std::to_string(n) + " runs past the end of the file (" +
                         std::to_string(bytes.size()) + " bytes)");
    if (n > kMaxHeaderBytes)
        fail(origin, "header length " + std::to_string(n) + " exceeds the 100 MB limit of the format");
    const std::uint64_t dataSize = bytes.size() - 8 - n;
    const char* text = reinterpret_cast<const char*>(bytes.data()) + 8;
    Json header;
    try {
        header = Json::parse(text, text + n);
    } catch (const Json::exception& e) {
        fail(origin, std::string("the header is not valid JSON: ") + e.what());
    }
    if (!header.is_object())
        fail(origin, "the header must be a JSON object of tensors");

    std::vector<TensorInfo> out;
    for (const auto& [name, entry] : header.items()) {
        if (name == "__metadata__") {
            if (!entry.is_object())
                fail(origin, "\"__metadata__\" must be an object");
            continue;
        }
        const std::string where = "tensor \"" + name + "\"";
        if (!entry.is_object())
            fail(origin, where + " must be an object with dtype, shape and data_offsets");
        for (const auto& [key, value] : entry.items()) {
            (void)value;
            if (key != "dtype" && key != "shape" && key != "data_offsets")
                fail(origin, where + " has an unknown key \"" + key + "\"");
        }
        TensorInfo t;
        t.name = name;
        const auto dtype = entry.find("dtype");
        if (dtype == entry.end() || !dtype->is_string())
            fail(origin, where + ": \"dtype\" must be a string such as \"F32\"");
        t.dtype = dtype->get<std::string>();
        const auto shape = entry.find("shape");
        if (shape == entry.end() || !shape->is_array())
            fail(origin, where + ": \"shape\" must be an array of non-negative integers");
        for (const auto& d : *shape)
            t.shape.push_back(unsignedField(d, origin, where + " shape entry"));
        const auto offsets = entry.find("data_offsets");
        if (offsets == entry.end() || !offsets->is_array() || offsets->size() != 2)
            fail(origin, where + ": \"data_offsets\" must be [begin, end]");
        t.begin = unsignedField((*offsets)[0], origin, where + " data_offsets[0]");
        t.end = unsignedField((*offsets)[1], origin, where + " data_offsets[1]");
        if (t.begin > t.end || t.end > dataSize)
            fail(origin, where + ": data_offsets [" + std::to_string(t.begin) + ", " + std::to_string(t.end) +
                             "] lie outside the " + std::to_string(dataSize) + " data bytes (truncated file?)");
        if (const std::size_t size = dtypeSize(t.dtype); size != 0) {
            std::uint64_t count = 1;
            for (const auto d : t.shape)
                count = detail::checkedProduct(origin, count, d, 1);
            const std::uint64_t need = detail::checkedProduct(origin, count, 1, size);
            if (need != t.end - t.begin)
                fail(origin, where + ": shape and dtype " + t.dtype + " need " + std::to_string(need) +
                                 " bytes, data_offsets span " + std::to_string(t.end - t.begin));
        }
        out.push_back(std::move(t));
    }
    return out;
}

Matrix readSafetensors(std::span<const std::byte> bytes, const std::string& tensor, const TableReadOptions& options,
                       const std::string& origin)
{
    const auto tensors = listSafetensors(bytes, origin);
    const TensorInfo* chosen = nullptr;
    if (tensor.empty()) {
        for (const auto& t : tensors) {
            if (!t.readableTable())
                continue;
            if (chosen)
                fail(origin, "holds several 2-D tensors; name one as FILE:TENSOR (" + listing(tensors, true) + ")");
            chosen = &t;
        }
        if (!chosen)
            fail(origin, "holds no 2-D F16/BF16/F32/F64 tensor (tensors: " + listing(tensors, false) + ")");
    } else {
        for (const auto& t : tensors)
            if (t.name == tensor)
                chosen = &t;
        if (!chosen)
            fail(origin, "no tensor named \"" + tensor + "\" (tensors: " + listing(tensors, false) + ")");
    }
    const TensorInfo& t = *chosen;
    if (!readableDtype(t.dtype))
        fail(origin, "tensor \"" + t.name + "\" has dtype " + t.dtype + "; a table must be F16, BF16, F32 or F64");
    std::uint64_t rows = 0, cols = 0;
    if (!detail::tableShape(origin, t.shape, options, rows, cols))
        fail(origin, "tensor " + describe(t) + " is " + std::to_string(t.shape.size()) +
                         "-D; a position table must be 2-D (positions, channels)");
    detail::checkTableBudget(origin, rows, cols, options);
    const detail::Element element = t.dtype == "F16"    ? detail::Element::F16
                                    : t.dtype == "BF16" ? detail::Element::BF16
                                    : t.dtype == "F32"  ? detail::Element::F32
                                                        : detail::Element::F64;
    const std::uint64_t n = headerSize(bytes);
    const std::byte* data = bytes.data() + 8 + n + t.begin;
    return detail::convertTable(origin, data, element, false, false, static_cast<std::size_t>(rows),
                                static_cast<std::size_t>(cols));
}

std::vector<TensorInfo> listSafetensorsFile(const std::string& path)
{
    const detail::MappedFile file(path, TableReadOptions{}.maxFileBytes);
    return listSafetensors(file.bytes(), path);
}

Matrix readSafetensorsFile(const std::string& path, const std::string& tensor, const TableReadOptions& options)
{
    const detail::MappedFile file(path, options.maxFileBytes);
    return readSafetensors(file.bytes(), tensor, options, path);
}

} // namespace posenc::io
