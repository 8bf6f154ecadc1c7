// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared matrix view of attention-bias methods: Bias[q, k] = bias(head, q - k).

#include "posenc/encoding.h"
#include "posenc/errors.h"

namespace posenc::methods {

class BiasEncoding : public Encoding {
public:
    MethodKind kind() const override { return MethodKind::AttentionBias; }
    std::vector<View> views() const override { return {View::Bias}; }

    std::size_t columns(View view, const ViewOptions& options) const override
    {
        if (view != View::Bias)
            throw InvalidInput("view", "view '" + toString(view) + "' does not apply to an attention bias; use bias");
        return static_cast<std::size_t>(options.keyCount);
    }

    void fillRows(View view, std::int64_t firstRow, std::size_t rows, double* out,
                  const ViewOptions& options) const override
    {
        const std::size_t cols = columns(view, options);
        if (options.head < 0 || options.head >= biasHeads())
            throw InvalidInput("head", "--head " + std::to_string(options.head) + " is outside [0, " +
                                           std::to_string(biasHeads() - 1) + "]");
        for (std::size_t r = 0; r < rows; ++r) {
            const std::int64_t q = firstRow + static_cast<std::int64_t>(r);
            for (std::size_t c = 0; c < cols; ++c)
                out[r * cols + c] = bias(options.head, q - (options.firstKey + static_cast<std::int64_t>(c)));
        }
    }
};

} // namespace posenc::methods
