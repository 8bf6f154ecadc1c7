// SPDX-License-Identifier: GPL-3.0-or-later
// CSV table reader: numbers separated by ',', ';', tabs or spaces (numpy.savetxt's default), one row per line.
#include "table_internal.h"

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
    const std::size_t cols = split(first, sep).size();
    const std::size_t rows = lines.size() - firstData;
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
    return m;
}

Matrix readCsvFile(const std::string& path, const TableReadOptions& options)
{
    const detail::MappedFile file(path, options.maxFileBytes);
    const auto b = file.bytes();
    return readCsv(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()), options, path);
}

} // namespace posenc::io
