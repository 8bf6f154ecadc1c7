# SPDX-License-Identifier: GPL-3.0-or-later
"""The ``posenc`` command line as a program: the few requests the core API does not serve (output flags, a
method with a config file, ``compute positions``, the command table) run the ``posenc`` executable. Nothing of the
command line is linked into this package (it binds the core only), and nothing is handed over through a
temporary file: a config dict or an array table in such a request is refused with a message."""
from __future__ import annotations

import os as _os
import pathlib as _pathlib
import shutil as _shutil
import subprocess as _subprocess

# where `posenc` sits relative to a folder above this package: the build tree (build/app/posenc, the package
# being build/python/posenc) or an install prefix (bin/posenc, the package under lib/python3/dist-packages)
_PLACES = (_pathlib.Path("app") / "posenc", _pathlib.Path("bin") / "posenc")


def executable() -> str:
    """The posenc program: $POSENC_CLI; else the one next to this package (the build tree's app/posenc or the
    install prefix's bin/posenc, the same build as the package); else ``posenc`` on PATH. FileNotFoundError
    naming it when there is none."""
    env = _os.environ.get("POSENC_CLI")
    if env:
        if not (_os.path.isfile(env) and _os.access(env, _os.X_OK)):
            raise FileNotFoundError(f"POSENC_CLI={env}: not an executable file (the posenc command line)")
        return env
    here = _pathlib.Path(__file__).resolve().parent
    for folder in here.parents:
        for place in _PLACES:
            candidate = folder / place
            if candidate.is_file() and _os.access(candidate, _os.X_OK):
                return str(candidate)
    found = _shutil.which("posenc")
    if found:
        return found
    raise FileNotFoundError(
        "this request needs the posenc command line (the executable `posenc`), found neither next to the "
        f"package ({here}) nor on PATH: install PosEnc Explorer's posenc or set POSENC_CLI to its path")


def run(argv: list[str]) -> tuple[int, bytes]:
    """Runs ``posenc ARGV...`` and returns (exit status, standard output): 0, or 1 for a mismatch found by
    ``check``. Exit status 2 (a request the command line refuses) raises InvalidInput (a ValueError) with its
    message; any other failure RuntimeError."""
    from . import InvalidInput

    proc = _subprocess.run([executable(), *argv], capture_output=True, stdin=_subprocess.DEVNULL)
    if proc.returncode in (0, 1):
        return proc.returncode, proc.stdout
    message = proc.stderr.decode("utf-8", "replace").strip().removeprefix("posenc: ")
    if proc.returncode == 2:
        raise InvalidInput(message)
    raise RuntimeError(f"posenc {' '.join(argv)} failed (exit status {proc.returncode}): {message}")


def output(argv: list[str]) -> bytes:
    """What ``posenc ARGV...`` wrote to its standard output (see run)."""
    return run(argv)[1]


def refuse_in_memory(params: dict, what: str) -> None:
    """InvalidInput for a config dict or an array table in a request only the command line serves: it reads
    files, and this package writes no temporary file."""
    from . import InvalidInput

    config, table = params.get("config"), params.get("input")
    if isinstance(config, dict) or hasattr(config, "to_dict"):
        raise InvalidInput(f"config: a config given as a dict is read by the core only, and {what} needs the "
                           "posenc command line, which reads files: give the config.json path")
    if hasattr(table, "__array__") or isinstance(table, (list, tuple)):
        raise InvalidInput(f"input: an array is read by the core only, and {what} needs the posenc command "
                           "line, which reads files: save it (.npy) and give the path")
