// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file tables.h
/// Readers for learned position tables (positions x channels): NumPy .npy, .safetensors and CSV.
///
/// Every reader returns a float64 row-major Matrix (rows = positions, columns = channels) and throws
/// InvalidInput("input", message) for anything it cannot read as a finite 2-D table: malformed or truncated
/// headers, header lengths past the end of the data, unsupported dtypes, shapes that are not 2-D, declared shapes
/// whose data would not fit the memory budget (checked before anything is allocated), NaN or infinite entries.
/// The message starts with the origin (file name, or the name given to a buffer reader) and names the problem.
/// Each format has an entry point from a memory buffer (no file system; used by the fuzzing harnesses) and one
/// from a file (memory-mapped: only the bytes of the tensor read are touched).
///
/// Formats:
///  - .npy (NumPy format 1.0/2.0/3.0): dtypes float16, float32, float64 ('<f2', '>f4', '=f8', ...), little or
///    big endian, C or Fortran order; shape (rows, cols).
///  - .safetensors: 8-byte little-endian header length N, N bytes of JSON {name: {dtype, shape, data_offsets}},
///    then the data; dtypes F16, BF16, F32, F64 (little endian) for reading, any dtype listed.
///  - CSV: comma-, semicolon- or tab-separated numbers, one row per line; an optional first line of column names
///    (detected when it is not all numbers); blank lines and lines starting with '#' are skipped. A comment
///    "# shape: (B, S, D)" (also "shape = BxSxD", 1 to 8 dimensions, C order) before the first row declares the
///    table's shape: the rows are the leading dimensions stacked (numpy.savetxt(f, a.reshape(-1, a.shape[-1]),
///    header=f"shape: {a.shape}")); a 1-D shape may be one row or one value per line. The rows and columns read
///    must agree with it; a shape of other than 2 dimensions needs `leadingDims` (else refused).

#include "posenc/names.h"
#include "posenc/matrix.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace posenc::io {

enum class TableFormat { Npy, Safetensors, Csv };
inline constexpr EnumName<TableFormat> kTableFormatNames[] = {
    {TableFormat::Npy, "npy"}, {TableFormat::Safetensors, "safetensors"}, {TableFormat::Csv, "csv"}};

/// "npy", "safetensors", "csv".
std::string toString(TableFormat format);

struct TableReadOptions {
    /// Largest table (rows x cols float64) the reader may allocate; larger declared shapes are refused.
    std::size_t memoryBudget = kDefaultMemoryBudget;
    /// Largest file a file reader opens (CSV is parsed from it; .npy and .safetensors are mapped).
    std::uint64_t maxFileBytes = std::uint64_t(64) << 30;
    /// Non-null: .npy, .safetensors and GGUF tensors (ggml's dims reversed: ne[0] is the last, fastest C
    /// dimension) and CSV tables with a shape comment of other than 2 dimensions are accepted (`posenc check`: HF's
    /// [batch, seq, dim] cos, a [batch, heads, seq, dim] query, a 1-D inv_freq). The last two dimensions are a
    /// table's rows and columns (1-D: one row); the leading ones are stacked into the rows (C order, slice after
    /// slice) and stored here (empty for 1-D and 2-D).
    std::vector<std::uint64_t>* leadingDims = nullptr;
};

/// One tensor of a .safetensors file, as its header declares it.
struct TensorInfo {
    std::string name;
    std::string dtype; ///< as in the file: "F32", "BF16", "I64", ...
    std::vector<std::uint64_t> shape;
    std::uint64_t begin = 0, end = 0; ///< byte offsets into the data section
    /// True for a 2-D tensor of a dtype the reader converts (F16, BF16, F32, F64).
    bool readableTable() const;
};

// --- conversions (exposed for known-answer tests) ---
/// IEEE 754 binary16 bits to double (exact: subnormals, infinities and NaN included).
double halfToDouble(std::uint16_t bits);
/// bfloat16 bits (the high 16 bits of a binary32) to double (exact).
double bfloat16ToDouble(std::uint16_t bits);

// --- NumPy .npy ---
/// Parses a whole .npy file held in memory. `origin` names it in messages.
Matrix readNpy(std::span<const std::byte> bytes, const TableReadOptions& options = {},
               const std::string& origin = "npy");
Matrix readNpyFile(const std::string& path, const TableReadOptions& options = {});

// --- .safetensors ---
/// The tensors a .safetensors header declares (in the header's order). Validates the header and every entry's
/// offsets against the data size; does not read tensor data.
std::vector<TensorInfo> listSafetensors(std::span<const std::byte> bytes, const std::string& origin = "safetensors");
std::vector<TensorInfo> listSafetensorsFile(const std::string& path);
/// Reads one tensor as a table. `tensor` empty: the only readable 2-D tensor (an error lists them when there
/// are several). Only the chosen tensor's bytes are read.
Matrix readSafetensors(std::span<const std::byte> bytes, const std::string& tensor,
                       const TableReadOptions& options = {}, const std::string& origin = "safetensors");
Matrix readSafetensorsFile(const std::string& path, const std::string& tensor, const TableReadOptions& options = {});

// --- CSV ---
Matrix readCsv(std::string_view text, const TableReadOptions& options = {}, const std::string& origin = "csv");
Matrix readCsvFile(const std::string& path, const TableReadOptions& options = {});

// --- any of them ---
/// A table named on a command line or in a session: FILE or FILE:TENSOR (the tensor part only for .safetensors
/// files, split at the last ':' after the ".safetensors" extension).
struct TableSource {
    std::string path;
    std::string tensor; ///< empty: the file's only table
    /// FILE or FILE:TENSOR again.
    std::string toString() const;
};
TableSource parseTableSource(const std::string& text);

/// The format of `bytes` from its content (.npy magic; a safetensors header length, whose high bytes are zero;
/// else CSV).
TableFormat detectTableFormat(std::span<const std::byte> bytes);
/// Reads a table from memory whatever its format (detectTableFormat). Entry point for fuzzing.
Matrix readTable(std::span<const std::byte> bytes, const std::string& tensor, const TableReadOptions& options = {},
                 const std::string& origin = "table");
/// Reads a table file (regular files only; format from the content). Throws InvalidInput("input", ...).
Matrix readTableFile(const TableSource& source, const TableReadOptions& options = {});

} // namespace posenc::io
