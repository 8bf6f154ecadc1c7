// SPDX-License-Identifier: GPL-3.0-or-later
// Ordered hand-off of row blocks to a sink on one worker thread (block_pipeline.h).
#include "block_pipeline.h"

#include "posenc/threads.h"

#include <algorithm>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace posenc::detail {

BlockPipeline::BlockPipeline(std::size_t buffers, std::size_t doubles, const MatrixBlockSink& sink, int sinkBudget)
    : m_sink(sink)
{
    constexpr std::size_t kHuge = std::size_t(2) << 20;
    const std::size_t bytes = std::max<std::size_t>(doubles, 1) * sizeof(double);
    const std::size_t rounded = (bytes + kHuge - 1) / kHuge * kHuge;
    for (std::size_t k = 0; k < std::max<std::size_t>(buffers, 1); ++k) {
        auto* p = static_cast<double*>(std::aligned_alloc(kHuge, rounded));
        if (!p)
            throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        (void)madvise(p, rounded, MADV_HUGEPAGE); // a hint; failure is harmless
#endif
        m_buffers.emplace_back(p);
        m_free.push_back(p);
    }
    m_worker = std::thread([this, sinkBudget] { run(sinkBudget); });
}

BlockPipeline::~BlockPipeline()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_queue.clear();
    }
    m_changed.notify_all();
    m_worker.join();
}

void BlockPipeline::rethrowLocked()
{
    if (m_error)
        std::rethrow_exception(m_error);
}

double* BlockPipeline::acquire()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return !m_free.empty() || m_error; });
    rethrowLocked();
    double* p = m_free.front();
    m_free.pop_front();
    return p;
}

void BlockPipeline::submit(double* buffer, std::size_t rows)
{
    {
        std::lock_guard lock(m_mutex);
        m_queue.emplace_back(buffer, rows);
    }
    m_changed.notify_all();
}

void BlockPipeline::finish()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return (m_queue.empty() && !m_busy) || m_error; });
    rethrowLocked();
}

void BlockPipeline::run(int sinkBudget)
{
    const ScopedThreadBudget budget(sinkBudget);
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_changed.wait(lock, [&] { return m_stop || !m_queue.empty(); });
        if (m_stop)
            return;
        const auto [buffer, rows] = m_queue.front();
        m_queue.pop_front();
        m_busy = true;
        lock.unlock();
        std::exception_ptr error;
        try {
            m_sink(rows, buffer);
        } catch (...) {
            error = std::current_exception();
        }
        lock.lock();
        m_busy = false;
        m_free.push_back(buffer);
        if (error && !m_error)
            m_error = error;
        m_changed.notify_all();
        if (m_error) // nothing more is handed to a failed sink; acquire/finish rethrow
            m_changed.wait(lock, [&] { return m_stop; });
    }
}

} // namespace posenc::detail
