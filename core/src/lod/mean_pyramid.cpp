// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/lod.h"

#include "posenc/errors.h"

#include <algorithm>

namespace posenc {

MeanPyramid::MeanPyramid(Matrix table) : m_rows(table.rows), m_cols(table.cols)
{
    if (m_rows == 0 || m_cols == 0)
        throw InvalidInput("table", "a mean pyramid needs a non-empty table");
    m_levels.push_back(std::move(table.data));
    std::size_t rows = m_rows;
    while (rows > 1) {
        const std::vector<double>& below = m_levels.back();
        const std::size_t up = (rows + 1) / 2;
        std::vector<double> level(up * m_cols);
        for (std::size_t r = 0; r < up; ++r) {
            const double* a = below.data() + 2 * r * m_cols;
            double* o = level.data() + r * m_cols;
            if (2 * r + 1 < rows) {
                const double* b = a + m_cols;
                for (std::size_t c = 0; c < m_cols; ++c)
                    o[c] = a[c] + b[c];
            } else {
                std::copy_n(a, m_cols, o);
            }
        }
        m_levels.push_back(std::move(level));
        rows = up;
    }
}

void MeanPyramid::mean(std::size_t a, std::size_t b, double* out) const
{
    if (a >= b || b > m_rows)
        throw InvalidInput("window", "rows [" + std::to_string(a) + ", " + std::to_string(b) +
                                         ") are not a non-empty range inside the table of " + std::to_string(m_rows) +
                                         " rows");
    std::vector<long double> sum(m_cols, 0.0L);
    const std::size_t n = b - a;
    auto add = [&](std::size_t level, std::size_t block) {
        const double* row = m_levels[level].data() + block * m_cols;
        for (std::size_t c = 0; c < m_cols; ++c)
            sum[c] += row[c];
    };
    // Dyadic decomposition: at each level take the unpaired end blocks, then move up (blocks at level k
    // cover rows [j 2^k, (j+1) 2^k)).
    for (std::size_t level = 0; a < b; ++level) {
        if (a & 1)
            add(level, a++);
        if (b & 1)
            add(level, --b);
        a >>= 1;
        b >>= 1;
    }
    for (std::size_t c = 0; c < m_cols; ++c)
        out[c] = static_cast<double>(sum[c] / static_cast<long double>(n));
}

} // namespace posenc
