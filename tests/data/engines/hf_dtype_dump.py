#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Known answers from Hugging Face transformers' own rotary embedding in bfloat16/float16 (posenc's harness, not
# transformers' code): LlamaRotaryEmbedding.forward computes cos/sin of cat(freqs, freqs) in float32, times
# attention_scaling, and returns cos.to(dtype=x.dtype), sin.to(dtype=x.dtype) (src/transformers/models/llama/
# modeling_llama.py lines 113-127 at the commit below); its inv_freq and attention factor come from
# modeling_rope_utils.ROPE_INIT_FUNCTIONS. Recorded command for tests/data/engines/hf_rope_dtype.json:
#
#   git -C /work/.mirror/zucchini-nlp+transformers/repo archive decba1d2ea4ed3cbf0495d1828abad4b2dba1846 \
#       src/transformers/modeling_rope_utils.py src/transformers/models/llama/modeling_llama.py | tar -x -C /tmp/hf
#   /usr/bin/python3 hf_dtype_dump.py /tmp/hf/src > hf_rope_dtype.json          (Debian python3-torch 1.13)
#
# Stubbed (the rest of the package is not imported): transformers.utils (is_torch_available, logging),
# deprecate_kwarg (identity), maybe_autocast (torch.autocast), nn.Buffer (the tensor; torch 1.13 has no
# nn.Buffer). modeling_rope_utils.py runs as it is; LlamaRotaryEmbedding is taken from modeling_llama.py with ast
# and executed unchanged. Their code is never committed.
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


def record(name, dtype, posenc_args, config, expected_kind=None):
    rope = LlamaRotaryEmbedding(config)
    x = torch.zeros(1, len(POSITIONS), config.head_dim, dtype=DTYPES[dtype])
    cos, sin = rope(x, torch.tensor([POSITIONS]))
    assert cos.dtype == DTYPES[dtype] and cos.shape == (1, len(POSITIONS), config.head_dim)
    c = {"name": name, "dtype": dtype, "posenc": posenc_args, "attention_scaling": float(rope.attention_scaling),
         "positions": POSITIONS, "cos": [[float(v) for v in row] for row in cos[0]],
         "sin": [[float(v) for v in row] for row in sin[0]]}
    if expected_kind:
        c["expected_kind"] = expected_kind
    return c


cases = []
for key in DTYPES:
    cases.append(record("yarn8-" + key, key, "--method yarn --factor 8 --original-max-position-embeddings 4096",
                        Config(32768, {"rope_type": "yarn", "rope_theta": 10000.0, "factor": 8.0,
                                       "original_max_position_embeddings": 4096})))
    cases.append(record("llama3-" + key, key, "--method llama3",
                        Config(131072, {"rope_type": "llama3", "rope_theta": 500000.0, "factor": 8.0,
                                        "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                                        "original_max_position_embeddings": 8192})))
    cases.append(record("rope-" + key, key, "--method rope --head-dim 128",
                        Config(32768, {"rope_type": "default", "rope_theta": 10000.0})))
    cases.append(record("bug-attention-missing-yarn8-" + key, key,
                        "--method yarn --factor 8 --original-max-position-embeddings 4096",
                        Config(32768, {"rope_type": "yarn", "rope_theta": 10000.0, "factor": 8.0,
                                       "original_max_position_embeddings": 4096, "attention_factor": 1.0}),
                        "attention-factor-missing"))

json.dump({"source": "transformers LlamaRotaryEmbedding.forward (cos/sin .to(x.dtype)) on CPU (torch %s)"
                     % torch.__version__,
           "command": "tests/data/engines/hf_dtype_dump.py (see its header)",
           "revisions": {"zucchini-nlp/transformers": COMMIT}, "cases": cases}, sys.stdout, indent=None)
print()
