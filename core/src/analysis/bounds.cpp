// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/analysis/bounds.h"

#include "posenc/analysis/base_bound.h"

#include "relative_score.h"
#include "similar_token_scan.h"

#include "posenc/errors.h"
#include "posenc/params.h"
#include "posenc/pair_table.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace posenc::analysis {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

using detail::firstNegative;
using detail::scanB;

detail::PhasorSet plainSet(std::span<const double> theta)
{
    detail::PhasorSet set;
    set.theta.assign(theta.begin(), theta.end());
    return set;
}

std::vector<double> gridTheta(double base, int d)
{
    std::vector<double> t(static_cast<std::size_t>(d / 2));
    for (std::size_t i = 0; i < t.size(); ++i)
        t[i] = std::pow(base, -2.0 * static_cast<double>(i) / d);
    return t;
}

} // namespace

std::optional<std::int64_t> firstNegativeSimilarToken(std::span<const double> theta, std::int64_t limit)
{
    return firstNegative(plainSet(theta), limit);
}

std::int64_t countNegativeSimilarToken(std::span<const double> theta, std::int64_t L)
{
    std::int64_t count = 0;
    scanB(plainSet(theta), L + 1, [&](std::int64_t, double b) {
        count += b < 0 ? 1 : 0;
        return true;
    });
    return count;
}

std::optional<double> baseLowerBound(int rotaryDim, std::int64_t L)
{
    if (rotaryDim < 2 || rotaryDim % 2 != 0)
        throw InvalidInput("head-dim", "the rotary dimension must be even and >= 2, got " + std::to_string(rotaryDim));
    if (L < 1)
        throw InvalidInput("context-length", "--context-length " + std::to_string(L) + " must be >= 1");
    const std::int64_t lengths[] = {L};
    return baseLowerBounds(rotaryDim, lengths).front();
}

std::optional<double> gridBaseLowerBound(int rotaryDim, std::int64_t L)
{
    if (rotaryDim < 2 || rotaryDim % 2 != 0)
        throw InvalidInput("head-dim", "the rotary dimension must be even and >= 2, got " + std::to_string(rotaryDim));
    if (L < 1)
        throw InvalidInput("context-length", "--context-length " + std::to_string(L) + " must be >= 1");
    const auto k0 = static_cast<long long>(std::floor(1000.0 * std::log10(std::max(1.0, L / 4.0))));
    for (long long k = k0; k <= 15000; ++k) {
        const double base = std::pow(10.0, static_cast<double>(k) / 1000.0);
        if (base <= 1.0)
            continue;
        if (!firstNegative(plainSet(gridTheta(base, rotaryDim)), L + 1))
            return base;
    }
    return std::nullopt;
}

BoundsResult computeBounds(const Encoding& encoding, double contextLength)
{
    BoundsOptions o;
    o.contextLength = contextLength;
    return computeBounds(encoding, o);
}

BoundsResult computeBounds(const Encoding& encoding, const BoundsOptions& o)
{
    const RotaryFrequencies* f = encoding.rotary();
    if (!f)
        throw InvalidInput("method",
                           "bounds apply to rotary methods only; this method is " + toString(encoding.kind()));
    if (!(o.contextLength >= 1 && std::isfinite(o.contextLength)))
        throw InvalidInput("context-length", "--context-length " + formatNumber(o.contextLength) + " must be >= 1");
    if (o.trainLength < 0 || !std::isfinite(o.trainLength))
        throw InvalidInput("train-length", "--train-length " + formatNumber(o.trainLength) + " must be >= 0");
    if (o.pretrainBase != 0 && !(o.pretrainBase > 1 && std::isfinite(o.pretrainBase)))
        throw InvalidInput("pretrain-base", "--pretrain-base " + formatNumber(o.pretrainBase) + " must be > 1");
    if (o.lThetaSearchLimit < 1 || o.lThetaSearchLimit > (std::int64_t(1) << 40))
        throw InvalidInput("search-limit", "the L_theta search limit must be in [1, 2^40]");

    BoundsResult r;
    r.targetContext = o.contextLength;
    r.originalContext = f->originalLength;
    r.trainLength = o.trainLength > 0 ? o.trainLength : (f->originalLength > 0 ? f->originalLength : o.contextLength);
    r.pretrainBase = o.pretrainBase > 0 ? o.pretrainBase : f->base;
    r.lThetaSearchLimit = o.lThetaSearchLimit;

    const int d = f->rotaryDim;
    const double inner = (d / 2.0) * std::log(r.trainLength / kTwoPi) / std::log(r.pretrainBase);
    // Pairs of frequency 0 (Proportional RoPE's tail) never turn, whatever the ladder formula says: the critical
    // dimension stops at the first of them, and its wavelength is infinite.
    const auto turning = static_cast<int>(std::find(f->invFreq.begin(), f->invFreq.end(), 0.0) - f->invFreq.begin());
    const int dExtra = std::clamp(2 * static_cast<int>(std::ceil(inner)), 0, 2 * turning);
    r.criticalDim = dExtra;
    if (dExtra < d) {
        const double critical = f->invFreq[static_cast<std::size_t>(dExtra / 2)];
        r.extrapolationBound = critical > 0 ? kTwoPi / critical : std::numeric_limits<double>::infinity();
    }

    if (const auto neg = firstNegative(detail::rotaryPhasors(*f), o.lThetaSearchLimit))
        r.lTheta = *neg - 1;

    if (o.computeBaseLowerBound && o.contextLength <= o.maxBaseBoundContext)
        r.baseLowerBound = baseLowerBound(d, static_cast<std::int64_t>(std::llround(o.contextLength)));

    for (double t : f->invFreq)
        r.largestWavelength = std::max(r.largestWavelength, kTwoPi / t);
    const auto fraction = f->interpolationFraction();
    if (fraction.empty()) {
        r.pairsKept = static_cast<int>(f->pairs());
    } else {
        for (double x : fraction) {
            const PairBand band = pairBand(x);
            band == PairBand::Keep          ? ++r.pairsKept
            : band == PairBand::Interpolate ? ++r.pairsInterpolated
                                            : ++r.pairsRamped;
        }
    }
    return r;
}

} // namespace posenc::analysis
