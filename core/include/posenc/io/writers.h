// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file writers.h
/// Data output: .npy (float64, C order), CSV with a header, JSON; written atomically.

#include "posenc/matrix.h"
#include "posenc/params.h"

#include <cstdint>
#include <functional>
#include <optional>
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

/// A structured document written event by event: objects, arrays, keys and scalar values. A report built
/// once against this interface (check_report.h, inspect_report.h) is printed as JSON by the CLI (JsonWriter) and
/// becomes a Python dict in the binding (no JSON text in between), so both have the same keys and values.
/// Numbers that are not finite are null in every document.
class DocumentWriter {
public:
    virtual ~DocumentWriter() = default;
    virtual DocumentWriter& beginObject() = 0;
    virtual DocumentWriter& endObject() = 0;
    virtual DocumentWriter& beginArray() = 0;
    virtual DocumentWriter& endArray() = 0;
    virtual DocumentWriter& key(const std::string& k) = 0;
    virtual DocumentWriter& value(double x) = 0;
    virtual DocumentWriter& value(long long x) = 0;
    virtual DocumentWriter& value(bool b) = 0;
    virtual DocumentWriter& value(const std::string& s) = 0;
    virtual DocumentWriter& null() = 0;
    /// An array of numbers (JsonWriter writes it on one line).
    virtual DocumentWriter& array(const std::vector<double>& v);
    DocumentWriter& value(int x) { return value(static_cast<long long>(x)); }
    DocumentWriter& value(const char* s) { return value(std::string(s)); }
    /// A parameter value, the one ParamValue -> JSON mapping (CLI output, `posenc methods`, sessions): unset ->
    /// null, a number -> its integer digits when it is an integer of magnitude <= 2^53 (a count stays "32768",
    /// never "3.2768e+04"), else the shortest round-trip form (non-finite -> null); bool, text, list of numbers.
    DocumentWriter& value(const ParamValue& v);
    /// An array of strings.
    DocumentWriter& array(const std::vector<std::string>& v);
    template <class T> DocumentWriter& field(const std::string& k, const T& v)
    {
        key(k);
        return value(v);
    }
    /// `k`: the value, or null when it is unset.
    template <class T> DocumentWriter& optionalField(const std::string& k, const std::optional<T>& v)
    {
        key(k);
        return v ? value(*v) : null();
    }

protected:
    DocumentWriter() = default;
    DocumentWriter(const DocumentWriter&) = default;
    DocumentWriter& operator=(const DocumentWriter&) = default;
};

/// Minimal streaming JSON writer (no DOM). Numbers use the shortest round-trip form; NaN/inf become null.
class JsonWriter : public DocumentWriter {
public:
    explicit JsonWriter(std::ostream& out, bool pretty = true) : m_out(out), m_pretty(pretty) {}
    using DocumentWriter::array;
    using DocumentWriter::value;
    JsonWriter& beginObject() override;
    JsonWriter& endObject() override;
    JsonWriter& beginArray() override;
    JsonWriter& endArray() override;
    JsonWriter& key(const std::string& k) override;
    JsonWriter& value(double x) override;
    JsonWriter& value(long long x) override;
    JsonWriter& value(bool b) override;
    JsonWriter& value(const std::string& s) override;
    JsonWriter& null() override;
    JsonWriter& array(const std::vector<double>& v) override;

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
