// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared pieces of the table readers: errors naming the origin, shape and budget checks, element conversion,
// and a read-only memory map of a regular file.

#include "posenc/io/tables.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace posenc::io::detail {

/// Throws InvalidInput("input", origin + ": " + message).
[[noreturn]] void fail(const std::string& origin, const std::string& message);

/// Element types the readers convert to double.
enum class Element { F16, BF16, F32, F64 };
std::size_t elementSize(Element e);
std::string elementName(Element e);

/// rows * cols * bytes with an overflow check (fails naming the shape); 0 when the product overflows is never
/// returned.
std::uint64_t checkedProduct(const std::string& origin, std::uint64_t rows, std::uint64_t cols, std::uint64_t bytes);
/// Rejects empty tables and tables whose float64 copy would exceed the budget (before anything is allocated).
void checkTableBudget(const std::string& origin, std::uint64_t rows, std::uint64_t cols,
                      const TableReadOptions& options);
/// Converts rows x cols elements stored at `src` (C order, or Fortran order when `fortran`) into a Matrix, then
/// checks every entry is finite.
Matrix convertTable(const std::string& origin, const std::byte* src, Element element, bool bigEndian, bool fortran,
                    std::size_t rows, std::size_t cols);
/// Fails naming the first NaN or infinite entry (row, column).
void checkFinite(const std::string& origin, const Matrix& m);
std::string shapeText(std::uint64_t rows, std::uint64_t cols);
/// A tensor's shape as a table: 2-D as is; with options.leadingDims set, 1-D as one row and N-D (N > 2) with the
/// leading dimensions stacked into the rows (stored in *options.leadingDims). Returns false when the shape is not
/// accepted (the caller names it); fails when the stacked row count overflows.
bool tableShape(const std::string& origin, const std::vector<std::uint64_t>& shape, const TableReadOptions& options,
                std::uint64_t& rows, std::uint64_t& cols);

/// A read-only private memory map of a whole regular file (FIFOs, devices and directories are refused, without
/// blocking). Unmapped on destruction.
class MappedFile {
public:
    MappedFile(const std::string& path, std::uint64_t maxBytes);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    std::span<const std::byte> bytes() const { return {static_cast<const std::byte*>(m_data), m_size}; }

private:
    void* m_data = nullptr;
    std::size_t m_size = 0;
};

} // namespace posenc::io::detail
