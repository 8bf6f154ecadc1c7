#!/usr/bin/env python3
"""Class defaults of absent rope keys, per model type and HF era, read from transformers' own config classes.

Run from a transformers git clone (zucchini-nlp/transformers, full history):
    python3 make_hf_class_defaults.py /path/to/transformers > hf_class_defaults.json
For each era's revision (conventions.md "eras"; decba1d2ea4e for v5) and each model type, the config class whose
`model_type` is that type is parsed with ast (nothing is imported): the class attribute `default_theta`
(v5: RotaryEmbeddingConfigMixin.default_theta = 10000 when the class sets none, modeling_rope_utils.py:739,752)
or the `__init__` defaults of `rope_theta` / `rope_local_base_freq` / `partial_rotary_factor` (eras before v5), or
`kwargs.get("rope_theta", X)` / `kwargs.setdefault("partial_rotary_factor", X)` / `getattr(self, "rope_theta", X)`. Vision configs are skipped. A model type absent at a
revision is left out of that era.
"""
import ast, json, subprocess, sys

ERAS = {"2024": "e3775539c8", "2025a": "965a2fb320", "2025b": "7c38d8fc23", "2025c": "ae9ef2e151",
        "v5dev": "10de06dace", "v5": "decba1d2ea4ed3cbf0495d1828abad4b2dba1846"}
# model types the reader knows by name (core/src/io) or ships presets for, plus those whose class default differs
# (a composite type, e.g. qwen2_vl, reads its text class's defaults: only text classes are listed)
TYPES = {"llama": "llama", "mistral": "mistral", "mixtral": "mixtral", "qwen2": "qwen2", "qwen3": "qwen3",
         "qwen2_vl_text": "qwen2_vl", "qwen2_5_vl_text": "qwen2_5_vl", "qwen3_vl_text": "qwen3_vl", "gemma3_text": "gemma3",
         "cohere": "cohere", "cohere2": "cohere2", "gpt_oss": "gpt_oss", "llama4_text": "llama4",
         "glm": "glm", "glm4": "glm4", "glm4_moe": "glm4_moe", "glm4v_text": "glm4v", "deepseek_v2": "deepseek_v2",
         "deepseek_v3": "deepseek_v3", "gptj": "gptj", "phi3": "phi3", "ernie4_5": "ernie4_5",
         "ernie4_5_moe": "ernie4_5_moe", "ernie4_5_vl_moe_text": "ernie4_5_vl_moe", "ministral3": "ministral3",
         "hunyuan_v1_dense": "hunyuan_v1_dense", "smollm3": "smollm3", "olmo3": "olmo3"}


KEYS = ("rope_theta", "rope_local_base_freq", "partial_rotary_factor")


def number(node):
    try:
        v = ast.literal_eval(node)
    except ValueError:
        return None
    return v if isinstance(v, (int, float, dict)) else None


def defaults(src, model_type):
    for cls in ast.walk(ast.parse(src)):
        if not isinstance(cls, ast.ClassDef):
            continue
        attrs = {}
        for st in cls.body:
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
                attrs[st.targets[0].id] = st.value
        mt = attrs.get("model_type")
        if not (isinstance(mt, ast.Constant) and mt.value == model_type) or "Vision" in cls.name:
            continue
        out = {}
        if "default_theta" in attrs:
            out["default_theta"] = number(attrs["default_theta"])
        for st in cls.body:
            if isinstance(st, ast.FunctionDef) and st.name == "__init__":
                args = st.args.args[len(st.args.args) - len(st.args.defaults):]
                for a, d in list(zip(args, st.args.defaults)) + list(zip(st.args.kwonlyargs, st.args.kw_defaults)):
                    if a.arg in KEYS and d is not None:
                        out[a.arg] = number(d)
        # v5dev: kwargs.get("rope_theta", X) / getattr(self, "rope_theta", X) inside the class
        for call in ast.walk(cls):
            if isinstance(call, ast.Call) and len(call.args) == 2 + (getattr(call.func, "id", "") == "getattr"):
                key = call.args[-2]
                if isinstance(key, ast.Constant) and key.value in KEYS:
                    v = number(call.args[-1])
                    if isinstance(v, (int, float)):
                        out.setdefault(key.value, v)
        return out
    return None


def main(repo):
    result = {"revisions": ERAS, "types": {}}
    for era, rev in ERAS.items():
        for t, d in TYPES.items():
            path = f"{rev}:src/transformers/models/{d}/configuration_{d}.py"
            src = subprocess.run(["git", "-C", repo, "show", path], capture_output=True, text=True)
            if src.returncode != 0:
                continue
            found = defaults(src.stdout, t)
            if found is None:
                continue
            theta = found.get("default_theta", found.get("rope_theta", 10000.0))
            entry = {"theta": theta["global"] if isinstance(theta, dict) else theta}
            local = theta["local"] if isinstance(theta, dict) else found.get("rope_local_base_freq")
            if local is not None:
                entry["local_theta"] = local
            if found.get("partial_rotary_factor") is not None:
                entry["partial_rotary_factor"] = found["partial_rotary_factor"]
            result["types"].setdefault(t, {})[era] = entry
    json.dump(result, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main(sys.argv[1])
