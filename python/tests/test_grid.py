# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc.Encoding.from_config on image/video diffusion transformer configs and VLM vision towers (GridEncoding):
ids and cos/sin against tests/data/grid/grid_golden*.json (the models' own code at pinned commits), named columns,
float32, RIFLEx, and check() naming a bug planted into a golden table."""
import json

import numpy as np
import pytest

import posenc
from conftest import TEST_DATA


def cases():
    out = []
    for name in ("grid_golden.json", "grid_golden_more.json", "grid_golden_presets.json"):
        out += json.loads((TEST_DATA / "grid" / name).read_text())["cases"]
    return out


@pytest.mark.parametrize("case", cases(), ids=lambda c: f"{c['name']}-{c['layout']}")
def test_golden_ids_and_tables(case):
    enc = posenc.Encoding.from_config(case["config"], tower=case.get("tower"))
    assert isinstance(enc, posenc.GridEncoding)
    ids = enc.positions(case["layout"])
    assert ids.shape == np.asarray(case["positions"]).shape
    np.testing.assert_allclose(ids, case["positions"], rtol=0, atol=1e-12)
    cos, sin = enc.cos_sin(layout=case["layout"])
    assert cos.dtype == np.float64 and cos.shape == (len(case["positions"]), enc.head_dim)
    assert enc.check(cos, case["layout"])["match"]
    rows = case.get("rows", list(range(len(case["positions"]))))  # Llama 4 Scout: the file keeps some rows
    assert np.max(np.abs(cos[rows] - np.asarray(case["cos"]))) <= 1e-9
    assert np.max(np.abs(sin[rows] - np.asarray(case["sin"]))) <= 1e-9


def test_config_file_named_columns_and_float32(tmp_path):
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"_class_name": "WanTransformer3DModel", "attention_head_dim": 128}))
    enc = posenc.Encoding.from_config(str(path))
    assert enc.method == "rope-wan" and [a["dim"] for a in enc.axes] == [44, 42, 42]
    named = enc.positions("video:2x3x2", named=True)
    assert list(named) == ["t", "h", "w"] and named["w"].tolist() == [0, 1] * 6
    cos32, _ = enc.cos_sin(layout="video:2x3x2", dtype=np.float32)
    assert cos32.dtype == np.float32
    assert enc.angles("video:2x3x2").shape == (12, 64)


def test_vision_tower_needs_the_flag_and_names_the_merge_rule():
    qwen = {"model_type": "qwen2_5_vl", "vision_config": {"hidden_size": 1280, "num_heads": 16}}
    enc = posenc.Encoding.from_config(qwen, tower="vision")
    assert enc.method == "rope-qwen2.5-vl-vision" and enc.channel_layout == "half"
    with pytest.raises(posenc.InvalidInput, match="spatial_merge_size"):
        enc.positions("image:3x4")


def test_riflex_paper_k():
    enc = posenc.Encoding.from_config({"_class_name": "HunyuanVideoTransformer3DModel"})
    r = enc.riflex(129)
    assert (r["k"], r["N_k"], r["applied"]) == (4, 50, True)
    assert r["inv_freq"][3] == pytest.approx(0.9 * 2 * np.pi / 129, abs=1e-15)


def test_check_names_a_planted_channel_layout_bug():
    case = next(c for c in cases() if c["name"] == "pixtral")
    enc = posenc.Encoding.from_config(case["config"], tower="vision")
    cos = np.asarray(case["cos"])
    n = cos.shape[1] // 2
    interleaved = np.repeat(cos[:, :n], 2, axis=1)  # the half table re-laid as pairs (2j, 2j+1)
    res = enc.check(interleaved, case["layout"])
    assert not res["match"]
    assert "channel-layout" in [d[0] for d in res["diagnosis"]]


def test_qwen25vl_window_order_is_the_models():
    # get_vision_window_index's own output for a 10x14 patch grid at Qwen2.5-VL-7B's vision_config
    # (grid_golden_presets.json, make_grid_golden_presets.py): the default order is the window order
    case = next(c for c in cases() if c["name"] == "qwen2.5-vl-vision-window" and c["layout"] == "image:10x14")
    enc = posenc.Encoding.from_config(case["config"], tower="vision")
    w = enc.windows("image:10x14")
    assert w["window_index"] == case["window_index"] and w["cu_window_seqlens"] == case["cu_window_seqlens"]
    assert w["full_attention_blocks"] == [7, 15, 23, 31] and (w["window_blocks"], w["depth"]) == (4, 32)
    np.testing.assert_array_equal(enc.positions("image:10x14", order="window"), case["positions"])
    raster = enc.positions("image:10x14", order="raster")
    assert raster[:, 0].tolist() == [i // 14 for i in range(140)] and raster[:, 1].tolist() == [i % 14 for i in range(140)]
    blocks = enc.positions("image:10x14", order="blocks")
    assert blocks[:4].tolist() == [[0, 0], [0, 1], [1, 0], [1, 1]] and blocks[4].tolist() == [0, 2]
    cos_r, _ = enc.cos_sin(layout="image:10x14", order="raster")
    # the same table, rows permuted: the row of patch (r, c) in window order is the raster row r*14 + c
    cos_w, _ = enc.cos_sin(layout="image:10x14")
    perm = [int(r * 14 + c) for r, c in case["positions"]]
    np.testing.assert_array_equal(cos_w, cos_r[perm])
    # check: a port that keeps the raster order fails against the model, and the diagnosis names the order; the
    # same table checked as raster (order=) matches
    r = enc.check(cos_r, "image:10x14", "cos")
    assert not r["match"] and r["diagnosis"][0][0] == "token-order" and "raster order" in r["diagnosis"][0][1]
    assert enc.check(cos_r, "image:10x14", "cos", order="raster")["match"]
    assert enc.check(cos_w, "image:10x14", "cos")["match"]


def test_order_rules_are_named():
    flux = posenc.Encoding.from_config({"_class_name": "FluxTransformer2DModel"})
    with pytest.raises(posenc.InvalidInput, match="only Qwen2.5-VL's vision tower reorders"):
        flux.positions("image:2x2", order="window")
    assert flux.positions("image:2x2", order="raster").tolist() == flux.positions("image:2x2").tolist()
    with pytest.raises(posenc.InvalidInput, match="the orders are model"):
        flux.angles("image:2x2", order="spiral")
    with pytest.raises(posenc.InvalidInput, match="windows are Qwen2.5-VL"):
        flux.windows("image:2x2")
    pix = posenc.Encoding.from_config({"model_type": "llava", "vision_config": {"model_type": "pixtral"}},
                                      tower="vision")
    with pytest.raises(posenc.InvalidInput, match="has no attention windows"):
        pix.windows("image:2x2")
