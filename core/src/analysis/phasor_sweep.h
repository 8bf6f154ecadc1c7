// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Damped phasors z_i(D) = w_i(D) e^{i D theta_i}, w_i(D) = exp(D * logDecay_i) (1 without decay), evaluated
// for many distances D. Runs of equally spaced distances use the angle-addition recurrence
// z_i(D + h) = z_i(D) * (rho_i cos h theta_i + i rho_i sin h theta_i), re-seeded exactly (std::cos/std::sin/
// std::exp) every kSweepReseed rows; other distances are evaluated directly. One complex multiply per pair and
// row vectorises across pairs; the error bound is tested in tests/analysis/tst_phasor_sweep.cpp.

#include "posenc/threads.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace posenc::analysis::detail {

/// Rows between exact re-seeds. Each recurrence step adds at most a few ulp of relative error per pair.
inline constexpr std::size_t kSweepReseed = 32;
/// Distances handled by one task (one thread at a time).
inline constexpr std::size_t kSweepChunk = 4096;

struct PhasorSet {
    std::vector<double> theta;    ///< rad per unit distance
    std::vector<double> logDecay; ///< empty, or per pair ln(decay) per unit distance (xPos: ln(zeta_i)/B)
    std::size_t size() const { return theta.size(); }
};

/// z_i <- z_i w_i for i < n, complex numbers as separate real and imaginary arrays (vectorises across i).
inline void multiplyInPlace(double* __restrict re, double* __restrict im, const double* __restrict wr,
                            const double* __restrict wi, std::size_t n)
{
#pragma omp simd
    for (std::size_t i = 0; i < n; ++i) {
        const double r = re[i] * wr[i] - im[i] * wi[i];
        im[i] = re[i] * wi[i] + im[i] * wr[i];
        re[i] = r;
    }
}

/// Per-thread state of the sweep; reuses its buffers between calls.
class PhasorStepper {
public:
    explicit PhasorStepper(const PhasorSet& set)
        : m_set(set), m_re(set.size()), m_im(set.size()), m_stepRe(set.size()), m_stepIm(set.size())
    {
    }

    /// Exact values at distance d.
    void seed(double d)
    {
        const std::size_t n = m_set.size();
        const bool decay = !m_set.logDecay.empty();
        for (std::size_t i = 0; i < n; ++i) {
            const double a = d * m_set.theta[i];
            const double w = decay ? std::exp(d * m_set.logDecay[i]) : 1.0;
            m_re[i] = w * std::cos(a);
            m_im[i] = w * std::sin(a);
        }
    }

    /// Prepares the step multipliers for spacing h (cached while h is unchanged).
    void setStep(double h)
    {
        if (m_hasStep && h == m_step)
            return;
        m_step = h;
        m_hasStep = true;
        const bool decay = !m_set.logDecay.empty();
        for (std::size_t i = 0; i < m_set.size(); ++i) {
            const double a = h * m_set.theta[i];
            const double w = decay ? std::exp(h * m_set.logDecay[i]) : 1.0;
            m_stepRe[i] = w * std::cos(a);
            m_stepIm[i] = w * std::sin(a);
        }
    }

    /// z <- z * step.
    void advance() { multiplyInPlace(m_re.data(), m_im.data(), m_stepRe.data(), m_stepIm.data(), m_set.size()); }

    const double* re() const { return m_re.data(); }
    const double* im() const { return m_im.data(); }
    std::size_t size() const { return m_set.size(); }

private:
    const PhasorSet& m_set;
    std::vector<double> m_re, m_im, m_stepRe, m_stepIm;
    double m_step = 0;
    bool m_hasStep = false;
};

/// Calls fn(k, stepper) for k = begin .. end-1 with the stepper holding the phasors at distances[k]. Blocks of
/// up to kSweepReseed equally spaced distances use the recurrence; anything else is seeded exactly.
template <class Fn>
void sweepRange(PhasorStepper& st, std::span<const double> distances, std::size_t begin, std::size_t end, Fn&& fn)
{
    std::size_t k = begin;
    while (k < end) {
        const std::size_t blockEnd = std::min(end, k + kSweepReseed);
        st.seed(distances[k]);
        fn(k, static_cast<const PhasorStepper&>(st));
        if (blockEnd - k < 2) {
            ++k;
            continue;
        }
        const double h = distances[k + 1] - distances[k];
        std::size_t j = k + 1;
        // Equally spaced run: the recurrence; stop at the first distance off the progression.
        if (h != 0.0) {
            st.setStep(h);
            for (; j < blockEnd; ++j) {
                if (distances[j] - distances[j - 1] != h)
                    break;
                st.advance();
                fn(j, static_cast<const PhasorStepper&>(st));
            }
        }
        k = j;
    }
}

/// The same over all distances, in parallel chunks of kSweepChunk (OpenMP when available). `fn` must only write
/// to slots owned by index k.
template <class Fn> void parallelSweep(const PhasorSet& set, std::span<const double> distances, Fn&& fn)
{
    const std::int64_t chunks = static_cast<std::int64_t>((distances.size() + kSweepChunk - 1) / kSweepChunk);
    // A single chunk runs on the calling thread: a parallel region costs more than it saves there.
#pragma omp parallel if (chunks > 1) num_threads(posenc::threadBudget())
    {
        PhasorStepper st(set);
#pragma omp for schedule(dynamic, 1)
        for (std::int64_t c = 0; c < chunks; ++c) {
            const std::size_t b = static_cast<std::size_t>(c) * kSweepChunk;
            sweepRange(st, distances, b, std::min(distances.size(), b + kSweepChunk), fn);
        }
    }
}

/// Integer distances first .. first+count-1 without materialising them: fn(k, stepper) at distance first+k.
template <class Fn> void parallelSweepIntegers(const PhasorSet& set, std::int64_t first, std::size_t count, Fn&& fn)
{
    const std::int64_t chunks = static_cast<std::int64_t>((count + kSweepChunk - 1) / kSweepChunk);
#pragma omp parallel if (chunks > 1) num_threads(posenc::threadBudget())
    {
        PhasorStepper st(set);
        st.setStep(1.0);
#pragma omp for schedule(dynamic, 1)
        for (std::int64_t c = 0; c < chunks; ++c) {
            const std::size_t b = static_cast<std::size_t>(c) * kSweepChunk;
            const std::size_t e = std::min(count, b + kSweepChunk);
            for (std::size_t k = b; k < e; ++k) {
                if ((k - b) % kSweepReseed == 0)
                    st.seed(static_cast<double>(first + static_cast<std::int64_t>(k)));
                else
                    st.advance();
                fn(k, static_cast<const PhasorStepper&>(st));
            }
        }
    }
}

/// sum_i re_i: the similar-token sum B (with decay weights).
inline double sumRe(const PhasorStepper& st)
{
    const double* __restrict re = st.re();
    double s = 0;
#pragma omp simd reduction(+ : s)
    for (std::size_t i = 0; i < st.size(); ++i)
        s += re[i];
    return s;
}

/// (1/P) sum_{j=1}^{P} |S_j|, S_j = sum_{i<j} z_i: the RoFormer relative upper bound. The pairs are split into
/// four quarters whose totals give each quarter's starting offset; the four prefix chains (and their square
/// roots) then run interleaved, so they overlap instead of waiting on one another.
inline double roformerBound(const PhasorStepper& st)
{
    const double* re = st.re();
    const double* im = st.im();
    const std::size_t n = st.size();
    if (n == 0)
        return 0.0;
    constexpr std::size_t kChains = 4;
    const std::size_t q = (n + kChains - 1) / kChains;
    double cr[kChains] = {}, ci[kChains] = {}, acc[kChains] = {};
    for (std::size_t b = 1; b < kChains; ++b) {
        double tr = 0, ti = 0;
        for (std::size_t i = (b - 1) * q; i < std::min(n, b * q); ++i) {
            tr += re[i];
            ti += im[i];
        }
        cr[b] = cr[b - 1] + tr;
        ci[b] = ci[b - 1] + ti;
    }
    for (std::size_t k = 0; k < q; ++k)
        for (std::size_t b = 0; b < kChains; ++b) {
            const std::size_t i = b * q + k;
            if (i < n) {
                cr[b] += re[i];
                ci[b] += im[i];
                acc[b] += std::sqrt(cr[b] * cr[b] + ci[b] * ci[b]);
            }
        }
    return (acc[0] + acc[1] + acc[2] + acc[3]) / static_cast<double>(n);
}

} // namespace posenc::analysis::detail
