// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 10 §2: writing a 131072 x 128 float64 cos matrix (rope) to a file in the temporary folder, streamed in
// row blocks (streamMatrix + MatrixStreamWriter through OutputFile) against writing the same number of bytes
// from one reused 8 MiB buffer (the dd baseline), and the CSV / JSON text writers' throughput (bytes/s of text
// written to a file through OutputFile, as `posenc compute ... -o FILE` does).

#include "posenc/io/output_file.h"
#include "posenc/io/writers.h"
#include "posenc/matrix.h"
#include "posenc/registry.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

constexpr std::int64_t kLength = 131072;

std::string tempPath(const char* name)
{
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir ? dir : "/tmp") + "/posenc-bench-" + name;
}

/// Both writers start from no file (freeing the previous run's page cache is not part of the write).
void removeUntimed(benchmark::State& state, const std::string& path)
{
    state.PauseTiming();
    std::remove(path.c_str());
    state.ResumeTiming();
}

void npyStreamed(benchmark::State& state)
{
    const auto& def = posenc::Registry::instance().find("rope");
    const auto enc = posenc::Registry::build(def, posenc::Registry::resolve(def, {}));
    posenc::MatrixRequest req;
    req.view = posenc::View::Cos;
    req.length = kLength;
    const std::string path = tempPath("stream.npy");
    std::uint64_t bytes = 0;
    for (auto _ : state) {
        removeUntimed(state, path);
        posenc::io::OutputFile out(path);
        const std::size_t cols = posenc::matrixColumns(*enc, req);
        posenc::io::MatrixStreamWriter w(out.stream(), posenc::io::MatrixFormat::Npy, kLength, cols);
        posenc::streamMatrix(*enc, req, [&](std::size_t rows, const double* data) { w.rows(rows, data); });
        w.finish();
        out.commit();
        bytes = posenc::io::MatrixStreamWriter::knownSize(posenc::io::MatrixFormat::Npy, kLength, cols);
    }
    std::remove(path.c_str());
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}
BENCHMARK(npyStreamed)->Unit(benchmark::kMillisecond)->UseRealTime();

void ddBaseline(benchmark::State& state)
{
    const std::string path = tempPath("dd.bin");
    const std::size_t total = static_cast<std::size_t>(kLength) * 128 * 8;
    std::vector<char> buf(std::size_t(8) << 20, 1);
    for (auto _ : state) {
        removeUntimed(state, path);
        std::FILE* f = std::fopen(path.c_str(), "wb");
        for (std::size_t done = 0; done < total; done += buf.size())
            std::fwrite(buf.data(), 1, std::min(buf.size(), total - done), f);
        std::fclose(f);
    }
    std::remove(path.c_str());
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * total));
}
BENCHMARK(ddBaseline)->Unit(benchmark::kMillisecond)->UseRealTime();

void textWriter(benchmark::State& state)
{
    const bool csv = state.range(0) == 0;
    const std::size_t rows = 4096, cols = 512;
    std::vector<double> data(rows * cols);
    for (std::size_t i = 0; i < data.size(); ++i)
        data[i] = std::cos(0.001 * static_cast<double>(i)) * 0.73;
    const std::string path = tempPath(csv ? "text.csv" : "text.json");
    std::size_t bytes = 0;
    for (auto _ : state) {
        removeUntimed(state, path);
        posenc::io::OutputFile out(path);
        posenc::io::MatrixStreamWriter w(
            out.stream(), csv ? posenc::io::MatrixFormat::Csv : posenc::io::MatrixFormat::Json, rows, cols);
        for (std::size_t r = 0; r < rows; r += 512)
            w.rows(512, data.data() + r * cols);
        w.finish();
        out.commit();
        bytes = static_cast<std::size_t>(std::ifstream(path, std::ios::binary | std::ios::ate).tellg());
    }
    std::remove(path.c_str());
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
    state.SetLabel(csv ? "csv" : "json");
}
BENCHMARK(textWriter)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
