# SPDX-License-Identifier: GPL-3.0-or-later
"""Documentation generated from the registry's ParamSpecs (the same declarations the CLI's flags and the GUI's
controls come from): the Encoding docstring's parameter list, so ``help(posenc.Encoding)`` lists every method's
keyword arguments with their type, default, range and help."""
from __future__ import annotations


_PY_TYPES = {"real": "float", "int": "int", "choice": "str", "text": "str", "bool": "bool", "list": "list[float]"}


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
