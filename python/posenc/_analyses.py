# SPDX-License-Identifier: GPL-3.0-or-later
"""The analyses (decay, entropy, ...) as the core declares them (posenc/analysis/analysis_spec.h), run by the core:
no command, no argv, no JSON. Each function, its keyword arguments, their defaults and ranges, its docstring and
its result dataclass are generated here from ``_core.analyses()``; nothing about an option is written by hand."""
from __future__ import annotations

import inspect as _inspect
import keyword as _keyword
from dataclasses import field as _field
from dataclasses import make_dataclass as _make_dataclass

import numpy as _np

from . import _core
from ._results import Result

_TYPES = {"int": int, "real": float, "bool": bool, "choice": str, "real-list": list, "text": str}


def _ident(name: str) -> str:
    """A column or option name as a Python identifier; a keyword or a dict method's name (entropy's column
    "keys") gets a trailing underscore, so the result stays a working dict."""
    out = name.replace("-", "_")
    return out + "_" if _keyword.iskeyword(out) or hasattr(dict, out) else out


class AnalysisResult(Result):
    """Base of the analyses' result dataclasses: also the dict with the CLI's JSON keys (``r["entropy"]``,
    ``r["roformer-bound"]``), so code written for the command's Result keeps working."""

    def __post_init__(self):
        dict.update(self, self._items())

    def _items(self) -> dict:
        out = {"analysis": self.analysis, "method": self.method, "kind": self.kind, "params": self.params,
               **self.labels, **self.scalars}
        for c in self._columns + self._matrices:
            value = getattr(self, _ident(c))
            if value is not None:
                out[c] = value
        if self.per_head:
            out["bias_per_head"] = list(self.per_head)
        return out

    def __array__(self, dtype=None, copy=None):
        """A result that is one matrix (similarity) is that array for NumPy: ``np.asarray(r)``."""
        if len(self._matrices) != 1 or self._columns:
            raise TypeError(f"{type(self).__name__} holds several arrays; take one of its fields")
        a = getattr(self, _ident(self._matrices[0]))
        return a if dtype is None else a.astype(dtype, copy=False)


def _result_class(spec: dict) -> type:
    columns = [c["name"] for c in spec["columns"]]
    matrices = [m["name"] for m in spec["matrices"]]
    fields = [("analysis", str), ("method", str), ("kind", str), ("params", dict)]
    for c in spec["columns"] + spec["matrices"]:
        fields.append((_ident(c["name"]), _np.ndarray | None, _field(default=None)))
    fields += [("labels", dict, _field(default_factory=dict)), ("scalars", dict, _field(default_factory=dict)),
               ("per_head", tuple, _field(default=()))]
    name = "".join(p.capitalize() for p in spec["id"].split("-")) + "Result"
    cls = _make_dataclass(name, fields, bases=(AnalysisResult,), frozen=True, eq=False)
    cls._columns = columns
    cls._matrices = matrices
    lines = [f"Result of posenc.{_ident(spec['id'])} (computed by the core; float64 arrays). Columns:"]
    lines += [f"  {_ident(c['name'])}: {c['meaning']}" + ("" if c["always"] else " (where it applies, else None)")
              for c in spec["columns"]]
    lines += [f"  {_ident(m['name'])}: 2-D, {m['meaning']}" for m in spec["matrices"]]
    lines += ["  labels, scalars: the choices the CLI's JSON writes beside the columns; per_head: bias curves."]
    cls.__doc__ = "\n".join(lines)
    cls.__module__ = "posenc"
    return cls


def _option_doc(o: dict) -> str:
    default = "unset" if o["default"] is None else repr(o["default"])
    return f"  {_ident(o['name'])}: {o['type']} = {default} — {o['range']}; {o['help']}"


def analysis_doc(spec: dict) -> str:
    lines = [spec["summary"], "", "Options (declared once in the core, as the CLI's flags and the view's controls):"]
    lines += [_option_doc(o) for o in spec["options"]]
    lines += ["and every parameter of the method as keywords (see posenc.Encoding).", "",
              f"Returns a {_result_class_name(spec)} (a frozen dataclass, also a Result with the CLI's JSON keys)."]
    return "\n".join(lines)


def _result_class_name(spec: dict) -> str:
    return "".join(p.capitalize() for p in spec["id"].split("-")) + "Result"


def _signature(spec: dict, with_method: bool) -> _inspect.Signature:
    params = []
    if with_method:
        params.append(_inspect.Parameter("method", _inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None))
        for name in ("config", "preset"):
            params.append(_inspect.Parameter(name, _inspect.Parameter.KEYWORD_ONLY, default=None))
    for o in spec["options"]:
        params.append(_inspect.Parameter(_ident(o["name"]), _inspect.Parameter.KEYWORD_ONLY, default=o["default"],
                                         annotation=_TYPES[o["type"]]))
    if with_method:
        params.append(_inspect.Parameter("params", _inspect.Parameter.VAR_KEYWORD))
    return _inspect.Signature(params)


class Analyses:
    """The declared analyses by id, with their result classes."""

    def __init__(self):
        self.specs = {s["id"]: s for s in _core.analyses()}
        self.classes = {i: _result_class(s) for i, s in self.specs.items()}

    def option_names(self, analysis_id: str) -> set[str]:
        return {_ident(o["name"]) for o in self.specs[analysis_id]["options"]}

    def run(self, encoding, analysis_id: str, options: dict):
        """Runs the analysis on a posenc.Encoding through the core (options in Python spelling)."""
        r = encoding._e.analysis(analysis_id, options)
        cls = self.classes[analysis_id]
        columns = {_ident(k): v for k, v in (r["columns"] | r["matrices"]).items()}
        return cls(analysis=analysis_id, method=encoding.method, kind=encoding.kind, params=encoding.params,
                   labels=dict(r["labels"]), scalars=dict(r["scalars"]), per_head=tuple(r["per_head"]), **columns)


ANALYSES = Analyses()
