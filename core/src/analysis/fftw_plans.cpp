// SPDX-License-Identifier: GPL-3.0-or-later
#include "fftw_plans.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <new>

namespace posenc::analysis::detail {

namespace {

class PlanCache {
public:
    ~PlanCache()
    {
        for (auto& [n, plan] : m_plans)
            fftw_destroy_plan(plan);
    }

    fftw_plan get(int n)
    {
        std::lock_guard lock(m_mutex);
        if (const auto it = m_plans.find(n); it != m_plans.end())
            return it->second;
        // Planning needs arrays with the alignment the executions will use (fftw_malloc); FFTW_ESTIMATE does not
        // touch their contents.
        RealBuffer in = allocReal(static_cast<std::size_t>(n));
        ComplexBuffer out = allocComplex(static_cast<std::size_t>(n / 2 + 1));
        fftw_plan plan = fftw_plan_dft_r2c_1d(n, in.get(), out.get(), FFTW_ESTIMATE);
        if (!plan)
            throw std::bad_alloc();
        m_plans.emplace(n, plan);
        ++m_created;
        return plan;
    }

    std::size_t created()
    {
        std::lock_guard lock(m_mutex);
        return m_created;
    }

private:
    std::mutex m_mutex;
    std::map<int, fftw_plan> m_plans;
    std::size_t m_created = 0;
};

PlanCache& cache()
{
    static PlanCache c;
    return c;
}

} // namespace

RealBuffer allocReal(std::size_t n)
{
    auto* p = static_cast<double*>(fftw_malloc(sizeof(double) * std::max<std::size_t>(n, 1)));
    if (!p)
        throw std::bad_alloc();
    return RealBuffer(p);
}

ComplexBuffer allocComplex(std::size_t n)
{
    auto* p = static_cast<fftw_complex*>(fftw_malloc(sizeof(fftw_complex) * std::max<std::size_t>(n, 1)));
    if (!p)
        throw std::bad_alloc();
    return ComplexBuffer(p);
}

fftw_plan r2cPlan(int n) { return cache().get(n); }

std::size_t plansCreated() { return cache().created(); }

} // namespace posenc::analysis::detail
