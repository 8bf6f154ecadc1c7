// SPDX-License-Identifier: GPL-3.0-or-later
// Level of detail (posenc/lod.h): heatmap bins at screen resolution. The closed-form mean costs O(bins x pairs)
// whatever the window length; the naive route (the full matrix, then block means) is O(N x d) and is timed
// beside it at 1,048,576 positions. Bias prefix sums are O(N + bins x keyBins).

#include "posenc/lod.h"
#include "posenc/registry.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>

namespace {

std::shared_ptr<const posenc::Encoding> build(const std::string& id, const std::map<std::string, std::string>& flags)
{
    const auto& def = posenc::Registry::instance().find(id);
    return posenc::Registry::build(def, posenc::Registry::resolve(def, flags));
}

void closedFormCos(benchmark::State& state)
{
    const auto enc = build("yarn", {{"factor", "32"}});
    posenc::LodRequest r;
    r.view = posenc::View::Cos;
    r.last = state.range(0);
    r.bins = 1024;
    for (auto _ : state) {
        auto lod = posenc::computeLod(*enc, r);
        benchmark::DoNotOptimize(lod.values.data.data());
    }
    state.counters["positions"] = static_cast<double>(r.last);
}

void pointSampledCos(benchmark::State& state)
{
    const auto enc = build("rope", {});
    posenc::LodRequest r;
    r.view = posenc::View::Cos;
    r.last = state.range(0);
    r.bins = 1024;
    r.sampling = posenc::LodSampling::Point;
    for (auto _ : state) {
        auto lod = posenc::computeLod(*enc, r);
        benchmark::DoNotOptimize(lod.values.data.data());
    }
}

void naiveMatrixThenMeans(benchmark::State& state)
{
    const auto enc = build("yarn", {{"factor", "32"}});
    const std::int64_t n = state.range(0);
    const auto edges = posenc::binEdges(0, n, 1024);
    for (auto _ : state) {
        posenc::MatrixRequest req;
        req.view = posenc::View::Cos;
        req.length = n;
        const posenc::Matrix m = posenc::computeMatrix(*enc, req);
        std::vector<double> means(1024 * m.cols, 0.0);
        for (std::size_t b = 0; b + 1 < edges.size(); ++b) {
            for (std::int64_t row = edges[b]; row < edges[b + 1]; ++row)
                for (std::size_t c = 0; c < m.cols; ++c)
                    means[b * m.cols + c] += m(static_cast<std::size_t>(row), c);
        }
        benchmark::DoNotOptimize(means.data());
    }
}

void alibiBiasBlocks(benchmark::State& state)
{
    const auto enc = build("alibi", {});
    posenc::LodRequest r;
    r.view = posenc::View::Bias;
    r.last = state.range(0);
    r.bins = 1024;
    r.keyBins = 512;
    for (auto _ : state) {
        auto lod = posenc::computeLod(*enc, r);
        benchmark::DoNotOptimize(lod.values.data.data());
    }
}

void learnedPyramid(benchmark::State& state)
{
    const auto enc = build("learned", {});
    posenc::LodRequest r;
    r.view = posenc::View::Pe;
    r.last = 1024;
    r.bins = 256;
    for (auto _ : state) {
        auto lod = posenc::computeLod(*enc, r);
        benchmark::DoNotOptimize(lod.values.data.data());
    }
}

} // namespace

BENCHMARK(closedFormCos)
    ->Arg(32768)
    ->Arg(1 << 20)
    ->Arg(1 << 24)
    ->Arg(std::int64_t(1) << 30)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(pointSampledCos)->Arg(1 << 20)->Unit(benchmark::kMillisecond);
BENCHMARK(naiveMatrixThenMeans)->Arg(1 << 20)->Unit(benchmark::kMillisecond);
BENCHMARK(alibiBiasBlocks)->Arg(32768)->Arg(1 << 20)->Unit(benchmark::kMillisecond);
BENCHMARK(learnedPyramid)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
