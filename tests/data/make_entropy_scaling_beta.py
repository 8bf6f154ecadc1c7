#!/usr/bin/env python3
"""Known answer for `compute entropy --temperature llama4-scaling-beta` from Hugging Face's Ministral 3 code.

Run with Debian's python3-torch from a transformers git clone (zucchini-nlp/transformers):
    /usr/bin/python3 make_entropy_scaling_beta.py /path/to/transformers > entropy_scaling_beta.json
At revision REV (make_hf_rotary_cases.py loads the functions verbatim with ast, nothing of transformers is
imported): Ministral3RotaryEmbedding (modeling_ministral3.py:273-328, default RoPE, float32 cos/sin),
apply_rotary_pos_emb (:43-65) and get_llama_4_attn_scale (:105-107), applied as Ministral3Attention.forward does
(:144-150: the query after RoPE times the scale at its position, keys unscaled), then eager attention's logits
(q k^T * head_dim^-0.5, :80-102) for the last query of n tokens with q = k = 1 (the all-ones score), softmax and
its entropy in float64. beta 0.5 and L0 64 (small, so that the scale steps inside a short context).
"""
import json, sys

import torch

from make_hf_rotary_cases import REV, Config, load, stubs

HEAD_DIM, THETA, BETA, L0 = 32, 10000.0, 0.5, 64
LENGTHS = [1, 50, 64, 65, 66, 128, 129, 300, 400]


def main(repo):
    ns = stubs()
    ns["ROPE_INIT_FUNCTIONS"] = {}
    exec(load(repo, "src/transformers/models/ministral3/modeling_ministral3.py",
              {"Ministral3RotaryEmbedding", "rotate_half", "apply_rotary_pos_emb", "get_llama_4_attn_scale"}), ns)
    cfg = Config(head_dim=HEAD_DIM, hidden_size=HEAD_DIM * 4, num_attention_heads=4, max_position_embeddings=4096,
                 rope_parameters={"rope_type": "default", "rope_theta": THETA, "llama_4_scaling_beta": BETA,
                                  "original_max_position_embeddings": L0})
    rot = ns["Ministral3RotaryEmbedding"](cfg)
    out = []
    for n in LENGTHS:
        pos = torch.arange(n, dtype=torch.long)[None, :]
        cos, sin = rot(torch.zeros(1, n, HEAD_DIM), pos)
        ones = torch.ones(1, 1, n, HEAD_DIM)
        q, k = ns["apply_rotary_pos_emb"](ones, ones, cos, sin)
        q = q * ns["get_llama_4_attn_scale"](pos, BETA, L0).to(q.dtype)
        logits = (q[0, 0, -1].double() @ k[0, 0].double().T) * HEAD_DIM ** -0.5
        p = torch.softmax(logits, dim=-1)
        out.append(float(-(p * torch.log(p)).sum()))
    json.dump({"revision": REV, "torch": torch.__version__,
               "command": "/usr/bin/python3 tests/data/make_entropy_scaling_beta.py <transformers clone>",
               "method": "rope", "head_dim": HEAD_DIM, "base": THETA, "beta": BETA, "beta_length": L0,
               "score": "all-ones", "lengths": LENGTHS, "entropy": out}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main(sys.argv[1])
