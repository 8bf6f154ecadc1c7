# SPDX-License-Identifier: GPL-3.0-or-later
"""help(posenc.Encoding) lists every registry method and each of its parameters (generated from the ParamSpecs)."""
import pydoc

import posenc
from posenc import _docs


def test_help_lists_every_method_and_parameter():
    text = pydoc.render_doc(posenc.Encoding, renderer=pydoc.plaintext)
    methods = posenc._core.methods()
    assert len(methods) >= 18
    for m in methods:
        assert f"\n{m['id']}" in text.replace(" |  ", "\n").replace("\n    ", "\n"), m["id"]
        for p in m["params"]:
            assert f"{p['name'].replace('-', '_')}: {_docs.python_type(p)} = " in text, (m["id"], p["name"])
            assert p["help"] in text, (m["id"], p["name"])


def test_known_defaults_appear():
    text = pydoc.render_doc(posenc.Encoding, renderer=pydoc.plaintext)
    # YaRN (Peng et al. 2023, HF defaults): beta_fast 32, beta_slow 1; RoPE's base 10000 (RoFormer)
    assert "beta: float = 32.0 [also beta_fast]" in text
    assert "alpha: float = 1.0 [also beta_slow]" in text
    assert "base: float = 10000.0 [also rope_theta]" in text
