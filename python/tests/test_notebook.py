# SPDX-License-Identifier: GPL-3.0-or-later
"""docs/posenc-python.ipynb runs as shipped (its outputs are stripped) and shows what its text says."""
import contextlib
import io
import json

import posenc
from conftest import SOURCE_DIR


def test_example_notebook_runs():
    nb = json.loads((SOURCE_DIR / "docs" / "posenc-python.ipynb").read_text())
    assert all(c.get("outputs", []) == [] for c in nb["cells"] if c["cell_type"] == "code"), "outputs not stripped"
    scope = {}
    printed = io.StringIO()
    figures = 0
    with contextlib.redirect_stdout(printed):
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            lines = "".join(cell["source"]).rstrip().split("\n")
            if lines[-1].startswith("posenc.render("):  # the cell's value: the figure Jupyter shows
                exec("\n".join(lines[:-1]), scope)
                figure = eval(lines[-1], scope)
                assert figure._repr_png_().startswith(b"\x89PNG")
                figures += 1
            else:
                exec("\n".join(lines), scope)
    assert figures == 3
    text = printed.getvalue()
    assert "rotary_dim (right)   inv_freq match: True" in text
    assert "head_dim (bug)       inv_freq match: False" in text
    assert "factor" in text  # the ValueError message names the parameter
    assert isinstance(scope.get("y"), posenc.Result)
    # section 5: the object API
    assert "Encoding check match: False diagnosis: attention-factor-missing" in text
    assert "fixed match: True" in text
    assert isinstance(scope.get("enc"), posenc.Encoding) and scope["q_rot"].shape == (1, 8, 4, 128)
