// SPDX-License-Identifier: GPL-3.0-or-later
// Analysis benchmarks (issue 3 §6): the entropy curve H(n) for every n <= 1,048,576 and the decay curves
// (RoFormer bound, similar-token B, all-ones score) at 1,048,576 distances, RoPE d 128; plus time against N for
// N = 2^14 .. 2^22 (Google Benchmark fits the complexity). Names match bench/numpy_analysis.py.

#include "posenc/analysis/decay.h"
#include "posenc/analysis/entropy.h"
#include "posenc/registry.h"

#include <benchmark/benchmark.h>

#include <algorithm>

namespace {

std::shared_ptr<const posenc::Encoding> rope()
{
    static const auto e = [] {
        const auto& def = posenc::Registry::instance().find("rope");
        return posenc::Registry::build(def, posenc::Registry::defaults(def));
    }();
    return e;
}

void entropy(benchmark::State& state)
{
    posenc::analysis::EntropyOptions o;
    o.maxLength = state.range(0);
    for (auto _ : state) {
        auto r = posenc::analysis::computeEntropy(*rope(), o);
        benchmark::DoNotOptimize(r.entropy.data());
    }
    state.SetComplexityN(state.range(0));
}

void decay(benchmark::State& state)
{
    posenc::analysis::DecayOptions o;
    o.distances = posenc::analysis::integerDistances(state.range(0));
    for (auto _ : state) {
        auto r = posenc::analysis::computeDecay(*rope(), o);
        benchmark::DoNotOptimize(r.roformerBound->data());
    }
    state.SetComplexityN(state.range(0));
}

double fastest(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

void configure(benchmark::internal::Benchmark* b, const char* name)
{
    b->Name(name)->Unit(benchmark::kMillisecond)->UseRealTime()->ComputeStatistics("min", fastest);
}

} // namespace

BENCHMARK(entropy)->Apply([](auto* b) { configure(b, "entropy_all_n_d128_N1048576"); })->Arg(1 << 20);
BENCHMARK(decay)->Apply([](auto* b) { configure(b, "decay_d128_N1048576"); })->Arg(1 << 20);
BENCHMARK(entropy)
    ->Apply([](auto* b) { configure(b, "entropy_scaling_d128"); })
    ->RangeMultiplier(2)
    ->Range(1 << 14, 1 << 22)
    ->Complexity(benchmark::oN);
BENCHMARK(decay)
    ->Apply([](auto* b) { configure(b, "decay_scaling_d128"); })
    ->RangeMultiplier(2)
    ->Range(1 << 14, 1 << 22)
    ->Complexity(benchmark::oN);

BENCHMARK_MAIN();
