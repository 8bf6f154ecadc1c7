// SPDX-License-Identifier: GPL-3.0-or-later
// Reading one small GGUF tensor (rope_freqs, rope_factors_*) or a learned position table (GPT-2's
// position_embd.weight): F32, F16, BF16 and F64 only; ggml dims[0] varies fastest, so a 2-D tensor
// [channels, positions] is a C-order table of `positions` rows, and (for `posenc check`, options.leadingDims) an
// N-D tensor ne = [dim, seq, heads, batch] is the C-order [batch, heads, seq, dim]. Only the chosen tensor's bytes
// are read.
#include "table_internal.h"

#include "posenc/errors.h"
#include "posenc/io/gguf.h"

namespace posenc::io {

namespace {

std::optional<detail::Element> elementOf(std::uint32_t ggmlType)
{
    switch (ggmlType) {
    case 0:
        return detail::Element::F32;
    case 1:
        return detail::Element::F16;
    case 28:
        return detail::Element::F64;
    case 30:
        return detail::Element::BF16;
    default:
        return std::nullopt;
    }
}

std::string listing(const GgufFile& f)
{
    std::string s;
    int n = 0;
    for (const auto& t : f.tensors) {
        if (t.dims.size() != 2 || !elementOf(t.ggmlType))
            continue;
        if (++n > 20) {
            s += ", ...";
            break;
        }
        s += (s.empty() ? "" : ", ") + t.name + " (" + ggmlTypeName(t.ggmlType) + " " + std::to_string(t.dims[1]) +
             "x" + std::to_string(t.dims[0]) + ")";
    }
    return s.empty() ? "none" : s;
}

} // namespace

std::vector<double> ggufTensorValues(std::span<const std::byte> bytes, const GgufFile& file, const GgufTensor& t,
                                     const std::string& origin, std::uint64_t maxElements, const std::string& param)
{
    const auto element = elementOf(t.ggmlType);
    const std::string where = origin + ": GGUF tensor \"" + t.name + "\"";
    if (!element)
        throw InvalidInput(param,
                           where + " has type " + ggmlTypeName(t.ggmlType) + "; F32, F16, BF16 or F64 is needed");
    const std::uint64_t count = t.bytes / detail::elementSize(*element);
    if (count > maxElements)
        throw InvalidInput(param, where + " has " + std::to_string(count) + " elements, more than the " +
                                      std::to_string(maxElements) + " expected");
    const Matrix m = detail::convertTable(origin, bytes.data() + file.dataOffset + t.offset, *element, false, false, 1,
                                          static_cast<std::size_t>(count));
    return m.data;
}

Matrix readGguf(std::span<const std::byte> bytes, const std::string& tensor, const TableReadOptions& options,
                const std::string& origin)
{
    const GgufFile f = parseGguf(bytes, origin, "input");
    const std::string name = tensor.empty() ? "position_embd.weight" : tensor;
    const GgufTensor* t = f.tensor(name);
    if (!t)
        detail::fail(origin, "no GGUF tensor named \"" + name + "\" (2-D float tensors: " + listing(f) + ")");
    const auto element = elementOf(t->ggmlType);
    if (!element)
        detail::fail(origin, "GGUF tensor \"" + name + "\" has type " + ggmlTypeName(t->ggmlType) +
                                 "; a table must be F32, F16, BF16 or F64");
    // ggml's ne[0] varies fastest: the C-order shape is the dims reversed ([dim, seq, heads, batch] in ggml order
    // is a [batch, heads, seq, dim] tensor), then stacked into rows as the .npy and safetensors readers do
    const std::vector<std::uint64_t> shape(t->dims.rbegin(), t->dims.rend());
    std::uint64_t rows = 0, cols = 0;
    if (!detail::tableShape(origin, shape, options, rows, cols))
        detail::fail(origin, "GGUF tensor \"" + name + "\" is " + std::to_string(t->dims.size()) +
                                 "-D; a position table must be 2-D (channels, positions in ggml order)");
    detail::checkTableBudget(origin, rows, cols, options);
    return detail::convertTable(origin, bytes.data() + f.dataOffset + t->offset, *element, false, false,
                                static_cast<std::size_t>(rows), static_cast<std::size_t>(cols));
}

Matrix readGgufFile(const std::string& path, const std::string& tensor, const TableReadOptions& options)
{
    const detail::MappedFile file(path, options.maxFileBytes);
    return readGguf(file.bytes(), tensor, options, path);
}

} // namespace posenc::io
