# SPDX-License-Identifier: GPL-3.0-or-later
"""Results of the posenc functions: the CLI's JSON documents with number lists as float64 arrays."""
from __future__ import annotations

import numpy as _np


def _is_number_list(value) -> bool:
    return (isinstance(value, list) and len(value) > 0
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value))


def _convert(value):
    if isinstance(value, dict):
        return Result(value)
    if _is_number_list(value):
        return _np.asarray(value, dtype=_np.float64)
    if isinstance(value, list):
        return [_convert(v) for v in value]
    return value


class Result(dict):
    """A dict of the command's JSON output (keys as the CLI writes them) whose number lists are float64 arrays;
    keys are also attributes (``r.inv_freq``, ``r["inv_freq"]``)."""

    def __init__(self, data: dict):
        super().__init__({k: _convert(v) for k, v in data.items()})

    def __getattr__(self, name: str):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"no field '{name}' (fields: {', '.join(self)})") from None

    def __dir__(self):
        return list(super().__dir__()) + [k for k in self if k.isidentifier()]
