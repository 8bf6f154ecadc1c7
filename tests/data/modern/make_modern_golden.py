#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Known answers for issue 20 from the pinned transformers code itself (not a re-implementation).

The functions are taken verbatim out of the pinned revision with `git show REV:path` and Python's ast, their
decorators dropped, and run with Debian's python3-torch (1.13): get_vision_position_ids / get_rope_index of
Qwen2-VL, Qwen2.5-VL, Qwen3-VL and GLM-4V, the rotary classes' forward (cos/sin, float32 as HF computes them),
apply_multimodal_rotary_pos_emb (Qwen2-VL), apply_interleaved_mrope (Qwen3-VL), GLM-4V's apply_mrope +
apply_rotary_pos_emb, Llama 4's NoPE attention-temperature expression (modeling_llama4.py), and the sliding-window
and chunked masks of masking_utils.py (the keys each query sees; the last query's entropy through them).

Run:  /usr/bin/python3 tests/data/modern/make_modern_golden.py \
          --repo /work/.mirror/zucchini-nlp+transformers/repo --rev decba1d2ea4ed3cbf0495d1828abad4b2dba1846 \
          > tests/data/modern/modern_golden.json
"""
import __future__, argparse, ast, contextlib, itertools, json, math, subprocess, sys, textwrap, types
import torch
from torch import nn

ap = argparse.ArgumentParser()
ap.add_argument("--repo", required=True)
ap.add_argument("--rev", required=True)
args = ap.parse_args()
M = "src/transformers/models/"


def source(path):
    return subprocess.run(["git", "-C", args.repo, "show", f"{args.rev}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def function(path, name, cls=None):
    """The source of a function (or method of class `cls`) with its decorators removed."""
    text = source(path)
    tree = ast.parse(text)
    scope = tree.body
    if cls:
        scope = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls).body
    node = next(n for n in scope if isinstance(n, ast.FunctionDef) and n.name == name)
    lines = text.splitlines()
    return textwrap.dedent("\n".join(lines[node.lineno - 1:node.end_lineno])), node.lineno


@contextlib.contextmanager
def maybe_autocast(**kw):
    yield


def load(path, name, cls=None, env=None):
    code, line = function(path, name, cls)
    ns = {"torch": torch, "nn": nn, "itertools": itertools, "math": math, "maybe_autocast": maybe_autocast}
    ns.update(env or {})
    exec(compile(code, f"{path}:{line}", "exec", flags=__future__.annotations.compiler_flag, dont_inherit=True), ns)
    return ns[name], f"{path}:{line}"


class Obj(types.SimpleNamespace):
    pass


sources = {}


def fn(key, path, name, cls=None, env=None):
    f, where = load(path, name, cls, env)
    sources[key] = where
    return f


# ---- position ids ---------------------------------------------------------------------------------------------
q2 = M + "qwen2_vl/modeling_qwen2_vl.py"
q25 = M + "qwen2_5_vl/modeling_qwen2_5_vl.py"
q3 = M + "qwen3_vl/modeling_qwen3_vl.py"
g4 = M + "glm4v/modeling_glm4v.py"
vision_ids = fn("get_vision_position_ids", q2, "get_vision_position_ids", "Qwen2VLModel")


def model(path, cls, tps=None):
    self = Obj(config=Obj(vision_config=Obj(spatial_merge_size=2, tokens_per_second=tps)))
    self.get_vision_position_ids = lambda *a, **k: vision_ids(self, *a, **k)
    f = fn(f"{cls}.get_rope_index", path, "get_rope_index", cls)
    return lambda *a, **k: f(self, *a, **k)


def tokens(layout):
    """mm_token_type_ids for a layout [(kind, n)] (0 text, 1 image, 2 video)."""
    ids = []
    for kind, n in layout:
        ids += [kind] * n
    t = torch.tensor([ids])
    return t, t.clone()


def rope_index(get, layout, images=None, videos=None, **kw):
    ids, types_ = tokens(layout)
    img = torch.tensor(images) if images else None
    vid = torch.tensor(videos) if videos else None
    pos, delta = get(ids, types_, image_grid_thw=img, video_grid_thw=vid, **kw)
    return pos[:, 0, :].tolist(), int(delta.item())


cases = []
# Qwen2-VL: image 4x6 patches -> 2x3 tokens, video 3x4x4 -> 3x2x2
get = model(q2, "Qwen2VLModel")
pos, d = rope_index(get, [(0, 3), (1, 6), (0, 2), (2, 12), (0, 2)], [[1, 4, 6]], [[3, 4, 4]])
cases.append({"name": "qwen2-vl", "rule": "qwen2-vl", "layout": "text:3,image:4x6,text:2,video:3x4x4,text:2",
              "position_ids": pos, "delta": d})
# Qwen2.5-VL: second_per_grid_ts = temporal_patch_size / fps = 2/1 and 2/4 (int() of 0.5 is 0)
get = model(q25, "Qwen2_5_VLModel", tps=2)
pos, d = rope_index(get, [(0, 2), (2, 8), (0, 1), (2, 8), (0, 1), (1, 4), (0, 1)], [[1, 4, 4]],
                    [[2, 4, 4], [2, 4, 4]], second_per_grid_ts=torch.tensor([2.0 / 1.0, 2.0 / 4.0]))
cases.append({"name": "qwen2.5-vl", "rule": "qwen2.5-vl", "tokens_per_second": 2,
              "layout": "text:2,video:2x4x4@1,text:1,video:2x4x4@4,text:1,image:4x4,text:1",
              "position_ids": pos, "delta": d})
# Qwen3-VL: a 2-temporal-patch video is split into two grids (timestamps separate the frames: here one text token)
get = model(q3, "Qwen3VLModel")
pos, d = rope_index(get, [(0, 2), (1, 4), (0, 3), (1, 6), (0, 1), (2, 4), (0, 1), (2, 4), (0, 1)],
                    [[1, 4, 4], [1, 6, 4]], [[2, 4, 4]])
cases.append({"name": "qwen3-vl", "rule": "qwen3-vl",
              "layout": "text:2,image:4x4,text:3,image:6x4,text:1,video:1x4x4,text:1,video:1x4x4,text:1",
              "position_ids": pos, "delta": d})
get = model(g4, "Glm4vModel")
pos, d = rope_index(get, [(0, 1), (1, 8), (0, 2)], [[1, 4, 8]], None)
cases.append({"name": "glm4v", "rule": "qwen3-vl", "layout": "text:1,image:4x8,text:2", "position_ids": pos,
              "delta": d})

# ---- vision_config: the keys the position ids read, from config files shaped like the released ones ------------
# The vision config class's field defaults are read from its source (ast: the annotated assignments of the class
# body); a config.json's vision_config entries override them, as PreTrainedConfig sets its kwargs as attributes.
def class_defaults(path, cls):
    tree = ast.parse(source(path))
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    return {n.target.id: ast.literal_eval(n.value) for n in node.body
            if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.value is not None
            and n.target.id in ("spatial_merge_size", "temporal_patch_size", "tokens_per_second")}


vision_cases = []
root = __file__.rsplit("/tests/", 1)[0]
for cfg_name in ["qwen2.5-vl-7b-full", "qwen2.5-vl-v5-defaults"]:
    with open(f"{root}/tests/data/modern/configs/{cfg_name}.json") as f:
        vc = json.load(f).get("vision_config", {})
    vision = class_defaults(M + "qwen2_5_vl/configuration_qwen2_5_vl.py", "Qwen2_5_VLVisionConfig")
    vision.update({k: v for k, v in vc.items() if k in vision})
    self = Obj(config=Obj(vision_config=Obj(**vision)))
    self.get_vision_position_ids = lambda *a, _s=self, **k: vision_ids(_s, *a, **k)
    f = fn("Qwen2_5_VLModel.get_rope_index", q25, "get_rope_index", "Qwen2_5_VLModel")
    m = vision["spatial_merge_size"]
    # text:2, video 2x4x4 at 1 fps (second_per_grid_ts = temporal_patch_size / fps), text:1, image 4x4, text:1
    n_video = 2 * (4 // m) * (4 // m)
    n_image = (4 // m) * (4 // m)
    pos, d = rope_index(lambda *a, **k: f(self, *a, **k), [(0, 2), (2, n_video), (0, 1), (1, n_image), (0, 1)],
                        [[1, 4, 4]], [[2, 4, 4]],
                        second_per_grid_ts=torch.tensor([vision["temporal_patch_size"] / 1.0]))
    vision_cases.append({"config": f"tests/data/modern/configs/{cfg_name}.json", "vision_config_read": vision,
                         "layout": "text:2,video:2x4x4@1,text:1,image:4x4,text:1", "position_ids": pos, "delta": d})

# ---- cos/sin and the rotated query ------------------------------------------------------------------------------
rotate_half = fn("rotate_half", q2, "rotate_half")
apply_mm = fn("apply_multimodal_rotary_pos_emb", q2, "apply_multimodal_rotary_pos_emb",
              env={"rotate_half": rotate_half})


def rotary(path, cls, head_dim, theta, partial=1.0, section=None):
    cfg = Obj(rope_parameters={"rope_theta": theta, "partial_rotary_factor": partial, "mrope_section": section},
              head_dim=head_dim, hidden_size=head_dim, num_attention_heads=1)
    init = fn(f"{cls}.compute_default_rope_parameters", path, "compute_default_rope_parameters", cls)
    inv, scale = init(cfg, None)
    self = Obj(inv_freq=inv, attention_scaling=scale, mrope_section=section, config=cfg)
    fwd = fn(f"{cls}.forward", path, "forward", cls)
    for extra in ("apply_interleaved_mrope", "apply_mrope"):
        try:
            f = fn(f"{cls}.{extra}", path, extra, cls)
            setattr(self, extra, (lambda f: lambda *a: f(self, *a))(f))
        except StopIteration:
            pass
    return lambda x, p: fwd(self, x, p)


def probe(d):
    return torch.tensor([[math.sin(0.7 * j + 0.3) for j in range(d)]], dtype=torch.float32)


views = []
for case, path, cls, hd, theta, partial, section in [
        (cases[0], q2, "Qwen2VLRotaryEmbedding", 128, 1e6, 1.0, [16, 24, 24]),
        (cases[2], q3, "Qwen3VLTextRotaryEmbedding", 128, 5e6, 1.0, [24, 20, 20]),
        (cases[3], g4, "Glm4vTextRotaryEmbedding", 128, 1e4, 0.5, [8, 12, 12])]:
    rot = rotary(path, cls, hd, theta, partial, section)
    pos = torch.tensor(case["position_ids"])[:, None, :]
    x = torch.zeros(1, pos.shape[-1], hd)
    cos, sin = rot(x, pos)
    q = probe(hd).expand(1, 1, pos.shape[-1], hd).contiguous()  # (batch, heads, seq, head_dim)
    if cls.startswith("Qwen2VL"):
        qe, _ = apply_mm(q, q, cos, sin, section)
        cos_used = torch.cat([m[i % 3] for i, m in enumerate(cos.split(section * 2, dim=-1))], dim=-1)
    elif cls.startswith("Qwen3VL"):
        env = {"rotate_half": rotate_half}
        apply = fn("qwen3_vl.apply_rotary_pos_emb", q3, "apply_rotary_pos_emb", env=env)
        qe, _ = apply(q, q, cos, sin)
        cos_used = cos[0]
    else:
        rhl = fn("rotate_half_llm", g4, "rotate_half_llm")
        apply = fn("glm4v.apply_rotary_pos_emb", g4, "apply_rotary_pos_emb", env={"rotate_half_llm": rhl})
        qe, _ = apply(q, q, cos, sin)
        cos_used = cos[0][..., : cos.shape[-1] // 2].repeat_interleave(2, dim=-1)  # as apply_rotary_pos_emb uses it
    views.append({"case": case["name"], "class": cls, "head_dim": hd, "rope_theta": theta,
                  "partial_rotary_factor": partial, "mrope_section": section, "probe": probe(hd)[0].tolist(),
                  "cos": cos_used.reshape(pos.shape[-1], -1).double().tolist(),
                  "rotated": qe[0, 0].double().tolist()})

# ---- Llama 4 NoPE temperature --------------------------------------------------------------------------------
l4 = M + "llama4/modeling_llama4.py"
text = source(l4)
tree = ast.parse(text)
attn = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Llama4TextAttention")
fwd = next(n for n in attn.body if isinstance(n, ast.FunctionDef) and n.name == "forward")
assign = next(n for n in ast.walk(fwd) if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "attn_scales")
expr = ast.get_source_segment(text, assign.value)
sources["llama4 attn_scales"] = f"{l4}:{assign.lineno}"
positions = torch.tensor([0, 1, 8190, 8191, 8192, 16383, 16384, 100000, 1048575, 10485759])
scales = []
for floor_scale, attn_scale in [(8192, 0.1), (4096, 0.25)]:
    self = Obj(floor_scale=floor_scale, attn_scale=attn_scale)
    v = eval(expr, {"torch": torch, "self": self, "positions": positions})
    scales.append({"floor_scale": floor_scale, "attn_scale": attn_scale, "positions": positions.tolist(),
                   "scale": v.double().tolist(), "expression": expr})

# ---- the new presets' inv_freq from modeling_rope_utils / the models' rotary classes ------------------------------
ru = "src/transformers/modeling_rope_utils.py"
root = __file__.rsplit("/tests/", 1)[0]


def preset(name):
    with open(f"{root}/resources/presets/{name}.json") as f:
        c = json.load(f)
    return c.get("text_config", c)


def fake(c, rope, head_dim=None):
    cfg = Obj(rope_parameters=rope, head_dim=head_dim or c.get("head_dim"), hidden_size=c["hidden_size"],
              num_attention_heads=c["num_attention_heads"], max_position_embeddings=c["max_position_embeddings"])
    cfg.standardize_rope_params = lambda: None  # the rope dicts below are already in the standard form
    return cfg


def inv(f, cfg, **kw):
    v, att = f(cfg, None, **kw)
    return {"inv_freq": v.double().tolist(), "attention_factor": float(att)}


preset_inv = {}
c = preset("llama-4-scout")
f = fn("_compute_llama3_parameters", ru, "_compute_llama3_parameters")
cfg = fake(c, dict(c["rope_scaling"], rope_theta=c["rope_theta"]))
cfg.per_layer_config = {}
preset_inv["llama-4-scout"] = {"rope": inv(f, cfg)}
c = preset("gemma-3-27b")
lin = fn("_compute_linear_scaling_rope_parameters", ru, "_compute_linear_scaling_rope_parameters")
dflt = fn("Gemma3RotaryEmbedding.compute_default_rope_parameters", M + "gemma3/modeling_gemma3.py",
          "compute_default_rope_parameters", "Gemma3RotaryEmbedding")
cfg = fake(c, {"full_attention": dict(c["rope_scaling"], rope_theta=c["rope_theta"]),
               "sliding_attention": {"rope_type": "default", "rope_theta": c["rope_local_base_freq"]}})
cfg.per_layer_config = {"full_attention": cfg, "sliding_attention": cfg}
preset_inv["gemma-3-27b"] = {"full_attention": inv(lin, cfg, layer_type="full_attention"),
                             "sliding_attention": inv(dflt, cfg, layer_type="sliding_attention")}
c = preset("gemma-4-e2b")
prop = fn("_compute_proportional_rope_parameters", ru, "_compute_proportional_rope_parameters")
dflt4 = fn("Gemma4TextRotaryEmbedding.compute_default_rope_parameters", M + "gemma4/modeling_gemma4.py",
           "compute_default_rope_parameters", "Gemma4TextRotaryEmbedding")
cfg = fake(c, c["rope_parameters"])
full = fake(c, c["rope_parameters"], head_dim=c["global_head_dim"])  # per_layer_config: head_dim = global_head_dim
cfg.per_layer_config = {"full_attention": full, "sliding_attention": cfg}
preset_inv["gemma-4-e2b"] = {"full_attention": inv(prop, cfg, layer_type="full_attention"),
                             "sliding_attention": inv(dflt4, cfg, layer_type="sliding_attention")}
for name, path, cls in [("qwen2.5-vl-7b", q25, "Qwen2_5_VLRotaryEmbedding"),
                        ("qwen3-vl-8b", q3, "Qwen3VLTextRotaryEmbedding")]:
    c = preset(name)
    f = fn(f"{cls}.compute_default_rope_parameters", path, "compute_default_rope_parameters", cls)
    cfg = fake(c, {"rope_type": "default", "rope_theta": c["rope_theta"]})
    preset_inv[name] = {"rope": inv(f, cfg)}


# ---- attention spans: which keys a query sees (masking_utils.py) and the entropy of the last query -------------
# HF's own mask functions (sliding_window_overlay, chunked_overlay, causal_mask_function, and_masks) decide the
# keys; the logits are q_rot . k_rot / sqrt(head_dim) (eager_attention_forward's matmul * scaling) for q = k = 1
# rotated by modeling_llama.py's apply_rotary_pos_emb, with cos/sin = cat(freqs, freqs) of inv_freq from
# LlamaRotaryEmbedding.compute_default_rope_parameters. Everything runs in float64 (HF's float32 casts are
# replaced by float64: `torch.float` is float64 in the namespace the function runs in), so the values are the
# float64 reference for the explorer's entropy.
mu = "src/transformers/masking_utils.py"
ll = M + "llama/modeling_llama.py"
and_masks = fn("and_masks", mu, "and_masks")
causal = fn("causal_mask_function", mu, "causal_mask_function")
sliding = fn("sliding_window_overlay", mu, "sliding_window_overlay")
chunked = fn("chunked_overlay", mu, "chunked_overlay")
rotate_half = fn("llama.rotate_half", ll, "rotate_half")
apply_rope = fn("llama.apply_rotary_pos_emb", ll, "apply_rotary_pos_emb", env={"rotate_half": rotate_half})


class Float64Torch:
    float = torch.float64

    def __getattr__(self, name):
        return getattr(torch, name)


llama_default = fn("LlamaRotaryEmbedding.compute_default_rope_parameters", ll, "compute_default_rope_parameters",
                   "LlamaRotaryEmbedding", env={"torch": Float64Torch()})


def span_mask(kind, size):
    if kind == "sliding":
        return and_masks(sliding(size), causal)
    if kind == "chunked":
        return and_masks(chunked(size, torch.zeros(1, dtype=torch.long)), causal)
    return causal


def visible(kind, size, q, n):
    b = torch.zeros((), dtype=torch.long)
    return span_mask(kind, size)(b, b, torch.tensor(q), torch.arange(n))


span_cases = []
for kind, size in [("sliding", 5), ("chunked", 4), ("full", 0)]:
    span_cases.append({"attention": kind, "window": size,
                       "keys_seen": [int(visible(kind, size, q, 16).sum()) for q in range(16)]})
entropy_cases = []
for theta, head_dim, kind, size, lengths in [
        (1e4, 16, "sliding", 64, [1, 10, 63, 64, 65, 100, 300]),
        (1e4, 16, "chunked", 48, [1, 10, 47, 48, 49, 96, 97, 100, 300]),
        (1e4, 128, "sliding", 1024, [512, 1024, 1025, 4096]),  # Gemma 3's sliding layers: theta 1e4, window 1024
        (5e5, 128, "chunked", 8192, [8192, 8193, 20000])]:      # Llama 4's RoPE layers: chunks of 8192
    cfg = Obj(rope_parameters={"rope_theta": theta}, head_dim=head_dim)
    inv_freq, _ = llama_default(cfg)
    n_max = max(lengths)
    freqs = torch.arange(n_max, dtype=torch.float64)[:, None] * inv_freq[None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    ones = torch.ones(1, 1, n_max, head_dim, dtype=torch.float64)
    q, k = apply_rope(ones, ones, emb.cos()[None], emb.sin()[None])
    out = []
    for n in lengths:
        logits = (q[0, 0, n - 1] @ k[0, 0, :n].T) * head_dim ** -0.5
        keep = visible(kind, size, n - 1, n)
        lp = torch.log_softmax(logits[keep], dim=-1)
        out.append({"length": n, "keys": int(keep.sum()), "entropy": float(-(lp.exp() * lp).sum())})
    entropy_cases.append({"method": "rope", "theta": theta, "head_dim": head_dim, "attention": kind,
                          "window": size, "score": "all-ones", "cases": out})

json.dump({"transformers_revision": args.rev, "torch": torch.__version__, "sources": sources,
           "command": "/usr/bin/python3 tests/data/modern/make_modern_golden.py --repo <transformers mirror> "
                      "--rev " + args.rev,
           "position_cases": cases, "rotary_cases": views, "llama4_nope_scale": scales,
           "preset_inv_freq": preset_inv, "vision_config_cases": vision_cases,
           "attention_span_keys": span_cases, "attention_span_entropy": entropy_cases}, sys.stdout, indent=1)
