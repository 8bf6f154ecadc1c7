#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Python module against the NumPy formulas of the seed articles, in one run (issue 21).

* matrix: ``posenc.matrix("rope", "cos", L)`` vs NumPy's cos(m theta_i) in HF's rotate_half layout
  (``np.cos(np.outer(pos, inv_freq))`` concatenated twice), L = 131072, head_dim 128, float64.
* entropy: ``posenc.entropy("rope", max_length=N)`` (H(n) for every n <= N, all-ones score) vs the NumPy
  formula per n: logits_j = q . R_{n-1-j} k / sqrt(d) with q = k = 1, then the softmax entropy, for N = 4096
  (NumPy: one O(n d) evaluation per n, O(N^2 d) in all - what a notebook does).

Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_module.py [--repeat 5]
Prints `BENCH name posenc_ms numpy_ms ratio` lines. Nothing here fails on time.
"""
import argparse
import timeit

import numpy as np

import posenc


def numpy_cos(length, head_dim=128, base=10000.0):
    inv_freq = base ** (-np.arange(0, head_dim, 2, dtype=np.float64) / head_dim)
    c = np.cos(np.outer(np.arange(length, dtype=np.float64), inv_freq))
    return np.concatenate([c, c], axis=1)


def numpy_entropy(max_length, head_dim=128, base=10000.0):
    inv_freq = base ** (-np.arange(0, head_dim, 2, dtype=np.float64) / head_dim)
    out = np.empty(max_length)
    for n in range(1, max_length + 1):
        # q = k = 1: q . R_delta k = 2 sum_i cos(delta theta_i) for delta = n-1 .. 0
        delta = np.arange(n - 1, -1, -1, dtype=np.float64)
        logits = 2.0 * np.cos(np.outer(delta, inv_freq)).sum(axis=1) / np.sqrt(head_dim)
        p = np.exp(logits - logits.max())
        p /= p.sum()
        out[n - 1] = -(p * np.log(p)).sum()
    return out


def best(fn, repeat):
    return min(timeit.repeat(fn, number=1, repeat=repeat)) * 1000.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    m = posenc.matrix("rope", "cos", 131072)
    assert np.allclose(m, numpy_cos(131072), atol=1e-9)
    e = posenc.entropy("rope", max_length=512).entropy
    assert np.allclose(e, numpy_entropy(512), rtol=1e-9), "entropy formula mismatch"

    for name, ours, theirs in [
        ("matrix_rope_cos_d128_L131072", lambda: posenc.matrix("rope", "cos", 131072), lambda: numpy_cos(131072)),
        ("entropy_rope_all_n_N4096", lambda: posenc.entropy("rope", max_length=4096),
         lambda: numpy_entropy(4096)),
    ]:
        a = best(ours, args.repeat)
        b = best(theirs, max(1, args.repeat // 2))
        print(f"BENCH {name} {a:.2f} {b:.2f} {b / a:.1f}x")


if __name__ == "__main__":
    main()
