#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Known answers for per-axis Position Interpolation and NTK of axial RoPE (posenc/grid_scaling.h).

As make_grid_golden.py: the named definitions are read out of the pinned diffusers mirror at generation time
(nothing of that code is stored here) and run with Debian's python3-torch, float32 mapped to float64.

- Lumina-Next: models/embeddings.py get_2d_rotary_pos_embed_lumina(embed_dim, len_h, len_w, linear_factor,
  ntk_factor) → get_1d_rotary_pos_embed: θ·ntk_factor, inv_freq / linear_factor; its pairs alternate h, w
  (cat(emb_h, emb_w, dim=-1).flatten(2)), reordered here into the axis order [h pairs…, w pairs…].
- Cosmos: models/transformers/transformer_cosmos.py CosmosRotaryPosEmbed(hidden_size, max_size, patch_size,
  rope_scale=(t, h, w)): θ_a·s_a^(d_a/(d_a−2)) per axis; the first half of its channels holds [t pairs, h pairs,
  w pairs] (cat([emb_t, emb_h, emb_w] * 2)).
Angles are atan2(sin, cos) of the models' output (all below π here, so they are the unwrapped angles).

Usage: /usr/bin/python3 tests/data/grid/make_grid_scaling_golden.py DIFFUSERS_GIT_DIR OUT_DIR
"""
import ast
import json
import math
import subprocess
import sys
import types

import numpy as np
import torch

DIFFUSERS, OUT = sys.argv[1], sys.argv[2]


def source(path):
    return subprocess.check_output(["git", "-C", DIFFUSERS, "show", "HEAD:" + path], text=True)


class Torch64(types.ModuleType):
    def __init__(self):
        super().__init__("torch")
        self.float32 = torch.float64

    def __getattr__(self, name):
        return getattr(torch, name)


torch.Tensor.float = lambda self, *a, **k: self.double()  # noqa: E731
torch.set_default_dtype(torch.float64)
NS = {"torch": Torch64(), "np": np, "nn": torch.nn, "math": math}
LOCATIONS = {}


def load(path, *names):
    tree = ast.parse(source(path))
    for name in names:
        node = next(n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == name)
        LOCATIONS[name] = f"{path}:{node.lineno}"
        exec(compile(ast.Module(body=[node], type_ignores=[]), path, "exec"), NS)


D = "src/diffusers/"
load(D + "models/embeddings.py", "get_1d_rotary_pos_embed", "get_2d_rotary_pos_embed_lumina")
load(D + "models/transformers/transformer_cosmos.py", "CosmosRotaryPosEmbed")

cases = []
for embed_dim, h, w, linear, ntk in [(16, 3, 4, 1.0, 1.0), (16, 3, 4, 2.0, 1.0), (24, 2, 3, 1.0, 4.0),
                                     (16, 3, 2, 1.5, 2.5)]:
    e = NS["get_2d_rotary_pos_embed_lumina"](embed_dim, h, w, linear_factor=linear, ntk_factor=ntk)
    a = torch.angle(e).reshape(h * w, -1)
    angles = torch.cat([a[:, 0::2], a[:, 1::2]], dim=1)
    ids = [[float(r), float(c)] for r in range(h) for c in range(w)]
    cases.append({"name": f"lumina {embed_dim} {h}x{w} linear {linear} ntk {ntk}", "rule": "plain",
                  "axes": ["h", "w"], "dims": [embed_dim // 2, embed_dim // 2], "theta": 10000.0,
                  "scales": [[linear, ntk], [linear, ntk]], "positions": ids,
                  "angles": [[float(x) for x in r] for r in angles.tolist()],
                  "source": LOCATIONS["get_2d_rotary_pos_embed_lumina"]})

for hidden, (t, h, w), scale in [(48, (2, 3, 2), (1.0, 1.0, 1.0)), (48, (2, 3, 2), (2.0, 1.0, 1.0)),
                                 (40, (2, 2, 3), (2.0, 3.0, 1.5))]:
    cosmos = NS["CosmosRotaryPosEmbed"](hidden, max_size=(8, 16, 16), patch_size=(1, 2, 2), rope_scale=scale)
    cos, sin = cosmos(torch.zeros(1, 1, t, 2 * h, 2 * w))
    a = torch.atan2(sin, cos)[:, : hidden // 2]
    ids = [[float(i), float(r), float(c)] for i in range(t) for r in range(h) for c in range(w)]
    cases.append({"name": f"cosmos {hidden} {t}x{h}x{w} rope_scale {scale}", "rule": "exponent",
                  "axes": ["t", "h", "w"], "dims": [cosmos.dim_t, cosmos.dim_h, cosmos.dim_w], "theta": 10000.0,
                  "scales": [[1.0, s] for s in scale], "positions": ids,
                  "angles": [[float(x) for x in r] for r in a.tolist()], "source": LOCATIONS["CosmosRotaryPosEmbed"]})

META = {"generator": "tests/data/grid/make_grid_scaling_golden.py",
        "command": "/usr/bin/python3 tests/data/grid/make_grid_scaling_golden.py <diffusers git dir> tests/data/grid",
        "torch": torch.__version__,
        "diffusers_commit": subprocess.check_output(["git", "-C", DIFFUSERS, "rev-parse", "HEAD"], text=True).strip(),
        "dtype": "float64 (float32 steps run in float64)"}
with open(f"{OUT}/grid_scaling_golden.json", "w") as fh:
    json.dump({"meta": META, "cases": cases}, fh, indent=0)
print(json.dumps(LOCATIONS, indent=1))
