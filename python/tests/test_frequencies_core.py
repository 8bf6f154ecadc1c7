# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc.frequencies through the core (a Frequencies dataclass, no command, no JSON): every key and value equal
to ``posenc compute frequencies --format json``, bit for bit, for every registry method with per-pair frequencies
and for a config; the old mapping/attribute access keeps working."""
import dataclasses
import json

import numpy as np
import pytest

import posenc
from conftest import assert_same, cli, cli_json


def methods_with_frequencies():
    out = []
    for m in posenc._core.methods():
        proc = cli("compute", "frequencies", "--method", m["id"], "--format", "json", check=False)
        if proc.returncode == 0:
            out.append((m["id"], json.loads(proc.stdout)))
    return out


def test_every_method_equals_the_cli():
    cases = methods_with_frequencies()
    assert len(cases) >= 12  # the rotary methods and sinusoidal
    for method, expected in cases:
        got = posenc.frequencies(method)
        assert isinstance(got, posenc.Frequencies), method
        assert dataclasses.is_dataclass(got) and isinstance(got, posenc.Result)  # old code keeps working
        assert_same(dict(got), expected, method)


def test_parameters_and_aliases_equal_the_cli():
    got = posenc.frequencies("yarn", head_dim=128, rope_theta=1e6, factor=4, original_max_position_embeddings=32768)
    expected = cli_json("compute", "frequencies", "--method", "yarn", "--head-dim", "128", "--rope-theta", "1000000",
                        "--factor", "4", "--original-max-position-embeddings", "32768")
    assert_same(dict(got), expected)
    # the older Result access: keys, attributes (extras too), arrays
    assert got["inv_freq"] is got.inv_freq or np.array_equal(got["inv_freq"], got.inv_freq)
    assert got.ramp_low == expected["ramp_low"] and got["ramp_high"] == expected["ramp_high"]
    assert np.array_equal(got.ramp, got.gamma_paper) and np.array_equal(got.hf_ramp, 1.0 - got.gamma_paper)
    assert got.attention_factor == expected["attention_factor"]
    with pytest.raises(AttributeError, match="no field"):
        got.no_such_field


def test_config_path_and_dict_equal_the_cli(tmp_path):
    config = {"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 500000.0,
              "max_position_embeddings": 131072,
              "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                               "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    expected = cli_json("compute", "frequencies", "--config", str(path))
    assert_same(dict(posenc.frequencies(config=str(path))), expected)
    assert_same(dict(posenc.frequencies(config=config)), expected)


def test_a_method_without_frequencies_gives_the_cli_message():
    with pytest.raises(posenc.InvalidInput, match="no per-pair frequencies"):
        posenc.frequencies("alibi")
