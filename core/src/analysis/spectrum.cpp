// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/analysis/structure.h"

#include "fftw_plans.h"

#include "finite_check.h"
#include "posenc/errors.h"
#include "posenc/threads.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace posenc::analysis {

SpectrumResult computeSpectrum(const Matrix& m, const std::optional<std::vector<double>>& analyticWavelength)
{
    if (m.rows < 2)
        throw InvalidInput("length", "a spectrum needs at least 2 positions, got " + std::to_string(m.rows));
    if (m.rows > static_cast<std::size_t>(std::numeric_limits<int>::max()))
        throw InvalidInput("length", "a spectrum over more than 2^31-1 positions is not supported");
    detail::requireFinite(m, "view", "a spectrum");
    if (analyticWavelength && analyticWavelength->size() != m.cols)
        throw InvalidInput("analytic", "analytic wavelengths for " + std::to_string(analyticWavelength->size()) +
                                           " columns given for a matrix of " + std::to_string(m.cols));
    const int n = static_cast<int>(m.rows);
    const std::size_t bins = m.rows / 2 + 1;
    SpectrumResult r;
    r.frequency.resize(bins);
    for (std::size_t k = 0; k < bins; ++k)
        r.frequency[k] = static_cast<double>(k) / static_cast<double>(n);
    r.power.rows = bins;
    r.power.cols = m.cols;
    r.power.data.assign(bins * m.cols, 0.0);
    r.peakFrequency.assign(m.cols, std::numeric_limits<double>::quiet_NaN());
    r.measuredWavelength.assign(m.cols, std::numeric_limits<double>::quiet_NaN());
    r.analyticWavelength = analyticWavelength;

    const fftw_plan plan = detail::r2cPlan(n);
    const auto cols = static_cast<std::int64_t>(m.cols);
#pragma omp parallel num_threads(posenc::threadBudget())
    {
        auto in = detail::allocReal(m.rows);
        auto out = detail::allocComplex(bins);
#pragma omp for schedule(dynamic, 1)
        for (std::int64_t c = 0; c < cols; ++c) {
            const auto col = static_cast<std::size_t>(c);
            for (std::size_t i = 0; i < m.rows; ++i)
                in[i] = m.data[i * m.cols + col];
            fftw_execute_dft_r2c(plan, in.get(), out.get());
            double best = 0;
            std::size_t bestK = 0;
            for (std::size_t k = 0; k < bins; ++k) {
                const double p = out[k][0] * out[k][0] + out[k][1] * out[k][1];
                r.power.data[k * m.cols + col] = p;
                if (k > 0 && p > best) {
                    best = p;
                    bestK = k;
                }
            }
            if (bestK > 0) {
                r.peakFrequency[col] = r.frequency[bestK];
                r.measuredWavelength[col] = 1.0 / r.frequency[bestK];
            }
        }
    }
    return r;
}

std::optional<std::vector<double>> columnWavelengths(const Encoding& encoding, View view)
{
    constexpr double twoPi = 2.0 * std::numbers::pi;
    if (const RotaryFrequencies* f = encoding.rotary()) {
        const std::size_t P = f->pairs();
        const auto pairOf = [&](std::size_t c) { return f->pairing == Pairing::Half ? c % P : c / 2; };
        std::vector<double> w;
        if (view == View::Angle) {
            for (double t : f->invFreq)
                w.push_back(twoPi / t);
        } else if (view == View::Cos || view == View::Sin || view == View::Rotated) {
            const std::size_t cols = view == View::Rotated ? static_cast<std::size_t>(f->headDim) : 2 * P;
            for (std::size_t c = 0; c < cols; ++c)
                w.push_back(c < 2 * P ? twoPi / f->invFreq[pairOf(c)] : std::numeric_limits<double>::infinity());
        } else {
            return std::nullopt;
        }
        return w;
    }
    const auto table = encoding.frequencyTable();
    if (!table || encoding.kind() != MethodKind::Additive)
        return std::nullopt;
    if (view == View::Angle)
        return table->wavelength;
    if (view != View::Pe)
        return std::nullopt;
    // Position 0: sin columns are 0, cos columns 1; the k-th of each kind carries omega_k (any layout).
    const std::size_t cols = encoding.columns(View::Pe, {});
    std::vector<double> row0(cols);
    encoding.fillRows(View::Pe, 0, 1, row0.data(), {});
    std::vector<double> w(cols);
    std::size_t sinSeen = 0, cosSeen = 0;
    for (std::size_t c = 0; c < cols; ++c) {
        std::size_t& seen = row0[c] == 0.0 ? sinSeen : cosSeen;
        if ((row0[c] != 0.0 && row0[c] != 1.0) || seen >= table->wavelength.size())
            return std::nullopt;
        w[c] = table->wavelength[seen++];
    }
    if (sinSeen != table->wavelength.size() || cosSeen != table->wavelength.size())
        return std::nullopt;
    return w;
}

SpectrumResult computeEncodingSpectrum(const Encoding& encoding, View view, std::int64_t first, std::int64_t length,
                                       std::size_t memoryBudget)
{
    MatrixRequest req;
    req.view = view;
    req.firstPosition = first;
    req.length = length;
    req.memoryBudget = memoryBudget;
    const Matrix m = computeMatrix(encoding, req);
    return computeSpectrum(m, columnWavelengths(encoding, view));
}

} // namespace posenc::analysis
