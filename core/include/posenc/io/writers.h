// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file writers.h
/// Data output: .npy (float64, C order), CSV with a header, JSON; written atomically.

#include "posenc/matrix.h"

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace posenc::io {

/// Writes `produce(stream)` to `path` through a temporary file in the same folder, renamed over `path` only
/// when everything succeeded: a failed write leaves no partial file. Throws std::runtime_error with the reason
/// (e.g. "cannot write to /x: Permission denied"). Path "-" writes to standard output.
void atomicWrite(const std::string& path, const std::function<void(std::ostream&)>& produce);

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
    template <class T>
    JsonWriter& field(const std::string& k, const T& v) { key(k); return value(v); }

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
