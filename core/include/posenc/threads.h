// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file threads.h
/// Per-thread budget for core's parallel (OpenMP) regions. A caller that runs several computations at once
/// (the GUI's job runner) gives each worker thread its own budget with ScopedThreadBudget; every parallel
/// region in core asks threadBudget() for its team size (`num_threads` clause). No global state is changed,
/// so concurrent jobs cannot race on omp_set_num_threads.

namespace posenc {

/// Threads a parallel region started from the calling thread may use: the value set by the innermost
/// ScopedThreadBudget on this thread, else every available core (omp_get_max_threads()); at least 1.
int threadBudget();

/// Sets the calling thread's budget for its lifetime (n <= 0: all cores), restoring the previous one after.
class ScopedThreadBudget {
public:
    explicit ScopedThreadBudget(int threads);
    ~ScopedThreadBudget();
    ScopedThreadBudget(const ScopedThreadBudget&) = delete;
    ScopedThreadBudget& operator=(const ScopedThreadBudget&) = delete;

private:
    int m_previous;
};

} // namespace posenc
