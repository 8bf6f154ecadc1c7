#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Known answers for `--engine hf --arithmetic engine`: Hugging Face transformers' own rotary embedding in float32,
# as it ships (posenc's harness, not transformers' code). ROPE_INIT_FUNCTIONS (src/transformers/
# modeling_rope_utils.py) build inv_freq in float32 tensors (e.g. lines 184, 470-481 at the commit below:
# 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))), and LlamaRotaryEmbedding.forward
# (src/transformers/models/llama/modeling_llama.py lines 113-127) computes freqs = inv_freq[None, :, None].float()
# @ position_ids[:, None, :].float(), cos = emb.cos() * attention_scaling in float32. Recorded command for
# tests/data/engines/hf_rope_f32.json:
#
#   git -C /work/.mirror/zucchini-nlp+transformers/repo archive decba1d2ea4ed3cbf0495d1828abad4b2dba1846 \
#       src/transformers/modeling_rope_utils.py src/transformers/models/llama/modeling_llama.py | tar -x -C /tmp/hf
#   /usr/bin/python3 hf_f32_dump.py /tmp/hf/src > hf_rope_f32.json          (Debian python3-torch 1.13.1)
#
# The harness is hf_dtype_dump.py's (the same stubs; their code is never committed). Values are float32, printed
# as the float64 of each float32 (exact).
import ast
import json
import logging
import os
import sys
import types

import torch
from torch import nn

SRC = sys.argv[1]
COMMIT = "decba1d2ea4ed3cbf0495d1828abad4b2dba1846"
POSITIONS = [0, 1, 2, 7, 100, 1000, 4095, 4096, 8191, 32767]
DTYPES = {"bf16": torch.bfloat16, "f16": torch.float16}


class _Logger(logging.Logger):
    def warning_once(self, *a, **k):
        self.warning(*a, **k)


logging.setLoggerClass(_Logger)
pkg = types.ModuleType("transformers")
pkg.__path__ = [os.path.join(SRC, "transformers")]
sys.modules["transformers"] = pkg
utils = types.ModuleType("transformers.utils")
utils.is_torch_available = lambda: True
utils.logging = types.SimpleNamespace(get_logger=logging.getLogger)
sys.modules["transformers.utils"] = utils
import transformers.modeling_rope_utils as mru  # noqa: E402

llama_path = os.path.join(SRC, "transformers", "models", "llama", "modeling_llama.py")
tree = ast.parse(open(llama_path).read())
cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "LlamaRotaryEmbedding")
shim_nn = types.SimpleNamespace(Module=nn.Module, Buffer=lambda t, persistent=True: t)
ns = {"torch": torch, "nn": shim_nn, "Callable": object, "ROPE_INIT_FUNCTIONS": mru.ROPE_INIT_FUNCTIONS,
      "dynamic_rope_update": mru.dynamic_rope_update, "LlamaConfig": object,
      "deprecate_kwarg": lambda *a, **k: (lambda f: f),
      "maybe_autocast": lambda device_type, enabled: torch.autocast(device_type=device_type, enabled=enabled)}
exec(compile(ast.Module(body=[cls], type_ignores=[]), llama_path, "exec"), ns)
LlamaRotaryEmbedding = ns["LlamaRotaryEmbedding"]


class Config(mru.RotaryEmbeddingConfigMixin):
    default_theta = 10000.0

    def __init__(self, max_position_embeddings, rope_parameters, head_dim=128):
        self.max_position_embeddings = max_position_embeddings
        self.head_dim = head_dim
        self.hidden_size = head_dim * 32
        self.num_attention_heads = 32
        self.rope_parameters = rope_parameters
        self.ignore_keys_at_rope_validation = None



POSITIONS32 = [0, 1, 2, 3, 7, 100, 1000, 4095, 4096, 8191, 16383, 32767, 65535, 131071]


def record(name, posenc_args, config):
    rope = LlamaRotaryEmbedding(config)
    x = torch.zeros(1, len(POSITIONS32), config.head_dim, dtype=torch.float32)
    cos, sin = rope(x, torch.tensor([POSITIONS32]))
    assert cos.dtype == torch.float32 and rope.inv_freq.dtype == torch.float32
    half = rope.inv_freq.shape[0]
    return {"name": name, "posenc": posenc_args, "attention_scaling": float(rope.attention_scaling),
            "inv_freq": [float(v) for v in rope.inv_freq], "positions": POSITIONS32,
            "cos": [[float(v) for v in row[:half]] for row in cos[0]],
            "sin": [[float(v) for v in row[:half]] for row in sin[0]]}


cases = [
    record("rope", "--method rope --head-dim 128", Config(32768, {"rope_type": "default", "rope_theta": 10000.0})),
    record("rope-base5e5-d64", "--method rope --head-dim 64 --base 500000",
           Config(32768, {"rope_type": "default", "rope_theta": 500000.0}, head_dim=64)),
    record("linear4", "--method pi --factor 4",
           Config(16384, {"rope_type": "linear", "rope_theta": 10000.0, "factor": 4.0})),
    record("yarn8", "--method yarn --factor 8 --original-max-position-embeddings 4096",
           Config(32768, {"rope_type": "yarn", "rope_theta": 10000.0, "factor": 8.0,
                          "original_max_position_embeddings": 4096})),
    record("yarn4-untruncated-attention", "--method yarn --factor 4 --original-max-position-embeddings 32768 "
           "--base 1000000 --truncate false --attention-factor 0.8",
           Config(131072, {"rope_type": "yarn", "rope_theta": 1000000.0, "factor": 4.0, "truncate": False,
                           "original_max_position_embeddings": 32768, "attention_factor": 0.8})),
    record("yarn40-deepseek", "--method yarn --head-dim 64 --factor 40 --original-max-position-embeddings 4096 "
           "--mscale 0.707 --mscale-all-dim 0.707",
           Config(163840, {"rope_type": "yarn", "rope_theta": 10000.0, "factor": 40.0, "mscale": 0.707,
                           "mscale_all_dim": 0.707, "original_max_position_embeddings": 4096}, head_dim=64)),
    record("llama3", "--method llama3",
           Config(131072, {"rope_type": "llama3", "rope_theta": 500000.0, "factor": 8.0, "low_freq_factor": 1.0,
                           "high_freq_factor": 4.0, "original_max_position_embeddings": 8192})),
]

json.dump({"source": "transformers LlamaRotaryEmbedding (ROPE_INIT_FUNCTIONS, forward) in float32 on CPU (torch %s)"
                     % torch.__version__,
           "command": "tests/data/engines/hf_f32_dump.py (see its header)",
           "revisions": {"zucchini-nlp/transformers": COMMIT}, "cases": cases}, sys.stdout, indent=None)
print()
