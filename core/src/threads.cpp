// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/threads.h"

#include <algorithm>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace posenc {

namespace {

thread_local int t_budget = 0; // 0: all cores

int allCores()
{
#ifdef _OPENMP
    return std::max(1, omp_get_max_threads());
#else
    return 1;
#endif
}

} // namespace

int threadBudget()
{
    const int all = allCores();
    return t_budget > 0 ? std::min(t_budget, all) : all;
}

ScopedThreadBudget::ScopedThreadBudget(int threads) : m_previous(t_budget)
{
    t_budget = std::max(0, threads);
}

ScopedThreadBudget::~ScopedThreadBudget()
{
    t_budget = m_previous;
}

} // namespace posenc
