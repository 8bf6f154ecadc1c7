// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/io/writers.h"

#include "posenc/io/output_file.h"
#include "posenc/threads.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace posenc::io {

void atomicWrite(const std::string& path, const std::function<void(std::ostream&)>& produce,
                 std::uint64_t expectedBytes)
{
    OutputFile file(path, expectedBytes);
    try {
        produce(file.stream());
    } catch (...) {
        file.throwIfWriteFailed(); // the file and the system's reason rather than a writer's "write failed"
        throw;
    }
    file.commit();
}

namespace {

std::string npyHeader(std::size_t rows, std::size_t cols)
{
    std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                         std::to_string(cols) + "), }";
    // magic(6) + version(2) + header length(2) + header, padded with spaces to a multiple of 64, ending in \n
    const std::size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header.push_back('\n');
    const auto len = static_cast<std::uint16_t>(header.size());
    return std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(len & 0xff) + static_cast<char>(len >> 8) + header;
}

/// Shortest round-trip text of x ("null" when not finite) at p; returns the end.
char* putNumber(char* p, double x)
{
    if (!std::isfinite(x)) {
        std::memcpy(p, "null", 4);
        return p + 4;
    }
    return std::to_chars(p, p + 32, x).ptr;
}

constexpr std::size_t kMaxNumberChars = 25; // "-1.2345678901234567e-308" + separator
/// Text formatted per chunk in MatrixStreamWriter::rows (all threads together).
constexpr std::size_t kTextChunkBytes = std::size_t(4) << 20;

} // namespace

MatrixStreamWriter::MatrixStreamWriter(std::ostream& out, MatrixFormat format, std::size_t rows, std::size_t cols,
                                       const std::vector<std::string>& header)
    : m_out(out), m_format(format), m_rows(rows), m_cols(cols)
{
    if (format == MatrixFormat::Npy) {
        const std::string h = npyHeader(rows, cols);
        m_out.write(h.data(), static_cast<std::streamsize>(h.size()));
    } else if (format == MatrixFormat::Csv) {
        std::string line;
        for (std::size_t c = 0; c < cols; ++c)
            line += (c ? "," : "") + (c < header.size() ? header[c] : "c" + std::to_string(c));
        line.push_back('\n');
        m_out << line;
    } else {
        m_out << "{\"shape\":[" << rows << "," << cols << "],\"data\":[";
    }
}

std::uint64_t MatrixStreamWriter::knownSize(MatrixFormat format, std::size_t rows, std::size_t cols)
{
    if (format != MatrixFormat::Npy)
        return 0;
    return npyHeader(rows, cols).size() + std::uint64_t(rows) * cols * 8;
}

void MatrixStreamWriter::rows(std::size_t count, const double* data)
{
    if (count == 0)
        return;
    static_assert(sizeof(double) == 8);
    if (m_format == MatrixFormat::Npy) {
        // little-endian hosts (x86-64, arm64) write the doubles as they are
        m_out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(count * m_cols * 8));
    } else {
        // Chunks of about kTextChunkBytes of text: the part buffers stay small, hot and reused, whatever count is
        // (a whole 4096 x 4096 matrix given at once used to fault in and copy 2 x 155 MB of fresh memory).
        const std::size_t maxRowChars = m_cols * kMaxNumberChars + 1;
        const std::size_t chunk = std::max<std::size_t>(1, kTextChunkBytes / maxRowChars);
        for (std::size_t r = 0; r < count; r += chunk) {
            textRows(std::min(chunk, count - r), data + r * m_cols, m_written + r);
            if (!m_out)
                break;
        }
    }
    m_written += count;
    if (!m_out)
        throw std::runtime_error("write failed");
}

void MatrixStreamWriter::textRows(std::size_t count, const double* data, std::size_t first)
{
    const bool csv = m_format == MatrixFormat::Csv;
    const std::size_t maxRowChars = m_cols * kMaxNumberChars + 1;
    const int parts = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threadBudget()), count));
    m_parts.resize(static_cast<std::size_t>(parts));
    m_partSizes.resize(static_cast<std::size_t>(parts));
#pragma omp parallel for schedule(static) num_threads(parts) if (parts > 1 && count * m_cols > 4096)
    for (int t = 0; t < parts; ++t) {
        const std::size_t r0 = count * static_cast<std::size_t>(t) / static_cast<std::size_t>(parts);
        const std::size_t r1 = count * static_cast<std::size_t>(t + 1) / static_cast<std::size_t>(parts);
        std::vector<char>& s = m_parts[static_cast<std::size_t>(t)];
        if (s.size() < (r1 - r0) * maxRowChars)
            s.resize((r1 - r0) * maxRowChars); // grows once; later chunks reuse it without clearing
        char* p = s.data();
        for (std::size_t r = r0; r < r1; ++r) {
            const double* row = data + r * m_cols;
            for (std::size_t c = 0; c < m_cols; ++c) {
                if (c > 0 || (!csv && first + r > 0))
                    *p++ = ',';
                p = putNumber(p, row[c]);
            }
            if (csv)
                *p++ = '\n';
        }
        m_partSizes[static_cast<std::size_t>(t)] = static_cast<std::size_t>(p - s.data());
    }
    for (std::size_t t = 0; t < m_parts.size(); ++t)
        m_out.write(m_parts[t].data(), static_cast<std::streamsize>(m_partSizes[t]));
}

void MatrixStreamWriter::finish()
{
    if (m_written != m_rows)
        throw std::logic_error("MatrixStreamWriter: " + std::to_string(m_written) + " rows written, " +
                               std::to_string(m_rows) + " declared");
    if (m_format == MatrixFormat::Json)
        m_out << "]}\n";
}

void writeNpy(std::ostream& out, const Matrix& m)
{
    MatrixStreamWriter w(out, MatrixFormat::Npy, m.rows, m.cols);
    w.rows(m.rows, m.data.data());
    w.finish();
}

void writeCsv(std::ostream& out, const Matrix& m, const std::vector<std::string>& header)
{
    MatrixStreamWriter w(out, MatrixFormat::Csv, m.rows, m.cols, header);
    w.rows(m.rows, m.data.data());
    w.finish();
}

void writeMatrixJson(std::ostream& out, const Matrix& m)
{
    MatrixStreamWriter w(out, MatrixFormat::Json, m.rows, m.cols);
    w.rows(m.rows, m.data.data());
    w.finish();
}

std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\n\r") == std::string::npos)
        return text;
    std::string out = "\"";
    for (const char ch : text) {
        if (ch == '"')
            out += '"';
        out += ch;
    }
    return out + "\"";
}

std::string csvNumber(double x)
{
    char buf[32];
    return std::string(buf, putNumber(buf, x));
}

std::string JsonWriter::number(double x)
{
    if (!std::isfinite(x))
        return "null";
    char buf[32];
    auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, x);
    (void)ec;
    return std::string(buf, ptr);
}

std::string JsonWriter::escape(const std::string& s)
{
    std::string out = "\"";
    for (const char ch : s) {
        switch (ch) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (static_cast<unsigned char>(ch) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", ch);
                out += buf;
            } else {
                out.push_back(ch);
            }
        }
    }
    return out + "\"";
}

void JsonWriter::separator()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_first.empty()) {
        if (!m_first.back())
            m_out << ',';
        m_first.back() = false;
        if (m_pretty)
            m_out << '\n' << std::string(2 * m_first.size(), ' ');
    }
}

JsonWriter& JsonWriter::beginObject()
{
    separator();
    m_out << '{';
    m_first.push_back(true);
    m_isObject.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::endObject()
{
    const bool empty = m_first.back();
    m_first.pop_back();
    m_isObject.pop_back();
    if (m_pretty && !empty)
        m_out << '\n' << std::string(2 * m_first.size(), ' ');
    m_out << '}';
    if (m_first.empty() && m_pretty)
        m_out << '\n';
    return *this;
}

JsonWriter& JsonWriter::beginArray()
{
    separator();
    m_out << '[';
    m_first.push_back(true);
    m_isObject.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::endArray()
{
    m_first.pop_back();
    m_isObject.pop_back();
    m_out << ']';
    return *this;
}

JsonWriter& JsonWriter::key(const std::string& k)
{
    separator();
    m_out << escape(k) << (m_pretty ? ": " : ":");
    m_afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::value(double x)
{
    separator();
    m_out << number(x);
    return *this;
}

JsonWriter& JsonWriter::value(long long x)
{
    separator();
    m_out << x;
    return *this;
}

JsonWriter& JsonWriter::value(bool b)
{
    separator();
    m_out << (b ? "true" : "false");
    return *this;
}

JsonWriter& JsonWriter::value(const std::string& s)
{
    separator();
    m_out << escape(s);
    return *this;
}

JsonWriter& JsonWriter::null()
{
    separator();
    m_out << "null";
    return *this;
}

DocumentWriter& DocumentWriter::value(const ParamValue& v)
{
    if (const auto* d = std::get_if<double>(&v)) {
        if (std::isfinite(*d) && *d == std::floor(*d) && std::fabs(*d) <= 9007199254740992.0)
            return value(static_cast<long long>(*d));
        return value(*d);
    }
    if (const auto* b = std::get_if<bool>(&v))
        return value(*b);
    if (const auto* s = std::get_if<std::string>(&v))
        return value(*s);
    if (const auto* l = std::get_if<std::vector<double>>(&v))
        return array(*l);
    return null();
}

DocumentWriter& DocumentWriter::array(const std::vector<double>& v)
{
    beginArray();
    for (const double x : v)
        value(x);
    return endArray();
}

DocumentWriter& DocumentWriter::array(const std::vector<std::string>& v)
{
    beginArray();
    for (const auto& s : v)
        value(s);
    return endArray();
}

JsonWriter& JsonWriter::array(const std::vector<double>& v)
{
    separator();
    m_out << '[';
    for (std::size_t i = 0; i < v.size(); ++i)
        m_out << (i ? (m_pretty ? ", " : ",") : "") << number(v[i]);
    m_out << ']';
    return *this;
}

} // namespace posenc::io
