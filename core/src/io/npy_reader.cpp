// SPDX-License-Identifier: GPL-3.0-or-later
// NumPy .npy reader: the header is a Python dict literal {'descr': '<f4', 'fortran_order': False, 'shape': (r, c)}
// (numpy/lib/format.py documents the layout); parsed here by a small recursive-descent reader of the literal
// subset NumPy writes.
#include "table_internal.h"

#include <cstring>
#include <limits>
#include <optional>
#include <vector>

namespace posenc::io {

namespace {

using detail::fail;

/// The literal subset of an .npy header: strings, True/False, non-negative integers, tuples, one dict.
struct Literal {
    enum class Kind { String, Bool, Integer, Tuple, Other } kind = Kind::Other;
    std::string text;
    bool flag = false;
    std::uint64_t integer = 0;
    std::vector<Literal> items;
};

class HeaderParser {
public:
    HeaderParser(std::string_view text, const std::string& origin) : m_text(text), m_origin(origin) {}

    std::vector<std::pair<std::string, Literal>> dict()
    {
        expect('{');
        std::vector<std::pair<std::string, Literal>> out;
        while (true) {
            skipSpace();
            if (peek() == '}') {
                ++m_pos;
                break;
            }
            const Literal key = value(0);
            if (key.kind != Literal::Kind::String)
                bad("a dictionary key is not a string");
            expect(':');
            out.emplace_back(key.text, value(0));
            skipSpace();
            if (peek() == ',')
                ++m_pos;
            else if (peek() != '}')
                bad("expected ',' or '}'");
        }
        skipSpace();
        if (m_pos != m_text.size())
            bad("unexpected text after the dictionary");
        return out;
    }

private:
    [[noreturn]] void bad(const std::string& what) const
    {
        fail(m_origin, "malformed .npy header (" + what + " at character " + std::to_string(m_pos) + ")");
    }
    char peek() const { return m_pos < m_text.size() ? m_text[m_pos] : '\0'; }
    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\n' || m_text[m_pos] == '\t'))
            ++m_pos;
    }
    void expect(char c)
    {
        skipSpace();
        if (peek() != c)
            bad(std::string("expected '") + c + "'");
        ++m_pos;
    }

    Literal value(int depth)
    {
        if (depth > 8)
            bad("nesting too deep");
        skipSpace();
        Literal v;
        const char c = peek();
        if (c == '\'' || c == '"') {
            const std::size_t end = m_text.find(c, m_pos + 1);
            if (end == std::string_view::npos)
                bad("unterminated string");
            v.kind = Literal::Kind::String;
            v.text = std::string(m_text.substr(m_pos + 1, end - m_pos - 1));
            m_pos = end + 1;
        } else if (c >= '0' && c <= '9') {
            v.kind = Literal::Kind::Integer;
            while (peek() >= '0' && peek() <= '9') {
                const auto digit = static_cast<std::uint64_t>(peek() - '0');
                if (v.integer > (std::numeric_limits<std::uint64_t>::max() - digit) / 10)
                    bad("dimension too large");
                v.integer = v.integer * 10 + digit;
                ++m_pos;
            }
            if (peek() == 'L') // Python 2 long literals
                ++m_pos;
        } else if (c == '(' || c == '[') {
            const char close = c == '(' ? ')' : ']';
            ++m_pos;
            v.kind = c == '(' ? Literal::Kind::Tuple : Literal::Kind::Other;
            while (true) {
                skipSpace();
                if (peek() == close) {
                    ++m_pos;
                    break;
                }
                v.items.push_back(value(depth + 1));
                skipSpace();
                if (peek() == ',')
                    ++m_pos;
                else if (peek() != close)
                    bad(std::string("expected ',' or '") + close + "'");
            }
        } else if (m_text.substr(m_pos, 4) == "True" || m_text.substr(m_pos, 5) == "False") {
            v.kind = Literal::Kind::Bool;
            v.flag = c == 'T';
            m_pos += v.flag ? 4 : 5;
        } else if (c == '{') {
            bad("nested dictionaries (structured dtypes) are not supported");
        } else if (c == '-') {
            bad("negative number");
        } else {
            bad("unexpected character");
        }
        return v;
    }

    std::string_view m_text;
    const std::string& m_origin;
    std::size_t m_pos = 0;
};

std::uint64_t readLittle(std::span<const std::byte> b, std::size_t at, std::size_t n)
{
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i)
        v |= static_cast<std::uint64_t>(std::to_integer<unsigned>(b[at + i])) << (8 * i);
    return v;
}

} // namespace

Matrix readNpy(std::span<const std::byte> bytes, const TableReadOptions& options, const std::string& origin)
{
    static constexpr char kMagic[] = "\x93NUMPY";
    if (bytes.size() < 10 || std::memcmp(bytes.data(), kMagic, 6) != 0)
        fail(origin, "not a .npy file (it does not start with \\x93NUMPY)");
    const int major = std::to_integer<int>(bytes[6]);
    if (major < 1 || major > 3)
        fail(origin, "unsupported .npy format version " + std::to_string(major) + "." +
                         std::to_string(std::to_integer<int>(bytes[7])) + " (1.0, 2.0 and 3.0 are read)");
    const std::size_t lengthBytes = major == 1 ? 2 : 4;
    if (bytes.size() < 8 + lengthBytes)
        fail(origin, "truncated .npy header");
    const std::uint64_t headerLength = readLittle(bytes, 8, lengthBytes);
    const std::uint64_t dataStart = 8 + lengthBytes + headerLength;
    if (dataStart > bytes.size())
        fail(origin, "header length " + std::to_string(headerLength) + " runs past the end of the file (" +
                         std::to_string(bytes.size()) + " bytes)");
    const std::string_view header(reinterpret_cast<const char*>(bytes.data()) + 8 + lengthBytes,
                                  static_cast<std::size_t>(headerLength));

    std::optional<std::string> descr;
    std::optional<bool> fortran;
    std::optional<std::vector<std::uint64_t>> shape;
    for (const auto& [key, v] : HeaderParser(header, origin).dict()) {
        if (key == "descr") {
            if (v.kind != Literal::Kind::String)
                fail(origin, "structured dtypes are not supported; the table must be float16, float32 or float64");
            descr = v.text;
        } else if (key == "fortran_order") {
            if (v.kind != Literal::Kind::Bool)
                fail(origin, "'fortran_order' must be True or False");
            fortran = v.flag;
        } else if (key == "shape") {
            if (v.kind != Literal::Kind::Tuple)
                fail(origin, "'shape' must be a tuple of integers");
            shape.emplace();
            for (const auto& d : v.items) {
                if (d.kind != Literal::Kind::Integer)
                    fail(origin, "'shape' must be a tuple of non-negative integers");
                shape->push_back(d.integer);
            }
        } else {
            fail(origin, "unknown key '" + key + "' in the .npy header (expected descr, fortran_order, shape)");
        }
    }
    if (!descr || !fortran || !shape)
        fail(origin, "the .npy header lacks " + std::string(!descr     ? "'descr'"
                                                            : !fortran ? "'fortran_order'"
                                                                       : "'shape'"));

    // '<f4': byte order, kind, size. '=' is the writer's native order; NumPy writes '<' or '>' for floats.
    const std::string& d = *descr;
    detail::Element element{};
    bool big = false;
    if (d.size() == 3 && (d[0] == '<' || d[0] == '>' || d[0] == '=') && d[1] == 'f' &&
        (d[2] == '2' || d[2] == '4' || d[2] == '8')) {
        big = d[0] == '>';
        element = d[2] == '2' ? detail::Element::F16 : d[2] == '4' ? detail::Element::F32 : detail::Element::F64;
    } else {
        fail(origin, "dtype '" + d +
                         "' is not supported; the table must be float16, float32 or float64 ('<f2', "
                         "'<f4', '<f8', or '>' for big endian)");
    }
    std::uint64_t rows = 0, cols = 0;
    if (*fortran && shape->size() > 2 && options.leadingDims)
        fail(origin, "a Fortran-order array of more than 2 dimensions is not supported; save it in C order "
                     "(numpy.ascontiguousarray)");
    if (!detail::tableShape(origin, *shape, options, rows, cols)) {
        std::string s = "(";
        for (std::size_t i = 0; i < shape->size(); ++i)
            s += (i ? ", " : "") + std::to_string((*shape)[i]);
        s += shape->size() == 1 ? ",)" : ")";
        fail(origin, "shape " + s + " is " + std::to_string(shape->size()) +
                         "-D; a position table must be 2-D (positions, channels)");
    }
    const std::uint64_t need = detail::checkedProduct(origin, rows, cols, detail::elementSize(element));
    const std::uint64_t have = bytes.size() - dataStart;
    if (have < need)
        fail(origin, "truncated: shape " + detail::shapeText(rows, cols) + " of " + detail::elementName(element) +
                         " needs " + std::to_string(need) + " data bytes, the file has " + std::to_string(have));
    detail::checkTableBudget(origin, rows, cols, options);
    return detail::convertTable(origin, bytes.data() + dataStart, element, big, *fortran,
                                static_cast<std::size_t>(rows), static_cast<std::size_t>(cols));
}

Matrix readNpyFile(const std::string& path, const TableReadOptions& options)
{
    const detail::MappedFile file(path, options.maxFileBytes);
    return readNpy(file.bytes(), options, path);
}

} // namespace posenc::io
