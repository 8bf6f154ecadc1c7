#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Golden values from transformers' own code, era by era, for the config shapes of issue 18 part 3.

For each HF era this takes src/transformers/modeling_rope_utils.py at the era's revision from the pinned mirror
(`git show REV:path`, written to /tmp/posenc-hf-rope/REV/), loads it with two stub modules in place of the rest of
transformers (transformers.utils: is_torch_available, logging; transformers.configuration_utils: a config class
that holds the config.json keys as attributes) and runs the era's own functions on each config: the validation
(`rope_config_validation`, v5: `RotaryEmbeddingConfigMixin.convert_rope_params_to_dict` + `validate_rope`, as
`PreTrainedConfig.__init__` calls them before it sets the remaining keys as attributes) and
`ROPE_INIT_FUNCTIONS[rope_type](config, "cpu", seq_len)`. v5's plain RoPE is not in ROPE_INIT_FUNCTIONS: it is
`LlamaRotaryEmbedding.compute_default_rope_parameters` of models/llama/modeling_llama.py at the same revision,
taken from that file's source with `ast` and run as is. inv_freq is float32, as HF computes it.

The v5 odd head_dim case with partial_rotary_factor is left out (plain RoPE is per model in v5).
The v5dev era (10de06dace) is not run: its config handling lives in each model's config class.

Run from the repository root (Debian python3-torch):

    /usr/bin/python3 tests/data/make_hf_transformers_cases.py [TRANSFORMERS_MIRROR]

(default mirror /work/.mirror/zucchini-nlp+transformers/repo); writes tests/data/hf_transformers_cases.json.
"""
import ast
import json
import logging
import os
import subprocess
import sys
import types

import torch

MIRROR = sys.argv[1] if len(sys.argv) > 1 else "/work/.mirror/zucchini-nlp+transformers/repo"
ERAS = [("2024", "e3775539c8"), ("2025a", "965a2fb320"), ("2025b", "7c38d8fc23"), ("2025c", "ae9ef2e151"),
        ("v5", "decba1d2ea")]


class Logger(logging.Logger):
    def warning_once(self, *a, **k):
        self.warning(*a, **k)


logging.setLoggerClass(Logger)
logging.basicConfig(level=logging.ERROR)


def load_module(rev):
    full = subprocess.check_output(["git", "-C", MIRROR, "rev-parse", rev], text=True).strip()
    src = subprocess.check_output(["git", "-C", MIRROR, "show", f"{full}:src/transformers/modeling_rope_utils.py"],
                                  text=True)
    out_dir = os.path.join("/tmp/posenc-hf-rope", full[:10])
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "modeling_rope_utils.py"), "w") as f:
        f.write(src)
    pkg = types.ModuleType("transformers")
    pkg.__path__ = [out_dir]
    utils = types.ModuleType("transformers.utils")
    utils.is_torch_available = lambda: True
    utils.logging = types.SimpleNamespace(get_logger=lambda name=None: logging.getLogger(name or "hf"))
    cfg_mod = types.ModuleType("transformers.configuration_utils")

    class PretrainedConfig:
        def __init__(self, **kw):
            for k, v in kw.items():
                setattr(self, k, v)

    cfg_mod.PretrainedConfig = cfg_mod.PreTrainedConfig = PretrainedConfig
    for name in [m for m in sys.modules if m == "transformers" or m.startswith("transformers.")]:
        del sys.modules[name]
    sys.modules.update({"transformers": pkg, "transformers.utils": utils, "transformers.configuration_utils": cfg_mod})
    import importlib
    mod = importlib.import_module("transformers.modeling_rope_utils")
    default_fn = None
    if not hasattr(mod, "_compute_default_rope_parameters"):
        llama = subprocess.check_output(
            ["git", "-C", MIRROR, "show", f"{full}:src/transformers/models/llama/modeling_llama.py"], text=True)
        tree = ast.parse(llama)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name == "LlamaRotaryEmbedding":
                for fn in node.body:
                    if isinstance(fn, ast.FunctionDef) and fn.name == "compute_default_rope_parameters":
                        fn.decorator_list = []
                        code = ast.Module(body=[fn], type_ignores=[])
                        ns = {"torch": torch, "Optional": __import__("typing").Optional,
                              "PreTrainedConfig": PretrainedConfig, "LlamaConfig": PretrainedConfig}
                        exec(compile(code, "modeling_llama.py", "exec"), ns)
                        default_fn = ns["compute_default_rope_parameters"]
    return full, mod, PretrainedConfig, default_fn


def run_old(mod, Config, cfg, seq_len):
    c = Config(**cfg)
    if not hasattr(c, "rope_scaling"):
        c.rope_scaling = None
    rs = c.rope_scaling or {}
    rope_type = rs.get("rope_type", rs.get("type", "default"))
    mod.rope_config_validation(c)
    inv, att = mod.ROPE_INIT_FUNCTIONS[rope_type](c, "cpu", seq_len) if seq_len else \
        mod.ROPE_INIT_FUNCTIONS[rope_type](c, "cpu")
    return inv, att


# keys a v5 model config class (LlamaConfig) declares; the rest are set as attributes after the rope handling
DECLARED = {"hidden_size", "num_attention_heads", "max_position_embeddings", "head_dim", "rope_parameters"}


def run_v5(mod, default_fn, cfg, seq_len):
    class Config(mod.RotaryEmbeddingConfigMixin):
        pass

    c = Config()
    kw = dict(cfg)
    for k in DECLARED:
        setattr(c, k, kw.pop(k, None))
    if c.head_dim is None:  # LlamaConfig.__post_init__
        c.head_dim = c.hidden_size // c.num_attention_heads
    kw = c.convert_rope_params_to_dict(**kw)
    c.validate_rope()
    for k, v in kw.items():  # PreTrainedConfig.__init__: "Additional attributes without default values"
        setattr(c, k, v)
    rope_type = c.rope_parameters.get("rope_type", "default")
    if rope_type == "default":
        return default_fn(c, "cpu")
    return mod.ROPE_INIT_FUNCTIONS[rope_type](c, "cpu", seq_len)


def case_configs():
    llama = {"hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 10000.0}
    y = {"rope_type": "yarn", "factor": 4.0}
    l3 = {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0}
    odd = {"hidden_size": 1600, "num_attention_heads": 64, "rope_theta": 10000.0, "max_position_embeddings": 4096}
    return {
        "yarn_top_original_only": dict(llama, max_position_embeddings=32768, original_max_position_embeddings=8192,
                                       rope_scaling=dict(y)),
        "yarn_top_original_differs": dict(llama, max_position_embeddings=32768, original_max_position_embeddings=8192,
                                          rope_scaling=dict(y, original_max_position_embeddings=4096)),
        "yarn_top_original_same": dict(llama, max_position_embeddings=32768, original_max_position_embeddings=4096,
                                       rope_scaling=dict(y, original_max_position_embeddings=4096)),
        "llama3_top_original_only": dict(llama, max_position_embeddings=131072, rope_theta=500000.0,
                                         original_max_position_embeddings=8192, rope_scaling=dict(l3)),
        "llama3_top_original_differs": dict(llama, max_position_embeddings=131072, rope_theta=500000.0,
                                            original_max_position_embeddings=16384,
                                            rope_scaling=dict(l3, original_max_position_embeddings=8192)),
        "llama3_no_original": dict(llama, max_position_embeddings=8192, rope_theta=500000.0, rope_scaling=dict(l3)),
        "odd_head_dim_default": dict(odd),
        "odd_head_dim_linear": dict(odd, rope_scaling={"rope_type": "linear", "factor": 2.0}),
        "odd_head_dim_yarn": dict(odd, max_position_embeddings=16384,
                                  rope_scaling=dict(y, original_max_position_embeddings=4096)),
        "odd_head_dim_partial": dict(odd, partial_rotary_factor=0.5),
    }


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    cases = []
    revisions = {}
    for era, rev in ERAS:
        full, mod, Config, default_fn = load_module(rev)
        revisions[era] = full
        for name, cfg in case_configs().items():
            if era == "v5" and name == "odd_head_dim_partial":
                continue  # v5's plain RoPE is per model (Llama's ignores partial_rotary_factor): not one answer
            entry = {"name": name, "era": era, "revision": full, "seq_len": None, "config": cfg}
            try:
                inv, att = run_v5(mod, default_fn, json.loads(json.dumps(cfg)), None) if era == "v5" else \
                    run_old(mod, Config, json.loads(json.dumps(cfg)), None)
                entry["encodings"] = [{"layer": "", "inv_freq": [float(x) for x in inv.tolist()],
                                       "attention_factor": float(att)}]
            except Exception as e:  # noqa: BLE001 - what HF raises is the expected "error"
                entry["error"] = f"{type(e).__name__}: {e}"
            cases.append(entry)
    out = os.path.join(root, "tests", "data", "hf_transformers_cases.json")
    with open(out, "w") as f:
        json.dump({"description": "issue 18 part 3: configs run through each HF era's own modeling_rope_utils.py "
                                  "(float32 inv_freq as HF computes it; 'error': that release raises); "
                                  "tests/data/make_hf_transformers_cases.py",
                   "command": "/usr/bin/python3 tests/data/make_hf_transformers_cases.py "
                              "/work/.mirror/zucchini-nlp+transformers/repo",
                   "torch": torch.__version__, "revisions": revisions, "cases": cases}, f)
        f.write("\n")
    for c in cases:
        print(c["era"], c["name"], "error: " + c["error"][:90] if "error" in c else
              f"n={len(c['encodings'][0]['inv_freq'])} att={c['encodings'][0]['attention_factor']:.6g} "
              f"last={c['encodings'][0]['inv_freq'][-1]:.6g}")


if __name__ == "__main__":
    main()
