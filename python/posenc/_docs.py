# SPDX-License-Identifier: GPL-3.0-or-later
"""Documentation generated from the registry's ParamSpecs (the same declarations the CLI's flags and the GUI's
controls come from): the Encoding docstring's parameter list, so ``help(posenc.Encoding)`` lists every method's
keyword arguments with their type, default, range and help."""
from __future__ import annotations


_PY_TYPES = {"real": "float", "int": "int", "choice": "str", "text": "str", "bool": "bool", "list": "list[float]",
             "real-list": "list[float]"}  # the type name of _core.methods() and _core.analyses()


def python_type(p: dict) -> str:
    """The Python type of a ParamSpec's values (``real`` is float, ``choice`` a str, ...)."""
    t = _PY_TYPES.get(p["type"], "object")
    return t + " | None" if p.get("optional") else t


def _default_text(p: dict) -> str:
    if p.get("optional") and p.get("default") is None:
        return "None"
    d = p.get("default")
    if p.get("type") == "int" and isinstance(d, float) and d.is_integer():
        return str(int(d))
    return repr(d)


def parameter_lines(methods: list[dict]) -> list[str]:
    """One block per method: its id, aliases and summary, then ``name: type = default — range; help`` for each
    parameter (name in Python spelling; HF aliases after it)."""
    lines = []
    for m in methods:
        aliases = f" (aliases: {', '.join(m['aliases'])})" if m.get("aliases") else ""
        lines.append(f"{m['id']}{aliases}: {m.get('summary', '')}".rstrip())
        for p in m["params"]:
            name = p["name"].replace("-", "_")
            also = [a.replace("-", "_") for a in p.get("aliases", [])]
            also_text = f" [also {', '.join(also)}]" if also else ""
            lines.append(f"    {name}: {python_type(p)} = {_default_text(p)}{also_text} — {p['range']}; "
                         f"{p['help']}")
    return lines


def document_encoding(cls, methods: list[dict]) -> None:
    """Appends the methods and their parameters to ``cls.__doc__``."""
    cls.__doc__ = (cls.__doc__ or "").rstrip() + "\n\n    Methods and their parameters (from the registry):\n\n" + \
        "\n".join("    " + line for line in parameter_lines(methods)) + "\n"


_STUB_HEAD = '''# Generated at build time from the registry's ParamSpecs (posenc/_docs.py): do not edit.
from __future__ import annotations

from typing import Any, Literal, overload

import numpy as np

class CheckResult:
    match: bool
    max_error: float
    normalized: float
    diagnosis: list
    alignment: str
    layout: str
    storage: str
    tolerance: str
    worst_position: int
    worst_column: int
    worst_pair: int
    error_per_pair: np.ndarray
    error_per_position: np.ndarray
    tested: list
    def __bool__(self) -> bool: ...

class Encoding:
'''

_STUB_TAIL = '''    @classmethod
    def from_config(cls, config: Any, *, layer: int | None = None, encoding: str | int | None = None,
                    era: str | None = None, seq_len: float | None = None, **overrides: Any) -> Encoding: ...
    @classmethod
    def from_preset(cls, name: str, *, layer: int | None = None, encoding: str | int | None = None,
                    era: str | None = None, seq_len: float | None = None, **overrides: Any) -> Encoding: ...
    @staticmethod
    def parameters(method: str) -> list[dict]: ...
    @property
    def method(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def params(self) -> dict: ...
    @property
    def warnings(self) -> list[str]: ...
    @property
    def head_dim(self) -> int | None: ...
    @property
    def rotary_dim(self) -> int | None: ...
    @property
    def pairing(self) -> str | None: ...
    @property
    def inv_freq(self) -> np.ndarray: ...
    @property
    def wavelength(self) -> np.ndarray: ...
    @property
    def attention_factor(self) -> float: ...
    @property
    def bands(self) -> np.ndarray | None: ...
    @property
    def interpolation(self) -> np.ndarray | None: ...
    @property
    def extras(self) -> dict: ...
    def cos_sin(self, positions: Any, dtype: Any = ...) -> tuple[np.ndarray, np.ndarray]: ...
    def rotate(self, x: Any, positions: Any, pairing: str | None = None) -> np.ndarray: ...
    def matrix(self, view: str, length: int | None = None, start: int = 0, *, head: int = 0, probe: Any = None,
               memory_budget: str | int | None = None) -> np.ndarray: ...
    def check(self, array: Any, quantity: str = "cos", **options: Any) -> CheckResult: ...
@ANALYSES@    def plot(self, view: str = "wavelength", ax: Any = None, positions: Any = None) -> Any: ...

def check(array: Any, reference: Encoding, quantity: str = "cos", *, layout: str | None = None,
          tolerance: float | None = None, positions: str | None = None) -> CheckResult: ...
'''


def _literal(values) -> str:
    return "Literal[" + ", ".join(repr(v) for v in values) + "]"


def _analysis_stubs(analyses: list[dict]) -> str:
    """One ``Encoding.<analysis>`` per analysis the core declares on an encoding, its options as typed keyword
    arguments (attention-scale and base-bound use none: they are posenc.<id> only)."""
    out = []
    for a in analyses:
        if not a.get("uses_encoding", True):
            continue
        args = []
        for o in a["options"]:
            t = _literal(o["choices"]) if o["type"] == "choice" and o.get("choices") else python_type(o)
            args.append(f"{o['name'].replace('-', '_')}: {t} = ...")
        args.append("memory_budget: int | str | None = ...")
        kw = ", *, " + ", ".join(args)
        out.append(f"    def {a['id'].replace('-', '_')}(self{kw}) -> Any: ...\n")
    return "".join(out)


def stub_text(methods: list[dict], analyses: list[dict] | None = None) -> str:
    """posenc/_encoding.pyi: one ``Encoding.__init__`` overload per registry method, its parameters as typed
    keyword arguments with their defaults (HF aliases as further keywords), and one method per declared analysis
    with its options (``analyses``: ``_core.analyses()``), so editors and type checkers know them."""
    if analyses is None:
        from . import _core

        analyses = _core.analyses()
    out = [_STUB_HEAD]
    for m in methods:
        args = []
        for p in m["params"]:
            t = python_type(p)
            if p["type"] == "choice" and p.get("choices"):
                t = _literal(p["choices"])
            names = [p["name"]] + list(p.get("aliases", []))
            for n in names:
                args.append(f"{n.replace('-', '_')}: {t} = ...")
        kw = (", *, " + ", ".join(args)) if args else ""
        out.append("    @overload\n")
        out.append(f"    def __init__(self, method: {_literal([m['id'], *m.get('aliases', [])])}{kw}) -> None: ...\n")
    out.append("    @overload\n    def __init__(self, method: str = 'rope', **params: Any) -> None: ...\n")
    out.append(_STUB_TAIL.replace("@ANALYSES@", _analysis_stubs(analyses)))
    return "".join(out)


def write_stub(path: str) -> None:
    """Writes :func:`stub_text` of the registry to ``path`` (the build runs it after building the extension)."""
    from . import _core

    with open(path, "w", encoding="utf-8") as f:
        f.write(stub_text(_core.methods(), _core.analyses()))
