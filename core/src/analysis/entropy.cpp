// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/analysis/entropy.h"
#include "posenc/analysis/attention_scale.h"
#include "posenc/registry.h"

#include "relative_score.h"

#include "posenc/errors.h"
#include "posenc/params.h"
#include "posenc/threads.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

namespace posenc::analysis {

namespace {

constexpr std::size_t kChunk = std::size_t(1) << 16;

detail::RelativeScoreModel scoreModel(const Encoding& e, const EntropyOptions& o)
{
    detail::RelativeScoreModel m;
    if (const RotaryFrequencies* f = e.rotary()) {
        const bool own = keepsMethodFactor(o.temperature);
        const double a = own ? f->attentionFactor : 1.0;
        const double all = own ? f->softmaxScaleMultiplier : 1.0;
        const double sig = o.score == ScoreModel::ExpectedSimilar ? o.sigma2 : 1.0;
        const double inv = 1.0 / std::sqrt(static_cast<double>(f->headDim));
        m.form = detail::RelativeScoreModel::Form::Phasor;
        m.phasors = detail::rotaryPhasors(*f);
        m.cosWeight = all * sig * a * a * 2.0 * inv;
        m.offset = all * sig * static_cast<double>(f->headDim - f->rotaryDim) * inv;
        return m;
    }
    if (e.biasHeads() > 0) {
        if (o.head < 0 || o.head >= e.biasHeads())
            throw InvalidInput("head", "--head " + std::to_string(o.head) + " is outside [0, " +
                                           std::to_string(e.biasHeads() - 1) + "]");
        m.form = detail::RelativeScoreModel::Form::Bias;
        m.encoding = &e;
        m.head = o.head;
        return m;
    }
    if (e.kind() == MethodKind::Additive) {
        const auto table = e.frequencyTable(); // present: entropyGap() rejected a learned table before
        m.form = detail::RelativeScoreModel::Form::Phasor;
        m.phasors.theta = table->invFreq;
        m.cosWeight = 1.0 / std::sqrt(static_cast<double>(e.modelDim()));
        return m;
    }
    m.form = detail::RelativeScoreModel::Form::Zero;
    return m;
}

/// The attention-scaling table's row for an n-dependent temperature (nullopt: c_n = 1).
std::optional<ScaleRule> tableRule(Temperature t)
{
    switch (t) {
    case Temperature::LogN:
        return ScaleRule::QwenLogN;
    case Temperature::SeedLog2:
        return ScaleRule::SeedLog2;
    case Temperature::SuLog512:
        return ScaleRule::SuLog512;
    case Temperature::Llama4Nope:
        return ScaleRule::Llama4Nope;
    case Temperature::Llama4ScalingBeta:
        return ScaleRule::Llama4ScalingBeta;
    default:
        return std::nullopt;
    }
}

ScaleParams tableParams(const EntropyOptions& o, double L0)
{
    ScaleParams p;
    p.originalLength = L0;
    p.gamma = o.gamma;
    p.floorScale = o.floorScale;
    p.attnScale = o.attnScale;
    if (o.temperature == Temperature::Llama4ScalingBeta) { // its own beta and L0 (the table's attn-scale and L0)
        p.attnScale = o.beta;
        p.originalLength = o.betaLength;
    }
    return p;
}

/// c_n: the factor the temperature rule applies to every logit of a context of n tokens (the table's logit factor;
/// exactly 1 up to the rule's unitUpTo, where the running pass needs no pass of its own).
double logitMultiplier(const EntropyOptions& o, double L0, std::int64_t n)
{
    const auto rule = tableRule(o.temperature);
    if (!rule)
        return 1.0;
    const ScaleParams p = tableParams(o, L0);
    const double x = static_cast<double>(n);
    return x <= unitUpTo(*rule, p) ? 1.0 : logitFactor(*rule, x, p);
}

void validate(const EntropyOptions& o)
{
    if (o.maxLength < 1 || o.maxLength > kEntropyMaxLength)
        throw InvalidInput("max-length", "--max-length " + std::to_string(o.maxLength) + " is outside [1, 2^31]");
    for (std::int64_t n : o.lengths)
        if (n < 1 || n > o.maxLength)
            throw InvalidInput("lengths", "--lengths contains " + std::to_string(n) + "; every length must be in [1, " +
                                              std::to_string(o.maxLength) + "]");
    if (o.score == ScoreModel::ExpectedSimilar && !(o.sigma2 > 0 && std::isfinite(o.sigma2)))
        throw InvalidInput("sigma2", "--sigma2 " + formatNumber(o.sigma2) + " must be finite and > 0");
    if (!(o.gamma >= 0 && o.gamma <= 1e3))
        throw InvalidInput("gamma", "--gamma " + formatNumber(o.gamma) + " is outside [0, 1000]");
    if (o.temperature == Temperature::Llama4ScalingBeta) {
        if (!std::isfinite(o.beta))
            throw InvalidInput("beta", "--beta " + formatNumber(o.beta) + " must be finite");
        if (!(o.betaLength > 0 && std::isfinite(o.betaLength)))
            throw InvalidInput("beta-length", "--beta-length " + formatNumber(o.betaLength) +
                                                  " must be > 0: llama4-scaling-beta divides the position by it");
    }
    if (!(o.maxWork > 0))
        throw InvalidInput("max-work", "the work limit must be positive");
    if (!o.span.full() && o.span.size < 1)
        throw InvalidInput("window", "a " + enumName(kAttentionKindNames, o.span.kind) +
                                         " span needs a window of at least 1 token, got " +
                                         std::to_string(o.span.size));
}

/// H of the softmax of c * z[0..n), with M = max z[0..n) known: one exact O(n) pass (parallel).
double scaledEntropy(const std::vector<double>& z, std::int64_t n, double c, double M)
{
    double S = 0, T = 0;
    const double* zp = z.data();
#pragma omp parallel for reduction(+ : S, T) schedule(static) num_threads(posenc::threadBudget())
    for (std::int64_t k = 0; k < n; ++k) {
        const double u = c * (zp[k] - M);
        const double e = std::exp(u);
        S += e;
        T += u * e;
    }
    return std::log(S) - T / S;
}

void throwIfNoEntropy(const Encoding& encoding)
{
    switch (entropyGap(encoding)) {
    case EntropyGap::None:
        return;
    case EntropyGap::BiasNotLogits:
        throw InvalidInput("bucket-values",
                           "attention entropy needs a bias in logit units: " + encoding.biasNotLogitReason());
    case EntropyGap::NoScoreModel:
        throw InvalidInput("method", "a learned position table has no relative score model (its dot products "
                                     "depend on both positions); use `compute decay` (mean cosine) or "
                                     "`compute similarity` instead");
    }
}

} // namespace

EntropyGap entropyGap(const Encoding& encoding)
{
    if (!encoding.biasNotLogitReason().empty())
        return EntropyGap::BiasNotLogits;
    if (!encoding.rotary() && encoding.biasHeads() == 0 && encoding.kind() == MethodKind::Additive &&
        !encoding.frequencyTable())
        return EntropyGap::NoScoreModel;
    return EntropyGap::None;
}

EntropyResult computeEntropy(const Encoding& encoding, const EntropyOptions& options, const ProgressFn& progress)
{
    validate(options);
    throwIfNoEntropy(encoding);
    const RotaryFrequencies* rot = encoding.rotary();
    const double L0 = rot && rot->originalLength > 0 ? rot->originalLength : options.originalLength;
    const auto rule = tableRule(options.temperature);
    const bool nDependent = rule.has_value();
    const bool needsL0 = rule == ScaleRule::QwenLogN || rule == ScaleRule::SeedLog2;
    if (needsL0 && !(L0 > 1 && std::isfinite(L0)))
        throw InvalidInput("original-length",
                           "the log-n and seed-log2 temperatures need L0 > 1, got " + formatNumber(L0));
    if (rule)
        validateScaleParams(*rule, tableParams(options, needsL0 ? L0 : 4096.0));
    // c_n is exactly 1 up to this n: those lengths come from the running pass
    const double unitUpToN = rule ? unitUpTo(*rule, tableParams(options, L0)) : 0.0;
    const auto model = scoreModel(encoding, options);
    const std::int64_t N = options.maxLength;

    // The reported lengths, in request order, and the order in which the running pass meets them.
    std::vector<std::int64_t> lengths = options.lengths;
    if (lengths.empty()) {
        if (static_cast<double>(N) * 32.0 > static_cast<double>(kDefaultMemoryBudget))
            throw BudgetExceeded("max-length", "reporting every n up to " + std::to_string(N) +
                                                   " exceeds the memory budget; pass --lengths");
        lengths.resize(static_cast<std::size_t>(N));
        std::iota(lengths.begin(), lengths.end(), std::int64_t(1));
    }
    // k(n): the keys the last query of n tokens sees (n under full attention); the running pass meets them in
    // increasing k.
    std::vector<std::int64_t> keys(lengths.size());
    std::transform(lengths.begin(), lengths.end(), keys.begin(),
                   [&](std::int64_t n) { return options.span.keysSeen(n - 1); });
    std::vector<std::size_t> order(keys.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    if (!std::is_sorted(keys.begin(), keys.end()))
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });

    // n-dependent temperatures: the reported n > L0 need their own pass over the stored logits.
    double work = 0;
    std::int64_t keepUpTo = 0;
    if (nDependent)
        for (std::size_t i = 0; i < lengths.size(); ++i)
            if (static_cast<double>(lengths[i]) > unitUpToN) {
                work += static_cast<double>(keys[i]);
                keepUpTo = std::max(keepUpTo, keys[i]);
            }
    if (work > options.maxWork)
        throw InvalidInput("lengths", "the " + enumName(kTemperatureNames, options.temperature) +
                                          " temperature needs one O(n) pass per reported n > L0 (" +
                                          formatNumber(work) + " evaluations here, limit " +
                                          formatNumber(options.maxWork) +
                                          "); pass fewer --lengths (e.g. log-spaced) or a smaller --max-length");
    if (static_cast<double>(keepUpTo) * 8.0 > static_cast<double>(kDefaultMemoryBudget))
        throw BudgetExceeded("max-length", "keeping " + std::to_string(keepUpTo) +
                                               " logits for the n-dependent temperature exceeds the memory budget");
    std::vector<double> stored(static_cast<std::size_t>(keepUpTo));

    EntropyResult r;
    r.length.resize(lengths.size());
    r.entropy.resize(lengths.size());
    // The running pass stores S and T (in entropy / entropyOverLogLength); logs are taken afterwards in parallel.
    r.entropyOverLogLength.resize(lengths.size());
    std::vector<double> maxAt(lengths.size(), 0.0);
    std::vector<char> pending(lengths.size(), 0);

    // Running log-sum-exp over Delta = 0 .. N-1 with M = max z, S = sum e^(z-M), T = sum (z-M) e^(z-M).
    double M = -std::numeric_limits<double>::infinity(), S = 0, T = 0;
    std::size_t next = 0;
    std::vector<double> buf(std::min<std::size_t>(kChunk, static_cast<std::size_t>(N)));
    const std::int64_t last = keys.empty() ? 0 : keys[order.back()];
    for (std::int64_t first = 0; first < last; first += static_cast<std::int64_t>(kChunk)) {
        const std::size_t count = static_cast<std::size_t>(std::min<std::int64_t>(kChunk, last - first));
        detail::fillScores(model, first, count, buf.data());
        for (std::size_t k = 0; k < count; ++k) {
            const double z = buf[k];
            const std::int64_t delta = first + static_cast<std::int64_t>(k);
            if (delta < keepUpTo)
                stored[static_cast<std::size_t>(delta)] = z;
            if (z <= M) {
                const double u = z - M;
                const double e = std::exp(u);
                S += e;
                T += u * e;
            } else if (S == 0.0) { // the first key
                S = 1.0;
                T = 0.0;
                M = z;
            } else { // new maximum: rescale, T' = e^(M-z) (T + (M-z) S)
                const double u = M - z;
                const double e = std::exp(u);
                T = e * (T + u * S);
                S = e * S + 1.0;
                M = z;
            }
            const std::int64_t seen = delta + 1;
            while (next < order.size() && keys[order[next]] == seen) {
                const std::size_t slot = order[next++];
                const std::int64_t n = lengths[slot];
                r.length[slot] = static_cast<double>(n);
                if (nDependent && static_cast<double>(n) > unitUpToN) {
                    pending[slot] = 1;
                    maxAt[slot] = M;
                } else {
                    r.entropy[slot] = S;
                    r.entropyOverLogLength[slot] = T;
                }
            }
        }
        detail::report(progress,
                       0.9 * static_cast<double>(first + static_cast<std::int64_t>(count)) / static_cast<double>(last));
    }
    std::size_t donePending = 0;
    const std::size_t totalPending = static_cast<std::size_t>(std::count(pending.begin(), pending.end(), char(1)));
    for (std::size_t slot = 0; slot < lengths.size(); ++slot) {
        if (!pending[slot])
            continue;
        const std::int64_t n = lengths[slot];
        r.entropy[slot] = scaledEntropy(stored, keys[slot], logitMultiplier(options, L0, n), maxAt[slot]);
        if (++donePending % 64 == 0)
            detail::report(progress, 0.9 + 0.1 * static_cast<double>(donePending) / static_cast<double>(totalPending));
    }
    r.uniform.resize(lengths.size());
    r.keys.assign(keys.begin(), keys.end());
    const auto count = static_cast<std::int64_t>(lengths.size());
#pragma omp parallel for schedule(static) num_threads(posenc::threadBudget())
    for (std::int64_t i = 0; i < count; ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (!pending[k])
            r.entropy[k] = std::log(r.entropy[k]) - r.entropyOverLogLength[k] / r.entropy[k];
        const double ln = std::log(r.length[k]);
        r.uniform[k] = std::log(r.keys[k]);
        r.entropyOverLogLength[k] = lengths[k] > 1 ? r.entropy[k] / ln : std::numeric_limits<double>::quiet_NaN();
    }
    detail::report(progress, 1.0);
    return r;
}

void checkEntropyParams(const MethodDef& method, const ParamSet& params)
{
    throwIfNoEntropy(*Registry::build(method, params));
}

std::vector<std::int64_t> logSpacedLengths(std::int64_t n, int perDecade)
{
    if (n < 1)
        throw InvalidInput("max-length", "--max-length " + std::to_string(n) + " must be >= 1");
    if (perDecade < 1)
        throw InvalidInput("per-decade", "points per decade must be >= 1");
    std::vector<std::int64_t> out{1};
    const double steps = std::ceil(std::log10(static_cast<double>(n)) * perDecade);
    for (double k = 1; k <= steps; ++k) {
        const auto v = static_cast<std::int64_t>(std::llround(std::pow(10.0, k / perDecade)));
        if (v > out.back() && v < n)
            out.push_back(v);
    }
    if (out.back() != n)
        out.push_back(n);
    return out;
}

} // namespace posenc::analysis
