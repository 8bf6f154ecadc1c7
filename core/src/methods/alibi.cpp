// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "bias_encoding.h"
#include "bias_pieces.h"
#include "method_common.h"

#include "posenc/analysis/options.h"
#include "posenc/bias_functions.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc {

namespace {

/// Geometric slopes for a power-of-two head count: first term and ratio 2^(-8/n), i.e. slope_i = 2^(-8(i+1)/n).
/// Evaluated as one power of two each (exact for integer exponents); the reference's start * ratio**i drifts
/// by an ulp (2^-0.5 * 2^-0.5 = 0.5000000000000001).
std::vector<double> powerOfTwoSlopes(int n)
{
    std::vector<double> out(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = std::exp2(-8.0 * static_cast<double>(i + 1) / n);
    return out;
}

} // namespace

std::vector<double> alibiSlopes(int n)
{
    int c = 1;
    while (c * 2 <= n)
        c *= 2;
    if (c == n)
        return powerOfTwoSlopes(n);
    auto out = powerOfTwoSlopes(c);
    const auto extra = alibiSlopes(2 * c);
    for (std::size_t i = 0; out.size() < static_cast<std::size_t>(n); i += 2)
        out.push_back(extra[i]);
    return out;
}

namespace methods {

namespace {

class AlibiEncoding final : public BiasEncoding, public PiecewiseBias {
public:
    AlibiEncoding(std::vector<double> slopes, bool causal) : m_slopes(std::move(slopes)), m_causal(causal) {}
    int biasHeads() const override { return static_cast<int>(m_slopes.size()); }
    double bias(int head, std::int64_t d) const override
    {
        if (d < 0 && m_causal)
            return std::numeric_limits<double>::quiet_NaN(); // masked future key
        return -m_slopes[static_cast<std::size_t>(head)] * static_cast<double>(d < 0 ? -d : d);
    }

    /// -m |d|: slope +m for d < 0 (masked when causal), -m for d >= 0.
    std::vector<BiasPiece> biasPieces(int head, std::int64_t dMin, std::int64_t dMax) const override
    {
        const long double m = m_slopes[static_cast<std::size_t>(head)];
        std::vector<BiasPiece> out;
        if (dMin < 0)
            out.push_back({dMin, std::min<std::int64_t>(dMax, -1), 0.0L, m, m_causal});
        if (dMax >= 0)
            out.push_back({std::max<std::int64_t>(dMin, 0), dMax, 0.0L, -m, false});
        return out;
    }

private:
    std::vector<double> m_slopes;
    bool m_causal;
};

} // namespace

MethodDef alibiMethod()
{
    MethodDef m;
    m.info.id = "alibi";
    m.info.displayName = "ALiBi";
    m.info.summary = "Linear attention bias -m_h (i - j) per head h, slopes a geometric sequence 2^(-8/n).";
    m.info.kind = MethodKind::AttentionBias;
    m.info.citation = "Press et al., Train Short, Test Long, arXiv:2108.12409, §3; official get_slopes";
    auto heads = intParam("num-heads", 8, 1, kMaxHeads, "heads", "Number of attention heads (one slope each).");
    heads.aliases = {"heads"};
    auto causal = boolParam("causal", true,
                            "Causal (decoder) attention: future keys are masked (grey cells). false: the "
                            "symmetric -m|i-j| of encoder variants.");
    m.info.params = {heads, causal};
    m.build = [](const ParamSet& p) -> std::shared_ptr<const Encoding> {
        return std::make_shared<const AlibiEncoding>(alibiSlopes(static_cast<int>(p.integer("num-heads"))),
                                                     p.flag("causal"));
    };
    return m;
}

} // namespace methods
} // namespace posenc
