// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file cos_sin.h
/// A rotary method's cos/sin cache at arbitrary positions, and RoPE applied to a batch of vectors: the library
/// entry points the Python module binds (python/src/core_module.cpp). No state besides the arguments.
///
/// Values: a run of consecutive positions p0, p0+1, ... is computed exactly as `compute matrix --start p0` fills
/// its rows (the phasor recurrence of phasor.h, restarted every 2048 rows as computeMatrix's blocks are), so a
/// contiguous range equals the CLI's matrix bit for bit; an isolated position is std::cos/std::sin of m theta_i.
/// Both carry the attention factor, in the encoding's channel layout (half or interleaved), rotary_dim columns.
#include "posenc/encoding.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace posenc {

/// cos and sin of the rotary encoding `f` at `positions` (one row each, f.rotaryDim columns, row-major), written
/// to `cos` and `sin` (either may be null). Float or double output. `streams` (M-RoPE): when not empty, it holds
/// streams x positions.size() ids (row s = stream s) and `pairStream[i]` picks the stream of pair i; values are
/// then std::cos/std::sin of ids[pairStream[i]][k] theta_i. Runs on up to threadBudget() threads.
template <class T>
void rotaryCosSin(const RotaryFrequencies& f, std::span<const std::int64_t> positions, T* cos, T* sin);
template <class T>
void mropeCosSin(const RotaryFrequencies& f, std::span<const int> pairStream, std::span<const std::int64_t> ids,
                 std::size_t count, T* cos, T* sin);

/// RoPE applied in place to `rows` vectors of `headDim` channels (row-major; row r at position positions[r % n]
/// where n = positions.size(): a batch of heads shares the positions), in `pairing` (which may differ from the
/// encoding's own). Pair i of row r becomes a (x_a cos - x_b sin, x_a sin + x_b cos), a the attention factor;
/// channels >= rotary_dim pass through. Throws InvalidInput("x") when headDim differs from the encoding's.
template <class T>
void rotaryApply(const RotaryFrequencies& f, Pairing pairing, std::span<const std::int64_t> positions, T* x,
                 std::size_t rows, std::size_t headDim);

} // namespace posenc
