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
        out = {"analysis": self.analysis}
        if self._uses_encoding:  # an analysis of options alone (attention-scale, base-bound) has no method
            out.update(method=self.method, kind=self.kind, params=self.params)
        out.update(**self.labels, **self.scalars, **self.flags)
        for c in self._columns + self._matrices:
            value = getattr(self, _ident(c))
            if value is not None or self._shapes[c] == "number":  # an unset number is the JSON's null
                out[c] = list(value) if isinstance(value, tuple) else value
        if self.per_head:
            out["bias_per_head"] = list(self.per_head)
        return out

    def __array__(self, dtype=None, copy=None):
        """A result that is one matrix (similarity) is that array for NumPy: ``np.asarray(r)``."""
        if len(self._matrices) != 1 or self._columns:
            raise TypeError(f"{type(self).__name__} holds several arrays; take one of its fields")
        a = getattr(self, _ident(self._matrices[0]))
        return a if dtype is None else a.astype(dtype, copy=False)


# A declared result field's shape (posenc/analysis/analysis_spec.h ResultShape) as its Python type: records are
# dicts of their own fields, text arrays tuples of str (None: none), numbers None when unset.
_SHAPES = {"array": _np.ndarray, "text-array": tuple, "number": float, "text": str, "records": tuple}


def _result_class(spec: dict) -> type:
    columns = [c["name"] for c in spec["columns"]]
    matrices = [m["name"] for m in spec.get("matrices", [])]
    fields = [("analysis", str), ("method", str | None), ("kind", str | None), ("params", dict | None)]
    for c in spec["columns"]:
        fields.append((_ident(c["name"]), _SHAPES[c.get("shape", "array")] | None, _field(default=None)))
    for m in spec.get("matrices", []):
        fields.append((_ident(m["name"]), _np.ndarray | None, _field(default=None)))
    fields += [("labels", dict, _field(default_factory=dict)), ("scalars", dict, _field(default_factory=dict)),
               ("flags", dict, _field(default_factory=dict)), ("per_head", tuple, _field(default=()))]
    name = "".join(p.capitalize() for p in spec["id"].split("-")) + "Result"
    cls = _make_dataclass(name, fields, bases=(AnalysisResult,), frozen=True, eq=False)
    cls._columns = columns
    cls._matrices = matrices
    cls._shapes = {c["name"]: c.get("shape", "array") for c in spec["columns"]}
    cls._shapes.update({m: "matrix" for m in matrices})
    cls._uses_encoding = spec.get("uses_encoding", True)
    lines = [f"Result of posenc.{_ident(spec['id'])} (computed by the core; float64 arrays). Columns:"]
    lines += [f"  {_ident(c['name'])}: {c['meaning']}" + ("" if c["always"] else " (where it applies, else None)")
              for c in spec["columns"]]
    lines += [f"  {_ident(m['name'])}: 2-D, {m['meaning']}" for m in spec.get("matrices", [])]
    lines += ["  labels, scalars, flags: the texts, numbers (None: unset) and yes/no fields the CLI's JSON writes beside "
              "the columns; per_head: bias curves."]
    cls.__doc__ = "\n".join(lines)
    cls.__module__ = "posenc"
    return cls


def _option_doc(o: dict) -> str:
    default = "unset" if o["default"] is None else repr(o["default"])
    return f"  {_ident(o['name'])}: {o['type']} = {default} — {o['range']}; {o['help']}"


def analysis_doc(spec: dict) -> str:
    lines = [spec["summary"], "", "Options (declared once in the core, as the CLI's flags and the view's controls):"]
    lines += [_option_doc(o) for o in spec["options"]]
    lines += ["  memory_budget: bytes or text such as \"512MiB\" = 2 GiB — what the run may allocate, checked before "
              "anything is allocated (the CLI's --memory-budget)"]
    if spec.get("uses_encoding", True):
        lines += ["and every parameter of the method as keywords (see posenc.Encoding)."]
    lines += ["", f"Returns a {_result_class_name(spec)} (a frozen dataclass, also a Result with the CLI's JSON keys)."]
    return "\n".join(lines)


def _result_class_name(spec: dict) -> str:
    return "".join(p.capitalize() for p in spec["id"].split("-")) + "Result"


def _signature(spec: dict, with_method: bool) -> _inspect.Signature:
    params = []
    with_method = with_method and spec.get("uses_encoding", True)
    if with_method:
        params.append(_inspect.Parameter("method", _inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None))
        for name in ("config", "preset"):
            params.append(_inspect.Parameter(name, _inspect.Parameter.KEYWORD_ONLY, default=None))
    for o in spec["options"]:
        params.append(_inspect.Parameter(_ident(o["name"]), _inspect.Parameter.KEYWORD_ONLY, default=o["default"],
                                         annotation=_TYPES[o["type"]]))
    params.append(_inspect.Parameter("memory_budget", _inspect.Parameter.KEYWORD_ONLY, default=None,
                                     annotation=int | str | None))
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

    def uses_encoding(self, analysis_id: str) -> bool:
        return self.specs[analysis_id].get("uses_encoding", True)

    def run(self, encoding, analysis_id: str, options: dict):
        """Runs the analysis through the core (options in Python spelling): on a posenc.Encoding, or with None for
        an analysis that uses none (attention-scale, base-bound)."""
        r = _core.analysis(analysis_id, options) if encoding is None else encoding._e.analysis(analysis_id, options)
        cls = self.classes[analysis_id]
        fields = {}
        for c in self.specs[analysis_id]["columns"]:
            shape, name = c.get("shape", "array"), c["name"]
            if shape == "array":
                value = r["columns"].get(name)
            elif shape == "text-array":
                value = tuple(r["text_columns"][name]) if name in r["text_columns"] else None
            elif shape == "number":
                value = r["scalars"].get(name)
            elif shape == "text":
                value = r["labels"].get(name)
            else:
                value = tuple(r["records"]) if r["records_key"] == name else None
            fields[_ident(name)] = value
        for name, m in r["matrices"].items():
            fields[_ident(name)] = m
        declared = {c["name"] for c in self.specs[analysis_id]["columns"]}
        labels = {k: v for k, v in r["labels"].items() if k not in declared}
        scalars = {k: v for k, v in r["scalars"].items() if k not in declared}
        method = None if encoding is None else encoding.method
        kind = None if encoding is None else encoding.kind
        params = None if encoding is None else encoding.params
        return cls(analysis=analysis_id, method=method, kind=kind, params=params, labels=labels, scalars=scalars,
                   flags=dict(r["flags"]), per_head=tuple(r["per_head"]), **fields)


ANALYSES = Analyses()
