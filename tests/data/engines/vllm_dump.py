#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Known answers from vLLM's own rotary-embedding classes (posenc's harness, not vLLM's code). Recorded command for
# tests/data/engines/vllm_rope.json:
#
#   1. read vllm/model_executor/layers/rotary_embedding/{common,base,yarn_scaling_rope,deepseek_scaling_rope,
#      dynamic_ntk_scaling_rope,phi3_long_rope_scaled_rope,llama3_rope,ntk_scaling_rope}.py of vllm-project/vllm
#      with the search tool's read_file (revisions in the JSON's "revisions") into /tmp/engines-vllm/vllm/..., the
#      forward_* methods left out; stub the imports they need (vllm.platforms: CPU; vllm.model_executor.custom_op:
#      CustomOp = nn.Module; vllm.config: get_current_vllm_config() with the max_model_len set below; logger,
#      torch_utils, flashinfer, forward_context, rocm_aiter_rope_ops: no-ops). Their code is never committed.
#   2. PYTHONPATH=/tmp/engines-vllm python3 vllm_dump.py > vllm_rope.json     (Debian python3-torch)
import json
import sys

import torch

from vllm import config as vcfg
from vllm.model_executor.layers.rotary_embedding.deepseek_scaling_rope import DeepseekScalingRotaryEmbedding
from vllm.model_executor.layers.rotary_embedding.dynamic_ntk_scaling_rope import DynamicNTKScalingRotaryEmbedding
from vllm.model_executor.layers.rotary_embedding.llama3_rope import Llama3RotaryEmbedding
from vllm.model_executor.layers.rotary_embedding.ntk_scaling_rope import NTKScalingRotaryEmbedding
from vllm.model_executor.layers.rotary_embedding.phi3_long_rope_scaled_rope import Phi3LongRoPEScaledRotaryEmbedding
from vllm.model_executor.layers.rotary_embedding.yarn_scaling_rope import YaRNScalingRotaryEmbedding

F32 = torch.float32
POSITIONS = [0, 1, 2, 7, 100, 1000, 4095, 4096, 8191]


def rows(cache, positions, half):
    cos = [[float(v) for v in cache[p, :half]] for p in positions]
    sin = [[float(v) for v in cache[p, half:2 * half]] for p in positions]
    return cos, sin


def record(name, posenc_args, rope, inv_freq, mscale, cache, half, positions=POSITIONS):
    cos, sin = rows(cache, positions, half)
    return {"name": name, "posenc": posenc_args, "inv_freq": [float(v) for v in inv_freq], "mscale": float(mscale),
            "positions": positions, "cos": cos, "sin": sin}


cases = []

r = YaRNScalingRotaryEmbedding(128, 128, 4096, 10000.0, True, 8.0, F32, beta_fast=32, beta_slow=1)
cases.append(record("yarn8", "--method yarn --factor 8 --original-max-position-embeddings 4096", r,
                    r._compute_inv_freq(8.0), r.mscale, r.cos_sin_cache, 64))

r = YaRNScalingRotaryEmbedding(128, 128, 32768, 1000000.0, True, 4.0, F32, truncate=False, attention_factor=0.8)
cases.append(record("yarn4-untruncated-attention",
                    "--method yarn --factor 4 --original-max-position-embeddings 32768 --base 1000000 "
                    "--truncate false --attention-factor 0.8", r, r._compute_inv_freq(4.0), r.mscale,
                    r.cos_sin_cache, 64))

r = DeepseekScalingRotaryEmbedding(64, 64, 4096, 10000.0, True, 40.0, F32, mscale=0.707)
cases.append(record("deepseek-mscale-only", "--method yarn --head-dim 64 --factor 40 "
                    "--original-max-position-embeddings 4096 --mscale 0.707", r, r._compute_inv_freq(40.0),
                    r.mscale, r.cos_sin_cache, 32))

r = DeepseekScalingRotaryEmbedding(64, 64, 4096, 10000.0, False, 40.0, F32, mscale=1.0, mscale_all_dim=1.0)
cases.append(record("deepseek-v3", "--method yarn --head-dim 64 --factor 40 --original-max-position-embeddings 4096 "
                    "--mscale 1 --mscale-all-dim 1 --pairing interleaved", r, r._compute_inv_freq(40.0), r.mscale,
                    r.cos_sin_cache, 32))

# dynamic NTK: served at max_model_len 16384 (= the cache length), trained 4096, factor 2
r = DynamicNTKScalingRotaryEmbedding(128, 128, 16384, 4096, 10000.0, True, 2.0, F32)
base = 10000.0 * ((2.0 * 16384 / 4096) - (2.0 - 1)) ** (128 / 126)
cases.append(record("dynamic2-at-16384", "--method dynamic-ntk --factor 2 --original-max-position-embeddings 4096 "
                    "--max-model-len 16384", r, r._compute_inv_freq(base), 1.0, r.cos_sin_cache, 64))

r = NTKScalingRotaryEmbedding(128, 128, 8192, 10000.0, True, 4.0, F32)
cases.append(record("ntk4", "--method ntk-aware --factor 4", r, r._compute_inv_freq(10000.0), 1.0,
                    r.cos_sin_cache, 64))

r = Llama3RotaryEmbedding(128, 128, 8192, 500000.0, True, F32, 8.0, 1.0, 4.0, 8192)
cases.append(record("llama3", "--method llama3", r, r._compute_inv_freq(500000.0), 1.0, r.cos_sin_cache, 64))

short = [1.0 + 0.01 * i for i in range(48)]
long = [1.0 + 0.5 * i for i in range(48)]
lists = "--short-factor " + ",".join(repr(v) for v in short) + " --long-factor " + ",".join(repr(v) for v in long)
for mml in (131072, 4096):
    vcfg._cfg.model_config.max_model_len = mml
    r = Phi3LongRoPEScaledRotaryEmbedding(96, 96, 131072, 4096, 10000.0, True, F32, short, long)
    off = 4096 if r.use_long_rope else 0
    factors = long if r.use_long_rope else short
    cache = r.long_short_cos_sin_cache[off:]
    cases.append(record("longrope-max-model-len-%d" % mml,
                        "--method longrope --head-dim 96 --factor 32 --original-max-position-embeddings 4096 "
                        "--seq-len 100 --max-model-len %d " % mml + lists, r, r._compute_inv_freq(factors),
                        r.long_mscale if r.use_long_rope else r.short_mscale, cache, 48,
                        [p for p in POSITIONS if p < cache.shape[0]]))

json.dump({"source": "vLLM rotary_embedding classes run on CPU, float32 (torch %s)" % torch.__version__,
           "command": "tests/data/engines/vllm_dump.py (see its header)",
           "revisions": {"yarn_scaling_rope.py": "0cd5784803d83f81fac0794b82cb592d4317d4bf",
                         "deepseek_scaling_rope.py": "00d678e109f09c2d1845e7a6626ba9fd5980e4f0",
                         "dynamic_ntk_scaling_rope.py": "newest stored copy (max_trained_positions), index id "
                                                        "70173110820",
                         "phi3_long_rope_scaled_rope.py": "17d618b0f944610b73e79e6726983fbe7679f613",
                         "llama3_rope.py": "045d7575500e01e0f4a7ff84e039a9f7f7dc3bd0",
                         "ntk_scaling_rope.py": "03587f553db4139402cc19f424c488c8e2fe25d1",
                         "base.py": "04458da08417899fc04046216c986d28abeb85af",
                         "common.py": "002d181a55a03803d7d69547846630069d2378b8 (+ yarn_find_correction_range "
                                      "with truncate from the newer copy, index id 857575759)"},
           "cases": cases}, sys.stdout, indent=None)
print()
