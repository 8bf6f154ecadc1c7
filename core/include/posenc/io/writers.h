// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file writers.h
/// Data output: .npy (float64, C order), CSV with a header, JSON; written atomically.

#include "posenc/matrix.h"
#include "posenc/params.h"

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace posenc::io {

/// Writes `produce(stream)` to `path` as described in output_file.h: regular files through a temporary file
/// renamed over `path` only when everything succeeded (a failed write leaves no partial file), devices, FIFOs
/// and "-" (standard output) straight through. Throws std::runtime_error with the system's reason (e.g.
/// "cannot write /x: No space left on device"). expectedBytes > 0: free space checked before anything is made.
void atomicWrite(const std::string& path, const std::function<void(std::ostream&)>& produce,
                 std::uint64_t expectedBytes = 0);

enum class MatrixFormat { Npy, Csv, Json };

/// Writes a rows x cols matrix block by block (npy, CSV or JSON, byte-identical to the whole-matrix writers
/// below, which use it). Text is formatted with std::to_chars (shortest round trip; non-finite -> null), the
/// rows of a block formatted in chunks of a few MiB, each split over threadBudget() threads.
class MatrixStreamWriter {
public:
    MatrixStreamWriter(std::ostream& out, MatrixFormat format, std::size_t rows, std::size_t cols,
                       const std::vector<std::string>& header = {});
    /// The next `count` rows (row-major). Throws std::runtime_error when the stream has failed.
    void rows(std::size_t count, const double* data);
    /// Closes the document (checks that exactly `rows` rows were given).
    void finish();
    /// Output size in bytes when it is known before writing (npy), else 0.
    static std::uint64_t knownSize(MatrixFormat format, std::size_t rows, std::size_t cols);

private:
    std::ostream& m_out;
    MatrixFormat m_format;
    void textRows(std::size_t count, const double* data, std::size_t first);

    std::size_t m_rows, m_cols, m_written = 0;
    std::vector<std::vector<char>> m_parts; ///< per thread: formatted text (reused between chunks)
    std::vector<std::size_t> m_partSizes;
};

/// One CSV field as every CSV output writes it (RFC 4180): quoted, with doubled quotes, when it holds a comma, a
/// quote or a line break; else as it is.
std::string csvField(const std::string& text);
/// One number as every CSV output writes it: the shortest text that reads back to the same double, "null" when
/// not finite (as the matrix writers; JsonWriter::number).
std::string csvNumber(double x);

/// NumPy .npy version 1.0: '<f8', fortran_order False, shape (rows, cols).
void writeNpy(std::ostream& out, const Matrix& m);
/// CSV: a header line (given names, or c0..cN-1), then one line per row, shortest round-trip numbers.
void writeCsv(std::ostream& out, const Matrix& m, const std::vector<std::string>& header = {});
/// JSON: {"shape":[r,c],"data":[...row-major...]}; non-finite values as null.
void writeMatrixJson(std::ostream& out, const Matrix& m);

/// Minimal streaming JSON writer (no DOM). Numbers use the shortest round-trip form; NaN/inf become null.
class JsonWriter {
public:
    explicit JsonWriter(std::ostream& out, bool pretty = true) : m_out(out), m_pretty(pretty) {}
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(const std::string& k);
    JsonWriter& value(double x);
    JsonWriter& value(long long x);
    JsonWriter& value(int x) { return value(static_cast<long long>(x)); }
    JsonWriter& value(bool b);
    JsonWriter& value(const std::string& s);
    JsonWriter& value(const char* s) { return value(std::string(s)); }
    JsonWriter& null();
    JsonWriter& array(const std::vector<double>& v);
    /// A parameter value, the one ParamValue -> JSON mapping (CLI output, `posenc methods`, sessions): unset ->
    /// null, a number -> its integer digits when it is an integer of magnitude <= 2^53 (a count stays "32768",
    /// never "3.2768e+04"), else the shortest round-trip form (non-finite -> null); bool, text, list of numbers.
    JsonWriter& value(const ParamValue& v);
    template <class T> JsonWriter& field(const std::string& k, const T& v)
    {
        key(k);
        return value(v);
    }

    static std::string escape(const std::string& s);
    static std::string number(double x);

private:
    void separator();
    std::ostream& m_out;
    bool m_pretty;
    std::vector<bool> m_first; // per open container: no element written yet
    std::vector<bool> m_isObject;
    bool m_afterKey = false;
};

} // namespace posenc::io
