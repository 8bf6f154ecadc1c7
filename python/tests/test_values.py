# SPDX-License-Identifier: GPL-3.0-or-later
"""Every public function: the CLI's values for the same request, bit for bit, and known answers from the papers
and the golden data (computed independently of this code)."""
import io
import json
import math

import numpy as np
import pytest

import posenc
from conftest import TEST_DATA, assert_same, cli, cli_json


def test_methods_are_the_registry_as_the_cli_lists_it():
    assert posenc.methods() == cli_json("methods")["methods"]
    ids = [m["id"] for m in posenc.methods()]
    assert {"rope", "pi", "yarn", "llama3", "longrope", "alibi", "t5", "nope"} <= set(ids)
    assert posenc.method("linear")["id"] == "pi"  # HF rope_type names are aliases


@pytest.mark.parametrize("argv", [
    ("yarn", {"factor": 8}),
    ("yarn", {"factor": 16, "beta_fast": 32, "beta_slow": 1, "ramp": "paper"}),
    ("llama3", {}),
    ("rope", {"head_dim": 64, "partial_rotary_factor": 0.5, "rope_theta": 500000.0}),
    ("dynamic-ntk", {"factor": 4, "seq_len": 100000}),
    ("longrope", {}),
    ("sinusoidal", {}),
    ("yarn", {"factor": 40, "mscale": 0.707, "engine": "vllm"}),
    ("yarn", {"factor": 8, "engine": "llama.cpp", "arithmetic": "engine"}),
])
def test_frequencies_equal_the_cli(argv):
    method, params = argv
    flags = [x for k, v in params.items() for x in ("--" + k.replace("_", "-"), str(v))]
    expected = cli_json("compute", "frequencies", "--method", method, *flags)
    assert_same(posenc.frequencies(method, **params), expected)


def test_frequencies_known_answers():
    # RoPE: theta_i = 10000^(-2i/128), Su et al. Eq. 15; YaRN's temperature sqrt(1/t) = 0.1 ln s + 1 (Peng et al.)
    i = np.arange(64, dtype=np.float64)
    f = posenc.frequencies("rope")
    assert np.allclose(f.inv_freq, 10000.0 ** (-2 * i / 128), rtol=1e-15, atol=0)
    assert np.allclose(f.wavelength, 2 * np.pi / f.inv_freq, rtol=1e-15)
    y = posenc.frequencies("yarn", factor=8)
    assert y.attention_factor == pytest.approx(0.1 * math.log(8) + 1, rel=1e-15)
    assert np.array_equal(posenc.inv_freq("yarn", factor=8), y.inv_freq)


def test_inv_freq_matches_the_golden_reference():
    """tests/data/inv_freq.json: float64 reference values (reference-code YaRN, Llama 3, linear, default)."""
    golden = json.loads((TEST_DATA / "inv_freq.json").read_text())["cases"]
    checked = 0
    for case in golden:
        if "d_rot" not in case or "base" not in case:
            continue
        common = {"head_dim": case["d_rot"], "base": case["base"]}
        if case["method"] == "yarn":
            got = posenc.frequencies("yarn", factor=case["factor"], truncate=case["truncate"],
                                     original_max_position_embeddings=case["original_max_position_embeddings"],
                                     beta_fast=case["beta_fast"], beta_slow=case["beta_slow"], **common)
        elif case["method"] == "llama3":
            got = posenc.frequencies("llama3", factor=case["factor"],
                                     original_max_position_embeddings=case["original_max_position_embeddings"],
                                     low_freq_factor=case["low_freq_factor"],
                                     high_freq_factor=case["high_freq_factor"], **common)
        elif case["method"] in ("default", "linear"):
            got = posenc.frequencies("rope" if case["method"] == "default" else "pi",
                                     **({"factor": case["factor"]} if "factor" in case else {}), **common)
        else:
            continue
        assert np.allclose(got.inv_freq, case["inv_freq"], rtol=1e-14, atol=0), case
        assert got.attention_factor == pytest.approx(case["attention_factor"], rel=1e-15), case
        checked += 1
    assert checked >= 10


def test_matrix_equals_the_cli_npy_bit_for_bit(tmp_path):
    for method, view, extra in [("rope", "cos", {}), ("yarn", "sin", {"factor": 8}), ("alibi", "bias", {}),
                                ("sinusoidal", "pe", {}), ("rope", "rotated", {"head_dim": 64})]:
        out = tmp_path / f"{method}-{view}.npy"
        flags = [x for k, v in extra.items() for x in ("--" + k.replace("_", "-"), str(v))]
        cli("compute", "matrix", "--method", method, "--view", view, "--length", "300", "--start", "7", *flags,
            "-o", str(out))
        got = posenc.matrix(method, view, 300, start=7, **extra)
        expected = np.load(out)
        assert got.dtype == np.float64 and got.flags["C_CONTIGUOUS"]
        assert got.shape == expected.shape
        assert np.array_equal(got, expected, equal_nan=True), (method, view)  # causal ALiBi: NaN above


def test_matrix_known_answer_cos():
    # HF rotate_half layout: cos(m theta_i) in channels i and i + 64
    m = posenc.matrix("rope", "cos", 50, start=1000)
    theta = 10000.0 ** (-np.arange(64) / 64.0)
    pos = np.arange(1000, 1050, dtype=np.float64)[:, None]
    expected = np.cos(pos * theta)
    assert np.allclose(m[:, :64], expected, atol=1e-12)
    assert np.allclose(m[:, 64:], expected, atol=1e-12)


@pytest.mark.parametrize("fn,words,params", [
    (posenc.decay, ["compute", "decay"], {"method": "rope", "max_distance": 512}),
    (posenc.decay, ["compute", "decay"], {"method": "yarn", "factor": 8, "distances": [0, 1, 5, 100],
                                          "samples": 50, "correlation": 0.9}),
    (posenc.entropy, ["compute", "entropy"], {"method": "yarn", "factor": 8, "max_length": 4096}),
    (posenc.entropy, ["compute", "entropy"], {"method": "rope", "lengths": [16, 512, 4096],
                                              "temperature": "log-n"}),
    (posenc.spectrum, ["compute", "spectrum"], {"method": "rope", "length": 1024}),
    (posenc.bounds, ["compute", "bounds"], {"method": "rope", "base": 10000, "context_length": 4096}),
    (posenc.pca, ["compute", "pca"], {"method": "sinusoidal", "length": 512, "components": 3}),
    (posenc.base_bound, ["compute", "base-bound"], {"head_dim": 128, "lengths": [1024, 4096]}),
])
def test_analyses_equal_the_cli(fn, words, params):
    flags = []
    for k, v in params.items():
        v = ",".join(str(x) for x in v) if isinstance(v, list) else str(v)
        flags += ["--" + k.replace("_", "-"), v]
    assert_same(fn(**params), cli_json(*words, *flags))


def test_similarity_equals_the_cli(tmp_path):
    out = tmp_path / "s.npy"
    cli("compute", "similarity", "--method", "sinusoidal", "--length", "128", "--kind", "cosine", "-o", str(out))
    got = posenc.similarity("sinusoidal", length=128, kind="cosine")
    assert np.array_equal(got, np.load(out))
    assert np.allclose(np.diag(got), 1.0, atol=1e-15)  # cosine of a vector with itself


def test_bounds_known_answers():
    # Liu et al. (scaling laws of RoPE extrapolation): d_extra = 92 for b = 10^4, d = 128, L = 4096 ... ;
    # Men et al.: L_theta = 1706 (README, theory.md)
    b = posenc.bounds("rope", base=10000, context_length=4096)
    text = json.dumps(b, default=lambda a: a.tolist())
    assert "92" in text and "1706" in text


def test_inspect_file_and_dict_equal_the_cli(tmp_path):
    config = {"architectures": ["LlamaForCausalLM"], "hidden_size": 4096, "num_attention_heads": 32,
              "max_position_embeddings": 131072, "rope_theta": 500000.0,
              "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                               "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    expected = cli_json("inspect", str(path))
    assert posenc.inspect(str(path)) == expected
    from_dict = posenc.inspect(config)
    # the dict is parsed from memory: only the source name may differ
    strip = lambda d: {k: v for k, v in d.items() if k not in ("file", "path", "source")}
    assert strip(from_dict) == strip(expected)
    assert posenc.inspect(path, seq_len=200000, era="2024") == cli_json("inspect", str(path), "--seq-len",
                                                                        "200000", "--hf-era", "2024")


def test_every_headless_command_has_a_function():
    for c in posenc.commands():
        name = {"methods": "methods", "inspect": "inspect", "check": "check"}.get(
            " ".join(c["words"]), c["words"][-1].replace("-", "_"))
        assert callable(getattr(posenc, name, None)), f"no posenc.{name} for posenc {' '.join(c['words'])}"
    # docstrings come from the command table
    assert "max_length" in posenc.entropy.__doc__ and "temperature" in posenc.entropy.__doc__
