# Known-answer probe (run outside the repo, next to vLLM's dual_chunk_rope.py; see vllm_dual_chunk.json).
# Runs vLLM's DualChunkRotaryEmbedding.forward_native (CPU) with a 2-channel head and a probe
# frequency 2^-40, so the rotated unit vector's sine component is position * 2^-40 exactly;
# reads back the position each query set and the key were rotated by.
import json, sys, torch
torch.cuda.current_device = lambda: 0
from vllm.model_executor.layers.rotary_embedding.dual_chunk_rope import DualChunkRotaryEmbedding as D
PROBE = 2.0 ** -40
D._compute_inv_freq = lambda self, base: torch.tensor([PROBE], dtype=torch.float)
def make(chunk, local, maxpos):
    real_device = torch.device
    torch.device = lambda s: real_device("cpu")
    try:
        return D(2, 2, maxpos, 10000.0, True, torch.float32, chunk, local)
    finally:
        torch.device = real_device
def run(chunk, local, maxpos, positions):
    m = make(chunk, local, maxpos)
    pos = torch.tensor(positions, dtype=torch.long)
    unit = torch.tensor([[1.0, 0.0]]).repeat(len(positions), 1)
    q, k = m.forward_native(pos, unit.clone(), unit.clone())
    q = q.reshape(len(positions), 5, 2)
    rd = lambda s: [int(round(float(v) / PROBE)) for v in s]
    names = ["intra", "succ", "inter", "succ_critical", "inter_critical"]
    out = {"chunk_size": chunk, "local_size": local, "max_position_embeddings": maxpos,
           "positions": positions, "key": rd(k[:, 1])}
    for i, n in enumerate(names):
        out["query_" + n] = rd(q[:, i, 1])
    return out
c1 = 262144 - 8192
pre = [0, 1, 8191, 8192, c1 - 1, c1, c1 + 1, 262143, 262144, 2 * c1 - 1, 2 * c1, 2 * c1 + 12345, 3 * c1, 1009999]
small = list(range(0, 32))
json.dump({"preset": run(262144, 8192, 1010000, pre), "small": run(8, 3, 32, small)}, sys.stdout, indent=1)
