#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Known answers for LTX-Video, CogVideoX (1.0 and 1.5 grids) and the three VLM vision towers (posenc/grid_rope.h),
computed by the models' own code — the companion of make_grid_golden.py.

As there, nothing of that code is stored in this repository: the named definitions are read out of the pinned
revisions of diffusers and transformers (git mirrors) with `git show` + `ast` at generation time and run with
Debian's python3-torch, float32 mapped to float64. Decorators of the transformers methods (deprecate_kwarg,
dynamic_rope_update, torch.no_grad) are dropped; they do not change the values on CPU for default RoPE.

Usage: /usr/bin/python3 tests/data/grid/make_grid_golden_more.py DIFFUSERS_GIT_DIR TRANSFORMERS_GIT_DIR OUT_DIR
"""
import ast
import contextlib
import json
import subprocess
import sys
import types
import typing

import numpy
import torch

DIFFUSERS, TRANSFORMERS, OUT = sys.argv[1], sys.argv[2], sys.argv[3]


def head(repo):
    return subprocess.check_output(["git", "-C", repo, "rev-parse", "HEAD"], text=True).strip()


def source(repo, path):
    return subprocess.check_output(["git", "-C", repo, "show", "HEAD:" + path], text=True)


class Torch64(types.ModuleType):
    def __init__(self):
        super().__init__("torch")
        self.float32 = torch.float64
        self.float = torch.float64

    def __getattr__(self, name):
        return getattr(torch, name)


class NN(types.ModuleType):
    """torch.nn plus nn.Buffer (newer torch than Debian's: a buffer is a tensor attribute here)."""

    def __init__(self):
        super().__init__("nn")
        self.Buffer = lambda t, persistent=True: t

    def __getattr__(self, name):
        return getattr(torch.nn, name)


torch.Tensor.float = lambda self, *a, **k: self.double()  # noqa: E731
torch.set_default_dtype(torch.float64)
NS = {"torch": Torch64(), "nn": NN(), "np": numpy, "math": __import__("math"), "Callable": typing.Callable,
      "maybe_autocast": lambda **k: contextlib.nullcontext(),
      "maybe_adjust_dtype_for_device": lambda dtype, device: dtype, "PixtralVisionConfig": object,
      "Llama4VisionConfig": object}
LOCATIONS = {}


def load(repo, path, *names, cls=None):
    tree = ast.parse(source(repo, path))
    body = tree.body
    if cls:
        body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls).body
    for name in names:
        node = next(n for n in body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == name)
        node.decorator_list = []
        if isinstance(node, ast.ClassDef):
            for m in node.body:
                if isinstance(m, ast.FunctionDef):
                    m.decorator_list = [d for d in m.decorator_list if isinstance(d, ast.Name) and d.id == "staticmethod"]
        LOCATIONS[(cls + "." if cls else "") + name] = f"{path}:{node.lineno}"
        exec(compile(ast.Module(body=[node], type_ignores=[]), path, "exec"), NS)


D = "src/diffusers/"
T = "src/transformers/"
load(DIFFUSERS, D + "models/embeddings.py", "get_1d_rotary_pos_embed", "get_3d_rotary_pos_embed")
load(DIFFUSERS, D + "models/transformers/transformer_ltx.py", "LTXVideoRotaryPosEmbed")
load(DIFFUSERS, D + "pipelines/cogvideo/pipeline_cogvideox.py", "get_resize_crop_region_for_grid")
load(TRANSFORMERS, T + "models/qwen2_5_vl/modeling_qwen2_5_vl.py", "Qwen2_5_VisionRotaryEmbedding")
load(TRANSFORMERS, T + "vision_utils.py", "get_vision_position_ids")
load(TRANSFORMERS, T + "models/pixtral/modeling_pixtral.py", "position_ids_in_meshgrid", "PixtralRotaryEmbedding")
load(TRANSFORMERS, T + "models/llama4/modeling_llama4.py", "Llama4VisionRotaryEmbedding")

META = {
    "generator": "tests/data/grid/make_grid_golden_more.py",
    "command": "/usr/bin/python3 tests/data/grid/make_grid_golden_more.py <diffusers git dir> <transformers git dir> "
               "tests/data/grid",
    "torch": torch.__version__,
    "diffusers_commit": head(DIFFUSERS),
    "transformers_commit": head(TRANSFORMERS),
    "dtype": "float64 (the models' float32 steps run in float64)",
}


def rows(t):
    return [[float(x) for x in r] for r in t.reshape(t.shape[0], -1).tolist()]


def case(name, config, layout, ids, cos, sin, sources, tower=None):
    c = {"name": name, "config": config, "layout": layout, "positions": rows(ids), "cos": rows(cos),
         "sin": rows(sin), "sources": [LOCATIONS[s] for s in sources]}
    if tower:
        c["tower"] = tower
    return c


cases = []
# LTX-Video: LTXVideoRotaryPosEmbed(dim=inner_dim, 20, 2048, 2048, patch, patch_t, 10000) as LTXVideoTransformer3DModel
# builds it; rope_interpolation_scale as pipeline_ltx.py: (vae_temporal 8 / frame_rate 25, 32, 32)
for heads, hd, (f, h, w) in [(2, 10, (2, 3, 4)), (1, 32, (3, 2, 2))]:
    rope = NS["LTXVideoRotaryPosEmbed"](dim=heads * hd, base_num_frames=20, base_height=2048, base_width=2048,
                                        patch_size=1, patch_size_t=1, theta=10000.0)
    scale = (8 / 25, 32, 32)
    grid = rope._prepare_video_coords(1, f, h, w, scale, "cpu")[0]
    cos, sin = rope(torch.zeros(1, f * h * w, heads * hd), f, h, w, scale)
    cases.append(case("ltx-video", {"_class_name": "LTXVideoTransformer3DModel", "num_attention_heads": heads,
                                    "attention_head_dim": hd}, f"video:{f}x{h}x{w}", grid, cos[0], sin[0],
                      ["LTXVideoRotaryPosEmbed"]))

# CogVideoX 1.0 (patch_size_t null): linspace over the crop region of the base grid sample_height/p x sample_width/p;
# CogVideoX 1.5 (patch_size_t set): arange slices of the base grid. As pipeline_cogvideox.py
# _prepare_rotary_positional_embeddings.
for cfg, (t, gh, gw) in [({"attention_head_dim": 16, "sample_height": 60, "sample_width": 90, "patch_size": 2}, (2, 5, 9)),
                         ({"attention_head_dim": 16, "sample_height": 60, "sample_width": 90, "patch_size": 2}, (1, 4, 3)),
                         ({"attention_head_dim": 16, "sample_height": 8, "sample_width": 10, "patch_size": 2,
                           "patch_size_t": 2}, (2, 3, 4))]:
    bw, bh = cfg["sample_width"] // cfg["patch_size"], cfg["sample_height"] // cfg["patch_size"]
    if "patch_size_t" not in cfg:
        crops = NS["get_resize_crop_region_for_grid"]((gh, gw), bw, bh)
        cos, sin = NS["get_3d_rotary_pos_embed"](16, crops, (gh, gw), t)
        (top, left), (bottom, right) = crops
        gr = torch.linspace(top, bottom * (gh - 1) / gh, gh)
        gc = torch.linspace(left, right * (gw - 1) / gw, gw)
        gt = torch.linspace(0, t * (t - 1) / t, t)
        srcs = ["get_3d_rotary_pos_embed", "get_resize_crop_region_for_grid"]
    else:
        cos, sin = NS["get_3d_rotary_pos_embed"](16, None, (gh, gw), t, grid_type="slice", max_size=(bh, bw))
        gr, gc, gt = torch.arange(gh * 1.0), torch.arange(gw * 1.0), torch.arange(t * 1.0)
        srcs = ["get_3d_rotary_pos_embed"]
    tt, hh, ww = torch.meshgrid(gt, gr, gc, indexing="ij")
    ids = torch.stack([tt.reshape(-1), hh.reshape(-1), ww.reshape(-1)], dim=1)
    cases.append(case("cogvideox", dict({"_class_name": "CogVideoXTransformer3DModel"}, **cfg), f"video:{t}x{gh}x{gw}",
                      ids, cos, sin, srcs))

# Qwen2.5-VL vision: head_dim = hidden_size / num_heads, Qwen2_5_VisionRotaryEmbedding(head_dim // 2) of
# get_vision_position_ids (2x2 merge blocks), emb = cat(f, f) (Qwen2_5_VisionTransformerPretrainedModel.forward)
for hidden, nh, (h, w) in [(1280, 16, (4, 6)), (64, 4, (2, 2))]:
    rot = NS["Qwen2_5_VisionRotaryEmbedding"](hidden // nh // 2)
    ids = NS["get_vision_position_ids"](torch.tensor([[1, h, w]]), 2)
    emb = torch.cat([rot(ids), rot(ids)], dim=-1)
    cases.append(case("qwen2.5-vl-vision", {"model_type": "qwen2_5_vl", "vision_config": {
        "hidden_size": hidden, "num_heads": nh, "spatial_merge_size": 2, "patch_size": 14}}, f"image:{h}x{w}", ids,
        emb.cos(), emb.sin(), ["Qwen2_5_VisionRotaryEmbedding", "get_vision_position_ids"], tower="vision"))

# Pixtral: PixtralRotaryEmbedding(config).forward(x, position_ids_in_meshgrid(...)); ids listed as (r, c)
vc = {"model_type": "pixtral", "hidden_size": 1024, "num_attention_heads": 16, "image_size": 1024, "patch_size": 16,
      "rope_theta": 10000.0}
conf = types.SimpleNamespace(hidden_size=1024, num_attention_heads=16, head_dim=64, image_size=1024, patch_size=16,
                             rope_parameters={"rope_type": "default", "rope_theta": 10000.0})
pix = NS["PixtralRotaryEmbedding"](conf)
h, w = 3, 5
flat = NS["position_ids_in_meshgrid"]([torch.zeros(1, h, w)], max_width=1024 // 16)
cos, sin = pix.forward(torch.zeros(1, dtype=torch.float64), flat)
ids = torch.stack([flat // 64, flat % 64], dim=1)
cases.append(case("pixtral", {"model_type": "llava", "vision_config": vc}, f"image:{h}x{w}", ids, cos, sin,
                  ["PixtralRotaryEmbedding", "position_ids_in_meshgrid"], tower="vision"))

# Llama 4 vision: the fixed grid (image_size/patch_size)^2 + CLS last; ids (c+1, r+1), CLS angle 0 (listed as 0, 0)
lc = types.SimpleNamespace(image_size=56, patch_size=14, hidden_size=128, num_attention_heads=2,
                           rope_parameters={"rope_theta": 10000.0})
fc = NS["Llama4VisionRotaryEmbedding"]._compute_freqs_ci(lc)[:, 0, :]  # (N+1, head_dim/2) complex
cos = torch.repeat_interleave(fc.real, 2, dim=1)
sin = torch.repeat_interleave(fc.imag, 2, dim=1)
ids = [[c + 1, r + 1] for r in range(4) for c in range(4)] + [[0, 0]]
cases.append(case("llama4-vision", {"model_type": "llama4", "vision_config": {
    "model_type": "llama4_vision_model", "image_size": 56, "patch_size": 14, "hidden_size": 128,
    "num_attention_heads": 2, "rope_theta": 10000.0}}, "image:4x4,cls", torch.tensor(ids, dtype=torch.float64), cos, sin,
    ["Llama4VisionRotaryEmbedding"], tower="vision"))

with open(f"{OUT}/grid_golden_more.json", "w") as fh:
    json.dump({"meta": META, "cases": cases}, fh, indent=0)
print(json.dumps({k: LOCATIONS[k] for k in sorted(LOCATIONS)}, indent=1))
