// SPDX-License-Identifier: GPL-3.0-or-later
// Closed-form bin means of phasor views: sum_{m=a}^{a+n-1} z^m = z^a (1 - z^n)/(1 - z), z = rho e^{i theta}.
#include "lod_internal.h"

#include "posenc/rope_apply.h"
#include "posenc/threads.h"

#include <algorithm>
#include <cmath>

namespace posenc {

namespace lod {

double reducePhase(std::int64_t k, double theta)
{
    // k theta = hi + lo exactly (k is exact in a double below 2^53; fma gives the product's rounding error).
    // 2 pi = C1 + C2 + C3 (each the double nearest the rest). n C1 is a multiple of ulp(C1) = 2^-50, as is hi when
    // |hi| >= 4, so fma(-n, C1, hi) is exact (|result| < 4; for |hi| < 4 Sterbenz applies); C2 and C3 are then
    // applied with one rounding each. The result is within a few ulp of (k theta mod 2 pi) in [-pi, pi] for any
    // k up to 2^53 - including positions of 2^40 - and keeps its relative accuracy near a multiple of 2 pi.
    constexpr double kInvTwoPi = 0x1.45f306dc9c883p-3; // 1 / (2 pi)
    constexpr double C1 = 0x1.921fb54442d18p+2;
    constexpr double C2 = 0x1.1a62633145c07p-52;
    constexpr double C3 = -0x1.f1976b7ed8fbcp-108;
    const double kd = static_cast<double>(k);
    const double hi = kd * theta;
    const double lo = std::fma(kd, theta, -hi);
    const double n = std::nearbyint(hi * kInvTwoPi);
    const double r = std::fma(-n, C3, std::fma(-n, C2, std::fma(-n, C1, hi)));
    return r + lo;
}

namespace {

/// 1 - z^k without cancellation: (-expm1(k ln rho) + rho^k 2 sin^2(k theta / 2)) - i rho^k sin(k theta).
std::complex<double> oneMinusPower(double theta, double logRho, std::int64_t k)
{
    const double phase = reducePhase(k, theta);
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
    const double phase = reducePhase(a, theta);
    const double r = logRho == 0.0 ? 1.0 : std::exp(static_cast<double>(a) * logRho);
    return {r * std::cos(phase), r * std::sin(phase)};
}

} // namespace

Matrix phasorBinMeans(const PhasorLayout& layout, const std::vector<std::int64_t>& edges)
{
    const std::size_t bins = edges.size() - 1;
    const std::size_t pairs = layout.theta.size();
    // Bin widths take at most two values (binEdges): the ratio (1 - z^n)/(1 - z) and the step z^n to the next
    // bin are computed once per pair and width.
    std::vector<std::int64_t> widths;
    for (std::size_t b = 0; b < bins; ++b)
        widths.push_back(edges[b + 1] - edges[b]);
    std::sort(widths.begin(), widths.end());
    widths.erase(std::unique(widths.begin(), widths.end()), widths.end());
    const std::size_t W = widths.size();
    std::vector<std::complex<double>> ratio(pairs * W), step(pairs * W);
    for (std::size_t p = 0; p < pairs; ++p)
        for (std::size_t w = 0; w < W; ++w) {
            ratio[p * W + w] = seriesRatio(layout.theta[p], layout.logRho[p], widths[w]);
            step[p * W + w] = power(layout.theta[p], layout.logRho[p], widths[w]);
        }

    Matrix out;
    out.rows = bins;
    out.cols = layout.columns.size();
    out.data.assign(out.rows * out.cols, 0.0);
    // z^a at the first bin of each block of kReseedBins is evaluated directly (exact phase reduction, sin/cos);
    // the following bins' z^a are reached by multiplying with z^n, so the rounding error grows by at most a few
    // ulp per bin and restarts every block (sin/cos per bin and pair were two thirds of the time).
    constexpr std::int64_t kReseedBins = 32;
    const auto blocks = static_cast<std::int64_t>((bins + kReseedBins - 1) / kReseedBins);
    std::vector<std::complex<double>> zA(pairs), mean(pairs);
#pragma omp parallel for schedule(static) firstprivate(zA, mean) num_threads(posenc::threadBudget())
    for (std::int64_t block = 0; block < blocks; ++block) {
        const auto b0 = static_cast<std::size_t>(block * kReseedBins);
        const std::size_t b1 = std::min(bins, b0 + static_cast<std::size_t>(kReseedBins));
        for (std::size_t p = 0; p < pairs; ++p)
            zA[p] = power(layout.theta[p], layout.logRho[p], edges[b0]);
        for (std::size_t b = b0; b < b1; ++b) {
            const std::int64_t n = edges[b + 1] - edges[b];
            const auto w = static_cast<std::size_t>(std::lower_bound(widths.begin(), widths.end(), n) - widths.begin());
            const double invN = 1.0 / static_cast<double>(n);
            for (std::size_t p = 0; p < pairs; ++p) {
                const std::complex<double> z = zA[p], q = ratio[p * W + w], t = step[p * W + w];
                // Plain complex products: the values are finite, so C's NaN/infinity recovery is not needed.
                mean[p] = {(z.real() * q.real() - z.imag() * q.imag()) * invN,
                           (z.real() * q.imag() + z.imag() * q.real()) * invN};
                zA[p] = {z.real() * t.real() - z.imag() * t.imag(), z.real() * t.imag() + z.imag() * t.real()};
            }
            double* row = out.data.data() + b * out.cols;
            for (std::size_t j = 0; j < out.cols; ++j) {
                const PhasorColumn& c = layout.columns[j];
                row[j] = c.constant;
                if (c.pair >= 0) {
                    const auto& m = mean[static_cast<std::size_t>(c.pair)];
                    row[j] += c.cosCoef * m.real() + c.sinCoef * m.imag();
                }
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
    const double phase = lod::reducePhase(m, theta[p]);
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
