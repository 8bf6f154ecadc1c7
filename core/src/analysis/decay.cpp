// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/analysis/decay.h"

#include "random_draws.h"
#include "relative_score.h"

#include "posenc/errors.h"
#include "posenc/params.h"
#include "posenc/threads.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

namespace posenc::analysis {

namespace {

using detail::PhasorStepper;

constexpr std::int64_t kMaxDistances = std::int64_t(1) << 31;

void validate(const DecayOptions& o)
{
    if (o.distances.empty())
        throw InvalidInput("distances", "no distances given; use --max-distance N (N >= 1) or --distances LIST");
    if (static_cast<std::int64_t>(o.distances.size()) > kMaxDistances)
        throw InvalidInput("distances", std::to_string(o.distances.size()) + " distances requested; at most 2^31");
    for (double d : o.distances)
        if (!std::isfinite(d) || d < 0)
            throw InvalidInput("distances",
                               "--distances contains " + formatNumber(d) + "; every distance must be finite and >= 0");
    if (o.samples < 0 || o.samples > 1000000)
        throw InvalidInput("samples", "--samples " + std::to_string(o.samples) + " is outside [0, 1000000]");
    if (!std::isfinite(o.correlation) || o.correlation < -1.0 || o.correlation > 1.0)
        throw InvalidInput("correlation", "--correlation " + formatNumber(o.correlation) + " is outside [-1, 1]");
}

/// Distances that index a table or a bias must be integers; returns them as int64.
std::vector<std::int64_t> integralDistances(const std::vector<double>& d, const std::string& what)
{
    std::vector<std::int64_t> out(d.size());
    for (std::size_t k = 0; k < d.size(); ++k) {
        if (d[k] != std::floor(d[k]) || d[k] > 9.0e15)
            throw InvalidInput("distances", "--distances contains " + formatNumber(d[k]) + "; " + what +
                                                " needs integer distances below 9e15");
        out[k] = static_cast<std::int64_t>(d[k]);
    }
    return out;
}

void rotaryCurves(const RotaryFrequencies& f, const DecayOptions& o, DecayResult& r, const ProgressFn& progress)
{
    const std::size_t n = o.distances.size();
    const auto set = detail::rotaryPhasors(f);
    std::vector<double> bound(n), similar(n), ones(n);
    const double a2 = f.attentionFactor * f.attentionFactor;
    const double pass = static_cast<double>(f.headDim - f.rotaryDim);
    detail::parallelSweep(set, o.distances, [&](std::size_t k, const PhasorStepper& st) {
        const double b = detail::sumRe(st);
        similar[k] = b;
        ones[k] = a2 * 2.0 * b + pass;
        bound[k] = detail::roformerBound(st);
    });
    r.roformerBound = std::move(bound);
    r.similarToken = std::move(similar);
    r.allOnesScore = std::move(ones);
    detail::report(progress, o.samples > 0 ? 0.3 : 1.0);
    if (o.samples > 0) {
        auto [mean, sd] = detail::randomScoreMoments(f, o.distances, o.samples, o.seed, o.correlation, progress);
        r.randomQkMean = std::move(mean);
        r.randomQkStd = std::move(sd);
    }
}

void sinusoidalCurves(const FrequencyTable& t, const DecayOptions& o, DecayResult& r)
{
    detail::PhasorSet set;
    set.theta = t.invFreq;
    std::vector<double> similar(o.distances.size());
    detail::parallelSweep(set, o.distances,
                          [&](std::size_t k, const PhasorStepper& st) { similar[k] = detail::sumRe(st); });
    r.similarToken = std::move(similar);
}

void tableCurves(const Encoding& e, const DecayOptions& o, DecayResult& r, const ProgressFn& progress)
{
    const std::int64_t rows = e.maxPositions();
    const auto deltas = integralDistances(o.distances, "a learned table");
    for (std::int64_t d : deltas)
        if (d >= rows)
            throw InvalidInput("distances", "distance " + std::to_string(d) + " reaches beyond the table of " +
                                                std::to_string(rows) + " positions; use distances below " +
                                                std::to_string(rows));
    MatrixRequest req;
    req.view = View::Pe;
    req.length = rows;
    req.memoryBudget = o.memoryBudget;
    Matrix m = computeMatrix(e, req, progress);
    const std::size_t cols = m.cols;
    // Unit rows, so that each dot product is a cosine (a zero row has cosine 0 with everything).
    for (std::size_t i = 0; i < m.rows; ++i) {
        double* row = m.data.data() + i * cols;
        double s = 0;
        for (std::size_t c = 0; c < cols; ++c)
            s += row[c] * row[c];
        const double inv = s > 0 ? 1.0 / std::sqrt(s) : 0.0;
        for (std::size_t c = 0; c < cols; ++c)
            row[c] *= inv;
    }
    std::vector<double> mean(deltas.size());
    const auto count = static_cast<std::int64_t>(deltas.size());
#pragma omp parallel for schedule(dynamic, 16) num_threads(posenc::threadBudget())
    for (std::int64_t k = 0; k < count; ++k) {
        const auto d = static_cast<std::size_t>(deltas[static_cast<std::size_t>(k)]);
        const std::size_t pairs = m.rows - d;
        double acc = 0;
        for (std::size_t i = 0; i < pairs; ++i) {
            const double* x = m.data.data() + i * cols;
            const double* y = m.data.data() + (i + d) * cols;
            double dot = 0;
#pragma omp simd reduction(+ : dot)
            for (std::size_t c = 0; c < cols; ++c)
                dot += x[c] * y[c];
            acc += dot;
        }
        mean[static_cast<std::size_t>(k)] = acc / static_cast<double>(pairs);
    }
    r.meanCosine = std::move(mean);
}

void biasCurves(const Encoding& e, const DecayOptions& o, DecayResult& r)
{
    const auto deltas = integralDistances(o.distances, "an attention bias");
    const int heads = e.biasHeads();
    r.biasPerHead.assign(static_cast<std::size_t>(heads), std::vector<double>(deltas.size()));
    const auto count = static_cast<std::int64_t>(deltas.size());
    for (int h = 0; h < heads; ++h) {
        auto& curve = r.biasPerHead[static_cast<std::size_t>(h)];
#pragma omp parallel for schedule(static) num_threads(posenc::threadBudget())
        for (std::int64_t k = 0; k < count; ++k)
            curve[static_cast<std::size_t>(k)] = e.bias(h, deltas[static_cast<std::size_t>(k)]);
    }
}

} // namespace

std::vector<double> integerDistances(std::int64_t n)
{
    if (n < 1 || n > kMaxDistances)
        throw InvalidInput("max-distance", "--max-distance " + std::to_string(n) + " is outside [1, 2^31]");
    std::vector<double> d(static_cast<std::size_t>(n));
    for (std::size_t k = 0; k < d.size(); ++k)
        d[k] = static_cast<double>(k);
    return d;
}

double decayPeakBytes(double distances, int biasHeads)
{
    return 8.0 * distances * (8.0 + std::max(biasHeads, 0));
}

DecayResult computeDecay(const Encoding& encoding, const DecayOptions& options, const ProgressFn& progress)
{
    validate(options);
    const int heads = encoding.biasHeads();
    if (decayPeakBytes(static_cast<double>(options.distances.size()), heads) >
        static_cast<double>(options.memoryBudget))
        throw BudgetExceeded("distances", std::to_string(options.distances.size()) + " distances x (8 curves + " +
                                              std::to_string(heads) +
                                              " bias heads) exceed the memory budget; use fewer distances");
    const RotaryFrequencies* rot = encoding.rotary();
    if (options.samples > 0 && !rot)
        throw InvalidInput("samples", "random q,k draws (--samples " + std::to_string(options.samples) +
                                          ") apply to rotary methods only; this method is " +
                                          toString(encoding.kind()) + "; use --samples 0");
    DecayResult r;
    r.distance = options.distances;
    if (rot) {
        rotaryCurves(*rot, options, r, progress);
    } else if (encoding.biasHeads() > 0) {
        biasCurves(encoding, options, r);
    } else if (encoding.kind() == MethodKind::Additive) {
        if (const auto table = encoding.frequencyTable())
            sinusoidalCurves(*table, options, r);
        else if (encoding.maxPositions() > 0)
            tableCurves(encoding, options, r, progress);
    }
    detail::report(progress, 1.0);
    return r;
}

} // namespace posenc::analysis
