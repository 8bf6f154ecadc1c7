# SPDX-License-Identifier: GPL-3.0-or-later
"""help(posenc.Encoding) lists every registry method and each of its parameters (generated from the ParamSpecs)."""
import pydoc

import pytest

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


def test_generated_stub_covers_the_registry_and_the_class():
    import ast
    import os

    stub = os.path.join(os.path.dirname(posenc.__file__), "_encoding.pyi")
    if not os.path.exists(stub):  # a pip build from python/ alone does not run the generator
        pytest.skip("no generated _encoding.pyi next to the package")
    with open(stub, encoding="utf-8") as f:
        text = f.read()
    assert text == _docs.stub_text(posenc._core.methods())  # up to date with the registry it was built from
    tree = ast.parse(text)
    enc = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Encoding")
    inits = [n for n in enc.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
    methods = posenc._core.methods()
    assert len(inits) == len(methods) + 1  # one overload per method plus the generic one
    for m, init in zip(methods, inits):
        literal = ast.literal_eval(init.args.args[1].annotation.slice)
        assert m["id"] in (literal if isinstance(literal, tuple) else (literal,))
        kwonly = {a.arg for a in init.args.kwonlyargs}
        for p in m["params"]:
            assert p["name"].replace("-", "_") in kwonly, (m["id"], p["name"])
    declared = {n.name for n in enc.body if isinstance(n, ast.FunctionDef)}
    public = {n for n in dir(posenc.Encoding) if not n.startswith("_")}
    assert public <= declared, public - declared
