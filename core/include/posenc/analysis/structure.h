// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file structure.h
/// Similarity matrices, spectra (FFTW) and PCA (Eigen) of encoding matrices.

#include "posenc/encoding.h"
#include "posenc/matrix.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace posenc::analysis {

enum class SimilarityKind { Dot, Cosine, RelativeScore };

struct SimilarityOptions {
    SimilarityKind kind = SimilarityKind::Dot; ///< Dot/Cosine: additive methods; RelativeScore: rotary
    std::int64_t first = 0;                    ///< first position of the window
    std::int64_t length = 256;                 ///< window size (the result is length x length)
    std::vector<double> probeQ, probeK;        ///< RelativeScore probes (empty = default probe)
    std::size_t memoryBudget = kDefaultMemoryBudget;
};

/// S[i, j] between positions first+i and first+j. Throws InvalidInput when the kind does not apply.
Matrix computeSimilarity(const Encoding& encoding, const SimilarityOptions& options);

struct SpectrumResult {
    std::vector<double> frequency;        ///< rows of `power`: k / length, cycles per position, k = 0..length/2
    Matrix power;                         ///< (length/2 + 1) x columns: |FFT|^2 of each column over positions
    std::vector<double> peakFrequency;    ///< per column, excluding the DC bin
    std::vector<double> measuredWavelength;                ///< 1 / peakFrequency
    std::optional<std::vector<double>> analyticWavelength; ///< per column when the method has frequencies
};

/// Power spectrum of every column of `m` (rows = positions). Plans are cached and reused (thread-safe).
SpectrumResult computeSpectrum(const Matrix& m, const std::optional<std::vector<double>>& analyticWavelength = {});

struct PcaResult {
    Matrix projections;                    ///< rows x k: position vectors projected on the components
    Matrix components;                     ///< k x cols: unit principal axes
    std::vector<double> explainedVariance; ///< per component
    std::vector<double> explainedVarianceRatio;
};

/// PCA of the rows of `m` (mean-centred). Throws InvalidInput for k < 1 or k > min(rows, cols).
PcaResult computePca(const Matrix& m, int k);

} // namespace posenc::analysis
