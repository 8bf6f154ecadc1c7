#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Known answers for the image/video RoPE families (posenc/grid_rope.h), computed by the models' own code.

Nothing of that code is stored in this repository: the script reads the named functions and classes out of the
pinned revisions of diffusers and RIFLEx (git mirrors on this machine) at generation time, compiles them in a
namespace that holds torch, numpy and the two small helpers they import (maybe_adjust_dtype_for_device,
lru_cache_unless_export: replaced by their CPU behaviour), and runs them with Debian's python3-torch.

float64: the models compute some of these tables in float32 (HunyuanVideo's and CogVideoX's inv_freq, Qwen-Image's
rope_params, the final `.float()` of get_1d_rotary_pos_embed). The script runs the same code with float32 mapped
to float64 (`torch.float32` → torch.float64 in the namespace, Tensor.float → Tensor.double), so the values are
the models' formulas in float64, which the C++ core must match to 1e-9.

Usage: /usr/bin/python3 tests/data/grid/make_grid_golden.py DIFFUSERS_GIT_DIR RIFLEX_GIT_DIR OUT_DIR
"""
import ast
import functools
import json
import logging
import math
import subprocess
import sys
import types

import numpy as np
import torch

DIFFUSERS, RIFLEX, OUT = sys.argv[1], sys.argv[2], sys.argv[3]


def head(repo):
    return subprocess.check_output(["git", "-C", repo, "rev-parse", "HEAD"], text=True).strip()


def source(repo, path):
    return subprocess.check_output(["git", "-C", repo, "show", "HEAD:" + path], text=True)


class Torch64(types.ModuleType):
    """torch with float32 meaning float64."""

    def __init__(self):
        super().__init__("torch")
        self.float32 = torch.float64

    def __getattr__(self, name):
        return getattr(torch, name)


torch.Tensor.float = lambda self, *a, **k: self.double()  # noqa: E731
torch.set_default_dtype(torch.float64)

NS = {
    "torch": Torch64(),
    "np": np,
    "nn": torch.nn,
    "math": math,
    "Union": __import__("typing").Union,
    "Optional": __import__("typing").Optional,
    "logger": logging.getLogger("golden"),
    "maybe_adjust_dtype_for_device": lambda dtype, device: dtype,
    "lru_cache_unless_export": lambda maxsize=128, typed=False: functools.lru_cache(maxsize=maxsize, typed=typed),
}
LOCATIONS = {}


def load(repo, path, *names, cls=None):
    """Compiles the top-level definitions `names` (or the methods `names` of class `cls`) of `path` into NS."""
    text = source(repo, path)
    tree = ast.parse(text)
    body = tree.body
    if cls:
        body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls).body
    for name in names:
        node = next(n for n in body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == name)
        node.decorator_list = [d for d in node.decorator_list if not (isinstance(d, ast.Name) and d.id == "staticmethod")]
        LOCATIONS[(cls + "." if cls else "") + name] = f"{path}:{node.lineno}"
        module = ast.Module(body=[node], type_ignores=[])
        exec(compile(module, f"{path}", "exec"), NS)


D = "src/diffusers/"
load(DIFFUSERS, D + "models/embeddings.py", "get_1d_rotary_pos_embed", "get_3d_rotary_pos_embed")
load(DIFFUSERS, D + "models/transformers/transformer_flux.py", "FluxPosEmbed")
load(DIFFUSERS, D + "pipelines/flux/pipeline_flux.py", "_prepare_latent_image_ids", cls="FluxPipeline")
load(DIFFUSERS, D + "models/transformers/transformer_flux2.py", "Flux2PosEmbed")
load(DIFFUSERS, D + "pipelines/flux2/pipeline_flux2.py", "_prepare_text_ids", "_prepare_latent_ids", cls="Flux2Pipeline")
load(DIFFUSERS, D + "models/transformers/transformer_hunyuan_video.py", "HunyuanVideoRotaryPosEmbed")
load(DIFFUSERS, D + "models/transformers/transformer_wan.py", "WanRotaryPosEmbed")
load(DIFFUSERS, D + "models/transformers/transformer_qwenimage.py", "QwenEmbedRope")
load(RIFLEX, "riflex_utils.py", "get_1d_rotary_pos_embed_riflex", "identify_k")

COMMAND = "/usr/bin/python3 tests/data/grid/make_grid_golden.py <diffusers git dir> <RIFLEx git dir> tests/data/grid"
META = {
    "generator": "tests/data/grid/make_grid_golden.py",
    "command": COMMAND,
    "torch": torch.__version__,
    "diffusers_commit": head(DIFFUSERS),
    "riflex_commit": head(RIFLEX),
    "dtype": "float64 (the models' float32 steps run in float64, see the script's docstring)",
}


def rows(t):
    return [[float(x) for x in r] for r in t.reshape(t.shape[0], -1).tolist()]


def case(name, config, layout, ids, cos, sin, sources):
    return {"name": name, "config": config, "layout": layout, "positions": rows(ids) if ids is not None else None,
            "cos": rows(cos), "sin": rows(sin), "sources": [LOCATIONS[s] for s in sources]}


cases = []
# FLUX.1: ids = cat(txt_ids (zeros), img_ids) (transformer_flux.py FluxTransformer2DModel.forward)
flux = NS["FluxPosEmbed"](theta=10000, axes_dim=[16, 56, 56])
for n_text, (h, w) in [(0, (3, 4)), (2, (2, 3))]:
    img = NS["_prepare_latent_image_ids"](1, h, w, "cpu", torch.float64)
    ids = torch.cat([torch.zeros(n_text, 3), img], dim=0)
    cos, sin = flux(ids)
    layout = (f"text:{n_text}," if n_text else "") + f"image:{h}x{w}"
    cases.append(case("flux1", {"_class_name": "FluxTransformer2DModel"}, layout, ids, cos, sin,
                      ["FluxPosEmbed", "FluxPipeline._prepare_latent_image_ids", "get_1d_rotary_pos_embed"]))
# FLUX.2: text ids (0,0,0,i), image (0,r,c,0), text first (transformer_flux2.py forward)
flux2 = NS["Flux2PosEmbed"](theta=2000, axes_dim=[32, 32, 32, 32])
txt = NS["_prepare_text_ids"](torch.zeros(1, 3, 8))[0]
img = NS["_prepare_latent_ids"](torch.zeros(1, 8, 2, 3))[0]
ids = torch.cat([txt, img], dim=0).double()
cos, sin = flux2(ids)
cases.append(case("flux2", {"_class_name": "Flux2Transformer2DModel"}, "text:3,image:2x3", ids, cos, sin,
                  ["Flux2PosEmbed", "Flux2Pipeline._prepare_text_ids", "Flux2Pipeline._prepare_latent_ids"]))
# HunyuanVideo: latent (B, C, T, H·p, W·p), patch 2, patch_t 1
hv = NS["HunyuanVideoRotaryPosEmbed"](2, 1, [16, 56, 56], 256.0)
cos, sin = hv(torch.zeros(1, 1, 3, 4, 6))
tt, hh, ww = torch.meshgrid(torch.arange(3.0), torch.arange(2.0), torch.arange(3.0), indexing="ij")
ids = torch.stack([tt.reshape(-1), hh.reshape(-1), ww.reshape(-1)], dim=1)
cases.append(case("hunyuan-video", {"_class_name": "HunyuanVideoTransformer3DModel"}, "video:3x2x3", ids, cos, sin,
                  ["HunyuanVideoRotaryPosEmbed"]))
# Wan 2.1: attention_head_dim 128, patch (1, 2, 2)
wan = NS["WanRotaryPosEmbed"](128, (1, 2, 2), 1024)
cos, sin = wan(torch.zeros(1, 1, 2, 6, 4))
tt, hh, ww = torch.meshgrid(torch.arange(2.0), torch.arange(3.0), torch.arange(2.0), indexing="ij")
ids = torch.stack([tt.reshape(-1), hh.reshape(-1), ww.reshape(-1)], dim=1)
cases.append(case("wan", {"_class_name": "WanTransformer3DModel", "attention_head_dim": 128}, "video:2x3x2", ids,
                  cos.reshape(12, -1), sin.reshape(12, -1), ["WanRotaryPosEmbed"]))
# Qwen-Image: vid_freqs, txt_freqs; sequence text then image (QwenDoubleStreamAttnProcessor2_0)
for n_text, (h, w) in [(2, (3, 5)), (1, (4, 4))]:
    q = NS["QwenEmbedRope"](theta=10000, axes_dim=[16, 56, 56], scale_rope=True)
    vid, txtf = q([(1, h, w)], device=None, max_txt_seq_len=n_text)
    freqs = torch.cat([txtf, vid], dim=0)
    cos = torch.repeat_interleave(freqs.real, 2, dim=1)
    sin = torch.repeat_interleave(freqs.imag, 2, dim=1)
    m = max(h // 2, w // 2)
    t_ids = [[m + i] * 3 for i in range(n_text)]
    i_ids = [[0, r - (h - h // 2), c - (w - w // 2)] for r in range(h) for c in range(w)]
    cases.append(case("qwen-image", {"_class_name": "QwenImageTransformer2DModel"}, f"text:{n_text},image:{h}x{w}",
                      torch.tensor(t_ids + i_ids, dtype=torch.float64), cos, sin, ["QwenEmbedRope"]))

# RIFLEx: the temporal axis' frequencies (angles at position 1) and identify_k
riflex = []
for name, cls, dim, theta, k, l_test, rep in [("hunyuan-video", "HunyuanVideoTransformer3DModel", 16, 256.0, 4, 66, 48),
                                             ("cogvideox", "CogVideoXTransformer3DModel", 16, 10000.0, 2, 30, 20),
                                             ("wan", "WanTransformer3DModel", 44, 10000.0, 6, 81, 51)]:
    f = NS["get_1d_rotary_pos_embed_riflex"](dim, torch.tensor([1.0]), theta, use_real=False, k=k, L_test=l_test)
    f0 = NS["get_1d_rotary_pos_embed_riflex"](dim, torch.tensor([1.0]), theta, use_real=False)
    k_found, n_k = NS["identify_k"](theta, dim, rep)
    cfg = {"_class_name": cls}
    if cls == "CogVideoXTransformer3DModel":
        cfg.update({"attention_head_dim": 64, "use_rotary_positional_embeddings": True})
    riflex.append({"name": name, "config": cfg, "k": k, "frames": l_test, "temporal_dim": dim, "theta": theta,
                   "inv_freq": [float(x) for x in torch.angle(f[0]).tolist()],
                   "inv_freq_unchanged": [float(x) for x in torch.angle(f0[0]).tolist()],
                   "repetition": rep, "identify_k": [k_found, n_k],
                   "sources": [LOCATIONS["get_1d_rotary_pos_embed_riflex"], LOCATIONS["identify_k"]]})

with open(f"{OUT}/grid_golden.json", "w") as fh:
    json.dump({"meta": META, "cases": cases, "riflex": riflex}, fh, indent=0)
print(json.dumps({k: LOCATIONS[k] for k in sorted(LOCATIONS)}, indent=1))
