// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 2 §7: the `pe` view of sinusoidal (d-model 128) and the `rotated` view of rope (head-dim 128) for
// 131072 positions in float64, against a baseline that only writes the same number of doubles into a fresh
// buffer. Names match the NumPy script (bench/numpy_matrix.py) so scripts/bench can print them side by side;
// the "doubles" counter lets it pair each result with the memory-write baseline of the same size.

#include "posenc/matrix.h"
#include "posenc/registry.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr std::int64_t kLength = 131072;
constexpr std::int64_t kDim = 128;

std::shared_ptr<const posenc::Encoding> build(const std::string& id, const std::map<std::string, std::string>& flags)
{
    const auto& def = posenc::Registry::instance().find(id);
    return posenc::Registry::build(def, posenc::Registry::resolve(def, flags));
}

void setCounters(benchmark::State& state, std::int64_t doubles)
{
    state.SetBytesProcessed(state.iterations() * doubles * static_cast<std::int64_t>(sizeof(double)));
    state.counters["doubles"] = static_cast<double>(doubles);
}

void runView(benchmark::State& state, const posenc::Encoding& enc, posenc::View view)
{
    posenc::MatrixRequest req;
    req.view = view;
    req.length = kLength;
    for (auto _ : state) {
        posenc::Matrix m = posenc::computeMatrix(enc, req);
        benchmark::DoNotOptimize(m.data.data());
        benchmark::ClobberMemory();
    }
    setCounters(state, kLength * kDim);
}

void sinusoidalPe(benchmark::State& state)
{
    const auto enc = build("sinusoidal", {{"d-model", std::to_string(kDim)}});
    runView(state, *enc, posenc::View::Pe);
}

void ropeRotated(benchmark::State& state)
{
    const auto enc = build("rope", {{"head-dim", std::to_string(kDim)}});
    runView(state, *enc, posenc::View::Rotated);
}

/// The floor: allocate a fresh buffer of the same size and write every double once (std::fill).
void memoryWrite(benchmark::State& state)
{
    const auto n = static_cast<std::size_t>(kLength * kDim);
    for (auto _ : state) {
        std::unique_ptr<double[]> buffer(new double[n]);
        std::fill(buffer.get(), buffer.get() + n, 1.0);
        benchmark::DoNotOptimize(buffer.get());
        benchmark::ClobberMemory();
    }
    setCounters(state, kLength * kDim);
}

/// Pure write bandwidth: the same writes into a buffer whose pages are already mapped (no page faults).
void memoryRewrite(benchmark::State& state)
{
    const auto n = static_cast<std::size_t>(kLength * kDim);
    std::vector<double> buffer(n, 0.0);
    double value = 1.0;
    for (auto _ : state) {
        std::fill(buffer.begin(), buffer.end(), value);
        value += 1.0;
        benchmark::DoNotOptimize(buffer.data());
        benchmark::ClobberMemory();
    }
    setCounters(state, kLength * kDim);
}

double fastest(const std::vector<double>& v)
{
    return *std::min_element(v.begin(), v.end());
}

/// Wall time (the views run on every core); with --benchmark_repetitions the "min" aggregate is the best run,
/// as NumPy's timeit best-of-N.
void configure(benchmark::internal::Benchmark* b, const char* name)
{
    b->Name(name)->Unit(benchmark::kMillisecond)->UseRealTime()->ComputeStatistics("min", fastest);
}

} // namespace

BENCHMARK(sinusoidalPe)->Apply([](auto* b) { configure(b, "sinusoidal_pe_d128_L131072"); });
BENCHMARK(ropeRotated)->Apply([](auto* b) { configure(b, "rope_rotated_d128_L131072"); });
BENCHMARK(memoryWrite)->Apply([](auto* b) { configure(b, "memory_write_d128_L131072"); });
BENCHMARK(memoryRewrite)->Apply([](auto* b) { configure(b, "memory_rewrite_d128_L131072"); });

BENCHMARK_MAIN();
