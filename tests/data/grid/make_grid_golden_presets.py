#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Known answers for the Grid view's presets of LTX-Video, CogVideoX-5B and the VLM vision towers (Qwen2.5-VL-7B,
Pixtral-12B, Llama 4 Scout; posenc/grid_presets.h; Llama 4: cos/sin of the tokens listed in "rows" only) at their published configs, and for Qwen2.5-VL's attention-window
token order (get_vision_window_index, posenc/grid_rope.h Order), computed by the models' own code.

As make_grid_golden_more.py (whose loader this repeats): nothing of that code is stored in this repository; the named
definitions are read out of the pinned revisions of diffusers and transformers (git mirrors) with `git show` + `ast`
at generation time and run with Debian's python3-torch, float32 mapped to float64. Values are rounded to 13 decimals
(the tests compare to 1e-9).

Usage: /usr/bin/python3 tests/data/grid/make_grid_golden_presets.py DIFFUSERS_GIT_DIR TRANSFORMERS_GIT_DIR OUT_DIR
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
NS["F"] = torch.nn.functional
load(TRANSFORMERS, T + "vision_utils.py", "get_vision_position_ids", "get_vision_window_index")
load(TRANSFORMERS, T + "models/pixtral/modeling_pixtral.py", "position_ids_in_meshgrid", "PixtralRotaryEmbedding")
load(TRANSFORMERS, T + "models/llama4/modeling_llama4.py", "Llama4VisionRotaryEmbedding")

META = {
    "generator": "tests/data/grid/make_grid_golden_presets.py",
    "command": "/usr/bin/python3 tests/data/grid/make_grid_golden_presets.py /work/.mirror/huggingface+diffusers/repo "
               "/work/.mirror/zucchini-nlp+transformers/repo tests/data/grid",
    "torch": torch.__version__,
    "diffusers_commit": head(DIFFUSERS),
    "transformers_commit": head(TRANSFORMERS),
    "dtype": "float64 (the models' float32 steps run in float64), rounded to 13 decimals",
}


def rows(t):
    return [[round(float(x), 13) for x in r] for r in t.reshape(t.shape[0], -1).tolist()]


def case(name, preset, config, layout, ids, cos, sin, sources, tower=None, order=None, extra=None):
    c = {"name": name, "preset": preset, "config": config, "layout": layout, "positions": rows(ids),
         "cos": rows(cos), "sin": rows(sin), "sources": [LOCATIONS[s] for s in sources]}
    if tower:
        c["tower"] = tower
    if order:
        c["order"] = order
    c.update(extra or {})
    return c


cases = []
# LTX-Video (Lightricks/LTX-Video transformer config: 32 heads x 64): LTXVideoRotaryPosEmbed(dim = inner_dim 2048,
# 20, 2048, 2048, patch 1, patch_t 1, 10000); rope_interpolation_scale (8 / 25, 32, 32) as pipeline_ltx.py
rope = NS["LTXVideoRotaryPosEmbed"](dim=2048, base_num_frames=20, base_height=2048, base_width=2048, patch_size=1,
                                    patch_size_t=1, theta=10000.0)
f, h, w = 2, 1, 2
scale = (8 / 25, 32, 32)
grid = rope._prepare_video_coords(1, f, h, w, scale, "cpu")[0]
cos, sin = rope(torch.zeros(1, f * h * w, 2048), f, h, w, scale)
cases.append(case("ltx-video", "ltx-video", {"_class_name": "LTXVideoTransformer3DModel", "num_attention_heads": 32,
                                             "attention_head_dim": 64}, f"video:{f}x{h}x{w}", grid, cos[0], sin[0],
                  ["LTXVideoRotaryPosEmbed"]))

# CogVideoX-5B (attention_head_dim 64, sample 60x90, patch 2, patch_size_t null: CogVideoX 1.0): linspace over the crop
# region of the base grid 30x45, as pipeline_cogvideox.py _prepare_rotary_positional_embeddings; a grid off the
# training size (fractional ids)
for t, gh, gw in [(2, 6, 8)]:
    crops = NS["get_resize_crop_region_for_grid"]((gh, gw), 45, 30)
    cos, sin = NS["get_3d_rotary_pos_embed"](64, crops, (gh, gw), t)
    (top, left), (bottom, right) = crops
    gr = torch.linspace(top, bottom * (gh - 1) / gh, gh)
    gc = torch.linspace(left, right * (gw - 1) / gw, gw)
    gt = torch.linspace(0, t * (t - 1) / t, t)
    tt, hh, ww = torch.meshgrid(gt, gr, gc, indexing="ij")
    ids = torch.stack([tt.reshape(-1), hh.reshape(-1), ww.reshape(-1)], dim=1)
    cases.append(case("cogvideox", "cogvideox-5b", {"_class_name": "CogVideoXTransformer3DModel",
                                                    "attention_head_dim": 64, "sample_height": 60, "sample_width": 90,
                                                    "patch_size": 2, "patch_size_t": None},
                      f"video:{t}x{gh}x{gw}", ids, cos, sin,
                      ["get_3d_rotary_pos_embed", "get_resize_crop_region_for_grid"]))

# Qwen2.5-VL vision in the model's order, as Qwen2_5_VisionTransformerPretrainedModel.forward: position ids of
# get_vision_position_ids, Qwen2_5_VisionRotaryEmbedding(head_dim // 2), then rotary_pos_emb.reshape(blocks, merge^2,
# -1)[window_index] with window_index of get_vision_window_index, emb = cat(f, f); the patch ids reordered the same way
QWEN7B = {"depth": 32, "hidden_size": 1280, "num_heads": 16, "patch_size": 14, "spatial_merge_size": 2,
          "window_size": 112, "fullatt_block_indexes": [7, 15, 23, 31]}
for vc, preset, (h, w) in [(QWEN7B, "qwen2.5-vl-7b-vision", (16, 16)), (QWEN7B, "qwen2.5-vl-7b-vision", (10, 14)),
                           (QWEN7B, "qwen2.5-vl-7b-vision", (8, 8)),
                           ({"hidden_size": 64, "num_heads": 4, "patch_size": 14, "spatial_merge_size": 2,
                             "window_size": 56, "depth": 4, "fullatt_block_indexes": [3]}, None, (6, 10))]:
    unit = vc["spatial_merge_size"] ** 2
    grid_thw = torch.tensor([[1, h, w]])
    ids = NS["get_vision_position_ids"](grid_thw, vc["spatial_merge_size"])
    window_index, cu = NS["get_vision_window_index"](grid_thw, spatial_merge_size=vc["spatial_merge_size"],
                                                     window_size=vc["window_size"], patch_size=vc["patch_size"])
    rot = NS["Qwen2_5_VisionRotaryEmbedding"](vc["hidden_size"] // vc["num_heads"] // 2)
    seq = h * w
    emb = rot(ids).reshape(seq // unit, unit, -1)[window_index, :, :].reshape(seq, -1)
    emb = torch.cat((emb, emb), dim=-1)
    wids = ids.reshape(seq // unit, unit, -1)[window_index, :, :].reshape(seq, -1)
    cases.append(case("qwen2.5-vl-vision-window", preset, {"model_type": "qwen2_5_vl", "vision_config": vc},
                      f"image:{h}x{w}", wids, emb.cos(), emb.sin(),
                      ["Qwen2_5_VisionRotaryEmbedding", "get_vision_position_ids", "get_vision_window_index"],
                      tower="vision", order="window",
                      extra={"window_index": [int(x) for x in window_index.tolist()],
                             "cu_window_seqlens": [int(x) for x in cu.tolist()]}))

# Pixtral-12B (mistral-community/pixtral-12b vision_config)
vc = {"model_type": "pixtral", "hidden_size": 1024, "num_attention_heads": 16, "image_size": 1024, "patch_size": 16,
      "rope_theta": 10000.0}
conf = types.SimpleNamespace(hidden_size=1024, num_attention_heads=16, head_dim=64, image_size=1024, patch_size=16,
                             rope_parameters={"rope_type": "default", "rope_theta": 10000.0})
pix = NS["PixtralRotaryEmbedding"](conf)
h, w = 3, 4
flat = NS["position_ids_in_meshgrid"]([torch.zeros(1, h, w)], max_width=1024 // 16)
cos, sin = pix.forward(torch.zeros(1, dtype=torch.float64), flat)
ids = torch.stack([flat // 64, flat % 64], dim=1)
cases.append(case("pixtral", "pixtral-12b-vision", {"model_type": "llava", "vision_config": vc}, f"image:{h}x{w}", ids,
                  cos, sin, ["PixtralRotaryEmbedding", "position_ids_in_meshgrid"], tower="vision"))

# Llama 4 Scout vision (hidden 1408, 16 heads, image 336, patch 14): the fixed 24x24 grid + CLS last
lc = types.SimpleNamespace(image_size=336, patch_size=14, hidden_size=1408, num_attention_heads=16,
                           rope_parameters={"rope_theta": 10000.0})
fc = NS["Llama4VisionRotaryEmbedding"]._compute_freqs_ci(lc)[:, 0, :]
cos = torch.repeat_interleave(fc.real, 2, dim=1)
sin = torch.repeat_interleave(fc.imag, 2, dim=1)
ids = [[c + 1, r + 1] for r in range(24) for c in range(24)] + [[0, 0]]
keep = list(range(0, 577, 23)) + [576]  # every 23rd token (a diagonal walk over the 24x24 grid) and the CLS token
c = case("llama4-vision", "llama4-scout-vision", {"model_type": "llama4", "vision_config": {
    "model_type": "llama4_vision_model", "hidden_size": 1408, "num_attention_heads": 16, "image_size": 336,
    "patch_size": 14, "rope_theta": 10000.0}}, "image:24x24,cls", torch.tensor(ids, dtype=torch.float64), cos[keep],
    sin[keep], ["Llama4VisionRotaryEmbedding"], tower="vision", extra={"rows": keep})
cases.append(c)

with open(f"{OUT}/grid_golden_presets.json", "w") as fh:
    json.dump({"meta": META, "cases": cases}, fh, indent=0)
print(json.dumps({k: LOCATIONS[k] for k in sorted(LOCATIONS)}, indent=1))
