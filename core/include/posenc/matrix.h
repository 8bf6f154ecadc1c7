// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file matrix.h
/// Encoding matrices (views) of any length, with a memory budget checked before allocation.

#include "posenc/encoding.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace posenc {

/// Dense row-major float64 matrix (C order, as written to .npy).
struct Matrix {
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::vector<double> data;
    double operator()(std::size_t r, std::size_t c) const { return data[r * cols + c]; }
    double& operator()(std::size_t r, std::size_t c) { return data[r * cols + c]; }
};

/// Default memory budget for one matrix: 2 GiB.
inline constexpr std::size_t kDefaultMemoryBudget = std::size_t(2) << 30;

/// A byte count for messages: "512 B", "1.5 MiB", "2.0 GiB" (binary units up to EiB).
std::string formatBytes(double bytes);

/// Progress callback: receives the fraction done in [0,1]; returning false cancels (core throws Cancelled).
using ProgressFn = std::function<bool(double)>;

struct MatrixRequest {
    View view = View::Cos;
    std::int64_t firstPosition = 0; ///< first row's position
    std::int64_t length = 0;        ///< number of rows (positions)
    ViewOptions options;
    std::size_t memoryBudget = kDefaultMemoryBudget;
};

/// Bytes the matrix of `request` needs. Throws InvalidInput when the view does not apply.
std::size_t estimateMatrixBytes(const Encoding& encoding, const MatrixRequest& request);

/// Computes the matrix. Throws InvalidInput (bad length, view not supported, position beyond a finite table),
/// BudgetExceeded (estimate above the budget; nothing is allocated) or Cancelled.
Matrix computeMatrix(const Encoding& encoding, const MatrixRequest& request, const ProgressFn& progress = {});

/// Columns of the matrix of `request` (validates the length and the view like estimateMatrixBytes).
std::size_t matrixColumns(const Encoding& encoding, const MatrixRequest& request);

/// Receives consecutive row blocks: `rows` rows of matrixColumns() doubles each, row-major.
using MatrixBlockSink = std::function<void(std::size_t rows, const double* data)>;

/// The row-block size streamMatrix uses for `request` by default: a quarter of request.memoryBudget, at most
/// 8 MiB. Throws BudgetExceeded ("memory-budget") when the budget is below two rows, InvalidInput like
/// matrixColumns. Call it before opening an output to fail before anything is written.
std::size_t streamBlockBytes(const Encoding& encoding, const MatrixRequest& request);

/// Computes the matrix of `request` block by block into two or three reusable buffers of about 2 MiB (at most
/// `blockBytes` each, except that whole multiples of 2048 rows are used when such a block is <= 16 MiB, so values
/// are bit-identical to computeMatrix) and hands the blocks to `sink` in order on one worker thread, overlapping
/// the next blocks' computation. The computation uses threadBudget() - 1 threads (at least 1), the sink runs under
/// the caller's threadBudget(). Memory does not depend on the length. `blockBytes` 0 (the default) sizes the
/// blocks from request.memoryBudget: a quarter of it, at most 8 MiB, and BudgetExceeded ("memory-budget") when
/// the budget is below two rows (streamBlockBytes: the one place that decides it; tests pass their own).
/// Throws like computeMatrix, or whatever the sink threw (no further block reaches a sink that threw).
void streamMatrix(const Encoding& encoding, const MatrixRequest& request, const MatrixBlockSink& sink,
                  const ProgressFn& progress = {}, std::size_t blockBytes = 0);

} // namespace posenc
