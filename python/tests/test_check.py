# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc.check: the CLI's result structure for a user's table (file or array); a correct table matches, a
table with a classic porting bug does not and the diagnosis names it."""
import json

import numpy as np

import posenc
from conftest import cli


def hand_written_inv_freq(head_dim, rotary_dim, base, denominator):
    return 1.0 / base ** (np.arange(0, rotary_dim, 2, dtype=np.float64) / denominator)


def test_check_of_an_array_equals_the_cli_on_the_same_file(tmp_path):
    table = hand_written_inv_freq(128, 64, 10000.0, 128)  # partial rotary with head_dim as the denominator: a bug
    path = tmp_path / "inv_freq.npy"
    np.save(path, table.reshape(1, -1))  # the table readers take 2-D arrays: one row
    proc = cli("check", "--method", "rope", "--head-dim", "128", "--partial-rotary-factor", "0.5", "--input",
               str(path), "--quantity", "inv_freq", "--format", "json", check=False)
    assert proc.returncode == 1
    expected = json.loads(proc.stdout)
    got = posenc.check("rope", head_dim=128, partial_rotary_factor=0.5, input=table, quantity="inv_freq")
    assert got.exit_status == 1
    strip = lambda d: {k: v for k, v in d.items() if k not in ("input", "exit_status")}
    assert json.loads(json.dumps(strip(got), default=lambda a: a.tolist())) == strip(expected)
    assert got["diagnosis"][0]["kind"] == "rotary-dim"


def test_a_correct_table_matches():
    table = hand_written_inv_freq(128, 64, 10000.0, 64)
    got = posenc.check("rope", head_dim=128, partial_rotary_factor=0.5, input=table, quantity="inv_freq")
    assert got.exit_status == 0
