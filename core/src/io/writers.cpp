// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/io/writers.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <stdexcept>
#include <system_error>

namespace posenc::io {

namespace fs = std::filesystem;

void atomicWrite(const std::string& path, const std::function<void(std::ostream&)>& produce)
{
    if (path == "-") {
        produce(std::cout);
        std::cout.flush();
        if (!std::cout)
            throw std::runtime_error("cannot write to standard output");
        return;
    }
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw std::runtime_error("cannot write " + path + ": folder " + dir.string() + " does not exist");
    std::random_device rd;
    std::string tmpName = ".";
    tmpName += target.filename().string();
    tmpName += ".tmp-";
    tmpName += std::to_string(rd());
    const fs::path tmp = dir / tmpName;
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            throw std::runtime_error("cannot write " + path + ": folder " + dir.string() + " is not writable");
        try {
            produce(out);
            out.flush();
        } catch (...) {
            out.close();
            fs::remove(tmp, ec);
            throw;
        }
        if (!out) {
            out.close();
            fs::remove(tmp, ec);
            throw std::runtime_error("cannot write " + path + ": write failed (disk full?)");
        }
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove(tmp, ignored);
        throw std::runtime_error("cannot write " + path + ": " + ec.message());
    }
}

void writeNpy(std::ostream& out, const Matrix& m)
{
    std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(m.rows) + ", " +
                         std::to_string(m.cols) + "), }";
    // magic(6) + version(2) + header length(2) + header, padded with spaces to a multiple of 64, ending in \n
    const std::size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header.push_back('\n');
    out.write("\x93NUMPY\x01\x00", 8);
    const std::uint16_t len = static_cast<std::uint16_t>(header.size());
    const char lenBytes[2] = {static_cast<char>(len & 0xff), static_cast<char>(len >> 8)};
    out.write(lenBytes, 2);
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    static_assert(sizeof(double) == 8);
    // little-endian hosts (x86-64, arm64) write the doubles as they are
    out.write(reinterpret_cast<const char*>(m.data.data()), static_cast<std::streamsize>(m.data.size() * 8));
}

void writeCsv(std::ostream& out, const Matrix& m, const std::vector<std::string>& header)
{
    for (std::size_t c = 0; c < m.cols; ++c)
        out << (c ? "," : "") << (c < header.size() ? header[c] : "c" + std::to_string(c));
    out << '\n';
    std::string line;
    for (std::size_t r = 0; r < m.rows; ++r) {
        line.clear();
        for (std::size_t c = 0; c < m.cols; ++c) {
            if (c)
                line.push_back(',');
            line += JsonWriter::number(m(r, c));
        }
        line.push_back('\n');
        out << line;
    }
}

void writeMatrixJson(std::ostream& out, const Matrix& m)
{
    out << "{\"shape\":[" << m.rows << "," << m.cols << "],\"data\":[";
    std::string chunk;
    for (std::size_t i = 0; i < m.data.size(); ++i) {
        if (i)
            chunk.push_back(',');
        chunk += JsonWriter::number(m.data[i]);
        if (chunk.size() > 1 << 16) {
            out << chunk;
            chunk.clear();
        }
    }
    out << chunk << "]}\n";
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
