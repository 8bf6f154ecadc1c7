# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc.Encoding (the core bound directly): values bit for bit equal to the CLI's, every registry method,
configs as dicts and paths, arbitrary positions, rotate() against golden data, bad input naming the parameter."""
import json

import numpy as np
import pytest

import posenc
from conftest import TEST_DATA, cli

YARN = dict(head_dim=128, rope_theta=1e6, factor=4, original_max_position_embeddings=32768)


def cli_npy(tmp_path, *argv):
    out = tmp_path / "out.npy"
    cli(*argv, "-o", str(out))
    return np.load(out)


def rotary_methods():
    return [m["id"] for m in posenc._core.methods() if m["kind"] == "rotary"]


def test_every_rotary_method_equals_the_cli_bit_for_bit(tmp_path):
    ids = rotary_methods()
    assert len(ids) >= 12
    for method in ids:
        enc = posenc.Encoding(method)
        cos, sin = enc.cos_sin(np.arange(7, 7 + 3000), dtype=np.float64)
        for view, got in (("cos", cos), ("sin", sin)):
            expected = cli_npy(tmp_path, "compute", "matrix", "--method", method, "--view", view, "--length", "3000",
                               "--start", "7")
            assert np.array_equal(got, expected), (method, view)
        freq = json.loads(cli("compute", "frequencies", "--method", method, "--format", "json").stdout)
        assert np.array_equal(enc.inv_freq, np.asarray(freq["inv_freq"], dtype=np.float64)), method
        assert enc.attention_factor == freq["attention_factor"], method


def test_every_registry_method_builds_and_says_what_it_is():
    for m in posenc._core.methods():
        enc = posenc.Encoding(m["id"])
        assert enc.method == m["id"] and enc.kind == m["kind"]
        assert repr(enc).startswith(f"posenc.Encoding('{m['id']}'")
        for alias in m["aliases"]:
            assert posenc.Encoding(alias).method == m["id"]


def test_sinusoidal_frequencies_equal_the_cli():
    freq = json.loads(cli("compute", "frequencies", "--method", "sinusoidal", "--format", "json").stdout)
    assert np.array_equal(posenc.Encoding("sinusoidal").inv_freq, np.asarray(freq["inv_freq"]))


def test_hf_aliases_are_keyword_arguments():
    enc = posenc.Encoding("yarn", **YARN, beta_fast=16)
    assert enc.params["base"] == 1e6 and enc.params["beta"] == 16
    assert enc.params["original-max-position-embeddings"] == 32768
    # YaRN's attention factor 0.1 ln s + 1 (YaRN paper eq. 22, HF _compute_yarn_parameters)
    assert enc.attention_factor == pytest.approx(0.1 * np.log(4) + 1, rel=1e-15)
    assert enc.bands is not None and enc.bands.shape == (64,) and enc.bands[0] == 1 and enc.bands[-1] == 0
    assert np.allclose(enc.wavelength, 2 * np.pi / enc.inv_freq, rtol=1e-15)


def test_golden_inv_freq():
    cases = json.loads((TEST_DATA / "inv_freq.json").read_text())["cases"]
    checked = 0
    for case in cases:
        if case.get("method") != "default":
            continue
        enc = posenc.Encoding("rope", head_dim=case["d_rot"], base=case["base"])
        assert np.allclose(enc.inv_freq, case["inv_freq"], rtol=1e-15, atol=0), case
        checked += 1
    assert checked >= 1


def test_positions_anywhere_and_float32():
    enc = posenc.Encoding("yarn", **YARN)
    packed = np.array([0, 1, 2, 0, 1, 5, 1_000_000, 3], dtype=np.int32)
    cos, sin = enc.cos_sin(packed, dtype=np.float64)
    m = packed.astype(np.float64)[:, None] * enc.inv_freq[None, :]  # HF: emb = cat(freqs, freqs)
    expect_cos = np.concatenate([np.cos(m), np.cos(m)], axis=1) * enc.attention_factor
    expect_sin = np.concatenate([np.sin(m), np.sin(m)], axis=1) * enc.attention_factor
    assert np.allclose(cos, expect_cos, atol=1e-14, rtol=0) and np.allclose(sin, expect_sin, atol=1e-14, rtol=0)
    c32, s32 = enc.cos_sin(packed)
    assert c32.dtype == np.float32 and np.array_equal(c32, cos.astype(np.float32))
    assert np.array_equal(s32, sin.astype(np.float32))
    # a decode step at position 1,000,000 equals the row of a contiguous range there
    one = enc.cos_sin([1_000_000], dtype=np.float64)[0]
    assert np.array_equal(one[0], cos[6])


def test_mrope_position_ids():
    enc = posenc.Encoding("mrope")
    sections = enc.params["mrope-section"]
    streams = np.repeat(np.arange(3), np.asarray(sections, dtype=int))  # Qwen2-VL: chunked t | h | w
    ids = np.array([[0, 1, 2, 3, 3, 3], [0, 1, 2, 3, 3, 4], [0, 1, 2, 3, 4, 4]])
    cos, sin = enc.cos_sin(ids, dtype=np.float64)
    angle = ids[streams, :].T * enc.inv_freq[None, :]
    # NumPy's own cos may differ from libm's by an ulp
    assert np.allclose(cos[:, : len(streams)], np.cos(angle), atol=1e-15, rtol=0)
    assert np.allclose(sin[:, len(streams):], np.sin(angle), atol=1e-15, rtol=0)
    text = enc.cos_sin(np.arange(4), dtype=np.float64)[0]
    assert np.allclose(text, cos[:4], atol=1e-15, rtol=0)  # t = h = w for text tokens
    with pytest.raises(posenc.InvalidInput) as e:
        posenc.Encoding("rope").cos_sin(ids)
    assert e.value.param == "positions"


def test_rotate_golden_either_pairing():
    cases = json.loads((TEST_DATA / "rope_apply.json").read_text())["cases"]
    checked = 0
    for case in cases:
        if case["attention_factor"] != 1.0:
            continue
        enc = posenc.Encoding("rope", head_dim=case["head_dim"], base=case["base"],
                              partial_rotary_factor=case["partial_rotary_factor"], pairing=case["pairing"])
        pos = np.asarray(case["positions"])
        x = np.tile(np.asarray(case["x"]), (2, 3, len(pos), 1))  # (batch, heads, N, head_dim)
        got = enc.rotate(x, pos)
        assert got.shape == x.shape
        # the golden angles m theta_i reach 1e5 rad at m = 100000 (float64 ulp 1.5e-11)
        assert np.allclose(got[1, 2], case["rotated"], atol=1e-11, rtol=0), case["pairing"]
        # the other pairing given explicitly to an encoding of the default pairing
        other = posenc.Encoding("rope", head_dim=case["head_dim"], base=case["base"],
                                partial_rotary_factor=case["partial_rotary_factor"])
        assert np.allclose(other.rotate(x, pos, pairing=case["pairing"]), got, atol=1e-15, rtol=0)
        assert enc.rotate(x.astype(np.float32), pos).dtype == np.float32
        checked += 1
    assert checked >= 2


class FakeTensor:
    """Anything with __array__ (torch tensors are read this way)."""

    def __init__(self, a):
        self._a = a

    def __array__(self, dtype=None):
        return self._a if dtype is None else self._a.astype(dtype)


def test_arrays_through_dunder_array():
    enc = posenc.Encoding("rope", head_dim=64)
    cos, _ = enc.cos_sin(FakeTensor(np.arange(10)))
    assert np.array_equal(cos, enc.cos_sin(np.arange(10))[0])
    assert posenc.check(FakeTensor(cos), reference=enc, quantity="cos").match


@pytest.mark.parametrize("make, param", [
    (lambda: posenc.Encoding("yarn", factor=-1), "factor"),
    (lambda: posenc.Encoding("rope", head_dim=7), "head-dim"),
    (lambda: posenc.Encoding("rope", no_such_thing=1), "no-such-thing"),
    (lambda: posenc.Encoding("no-such-method"), "method"),
    (lambda: posenc.Encoding("rope").cos_sin([0.5, 1]), "positions"),
    (lambda: posenc.Encoding("rope").cos_sin([1], dtype=np.int8), "dtype"),
    (lambda: posenc.Encoding("rope", head_dim=64).rotate(np.zeros((4, 32)), np.arange(4)), "x"),
    (lambda: posenc.Encoding("rope").rotate(np.zeros((4, 128)), np.arange(3)), "positions"),
    (lambda: posenc.Encoding("alibi").cos_sin([1]), "method"),
    (lambda: posenc.Encoding.from_config({"rope_theta": -5, "hidden_size": 64, "num_attention_heads": 1}),
     "rope_theta"),
])
def test_bad_input_is_a_value_error_naming_the_parameter(make, param):
    with pytest.raises(ValueError) as e:
        make()
    assert isinstance(e.value, posenc.InvalidInput)
    assert param in str(e.value), str(e.value)


def test_head_option_is_declared_once():
    """entropy, matrix and similarity take `head` from core's one declaration (analysis/options.h): the range of
    the GUI view (0..4095, ALiBi's at most 4096 heads), no longer 0..2^20 on the command line."""
    ranges = {" ".join(c["words"]): o["range"] for c in posenc.commands() for o in c["options"] if o["name"] == "head"}
    assert {"compute entropy", "compute matrix", "compute similarity"} <= set(ranges)
    assert set(ranges.values()) == {"an integer in [0, 4095]"}, ranges
    with pytest.raises(posenc.InvalidInput) as e:
        posenc.entropy("alibi", head=4096, max_length=64)
    assert "--head 4096" in str(e.value)
