// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/cos_sin.h"

#include "phasor.h"
#include "posenc/errors.h"
#include "posenc/threads.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace posenc {

namespace {

/// computeMatrix's block: a recurrence restarts exactly every 2048 rows of a run (matrix.cpp).
constexpr std::size_t kBlock = 2048;

/// A piece of the work: rows [begin, begin + count) of `positions`, consecutive (one recurrence from
/// positions[begin]) or not (each row computed directly).
struct Chunk {
    std::size_t begin = 0, count = 0;
    bool consecutive = false;
};

std::vector<Chunk> chunks(std::span<const std::int64_t> p)
{
    std::vector<Chunk> out;
    std::size_t k = 0;
    while (k < p.size()) {
        std::size_t j = k + 1;
        while (j < p.size() && p[j - 1] < INT64_MAX && p[j] == p[j - 1] + 1)
            ++j;
        if (j - k >= 2) {
            for (std::size_t b = k; b < j; b += kBlock)
                out.push_back({b, std::min(kBlock, j - b), true});
        } else if (!out.empty() && !out.back().consecutive && out.back().count < kBlock) {
            ++out.back().count;
        } else {
            out.push_back({k, 1, false});
        }
        k = j;
    }
    return out;
}

/// Writes one row: value v[i] of pair i (times a) into both channels of the pair, in the pairing's layout.
template <class T> inline void putRow(T* __restrict row, const double* __restrict v, double a, std::size_t P, bool half)
{
    if (half) {
        for (std::size_t i = 0; i < P; ++i)
            row[i] = static_cast<T>(a * v[i]);
        for (std::size_t i = 0; i < P; ++i)
            row[i + P] = static_cast<T>(a * v[i]);
    } else {
        for (std::size_t i = 0; i < P; ++i) {
            const T x = static_cast<T>(a * v[i]);
            row[2 * i] = x;
            row[2 * i + 1] = x;
        }
    }
}

void checkPositions(std::span<const std::int64_t> positions)
{
    for (const std::int64_t m : positions)
        if (m < -(std::int64_t(1) << 53) || m > (std::int64_t(1) << 53))
            throw InvalidInput("positions", "position " + std::to_string(m) +
                                                " is beyond 2^53: not exactly representable as a float64 angle");
}

} // namespace

template <class T>
void rotaryCosSin(const RotaryFrequencies& f, std::span<const std::int64_t> positions, T* cos, T* sin)
{
    checkPositions(positions);
    const std::size_t P = f.pairs();
    const std::size_t cols = static_cast<std::size_t>(f.rotaryDim);
    if (P == 0 || positions.empty())
        return;
    const bool half = f.pairing == Pairing::Half;
    const double a = f.attentionFactor;
    const std::vector<Chunk> work = chunks(positions);
    const bool needSeeds = std::any_of(work.begin(), work.end(),
                                       [](const Chunk& c) { return c.consecutive && c.count > detail::kReseed; });
    const detail::PhasorSeeds seeds = needSeeds ? detail::PhasorSeeds(f.invFreq) : detail::PhasorSeeds();
    const std::int64_t n = static_cast<std::int64_t>(work.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threadBudget()) if (positions.size() > 4096)
    for (std::int64_t w = 0; w < n; ++w) {
        const Chunk& c = work[static_cast<std::size_t>(w)];
        if (c.consecutive) {
            detail::forEachPhasorRow(f.invFreq, seeds, positions[c.begin], c.count,
                                     [&](std::size_t r, const double* cr, const double* sr) {
                                         const std::size_t row = (c.begin + r) * cols;
                                         if (cos)
                                             putRow(cos + row, cr, a, P, half);
                                         if (sin)
                                             putRow(sin + row, sr, a, P, half);
                                     });
        } else {
            std::vector<double> cr(P), sr(P);
            for (std::size_t r = c.begin; r < c.begin + c.count; ++r) {
                const double m = static_cast<double>(positions[r]);
                for (std::size_t i = 0; i < P; ++i) {
                    const double angle = m * f.invFreq[i];
                    cr[i] = std::cos(angle);
                    sr[i] = std::sin(angle);
                }
                if (cos)
                    putRow(cos + r * cols, cr.data(), a, P, half);
                if (sin)
                    putRow(sin + r * cols, sr.data(), a, P, half);
            }
        }
    }
}

template <class T>
void mropeCosSin(const RotaryFrequencies& f, std::span<const int> pairStream, std::span<const std::int64_t> ids,
                 std::size_t count, T* cos, T* sin)
{
    checkPositions(ids);
    const std::size_t P = f.pairs();
    if (pairStream.size() != P)
        throw InvalidInput("positions", "the M-RoPE section map has " + std::to_string(pairStream.size()) +
                                            " pairs, the encoding " + std::to_string(P));
    const int streams = count == 0 ? 0 : static_cast<int>(ids.size() / count);
    for (const int s : pairStream)
        if (s < 0 || s >= streams)
            throw InvalidInput("positions", "M-RoPE position ids need " + std::to_string(s + 1) +
                                                " rows (t, h, w); got " + std::to_string(streams));
    const std::size_t cols = static_cast<std::size_t>(f.rotaryDim);
    const bool half = f.pairing == Pairing::Half;
    const double a = f.attentionFactor;
    const std::int64_t n = static_cast<std::int64_t>(count);
#pragma omp parallel num_threads(threadBudget()) if (count > 4096)
    {
        std::vector<double> cr(P), sr(P);
#pragma omp for schedule(static)
        for (std::int64_t k = 0; k < n; ++k) {
            for (std::size_t i = 0; i < P; ++i) {
                const double m = static_cast<double>(
                    ids[static_cast<std::size_t>(pairStream[i]) * count + static_cast<std::size_t>(k)]);
                const double angle = m * f.invFreq[i];
                cr[i] = std::cos(angle);
                sr[i] = std::sin(angle);
            }
            const std::size_t row = static_cast<std::size_t>(k) * cols;
            if (cos)
                putRow(cos + row, cr.data(), a, P, half);
            if (sin)
                putRow(sin + row, sr.data(), a, P, half);
        }
    }
}

template <class T>
void rotaryApply(const RotaryFrequencies& f, Pairing pairing, std::span<const std::int64_t> positions, T* x,
                 std::size_t rows, std::size_t headDim)
{
    if (headDim != static_cast<std::size_t>(f.headDim))
        throw InvalidInput("x", "the last dimension of x is " + std::to_string(headDim) +
                                    "; the encoding's head_dim is " + std::to_string(f.headDim));
    const std::size_t n = positions.size();
    if (n == 0 || rows == 0)
        return;
    if (rows % n != 0)
        throw InvalidInput("positions", "x has " + std::to_string(rows) + " rows, not a multiple of the " +
                                            std::to_string(n) + " positions");
    const std::size_t cols = static_cast<std::size_t>(f.rotaryDim);
    const std::size_t P = f.pairs();
    // One cos/sin table per position (half layout: columns i and i + P hold pair i), then every row rotated.
    RotaryFrequencies layout = f;
    layout.pairing = Pairing::Half;
    layout.attentionFactor = 1.0;
    std::vector<double> c(n * cols), s(n * cols);
    rotaryCosSin<double>(layout, positions, c.data(), s.data());
    const double a = f.attentionFactor;
    const bool half = pairing == Pairing::Half;
    const std::int64_t total = static_cast<std::int64_t>(rows);
#pragma omp parallel for schedule(static) num_threads(threadBudget()) if (rows * headDim > 65536)
    for (std::int64_t r = 0; r < total; ++r) {
        T* row = x + static_cast<std::size_t>(r) * headDim;
        const std::size_t k = static_cast<std::size_t>(r) % n;
        const double* cr = c.data() + k * cols;
        const double* sr = s.data() + k * cols;
        for (std::size_t i = 0; i < P; ++i) {
            const std::size_t ia = half ? i : 2 * i, ib = half ? i + P : 2 * i + 1;
            const double xa = a * static_cast<double>(row[ia]), xb = a * static_cast<double>(row[ib]);
            row[ia] = static_cast<T>(xa * cr[i] - xb * sr[i]);
            row[ib] = static_cast<T>(xa * sr[i] + xb * cr[i]);
        }
    }
}

template void rotaryCosSin<float>(const RotaryFrequencies&, std::span<const std::int64_t>, float*, float*);
template void rotaryCosSin<double>(const RotaryFrequencies&, std::span<const std::int64_t>, double*, double*);
template void mropeCosSin<float>(const RotaryFrequencies&, std::span<const int>, std::span<const std::int64_t>,
                                 std::size_t, float*, float*);
template void mropeCosSin<double>(const RotaryFrequencies&, std::span<const int>, std::span<const std::int64_t>,
                                  std::size_t, double*, double*);
template void rotaryApply<float>(const RotaryFrequencies&, Pairing, std::span<const std::int64_t>, float*, std::size_t,
                                 std::size_t);
template void rotaryApply<double>(const RotaryFrequencies&, Pairing, std::span<const std::int64_t>, double*,
                                  std::size_t, std::size_t);

} // namespace posenc
