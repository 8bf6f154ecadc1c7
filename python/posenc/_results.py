# SPDX-License-Identifier: GPL-3.0-or-later
"""Results of the posenc functions: the CLI's JSON documents with number lists as float64 arrays."""
from __future__ import annotations

from dataclasses import dataclass as _dataclass
from dataclasses import field as _field

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


_DEPRECATED_RAMP = ("'ramp' is the old name of 'gamma_paper' (1 keeps theta); it is not HF's linear_ramp_factor, "
                    "which is 'hf_ramp' (0 keeps theta)")


@_dataclass(frozen=True, eq=False)
class Frequencies(Result):
    """Per-pair frequencies of an encoding, computed by the core (no command, no JSON): the same values as
    ``posenc compute frequencies --format json``, bit for bit. Fields are float64 arrays and floats; the object is
    also a :class:`Result` — the dict with the CLI's keys (``f["inv_freq"]``, ``f["ramp"]``, ``f["ramp_low"]``, ...),
    those keys attributes too — so code written for the older result keeps working."""

    method: str
    params: dict
    rotary_dim: int | None
    inv_freq: _np.ndarray
    wavelength: _np.ndarray
    gamma_paper: _np.ndarray | None  # the method's ramp in the YaRN paper's convention, 1 keeps θ
    hf_ramp: _np.ndarray | None  # HF's linear_ramp_factor = 1 - gamma_paper, 0 keeps θ
    interpolation: _np.ndarray | None
    attention_factor: float
    logit_scale_rotated: float
    extras: dict = _field(default_factory=dict)
    stream: list | None = None  # M-RoPE: "t", "h" or "w" per pair

    def _items(self) -> dict:
        out = {"method": self.method, "params": self.params, "rotary_dim": self.rotary_dim,
               "inv_freq": self.inv_freq, "wavelength": self.wavelength, "gamma_paper": self.gamma_paper,
               "hf_ramp": self.hf_ramp, "interpolation": self.interpolation, "ramp": self.gamma_paper,
               "deprecated": _DEPRECATED_RAMP, "attention_factor": self.attention_factor,
               "logit_scale_rotated": self.logit_scale_rotated, **self.extras}
        if self.stream is not None:
            out["stream"] = self.stream
        return out

    def __post_init__(self):
        dict.update(self, self._items())

    @classmethod
    def of(cls, encoding) -> "Frequencies":
        """The frequencies of a posenc.Encoding."""
        f = encoding._e.frequencies()
        if not f:
            from . import InvalidInput
            raise InvalidInput(f"method: {encoding.method} has no per-pair frequencies")
        ramp = f.get("ramp")
        streams = f.get("stream")
        return cls(method=encoding.method, params=encoding.params, rotary_dim=f["rotary_dim"],
                   inv_freq=f["inv_freq"], wavelength=f["wavelength"], gamma_paper=ramp,
                   hf_ramp=None if ramp is None else 1.0 - ramp, interpolation=f.get("interpolation"),
                   attention_factor=f["attention_factor"],
                   logit_scale_rotated=f["attention_factor"] * f["attention_factor"], extras=dict(f["extras"]),
                   stream=None if streams is None else ["thw"[s] for s in streams])
