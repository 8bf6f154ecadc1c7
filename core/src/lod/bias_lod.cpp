// SPDX-License-Identifier: GPL-3.0-or-later
// Attention-bias heatmaps at any window size. A bias depends only on d = q - k, so the sum over a query bin
// [a, b) x key bin [c, e) is  sum_{q=a}^{b-1} (P(q-c) - P(q-e)),  P(x) = sum_{d<=x} f(d),  which telescopes to
// PP(b-1-c) - PP(a-1-c) - PP(b-1-e) + PP(a-1-e) with PP(y) = sum_{x<=y} P(x). One sweep over d evaluates f
// once per distance and records PP only at the (bins+1)(keyBins+1) points the cells need (a sorted list of
// them, found by binary search): memory O(bins x keyBins), whatever the window length.
#include "lod_internal.h"

#include "../methods/bias_pieces.h"

#include "posenc/errors.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace posenc::lod {

namespace {

/// Kahan-compensated running sum in extended precision.
struct CompensatedSum {
    long double sum = 0, carry = 0;
    void add(long double x)
    {
        const long double y = x - carry;
        const long double t = sum + y;
        carry = (t - sum) - y;
        sum = t;
    }
};

using methods::BiasPiece;
__extension__ typedef __int128 Wide; // exact T^3 for T < 2^41 (GCC and Clang; __extension__: not ISO C++)

/// sum_{t=0}^{T} t^k for k = 0, 1, 2, exactly (T < 2^41: T^3 fits in 127 bits).
struct PowerSums {
    long double s0, s1, s2;
    explicit PowerSums(std::int64_t t)
    {
        const Wide T = t;
        s0 = static_cast<long double>(T + 1);
        s1 = static_cast<long double>(T * (T + 1) / 2);
        s2 = static_cast<long double>(T * (T + 1) * (2 * T + 1) / 6);
    }
};

/// Sum and count of the unmasked bias over the block [a, b) x [c, e) of query x key positions, in closed form:
/// the number of pairs with q - k = d is N(d) = min(b, e + d) - max(a, c + d), linear in d between the
/// breakpoints d = b - e and d = a - c, and the bias is linear in d on each piece, so every stretch of d is a
/// sum of polynomials of degree <= 2 in d (PowerSums). Cost O(pieces the block's distances cross), whatever
/// the block's size.
void blockSum(const std::vector<BiasPiece>& pieces, std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t e,
              long double& sum, long double& count)
{
    sum = 0;
    count = 0;
    const std::int64_t lo = a - (e - 1), hi = (b - 1) - c;
    auto piece = std::upper_bound(pieces.begin(), pieces.end(), lo,
                                  [](std::int64_t d, const BiasPiece& p) { return d < p.first; });
    if (piece != pieces.begin())
        --piece;
    const std::int64_t breaks[2] = {std::min(b - e, a - c), std::max(b - e, a - c)};
    for (std::int64_t d = lo; d <= hi && piece != pieces.end();) {
        if (piece->last < d) {
            ++piece;
            continue;
        }
        std::int64_t end = std::min(hi, piece->last);
        for (const std::int64_t br : breaks) // N is linear on [d, br] and on [br + 1, ...]
            if (br >= d && br < end)
                end = br;
        // N(d + t) = alpha + beta t on t in [0, end - d].
        const std::int64_t n0 = std::min(b, e + d) - std::max(a, c + d);
        const std::int64_t n1 = std::min(b, e + d + 1) - std::max(a, c + d + 1);
        const long double alpha = static_cast<long double>(n0);
        const long double beta = end > d ? static_cast<long double>(n1 - n0) : 0.0L;
        const PowerSums s(end - d);
        if (!piece->masked) {
            count += alpha * s.s0 + beta * s.s1;
            const long double f0 = piece->a + piece->b * static_cast<long double>(d), f1 = piece->b;
            sum += f0 * alpha * s.s0 + (f0 * beta + f1 * alpha) * s.s1 + f1 * beta * s.s2;
        }
        d = end + 1;
    }
}

} // namespace

LodMatrix biasLod(const Encoding& encoding, const LodRequest& request, const ProgressFn& progress)
{
    const int heads = encoding.biasHeads();
    const int head = request.options.head;
    if (head < 0 || head >= heads)
        throw InvalidInput("head",
                           "--head " + std::to_string(head) + " is outside [0, " + std::to_string(heads - 1) + "]");
    LodMatrix out;
    out.rowEdges = binEdges(request.first, request.last, request.bins);
    out.colEdges = binEdges(request.first, request.last, request.keyBins);
    const std::size_t rows = out.rowEdges.size() - 1, cols = out.colEdges.size() - 1;
    out.values.rows = rows;
    out.values.cols = cols;
    out.values.data.assign(rows * cols, 0.0);
    const std::int64_t n = request.last - request.first;
    const bool perPosition = static_cast<std::int64_t>(rows) == n && static_cast<std::int64_t>(cols) == n;

    if (request.sampling == LodSampling::Point || perPosition) {
        for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t c = 0; c < cols; ++c)
                out.values.data[r * cols + c] = encoding.bias(head, out.rowEdges[r] - out.colEdges[c]);
        out.method = perPosition ? LodMethod::PerPosition : LodMethod::PointSampled;
        out.note = perPosition ? "one cell per query and key position"
                               : "point sampling: each cell shows the bias at the first query and key position of "
                                 "its bin";
        return out;
    }

    // A bias with a closed form (linear pieces in d: ALiBi, T5): every cell in O(pieces), any window length.
    if (const auto* piecewise = dynamic_cast<const methods::PiecewiseBias*>(&encoding)) {
        const std::vector<BiasPiece> pieces =
            piecewise->biasPieces(head, out.rowEdges.front() - out.colEdges.back() + 1,
                                  out.rowEdges.back() - 1 - out.colEdges.front());
        for (std::size_t r = 0; r < rows; ++r) {
            for (std::size_t c = 0; c < cols; ++c) {
                long double sum = 0, count = 0;
                blockSum(pieces, out.rowEdges[r], out.rowEdges[r + 1], out.colEdges[c], out.colEdges[c + 1], sum,
                         count);
                out.values.data[r * cols + c] = count < 0.5L ? std::nan("") : static_cast<double>(sum / count);
            }
            if ((r & 15) == 0)
                reportProgress(progress, static_cast<double>(r) / static_cast<double>(rows));
        }
        out.method = LodMethod::BiasPrefixSums;
        out.note = "each cell is the exact mean bias over its query x key block (masked future keys excluded), "
                   "summed in closed form";
        return out;
    }

    // Points y = (query edge) - 1 - (key edge) at which PP is needed, sorted and unique; a point's slot in the
    // PP arrays is its index. (A bitmap over [dMin, dMax] would grow with the window: 2 GiB at 2^34 positions.)
    const std::int64_t dMin = -(n - 1); // smallest q - k inside the window; P and PP vanish below it
    const std::int64_t dMax = out.rowEdges.back() - 1 - out.colEdges.front();
    const double span = static_cast<double>(dMax - dMin + 1);
    std::vector<std::int64_t> points;
    points.reserve(out.rowEdges.size() * out.colEdges.size());
    for (std::int64_t qe : out.rowEdges)
        for (std::int64_t ke : out.colEdges)
            if (const std::int64_t y = qe - 1 - ke; y >= dMin)
                points.push_back(y);
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    auto slot = [&](std::int64_t y) -> std::int64_t { // -1: below dMin (PP = 0)
        if (y < dMin)
            return -1;
        return std::lower_bound(points.begin(), points.end(), y) - points.begin();
    };

    std::vector<long double> pp(points.size()), ppCount(points.size());
    CompensatedSum p, pCount, s, sCount;
    std::size_t next = 0;
    for (std::int64_t d = dMin; d <= dMax && next < points.size(); ++d) {
        const double f = encoding.bias(head, d);
        if (!std::isnan(f)) {
            p.add(f);
            pCount.add(1.0L);
        }
        s.add(p.sum);
        sCount.add(pCount.sum);
        if (d == points[next]) {
            pp[next] = s.sum;
            ppCount[next] = sCount.sum;
            ++next;
        }
        if (((d - dMin) & 0xffff) == 0)
            reportProgress(progress, static_cast<double>(d - dMin) / span);
    }
    auto at = [](std::int64_t k, const std::vector<long double>& v) {
        return k < 0 ? 0.0L : v[static_cast<std::size_t>(k)];
    };
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c) {
            const std::int64_t a = out.rowEdges[r], b = out.rowEdges[r + 1];
            const std::int64_t ck = out.colEdges[c], ek = out.colEdges[c + 1];
            const std::int64_t k1 = slot(b - 1 - ck), k2 = slot(a - 1 - ck), k3 = slot(b - 1 - ek),
                               k4 = slot(a - 1 - ek);
            const long double count = at(k1, ppCount) - at(k2, ppCount) - at(k3, ppCount) + at(k4, ppCount);
            const long double sum = at(k1, pp) - at(k2, pp) - at(k3, pp) + at(k4, pp);
            out.values.data[r * cols + c] = count < 0.5L ? std::nan("") : static_cast<double>(sum / count);
        }
    out.method = LodMethod::BiasPrefixSums;
    out.note = "each cell is the exact mean bias over its query x key block (masked future keys excluded)";
    return out;
}

} // namespace posenc::lod
