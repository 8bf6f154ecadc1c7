# SPDX-License-Identifier: GPL-3.0-or-later
"""inspect(dict) and check(method, input=ndarray) read from memory: no temporary file, TMPDIR unwritable or the
tempfile module refused, and the values equal the CLI's on the same file."""
import json
import os
import stat
import tempfile

import numpy as np
import pytest

import posenc
from conftest import cli, cli_json

CONFIG = {"architectures": ["LlamaForCausalLM"], "hidden_size": 4096, "num_attention_heads": 32,
          "max_position_embeddings": 131072, "rope_theta": 500000.0,
          "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                           "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}}


def strip(d, keys):
    return {k: v for k, v in d.items() if k not in keys}


@pytest.fixture
def no_tempfile(monkeypatch, tmp_path):
    """TMPDIR is a read-only folder and every tempfile function fails the test (root can write into read-only
    folders, hence the patch)."""
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    monkeypatch.setenv("TMPDIR", str(locked))
    monkeypatch.setattr(tempfile, "tempdir", str(locked))

    def refuse(*a, **k):
        raise AssertionError("posenc used a temporary file")

    for name in ("mkstemp", "mkdtemp", "TemporaryDirectory", "NamedTemporaryFile", "TemporaryFile",
                 "SpooledTemporaryFile", "gettempdir"):
        monkeypatch.setattr(tempfile, name, refuse)
    yield
    locked.chmod(stat.S_IRWXU)
    assert os.listdir(locked) == []


def test_inspect_dict_from_memory(tmp_path):
    path = tmp_path / "config.json"
    path.write_text(json.dumps(CONFIG))
    expected = cli_json("inspect", str(path), "--seq-len", "200000")
    expected_2024 = cli_json("inspect", str(path), "--hf-era", "2024")
    with pytest.MonkeyPatch.context() as mp:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
        mp.setenv("TMPDIR", str(locked))
        mp.setattr(tempfile, "tempdir", str(locked))
        for name in ("mkstemp", "mkdtemp", "TemporaryDirectory", "NamedTemporaryFile", "TemporaryFile"):
            mp.setattr(tempfile, name, lambda *a, **k: pytest.fail("inspect(dict) used a temporary file"))
        got = posenc.inspect(CONFIG, seq_len=200000)
        got_2024 = posenc.inspect(CONFIG, era="2024")
    keys = ("file", "path", "source")
    assert strip(got, keys) == strip(expected, keys)
    assert strip(got_2024, keys) == strip(expected_2024, keys)
    assert got["encodings"][0]["inv_freq"] == expected["encodings"][0]["inv_freq"]  # bit for bit (JSON floats)


def test_inspect_dict_bad_json_value_names_it(no_tempfile):
    bad = dict(CONFIG, rope_theta=-1.0)
    with pytest.raises(posenc.InvalidInput, match="rope_theta"):
        posenc.inspect(bad)


def test_check_array_from_memory_equals_the_cli_on_the_same_file(tmp_path, no_tempfile):
    enc = posenc.Encoding("yarn", head_dim=128, rope_theta=1e6, factor=4, original_max_position_embeddings=32768)
    cos, _ = enc.cos_sin(np.arange(512))
    planted = (cos / np.float32(enc.attention_factor)).astype(np.float32)  # YaRN's attention factor left out
    batch = np.stack([cos, planted])  # (2, 512, 128): slices
    flags = ["--method", "yarn", "--head-dim", "128", "--rope-theta", "1000000", "--factor", "4",
             "--original-max-position-embeddings", "32768"]
    for table in (cos, planted, batch):
        path = tmp_path / "table.npy"
        np.save(path, table)  # the test's own file, for the CLI only
        proc = cli("check", *flags, "--input", str(path), "--quantity", "cos", "--format", "json", check=False)
        expected = json.loads(proc.stdout)
        got = posenc.check("yarn", input=table, quantity="cos", head_dim=128, rope_theta=1e6, factor=4,
                           original_max_position_embeddings=32768)
        assert got.exit_status == proc.returncode
        keys = ("input", "exit_status")
        assert json.loads(json.dumps(strip(got, keys), default=lambda a: a.tolist())) == strip(expected, keys)
    assert got.exit_status == 1 and "attention-factor" in got["diagnosis"][0]["kind"]


def test_check_list_and_tensor_like_inputs_are_tables(no_tempfile):
    enc = posenc.Encoding("rope", head_dim=64)
    cos, _ = enc.cos_sin(np.arange(16), dtype=np.float64)

    class Tensor:  # anything with __array__ (a torch tensor)
        def __array__(self, dtype=None):
            return cos if dtype is None else cos.astype(dtype)

    for table in (cos.tolist(), Tensor(), cos.astype(np.float32)):
        assert posenc.check("rope", input=table, quantity="cos", head_dim=64).exit_status == 0


def test_check_bad_arrays_name_the_input(no_tempfile):
    with pytest.raises(posenc.InvalidInput, match="array"):
        posenc.check("rope", input=np.zeros((0, 4)), quantity="cos", head_dim=64)
