// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file structure.h
/// Similarity matrices, spectra (FFTW) and PCA (Eigen) of encoding matrices.

#include "posenc/encoding.h"
#include "posenc/matrix.h"
#include "posenc/names.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace posenc::analysis {

enum class SimilarityKind { Dot, Cosine, RelativeScore };
inline constexpr EnumName<SimilarityKind> kSimilarityKindNames[] = {
    {SimilarityKind::Dot, "dot"}, {SimilarityKind::Cosine, "cosine"}, {SimilarityKind::RelativeScore, "relative-score"}};

struct SimilarityOptions {
    SimilarityKind kind = SimilarityKind::Dot; ///< Dot/Cosine: additive methods; RelativeScore: rotary
    std::int64_t first = 0;                    ///< first position of the window
    std::int64_t length = 256;                 ///< window size (the result is length x length)
    std::vector<double> probeQ, probeK;        ///< RelativeScore probes (empty = default probe)
    int head = 0;                              ///< RelativeScore of attention-bias methods: which head
    std::size_t memoryBudget = kDefaultMemoryBudget;
};

/// S[i, j] between positions first+i and first+j. Throws InvalidInput when the kind does not apply.
/// Dot: PE_i . PE_j; Cosine: the same over |PE_i| |PE_j| (additive methods). RelativeScore: rotary
/// <R_i q, R_j k> (attention factor and xPos scaling included; q at the query side), attention-bias methods
/// bias(head, i - j); both are Toeplitz. BudgetExceeded when length^2 doubles exceed the budget.
Matrix computeSimilarity(const Encoding& encoding, const SimilarityOptions& options);

struct SpectrumResult {
    std::vector<double> frequency;        ///< rows of `power`: k / length, cycles per position, k = 0..length/2
    Matrix power;                         ///< (length/2 + 1) x columns: |FFT|^2 of each column over positions
    std::vector<double> peakFrequency;    ///< per column, excluding the DC bin
    std::vector<double> measuredWavelength;                ///< 1 / peakFrequency
    std::optional<std::vector<double>> analyticWavelength; ///< per column when the method has frequencies
};

/// Power spectrum of every column of `m` (rows = positions): |X_k|^2 of the real-to-complex DFT (FFTW, unnormalised),
/// k = 0 .. n/2. The peak is the largest bin excluding DC (bin resolution 1/n; a column whose wavelength exceeds n
/// peaks at bin 1). FFTW plans are created once per length behind a mutex and reused by every thread (only
/// fftw_execute* is thread-safe). Throws InvalidInput for fewer than 2 rows or an analytic list of the wrong size.
SpectrumResult computeSpectrum(const Matrix& m, const std::optional<std::vector<double>>& analyticWavelength = {});

/// Analytic wavelength 2 pi / theta of each column of a view, where the encoding has frequencies: rotary cos/sin
/// (pairing layout), angle, rotated (pass-through channels: +inf); sinusoidal pe (sin/cos columns found from
/// position 0, where sin = 0 and cos = 1) and angle. nullopt otherwise (learned tables, biases).
std::optional<std::vector<double>> columnWavelengths(const Encoding& encoding, View view);

/// The spectrum of `view` over positions first .. first+length-1 (computeMatrix, then computeSpectrum with the
/// analytic wavelengths). Throws what computeMatrix throws.
SpectrumResult computeEncodingSpectrum(const Encoding& encoding, View view, std::int64_t first, std::int64_t length,
                                       std::size_t memoryBudget = kDefaultMemoryBudget);

struct PcaResult {
    Matrix projections;                    ///< rows x k: position vectors projected on the components
    Matrix components;                     ///< k x cols: unit principal axes
    std::vector<double> explainedVariance; ///< per component
    std::vector<double> explainedVarianceRatio;
};

/// PCA of the rows of `m` (mean-centred): eigen-decomposition (Eigen::SelfAdjointEigenSolver) of the covariance
/// X_c^T X_c / (rows - 1), or of the Gram matrix X_c X_c^T / (rows - 1) when there are fewer rows than columns.
/// Explained variance = eigenvalue; ratio = eigenvalue / total variance. Each axis is signed so that its largest
/// entry is positive. Throws InvalidInput for k < 1 or k > min(rows, cols), fewer than 2 rows, BudgetExceeded
/// when min(rows, cols)^2 doubles exceed the default budget.
PcaResult computePca(const Matrix& m, int k);

} // namespace posenc::analysis
