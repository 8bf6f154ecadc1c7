# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc.check(..., quantity="query-scale"): a per-position query multiplier against the query temperature of the
reference's config, in memory and file-style, on Hugging Face's own tables (tests/data/query_scale.json, made by
tests/data/make_query_scale.py running transformers' get_llama_4_attn_scale and Llama 4's NoPE expression)."""
import json
import pathlib

import numpy as np
import pytest

import posenc
from conftest import cli

GOLDEN = json.loads((pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "query_scale.json").read_text())
POSITIONS = ",".join(str(p) for p in GOLDEN["positions"])


def hf(model, key):
    return np.asarray(GOLDEN[model][key], dtype=np.float32)  # float32, as HF computes it


def test_hf_table_matches_the_config_rule():
    enc = posenc.Encoding.from_preset("ministral-3-8b")
    got = posenc.check(hf("ministral3", "scale"), reference=enc, quantity="query-scale", positions=POSITIONS)
    assert got.match and not got.diagnosis
    # a column (N x 1) is the same table
    assert enc.check(hf("ministral3", "scale")[:, None], quantity="query-scale", positions=POSITIONS).match
    nope = posenc.Encoding.from_preset("llama-4-scout")
    assert posenc.check(hf("llama4_nope", "scale"), reference=nope, quantity="query-scale", positions=POSITIONS).match


def test_planted_squared_and_off_by_one_are_named():
    enc = posenc.Encoding.from_preset("ministral-3-8b")
    sq = posenc.check(hf("ministral3", "scale_squared"), reference=enc, quantity="query-scale", positions=POSITIONS)
    assert not sq.match and sq.diagnosis[0][0] == "query-scale-squared"
    obo = posenc.check(hf("ministral3", "scale_at_positions_plus_one"), reference=enc, quantity="query-scale",
                       positions=POSITIONS)
    assert not obo.match and obo.diagnosis[0][0] == "query-scale-off-by-one"
    assert obo.worst_position == 16383


def test_file_style_equals_the_cli(tmp_path):
    path = tmp_path / "obo.npy"
    np.save(path, hf("ministral3", "scale_at_positions_plus_one"))
    proc = cli("check", "--preset", "ministral-3-8b", "--input", str(path), "--quantity", "query-scale",
               "--positions", POSITIONS, "--format", "json", check=False)
    assert proc.returncode == 1
    got = posenc.check(preset="ministral-3-8b", input=str(path), quantity="query-scale", positions=POSITIONS)
    assert got.exit_status == 1
    strip = lambda d: {k: v for k, v in d.items() if k not in ("exit_status",)}
    assert json.loads(json.dumps(strip(got), default=lambda a: a.tolist())) == strip(json.loads(proc.stdout))
    assert got["diagnosis"][0]["kind"] == "query-scale-off-by-one"
    assert got["diagnosis"][0]["produced_by"][0].startswith("llama.cpp")


def test_an_encoding_without_a_query_temperature_is_refused():
    with pytest.raises(posenc.InvalidInput, match="query-scale needs its rule"):
        posenc.check(hf("ministral3", "scale"), reference=posenc.Encoding("rope"), quantity="query-scale",
                     positions=POSITIONS)
