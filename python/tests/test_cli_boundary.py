# SPDX-License-Identifier: GPL-3.0-or-later
"""The package binds the core only: no app/ header in python/src, no posenc::cli symbol in the extension, and
no request runs the `posenc` program but commands() (the program's own table; posenc/_cli.py finds it through
POSENC_CLI and names it when it is missing). Requests that used to need it — a method on a config's geometry, a
learned table file, an image/video check in another token order — run in the core and equal the CLI's values;
the CLI's output flags are refused with what to do instead."""
import inspect
import json
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


@pytest.fixture
def no_program(monkeypatch, no_tempfile):  # noqa: F811 (a fixture)
    """No posenc program to run (POSENC_CLI names none) and no temporary file."""
    monkeypatch.setenv("POSENC_CLI", "/nonexistent/posenc")
    monkeypatch.setattr(posenc._cli, "run", lambda argv: pytest.fail(f"ran posenc {' '.join(argv)}"))


LLAMA = {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 512, "num_attention_heads": 8,
         "rope_theta": 500000.0, "max_position_embeddings": 8192}


def test_output_flags_are_refused_with_what_to_do(no_program):
    for call in (lambda: posenc.matrix("rope", "cos", 16, head_dim=8, output="cos.npy"),
                 lambda: posenc.frequencies("yarn", factor=8, format="json"),
                 lambda: posenc.decay("rope", o="d.json"),
                 lambda: posenc.inspect(LLAMA, format="text"),
                 lambda: posenc.check("rope", input=np.zeros((4, 8)), head_dim=8, output="report.json")):
        with pytest.raises(posenc.InvalidInput, match=r"write no file; save them with numpy\.save"):
            call()


def test_method_on_a_config_equals_the_cli(monkeypatch, no_tempfile, tmp_path):  # noqa: F811
    # `posenc --method yarn --config F`: YaRN takes the file's head_dim and rope_theta, its own defaults else
    path = tmp_path / "config.json"
    path.write_text(json.dumps(LLAMA))
    expected = cli_json("compute", "frequencies", "--method", "yarn", "--config", str(path), "--factor", "4")
    preset = cli_json("compute", "frequencies", "--method", "ntk", "--preset", "qwen3-8b", "--factor", "2")
    monkeypatch.setenv("POSENC_CLI", "/nonexistent/posenc")  # from here on, no program
    for given in (str(path), LLAMA):
        f = posenc.frequencies("yarn", config=given, factor=4)
        assert f.method == "yarn" and f.params["base"] == 500000.0 and f.params["head-dim"] == 64
        assert f.inv_freq.tolist() == expected["inv_freq"]
        assert f.attention_factor == expected["attention_factor"]
    # the same as the parameters written out
    assert np.array_equal(f.inv_freq, posenc.Encoding("yarn", head_dim=64, rope_theta=500000.0, factor=4).inv_freq)
    assert posenc.inv_freq("ntk", preset="qwen3-8b", factor=2).tolist() == preset["inv_freq"]
    enc = posenc.Encoding.from_config(LLAMA, method="yarn", factor=4)
    assert "as yarn" in repr(enc)
    # the config's own method keeps all its values; a preset takes a method the same way
    assert posenc.Encoding.from_config(LLAMA, method="rope").inv_freq.tolist() == \
        posenc.Encoding.from_config(LLAMA).inv_freq.tolist()
    with pytest.raises(posenc.InvalidInput, match="preset: give a config or a preset, not both"):
        posenc.frequencies("yarn", config=LLAMA, preset="qwen3-8b")


def test_learned_table_file_in_matrix(no_program, tmp_path):
    table = np.arange(24, dtype=np.float64).reshape(6, 4) / 7
    path = tmp_path / "pe.npy"
    np.save(path, table)
    pe = posenc.matrix(None, "pe", input=str(path))  # the whole table by default, as --input
    assert pe.shape == (6, 4) and np.array_equal(pe, table)
    assert np.array_equal(posenc.matrix(None, "pe", 2, 3, input=str(path)), table[3:5])
    with pytest.raises(posenc.InvalidInput, match="input: a learned table is read from a file"):
        posenc.matrix(None, "pe", input=table)


def test_layer_selects_the_encoding_it_uses(no_program):
    # Gemma 3 27B: sliding layers (5 of 6) rotate with theta 1e4 unscaled, full layers (every 6th: 5, 11, ...)
    # with 1e6 and the linear factor 8 (Gemma3TextConfig defaults; layer_types)
    sliding = posenc.Encoding.from_preset("gemma-3-27b", layer=0)
    full = posenc.Encoding.from_preset("gemma-3-27b", layer=5)
    assert sliding.params["base"] == 10000.0 and full.params["base"] == 1000000.0
    assert full.method == "pi" and full.params["factor"] == 8.0
    assert full.inv_freq[1] == 1000000.0 ** (-2 / 128) / 8
    with pytest.raises(posenc.InvalidInput, match="layer 62 is outside 0..61"):
        posenc.Encoding.from_preset("gemma-3-27b", layer=62)
    # Llama 4: every 4th layer has no RoPE (no_rope_layers)
    with pytest.raises(posenc.InvalidInput, match="layer 3 rotates nothing"):
        posenc.Encoding.from_preset("llama-4-scout", layer=3)


def test_image_config_requests_run_in_the_core(no_program):
    qwen_vl = {"model_type": "qwen2_5_vl", "vision_config": {"hidden_size": 64, "num_heads": 4, "patch_size": 14,
                                                               "spatial_merge_size": 2, "window_size": 56}}
    p = posenc.positions(config=qwen_vl, tower="vision", layout="image:4x8")
    assert p.order == "window"  # the name `posenc compute positions --config` writes for what the model computes
    assert posenc.positions(config=qwen_vl, tower="vision", layout="image:4x8", order="raster").order == "raster"
    flux = {"_class_name": "FluxTransformer2DModel", "axes_dims_rope": [16, 56, 56]}
    with pytest.raises(posenc.InvalidInput, match="seq_len: an image/video config's inspect takes only tower"):
        posenc.inspect(flux, seq_len=4096)
    with pytest.raises(posenc.InvalidInput, match="method: an image/video config's encoding is the model's own"):
        posenc.Encoding.from_config(flux, method="rope")
    for call in (lambda: posenc.decay(config=flux), lambda: posenc.frequencies(config=flux),
                 lambda: posenc.matrix(None, "cos", 16, config=flux)):
        with pytest.raises(posenc.InvalidInput, match=r"config: an image/video model \(rope-flux\) rotates the tokens"):
            call()


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


def test_analyses_take_a_memory_budget(no_program):
    # checked before anything is allocated, as the CLI's --memory-budget: a 512 x 512 similarity is 2 MiB
    with pytest.raises(posenc.InvalidInput, match="512 x 512 similarity matrix exceeds the memory budget"):
        posenc.similarity("rope", length=512, memory_budget="1MiB")
    assert posenc.similarity("rope", length=512, memory_budget="8MiB").similarity.shape == (512, 512)
    with pytest.raises(posenc.InvalidInput, match="needs 4.0 MiB, above the memory budget of 1.0 MiB"):
        posenc.Encoding("rope").pca(length=4096, memory_budget=1 << 20)
    with pytest.raises(posenc.InvalidInput, match="memory_budget: expected bytes"):
        posenc.decay("rope", max_distance=1000, memory_budget=True)
    assert "memory_budget" in inspect.signature(posenc.entropy).parameters
