# SPDX-License-Identifier: GPL-3.0-or-later
"""The package binds the core only: no app/ header in python/src, no posenc::cli symbol in the extension; the
requests only a command serves run the `posenc` program (posenc/_cli.py) — found through POSENC_CLI, its exit
status 2 is InvalidInput with its message, a missing program is an error naming it, and a config dict or an array
in such a request is refused (no temporary file)."""
import pathlib
import re
import shutil
import subprocess

import numpy as np
import pytest

import posenc
from conftest import SOURCE_DIR, cli_error, cli_json
from test_memory_inputs import no_tempfile  # noqa: F401 (a fixture)


def test_python_sources_include_no_app_header():
    sources = sorted((SOURCE_DIR / "python" / "src").glob("*.[ch]*"))
    assert sources
    for path in sources:
        for line in path.read_text(encoding="utf-8").splitlines():
            m = re.match(r'\s*#\s*include\s*[<"]([^>"]+)[>"]', line)
            if m:
                header = m.group(1)
                assert not header.startswith(("app/", "cli/")), (path.name, header)
                assert not (SOURCE_DIR / "app" / "cli" / header).exists(), (path.name, header)


def test_extension_holds_no_cli_code():
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("nm (binutils) is not installed")
    so = pathlib.Path(posenc._core.__file__)
    symbols = subprocess.run([nm, "-C", "-D", "--defined-only", str(so)], capture_output=True, text=True).stdout
    symbols += subprocess.run([nm, "-C", str(so)], capture_output=True, text=True).stdout
    assert "posenc::cli::" not in symbols
    assert not list(so.parent.glob("_posenc*")), "the command module _posenc is gone"


def test_missing_program_is_named(monkeypatch, tmp_path):
    monkeypatch.setenv("POSENC_CLI", str(tmp_path / "no-posenc"))
    with pytest.raises(FileNotFoundError, match="no-posenc"):
        posenc.commands()
    # what the core serves does not need it
    assert posenc.frequencies("rope", head_dim=8).inv_freq.shape == (4,)


def test_refusal_of_the_program_is_invalid_input():
    # output flags go to the program; its exit status 2 comes back as InvalidInput with its message
    expected = cli_error("compute", "frequencies", "--method", "rope", "--head-dim", "127", "--format", "json")
    with pytest.raises(posenc.InvalidInput) as info:
        posenc.frequencies("rope", head_dim=127, format="json")
    assert isinstance(info.value, ValueError) and str(info.value) == expected


def test_command_table_lists_every_command_with_its_options():
    table = {" ".join(c["words"]): c for c in posenc.commands()}
    assert {"methods", "compute frequencies", "compute matrix", "inspect", "check", "compute positions",
            "commands"} <= set(table)
    matrix = {o["name"]: o for o in table["compute matrix"]["options"]}
    assert matrix["head"]["range"] == "an integer in [0, 4095]"
    assert matrix["memory-budget"]["default"] and matrix["view"]["help"]
    assert table["compute matrix"]["takes_method"] and not table["commands"]["takes_method"]


def test_positions_known_answer():
    # transformers' get_rope_index (Qwen2-VL): two text tokens at 0, 1; an image of 4x4 patches merged 2x2 is
    # 2x2 tokens at t = 2, h = 2 + row, w = 2 + column; the next text position is max id + 1 = 4
    r = posenc.positions(token_layout="text:2,image:4x4")
    assert r.tokens == 6
    assert r.t.tolist() == [0, 1, 2, 2, 2, 2]
    assert r.h.tolist() == [0, 1, 2, 2, 3, 3]
    assert r.w.tolist() == [0, 1, 2, 3, 2, 3]
    assert r.next_position == 4
    with pytest.raises(posenc.InvalidInput, match="token-layout"):
        posenc.positions()


def test_output_flags_write_the_file(tmp_path):
    out = tmp_path / "cos.npy"
    assert posenc.matrix("rope", "cos", 16, head_dim=8, output=out) is None
    assert np.array_equal(np.load(out), posenc.Encoding("rope", head_dim=8).matrix("cos", 16))
    f = posenc.frequencies("yarn", factor=8, format="json")  # through the program: the CLI's JSON
    assert np.array_equal(f.inv_freq, posenc.Encoding("yarn", factor=8).inv_freq)


def test_in_memory_inputs_are_refused_where_only_the_program_serves(no_tempfile):
    config = {"architectures": ["LlamaForCausalLM"], "hidden_size": 512, "num_attention_heads": 8,
              "rope_theta": 10000.0, "max_position_embeddings": 2048}
    with pytest.raises(posenc.InvalidInput, match="config: a config given as a dict"):
        posenc.frequencies(config=config, format="json")
    with pytest.raises(posenc.InvalidInput, match="input: an array"):
        posenc.check("rope", input=np.zeros((4, 8)), quantity="cos", head_dim=8, output="report.json")
    # the same requests without output flags run in the core
    assert posenc.frequencies(config=config).inv_freq.shape == (32,)
    assert posenc.check("rope", input=posenc.Encoding("rope", head_dim=8).cos_sin(np.arange(4), dtype=np.float64)[0],
                        quantity="cos", head_dim=8).exit_status == 0


def test_text_memory_budget_is_parsed_by_the_core(tmp_path):
    """memory_budget as text ("64MiB", the CLI's --memory-budget) is parsed by the core for an array and a file."""
    table = posenc.Encoding("rope", head_dim=8).cos_sin(np.arange(8), dtype=np.float64)[0]
    path = tmp_path / "cos.npy"
    np.save(path, table)
    for given in (table, str(path)):
        assert posenc.check("rope", input=given, quantity="cos", head_dim=8, memory_budget="64MiB").exit_status == 0
        with pytest.raises(posenc.InvalidInput, match="memory-budget"):
            posenc.check("rope", input=given, quantity="cos", head_dim=8, memory_budget="lots")


def test_methods_need_no_program(monkeypatch, tmp_path):
    monkeypatch.setenv("POSENC_CLI", str(tmp_path / "no-posenc"))
    listed = posenc.methods()
    monkeypatch.undo()
    assert listed == cli_json("methods")["methods"]


def test_positions_and_grid_matrix_through_the_core(monkeypatch):
    # no program: positions (M-RoPE and image/video) and an image/video config's matrix are computed by the core
    monkeypatch.setenv("POSENC_CLI", "/nonexistent/posenc")
    r = posenc.positions(layout="text:1,video:2x4x4@2", position_rule="qwen2-vl")
    # get_rope_index (Qwen2-VL): a video grid of 2 temporal patches x 4x4 patches merged 2x2: t = 1, 2 after the
    # text, h and w = 1 + merged row / column; next text at max id + 1 = 3
    assert r.tokens == 9
    assert r.t.tolist() == [0, 1, 1, 1, 1, 2, 2, 2, 2]
    assert r.modality == ("text",) + ("video",) * 8
    assert r.h.tolist() == [0, 1, 1, 2, 2, 1, 1, 2, 2] and r.next_position == 3
    assert r.rope_delta == 3 - 9
    flux = {"_class_name": "FluxTransformer2DModel", "axes_dims_rope": [16, 56, 56]}
    p = posenc.positions(config=flux, layout="image:2x3")
    assert p.axes == ["t", "h", "w"] and p.tokens == 6
    # FLUX's _prepare_latent_image_ids: t = 0, h = row, w = column
    assert p.positions.tolist() == [[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 1, 0], [0, 1, 1], [0, 1, 2]]
    assert posenc.positions(config=flux, layout="image:2x3", named=True).w.tolist() == [0, 1, 2, 0, 1, 2]
    cos = posenc.matrix(None, "cos", config=flux, layout="image:2x3")
    assert cos.shape == (6, 128)
    enc = posenc.Encoding.from_config(flux)
    assert np.array_equal(cos, enc.cos_sin(layout="image:2x3")[0])
    with pytest.raises(posenc.InvalidInput, match="view"):
        posenc.matrix(None, "heatmap", config=flux, layout="image:2x3")
    with pytest.raises(posenc.InvalidInput, match="token_layout or layout"):
        posenc.positions(layout="text:2", token_layout="text:2")
