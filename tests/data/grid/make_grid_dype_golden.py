#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Known answers for DyPE (timestep-dependent YaRN / NTK of a spatial RoPE axis, posenc/grid_dype.h), computed by the
two published codes: the authors' (guyyariv/DyPE flux/transformer_flux.py: get_1d_rotary_pos_embed with yarn=True,
dype=True, and FluxPosEmbed(method="ntk")) and ComfyUI-DyPE's (wildminder/ComfyUI-DyPE src/rope.py:
get_1d_yarn_pos_embed, get_1d_ntk_pos_embed). Nothing of that code is stored here: the named definitions are read out
of the git mirrors with `git show` + `ast` and run with Debian's python3-torch, float32 mapped to float64 (as
make_grid_golden.py). Each case gives the per-pair frequency (the angle at position 1) and the cos/sin amplitude
(YaRN's mscale).

Usage: /usr/bin/python3 tests/data/grid/make_grid_dype_golden.py DYPE_GIT_DIR COMFYUI_DYPE_GIT_DIR OUT_DIR
"""
import ast
import json
import math
import subprocess
import sys
import types

import numpy
import torch

DYPE, COMFY, OUT = sys.argv[1], sys.argv[2], sys.argv[3]


def head(repo):
    return subprocess.check_output(["git", "--git-dir", repo, "rev-parse", "HEAD"], text=True).strip()


def source(repo, path):
    return subprocess.check_output(["git", "--git-dir", repo, "show", "HEAD:" + path], text=True)


class Torch64(types.ModuleType):
    def __init__(self):
        super().__init__("torch")
        self.float32 = torch.float64
        self.float = torch.float64

    def __getattr__(self, name):
        return getattr(torch, name)


torch.Tensor.float = lambda self, *a, **k: self.double()  # noqa: E731
torch.set_default_dtype(torch.float64)
LOCATIONS = {}


def load(repo, path, *names):
    ns = {"torch": Torch64(), "nn": torch.nn, "np": numpy, "math": math, "Union": __import__("typing").Union,
          "List": list}
    tree = ast.parse(source(repo, path))
    for name in names:
        node = next(n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == name)
        LOCATIONS[f"{path}:{name}"] = f"{path}:{node.lineno}"
        exec(compile(ast.Module(body=[node], type_ignores=[]), path, "exec"), ns)
    return ns


HELPERS = ("find_correction_factor", "find_correction_range", "linear_ramp_mask", "find_newbase_ntk")
official = load(DYPE, "flux/transformer_flux.py", *HELPERS, "get_1d_rotary_pos_embed", "FluxPosEmbed")
comfy = load(COMFY, "src/rope.py", *HELPERS, "get_1d_yarn_pos_embed", "get_1d_ntk_pos_embed")


def freq_and_amplitude(cos, sin):
    """cos/sin at position 1, repeat_interleave'd: every other column is one pair."""
    c, s = cos[1, ::2], sin[1, ::2]
    return torch.atan2(s, c).tolist(), torch.sqrt(c * c + s * s).tolist()


cases = []
pos = torch.arange(0, 3, dtype=torch.float64)
for dim, theta, base, target in [(56, 10000.0, 64, 128), (56, 10000.0, 64, 96), (16, 10000.0, 32, 80)]:
    for t in (1.0, 0.5, 0.1):
        cos, sin = official["get_1d_rotary_pos_embed"](dim, pos, theta, use_real=True, freqs_dtype=torch.float64,
                                                       yarn=True, max_pe_len=torch.tensor(float(target)),
                                                       ori_max_pe_len=base, dype=True, current_timestep=t)
        f, a = freq_and_amplitude(cos, sin)
        cases.append({"variant": "official", "method": "yarn", "dim": dim, "theta": theta, "base": base,
                      "target": target, "t": t, "inv_freq": f, "mscale": a[0]})
        for aggressive in (False, True):
            cos, sin = comfy["get_1d_yarn_pos_embed"](dim, pos, theta, True, True, torch.float64,
                                                      torch.tensor(float(target)), base, True, t, 2.0, 2.0,
                                                      use_aggressive_mscale=aggressive)
            f, a = freq_and_amplitude(cos, sin)
            cases.append({"variant": "comfyui", "method": "yarn", "aggressive_mscale": aggressive, "dim": dim,
                          "theta": theta, "base": base, "target": target, "t": t, "inv_freq": f, "mscale": a[0]})
        # NTK: the authors' FluxPosEmbed (ntk_factor = (s^(d/(d-2)))^(2 t^2), theta * ntk_factor) on an axis whose
        # ids reach target - 1; ComfyUI's get_1d_ntk_pos_embed with its ntk_factor = base_ntk ** (dype_scale *
        # t ** dype_exponent) (src/base.py _calc_ntk_components), dype_scale = dype_exponent = 2
        emb = official["FluxPosEmbed"](theta=int(theta), axes_dim=[dim, dim], method="ntk", dype=True)
        emb.base_patches = base
        emb.set_timestep(t)
        ids = torch.tensor([[0.0, 0.0], [1.0, 1.0], [float(target - 1), float(target - 1)]])
        cos, sin = emb(ids)
        f, a = freq_and_amplitude(cos[:, dim:], sin[:, dim:])
        cases.append({"variant": "official", "method": "ntk", "dim": dim, "theta": theta, "base": base,
                      "target": target, "t": t, "inv_freq": f, "mscale": a[0]})
        base_ntk = (target / base) ** (dim / (dim - 2))
        cos, sin = comfy["get_1d_ntk_pos_embed"](dim, pos, theta, True, True, torch.float64,
                                                 max(1.0, base_ntk ** (2.0 * t ** 2.0)))
        f, a = freq_and_amplitude(cos, sin)
        cases.append({"variant": "comfyui", "method": "ntk", "dim": dim, "theta": theta, "base": base,
                      "target": target, "t": t, "inv_freq": f, "mscale": a[0]})

META = {
    "generator": "tests/data/grid/make_grid_dype_golden.py",
    "command": "/usr/bin/python3 tests/data/grid/make_grid_dype_golden.py /work/.mirror/guyyariv+DyPE/repo "
               "/work/.mirror/wildminder+ComfyUI-DyPE/repo tests/data/grid",
    "torch": torch.__version__,
    "dype_commit": head(DYPE),
    "comfyui_dype_commit": head(COMFY),
    "sources": LOCATIONS,
    "dtype": "float64 (float32 steps run in float64)",
}
with open(f"{OUT}/grid_dype_golden.json", "w") as fh:
    json.dump({"meta": META, "cases": cases}, fh, indent=0)
print(len(cases), "cases")
