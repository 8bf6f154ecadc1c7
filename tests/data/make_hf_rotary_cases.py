#!/usr/bin/env python3
"""Known answers from Hugging Face's own rotary code for configs the reader once got wrong (issue 38).

Run with Debian's python3-torch (1.13) from a transformers git clone (zucchini-nlp/transformers):
    /usr/bin/python3 make_hf_rotary_cases.py /path/to/transformers > hf_rotary_cases.json
Nothing of transformers is imported (its dependencies are not packaged here): the functions and classes named
below are taken verbatim from the files at REV with ast and executed; what they import is replaced by the
stand-ins in `stubs()` (nn.Buffer, new in torch 2.5, as a plain tensor; decorators as identity, autocast as a null context, `per_layer_config` raising
ValueError as _PerLayerConfigView does for a non-heterogeneous config, standardize_rope_params a no-op since
the dicts built below are already standard).

Cases:
- gemma3_27b: google/gemma-3-27b-it's published text_config (no rope_theta, no rope_local_base_freq, no
  max_position_embeddings). Gemma3TextConfig.convert_rope_params_to_dict (configuration_gemma3.py:135-162)
  fills the per-layer dicts from the class's default_theta (:102), then Gemma3RotaryEmbedding
  (modeling_gemma3.py:156-219) with ROPE_INIT_FUNCTIONS["linear"] (modeling_rope_utils.py:133-190) gives each
  layer type's inv_freq; apply_rotary_pos_emb (rotate_half pairing) rotates the probe q at the positions.
- cohere2: Command R7B's shape (head_dim 128, rope_theta 50000). Cohere2RotaryEmbedding
  (modeling_cohere2.py:42-97: repeat_interleave of the frequencies) and apply_rotary_pos_emb
  (:150-180: rotate_half pairs channel 2i with 2i+1) rotate the probe q.
- ernie4_5_vl: ERNIE-4.5-VL's text rotary (head_dim 128, rope_theta 500000, mrope_section [22, 22, 20]):
  Ernie4_5_VLMoeTextRotaryEmbedding (modeling_ernie4_5_vl_moe.py:59-157: inv_freq pre-rotated, streams recomposed
  by recomposition_to_3d) at position ids (t, h, w) = (7, 100, 1000) (get_rope_index order, :1109-1115); the
  cos and sin of every channel, and the probe rotated by apply_rotary_pos_emb (:177-207, interleaved pairs).
- hunyuan_alpha: HunYuan-7B's shape with rope_type dynamic and alpha 1000 (rope_theta 10000, head_dim 128):
  HunYuanDenseV1RotaryEmbedding (hunyuan_v1_dense/modeling_hunyuan_v1_dense.py:312-336: base =
  rope_theta * alpha ** (head_dim / (head_dim - 2)), attention scaling 1) gives inv_freq.
- ministral3_query_scale: get_llama_4_attn_scale (ministral3/modeling_ministral3.py:105-107) with Ministral 3's
  class defaults beta 0.1, L0 16384 (configuration_ministral3.py:96-107) at the positions listed.
The probe is q_j = 1 + j/10 (float32); outputs are float32 values written as doubles.
"""
import __future__
import ast, contextlib, json, math, subprocess, sys, types
from collections.abc import Callable
from typing import Optional

import torch
from torch import nn

REV = "decba1d2ea4ed3cbf0495d1828abad4b2dba1846"
POSITIONS = [0, 1, 100, 4097, 131071]

GEMMA3_27B_TEXT = {  # google/gemma-3-27b-it config.json, text_config (rope-relevant keys as published)
    "head_dim": 128, "hidden_size": 5376, "model_type": "gemma3_text", "num_attention_heads": 32,
    "num_hidden_layers": 62, "num_key_value_heads": 16, "query_pre_attn_scalar": 168,
    "rope_scaling": {"factor": 8.0, "rope_type": "linear"}, "sliding_window": 1024}
COHERE2 = {"model_type": "cohere2", "hidden_size": 4096, "num_attention_heads": 32, "head_dim": 128,
           "rope_theta": 50000, "max_position_embeddings": 8192}


def load(repo, path, names):
    src = subprocess.run(["git", "-C", repo, "show", f"{REV}:{path}"], capture_output=True, text=True,
                         check=True).stdout
    tree = ast.parse(src)
    keep = [n for n in tree.body if getattr(n, "name", None) in names]
    missing = set(names) - {n.name for n in keep}
    if missing:
        raise SystemExit(f"{path}: not found: {missing}")
    return compile(ast.Module(body=keep, type_ignores=[]), f"{REV[:12]}:{path}", "exec",
                   flags=__future__.annotations.compiler_flag)


def stubs():
    # torch 1.13 has no nn.Buffer (2.5+): a plain tensor attribute holds the same values
    nn_ns = types.SimpleNamespace(Module=nn.Module, Parameter=nn.Parameter, Buffer=lambda t, persistent=True: t)
    return {"torch": torch, "nn": nn_ns, "math": math, "Callable": Callable, "Optional": Optional,
            "deprecate_kwarg": lambda *a, **k: (lambda f: f),
            "use_kernel_forward_from_hub": lambda *a, **k: (lambda f: f),
            "use_kernel_func_from_hub": lambda *a, **k: (lambda f: f), "dynamic_rope_update": lambda f: f,
            "maybe_autocast": lambda **k: contextlib.nullcontext()}


class Config(types.SimpleNamespace):
    @property
    def per_layer_config(self):
        raise ValueError("not heterogeneous")

    def standardize_rope_params(self):
        pass


def probe(d):
    return torch.tensor([1.0 + j / 10.0 for j in range(d)], dtype=torch.float32)


def rotate(ns, rot, d, layer_type=None):
    pos = torch.tensor([POSITIONS], dtype=torch.long)
    x = torch.zeros(1, len(POSITIONS), d)
    cos, sin = rot(x, pos) if layer_type is None else rot(x, pos, layer_type)
    q = probe(d).expand(1, 1, len(POSITIONS), d).contiguous()
    qe, _ = ns["apply_rotary_pos_emb"](q, q, cos, sin)
    return {str(p): [float(v) for v in qe[0, 0, i]] for i, p in enumerate(POSITIONS)}


def gemma3(repo):
    ns = stubs()
    exec(load(repo, "src/transformers/modeling_rope_utils.py", {"_compute_linear_scaling_rope_parameters"}), ns)
    ns["ROPE_INIT_FUNCTIONS"] = {"linear": ns["_compute_linear_scaling_rope_parameters"]}
    exec(load(repo, "src/transformers/models/gemma3/configuration_gemma3.py", {"Gemma3TextConfig"}),
         dict(stubs(), PreTrainedConfig=object, auto_docstring=lambda **k: (lambda c: c), strict=lambda c: c,
              Any=object, logging=None, logger=None, RopeParameters=dict), cfg_ns := {})
    cls = cfg_ns["Gemma3TextConfig"]
    exec(load(repo, "src/transformers/models/gemma3/modeling_gemma3.py",
              {"Gemma3RotaryEmbedding", "rotate_half", "apply_rotary_pos_emb"}), ns)
    kwargs = {k: v for k, v in GEMMA3_27B_TEXT.items() if k in ("rope_scaling", "rope_theta", "rope_local_base_freq")}
    cfg = Config(**{k: v for k, v in GEMMA3_27B_TEXT.items() if k not in kwargs}, rope_parameters=None,
                 default_theta=cls.default_theta, max_position_embeddings=cls.max_position_embeddings,
                 layer_types=["sliding_attention", "full_attention"])
    cls.convert_rope_params_to_dict(cfg, **json.loads(json.dumps(kwargs)))
    rot = ns["Gemma3RotaryEmbedding"](cfg)
    out = {"config": {"model_type": "gemma3", "text_config": GEMMA3_27B_TEXT}, "rope_parameters": cfg.rope_parameters,
           "layers": {}}
    for lt in ("full_attention", "sliding_attention"):
        out["layers"][lt] = {"inv_freq": [float(v) for v in getattr(rot, f"{lt}_inv_freq")],
                             "attention_scaling": float(getattr(rot, f"{lt}_attention_scaling")),
                             "rotated": rotate(ns, rot, 128, lt)}
    return out


def cohere2(repo):
    ns = stubs()
    exec(load(repo, "src/transformers/models/cohere2/modeling_cohere2.py",
              {"Cohere2RotaryEmbedding", "rotate_half", "apply_rotary_pos_emb"}), ns)
    cfg = Config(**COHERE2, rope_parameters={"rope_type": "default", "rope_theta": COHERE2["rope_theta"]})
    rot = ns["Cohere2RotaryEmbedding"](cfg)
    return {"config": COHERE2, "inv_freq": [float(v) for v in rot.inv_freq], "rotated": rotate(ns, rot, 128)}


def ernie4_5_vl(repo):
    ns = stubs()
    exec(load(repo, "src/transformers/models/ernie4_5_vl_moe/modeling_ernie4_5_vl_moe.py",
              {"Ernie4_5_VLMoeTextRotaryEmbedding", "rotate_half_text", "apply_rotary_pos_emb"}), ns)
    conf = {"model_type": "ernie4_5_vl_moe_text", "head_dim": 128, "hidden_size": 2560, "num_attention_heads": 20,
            "max_position_embeddings": 131072,
            "rope_parameters": {"rope_type": "default", "rope_theta": 500000.0, "mrope_section": [22, 22, 20]}}
    cfg = Config(**conf)
    rot = ns["Ernie4_5_VLMoeTextRotaryEmbedding"](cfg)
    ids = torch.tensor([[[7]], [[100]], [[1000]]], dtype=torch.long)  # (3, batch 1, 1 token): t, h, w
    cos, sin = rot(torch.zeros(1, 1, 128), ids)
    q = probe(128).expand(1, 1, 1, 128).contiguous()
    qe, _ = ns["apply_rotary_pos_emb"](q, q, cos, sin)
    return {"config": {"model_type": "ernie4_5_vl_moe", "text_config": conf}, "position_ids_thw": [7, 100, 1000],
            "cos": [float(v) for v in cos.reshape(-1)], "sin": [float(v) for v in sin.reshape(-1)],
            "rotated": [float(v) for v in qe.reshape(-1)]}


def hunyuan_alpha(repo):
    ns = stubs()
    ns["ROPE_INIT_FUNCTIONS"] = {}
    exec(load(repo, "src/transformers/models/hunyuan_v1_dense/modeling_hunyuan_v1_dense.py",
              {"HunYuanDenseV1RotaryEmbedding"}), ns)
    rope = {"rope_type": "dynamic", "alpha": 1000.0, "factor": 1.0, "rope_theta": 10000.0}
    conf = {"model_type": "hunyuan_v1_dense", "head_dim": 128, "hidden_size": 4096, "num_attention_heads": 32,
            "max_position_embeddings": 32768, "rope_theta": 10000.0,
            "rope_scaling": {"type": "dynamic", "alpha": 1000.0, "factor": 1.0}}
    cfg = Config(**{k: v for k, v in conf.items() if k not in ("rope_scaling", "rope_theta")}, rope_parameters=rope)
    rot = ns["HunYuanDenseV1RotaryEmbedding"](cfg)
    return {"config": conf, "inv_freq": [float(v) for v in rot.inv_freq],
            "attention_scaling": float(rot.attention_scaling)}


def ministral3_query_scale(repo):
    ns = stubs()
    exec(load(repo, "src/transformers/models/ministral3/modeling_ministral3.py", {"get_llama_4_attn_scale"}), ns)
    pos = [0, 16383, 16384, 131071, 131072, 262143]
    scale = ns["get_llama_4_attn_scale"](torch.tensor([pos], dtype=torch.float32), 0.1, 16384)
    return {"beta": 0.1, "original_max_position_embeddings": 16384, "positions": pos,
            "scale": [float(v) for v in scale.reshape(-1)]}


def main(repo):
    result = {"revision": REV, "torch": torch.__version__, "positions": POSITIONS,
              "probe": "q_j = 1 + j/10, float32", "gemma3_27b": gemma3(repo), "cohere2": cohere2(repo),
              "ernie4_5_vl": ernie4_5_vl(repo), "hunyuan_alpha": hunyuan_alpha(repo),
              "ministral3_query_scale": ministral3_query_scale(repo)}
    json.dump(result, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main(sys.argv[1])
