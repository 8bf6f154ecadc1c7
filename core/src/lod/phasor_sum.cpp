// SPDX-License-Identifier: GPL-3.0-or-later
// Closed-form bin means of phasor views: sum_{m=a}^{a+n-1} z^m = z^a (1 - z^n)/(1 - z), z = rho e^{i theta}.
#include "lod_internal.h"

#include "posenc/rope_apply.h"

#include <algorithm>
#include <cmath>

namespace posenc {

namespace lod {

long double reducePhase(long double x)
{
    // Cody-Waite: 2 pi = c1 + c2 + c3 with c1, c2 of at most 40 significant bits, so k c1 and k c2 are exact in
    // the 64-bit long double mantissa for k < 2^24 (|x| < 1e8) and the result keeps its relative accuracy even
    // when x is close to a multiple of 2 pi.
    constexpr long double kTwoPi = 6.28318530717958647692528676655900577L;
    constexpr long double c1 = 0x1.921fb54442p+2L;
    constexpr long double c2 = 0x1.a308d31318p-39L;
    constexpr long double c3 = 2.54732686540438005584710670e-24L;
    const long double k = std::nearbyint(x / kTwoPi);
    return ((x - k * c1) - k * c2) - k * c3;
}

namespace {

/// 1 - z^k without cancellation: (-expm1(k ln rho) + rho^k 2 sin^2(k theta / 2)) - i rho^k sin(k theta).
std::complex<double> oneMinusPower(double theta, double logRho, std::int64_t k)
{
    const double phase = static_cast<double>(reducePhase(static_cast<long double>(k) * theta));
    const double u = static_cast<double>(k) * logRho;
    const double rk = std::exp(u);
    const double s = std::sin(0.5 * phase);
    return {-std::expm1(u) + rk * 2.0 * s * s, -rk * std::sin(phase)};
}

/// (1 - z^n) / (1 - z) = sum_{m=0}^{n-1} z^m.
std::complex<double> seriesRatio(double theta, double logRho, std::int64_t n)
{
    const std::complex<double> den = oneMinusPower(theta, logRho, 1);
    if (den == std::complex<double>(0.0, 0.0))
        return {static_cast<double>(n), 0.0}; // z == 1: n equal terms
    return oneMinusPower(theta, logRho, n) / den;
}

std::complex<double> power(double theta, double logRho, std::int64_t a)
{
    const double phase = static_cast<double>(reducePhase(static_cast<long double>(a) * theta));
    const double r = logRho == 0.0 ? 1.0 : std::exp(static_cast<double>(a) * logRho);
    return {r * std::cos(phase), r * std::sin(phase)};
}

} // namespace

Matrix phasorBinMeans(const PhasorLayout& layout, const std::vector<std::int64_t>& edges)
{
    const std::size_t bins = edges.size() - 1;
    const std::size_t pairs = layout.theta.size();
    // Bin widths take at most two values (binEdges): the ratio is computed once per pair and width.
    std::vector<std::int64_t> widths;
    for (std::size_t b = 0; b < bins; ++b)
        widths.push_back(edges[b + 1] - edges[b]);
    std::sort(widths.begin(), widths.end());
    widths.erase(std::unique(widths.begin(), widths.end()), widths.end());
    std::vector<std::complex<double>> ratio(pairs * widths.size());
    for (std::size_t p = 0; p < pairs; ++p)
        for (std::size_t w = 0; w < widths.size(); ++w)
            ratio[p * widths.size() + w] = seriesRatio(layout.theta[p], layout.logRho[p], widths[w]);

    Matrix out;
    out.rows = bins;
    out.cols = layout.columns.size();
    out.data.assign(out.rows * out.cols, 0.0);
    std::vector<std::complex<double>> mean(pairs);
#pragma omp parallel for schedule(static) firstprivate(mean)
    for (std::int64_t b = 0; b < static_cast<std::int64_t>(bins); ++b) {
        const std::int64_t a = edges[static_cast<std::size_t>(b)];
        const std::int64_t n = edges[static_cast<std::size_t>(b) + 1] - a;
        const std::size_t w =
            static_cast<std::size_t>(std::lower_bound(widths.begin(), widths.end(), n) - widths.begin());
        for (std::size_t p = 0; p < pairs; ++p)
            mean[p] =
                power(layout.theta[p], layout.logRho[p], a) * ratio[p * widths.size() + w] / static_cast<double>(n);
        double* row = out.data.data() + static_cast<std::size_t>(b) * out.cols;
        for (std::size_t j = 0; j < out.cols; ++j) {
            const PhasorColumn& c = layout.columns[j];
            row[j] = c.constant;
            if (c.pair >= 0) {
                const auto& z = mean[static_cast<std::size_t>(c.pair)];
                row[j] += c.cosCoef * z.real() + c.sinCoef * z.imag();
            }
        }
    }
    return out;
}

} // namespace lod

std::complex<double> phasorSum(double theta, double logRho, std::int64_t a, std::int64_t n)
{
    if (n <= 0)
        return {0.0, 0.0};
    return lod::power(theta, logRho, a) * lod::seriesRatio(theta, logRho, n);
}

double PhasorLayout::value(std::size_t column, std::int64_t m) const
{
    const PhasorColumn& c = columns[column];
    if (c.pair < 0)
        return c.constant;
    const auto p = static_cast<std::size_t>(c.pair);
    const double phase = static_cast<double>(lod::reducePhase(static_cast<long double>(m) * theta[p]));
    const double r = logRho[p] == 0.0 ? 1.0 : std::exp(static_cast<double>(m) * logRho[p]);
    return c.constant + r * (c.cosCoef * std::cos(phase) + c.sinCoef * std::sin(phase));
}

namespace {

/// True when the layout reproduces fillRows at a spread of positions (the layout is derived from the
/// encoding's public data; this guards against a method whose view is built differently).
bool reproducesFillRows(const PhasorLayout& layout, const Encoding& encoding, View view, const ViewOptions& options)
{
    const std::size_t cols = encoding.columns(view, options);
    if (cols != layout.columns.size())
        return false;
    std::vector<double> row(cols);
    for (std::int64_t m : {0LL, 1LL, 2LL, 7LL, 1000LL, 123457LL, 1048579LL}) {
        if (encoding.maxPositions() >= 0 && m >= encoding.maxPositions())
            break;
        encoding.fillRows(view, m, 1, row.data(), options);
        for (std::size_t j = 0; j < cols; ++j)
            if (!(std::abs(layout.value(j, m) - row[j]) <= 1e-7 * (1.0 + std::abs(row[j]))))
                return false;
    }
    return true;
}

std::optional<PhasorLayout> rotaryLayout(const RotaryFrequencies& f, View view, const ViewOptions& options)
{
    if (view != View::Cos && view != View::Sin && view != View::Rotated)
        return std::nullopt;
    PhasorLayout l;
    const std::size_t P = f.pairs();
    const double a = f.attentionFactor;
    l.theta = f.invFreq;
    l.logRho.assign(P, 0.0);
    auto channelA = [&](std::size_t i) { return f.channelA(i); };
    auto channelB = [&](std::size_t i) { return f.channelB(i); };
    if (view == View::Rotated) {
        const std::vector<double> x = options.probe.empty() ? defaultProbe(f.headDim) : options.probe;
        if (x.size() != static_cast<std::size_t>(f.headDim))
            return std::nullopt; // fillRows reports the probe error
        if (!f.xposZeta.empty())
            l.logRho = f.logDecayPerPosition();
        l.columns.resize(x.size());
        for (std::size_t j = static_cast<std::size_t>(f.rotaryDim); j < x.size(); ++j)
            l.columns[j].constant = x[j]; // pass-through channels
        for (std::size_t i = 0; i < P; ++i) {
            const double x0 = x[channelA(i)], x1 = x[channelB(i)];
            l.columns[channelA(i)] = {static_cast<int>(i), a * x0, -a * x1, 0.0};
            l.columns[channelB(i)] = {static_cast<int>(i), a * x1, a * x0, 0.0};
        }
        return l;
    }
    const bool isCos = view == View::Cos;
    l.columns.resize(static_cast<std::size_t>(f.rotaryDim));
    for (std::size_t i = 0; i < P; ++i) {
        const PhasorColumn c{static_cast<int>(i), isCos ? a : 0.0, isCos ? 0.0 : a, 0.0};
        l.columns[channelA(i)] = c;
        l.columns[channelB(i)] = c;
    }
    return l;
}

/// Additive tables with frequencies (sinusoidal): the two documented layouts, sin/cos interleaved or
/// concatenated [sin... | cos...]; the one that reproduces fillRows is used.
std::vector<PhasorLayout> additiveCandidates(const FrequencyTable& t, int modelDim)
{
    const std::size_t P = t.invFreq.size();
    if (static_cast<std::size_t>(modelDim) != 2 * P)
        return {};
    PhasorLayout interleaved, concatenated;
    for (PhasorLayout* l : {&interleaved, &concatenated}) {
        l->theta = t.invFreq;
        l->logRho.assign(P, 0.0);
        l->columns.resize(2 * P);
    }
    for (std::size_t i = 0; i < P; ++i) {
        const int p = static_cast<int>(i);
        interleaved.columns[2 * i] = {p, 0.0, 1.0, 0.0};
        interleaved.columns[2 * i + 1] = {p, 1.0, 0.0, 0.0};
        concatenated.columns[i] = {p, 0.0, 1.0, 0.0};
        concatenated.columns[i + P] = {p, 1.0, 0.0, 0.0};
    }
    return {interleaved, concatenated};
}

} // namespace

std::optional<PhasorLayout> phasorLayout(const Encoding& encoding, View view, const ViewOptions& options)
{
    if (!encoding.supports(view))
        return std::nullopt;
    std::vector<PhasorLayout> candidates;
    if (const RotaryFrequencies* f = encoding.rotary()) {
        if (auto l = rotaryLayout(*f, view, options))
            candidates.push_back(std::move(*l));
    } else if (encoding.kind() == MethodKind::Additive && view == View::Pe) {
        if (auto t = encoding.frequencyTable())
            candidates = additiveCandidates(*t, encoding.modelDim());
    }
    for (auto& c : candidates)
        if (reproducesFillRows(c, encoding, view, options))
            return std::move(c);
    return std::nullopt;
}

} // namespace posenc
