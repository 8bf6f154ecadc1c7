// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The hand-off behind streamMatrix (posenc/matrix.h): the calling thread fills row blocks into a few reusable
// buffers, one persistent worker thread hands them to the sink in order. At most `buffers` blocks are in
// flight, so memory does not depend on the length; the computation of block k+1.. overlaps the sink's work on
// block k. The buffers are 2 MiB aligned with a transparent-huge-page hint: faulting fresh memory in 4 KiB
// pages cost more than computing a 128 MiB matrix on the reference VM (bench/bench_stream.cpp).

#include "posenc/matrix.h"

#include <condition_variable>
#include <cstddef>
#include <cstdlib>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace posenc::detail {

class BlockPipeline {
public:
    /// `buffers` buffers of `doubles` doubles each; the sink runs on the worker under thread budget sinkBudget.
    BlockPipeline(std::size_t buffers, std::size_t doubles, const MatrixBlockSink& sink, int sinkBudget);
    /// Stops the worker: blocks not yet handed to the sink are dropped (use finish() to wait for them).
    ~BlockPipeline();
    BlockPipeline(const BlockPipeline&) = delete;
    BlockPipeline& operator=(const BlockPipeline&) = delete;

    /// A buffer the sink is done with (waits for one). Rethrows what the sink threw.
    double* acquire();
    /// Queues `rows` rows in `buffer` (from acquire) for the sink.
    void submit(double* buffer, std::size_t rows);
    /// Waits until the sink has consumed every queued block. Rethrows what the sink threw.
    void finish();

private:
    struct FreeDeleter {
        void operator()(double* p) const { std::free(p); }
    };
    void run(int sinkBudget);
    void rethrowLocked();

    const MatrixBlockSink& m_sink;
    std::vector<std::unique_ptr<double[], FreeDeleter>> m_buffers;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<double*> m_free;
    std::deque<std::pair<double*, std::size_t>> m_queue;
    bool m_busy = false; ///< the worker is inside the sink
    bool m_stop = false;
    std::exception_ptr m_error;
    std::thread m_worker;
};

} // namespace posenc::detail
