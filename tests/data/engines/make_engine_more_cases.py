#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Known answers for --engine sglang|mlx|ort-genai, produced by running each engine's own rope code.

Nothing of the engines is stored in this repository: at generation time the needed functions and classes are
taken verbatim from the engines' files with `ast` and executed with NumPy / PyTorch standing in for what is not
installed (MLX, CUDA kernels, the ONNX graph):

  MLX-LM       git --git-dir=MLX_LM_GIT show d78bf58e217c904ec282ed8da9b947491f78c022:mlx_lm/models/rope_utils.py
               (SuScaledRoPE, Llama3RoPE, YarnRoPE, DynamicNTKScalingRoPE, initialize_rope). Stand-ins: `mx` arrays
               are NumPy float32 arrays (an int32 arange divided by an int gives float32, as in MLX), nn.Module is
               an empty base, nn.RoPE and mx.fast.rope record their arguments. The kernel's inv_freq = 1/freqs
               (ml-explore/mlx mlx/backend/cpu/rope.cpp compute_rope_sincos) is applied to the recorded freqs.
  ORT GenAI    git --git-dir=ORT_GIT show a0c04eb1313b886c963e415bbd974748cb89a4eb:src/python/py/models/builders/
               {base.py (class Model), phi.py (Phi3MiniLongRoPEModel.make_rope_init)}: the rope methods bound to a
               stand-in object whose rope_attrs start as Model.__init__ (base.py lines 306-319) sets them; torch.outer
               is wrapped to record the inv_freq the cache is made from.
  SGLang       python/sglang/srt/layers/rotary_embedding/ of sgl-project/sglang as the search tool's read_file
               returned them: yarn.py @ 0b1fd02d56f010c589968aa6e05534e10c2d4bf3 (whole file), rope_variant.py
               @ 0b1fd02d56f0 (Phi3LongRoPEScaledRotaryEmbedding, DynamicNTKScalingRotaryEmbedding) and base.py
               @ 0099dee6aa65cb084e4b97956dd547519f3d8053 (RotaryEmbedding._compute_inv_freq, _compute_cos_sin_cache),
               saved to SGLANG_DIR (yarn.py, rope_variant_excerpt.py, base_excerpt.py). Stand-ins: RotaryEmbedding
               .__init__ stores its arguments (position_start 0, _force_native False) and builds the cache;
               rotate_neox is cat(-x2, x1). The YaRN kwargs are those factory.py get_rope (@ 108c36c00829) passes:
               extrapolation_factor, attn_factor, beta_fast, beta_slow, mscale, mscale_all_dim, truncate.

Run:  /usr/bin/python3 tests/data/engines/make_engine_more_cases.py MLX_LM_GIT ORT_GIT SGLANG_DIR \\
          > tests/data/engines/engine_more_cases.json
(Debian python3-numpy 1.24, python3-torch 1.13.)
"""

import ast
import json
import math
import subprocess
import sys
import types
from collections.abc import Mapping
from typing import List, Optional, Tuple, Union

import numpy as np
import torch

MLX_REV = "d78bf58e217c904ec282ed8da9b947491f78c022"
ORT_REV = "a0c04eb1313b886c963e415bbd974748cb89a4eb"


def git_show(git_dir, rev, path):
    return subprocess.run(["git", "--git-dir=" + git_dir, "show", rev + ":" + path], check=True,
                          capture_output=True, text=True).stdout


def extract(src, names, cls=None):
    """Source of the top-level functions/classes `names`, or of the methods `names` of class `cls`."""
    tree = ast.parse(src)
    body = tree.body
    if cls is not None:
        body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls).body
    out = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in names:
            seg = ast.get_source_segment(src, node)
            if cls is not None:  # dedent a method
                lines = seg.split("\n")
                pad = node.col_offset
                seg = "\n".join(l[pad:] if l[:pad].strip() == "" else l for l in lines)
            out[node.name] = seg
    missing = set(names) - set(out)
    if missing:
        raise SystemExit("not found: %s" % sorted(missing))
    return [out[n] for n in names]


def f32(values):
    return [float("%.9g" % np.float32(v)) for v in np.asarray(values, dtype=np.float32).ravel()]


# ---------------------------------------------------------------- MLX-LM
class I32(np.ndarray):
    """MLX int32 array: true division by a Python number gives float32."""

    def __truediv__(self, other):
        return np.asarray(self, dtype=np.float32) / np.float32(other)


def mlx_namespace():
    recorded = {}

    def arange(*args, dtype=None):
        a = np.arange(*args)
        return a.astype(dtype) if dtype is not None else a.astype(np.int32).view(I32)

    def rope(x, dims, **kw):
        recorded.update(kw, dims=dims)
        return x

    mx = types.SimpleNamespace(float32=np.float32, pi=math.pi, arange=arange, where=np.where, clip=np.clip,
                               concatenate=np.concatenate, full=np.full, inf=np.inf,
                               array=lambda x, dtype=None: np.array(x, dtype=dtype or np.float32),
                               fast=types.SimpleNamespace(rope=rope))

    class Module:
        def __init__(self):
            pass

    class RoPE:
        def __init__(self, dims, traditional=False, base=10000, scale=1.0):
            self.dims, self.base, self.scale = dims, base, scale

    nn = types.SimpleNamespace(Module=Module, RoPE=RoPE)
    return {"mx": mx, "nn": nn, "math": math, "List": List, "Optional": Optional, "Union": Union}, recorded


def mlx_cases(git_dir):
    src = git_show(git_dir, MLX_REV, "mlx_lm/models/rope_utils.py")
    ns, recorded = mlx_namespace()
    for code in extract(src, ["SuScaledRoPE", "Llama3RoPE", "YarnRoPE", "DynamicNTKScalingRoPE",
                              "initialize_rope"]):
        exec(code, ns)
    init = ns["initialize_rope"]
    cases = []

    def add(name, posenc, rope, extra=None):
        freqs = np.asarray(rope._freqs, dtype=np.float32)
        inv = np.float32(1.0) / freqs  # mx.fast.rope's kernel: inv_freq = 1.0f / freqs[j]
        case = {"name": name, "engine": "mlx", "posenc": posenc, "inv_freq_f32": f32(inv),
                "attention": float(getattr(rope, "mscale", getattr(rope, "_scale", 1.0)))}
        case.update(extra or {})
        cases.append(case)

    short = [float("%.6g" % (1.0 + 0.01 * i)) for i in range(64)]  # the values posenc is given
    long = [float("%.6g" % (1.0 + 0.05 * i ** 1.5)) for i in range(64)]
    lists = "--short-factor " + ",".join("%.6g" % v for v in short) + " --long-factor " + ",".join(
        "%.6g" % v for v in long)
    add("mlx-longrope-short-length",
        "--method longrope --head-dim 128 --factor 32 --original-max-position-embeddings 4096 --seq-len 4096 " + lists,
        init(128, 10000.0, False, {"type": "longrope", "original_max_position_embeddings": 4096,
                                   "short_factor": short, "long_factor": long, "attention_factor": 1.0}, 131072),
        {"note": "attention_factor 1.0 in the config is not passed; long factors at length 4096"})
    add("mlx-yarn-truncate-false",
        "--method yarn --head-dim 64 --base 150000 --factor 32 --original-max-position-embeddings 4096 "
        "--truncate false",
        init(64, 150000.0, False, {"rope_type": "yarn", "factor": 32.0, "original_max_position_embeddings": 4096,
                                   "beta_fast": 32.0, "beta_slow": 1.0, "truncate": False}, 131072))
    add("mlx-yarn-attention-factor",
        "--method yarn --head-dim 128 --factor 64 --original-max-position-embeddings 4096 --attention-factor 1",
        init(128, 10000.0, False, {"rope_type": "yarn", "factor": 64.0, "original_max_position_embeddings": 4096,
                                   "attention_factor": 1.0}, 262144))
    add("mlx-llama3",
        "--method llama3 --head-dim 128 --base 500000 --factor 8 --original-max-position-embeddings 8192",
        init(128, 500000.0, False, {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                                    "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}, 131072))
    dyn = init(128, 10000.0, False, {"type": "dynamic", "factor": 2.0}, 4096)
    dyn(types.SimpleNamespace(shape=(1, 1, 8192, 128)), offset=0)
    cases.append({"name": "mlx-dynamic-per-length", "engine": "mlx",
                  "posenc": "--method dynamic-ntk --head-dim 128 --factor 2 --original-max-position-embeddings 4096 "
                            "--seq-len 8192",
                  "base_prime": float(recorded["base"])})
    return cases


# ---------------------------------------------------------------- ORT GenAI
def ort_cases(git_dir):
    base_src = git_show(git_dir, ORT_REV, "src/python/py/models/builders/base.py")
    phi_src = git_show(git_dir, ORT_REV, "src/python/py/models/builders/phi.py")
    names = ["get_rope_parameters", "make_rope_init", "make_mscale", "make_mscale_su", "make_mscale_yarn",
             "make_inv_freq_rescaled", "make_inv_freq_rescaled_with_ntk",
             "make_inv_freq_rescaled_with_freq_factors", "make_rotary_embedding_caches_from_scratch"]
    recorded = {}

    def outer(t, inv):
        recorded["inv_freq"] = inv.clone()
        return torch.outer(t, inv)

    torch_proxy = types.SimpleNamespace(**{k: getattr(torch, k) for k in dir(torch) if not k.startswith("__")})
    torch_proxy.outer = outer
    ns = {"torch": torch_proxy, "np": np, "Mapping": Mapping}
    methods = {}
    for name, code in zip(names, extract(base_src, names, cls="Model")):
        exec(code, ns)
        methods[name] = ns[name]
    (phi_init,) = extract(phi_src, ["make_rope_init"], cls="Phi3MiniLongRoPEModel")
    exec(phi_init, ns)
    phi_make_rope_init = ns["make_rope_init"]

    def model(config, head, phi=False):
        m = types.SimpleNamespace()
        for name, fn in methods.items():
            setattr(m, name, types.MethodType(fn, m))
        if phi:
            m.make_rope_init = types.MethodType(phi_make_rope_init, m)
        m.head_size = head
        m.context_length = config.max_position_embeddings
        rp = m.get_rope_parameters(config)
        m.original_context_length = rp.get("original_max_position_embeddings", m.context_length)
        m.rope_attrs = {"create_caches": True, "save_caches": True, "cache_length": m.context_length,
                        "theta": config.rope_theta, "partial_rotary_factor": 1.0, "interleaved": 0,
                        "rotary_embedding_dim": 0, "rescale_factors": 1, "t_dtype": torch.int64,
                        "position_scale": 1, "mscale": 1, "mscale_policy": ""}
        m.make_rope_init(config)
        return m

    positions = [0, 1, 100, 4095, 4096, 16383, 65535]
    cases = []

    def add(name, posenc, m, length=None, extra=None):
        if length is not None:
            m.rope_attrs["cache_length"] = length
        cos, sin = m.make_rotary_embedding_caches_from_scratch()
        d2 = recorded["inv_freq"].numel()
        rows = [p for p in positions if p < cos.shape[0]]
        case = {"name": name, "engine": "ort-genai", "posenc": posenc,
                "inv_freq_f32": f32(recorded["inv_freq"].numpy()), "attention": float(m.rope_attrs["mscale"]),
                "positions": rows, "cos_f32": [f32(cos[p, :d2].numpy()) for p in rows],
                "sin_f32": [f32(sin[p, :d2].numpy()) for p in rows]}
        case.update(extra or {})
        cases.append(case)

    def cfg(**kw):
        return types.SimpleNamespace(**kw)

    ministral = {"rope_type": "yarn", "factor": 16.0, "original_max_position_embeddings": 16384, "beta_fast": 32.0,
                 "beta_slow": 1.0, "mscale": 1.0, "mscale_all_dim": 1.0, "rope_theta": 1000000.0}
    m = model(cfg(rope_theta=1000000.0, max_position_embeddings=262144, rope_parameters=ministral), 128)
    add("ort-yarn-ministral3", "--method yarn --head-dim 128 --base 1000000 --factor 16 "
        "--original-max-position-embeddings 16384 --mscale 1 --mscale-all-dim 1", m, 65536)
    qwen3 = {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768, "rope_theta": 1000000.0}
    m = model(cfg(rope_theta=1000000.0, max_position_embeddings=131072, rope_parameters=qwen3), 128)
    add("ort-yarn-no-beta-keys", "--method rope --head-dim 128 --base 1000000", m, 65536,
        {"hf": "--method yarn --head-dim 128 --base 1000000 --factor 4 --original-max-position-embeddings 32768",
         "note": "Qwen3's documented YaRN block without beta_fast/beta_slow: exported as plain RoPE, magnitude 1"})
    mscale_only = {"rope_type": "yarn", "factor": 40.0, "original_max_position_embeddings": 4096, "beta_fast": 32.0,
                   "beta_slow": 1.0, "mscale": 0.707, "rope_theta": 10000.0}
    m = model(cfg(rope_theta=10000.0, max_position_embeddings=163840, rope_parameters=mscale_only), 128)
    add("ort-yarn-mscale-verbatim", "--method yarn --head-dim 128 --factor 40 --original-max-position-embeddings "
        "4096 --mscale 0.707 --truncate false", m, 65536)
    lin = {"rope_type": "linear", "factor": 4.0}
    m = model(cfg(rope_theta=10000.0, max_position_embeddings=16384, rope_scaling=lin), 128)
    add("ort-linear", "--method pi --head-dim 128 --factor 4", m, 65536)
    return cases


# ---------------------------------------------------------------- SGLang
def sglang_cases(src_dir):
    def read(name):
        with open(src_dir + "/" + name) as f:
            return f.read()

    ns = {"torch": torch, "math": math, "Tuple": Tuple, "List": List, "Optional": Optional, "Union": Union,
          "nn": torch.nn}

    class RotaryEmbedding(torch.nn.Module):  # stand-in __init__: stores its arguments, builds the cache
        def __init__(self, head_size, rotary_dim, max_position_embeddings, base, is_neox_style, dtype,
                     position_start=0):
            super().__init__()
            self.head_size, self.rotary_dim = head_size, rotary_dim
            self.max_position_embeddings, self.base = max_position_embeddings, base
            self.is_neox_style, self.dtype, self.position_start = is_neox_style, dtype, position_start
            self._force_native = False
            self.register_buffer("cos_sin_cache", self._compute_cos_sin_cache(), persistent=False)

    for code in extract(read("base_excerpt.py"), ["_compute_inv_freq", "_compute_cos_sin_cache"],
                        cls="RotaryEmbedding"):
        exec(code, ns)
    RotaryEmbedding._compute_inv_freq = ns["_compute_inv_freq"]
    RotaryEmbedding._compute_cos_sin_cache = ns["_compute_cos_sin_cache"]
    ns["RotaryEmbedding"] = RotaryEmbedding

    def rotate_neox(x):
        x1, x2 = x.chunk(2, dim=-1)
        return torch.cat((-x2, x1), dim=-1)

    ns["rotate_neox"] = rotate_neox
    for code in extract(read("yarn.py"), ["yarn_find_correction_dim", "yarn_find_correction_range",
                                          "yarn_linear_ramp_mask", "yarn_get_mscale_simple", "yarn_get_mscale",
                                          "YaRNScalingRotaryEmbedding"]):
        exec(code, ns)
    for code in extract(read("rope_variant_excerpt.py"), ["Phi3LongRoPEScaledRotaryEmbedding",
                                                          "DynamicNTKScalingRotaryEmbedding"]):
        exec(code, ns)
    cases = []
    # YaRN with an explicit attention_factor 1.0: get_rope's whitelist drops it (factory.py @ 108c36c00829)
    rope_scaling = {"rope_type": "yarn", "factor": 64.0, "original_max_position_embeddings": 4096,
                    "attention_factor": 1.0}
    kwargs = {k: v for k, v in rope_scaling.items()
              if k in ("extrapolation_factor", "attn_factor", "beta_fast", "beta_slow", "mscale", "mscale_all_dim")}
    kwargs["truncate"] = rope_scaling.get("truncate", True)
    y = ns["YaRNScalingRotaryEmbedding"](64, 64, 4096, 10000, True, 64.0, torch.float32, **kwargs)
    cases.append({"name": "sglang-yarn-attention-factor", "engine": "sglang",
                  "posenc": "--method yarn --head-dim 64 --factor 64 --original-max-position-embeddings 4096 "
                            "--attention-factor 1",
                  "inv_freq_f32": f32(y.inv_freq.numpy()), "attention": y.mscale})
    d = ns["DynamicNTKScalingRotaryEmbedding"](128, 128, 4096, 10000, True, 2.0, torch.float32)
    cases.append({"name": "sglang-dynamic-static", "engine": "sglang",
                  "posenc": "--method dynamic-ntk --head-dim 128 --factor 2 --original-max-position-embeddings 4096 "
                            "--seq-len 1000",
                  "inv_freq_f32": f32(d.inv_freq.numpy()),
                  "base_prime": 10000 * ((2.0 * 8192 / 4096) - 1.0) ** (128 / 126)})
    short = [float("%.6g" % (1.0 + 0.01 * i)) for i in range(32)]
    long = [float("%.6g" % (1.0 + 0.05 * i ** 1.5)) for i in range(32)]
    lists = "--short-factor " + ",".join("%.6g" % v for v in short) + " --long-factor " + ",".join(
        "%.6g" % v for v in long)
    phi = ns["Phi3LongRoPEScaledRotaryEmbedding"](64, 64, 16384, 4096, 10000, True, torch.float32, short, long)
    probe = torch.tensor([math.sin(0.37 * j + 0.1) for j in range(64)], dtype=torch.float32)
    for length in (4097, 4098):
        positions = torch.arange(length)
        q = probe.repeat(length, 1)
        out, _ = phi.forward(positions, q, q.clone())
        case = {"name": "sglang-longrope-length-%d" % length, "engine": "sglang",
                "posenc": "--method longrope --head-dim 64 --factor 4 --original-max-position-embeddings "
                          "4096 --seq-len %d " % length + lists,
                "rotated_position": 4095, "probe": f32(probe.numpy()),
                "rotated_f32": f32(out[4095].numpy()), "attention": phi.long_mscale}
        if length == 4097:
            # position L0 itself while no position exceeds L0: index 4096 of cat(short cache [0, L0), long cache)
            # is the long cache's row 0 (cos 1, sin 0): SGLang leaves that token unrotated, scaled by long_mscale
            case["position_l0_unrotated_f32"] = f32(out[4096].numpy())
        cases.append(case)
    return cases


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    cases = mlx_cases(sys.argv[1]) + ort_cases(sys.argv[2]) + sglang_cases(sys.argv[3])
    out = {"command": "/usr/bin/python3 tests/data/engines/make_engine_more_cases.py "
                      "/work/.mirror/ml-explore+mlx-lm/repo /work/.mirror/microsoft+onnxruntime-genai/repo "
                      "SGLANG_DIR > tests/data/engines/engine_more_cases.json",
           "revisions": {"mlx-lm": MLX_REV, "mlx kernel": "ml-explore/mlx 92175519729f mlx/backend/cpu/rope.cpp",
                         "onnxruntime-genai": ORT_REV,
                         "sglang": "yarn.py, rope_variant.py 0b1fd02d56f010c589968aa6e05534e10c2d4bf3; base.py "
                                   "0099dee6aa65cb084e4b97956dd547519f3d8053; factory.py 108c36c00829"},
           "python": "numpy %s, torch %s" % (np.__version__, torch.__version__), "cases": cases}
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
