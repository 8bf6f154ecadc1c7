#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Golden values for the Hugging Face config.json parser, computed independently of the C++ code.

Written from the formulas and the era table of docs conventions.md (transformers `modeling_rope_utils.py`),
in float64 NumPy. Run once from the repository root:

    /usr/bin/python3 tests/data/make_hf_config_golden.py   (Debian python3-numpy)

It writes tests/data/presets_inv_freq.json (every resources/presets/*.json file, current HF semantics, at the
preset's posenc.seq_len) and tests/data/hf_config_cases.json (configs for every rope type in every era, with
the expected inv_freq and attention factor, or "error" where that release cannot load the file).
"""
import glob
import json
import math
import os

import numpy as np

ERAS = ["2024", "2025a", "2025b", "2025c", "v5dev", "v5"]


class Unloadable(Exception):
    pass


def ge(era, first):
    return ERAS.index(era) >= ERAS.index(first)


def need(d, key):
    if d is None or d.get(key) is None:
        raise Unloadable(key)
    return d[key]


def yarn_mscale(s, m=1.0):
    return 1.0 if s <= 1 else 0.1 * m * math.log(s) + 1.0


def rope_inv(base, dim):
    return 1.0 / base ** (np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim)


def scope_facts(cfg):
    c = cfg.get("text_config", cfg)
    mtype = c.get("model_type") or cfg.get("model_type") or ""
    if c.get("qk_rope_head_dim"):
        head = c["qk_rope_head_dim"]
    elif c.get("head_dim"):
        head = c["head_dim"]
    elif "hidden_size" in c:
        head = need(c, "hidden_size") // need(c, "num_attention_heads")
    else:
        head = need(c, "n_embd") // need(c, "n_head")
    if c.get("rotary_dim") is not None:
        prf = c["rotary_dim"] / head
    elif c.get("rotary_pct") is not None:
        prf = c["rotary_pct"]
    else:
        prf = c.get("partial_rotary_factor") or 1.0
    max_pos = c.get("max_position_embeddings", c.get("n_positions"))
    return c, mtype, head, prf, max_pos


def sections(c, era):
    theta = c.get("rope_theta", c.get("rotary_emb_base"))
    rp = c.get("rope_parameters")
    if rp is not None and era in ("v5dev", "v5"):
        if rp and all(isinstance(v, dict) for v in rp.values()):
            keys = (["full_attention"] if "full_attention" in rp else []) + sorted(k for k in rp if k != "full_attention")
            return [(k, rp[k], rp[k].get("rope_theta", theta), rp[k].get("partial_rotary_factor")) for k in keys]
        return [("", rp, rp.get("rope_theta", theta), rp.get("partial_rotary_factor"))]
    out = [("", c.get("rope_scaling"), theta, None)]
    if c.get("rope_local_base_freq") is not None:
        out = [("full_attention", c.get("rope_scaling"), theta, None),
               ("sliding_attention", {"rope_type": "default"}, c["rope_local_base_freq"], None)]
    return out


def resolve_section(d, base, head, prf, max_pos, top_orig, era, seq_len):
    base = 10000.0 if base is None else float(base)
    t = "default"
    if d is not None:
        t = d.get("rope_type") or d.get("type")
        if t is None:
            if not ge(era, "v5dev"):
                raise Unloadable("rope_type")
            t = "default"
    t = {"su": "longrope", "mrope": "default"}.get(t, t)
    dim = int(head * prf)
    if t == "default":
        return rope_inv(base, dim), 1.0
    if t == "linear":
        return rope_inv(base, dim) / need(d, "factor"), 1.0
    if t == "dynamic":
        s = need(d, "factor")
        L = need({"max_position_embeddings": max_pos}, "max_position_embeddings")
        if seq_len is not None and seq_len > L:
            base = base * ((s * seq_len / L) - (s - 1)) ** (dim / (dim - 2))
        return rope_inv(base, dim), 1.0
    if t == "llama3":
        s, low, high = need(d, "factor"), need(d, "low_freq_factor"), need(d, "high_freq_factor")
        L0 = need(d, "original_max_position_embeddings")
        inv = rope_inv(base, dim)
        wl = 2 * math.pi / inv
        out = np.where(wl > L0 / low, inv / s, inv)
        smooth = (L0 / wl - low) / (high - low)
        smoothed = (1 - smooth) * out / s + smooth * out
        medium = ~(wl < L0 / high) & ~(wl > L0 / low)
        return np.where(medium, smoothed, out), 1.0
    if t == "yarn":
        factor = d.get("factor")
        orig = d.get("original_max_position_embeddings")
        if era in ("2024", "2025a"):
            L0, s = need({"max_position_embeddings": max_pos}, "max_position_embeddings"), need(d, "factor")
        elif era in ("2025b", "v5dev"):
            if orig is not None:
                L0, s = orig, need({"max_position_embeddings": max_pos}, "max_position_embeddings") / orig
            else:
                L0, s = need({"max_position_embeddings": max_pos}, "max_position_embeddings"), need(d, "factor")
        elif era == "2025c":
            L0, s = orig or need({"max_position_embeddings": max_pos}, "max_position_embeddings"), need(d, "factor")
        else:
            L0 = orig or need({"max_position_embeddings": max_pos}, "max_position_embeddings")
            s = factor if factor is not None else need({"max_position_embeddings": max_pos}, "max_position_embeddings") / L0
        newer = ge(era, "2025b")
        att = d.get("attention_factor")
        ms, msa = (d.get("mscale"), d.get("mscale_all_dim")) if newer else (None, None)
        if att is None:
            att = yarn_mscale(s, ms) / yarn_mscale(s, msa) if (ms and msa) else yarn_mscale(s)
        bf = d.get("beta_fast") or 32
        bs = d.get("beta_slow") or 1
        trunc = d.get("truncate", True) if newer else True

        def corr(n):
            return dim * math.log(L0 / (n * 2 * math.pi)) / (2 * math.log(base))

        lo, hi = corr(bf), corr(bs)
        if trunc:
            lo, hi = math.floor(lo), math.ceil(hi)
        lo, hi = max(lo, 0), min(hi, dim - 1)
        if lo == hi:
            hi += 0.001
        ramp = np.clip((np.arange(dim // 2, dtype=np.float64) - lo) / (hi - lo), 0, 1)
        extrap = 1 - ramp
        pos = base ** (np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim)
        return (1 / (s * pos)) * (1 - extrap) + (1 / pos) * extrap, att
    if t == "longrope":
        short, long_ = need(d, "short_factor"), need(d, "long_factor")
        factor = d.get("factor")
        if era == "v5":
            L0 = top_orig or d.get("original_max_position_embeddings") or need({"max_position_embeddings": max_pos}, "max_position_embeddings")
            s = factor if factor is not None else need({"max_position_embeddings": max_pos}, "max_position_embeddings") / L0
            use_long = seq_len is not None and seq_len > L0
        elif top_orig is not None:
            L0 = top_orig
            s = need({"max_position_embeddings": max_pos}, "max_position_embeddings") / L0
            if era == "2024":
                use_long = seq_len is None or seq_len >= L0
                if not use_long:
                    s = 1.0
            else:
                use_long = seq_len is not None and seq_len > L0
        else:
            L0 = need({"max_position_embeddings": max_pos}, "max_position_embeddings")
            s = need(d, "factor")
            use_long = era == "2024" or (seq_len is not None and seq_len > L0)
        ext = np.array(long_ if use_long else short, dtype=np.float64)
        inv = 1.0 / (ext * base ** (np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim))
        att = d.get("attention_factor")
        if att is None:
            att = 1.0 if s <= 1 else math.sqrt(1 + math.log(s) / math.log(L0))
        return inv, att
    if t == "proportional":
        if era != "v5":
            raise Unloadable("rope_type")
        s = d.get("factor", 1.0)
        n = int(prf * head // 2)
        inv = np.zeros(head // 2)
        inv[:n] = base ** (-2.0 * np.arange(n) / head)
        return inv / s, 1.0
    raise Unloadable("rope_type")


def resolve(cfg, era="v5", seq_len=None):
    c, _, head, prf, max_pos = scope_facts(cfg)
    top_orig = c.get("original_max_position_embeddings")
    out = []
    hunyuan = (c.get("model_type") or cfg.get("model_type") or "").startswith("hunyuan")
    for layer, d, base, own_prf in sections(c, era):
        if hunyuan and d is not None and (d.get("rope_type") or d.get("type")) == "dynamic" and d.get("alpha"):
            # HunYuan's alpha NTK (modeling_hunyuan_v1_dense.py:312-336): a static base theta * alpha^(d/(d-2))
            dim = int(head * (own_prf or prf))
            theta = 10000.0 if base is None else float(base)
            inv = rope_inv(theta * float(d["alpha"]) ** (dim / (dim - 2)), dim)
            out.append({"layer": layer, "inv_freq": [float(x) for x in inv], "attention_factor": 1.0})
            continue
        inv, att = resolve_section(d, base, head, own_prf or prf, max_pos, top_orig, era, seq_len)
        out.append({"layer": layer, "inv_freq": [float(x) for x in inv], "attention_factor": float(att)})
    return out


def case_configs():
    """Configs the tests write to files: every rope type, with the keys that separate the eras."""
    llama = {"hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 10000.0}
    lr_n = 64 // 2
    short = [1.0 + 0.05 * (i / (lr_n - 1)) ** 2 for i in range(lr_n)]
    long_ = [1.0 + 15.0 * (i / (lr_n - 1)) ** 1.5 for i in range(lr_n)]
    phi = {"hidden_size": 2048, "num_attention_heads": 32, "rope_theta": 10000.0}
    cases = {
        "default": dict(llama, max_position_embeddings=4096),
        "linear": dict(llama, max_position_embeddings=16384, rope_scaling={"type": "linear", "factor": 4.0}),
        "linear_factor_below_1": dict(llama, max_position_embeddings=4096, rope_scaling={"rope_type": "linear", "factor": 0.5}),
        "dynamic": dict(llama, max_position_embeddings=4096, rope_scaling={"rope_type": "dynamic", "factor": 2.0}),
        "yarn_conventions_example": dict(llama, head_dim=128, max_position_embeddings=65536,
                                         rope_scaling={"rope_type": "yarn", "factor": 8.0, "original_max_position_embeddings": 4096}),
        "yarn_no_original": dict(llama, max_position_embeddings=8192, rope_scaling={"type": "yarn", "factor": 4.0}),
        "yarn_no_factor": dict(llama, max_position_embeddings=32768,
                               rope_scaling={"rope_type": "yarn", "original_max_position_embeddings": 4096}),
        "yarn_deepseek_v2_mscale": {"hidden_size": 5120, "num_attention_heads": 128, "qk_rope_head_dim": 64,
                                    "model_type": "deepseek_v2", "rope_theta": 10000, "max_position_embeddings": 163840,
                                    "rope_scaling": {"type": "yarn", "factor": 40, "original_max_position_embeddings": 4096,
                                                     "mscale": 0.707, "mscale_all_dim": 0.707, "beta_fast": 32, "beta_slow": 1}},
        "yarn_truncate_false_beta_fast_0": dict(llama, head_dim=64, max_position_embeddings=131072, rope_theta=150000,
                                                rope_scaling={"rope_type": "yarn", "factor": 32.0, "beta_fast": 0,
                                                              "original_max_position_embeddings": 4096, "truncate": False}),
        "yarn_swapped_betas_attention_0": dict(llama, max_position_embeddings=16384,
                                               rope_scaling={"rope_type": "yarn", "factor": 4.0, "beta_fast": 1, "beta_slow": 32,
                                                             "attention_factor": 0.0}),
        "llama3": dict(llama, max_position_embeddings=131072, rope_theta=500000.0,
                       rope_scaling={"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                                     "original_max_position_embeddings": 8192}),
        "llama3_low_above_high": dict(llama, max_position_embeddings=131072, rope_theta=500000.0,
                                      rope_scaling={"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 4.0,
                                                    "high_freq_factor": 1.0, "original_max_position_embeddings": 8192}),
        "longrope_top_original": dict(phi, max_position_embeddings=65536, original_max_position_embeddings=4096,
                                      rope_scaling={"type": "longrope", "short_factor": short, "long_factor": long_}),
        "longrope_dict_factor": dict(phi, max_position_embeddings=8192,
                                     rope_scaling={"rope_type": "longrope", "factor": 4.0, "short_factor": short,
                                                   "long_factor": long_}),
        "proportional": dict(llama, head_dim=128, max_position_embeddings=8192,
                             rope_parameters={"rope_type": "proportional", "rope_theta": 1000000.0, "factor": 2.0,
                                              "partial_rotary_factor": 0.25}),
        "v5_per_layer": dict(llama, head_dim=128, max_position_embeddings=32768,
                             rope_parameters={"full_attention": {"rope_type": "linear", "factor": 8.0, "rope_theta": 1000000.0},
                                              "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0}}),
        "odd_rotary_dim": dict(llama, head_dim=64, partial_rotary_factor=0.3, max_position_embeddings=4096),
        "gpt_neox_rotary_pct": {"hidden_size": 2048, "num_attention_heads": 16, "rotary_pct": 0.25, "rotary_emb_base": 10000,
                                "max_position_embeddings": 2048, "model_type": "gpt_neox"},
    }
    return cases


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    presets = {}
    for path in sorted(glob.glob(os.path.join(root, "resources", "presets", "*.json"))):
        cfg = json.load(open(path))
        seq = cfg.get("posenc", {}).get("seq_len")
        presets[os.path.basename(path)[:-5]] = {"seq_len": seq, "encodings": resolve(cfg, "v5", seq)}
    with open(os.path.join(root, "tests", "data", "presets_inv_freq.json"), "w") as f:
        json.dump({"description": "inv_freq and attention factor of every built-in preset as HF v5 resolves it "
                                  "(tests/data/make_hf_config_golden.py, float64)", "presets": presets}, f)
        f.write("\n")
    cases = []
    for name, cfg in case_configs().items():
        seqs = [None]
        if name.startswith("longrope_top"):
            seqs = [None, 2048, 4096, 4097, 65536]
        elif name.startswith("longrope") or name == "dynamic":
            seqs = [None, 8192, 16384]
        for seq in seqs:
            for era in ERAS:
                entry = {"name": name, "era": era, "seq_len": seq, "config": cfg}
                try:
                    entry["encodings"] = resolve(cfg, era, seq)
                except Unloadable as e:
                    entry["error"] = str(e)
                cases.append(entry)
    with open(os.path.join(root, "tests", "data", "hf_config_cases.json"), "w") as f:
        json.dump({"description": "configs for every rope type and HF era with the expected inv_freq / attention "
                                  "factor ('error': that release cannot load it); tests/data/make_hf_config_golden.py",
                   "cases": cases}, f)
        f.write("\n")
    print(len(presets), "presets,", len(cases), "cases")


if __name__ == "__main__":
    main()
