# SPDX-License-Identifier: GPL-3.0-or-later
"""Built-in presets resolved by the core (the preset table compiled into posenc_core, its JSON read by the core's
config reader; no command, no argv): posenc.frequencies(preset=...) and the analyses equal ``posenc ... --preset
NAME --format json``; the list of names is the one of resources/presets; an unknown name names the value."""
import pathlib

import pytest

import posenc
from conftest import SOURCE_DIR, assert_same, cli_error, cli_json

PRESETS = ["llama-3.2-1b", "qwen2.5-7b-yarn", "phi-3-mini-128k", "gemma-3-4b", "deepseek-v3"]


def test_the_names_are_the_preset_files():
    files = sorted(p.stem for p in pathlib.Path(SOURCE_DIR, "resources", "presets").glob("*.json"))
    assert posenc.presets() == files
    assert set(PRESETS) <= set(files)


@pytest.mark.parametrize("name", PRESETS)
def test_frequencies_of_a_preset_equal_the_cli(name):
    got = posenc.frequencies(preset=name)
    assert isinstance(got, posenc.Frequencies)  # the core's result, not the command's
    assert_same(dict(got), cli_json("compute", "frequencies", "--preset", name), name)


def test_preset_with_seq_len_and_override_equals_the_cli():
    got = posenc.frequencies(preset="qwen2.5-7b-yarn", seq_len=65536, factor=2)
    expected = cli_json("compute", "frequencies", "--preset", "qwen2.5-7b-yarn", "--seq-len", "65536",
                        "--factor", "2")
    assert_same(dict(got), expected)


def test_encoding_from_preset_is_the_file_read_by_the_core():
    enc = posenc.Encoding.from_preset("llama-3.2-1b.json")
    path = SOURCE_DIR / "resources" / "presets" / "llama-3.2-1b.json"
    assert enc.params == posenc.Encoding.from_config(str(path)).params
    assert enc.method == "llama3"


def test_an_analysis_of_a_preset_equals_the_cli():
    got = posenc.decay(preset="llama-3.2-1b", max_distance=64)
    expected = cli_json("compute", "decay", "--preset", "llama-3.2-1b", "--max-distance", "64")
    assert_same(dict(got), expected)


def test_an_unknown_preset_names_the_value_and_the_choices():
    with pytest.raises(posenc.InvalidInput) as err:
        posenc.frequencies(preset="no-such-model")
    assert err.value.param == "preset"
    assert str(err.value) == cli_error("compute", "frequencies", "--preset", "no-such-model")
    assert "llama-3.2-1b" in str(err.value)
