// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// FFTW resources: buffers from fftw_malloc (freed by RAII) and one real-to-complex plan per length, created once
// behind a mutex (FFTW's planner is not thread-safe) and shared: fftw_execute_dft_r2c with new, equally aligned
// fftw_malloc buffers is the thread-safe way to reuse a plan.

#include <fftw3.h>

#include <cstddef>
#include <memory>

namespace posenc::analysis::detail {

struct FftwFree {
    void operator()(void* p) const { fftw_free(p); }
};
using RealBuffer = std::unique_ptr<double[], FftwFree>;
using ComplexBuffer = std::unique_ptr<fftw_complex[], FftwFree>;

RealBuffer allocReal(std::size_t n);
ComplexBuffer allocComplex(std::size_t n);

/// The cached r2c plan for length n (created on first use; never destroyed before exit).
fftw_plan r2cPlan(int n);

/// Number of plans created so far (for tests: plans are reused, not re-planned).
std::size_t plansCreated();

} // namespace posenc::analysis::detail
