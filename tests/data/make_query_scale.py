#!/usr/bin/env python3
"""Known answers for `posenc check --quantity query-scale` from Hugging Face's own code.

Run with Debian's python3-torch from a transformers git clone (zucchini-nlp/transformers):
    /usr/bin/python3 tests/data/make_query_scale.py /path/to/transformers > tests/data/query_scale.json
At revision REV (make_hf_rotary_cases.py loads the function verbatim with ast, nothing of transformers is imported):
- Ministral 3: get_llama_4_attn_scale (modeling_ministral3.py:105-107) with beta 0.1 and L0 16384
  (configuration_ministral3.py:96-107), position_ids as Ministral3Attention.forward passes them (:146-150): int64,
  the scale is float32 (torch.floor of an int64 / int division is float32).
- Llama 4 NoPE layers: Llama4TextAttention.forward's temperature (modeling_llama4.py:366-374), the expression
  evaluated from the source lines at REV with floor_scale 8192, attn_scale 0.1 (configuration_llama4.py:170-172).
The tables are the multiplier on the query (keys unscaled), one value per position, float32 as the code makes it.
"""
import json, subprocess, sys

import torch

from make_hf_rotary_cases import REV, load, stubs

POSITIONS = [0, 1, 8190, 8191, 16383, 16384, 16385, 32767, 32768, 65535, 131071, 131072, 262143]
BETA, L0, MAX_POS = 0.1, 16384, 262144
FLOOR_SCALE, ATTN_SCALE = 8192.0, 0.1


def llama4_nope(repo, positions):
    src = subprocess.run(["git", "-C", repo, "show", f"{REV}:src/transformers/models/llama4/modeling_llama4.py"],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    # the attn_scales expression of the NoPE branch, as written (the lines after "attn_scales = (")
    start = next(i for i, l in enumerate(src) if l.strip() == "attn_scales = (")
    expr = src[start + 1].strip()
    assert "floor_scale" in expr and "attn_scale" in expr, expr

    class Layer:
        floor_scale, attn_scale = FLOOR_SCALE, ATTN_SCALE
    return eval(expr, {"torch": torch, "self": Layer(), "positions": positions}), expr


def main(repo):
    ns = stubs()
    exec(load(repo, "src/transformers/models/ministral3/modeling_ministral3.py", {"get_llama_4_attn_scale"}), ns)
    pos = torch.tensor(POSITIONS, dtype=torch.long)[None, :]
    ministral = ns["get_llama_4_attn_scale"](pos, BETA, L0).reshape(-1)
    # the wrong forms, each made by the same HF function: L0 = max_position_embeddings; positions + 1 (Llama 4's
    # floor((pos + 1) / L0)); the scale on q and on k (the logits carry its square, computed in float32)
    wrong_length = ns["get_llama_4_attn_scale"](pos, BETA, MAX_POS).reshape(-1)
    plus_one = ns["get_llama_4_attn_scale"](pos + 1, BETA, L0).reshape(-1)
    squared = ministral * ministral
    nope, expr = llama4_nope(repo, torch.tensor(POSITIONS, dtype=torch.long))
    # Llama 4's expression at positions - 1: floor(pos / floor_scale), Ministral 3's form
    nope_minus_one, _ = llama4_nope(repo, torch.tensor(POSITIONS, dtype=torch.long) - 1)
    json.dump({"revision": REV, "torch": torch.__version__,
               "command": "/usr/bin/python3 tests/data/make_query_scale.py <transformers clone>",
               "positions": POSITIONS,
               "ministral3": {"beta": BETA, "original_max_position_embeddings": L0,
                              "max_position_embeddings": MAX_POS, "dtype": str(ministral.dtype),
                              "scale": [float(x) for x in ministral],
                              "scale_with_max_position_embeddings": [float(x) for x in wrong_length],
                              "scale_at_positions_plus_one": [float(x) for x in plus_one],
                              "scale_squared": [float(x) for x in squared]},
               "llama4_nope": {"floor_scale": FLOOR_SCALE, "attn_scale": ATTN_SCALE, "expression": expr,
                               "dtype": str(nope.dtype), "scale": [float(x) for x in nope],
                               "scale_at_positions_minus_one": [float(x) for x in nope_minus_one]}},
              sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main(sys.argv[1])
