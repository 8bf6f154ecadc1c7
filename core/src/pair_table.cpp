// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/pair_table.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace posenc {

PairBand pairBand(double x)
{
    if (x <= 1e-9)
        return PairBand::Keep;
    if (x >= 1.0 - 1e-9)
        return PairBand::Interpolate;
    return PairBand::Ramp;
}

std::string toString(PairBand band)
{
    return enumName(kPairBandNames, band);
}

namespace {
double wavelengthOf(double theta)
{
    return theta == 0.0 ? std::numeric_limits<double>::infinity() : 2.0 * std::numbers::pi / theta;
}
} // namespace

std::vector<PairRow> pairRows(const RotaryFrequencies& f)
{
    const std::vector<double> fraction = f.interpolationFraction();
    std::vector<PairRow> rows(f.pairs());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        PairRow& row = rows[i];
        row.pair = i;
        row.channelA = f.channelA(i);
        row.channelB = f.channelB(i);
        row.theta = i < f.baseInvFreq.size() ? f.baseInvFreq[i] : f.invFreq[i];
        row.thetaPrime = f.invFreq[i];
        row.lambda = wavelengthOf(row.theta);
        row.lambdaPrime = wavelengthOf(row.thetaPrime);
        if (f.originalLength > 0)
            row.r = f.originalLength / row.lambda;
        if (f.ramp && i < f.ramp->size()) {
            row.gammaPaper = (*f.ramp)[i];
            row.hfRamp = 1.0 - (*f.ramp)[i];
        }
        if (i < fraction.size()) {
            row.interpolation = fraction[i];
            row.band = pairBand(fraction[i]);
        }
    }
    return rows;
}

std::optional<double> effectiveBase(const RotaryFrequencies& f)
{
    // Pairs of frequency 0 (Proportional RoPE's trailing pairs) never turn: no plain-RoPE base has such pairs, and
    // the base of its last non-zero frequency would rank a method whose B(Δ) never turns negative below the bound.
    const auto pairs = static_cast<double>(f.pairs());
    if (std::any_of(f.invFreq.begin(), f.invFreq.end(), [](double t) { return !(t > 0); }))
        return std::nullopt;
    if (pairs < 2)
        return f.base;
    return std::exp(-std::log(f.invFreq.back()) * f.rotaryDim / (2.0 * (pairs - 1)));
}

ResolvedValues resolvedValues(const RotaryFrequencies& f)
{
    ResolvedValues v;
    v.attentionFactor = f.attentionFactor;
    v.softmaxScaleMultiplier = f.softmaxScaleMultiplier;
    v.effectiveBase = effectiveBase(f);
    if (f.originalLength > 0)
        v.effectiveContext = f.targetContext(); // the configured factor: a dynamic method's target, as Bounds
    return v;
}

} // namespace posenc
