#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""NumPy side of bench/bench_analysis.cpp (issue 3 section 6): the same O(N d) algorithms, vectorised.

* entropy_all_n_d128_N1048576: RoPE (d 128, base 1e4) all-ones logits z(D) = 2 sum_i cos(D theta_i)/sqrt(d) for
  D < N (outer product in chunks, cos, row sums), then H(n) for every n by prefix sums: with one global shift
  Mg = max z, S_n = cumsum(e^(z - Mg)), W_n = cumsum(z e^(z - Mg)), H = Mg + ln S_n - W_n / S_n (safe here: the
  logits span < 23).
* decay_d128_N1048576: RoFormer bound (1/P) sum_j |cumsum_i e^(i D theta_i)|, B = sum_i cos(D theta_i) and the
  all-ones score 2B, for D < N.
* *_scaling_d128/N: the same for N = 2^14 .. 2^22.

Timed with timeit (best of --repeat, one call per run), printed as `BENCH <name> <ms>` for scripts/bench.
"""
import argparse
import timeit

import numpy as np

DIM = 128
CHUNK = 1 << 15
THETA = 10000.0 ** (-np.arange(0, DIM, 2, dtype=np.float64) / DIM)


def logits(n):
    z = np.empty(n)
    for s in range(0, n, CHUNK):
        d = np.arange(s, min(n, s + CHUNK), dtype=np.float64)
        z[s:s + len(d)] = 2.0 * np.cos(np.outer(d, THETA)).sum(axis=1) / np.sqrt(DIM)
    return z


def entropy_all_n(n):
    z = logits(n)
    mg = z.max()
    e = np.exp(z - mg)
    s = np.cumsum(e)
    w = np.cumsum(z * e)
    return mg + np.log(s) - w / s


def decay(n):
    bound = np.empty(n)
    similar = np.empty(n)
    for s in range(0, n, CHUNK):
        d = np.arange(s, min(n, s + CHUNK), dtype=np.float64)
        phase = np.exp(1j * np.outer(d, THETA))
        bound[s:s + len(d)] = np.abs(np.cumsum(phase, axis=1)).mean(axis=1)
        similar[s:s + len(d)] = phase.real.sum(axis=1)
    return bound, similar, 2.0 * similar


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timeit repeats (best is reported)")
    args = parser.parse_args()

    # sanity: theory.md reference values (RoPE d 128: H(4096) = 3.5641, U(0) = 32.5, U(100) = 10.2273)
    h = entropy_all_n(4096)
    assert abs(h[4095] - 3.5641) < 5e-5 and h[0] == 0.0
    u, b, _ = decay(128)
    assert abs(u[0] - 32.5) < 1e-12 and abs(u[100] - 10.2273) < 5e-5 and b[0] == 64.0

    n = 1 << 20
    cases = [("entropy_all_n_d128_N1048576", lambda: entropy_all_n(n)), ("decay_d128_N1048576", lambda: decay(n))]
    for k in range(14, 23):
        m = 1 << k
        cases.append((f"entropy_scaling_d128/{m}", lambda m=m: entropy_all_n(m)))
        cases.append((f"decay_scaling_d128/{m}", lambda m=m: decay(m)))
    print(f"# numpy {np.__version__}, d {DIM}, best of {args.repeat}")
    for name, fn in cases:
        repeat = args.repeat if "scaling" not in name or int(name.split("/")[1]) <= (1 << 20) else 1
        best = min(timeit.repeat(fn, number=1, repeat=repeat))
        print(f"BENCH {name} {best * 1e3:.3f}", flush=True)


if __name__ == "__main__":
    main()
