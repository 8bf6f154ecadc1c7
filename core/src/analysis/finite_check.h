// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Analyses that need finite input (spectra, PCA) reject a matrix with infinite or NaN entries with the real
// cause, instead of returning nulls or a misleading "did not converge".

#include "posenc/errors.h"
#include "posenc/matrix.h"
#include "posenc/params.h"

#include <cmath>
#include <cstddef>
#include <string>

namespace posenc::analysis::detail {

/// Throws InvalidInput(`param`) when `m` has a non-finite entry, naming how many, the first one and its likely
/// cause (a causal mask writes -inf for future keys).
inline void requireFinite(const Matrix& m, const std::string& param, const std::string& analysis)
{
    std::size_t count = 0, first = 0;
    for (std::size_t i = 0; i < m.data.size(); ++i)
        if (!std::isfinite(m.data[i]) && count++ == 0)
            first = i;
    if (count == 0)
        return;
    const double v = m.data[first];
    const std::size_t cols = m.cols ? m.cols : 1;
    const std::string why = std::isnan(v) || v < 0
                                ? " (masked entries: a causal mask hides future keys; choose the method's "
                                  "non-causal setting to analyse the bias values)"
                                : " (the values overflow the double range)";
    throw InvalidInput(param, analysis + " needs finite values, but the matrix has " + std::to_string(count) +
                                  " non-finite entries, the first " + formatNumber(v) + " at row " +
                                  std::to_string(first / cols) + ", column " + std::to_string(first % cols) + why);
}

} // namespace posenc::analysis::detail
