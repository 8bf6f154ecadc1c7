// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Diagnostics for tst_monkey (POSENC_MONKEY_STACKS=1): a watcher thread that, when the GUI thread has not ticked
// for `thresholdMs`, interrupts it with SIGUSR2 and records its call stack (glibc backtrace()), so a failed
// "event loop blocked" check says where the time went. Addresses are printed relative to the executable's load
// address: `addr2line -f -C -e EXE OFFSET` names them.

#include <QString>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <dlfcn.h>
#include <execinfo.h>
#include <pthread.h>
#include <thread>

namespace posenc::test {

class BlockSampler {
public:
    explicit BlockSampler(int thresholdMs) : m_threshold(thresholdMs), m_gui(pthread_self())
    {
        s_self = this;
        struct sigaction sa {};
        sa.sa_handler = &BlockSampler::onSignal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGUSR2, &sa, nullptr);
        backtrace(m_frames, 1); // loads libgcc's unwinder now, not inside the handler
        m_thread = std::thread([this] { watch(); });
    }
    ~BlockSampler()
    {
        m_stop = true;
        m_thread.join();
        signal(SIGUSR2, SIG_DFL);
        s_self = nullptr;
    }
    BlockSampler(const BlockSampler&) = delete;
    BlockSampler& operator=(const BlockSampler&) = delete;

    /// Called by the GUI thread's timer.
    void tick() { m_lastTick = now(); }
    /// Prints the stack recorded by the latest sample.
    void report(const QString& lastEvent) const
    {
        std::fprintf(stderr, "block sampler: %d sample(s); last event %s\n", m_samples.load(), qPrintable(lastEvent));
        const int n = m_depth.load();
        for (int i = 0; i < n; ++i) {
            Dl_info info{};
            const auto* addr = static_cast<const char*>(m_frames[i]);
            if (dladdr(m_frames[i], &info) && info.dli_fbase)
                std::fprintf(stderr, "  #%d %s +0x%lx %s\n", i, info.dli_fname ? info.dli_fname : "?",
                             static_cast<unsigned long>(addr - static_cast<const char*>(info.dli_fbase)),
                             info.dli_sname ? info.dli_sname : "");
            else
                std::fprintf(stderr, "  #%d %p\n", i, m_frames[i]);
        }
    }

private:
    static long long now()
    {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
    static void onSignal(int)
    {
        if (BlockSampler* s = s_self) {
            s->m_depth = backtrace(s->m_frames, kFrames);
            s->m_samples.fetch_add(1);
        }
    }
    void watch()
    {
        m_lastTick = now();
        bool sampled = false;
        while (!m_stop) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            const long long idle = now() - m_lastTick.load();
            if (idle > m_threshold && !sampled) {
                pthread_kill(m_gui, SIGUSR2);
                sampled = true;
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                report(QStringLiteral("(blocked %1 ms)").arg(idle));
            } else if (idle <= m_threshold) {
                sampled = false;
            }
        }
    }

    static constexpr int kFrames = 64;
    static inline BlockSampler* s_self = nullptr;
    const int m_threshold;
    const pthread_t m_gui;
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<long long> m_lastTick{0};
    std::atomic<int> m_depth{0};
    std::atomic<int> m_samples{0};
    void* m_frames[kFrames] = {};
};

} // namespace posenc::test
