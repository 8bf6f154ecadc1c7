// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file base_bound.h
/// Men et al.'s lower bound on the RoPE base (arXiv:2405.14591, Eq. 11), computed as the literal infimum
///
///     base_L = inf{ b > 1 : B_m(b) = sum_{i=0}^{d/2-1} cos(m b^(-2i/d)) >= 0 for every integer m in [0, L] }.
///
/// The admissible set is a union of windows (not an interval in b) but shrinks as L grows, so a sweep over
/// increasing L restarts each length at the previous answer.
///
/// Algorithm (a certified walk upward in ln b; d = head_dim, P = d/2 pairs):
/// - At the current base b, the distances m that were negative at earlier bases ("witnesses", the one that
///   excluded the previous candidate first) are evaluated first (P cosines each). Failing that, windows
///   [w - 32, w + 224) above the 16 most recent witnesses are evaluated (negative distances drift slowly upwards
///   as b grows), then all of m = L, L-1, ..., 0 in blocks of 2048 doubling to 65536 rows, stopping at the first
///   block with a negative m. Runs of consecutive m use tiles of 32 rows (detail::CosineTiles: exact multipliers
///   e^{i k theta}, two multiply-adds per pair and row, exact re-seeds every 1024 rows), split over the thread
///   budget for large blocks. No negative m: b is admissible (verified on every integer m in [0, L], values
///   within 1e-9 of zero re-evaluated directly) and is reported.
/// - A negative value B_m(b) = -v excludes a whole interval [b, b e^r]: moving up in b only shrinks each angle
///   x_i = m theta_i to somewhere in [x_i e^(-2i r/d), x_i], so cos x_i can grow at most to the maximum of cos
///   on that interval; r is the largest step (doubling, then bisection) for which the sum of these per-pair
///   increases stays below v - 1e-8 (the margin covers float64 rounding of the angles). Every base skipped
///   this way is proven inadmissible.
/// - Near a window's edge v tends to 0 and so does r; the walk then steps by kMinRelativeStep (1e-6) instead.
///   Only those forced steps are not proven: a window lying entirely inside one of them (narrower than 1e-6
///   relative) could be missed. The reported base is therefore admissible, and no base more than 1e-6
///   relative below it that is not inside such a forced gap is admissible (the issue asks for 1e-4).
/// - Cost: one witness round is O(W P) (W <= 128 witnesses); a neighbourhood round O(16 * 256 P); a full scan
///   O(m* P), m* the distance of the first negative block below L (<= L; a few % of L typically). The number of
///   steps grows roughly like L^0.5..L (narrower exclusion intervals at large m); measured in
///   bench/bench_base_bound.cpp (d 128: the curve 1K...1M in about 5 s on this 2-core machine).

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace posenc::analysis {

/// Forced step (relative) when the certified exclusion interval is smaller.
inline constexpr double kMinRelativeStep = 1e-6;
/// Largest base searched; above it the bound is reported as unset.
inline constexpr double kMaxSearchedBase = 1e15;

/// Receives the fraction done in [0, 1]; returning false cancels (Cancelled is thrown).
using BaseBoundProgress = std::function<bool(double)>;

/// base_L for every length (any order, repeats allowed; each >= 1), results in the order given; nullopt when
/// no base up to kMaxSearchedBase is admissible. headDim: the rotary dimension d (even, >= 2). Throws
/// InvalidInput (naming head-dim or lengths) or Cancelled. Uses the calling thread's thread budget.
std::vector<std::optional<double>> baseLowerBounds(int headDim, std::span<const std::int64_t> lengths,
                                                   const BaseBoundProgress& progress = {});

/// True when sum_i cos(m base^(-2i/d)) >= 0 for every integer m in [0, L] (the exact check used above).
bool baseAdmissible(int headDim, double base, std::int64_t L);

} // namespace posenc::analysis
