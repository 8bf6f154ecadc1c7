#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Independent values of the guide's computed numbers (issue 22), from the papers' formulas in NumPy, not from the
# tool: RoPE theta_i = b^(-2i/d) (Su et al.), YaRN's code ramp (jquesnelle/yarn, HF _compute_yarn_parameters:
# low = floor(i*(beta_fast)), high = ceil(i*(beta_slow)), i*(n) = d ln(L0/(2 pi n)) / (2 ln b)) and the paper ramp
# (arXiv:2309.00071 Eq. 18, linear in r = L0/lambda), a = 0.1 ln s + 1, NTK-aware b' = b s^(d/(d-2)), HF dynamic
# NTK b' = b (s l/L0 - (s-1))^(d/(d-2)), the entropy of softmax(sigma2 2 a^2 sum cos(r theta')/sqrt d) over r < n
# (expected-similar, sigma2 0.25 by default; all-ones sigma2 = 1: theory.md §6, conventions.md "Attention entropy"),
# B(m) = sum cos(m theta_i) (Men et al. Eq. 10-11), ALiBi get_slopes (Press et al.).
# Run: /usr/bin/python3 tests/data/make_guide_numbers.py > tests/data/guide_numbers.json
import json
import numpy as np

d, b, L0 = 128, 1e4, 4096
i = np.arange(d // 2)
theta = b ** (-2 * i / d)


def yarn(s, ramp="index", bf=32, bs=1):
    if ramp == "index":
        istar = lambda n: d * np.log(L0 / (2 * np.pi * n)) / (2 * np.log(b))
        low, high = max(np.floor(istar(bf)), 0), min(np.ceil(istar(bs)), d - 1)
        keep = 1 - np.clip((i - low) / (high - low), 0, 1)
    else:
        keep = np.clip((L0 * theta / (2 * np.pi) - bs) / (bf - bs), 0, 1)
    return keep * theta + (1 - keep) * theta / s, keep


def entropy(th, a, n, s2=0.25):
    # expected-similar with sigma2 (the entropy view's default, 0.25); all-ones is s2 = 1
    z = s2 * a * a * 2 * np.cos(np.outer(np.arange(n), th)).sum(1) / np.sqrt(d)
    e = np.exp(z - z.max())
    return float(np.log(e.sum()) + z.max() - (e * z).sum() / e.sum())


def min_similar(base, L=4096):
    th = base ** (-2 * i / d)
    return float(np.cos(np.outer(np.arange(L + 1), th)).sum(1).min())


def slopes(n):
    def p2(k):
        start = 2 ** (-(2 ** -(np.log2(k) - 3)))
        return [start * start**j for j in range(k)]
    if np.log2(n).is_integer():
        return p2(n)
    c = 2 ** int(np.floor(np.log2(n)))
    return p2(c) + p2(2 * c)[0::2][: n - c]


out = []
def add(item, pages, quantity, value, tol=1e-6):
    out.append({"item": item, "pages": pages, "quantity": quantity, "value": float(value), "tolerance": tol})

a8 = 0.1 * np.log(8) + 1
add("E1", ["entropy"], "entropy method=yarn factor=8 n=4096", entropy(yarn(8)[0], a8, 4096))
add("E1", ["entropy"], "entropy method=yarn factor=8 ramp=paper n=4096", entropy(yarn(8, "paper")[0], a8, 4096))
add("E1", ["entropy"], "entropy method=rope n=4096", entropy(theta, 1, 4096))
add("E1", ["entropy"], "entropy method=pi factor=8 n=4096", entropy(theta / 8, 1, 4096))
add("E1", ["entropy"], "attention-factor method=yarn factor=8", a8)
add("E1", ["entropy"], "entropy method=yarn factor=8 attention-factor=1 n=4096", entropy(yarn(8)[0], 1, 4096))
add("E1", ["entropy"], "entropy method=rope n=4096 score=all-ones", entropy(theta, 1, 4096, 1.0))
add("E1", ["entropy"], "entropy method=yarn factor=8 n=4096 score=all-ones", entropy(yarn(8)[0], a8, 4096, 1.0))
for k in (10, 31):
    add("E3", ["ntk-aware"], f"stretch method=ntk-aware factor=8 pair={k}", 8 ** (2 * k / (d - 2)))
s = 16
bp = b * (s * (s * L0) / L0 - (s - 1)) ** (d / (d - 2))
add("E3", ["dynamic-ntk"], "stretch method=dynamic-ntk factor=16 original-max-position-embeddings=4096 "
    "seq-len=65536 pair=last", theta[-1] / bp ** (-2 * (d // 2 - 1) / d))
add("W3", ["dynamic-ntk"], "extra method=dynamic-ntk factor=2 original-max-position-embeddings=4096 seq-len=8192 "
    "dynamic-formula=paper key=base_prime", b * 2 ** (d / (d - 2)))
add("W3", ["dynamic-ntk"], "extra method=dynamic-ntk factor=2 original-max-position-embeddings=4096 seq-len=8192 "
    "dynamic-formula=hf key=base_prime", b * (2 * 8192 / L0 - 1) ** (d / (d - 2)))
add("W7", ["ntk-aware"], "extra method=ntk-aware factor=8 key=base_prime", b * 8 ** (d / (d - 2)))
add("W7", ["ntk-aware"], "extra method=ntk-aware factor=16 key=base_prime", b * 16 ** (d / (d - 2)))
add("W1", ["bounds"], "min-similar d=128 L=4096 base=27000", min_similar(27000.0))
add("W1", ["bounds"], "min-similar d=128 L=4096 base=28600", min_similar(28600.0))
# The exact bound: the first base of a fine scan at which min B >= 0 (tolerance: the scan step).
lo = 26952.0
while min_similar(lo) < 0:
    lo *= 1 + 1e-7
add("W1", ["bounds"], "base-bound d=128 L=4096", lo, 5e-6)
hi = lo
while min_similar(hi * (1 + 1e-5)) >= 0:
    hi *= 1 + 1e-5
step = 1e-5
for _ in range(10):
    step /= 2
    if min_similar(hi * (1 + step)) >= 0:
        hi *= 1 + step
add("W1", ["bounds"], "feasible-window d=128 L=4096", hi / lo - 1, 0.01)
for s in (8,):
    tc, kc = yarn(s)
    tp, kp = yarn(s, "paper")
    add("W2", ["yarn"], f"ramp method=yarn factor={s} pair=25", kc[25])
    add("W2", ["yarn"], f"ramp method=yarn factor={s} ramp=paper pair=25", kp[25])
    add("W2", ["yarn"], f"keep method=yarn factor={s} pair=25", tc[25] / theta[25])
    add("W2", ["yarn"], f"keep method=yarn factor={s} ramp=paper pair=25", tp[25] / theta[25])
for s in (8, 16, 32):
    tc, _ = yarn(s)
    tp, _ = yarn(s, "paper")
    add("W2", ["yarn"], f"max-ratio method=yarn factor={s} vs.ramp=paper", max((tc / tp).max(), (tp / tc).max()))
add("W4", ["alibi"], "alibi-max-slope method=alibi num-heads=12", max(slopes(12)))
add("W4", ["alibi"], "alibi-min-slope method=alibi num-heads=12", min(slopes(12)))
for base, q in ((1e4, "wavelength method=rope pair=last"), (1e4, "longest-below-2pi-base method=rope"),
                (5e5, "longest-below-2pi-base method=rope base=500000")):
    longest = 2 * np.pi * base ** (1 - 2 / d)
    add("W5", ["rope", "ntk-aware", "yarn"], q, longest if q.startswith("wavelength") else 1 - longest / (2 * np.pi * base))
wl = 2 * np.pi / theta
add("W8", ["spectrum"], "first-pair-longer-than method=rope lambda=4096", int(np.argmax(wl > L0)))
add("W8", ["spectrum"], "pairs-longer-than method=rope lambda=4096", int((wl > L0).sum()))
print(json.dumps(out, indent=1))
