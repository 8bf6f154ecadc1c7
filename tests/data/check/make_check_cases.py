#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Tables for tst_check: correct tables and tables with one known bug each, computed here with NumPy from the
reference formulas (transformers modeling_rope_utils.py: _compute_default/linear/dynamic/yarn/llama3/longrope
parameters, LlamaRotaryEmbedding.forward; vLLM's cos_sin_cache; ggml's theta_scale recurrence), independently
of posenc's C++ code. Writes *.npy / *.safetensors / *.csv next to this file and cases.json:
    [{"file", "args": [posenc check flags], "exit": 0|1, "kind": first diagnosis kind or null}]
Reproduce:  cd tests/data/check && python3 make_check_cases.py
"""
import json
import math
import os
import struct

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []


def rope_inv(base, d):
    return 1.0 / (base ** (np.arange(0, d, 2, dtype=np.float64) / d))


def mscale(s, m=1.0):
    return 1.0 if s <= 1 else 0.1 * m * math.log(s) + 1.0


def yarn_inv(base, d, s, L0, beta_fast=32.0, beta_slow=1.0, truncate=True):
    # HF _compute_yarn_parameters
    pos_freqs = base ** (np.arange(0, d, 2, dtype=np.float64) / d)
    extra, inter = 1.0 / pos_freqs, 1.0 / (s * pos_freqs)

    def corr_dim(n):
        return (d * math.log(L0 / (n * 2 * math.pi))) / (2 * math.log(base))

    low, high = corr_dim(beta_fast), corr_dim(beta_slow)
    if truncate:
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, d - 1)
    if low == high:
        high += 0.001
    ramp = np.clip((np.arange(d // 2, dtype=np.float64) - low) / (high - low), 0, 1)
    extrap_factor = 1 - ramp
    return inter * (1 - extrap_factor) + extra * extrap_factor


def yarn_paper_inv(base, d, s, L0, alpha=1.0, beta=32.0):
    theta = rope_inv(base, d)
    r = L0 * theta / (2 * math.pi)
    g = np.clip((r - alpha) / (beta - alpha), 0, 1)
    return (1 - g) * theta / s + g * theta


def llama3_inv(base, d, s, L0, low=1.0, high=4.0):
    inv = rope_inv(base, d)
    wl = 2 * math.pi / inv
    low_wl, high_wl = L0 / low, L0 / high
    out = np.where(wl > low_wl, inv / s, inv)
    smooth = (L0 / wl - low) / (high - low)
    smoothed = (1 - smooth) * out / s + smooth * out
    med = ~(wl < high_wl) & ~(wl > low_wl)
    return np.where(med, smoothed, out)


def dynamic_inv(base, d, s, L, seq):
    seq = max(seq, L)
    b = base * ((s * seq / L) - (s - 1)) ** (d / (d - 2))
    return rope_inv(b, d)


def angles(inv, start, count, pos_scale=1.0, pos_off=0.0):
    m = np.arange(start, start + count, dtype=np.float64) * pos_scale + pos_off
    return np.outer(m, inv)


def half(x):  # HF cat(freqs, freqs)
    return np.concatenate([x, x], axis=1)


def inter(x):  # repeat_interleave
    return np.repeat(x, 2, axis=1)


def save_npy(name, a, dtype=np.float64):
    np.save(os.path.join(HERE, name), np.ascontiguousarray(a.astype(dtype)))


def to_bf16_bits(a):
    f = np.ascontiguousarray(a.astype(np.float32)).view(np.uint32).astype(np.uint64)
    rounded = (f + 0x7FFF + ((f >> 16) & 1)) >> 16  # round to nearest even
    return rounded.astype(np.uint16)


def save_safetensors_bf16(name, tensor, a):
    bits = to_bf16_bits(a)
    data = bits.tobytes()
    header = json.dumps({tensor: {"dtype": "BF16", "shape": list(a.shape), "data_offsets": [0, len(data)]}})
    header += " " * ((8 - len(header) % 8) % 8)
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(struct.pack("<Q", len(header)) + header.encode() + data)


def case(file, args, exit_code, kind=None, slice_index=None):
    c = {"file": file, "args": args, "exit": exit_code, "kind": kind}
    if slice_index is not None:  # a tensor with leading dimensions: the slice the report names
        c["slice"] = slice_index
    cases.append(c)


N = 96
YARN8 = ["--method", "yarn", "--head-dim", "128", "--factor", "8", "--original-max-position-embeddings", "4096"]
a8 = mscale(8)
y8 = yarn_inv(1e4, 128, 8, 4096)

# ---------------- correct tables (exit 0) ----------------
save_npy("ok_rope_half_f64.npy", half(np.cos(angles(rope_inv(1e4, 128), 0, N))))
case("ok_rope_half_f64.npy", ["--method", "rope", "--quantity", "cos"], 0)
save_npy("ok_rope_pairs_sin_f32.npy", np.sin(angles(rope_inv(1e4, 64), 0, N)), np.float32)
case("ok_rope_pairs_sin_f32.npy", ["--method", "rope", "--head-dim", "64", "--quantity", "sin"], 0)
# wrong-looking but correct: interleaved pairing, declared as such
save_npy("ok_rope_interleaved.npy", inter(np.cos(angles(rope_inv(1e4, 128), 0, N))))
case("ok_rope_interleaved.npy", ["--method", "rope", "--pairing", "interleaved", "--quantity", "cos"], 0)
case("ok_rope_interleaved.npy", ["--method", "rope", "--layout", "interleaved", "--quantity", "cos"], 0)
# HF in float32 (inv_freq, positions, product and cos in float32) at long positions
inv32 = (1.0 / (np.float32(1e4) ** (np.arange(0, 128, 2).astype(np.float32) / np.float32(128)))).astype(np.float32)
inv32y = y8.astype(np.float32)
m32 = np.arange(32000, 32000 + 64, dtype=np.float32)
save_npy("ok_yarn_hf_f32.npy", half(np.cos(np.outer(m32, inv32y)) * np.float32(a8)), np.float32)
case("ok_yarn_hf_f32.npy", YARN8 + ["--quantity", "cos", "--positions", "32000:64"], 0)
# bf16 cache (HF casts cos/sin to the model dtype)
save_safetensors_bf16("ok_yarn_bf16.safetensors", "cos", half(np.cos(angles(y8, 0, N)) * a8))
case("ok_yarn_bf16.safetensors:cos", YARN8 + ["--quantity", "cos"], 0)
save_npy("ok_llama3_f16.npy", np.sin(angles(llama3_inv(5e5, 128, 8, 8192), 0, N)), np.float16)
case("ok_llama3_f16.npy", ["--method", "llama3", "--quantity", "sin"], 0)
# vLLM cos_sin_cache: cat(cos, sin) per pair
yc = angles(y8, 0, N)
save_npy("ok_yarn_vllm_cos_sin.npy", np.concatenate([np.cos(yc) * a8, np.sin(yc) * a8], axis=1), np.float32)
case("ok_yarn_vllm_cos_sin.npy", YARN8 + ["--quantity", "cos", "--layout", "cos-sin"], 0)
# ggml: theta_i by repeated float32 multiplication with theta_scale = base^(-2/d)
ts = np.float32(1e4 ** (-2.0 / 128))
th = np.empty(64, dtype=np.float32)
th[0] = 1.0
for i in range(1, 64):
    th[i] = np.float32(th[i - 1] * ts)
save_npy("ok_ggml_f32.npy", np.cos(np.outer(np.arange(0, 4096, 64, dtype=np.float32), th)).astype(np.float32)[:, :],
         np.float32)
save_npy("ok_ggml_f32.npy", np.cos(np.outer(np.arange(1000, 1000 + N, dtype=np.float32), th)), np.float32)
case("ok_ggml_f32.npy", ["--method", "rope", "--quantity", "cos", "--positions", "1000:96"], 0)
save_npy("ok_yarn_inv_freq.npy", y8[None, :])
case("ok_yarn_inv_freq.npy", YARN8 + ["--quantity", "inv_freq"], 0)
dyn = dynamic_inv(1e4, 128, 4, 4096, 8192)
DYN = ["--method", "dynamic-ntk", "--factor", "4", "--original-max-position-embeddings", "4096"]
save_npy("ok_dynamic.npy", np.cos(angles(dyn, 0, N)))
case("ok_dynamic.npy", DYN + ["--seq-len", "8192", "--quantity", "cos"], 0)
probe = np.concatenate([np.ones(64), -np.ones(64)])


def rotate(x, ang, pairing, a=1.0):
    out = x[None, :].repeat(ang.shape[0], axis=0).copy()
    n = ang.shape[1]
    for i in range(n):
        ca, cb = (i, i + n) if pairing == "half" else (2 * i, 2 * i + 1)
        c, s = np.cos(ang[:, i]), np.sin(ang[:, i])
        out[:, ca] = a * (x[ca] * c - x[cb] * s)
        out[:, cb] = a * (x[ca] * s + x[cb] * c)
    return out


save_npy("ok_rotated.npy", rotate(probe, angles(rope_inv(1e4, 128), 0, N), "half"))
case("ok_rotated.npy", ["--method", "rope", "--quantity", "rotated"], 0)

# ---------------- one bug each (exit 1, first diagnosis kind) ----------------
r128 = rope_inv(1e4, 128)
save_npy("bug_layout.npy", inter(np.cos(angles(r128, 0, N))))
case("bug_layout.npy", ["--method", "rope", "--quantity", "cos"], 1, "layout")
save_npy("bug_layout_vllm.npy", np.concatenate([np.cos(yc) * a8, np.sin(yc) * a8], axis=1))
case("bug_layout_vllm.npy", YARN8 + ["--quantity", "cos"], 1, "layout")
save_npy("bug_pairing.npy", rotate(probe, angles(r128, 0, N), "interleaved"))
case("bug_pairing.npy", ["--method", "rope", "--quantity", "rotated"], 1, "pairing")
# partial rotary 0.5 of 128: exponent over head_dim instead of rotary_dim (64)
wrong = 1.0 / (1e4 ** (np.arange(0, 64, 2, dtype=np.float64) / 128))
save_npy("bug_rotary_dim.npy", half(np.cos(angles(wrong, 0, N))), np.float32)
case("bug_rotary_dim.npy", ["--method", "rope", "--partial-rotary-factor", "0.5", "--quantity", "cos"], 1,
     "rotary-dim")
# partial 0.25 of 64 but every channel rotated
save_npy("bug_rotary_dim_full.npy", np.cos(angles(rope_inv(1e4, 64), 0, N)))
case("bug_rotary_dim_full.npy", ["--method", "rope", "--head-dim", "64", "--partial-rotary-factor", "0.25",
                                  "--quantity", "cos"], 1, "rotary-dim")
LLAMA3 = ["--method", "llama3", "--base", "500000", "--factor", "8", "--original-max-position-embeddings", "8192"]
save_npy("bug_scaling_missing.npy", np.cos(angles(rope_inv(5e5, 128), 0, N)), np.float32)
case("bug_scaling_missing.npy", LLAMA3 + ["--quantity", "cos"], 1, "scaling-missing")
save_npy("bug_base.npy", np.cos(angles(llama3_inv(1e4, 128, 8, 8192), 0, N)), np.float32)
case("bug_base.npy", LLAMA3 + ["--quantity", "cos"], 1, "base")
save_npy("bug_factor_inverted.npy", np.cos(angles(rope_inv(1e4, 128) * 4, 0, N)))
case("bug_factor_inverted.npy", ["--method", "pi", "--factor", "4", "--quantity", "cos"], 1, "factor-inverted")
YARN16 = ["--method", "yarn", "--factor", "16", "--original-max-position-embeddings", "4096"]
a16 = mscale(16)
save_npy("bug_truncate.npy", half(np.cos(angles(yarn_inv(1e4, 128, 16, 4096, truncate=True), 0, N)) * a16))
case("bug_truncate.npy", YARN16 + ["--truncate", "false", "--quantity", "cos"], 1, "truncate")
save_npy("bug_ramp.npy", half(np.cos(angles(yarn_paper_inv(1e4, 128, 16, 4096), 0, N)) * a16), np.float32)
case("bug_ramp.npy", YARN16 + ["--quantity", "cos"], 1, "ramp-convention")
save_npy("bug_original_length.npy", np.cos(angles(yarn_inv(1e4, 128, 8, 32768), 0, N)) * a8)
case("bug_original_length.npy", YARN8 + ["--quantity", "cos"], 1, "original-length")
save_npy("bug_attn_missing.npy", np.sin(angles(y8, 0, N)), np.float32)
case("bug_attn_missing.npy", YARN8 + ["--quantity", "sin"], 1, "attention-factor-missing")
y16 = yarn_inv(1e4, 128, 16, 4096)
save_npy("bug_attn_squared.npy", half(np.cos(angles(y16, 0, N)) * a16 * a16))
case("bug_attn_squared.npy", YARN16 + ["--quantity", "cos"], 1, "attention-factor-squared")
# mscale 1, mscale_all_dim 0.5: HF a = g(8,1)/g(8,0.5); the kernel's own 0.1 ln s + 1 on top
a_ratio = mscale(8, 1.0) / mscale(8, 0.5)
save_npy("bug_attn_double.npy", np.cos(angles(y8, 0, N)) * a_ratio * mscale(8))
case("bug_attn_double.npy", YARN8 + ["--mscale", "1", "--mscale-all-dim", "0.5", "--quantity", "cos"], 1,
     "attention-factor-double")
# DeepSeek-style mscale = mscale_all_dim = 0.707: HF a = 1; engine uses 0.1 ln s + 1 (vLLM #48623)
save_npy("bug_attn_ratio.npy", np.cos(angles(y16, 0, N)) * mscale(16), np.float32)
case("bug_attn_ratio.npy", YARN16 + ["--mscale", "0.707", "--mscale-all-dim", "0.707", "--quantity", "cos"], 1,
     "attention-factor-ratio")
save_npy("bug_dynamic_static.npy", np.cos(angles(dynamic_inv(1e4, 128, 4, 4096, 16384), 0, N)))
case("bug_dynamic_static.npy", DYN + ["--seq-len", "8192", "--quantity", "cos"], 1, "dynamic-static")
short = 1.0 + 0.05 * np.arange(32) / 31
long_ = 1.0 + 3.0 * (np.arange(32) / 31) ** 1.5
lr_inv = 1.0 / (long_ * 1e4 ** (np.arange(0, 64, 2, dtype=np.float64) / 64))
lr_a = math.sqrt(1 + math.log(8) / math.log(4096))
LR = ["--method", "longrope", "--head-dim", "64", "--factor", "8", "--original-max-position-embeddings", "4096",
      "--short-factor", ",".join(repr(float(x)) for x in short), "--long-factor",
      ",".join(repr(float(x)) for x in long_)]
save_npy("bug_longrope_switch.npy", np.cos(angles(lr_inv, 0, N)) * lr_a)
case("bug_longrope_switch.npy", LR + ["--seq-len", "4096", "--quantity", "cos"], 1, "longrope-switch")
save_npy("bug_positions_scaled.npy", half(np.cos(angles(y8, 0, N, pos_scale=1 / 8)) * a8), np.float32)
case("bug_positions_scaled.npy", YARN8 + ["--quantity", "cos"], 1, "positions-scaled")
save_npy("bug_position_offset.npy", half(np.sin(angles(r128, 0, N, pos_off=1.0))))
case("bug_position_offset.npy", ["--method", "rope", "--quantity", "sin"], 1, "position-offset")
# positions held in bfloat16 (collide above 256), values stored in float32
mb = np.arange(1000, 1000 + N, dtype=np.float64)
mb_bf16 = np.array([float(np.frombuffer(struct.pack("<I", int(b) << 16), dtype=np.float32)[0])
                    for b in to_bf16_bits(mb)])
save_npy("bug_precision.npy", half(np.cos(np.outer(mb_bf16, r128))), np.float32)
case("bug_precision.npy", ["--method", "rope", "--quantity", "cos", "--positions", "1000:96"], 1, "precision")
bp = 1e4 * 8 ** (128 / 126)
save_npy("bug_blog_yarn.npy", half(np.cos(angles(rope_inv(bp, 128) / 8, 0, N)) * a8))
case("bug_blog_yarn.npy", YARN8 + ["--quantity", "cos"], 1, "blog-yarn")
rng = np.random.default_rng(19)
save_npy("bug_unknown.npy", rng.uniform(-1, 1, size=(N, 128)))
case("bug_unknown.npy", ["--method", "rope", "--quantity", "cos"], 1, "unknown")
save_npy("bug_inv_freq_base.npy", rope_inv(5e5, 64)[None, :])
case("bug_inv_freq_base.npy", ["--method", "rope", "--head-dim", "64", "--quantity", "inv_freq"], 1, "base")
save_npy("bug_inv_freq_truncate.npy", yarn_inv(1e4, 64, 8, 4096, truncate=False)[None, :])
case("bug_inv_freq_truncate.npy", ["--method", "yarn", "--head-dim", "64", "--factor", "8", "--quantity",
                                   "inv_freq"], 1, "truncate")
save_npy("bug_angle_factor_inverted.npy", angles(rope_inv(1e4, 64) * 8, 0, N) % (2 * math.pi))
case("bug_angle_factor_inverted.npy", ["--method", "pi", "--head-dim", "64", "--factor", "8", "--quantity",
                                       "angle"], 1, "factor-inverted")

# ---------------- tensors with leading dimensions (HF's [batch, seq, dim] cos, a [batch, heads, seq, dim] query) --
NB = 24  # rows per slice (small files)
hc = half(np.cos(angles(r128, 0, NB)))
save_npy("ok_rope_hf_3d.npy", hc[None, :, :], np.float32)  # batch 1: squeezed
case("ok_rope_hf_3d.npy", ["--method", "rope", "--quantity", "cos"], 0)
save_npy("ok_rope_batch2_3d.npy", np.stack([hc, hc]), np.float32)  # two sequences of the same positions
case("ok_rope_batch2_3d.npy", ["--method", "rope", "--quantity", "cos"], 0)
save_npy("bug_batch_slice1_3d.npy", np.stack([hc, half(np.cos(angles(r128, 0, NB, pos_off=1.0)))]), np.float32)
case("bug_batch_slice1_3d.npy", ["--method", "rope", "--quantity", "cos"], 1, "position-offset", [1])
# [3, seq, dim] in bfloat16 safetensors: the third sequence's positions doubled
save_safetensors_bf16("bug_batch_slice2_3d.safetensors", "cos",
                      np.stack([hc, hc, half(np.cos(angles(r128, 0, NB, pos_scale=2.0)))]))
case("bug_batch_slice2_3d.safetensors:cos", ["--method", "rope", "--quantity", "cos"], 1, "positions-scaled", [2])
rq = rotate(probe, angles(r128, 0, NB), "half")
save_npy("ok_rotated_4d.npy", np.stack([rq, rq])[None, :, :, :], np.float32)  # [1, heads 2, seq, head_dim]
case("ok_rotated_4d.npy", ["--method", "rope", "--quantity", "rotated"], 0)
save_npy("bug_rotated_head1_4d.npy", np.stack([rq, rotate(probe, angles(r128, 0, NB), "interleaved")])[None],
         np.float32)
case("bug_rotated_head1_4d.npy", ["--method", "rope", "--quantity", "rotated"], 1, "pairing", [1])
save_npy("ok_inv_freq_1d.npy", rope_inv(1e4, 64))  # shape (32,)
case("ok_inv_freq_1d.npy", ["--method", "rope", "--head-dim", "64", "--quantity", "inv_freq"], 0)

# ---------------- M-RoPE (transformers decba1d2e) ----------------
# Position ids of text:4, image:16x16 (spatial_merge_size 2: an 8 x 8 grid of tokens), text:20, as
# qwen2_vl get_rope_index computes them: text t = h = w = index; the image's t = 4, h = 4 + row, w = 4 + column;
# the text after it continues at max + 1 = 12.
MROPE_LAYOUT = "text:4,image:16x16,text:20"
ids = [(k, k, k) for k in range(4)] + [(4, 4 + r, 4 + c) for r in range(8) for c in range(8)]
ids += [(12 + k,) * 3 for k in range(20)]
ids = np.array(ids, dtype=np.float64)  # [tokens, 3]


def mrope_streams(section, layout):
    if layout == "chunked":  # apply_multimodal_rotary_pos_emb: cos.split(mrope_section * 2), chunk i from i % 3
        return np.concatenate([np.full(n, k) for k, n in enumerate(section)])
    # Qwen3-VL apply_interleaved_mrope: freqs_t[..., offset:3 * section[dim]:3] = freqs[dim]
    st = np.zeros(sum(section), dtype=int)
    for dim, offset in ((1, 1), (2, 2)):
        st[offset:section[dim] * 3:3] = dim
    return st


def mrope_cos(section, layout):
    st = mrope_streams(section, layout)
    freqs = ids[:, st] * r128[None, :]  # pair i rotated by its stream's id
    return half(np.cos(freqs))


MR = ["--method", "mrope", "--position-layout", MROPE_LAYOUT, "--quantity", "cos"]
MRI = ["--method", "mrope-interleaved", "--position-layout", MROPE_LAYOUT, "--quantity", "cos"]
save_npy("ok_mrope_chunked.npy", mrope_cos([16, 24, 24], "chunked"), np.float32)
case("ok_mrope_chunked.npy", MR, 0)
save_npy("ok_mrope_interleaved.npy", mrope_cos([24, 20, 20], "interleaved"), np.float32)
case("ok_mrope_interleaved.npy", MRI, 0)
# Qwen3-VL's interleaved table checked as Qwen2-VL's chunked one with the same sections (MNN #4133, ollama #12807)
case("ok_mrope_interleaved.npy", MR + ["--mrope-section", "24,20,20"], 1, "mrope-layout")
# the sections permuted: [24, 24, 16] where the config says [16, 24, 24]
save_npy("bug_mrope_section.npy", mrope_cos([24, 24, 16], "chunked"), np.float32)
case("bug_mrope_section.npy", MR, 1, "mrope-section")

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1)
print(len(cases), "cases")

# malformed inputs for tests/data/bad_input_cases.txt (written once, by hand-checked code):
#   bad_nan.npy (a NaN entry), bad_truncated.npy (40 bytes of data missing), bad_text.csv (a non-number)
