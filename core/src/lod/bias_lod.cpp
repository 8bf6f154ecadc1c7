// SPDX-License-Identifier: GPL-3.0-or-later
// Attention-bias heatmaps at any window size. A bias depends only on d = q - k, so the sum over a query bin
// [a, b) x key bin [c, e) is  sum_{q=a}^{b-1} (P(q-c) - P(q-e)),  P(x) = sum_{d<=x} f(d),  which telescopes to
// PP(b-1-c) - PP(a-1-c) - PP(b-1-e) + PP(a-1-e) with PP(y) = sum_{x<=y} P(x). One sweep over d evaluates f
// once per distance and records PP only at the (bins+1)(keyBins+1) points the cells need.
#include "lod_internal.h"

#include "posenc/errors.h"

#include <algorithm>
#include <cmath>

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

    // Points y = (query edge) - 1 - (key edge) at which PP is needed.
    std::vector<std::int64_t> ys;
    ys.reserve((rows + 1) * (cols + 1));
    for (std::int64_t qe : out.rowEdges)
        for (std::int64_t ke : out.colEdges)
            ys.push_back(qe - 1 - ke);
    std::sort(ys.begin(), ys.end());
    ys.erase(std::unique(ys.begin(), ys.end()), ys.end());

    const std::int64_t dMin = -(n - 1); // smallest q - k inside the window; P and PP vanish below it
    std::vector<long double> pp(ys.size(), 0.0L), ppCount(ys.size(), 0.0L);
    CompensatedSum p, pCount, s, sCount;
    std::size_t next = static_cast<std::size_t>(std::lower_bound(ys.begin(), ys.end(), dMin) - ys.begin());
    const std::int64_t dMax = ys.back();
    const double span = static_cast<double>(dMax - dMin + 1);
    for (std::int64_t d = dMin; d <= dMax && next < ys.size(); ++d) {
        const double f = encoding.bias(head, d);
        if (!std::isnan(f)) {
            p.add(f);
            pCount.add(1.0L);
        }
        s.add(p.sum);
        sCount.add(pCount.sum);
        if (d == ys[next]) {
            pp[next] = s.sum;
            ppCount[next] = sCount.sum;
            ++next;
        }
        if (((d - dMin) & 0xffff) == 0)
            reportProgress(progress, static_cast<double>(d - dMin) / span);
    }
    auto at = [&](std::int64_t y, const std::vector<long double>& v) -> long double {
        if (y < dMin)
            return 0.0L;
        return v[static_cast<std::size_t>(std::lower_bound(ys.begin(), ys.end(), y) - ys.begin())];
    };
    auto rect = [&](std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t e, const std::vector<long double>& v) {
        return at(b - 1 - c, v) - at(a - 1 - c, v) - at(b - 1 - e, v) + at(a - 1 - e, v);
    };
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c) {
            const std::int64_t a = out.rowEdges[r], b = out.rowEdges[r + 1];
            const std::int64_t ck = out.colEdges[c], ek = out.colEdges[c + 1];
            const long double count = rect(a, b, ck, ek, ppCount);
            out.values.data[r * cols + c] =
                count < 0.5L ? std::nan("") : static_cast<double>(rect(a, b, ck, ek, pp) / count);
        }
    out.method = LodMethod::BiasPrefixSums;
    out.note = "each cell is the exact mean bias over its query x key block (masked future keys excluded)";
    return out;
}

} // namespace posenc::lod
