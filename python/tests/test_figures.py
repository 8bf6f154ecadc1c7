# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc.render draws with the same renderer as `posenc render` (the render helper program)."""
import pytest

import posenc
from conftest import cli, cli_error


def test_png_is_the_cli_figure(tmp_path):
    out = tmp_path / "f.png"
    cli("render", "frequencies", "--method", "yarn", "--compare", "rope,pi", "--factor", "8", "--width", "640",
        "--height", "400", "-o", str(out))
    fig = posenc.render("frequencies", "yarn", compare="rope,pi", factor=8, width=640, height=400)
    assert isinstance(fig, posenc.Figure)
    assert fig.data.startswith(b"\x89PNG\r\n\x1a\n")
    assert fig._repr_png_() == fig.data
    assert fig.data == out.read_bytes()


def test_svg(tmp_path):
    fig = posenc.render("entropy", "rope", compare="yarn", factor=8, length=4096, format="svg")
    assert fig._repr_svg_().lstrip().startswith("<?xml") and "<svg" in fig._repr_svg_()
    assert fig._repr_png_() is None
    fig.save(tmp_path / "e.svg")
    assert (tmp_path / "e.svg").read_bytes() == fig.data


def test_render_errors_are_the_clis():
    expected = cli_error("render", "heatmap", "--method", "rope", "--length", "0")
    with pytest.raises(posenc.InvalidInput) as info:
        posenc.render("heatmap", "rope", length=0)
    assert str(info.value) == expected
    with pytest.raises(posenc.InvalidInput):
        posenc.render("heatmap", "rope", format="gif")
