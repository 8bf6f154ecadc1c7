# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc.check of an image/video RoPE table and posenc.inspect of its config (a diffusers config, or
tower="vision") run by the core (posenc/grid_report.h, no command, no argv): the reports equal ``posenc check
--config ... --format json`` / ``posenc inspect`` for the golden tables of tests/data/grid (the models' own code)
and a bug planted into them, from an array and a .npy file, from a dict and a path."""
import json

import numpy as np
import pytest

import posenc
from conftest import TEST_DATA, assert_same, cli

CASES = {c["name"]: c for name in ("grid_golden.json", "grid_golden_more.json")
         for c in json.loads((TEST_DATA / "grid" / name).read_text())["cases"]}


def cli_report(config_path, table_path, layout, quantity, tower=None):
    argv = ["check", "--config", str(config_path), "--input", str(table_path), "--quantity", quantity,
            "--position-layout", layout, "--format", "json"]
    if tower:
        argv += ["--tower", tower]
    proc = cli(*argv, check=False)
    assert proc.returncode in (0, 1), proc.stderr.decode()
    return json.loads(proc.stdout), proc.returncode


def tables(case):
    cos, sin = np.asarray(case["cos"]), np.asarray(case["sin"])
    n = cos.shape[1] // 2
    yield "cos", cos
    yield "sin", sin
    yield "cos", np.repeat(cos[:, :n], 2, axis=1)  # a planted channel-layout bug: a mismatch with a diagnosis


@pytest.mark.parametrize("name", sorted(CASES)[:4] + ["pixtral"])
def test_report_equals_the_cli(tmp_path, name):
    case = CASES[name]
    config_path = tmp_path / "config.json"
    config_path.write_text(json.dumps(case["config"]))
    for i, (quantity, table) in enumerate(tables(case)):
        table_path = tmp_path / f"t{i}.npy"
        np.save(table_path, table)
        expected, status = cli_report(config_path, table_path, case["layout"], quantity, case.get("tower"))
        from_file = posenc.check(config=str(config_path), input=str(table_path), quantity=quantity,
                                 position_layout=case["layout"], tower=case.get("tower"))
        assert_same(dict(from_file), {**expected, "exit_status": status}, f"{name} {i}")
        from_array = posenc.check(config=case["config"], input=table, quantity=quantity,
                                  position_layout=case["layout"], tower=case.get("tower"))
        assert_same(dict(from_array), {**expected, "input": "array", "exit_status": status}, f"{name} {i}")


def test_report_of_a_planted_bug_names_it():
    case = CASES["pixtral"]
    _, _, bad = tables(case)
    r = posenc.check(config=case["config"], input=bad[1], quantity="cos", position_layout=case["layout"],
                     tower="vision")
    assert not r["match"] and r["exit_status"] == 1
    assert "channel-layout" in [d["kind"] for d in r["diagnosis"]]


def test_bad_requests_name_the_value():
    case = CASES["pixtral"]
    cos = np.asarray(case["cos"])
    with pytest.raises(posenc.InvalidInput, match="position-layout"):
        posenc.check(config=case["config"], input=cos, tower="vision")
    with pytest.raises(posenc.InvalidInput, match="quantity angle"):
        posenc.check(config=case["config"], input=cos, quantity="angle", position_layout=case["layout"],
                     tower="vision")
    with pytest.raises(posenc.InvalidInput, match="2-D array"):
        posenc.check(config=case["config"], input=cos[0], position_layout=case["layout"], tower="vision")


@pytest.mark.parametrize("name", sorted(CASES)[:4] + ["pixtral"])
def test_inspect_equals_the_cli(tmp_path, name):
    case = CASES[name]
    path = tmp_path / "config.json"
    path.write_text(json.dumps(case["config"]))
    argv = ["inspect", str(path), "--format", "json"] + (["--tower", case["tower"]] if case.get("tower") else [])
    expected = json.loads(cli(*argv).stdout)
    tower = {"tower": case["tower"]} if case.get("tower") else {}
    assert_same(posenc.inspect(str(path), **tower), expected, name)
    assert_same(posenc.inspect(case["config"], **tower), expected, name)
