# SPDX-License-Identifier: GPL-3.0-or-later
"""Figures drawn by the same renderer as ``posenc render``: the render helper program (posenc-render, Qt) runs
them, so this package itself stays free of Qt."""
from __future__ import annotations

import os as _os
import pathlib as _pathlib
import subprocess as _subprocess

_HELPER = _pathlib.Path("libexec") / "posenc" / "posenc-render"


def render_helper() -> str:
    """The posenc-render program: $POSENC_RENDER, else libexec/posenc/posenc-render under the nearest folder
    above this package that has it (the build tree's build/, or the install prefix)."""
    env = _os.environ.get("POSENC_RENDER")
    if env:
        return env
    here = _pathlib.Path(__file__).resolve().parent
    for folder in here.parents:
        candidate = folder / _HELPER
        if candidate.is_file() and _os.access(candidate, _os.X_OK):
            return str(candidate)
    raise FileNotFoundError(
        f"posenc.render needs the render helper {_HELPER} above {here} (or set POSENC_RENDER to its path)")


class Figure:
    """A rendered figure: ``data`` (bytes) in ``format`` ("png" or "svg"); shows itself inline in Jupyter."""

    def __init__(self, data: bytes, format: str, argv: list[str]):
        self.data = data
        self.format = format
        self.argv = argv

    def _repr_png_(self):
        return self.data if self.format == "png" else None

    def _repr_svg_(self):
        return self.data.decode("utf-8") if self.format == "svg" else None

    def save(self, path) -> None:
        """Writes the bytes to ``path``."""
        with open(path, "wb") as f:
            f.write(self.data)

    def __repr__(self) -> str:
        return f"<posenc.Figure {self.format}, {len(self.data)} bytes: posenc {' '.join(self.argv)}>"


def render(view: str, method: str | None = None, *, width: int | None = None, height: int | None = None,
           format: str = "png", config=None, preset=None, **params) -> Figure:
    """Draws ``view`` (heatmap, frequencies, ramp, decay, entropy, ...) as ``posenc render VIEW`` does, with the
    same keyword arguments as its flags (``compare="pi,yarn"``, ``length=``, view options); returns a
    :class:`Figure` with the PNG or SVG bytes. Raises InvalidInput (ValueError) with the CLI's message for a
    request the CLI refuses."""
    from . import InvalidInput, argv_for

    if format not in ("png", "svg"):
        raise InvalidInput(f"format: expected png or svg, got '{format}'")
    source = {k: v for k, v in (("method", method), ("config", config), ("preset", preset)) if v is not None}
    argv = argv_for(["render", view], {**source, "width": width, "height": height, **params})
    env = dict(_os.environ, QT_QPA_PLATFORM=_os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    # the image comes back on the helper's standard output (-o -): no file, no temporary folder
    proc = _subprocess.run([render_helper(), *argv, "--format", format, "-o", "-"], capture_output=True, env=env)
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip().removeprefix("posenc: ")
        if proc.returncode == 2:
            raise InvalidInput(message)
        raise RuntimeError(message or f"posenc-render exited with status {proc.returncode}")
    if not proc.stdout:
        raise RuntimeError("posenc-render wrote no image to its standard output")
    return Figure(proc.stdout, format, argv)
