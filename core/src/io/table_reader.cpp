// SPDX-License-Identifier: GPL-3.0-or-later
// Table sources (FILE or FILE:TENSOR) and reading a table whatever its format.
#include "table_internal.h"

#include "posenc/errors.h"
#include "posenc/io/gguf.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace posenc::io {

namespace {

bool endsWith(std::string_view s, std::string_view ext)
{
    if (s.size() < ext.size())
        return false;
    return std::equal(ext.begin(), ext.end(), s.end() - static_cast<std::ptrdiff_t>(ext.size()),
                      [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
}

} // namespace

std::string TableSource::toString() const
{
    return tensor.empty() ? path : path + ":" + tensor;
}

TableSource parseTableSource(const std::string& text)
{
    TableSource s;
    const std::size_t colon = text.rfind(':');
    if (colon != std::string::npos && (endsWith(std::string_view(text).substr(0, colon), ".safetensors") ||
                                       endsWith(std::string_view(text).substr(0, colon), ".gguf"))) {
        s.path = text.substr(0, colon);
        s.tensor = text.substr(colon + 1);
        if (s.tensor.empty())
            throw InvalidInput("input", "--input " + text + ": the tensor name after ':' is empty");
    } else {
        s.path = text;
    }
    if (s.path.empty())
        throw InvalidInput("input",
                           "--input: the file name is empty (FILE, FILE.safetensors:TENSOR or FILE.gguf:TENSOR)");
    return s;
}

TableFormat detectTableFormat(std::span<const std::byte> bytes)
{
    if (bytes.size() >= 6 && std::memcmp(bytes.data(), "\x93NUMPY", 6) == 0)
        return TableFormat::Npy;
    // safetensors: a little-endian u64 header length; its high bytes are zero, which no text file has.
    if (bytes.size() >= 8 && std::to_integer<int>(bytes[5]) == 0 && std::to_integer<int>(bytes[6]) == 0 &&
        std::to_integer<int>(bytes[7]) == 0)
        return TableFormat::Safetensors;
    return TableFormat::Csv;
}

Matrix readTable(std::span<const std::byte> bytes, const std::string& tensor, const TableReadOptions& options,
                 const std::string& origin)
{
    if (isGguf(bytes)) // before the safetensors test: a GGUF version word has zero high bytes too
        return readGguf(bytes, tensor, options, origin);
    const TableFormat format = detectTableFormat(bytes);
    if (!tensor.empty() && format != TableFormat::Safetensors)
        detail::fail(origin, "a tensor name (\"" + tensor +
                                 "\") applies to .safetensors and GGUF files only; this is " + toString(format));
    switch (format) {
    case TableFormat::Npy:
        return readNpy(bytes, options, origin);
    case TableFormat::Safetensors:
        return readSafetensors(bytes, tensor, options, origin);
    case TableFormat::Csv:
        break;
    }
    return readCsv(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), options, origin);
}

Matrix readTableFile(const TableSource& source, const TableReadOptions& options)
{
    const detail::MappedFile file(source.path, options.maxFileBytes);
    return readTable(file.bytes(), source.tensor, options, source.path);
}

} // namespace posenc::io
