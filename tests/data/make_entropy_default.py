#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Known answers of the entropy view's default score model (expected-similar, sigma2 = 0.25), independent of the
# tool: the logits z(r) = sigma2 * a^2 * 2 * sum_i cos(r theta'_i) / sqrt(d) over r = 0..n-1 (d 128, all channels
# rotated), H(n) = ln sum e^z - sum p z (theory.md §6; conventions.md "Attention entropy": the expected logit of a
# key k = q + noise for q of variance sigma2). RoPE theta_i = b^(-2i/d), PI theta/s, YaRN's code ramp (HF
# _compute_yarn_parameters: low = floor(i*(32)), high = ceil(i*(1)), i*(n) = d ln(L0/(2 pi n)) / (2 ln b)) with
# a = 0.1 ln s + 1, and YaRN without its factor (a = 1). d 128, b 1e4, s 8, L0 4096.
# Run: /usr/bin/python3 tests/data/make_entropy_default.py > tests/data/entropy_default.json
import json

import numpy as np

d, b, L0, s, sigma2 = 128, 1e4, 4096, 8, 0.25
i = np.arange(d // 2)
theta = b ** (-2 * i / d)
istar = lambda n: d * np.log(L0 / (2 * np.pi * n)) / (2 * np.log(b))
low, high = max(np.floor(istar(32)), 0), min(np.ceil(istar(1)), d - 1)
keep = 1 - np.clip((i - low) / (high - low), 0, 1)
yarn = keep * theta + (1 - keep) * theta / s
a = 0.1 * np.log(s) + 1


def entropy(th, a, n):
    z = sigma2 * a * a * 2 * np.cos(np.outer(np.arange(n), th)).sum(1) / np.sqrt(d)
    e = np.exp(z - z.max())
    return float(np.log(e.sum()) + z.max() - (e * z).sum() / e.sum())


lengths = [16, 1024, 4096, 32768]
cases = [("rope", {}, theta, 1.0), ("pi", {"factor": "8"}, theta / s, 1.0), ("yarn", {"factor": "8"}, yarn, a),
         ("yarn", {"factor": "8", "attention-factor": "1"}, yarn, 1.0)]
out = {"sigma2": sigma2, "score": "expected-similar", "lengths": lengths,
       "command": "/usr/bin/python3 tests/data/make_entropy_default.py",
       "cases": [{"method": m, "params": p, "entropy": [entropy(th, aa, n) for n in lengths]} for m, p, th, aa in cases]}
print(json.dumps(out, indent=1))
