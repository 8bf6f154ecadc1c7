// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 10 §1: the exact base lower bound (base_bound.h) for d = 128 and one context length L per run (each run
// walks up from base 1 through the stepping stones L/2^j, so the time is the whole cost of that length alone),
// L = 1K ... 1M, plus the whole Men et al. curve 1K...1M in one sweep (what `posenc compute base-bound` does). The "L"
// counter and the BigO fit show the scaling in L.

#include "posenc/analysis/base_bound.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace {

void singleLength(benchmark::State& state)
{
    const std::int64_t lengths[] = {state.range(0)};
    for (auto _ : state) {
        auto b = posenc::analysis::baseLowerBounds(128, lengths);
        benchmark::DoNotOptimize(b);
    }
    state.SetComplexityN(state.range(0));
    state.counters["L"] = static_cast<double>(state.range(0));
}
BENCHMARK(singleLength)->RangeMultiplier(4)->Range(1024, 1048576)->Unit(benchmark::kMillisecond)->Complexity();

void men2024Curve(benchmark::State& state)
{
    std::vector<std::int64_t> lengths;
    for (std::int64_t L = 1024; L <= state.range(0); L *= 2)
        lengths.push_back(L);
    for (auto _ : state) {
        auto b = posenc::analysis::baseLowerBounds(128, lengths);
        benchmark::DoNotOptimize(b);
    }
    state.counters["L"] = static_cast<double>(state.range(0));
}
BENCHMARK(men2024Curve)->Arg(65536)->Arg(1048576)->Unit(benchmark::kMillisecond)->Iterations(1);

} // namespace

BENCHMARK_MAIN();
