#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Known answers from vLLM's own rotary-embedding classes in the model dtype (posenc's harness, not vLLM's code).
# RotaryEmbedding.__init__ builds the cache in float32 (_compute_cos_sin_cache: torch.arange(..., dtype=float),
# cos()/sin() [* mscale]) and then converts it: `cache = cache.to(dtype)` (vllm/model_executor/layers/
# rotary_embedding/base.py line 36 at 04458da08417899fc04046216c986d28abeb85af; YaRNScalingRotaryEmbedding's
# _compute_cos_sin_cache, yarn_scaling_rope.py lines 80-89 at 0cd5784803d8, multiplies by mscale in float32 before
# that conversion). The cache a bf16/f16 model serves is therefore round(float32 cache) in that dtype.
# Recorded command for tests/data/engines/vllm_rope_dtype.json:
#
#   1. read base.py (lines 1-60: __init__, _compute_inv_freq, _compute_cos_sin_cache; the forward_* methods left
#      out), yarn_scaling_rope.py and llama3_rope.py of vllm-project/vllm (revisions in the JSON) with the search
#      tool's read_file into /tmp/engines-vllm/vllm/model_executor/layers/rotary_embedding/; common.py: only its
#      yarn_* functions (002d181a55a0; yarn_find_correction_range given a `truncate` argument that must be True, the
#      floor/ceil it has); stubs: vllm.model_executor.custom_op.CustomOp = nn.Module with a no-op register,
#      rocm_aiter_rope_ops.is_rocm_rotatry_embedding_enabled() = False. Their code is never committed.
#   2. PYTHONPATH=/tmp/engines-vllm /usr/bin/python3 vllm_dtype_dump.py > vllm_rope_dtype.json  (Debian python3-torch)
#
# "bug-attention-missing-*": the same class built with attention_factor=1.0, i.e. YaRN's mscale dropped (the
# vLLM/SGLang/llama.cpp bugs in ../shared/docs/engines.md), in the same dtype: posenc must diagnose it.
import json
import sys

import torch

from vllm.model_executor.layers.rotary_embedding.base import RotaryEmbedding
from vllm.model_executor.layers.rotary_embedding.llama3_rope import Llama3RotaryEmbedding
from vllm.model_executor.layers.rotary_embedding.yarn_scaling_rope import YaRNScalingRotaryEmbedding

POSITIONS = [0, 1, 2, 7, 100, 1000, 4095, 4096, 8191]
DTYPES = {"bf16": torch.bfloat16, "f16": torch.float16}


def record(name, dtype, posenc_args, rope, expected_kind=None):
    cache = rope.cos_sin_cache
    assert cache.dtype == DTYPES[dtype], cache.dtype
    c = {"name": name, "dtype": dtype, "posenc": posenc_args, "positions": POSITIONS,
         "cos_sin_cache": [[float(v) for v in cache[p]] for p in POSITIONS]}
    if expected_kind:
        c["expected_kind"] = expected_kind
    return c


cases = []
for key, dt in DTYPES.items():
    cases.append(record("yarn8-" + key, key, "--method yarn --factor 8 --original-max-position-embeddings 4096",
                        YaRNScalingRotaryEmbedding(128, 128, 4096, 10000.0, True, 8.0, dt, beta_fast=32,
                                                   beta_slow=1)))
    cases.append(record("llama3-" + key, key, "--method llama3",
                        Llama3RotaryEmbedding(128, 128, 8192, 500000.0, True, dt, 8.0, 1.0, 4.0, 8192)))
    cases.append(record("rope-" + key, key, "--method rope --head-dim 128",
                        RotaryEmbedding(128, 128, 8192, 10000.0, True, dt)))
    cases.append(record("bug-attention-missing-yarn8-" + key, key,
                        "--method yarn --factor 8 --original-max-position-embeddings 4096",
                        YaRNScalingRotaryEmbedding(128, 128, 4096, 10000.0, True, 8.0, dt, attention_factor=1.0),
                        "attention-factor-missing"))

json.dump({"source": "vLLM rotary_embedding classes run on CPU, cos_sin_cache in the model dtype (torch %s)"
                     % torch.__version__,
           "command": "tests/data/engines/vllm_dtype_dump.py (see its header)",
           "revisions": {"base.py": "04458da08417899fc04046216c986d28abeb85af",
                         "yarn_scaling_rope.py": "0cd5784803d83f81fac0794b82cb592d4317d4bf",
                         "llama3_rope.py": "045d7575500e01e0f4a7ff84e039a9f7f7dc3bd0",
                         "common.py": "002d181a55a03803d7d69547846630069d2378b8 (yarn_* functions)"},
           "cases": cases}, sys.stdout, indent=None)
print()
