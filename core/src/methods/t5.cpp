// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "bias_encoding.h"
#include "bias_pieces.h"
#include "method_common.h"

#include "posenc/bias_functions.h"

#include <algorithm>
#include <cmath>

namespace posenc {

int t5RelativeBucket(std::int64_t relativePosition, bool bidirectional, int numBuckets, int maxDistance)
{
    int bucket = 0;
    int nb = numBuckets;
    std::int64_t rp = relativePosition;
    if (bidirectional) {
        nb /= 2;
        if (rp > 0)
            bucket += nb;
        rp = rp < 0 ? -rp : rp;
    } else {
        rp = rp < 0 ? -rp : 0; // -min(rp, 0)
    }
    const int maxExact = nb / 2;
    if (rp < maxExact)
        return bucket + static_cast<int>(rp);
    const double large = maxExact + std::floor(std::log(static_cast<double>(rp) / maxExact) /
                                               std::log(static_cast<double>(maxDistance) / maxExact) *
                                               (nb - maxExact));
    return bucket + static_cast<int>(std::min(large, static_cast<double>(nb - 1)));
}

namespace methods {

namespace {

class T5Encoding final : public BiasEncoding, public PiecewiseBias {
public:
    T5Encoding(int buckets, int maxDistance, bool bidirectional, std::vector<double> values)
        : m_buckets(buckets), m_maxDistance(maxDistance), m_bidirectional(bidirectional), m_values(std::move(values))
    {
    }
    int biasHeads() const override { return 1; }
    double bias(int, std::int64_t queryMinusKey) const override
    {
        const int b = t5RelativeBucket(-queryMinusKey, m_bidirectional, m_buckets, m_maxDistance);
        return m_values.empty() ? static_cast<double>(b) : m_values[static_cast<std::size_t>(b)];
    }
    /// Constant on each bucket's run of distances (the bucket is monotone in |d| on each side of 0).
    std::vector<BiasPiece> biasPieces(int head, std::int64_t dMin, std::int64_t dMax) const override
    {
        return constantRuns(
            dMin, dMax,
            [this](std::int64_t d) { return t5RelativeBucket(-d, m_bidirectional, m_buckets, m_maxDistance); },
            [this, head](std::int64_t d) { return bias(head, d); });
    }
    std::string biasNotLogitReason() const override
    {
        if (!m_values.empty())
            return {};
        return "t5 without --bucket-values shows bucket indices, not a learned bias; give the bias per bucket "
               "with --bucket-values v0,v1,... (one per bucket)";
    }

private:
    int m_buckets;
    int m_maxDistance;
    bool m_bidirectional;
    std::vector<double> m_values;
};

} // namespace

MethodDef t5Method()
{
    MethodDef m;
    m.info.id = "t5";
    m.info.displayName = "T5 relative bias";
    m.info.summary = "Learned scalar bias per relative-position bucket: exact buckets up to max_exact, then "
                     "logarithmic up to max-distance.";
    m.info.kind = MethodKind::AttentionBias;
    m.info.citation = "Raffel et al., T5, arXiv:1910.10683, §2.1; HF _relative_position_bucket";
    auto buckets = intParam("num-buckets", 32, 2, 1 << 20, "buckets", "relative_attention_num_buckets.");
    auto maxDist = intParam("max-distance", 128, 1, 1e12, "positions",
                            "relative_attention_max_distance: distances beyond share the last bucket.");
    maxDist.scale = ScaleHint::Log;
    auto bidir = boolParam("bidirectional", true,
                           "Encoder (true): separate buckets for keys after the query. Decoder (false): future "
                           "keys all map to bucket 0.");
    auto values = listParam("bucket-values", -1e9, 1e9,
                            "Optional learned bias per bucket (num-buckets numbers). Empty: the bias view shows "
                            "bucket indices.");
    values.emptyMeaning = "bucket indices, not a bias";
    m.info.params = {buckets, maxDist, bidir, values};
    m.validate = [](const ParamSet& p) {
        const long long nb = p.integer("num-buckets") / (p.flag("bidirectional") ? 2 : 1);
        if (nb < 2 || (p.flag("bidirectional") && p.integer("num-buckets") % 2 != 0))
            throw InvalidInput("num-buckets", "--num-buckets " + std::to_string(p.integer("num-buckets")) +
                                                  (p.flag("bidirectional")
                                                       ? " must be even and at least 4 when bidirectional"
                                                       : " must be at least 2"));
        const long long maxExact = nb / 2;
        if (p.integer("max-distance") <= maxExact)
            throw InvalidInput("max-distance", "--max-distance " + std::to_string(p.integer("max-distance")) +
                                                   " must exceed the exact-bucket range " +
                                                   std::to_string(maxExact));
        const auto& v = p.list("bucket-values");
        if (!v.empty() && static_cast<long long>(v.size()) != p.integer("num-buckets"))
            throw InvalidInput("bucket-values", "--bucket-values has " + std::to_string(v.size()) +
                                                    " entries; it needs num-buckets = " +
                                                    std::to_string(p.integer("num-buckets")));
    };
    m.build = [](const ParamSet& p) -> std::shared_ptr<const Encoding> {
        return std::make_shared<const T5Encoding>(static_cast<int>(p.integer("num-buckets")),
                                                  static_cast<int>(std::min<long long>(p.integer("max-distance"),
                                                                                       2147483647LL)),
                                                  p.flag("bidirectional"), p.list("bucket-values"));
    };
    return m;
}

} // namespace methods
} // namespace posenc
