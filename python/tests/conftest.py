# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared helpers: the posenc CLI (POSENC_CLI, set by CTest) whose output the module must reproduce."""
import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]
TEST_DATA = SOURCE_DIR / "tests" / "data"


def cli_path() -> str:
    path = os.environ.get("POSENC_CLI")
    if not path:
        pytest.skip("POSENC_CLI is not set (run through ctest)")
    return path


def cli(*argv, check=True) -> subprocess.CompletedProcess:
    proc = subprocess.run([cli_path(), *argv], capture_output=True)
    if check and proc.returncode != 0:
        raise AssertionError(f"posenc {' '.join(argv)} failed ({proc.returncode}): {proc.stderr.decode()}")
    return proc


def cli_json(*argv) -> dict:
    return json.loads(cli(*argv, "--format", "json").stdout)


def cli_error(*argv) -> str:
    """The message of a request the CLI refuses with exit status 2, without the 'posenc: ' prefix."""
    proc = cli(*argv, check=False)
    assert proc.returncode == 2, f"posenc {' '.join(argv)} exited {proc.returncode}, not 2"
    return proc.stderr.decode().strip().removeprefix("posenc: ")


def assert_same(py_value, cli_value, path="result"):
    """Equal bit for bit: arrays exactly (float64 JSON numbers round-trip exactly), dicts and lists per entry."""
    if isinstance(cli_value, dict):
        assert set(py_value.keys()) == set(cli_value.keys()), path
        for k in cli_value:
            assert_same(py_value[k], cli_value[k], f"{path}.{k}")
    elif isinstance(py_value, np.ndarray):
        expected = np.asarray(cli_value, dtype=np.float64)
        assert py_value.dtype == np.float64, path
        assert np.array_equal(py_value, expected, equal_nan=True), path
    elif isinstance(cli_value, list):
        assert len(py_value) == len(cli_value), path
        for i, (a, b) in enumerate(zip(py_value, cli_value)):
            assert_same(a, b, f"{path}[{i}]")
    else:
        assert py_value == cli_value, f"{path}: {py_value!r} != {cli_value!r}"
