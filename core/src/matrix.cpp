// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/matrix.h"

#include "posenc/errors.h"
#include "posenc/param_state.h"
#include "posenc/params.h"
#include "posenc/threads.h"

#include "block_pipeline.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>

#ifdef _OPENMP
#include <omp.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace posenc {

namespace {

/// Preferred size of a streamed row block (streamMatrix).
constexpr std::size_t kStreamBlockBytes = std::size_t(2) << 20;
/// Largest streamed row block sized from the memory budget (streamMatrix with blockBytes 0).
constexpr std::size_t kMaxStreamBlockBytes = std::size_t(8) << 20;

/// Allocates `n` doubles. For large matrices the kernel is first asked for transparent huge pages (Linux
/// madvise, advisory only): faulting in a fresh 128 MiB buffer 4 KiB at a time costs several times more than
/// computing its contents (bench/bench_matrix.cpp), with 2 MiB pages it is a small fraction.
void allocate(std::vector<double>& data, std::size_t n)
{
    data.reserve(n);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t kHuge = std::uintptr_t(2) << 20;
    const std::size_t bytes = n * sizeof(double);
    if (bytes >= 4 * kHuge) {
        const auto begin = reinterpret_cast<std::uintptr_t>(data.data());
        const std::uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
        const std::uintptr_t last = (begin + bytes) & ~(kHuge - 1);
        if (last > first)
            (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE); // a hint; failure is harmless
    }
#endif
    data.resize(n);
}

ViewOptions effectiveOptions(const MatrixRequest& request)
{
    ViewOptions o = request.options;
    if (request.view == View::Bias && o.keyCount == 0) {
        o.keyCount = request.length;
        o.firstKey = request.firstPosition;
    }
    return o;
}

} // namespace

std::size_t estimateMatrixBytes(const Encoding& encoding, const MatrixRequest& request)
{
    if (request.length <= 0 || request.length > kMaxLength)
        throw InvalidInput("length", "--length " + std::to_string(request.length) + " must be in [1, 2^40]");
    if (!encoding.supports(request.view))
        (void)encoding.columns(request.view, request.options); // throws with the reason
    const double cols = static_cast<double>(encoding.columns(request.view, effectiveOptions(request)));
    const double bytes = static_cast<double>(request.length) * cols * sizeof(double);
    return bytes > 1.8e19 ? SIZE_MAX : static_cast<std::size_t>(bytes);
}

namespace {

/// Fills rows [first, first + rows) of the request (row 0 = request.firstPosition) into out, in parallel blocks
/// of 2048 rows. `done`/`total` count blocks for the progress callback across calls. Throws like computeMatrix.
void fillMatrixRows(const Encoding& encoding, const MatrixRequest& request, const ViewOptions& options,
                    std::size_t cols, std::int64_t first, std::int64_t rows, double* out, std::int64_t& done,
                    std::int64_t total, const ProgressFn& progress)
{
    const std::int64_t block = 2048;
    const std::int64_t blocks = (rows + block - 1) / block;
    std::atomic<std::int64_t> counter{done};
    std::atomic<bool> cancelled{false};
    std::exception_ptr error;
    std::mutex errorMutex;
#pragma omp parallel for schedule(dynamic, 1) if (blocks > 1) num_threads(threadBudget()) // one block: no wake-up
    for (std::int64_t b = 0; b < blocks; ++b) {
        if (cancelled.load(std::memory_order_relaxed))
            continue;
        try {
            const std::int64_t r0 = b * block;
            const std::size_t n = static_cast<std::size_t>(std::min(block, rows - r0));
            encoding.fillRows(request.view, request.firstPosition + first + r0, n,
                              out + static_cast<std::size_t>(r0) * cols, options);
        } catch (...) {
            std::lock_guard lock(errorMutex);
            if (!error)
                error = std::current_exception();
            cancelled = true;
        }
        const std::int64_t d = ++counter;
        if (progress) {
#ifdef _OPENMP
            const bool reporter = omp_get_thread_num() == 0;
#else
            const bool reporter = true;
#endif
            if (reporter && !progress(static_cast<double>(d) / static_cast<double>(total)))
                cancelled = true;
        }
    }
    done = counter;
    // The calling thread reports once more: under load the reporting worker may not have run any block.
    if (progress && !error && !cancelled && !progress(static_cast<double>(done) / static_cast<double>(total)))
        cancelled = true;
    if (error)
        std::rethrow_exception(error);
    if (cancelled)
        throw Cancelled();
}

void checkTable(const Encoding& encoding, const MatrixRequest& request)
{
    const std::int64_t maxPos = encoding.maxPositions();
    if (maxPos >= 0 && (request.firstPosition < 0 || request.firstPosition + request.length > maxPos))
        throw InvalidInput("length", "this table has " + std::to_string(maxPos) + " positions; --length " +
                                         std::to_string(request.length) + " goes beyond it");
}

} // namespace

Matrix computeMatrix(const Encoding& encoding, const MatrixRequest& request, const ProgressFn& progress)
{
    const std::size_t bytes = estimateMatrixBytes(encoding, request);
    if (bytes > request.memoryBudget)
        throw BudgetExceeded("length", "a " + toString(request.view) + " matrix of " + std::to_string(request.length) +
                                           " positions needs " + formatBytes(static_cast<double>(bytes)) +
                                           ", above the memory budget of " +
                                           formatBytes(static_cast<double>(request.memoryBudget)) +
                                           "; use a shorter length or raise the budget (--memory-budget)");
    checkTable(encoding, request);
    const ViewOptions options = effectiveOptions(request);
    Matrix m;
    m.rows = static_cast<std::size_t>(request.length);
    m.cols = encoding.columns(request.view, options);
    allocate(m.data, m.rows * m.cols);
    std::int64_t done = 0;
    fillMatrixRows(encoding, request, options, m.cols, 0, request.length, m.data.data(), done,
                   (request.length + 2047) / 2048, progress);
    return m;
}

std::size_t matrixColumns(const Encoding& encoding, const MatrixRequest& request)
{
    (void)estimateMatrixBytes(encoding, request); // validates length and view
    return encoding.columns(request.view, effectiveOptions(request));
}

std::size_t streamBlockBytes(const Encoding& encoding, const MatrixRequest& request)
{
    // Two row blocks of at most 8 MiB (a quarter of the budget when that is smaller) are all the matrix memory,
    // whatever the length.
    const std::size_t rowBytes = std::max<std::size_t>(matrixColumns(encoding, request), 1) * sizeof(double);
    if (rowBytes * 2 > request.memoryBudget)
        throw BudgetExceeded("memory-budget",
                             "--memory-budget " + formatBytes(static_cast<double>(request.memoryBudget)) +
                                 " is below two rows of this matrix (" + std::to_string(2 * rowBytes) + " bytes)");
    return std::clamp<std::size_t>(request.memoryBudget / 4, 1, kMaxStreamBlockBytes);
}

void streamMatrix(const Encoding& encoding, const MatrixRequest& request, const MatrixBlockSink& sink,
                  const ProgressFn& progress, std::size_t blockBytes)
{
    const std::size_t cols = matrixColumns(encoding, request);
    checkTable(encoding, request);
    const ViewOptions options = effectiveOptions(request);
    const std::size_t rowBytes = std::max<std::size_t>(cols, 1) * sizeof(double);
    if (blockBytes == 0)
        blockBytes = streamBlockBytes(encoding, request);
    // Whole 2048-row compute blocks where a row block stays small, so that every value is computed exactly as
    // computeMatrix computes it (recurrences are seeded per 2048-row block): the output is byte-identical.
    // Blocks of about 2 MiB (at most blockBytes) keep the pipeline's fill and drain short.
    auto rowsPerBlock = static_cast<std::int64_t>(std::min(blockBytes, kStreamBlockBytes) / rowBytes);
    if (rowsPerBlock >= 2048)
        rowsPerBlock -= rowsPerBlock % 2048;
    else if (rowBytes * 2048 <= (std::size_t(16) << 20))
        rowsPerBlock = 2048;
    else
        rowsPerBlock = static_cast<std::int64_t>(blockBytes / rowBytes);
    rowsPerBlock = std::clamp<std::int64_t>(rowsPerBlock, 1, request.length);
    // The computation leaves the sink's worker a core (budget - 1 threads); the sink runs under the whole budget.
    const int budget = threadBudget();
    const std::size_t buffers = blockBytes >= 3 * static_cast<std::size_t>(rowsPerBlock) * rowBytes ? 3 : 2;
    detail::BlockPipeline pipe(request.length > rowsPerBlock ? buffers : 1,
                               static_cast<std::size_t>(rowsPerBlock) * cols, sink, budget);
    std::int64_t done = 0;
    const std::int64_t total = (request.length + 2047) / 2048;
    for (std::int64_t first = 0; first < request.length; first += rowsPerBlock) {
        const std::int64_t rows = std::min(rowsPerBlock, request.length - first);
        double* buf = pipe.acquire();
        {
            const ScopedThreadBudget computeBudget(std::max(1, budget - 1));
            fillMatrixRows(encoding, request, options, cols, first, rows, buf, done, total, progress);
        }
        pipe.submit(buf, static_cast<std::size_t>(rows));
    }
    pipe.finish();
}

std::string formatBytes(double bytes)
{
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 6) {
        bytes /= 1024.0;
        ++u;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
    return buf;
}

} // namespace posenc
