// SPDX-License-Identifier: GPL-3.0-or-later
// Element conversion and the checks every table reader shares.
#include "table_internal.h"

#include "posenc/errors.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace posenc::io {

double halfToDouble(std::uint16_t bits)
{
    const bool negative = (bits & 0x8000u) != 0;
    const int exponent = (bits >> 10) & 0x1f;
    const int mantissa = bits & 0x3ff;
    double x = 0;
    if (exponent == 0)
        x = std::ldexp(static_cast<double>(mantissa), -24); // zero and subnormals: m * 2^-24
    else if (exponent == 31)
        x = mantissa ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    else
        x = std::ldexp(static_cast<double>(1024 + mantissa), exponent - 25); // (1 + m/1024) * 2^(e-15)
    return negative ? -x : x;
}

double bfloat16ToDouble(std::uint16_t bits)
{
    const std::uint32_t word = static_cast<std::uint32_t>(bits) << 16;
    float f = 0;
    std::memcpy(&f, &word, sizeof f);
    return static_cast<double>(f);
}

std::string toString(TableFormat format)
{
    return enumName(kTableFormatNames, format);
}

} // namespace posenc::io

namespace posenc::io::detail {

void fail(const std::string& origin, const std::string& message)
{
    throw InvalidInput("input", origin + ": " + message);
}

std::size_t elementSize(Element e)
{
    switch (e) {
    case Element::F16:
    case Element::BF16:
        return 2;
    case Element::F32:
        return 4;
    case Element::F64:
        return 8;
    }
    return 0;
}

std::string elementName(Element e)
{
    switch (e) {
    case Element::F16:
        return "float16";
    case Element::BF16:
        return "bfloat16";
    case Element::F32:
        return "float32";
    case Element::F64:
        return "float64";
    }
    return "?";
}

std::string shapeText(std::uint64_t rows, std::uint64_t cols)
{
    return "(" + std::to_string(rows) + ", " + std::to_string(cols) + ")";
}

bool tableShape(const std::string& origin, const std::vector<std::uint64_t>& shape, const TableReadOptions& options,
                std::uint64_t& rows, std::uint64_t& cols)
{
    if (shape.size() == 2) {
        rows = shape[0];
        cols = shape[1];
        if (options.leadingDims)
            options.leadingDims->clear();
        return true;
    }
    if (!options.leadingDims || shape.empty())
        return false;
    options.leadingDims->clear();
    if (shape.size() == 1) {
        rows = 1;
        cols = shape[0];
        return true;
    }
    cols = shape.back();
    rows = shape[shape.size() - 2];
    for (std::size_t k = 0; k + 2 < shape.size(); ++k) {
        rows = checkedProduct(origin, rows, shape[k], 1);
        options.leadingDims->push_back(shape[k]);
    }
    return true;
}

std::uint64_t checkedProduct(const std::string& origin, std::uint64_t rows, std::uint64_t cols, std::uint64_t bytes)
{
    constexpr auto kMax = std::numeric_limits<std::uint64_t>::max();
    if ((cols != 0 && rows > kMax / cols) || (rows * cols != 0 && bytes > kMax / (rows * cols)))
        fail(origin, "shape " + shapeText(rows, cols) + " is too large to address");
    return rows * cols * bytes;
}

void checkTableBudget(const std::string& origin, std::uint64_t rows, std::uint64_t cols,
                      const TableReadOptions& options)
{
    if (rows == 0 || cols == 0)
        fail(origin,
             "the table " + shapeText(rows, cols) + " is empty; it needs at least one position and one channel");
    const std::uint64_t bytes = checkedProduct(origin, rows, cols, 8);
    if (bytes > options.memoryBudget)
        throw BudgetExceeded("input", origin + ": a table of shape " + shapeText(rows, cols) + " needs " +
                                          std::to_string(bytes) + " bytes as float64, more than the memory budget of " +
                                          std::to_string(options.memoryBudget) + " bytes");
}

namespace {

template <class U> U load(const std::byte* p, bool bigEndian)
{
    U v = 0;
    std::memcpy(&v, p, sizeof v);
    if (bigEndian != (std::endian::native == std::endian::big)) {
        U r = 0;
        for (std::size_t i = 0; i < sizeof v; ++i)
            r = static_cast<U>((r << 8) | ((v >> (8 * i)) & 0xff));
        v = r;
    }
    return v;
}

double decode(const std::byte* p, Element e, bool bigEndian)
{
    switch (e) {
    case Element::F16:
        return halfToDouble(load<std::uint16_t>(p, bigEndian));
    case Element::BF16:
        return bfloat16ToDouble(load<std::uint16_t>(p, bigEndian));
    case Element::F32:
        return static_cast<double>(std::bit_cast<float>(load<std::uint32_t>(p, bigEndian)));
    case Element::F64:
        return std::bit_cast<double>(load<std::uint64_t>(p, bigEndian));
    }
    return 0;
}

} // namespace

Matrix convertTable(const std::string& origin, const std::byte* src, Element element, bool bigEndian, bool fortran,
                    std::size_t rows, std::size_t cols)
{
    Matrix m;
    m.rows = rows;
    m.cols = cols;
    m.data.resize(rows * cols);
    const std::size_t size = elementSize(element);
    for (std::size_t k = 0; k < rows * cols; ++k) {
        // Fortran order stores column after column: element k is (k % rows, k / rows).
        const std::size_t dst = fortran ? (k % rows) * cols + k / rows : k;
        m.data[dst] = decode(src + k * size, element, bigEndian);
    }
    checkFinite(origin, m);
    return m;
}

void checkFinite(const std::string& origin, const Matrix& m)
{
    for (std::size_t i = 0; i < m.data.size(); ++i) {
        const double x = m.data[i];
        if (!std::isfinite(x))
            fail(origin, "entry at row " + std::to_string(i / m.cols) + ", column " + std::to_string(i % m.cols) +
                             " is " + (std::isnan(x) ? "NaN" : (x > 0 ? "+inf" : "-inf")) +
                             "; a position table must be finite");
    }
}

} // namespace posenc::io::detail
