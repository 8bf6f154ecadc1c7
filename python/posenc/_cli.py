# SPDX-License-Identifier: GPL-3.0-or-later
"""The ``posenc`` program, for the one function that describes it: posenc.commands() (its command table). Every
computation runs in the core; nothing of the command line is linked into this package."""
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
