// SPDX-License-Identifier: GPL-3.0-or-later
// CSV table reader: numbers separated by ',', ';', tabs or spaces (numpy.savetxt's default), one row per line. A
// comment "# shape: (B, S, D)" before the first row declares an N-D table whose leading dimensions are stacked
// into the rows (numpy.savetxt(f, a.reshape(-1, a.shape[-1]), header=f"shape: {a.shape}") writes it).
#include "table_internal.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

namespace posenc::io {

namespace {

using detail::fail;

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

/// Splits a line at `sep`; whitespace separation (sep == ' ') merges runs of blanks.
std::vector<std::string_view> split(std::string_view line, char sep)
{
    std::vector<std::string_view> out;
    if (sep == ' ') {
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
                ++i;
            const std::size_t start = i;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
                ++i;
            if (i > start)
                out.push_back(line.substr(start, i - start));
        }
        return out;
    }
    std::size_t start = 0;
    while (true) {
        const std::size_t at = line.find(sep, start);
        out.push_back(trim(line.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start)));
        if (at == std::string_view::npos)
            break;
        start = at + 1;
    }
    return out;
}

bool parseNumber(std::string_view s, double& x)
{
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    const auto r = std::from_chars(s.data(), s.data() + s.size(), x);
    return r.ec == std::errc() && r.ptr == s.data() + s.size() && !s.empty();
}

/// Lines with content: not blank, not a '#' comment.
struct Line {
    std::size_t number; ///< 1-based
    std::string_view text;
};

std::vector<Line> contentLines(std::string_view text)
{
    std::vector<Line> lines;
    std::size_t start = 0, number = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::string_view line =
            text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        ++number;
        if (const auto t = trim(line); !t.empty() && t.front() != '#')
            lines.push_back({number, t});
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    return lines;
}

/// The shape a '#' comment before the first row declares ("# shape: (2, 4, 128)", as numpy.savetxt(header=...)
/// writes it; also "shape = 2x4x128" or "[2, 4, 128]"). Empty when there is none; fails when the comment starts
/// with "shape" but does not parse.
std::vector<std::uint64_t> declaredShape(std::string_view text, const std::string& origin)
{
    std::size_t start = 0, number = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        std::string_view line =
            trim(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        ++number;
        start = end == std::string_view::npos ? text.size() : end + 1;
        if (line.empty())
            continue;
        if (line.front() != '#')
            break; // the first row: a shape comment comes before it
        line = trim(line.substr(1));
        if (line.size() < 5 || !std::equal(line.begin(), line.begin() + 5, "shape", [](char a, char b) {
                return std::tolower(static_cast<unsigned char>(a)) == b;
            }))
            continue;
        const auto bad = [&](const std::string& why) {
            fail(origin, "line " + std::to_string(number) + ": shape comment \"" + std::string(line.substr(0, 60)) +
                             "\": " + why + " (write e.g. \"# shape: (2, 4, 128)\", the C-order shape; the rows " +
                             "are the leading dimensions stacked)");
        };
        line = trim(line.substr(5));
        if (line.empty() || (line.front() != ':' && line.front() != '='))
            bad("expected ':' or '=' after \"shape\"");
        std::vector<std::uint64_t> shape;
        std::size_t i = 1;
        while (i < line.size()) {
            const char c = line[i];
            if (c == ' ' || c == '\t' || c == ',' || c == '(' || c == ')' || c == '[' || c == ']' || c == 'x') {
                ++i;
                continue;
            }
            std::uint64_t v = 0;
            const auto r = std::from_chars(line.data() + i, line.data() + line.size(), v);
            if (r.ec != std::errc() || v == 0)
                bad("the dimensions must be positive integers");
            shape.push_back(v);
            i = static_cast<std::size_t>(r.ptr - line.data());
        }
        if (shape.empty() || shape.size() > 8)
            bad("1 to 8 dimensions are needed");
        return shape;
    }
    return {};
}

/// Checks the rows and columns read against a declared shape and returns the table's rows and columns (with
/// options.leadingDims: N-D stacked, 1-D one row).
void applyShape(const std::string& origin, const std::vector<std::uint64_t>& shape, const TableReadOptions& options,
                std::size_t& rows, std::size_t& cols)
{
    std::string text;
    for (const auto v : shape)
        text += (text.empty() ? "" : ", ") + std::to_string(v);
    text = "(" + text + (shape.size() == 1 ? ",)" : ")");
    const std::string read = std::to_string(rows) + " rows of " + std::to_string(cols) + " values";
    if (shape.size() > 2 && !options.leadingDims)
        fail(origin, "the shape comment declares a " + std::to_string(shape.size()) + "-D table " + text +
                         "; this reader takes 2-D tables only (posenc check reads N-D ones)");
    if (shape.size() == 1) {
        if (!options.leadingDims)
            fail(origin, "the shape comment declares a 1-D table " + text + "; this reader takes 2-D tables only");
        if ((rows != 1 && cols != 1) || std::uint64_t(rows) * cols != shape[0])
            fail(origin, "the shape comment declares " + text + " but the file has " + read +
                             " (a 1-D table is one row, or one value per line)");
        rows = 1;
        cols = shape[0];
        options.leadingDims->clear();
        return;
    }
    std::uint64_t tr = 0, tc = 0;
    detail::tableShape(origin, shape, options, tr, tc);
    if (tr != rows || tc != cols)
        fail(origin, "the shape comment declares " + text + ", i.e. " + std::to_string(tr) + " rows of " +
                         std::to_string(tc) + " values (the leading dimensions stacked, C order), but the file has " +
                         read);
}

} // namespace

Matrix readCsv(std::string_view text, const TableReadOptions& options, const std::string& origin)
{
    if (text.find('\0') != std::string_view::npos)
        fail(origin, "contains NUL bytes: not a text (CSV) file");
    const auto lines = contentLines(text);
    if (lines.empty())
        fail(origin, "holds no rows of numbers");
    const std::string_view first = lines.front().text;
    const char sep = first.find(',') != std::string_view::npos    ? ','
                     : first.find(';') != std::string_view::npos  ? ';'
                     : first.find('\t') != std::string_view::npos ? '\t'
                                                                  : ' ';
    // A first line that is not all numbers is a header of column names.
    std::size_t firstData = 0;
    double scratch = 0;
    for (const auto field : split(first, sep))
        if (!parseNumber(field, scratch)) {
            firstData = 1;
            break;
        }
    std::size_t cols = split(first, sep).size();
    std::size_t rows = lines.size() - firstData;
    const std::vector<std::uint64_t> shape = declaredShape(text, origin);
    if (options.leadingDims)
        options.leadingDims->clear();
    detail::checkTableBudget(origin, rows, cols, options);

    Matrix m;
    m.rows = rows;
    m.cols = cols;
    m.data.resize(rows * cols);
    for (std::size_t r = 0; r < rows; ++r) {
        const Line& line = lines[r + firstData];
        const auto fields = split(line.text, sep);
        if (fields.size() != cols)
            fail(origin, "line " + std::to_string(line.number) + " has " + std::to_string(fields.size()) +
                             " values, the first row has " + std::to_string(cols));
        for (std::size_t c = 0; c < cols; ++c)
            if (!parseNumber(fields[c], m.data[r * cols + c]))
                fail(origin, "line " + std::to_string(line.number) + ", column " + std::to_string(c + 1) + ": \"" +
                                 std::string(fields[c].substr(0, 40)) + "\" is not a number");
    }
    detail::checkFinite(origin, m);
    if (!shape.empty()) {
        applyShape(origin, shape, options, rows, cols);
        m.rows = rows; // the same values in the same order; a 1-D table of one value per line becomes one row
        m.cols = cols;
    }
    return m;
}

Matrix readCsvFile(const std::string& path, const TableReadOptions& options)
{
    const detail::MappedFile file(path, options.maxFileBytes);
    const auto b = file.bytes();
    return readCsv(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()), options, path);
}

} // namespace posenc::io
