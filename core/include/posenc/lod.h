// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file lod.h
/// Level of detail for encoding matrices: a window of positions [first, last) reduced to a fixed number of
/// bins (screen columns), each bin holding the EXACT MEAN of the view over the positions it covers.
///
/// * Phasor views (rotary cos, sin, rotated incl. the xPos decay; sinusoidal pe): every column is
///   c_j + rho_p^m (alpha_j cos(m theta_p) + beta_j sin(m theta_p)), so a bin's mean follows from the geometric
///   series  sum_{m=a}^{a+n-1} z^m = z^a (1 - z^n) / (1 - z),  z = rho e^{i theta}  (closed form, O(1) per bin and
///   pair, any window length). The layout is derived from the Encoding's rotary() / frequencyTable() data and
///   verified against its fillRows() before use; a layout that does not reproduce fillRows is never used.
/// * Attention bias (any method with biasHeads() > 0): a (query bin x key bin) cell sums f(q - k) over a
///   rectangle; with the double prefix sum PP(y) = sum_{x<=y} sum_{d<=x} f(d) the rectangle [a,b) x [c,e) sums to
///   PP(b-1-c) - PP(a-1-c) - PP(b-1-e) + PP(a-1-e). NaN entries (masked future keys) are excluded from the mean;
///   a cell with no unmasked entry stays NaN.
/// * Finite tables (learned, loaded): a MeanPyramid of exact dyadic block sums.
/// * Anything else (the angle view: the mean of a sawtooth is not a phasor sum): exact summation of fillRows
///   when a bin covers at most `exactSumCap` positions, point sampling above that (stated in the note).
///
/// When a window has no more positions than bins, every row is one position and the values are the view
/// itself (fillRows).

#include "posenc/names.h"
#include "posenc/encoding.h"
#include "posenc/matrix.h"

#include <complex>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace posenc {

enum class LodSampling {
    Mean, ///< each bin is the exact mean over the positions it covers (views without a closed form: up to
          ///< exactSumCap positions per bin, point samples above, said in the note)
    Point ///< each bin shows the value at its first position (aliases: for teaching)
};

/// How the values of a LodMatrix were obtained.
enum class LodMethod { PerPosition, ClosedForm, BiasPrefixSums, MeanPyramid, ExactSummation, PointSampled };
inline constexpr EnumName<LodMethod> kLodMethodNames[] = {{LodMethod::PerPosition, "per-position"},
                                                          {LodMethod::ClosedForm, "closed-form"},
                                                          {LodMethod::BiasPrefixSums, "bias-prefix-sums"},
                                                          {LodMethod::MeanPyramid, "mean-pyramid"},
                                                          {LodMethod::ExactSummation, "exact-summation"},
                                                          {LodMethod::PointSampled, "point-sampled"}};

std::string toString(LodMethod method);

struct LodRequest {
    View view = View::Cos;
    std::int64_t first = 0; ///< first position of the window
    std::int64_t last = 0;  ///< one past the last position (> first)
    int bins = 1024;        ///< bins across positions (rows of the result), >= 1
    int keyBins = 512;      ///< Bias view: bins across key positions (same window), >= 1
    LodSampling sampling = LodSampling::Mean;
    ViewOptions options;           ///< probe (rotated), head (bias)
    std::int64_t exactSumCap = 32; ///< views without a closed form: exact mean up to this many positions per bin
    std::size_t memoryBudget = kDefaultMemoryBudget;
};

struct LodMatrix {
    Matrix values;                      ///< rows = bins (or positions), cols = view columns (Bias: key bins)
    std::vector<std::int64_t> rowEdges; ///< rows + 1 edges: row r covers positions [rowEdges[r], rowEdges[r+1])
    std::vector<std::int64_t> colEdges; ///< Bias only: cols + 1 key-position edges; empty otherwise
    LodMethod method = LodMethod::PerPosition;
    std::string note; ///< one sentence for the user on how the values were obtained
};

/// Bin edges splitting [first, last) into min(bins, last - first) bins: edge b = first + floor(b N / bins).
/// Widths differ by at most one position.
std::vector<std::int64_t> binEdges(std::int64_t first, std::int64_t last, std::int64_t bins);

/// The binned view. Throws InvalidInput (bad window or bins, view not supported, window beyond a finite table,
/// BudgetExceeded) or Cancelled (progress returned false).
LodMatrix computeLod(const Encoding& encoding, const LodRequest& request, const ProgressFn& progress = {});

/// sum_{m=a}^{a+n-1} rho^m e^{i m theta} with rho = exp(logRho) <= 1, in closed form. Numerically stable
/// for small theta and rho near 1 (1 - z and 1 - z^n are formed from expm1 and sin^2 without cancellation);
/// phases are reduced in extended precision, so the result is accurate to ~1e-13 for |a theta| up to ~1e7.
std::complex<double> phasorSum(double theta, double logRho, std::int64_t a, std::int64_t n);

/// A view written as phasors: column j = constant_j + rho_p^m (cosCoef_j cos(m theta_p) + sinCoef_j sin(m theta_p)),
/// p = pair_j (pair -1: constant column).
struct PhasorColumn {
    int pair = -1;
    double cosCoef = 0.0;
    double sinCoef = 0.0;
    double constant = 0.0;
};
struct PhasorLayout {
    std::vector<double> theta;  ///< per pair, rad/position
    std::vector<double> logRho; ///< per pair, ln of the per-position decay (0: none)
    std::vector<PhasorColumn> columns;
    /// The layout's value at position m (extended-precision phase).
    double value(std::size_t column, std::int64_t m) const;
};

/// The phasor layout of `view`, when the encoding has one that reproduces its fillRows() (checked at several
/// positions to 1e-7); nullopt otherwise.
std::optional<PhasorLayout> phasorLayout(const Encoding& encoding, View view, const ViewOptions& options);

/// Exact block means of a finite table (rows = positions): level k holds sums of blocks of 2^k rows, built by
/// pairwise addition; the sum over any [a, b) combines O(log N) blocks (no prefix-sum cancellation).
class MeanPyramid {
public:
    explicit MeanPyramid(Matrix table);
    std::size_t rows() const { return m_rows; }
    std::size_t cols() const { return m_cols; }
    /// Mean of rows [a, b) (0 <= a < b <= rows()) into out[cols()].
    void mean(std::size_t a, std::size_t b, double* out) const;

private:
    std::size_t m_rows = 0, m_cols = 0;
    std::vector<std::vector<double>> m_levels; ///< level k: ceil(rows / 2^k) x cols block sums
};

} // namespace posenc
