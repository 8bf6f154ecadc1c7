#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""NumPy side of bench/bench_matrix.cpp (issue 2 section 7).

* sinusoidal_pe_d128_L131072: the seed article's create_positional_encoding (position and div_term vectors,
  pe[:, 0::2] = sin, pe[:, 1::2] = cos), 131072 x 128, float64.
* rope_rotated_d128_L131072: the NumPy equivalent of `posenc compute matrix --view rotated` for rope with
  head-dim 128 (half pairing, probe [1,...,1,-1,...,-1]).

Each is timed with timeit (best of --repeat runs, one call per run) and printed as `BENCH <name> <ms>` so that
scripts/bench can put it next to the C++ result of the same name.
"""
import argparse
import timeit

import numpy as np

LENGTH = 131072
DIM = 128


def create_positional_encoding(max_len, d_model, base=10000.0):
    pe = np.zeros((max_len, d_model))
    position = np.arange(0, max_len, dtype=np.float64)[:, np.newaxis]
    div_term = np.exp(np.arange(0, d_model, 2, dtype=np.float64) * (-np.log(base) / d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    return pe


def rope_rotated(length, head_dim, base=10000.0):
    half = head_dim // 2
    theta = base ** (-np.arange(0, head_dim, 2, dtype=np.float64) / head_dim)
    angle = np.arange(length, dtype=np.float64)[:, np.newaxis] * theta
    cos = np.cos(angle)
    sin = np.sin(angle)
    x = np.concatenate([np.ones(half), -np.ones(half)])
    x1, x2 = x[:half], x[half:]
    out = np.empty((length, head_dim))
    out[:, :half] = x1 * cos - x2 * sin
    out[:, half:] = x1 * sin + x2 * cos
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timeit repeats (best is reported)")
    args = parser.parse_args()

    # sanity: the two functions produce what the C++ views produce at a few entries
    pe = create_positional_encoding(8, DIM)
    assert abs(pe[3, 2] - np.sin(3 * 10000.0 ** (-2 / DIM))) < 1e-15
    assert abs(pe[5, 1] - np.cos(5.0)) < 1e-15
    rot = rope_rotated(8, DIM)
    assert abs(rot[2, 0] - (np.cos(2.0) + np.sin(2.0))) < 1e-15

    cases = [
        ("sinusoidal_pe_d128_L131072", lambda: create_positional_encoding(LENGTH, DIM)),
        ("rope_rotated_d128_L131072", lambda: rope_rotated(LENGTH, DIM)),
    ]
    print(f"# numpy {np.__version__}, {LENGTH} x {DIM} float64, best of {args.repeat}")
    for name, fn in cases:
        best = min(timeit.repeat(fn, number=1, repeat=args.repeat))
        print(f"BENCH {name} {best * 1e3:.3f}", flush=True)


if __name__ == "__main__":
    main()
