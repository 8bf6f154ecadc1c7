# SPDX-License-Identifier: GPL-3.0-or-later
"""check(method, input=FILE), inspect(path | dict | GGUF) and render run without the command table: the core
builds the same report as the CLI's JSON (posenc/check_report.h, posenc/io/inspect.h), with the command module
switched off, TMPDIR unwritable and the tempfile module refused; render reads the image from the helper's
standard output."""
import json
import os
import pathlib
import stat
import struct
import tempfile

import numpy as np
import pytest

import posenc
from conftest import cli, cli_json
from test_memory_inputs import no_tempfile  # noqa: F401 (a fixture)

CHECK_DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "check"
CASES = json.loads((CHECK_DATA / "cases.json").read_text())


@pytest.fixture
def core_only(monkeypatch, no_tempfile):
    """No posenc command line (posenc._cli finds no executable) on top of no_tempfile (TMPDIR read-only,
    tempfile refused): everything runs in the core."""
    def no_cli():
        raise AssertionError("posenc ran the command line")

    monkeypatch.setattr(posenc._cli, "executable", no_cli)


def kwargs_of(args):
    """The CLI flags of a case as posenc.check's arguments."""
    out = {}
    for flag, value in zip(args[::2], args[1::2]):
        out[flag[2:].replace("-", "_")] = value
    return out


def case_id(c):
    return f"{c['file']}-{c['kind'] or 'ok'}-{'_'.join(c['args'][1:4:2])}"


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_file_check_is_the_clis_report(case):
    """Every planted bug of tests/data/check (layouts, attention factor, ramp, truncate, slices of 3-D/4-D
    tensors, safetensors, M-RoPE, inv_freq) gives the CLI's JSON and exit status, key for key."""
    path = str(CHECK_DATA / case["file"])
    proc = cli("check", "--input", path, *case["args"], "--format", "json", check=False)
    expected = json.loads(proc.stdout)
    kw = kwargs_of(case["args"])
    method = kw.pop("method")
    got = posenc.check(method, input=path, **kw)
    assert got.exit_status == proc.returncode == case["exit"]
    plain = json.loads(json.dumps({k: v for k, v in got.items() if k != "exit_status"}, default=lambda a: a.tolist()))
    assert plain == expected


def test_file_check_runs_in_the_core(core_only):
    """No command module, no temporary file: a file and an array, matched and planted."""
    bug = posenc.check("yarn", input=str(CHECK_DATA / "bug_attn_missing.npy"), quantity="sin", head_dim=128,
                       factor=8, original_max_position_embeddings=4096)
    assert bug.exit_status == 1 and bug["diagnosis"][0]["kind"] == "attention-factor-missing"
    assert bug["input"].endswith("bug_attn_missing.npy") and bug["params"]["factor"] == "8"
    sliced = posenc.check("rope", input=str(CHECK_DATA / "bug_batch_slice2_3d.safetensors") + ":cos")
    assert sliced.exit_status == 1 and sliced["slice"] == [2] and sliced["diagnosis"][0]["kind"] == "positions-scaled"
    ok = posenc.check("rope", input=np.load(CHECK_DATA / "ok_rope_half_f64.npy"), quantity="cos")
    assert ok.exit_status == 0 and ok["input"] == "array" and ok["max_abs_error"] < 1e-12
    with pytest.raises(posenc.InvalidInput, match="tolerance"):
        posenc.check("rope", input=str(CHECK_DATA / "ok_rope_half_f64.npy"), tolerance=-1)


def write_gguf(path, kvs):
    """A GGUF v3 file with metadata only (format: ggml docs/gguf.md): magic, version, tensor and key counts, keys."""
    def text(s):
        b = s.encode()
        return struct.pack("<Q", len(b)) + b

    out = b"GGUF" + struct.pack("<IQQ", 3, 0, len(kvs))
    for key, (kind, value) in kvs.items():
        out += text(key) + struct.pack("<I", {"u32": 4, "f32": 6, "str": 8}[kind])
        out += {"u32": lambda v: struct.pack("<I", v), "f32": lambda v: struct.pack("<f", v),
                "str": text}[kind](value)
    path.write_bytes(out)


LLAMA3 = {"architectures": ["LlamaForCausalLM"], "hidden_size": 4096, "num_attention_heads": 32,
          "max_position_embeddings": 131072, "rope_theta": 500000.0,
          "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                           "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}}


def test_inspect_is_the_clis_report(tmp_path):
    """A path, a dict, engines, and a GGUF model (with --against its config.json): the CLI's JSON."""
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(LLAMA3))
    gguf = tmp_path / "tiny.gguf"
    write_gguf(gguf, {"general.architecture": ("str", "llama"), "general.name": ("str", "tiny-llama"),
                      "llama.context_length": ("u32", 8192), "llama.embedding_length": ("u32", 256),
                      "llama.attention.head_count": ("u32", 4), "llama.rope.freq_base": ("f32", 500000.0),
                      "llama.rope.dimension_count": ("u32", 64)})
    expected = {
        "path": cli_json("inspect", str(cfg), "--seq-len", "200000"),
        "vllm": cli_json("inspect", str(cfg), "--engine", "vllm", "--arithmetic", "engine"),
        "all": cli_json("inspect", str(cfg), "--engines", "all"),
        "gguf": cli_json("inspect", str(gguf)),
        "against": cli_json("inspect", str(gguf), "--against", str(cfg)),
        "era": cli_json("inspect", str(cfg), "--hf-era", "2024"),
    }
    got = {
        "path": posenc.inspect(cfg, seq_len=200000),
        "vllm": posenc.inspect(str(cfg), engine="vllm", arithmetic="engine"),
        "all": posenc.inspect(cfg, engines="all"),
        "gguf": posenc.inspect(gguf),
        "against": posenc.inspect(gguf, against=cfg),
        "era": posenc.inspect(LLAMA3, era="2024"),
    }
    assert got["gguf"]["source"] == "gguf" and got["against"]["against"]["config"] == str(cfg)
    for key in expected:
        assert got[key] == expected[key], key


def test_inspect_runs_in_the_core(tmp_path, core_only):
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(LLAMA3))
    from_path = posenc.inspect(cfg)
    from_dict = posenc.inspect(LLAMA3)
    assert from_path["encodings"] == from_dict["encodings"]
    assert from_dict["encodings"][0]["method"] == "llama3"
    cfg.write_text(json.dumps(dict(LLAMA3, rope_theta=1e6)))  # rewritten: read afresh
    assert posenc.inspect(cfg)["encodings"][0]["params"]["base"] == 1e6
    with pytest.raises(posenc.InvalidInput, match="against"):
        posenc.inspect(cfg, against=cfg)
    with pytest.raises(posenc.InvalidInput, match="rope_theta"):
        posenc.inspect(dict(LLAMA3, rope_theta=-1.0))


def test_render_reads_the_image_from_a_pipe(tmp_path, monkeypatch):
    out = tmp_path / "f.png"
    cli("render", "frequencies", "--method", "yarn", "--factor", "8", "--width", "320", "--height", "200",
        "-o", str(out))
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    monkeypatch.setenv("TMPDIR", str(locked))
    runtime = tmp_path / "runtime"  # a session's XDG_RUNTIME_DIR (else Qt makes TMPDIR/runtime-USER)
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.setattr(tempfile, "TemporaryDirectory", lambda *a, **k: pytest.fail("render used a temp folder"))
    fig = posenc.render("frequencies", "yarn", factor=8, width=320, height=200)
    assert fig.data == out.read_bytes()
    svg = posenc.render("frequencies", "yarn", factor=8, width=320, height=200, format="svg")
    assert b"<svg" in svg.data
    locked.chmod(stat.S_IRWXU)
    assert os.listdir(locked) == []
