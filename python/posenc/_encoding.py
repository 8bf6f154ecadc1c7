# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc.Encoding and posenc.check: the core library bound directly (posenc._core) — no command line, no JSON,
no temporary file. An Encoding is immutable and may be shared between threads."""
from __future__ import annotations

import dataclasses as _dc
import io as _io
import json as _json
import os as _os

import numpy as _np

from . import _core, _grid

InvalidInput = _core.InvalidInput


def _text(name: str, value) -> str:
    """A keyword argument as the registry's parser reads it (the same text as the CLI flag's value)."""
    if isinstance(value, (bool, _np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (int, _np.integer)):
        return str(int(value))
    if isinstance(value, (float, _np.floating)):
        return repr(float(value))
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple, _np.ndarray)):
        return ",".join(_text(name, v) for v in _np.asarray(value).ravel().tolist())
    raise TypeError(f"{name}: expected a number, bool, string or list, got {type(value).__name__}")


def _params_text(params: dict) -> dict:
    return {k: _text(k, v) for k, v in params.items() if v is not None}


def _positions(positions) -> _np.ndarray:
    """Any integer array (a list, a NumPy array, a torch tensor through __array__) as C-order int64."""
    p = _np.asarray(positions)
    if p.ndim == 0:
        p = p.reshape(1)
    if p.size and not _np.issubdtype(p.dtype, _np.integer):
        if _np.issubdtype(p.dtype, _np.floating) and _np.all(_np.isfinite(p)) and _np.all(p == _np.round(p)):
            p = p.astype(_np.int64)
        else:
            raise InvalidInput(f"positions: expected integer positions, got dtype {p.dtype}")
    return _np.ascontiguousarray(p, dtype=_np.int64)


def _config_source(config):
    """(text, origin) for a dict (or an object with to_dict(), as transformers' PretrainedConfig), else a path."""
    if hasattr(config, "to_dict") and not isinstance(config, dict):
        config = config.to_dict()
    if isinstance(config, dict):
        return _json.dumps(config), None
    if isinstance(config, (str, _os.PathLike)):
        return None, _os.fspath(config)
    raise InvalidInput(f"config: expected a path, a dict or a config object with to_dict(), got {type(config).__name__}")


@_dc.dataclass(frozen=True)
class CheckResult:
    """What posenc.check found: ``match``, ``max_error`` (max |table - reference|), ``diagnosis`` (the kinds of bug
    that explain a mismatch, best first: (kind, evidence, confidence) tuples), and how the table was read."""
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
    error_per_pair: _np.ndarray
    error_per_position: _np.ndarray
    tested: list

    def __bool__(self) -> bool:
        return self.match

    def __repr__(self) -> str:
        what = "match" if self.match else "MISMATCH"
        diag = ", ".join(d[0] for d in self.diagnosis) or "-"
        return (f"CheckResult({what}, max_error={self.max_error:.3g}, tolerance {self.tolerance}, "
                f"diagnosis: {diag}; {self.alignment})")


class Encoding:
    """One model's positional encoding, built once by the core registry.

    ``Encoding(method, **params)``: ``method`` is a registry id or alias ("rope", "yarn", "linear", ...);
    ``params`` are the method's parameters as keyword arguments — the registry's names in Python spelling
    (``head_dim``, ``factor``, ``beta_fast``) or their Hugging Face aliases (``rope_theta``,
    ``original_max_position_embeddings``, ``partial_rotary_factor``). Unset parameters take the registry's
    defaults (see ``posenc.methods()`` or ``Encoding.parameters(method)``). A bad value raises InvalidInput (a
    ValueError) whose ``param`` names it.

    ``Encoding.from_config(config)`` reads a Hugging Face config.json (path or dict) or a GGUF file.
    """

    __slots__ = ("_e",)

    def __init__(self, method: str = "rope", **params):
        self._e = _core._Encoding.from_params(method, _params_text(params))

    @classmethod
    def _wrap(cls, core) -> "Encoding":
        obj = cls.__new__(cls)
        obj._e = core
        return obj

    @classmethod
    def from_config(cls, config, *, layer: int | None = None, encoding: str | int | None = None,
                    era: str | None = None, seq_len: float | None = None, tower: str | None = None,
                    method: str | None = None, **overrides) -> "Encoding":
        """The encoding a Hugging Face config resolves to, read afresh on every call (a rewritten file gives its
        new values). ``config``: a config.json path, a dict (or a transformers config object), or a .gguf path.
        ``layer``: the encoding of that decoder layer (per-layer-type configs such as Gemma 3's sliding
        layers); ``encoding``: one by index or scope; ``era``: the transformers era to resolve in ("v5", ...);
        ``seq_len``: the sequence length of dynamic methods. Keyword ``overrides`` replace the file's values.
        ``method``: another method on the config's geometry (``posenc --method M --config F``): it takes the
        parameters it shares with the config's encoding (head_dim, rope_theta, ...), its own defaults otherwise.
        A diffusers transformer config (it has a ``_class_name``), or a VLM config with ``tower="vision"``, gives
        a posenc.GridEncoding (image/video RoPE: ``positions(layout)``, ``cos_sin(layout=...)``)."""
        grid = _grid.from_config(config, tower)
        if grid is not None:
            given = [k for k, v in (("method", method), ("layer", layer), ("encoding", encoding)) if v is not None]
            if given or overrides:
                raise InvalidInput(f"{(given or list(overrides))[0]}: an image/video config's encoding is the "
                                   "model's own (it takes no method, layer, encoding or parameter overrides)")
            return grid
        text, path = _config_source(config)
        enc = None if encoding is None else str(encoding)
        over = _params_text(overrides)
        if text is not None:
            return cls._wrap(_core._Encoding.from_config_text(text, "config", era, seq_len, enc, layer, method, over))
        return cls._wrap(_core._Encoding.from_config_path(path, era, seq_len, enc, layer, method, over))

    @classmethod
    def from_preset(cls, name: str, *, layer: int | None = None, encoding: str | int | None = None,
                    era: str | None = None, seq_len: float | None = None, method: str | None = None,
                    **overrides) -> "Encoding":
        """The encoding of a built-in preset (``posenc.presets()``: "llama-3.2-1b", ...), as ``posenc --preset
        NAME``: the preset's config.json, compiled into the core, read by the core's config reader. The keywords
        are those of :meth:`from_config`."""
        enc = None if encoding is None else str(encoding)
        text = _core.preset_text(name)
        return cls._wrap(_core._Encoding.from_config_text(text, "preset " + name, era, seq_len, enc, layer, method,
                                                          _params_text(overrides)))

    @staticmethod
    def parameters(method: str) -> list[dict]:
        """The parameters ``method`` takes: name (kebab-case; pass it with ``_``), type, default, range, help,
        aliases."""
        for m in _core.methods():
            if m["id"] == method or method in m["aliases"]:
                return m["params"]
        raise InvalidInput(f"method: unknown method '{method}'")

    # --- what the encoding is -------------------------------------------------------------------------------
    @property
    def method(self) -> str:
        return self._e.method

    @property
    def kind(self) -> str:
        """"rotary", "additive", "attention-bias" or "none"."""
        return self._e.kind

    @property
    def params(self) -> dict:
        """Every parameter as resolved (defaults included), keyed by the registry's kebab-case name."""
        return self._e.params

    @property
    def warnings(self) -> list[str]:
        """Values the reference implementation accepts with a warning (computed as it does)."""
        return self._e.warnings

    @property
    def head_dim(self) -> int | None:
        r = self._e.rotary
        return None if r is None else r["head_dim"]

    @property
    def rotary_dim(self) -> int | None:
        r = self._e.rotary
        return None if r is None else r["rotary_dim"]

    @property
    def pairing(self) -> str | None:
        """"half" (GPT-NeoX, HF rotate_half) or "interleaved" (GPT-J, Meta LLaMA); None for non-rotary methods."""
        r = self._e.rotary
        return None if r is None else r["pairing"]

    def _freq(self, key):
        f = self._e.frequencies()
        if not f:
            raise InvalidInput(f"method: {self.method} has no per-pair frequencies")
        return f[key]

    @property
    def inv_freq(self) -> _np.ndarray:
        """θ′ᵢ (rad/position), one per pair, highest frequency first, float64."""
        return self._freq("inv_freq")

    @property
    def wavelength(self) -> _np.ndarray:
        """2π/θ′ᵢ (positions), float64."""
        return self._freq("wavelength")

    @property
    def attention_factor(self) -> float:
        """The factor cos and sin are multiplied by (YaRN's 0.1 ln s + 1; 1 for most methods)."""
        return self._freq("attention_factor")

    @property
    def bands(self) -> _np.ndarray | None:
        """The ramp γᵢ per pair of methods that blend (YaRN, NTK-by-parts, Llama 3): 1 where θᵢ is kept
        (high-frequency band), 0 where it is fully interpolated (low-frequency band), in between in the blend
        band; None for methods without a ramp."""
        f = self._e.frequencies()
        return f.get("ramp") if f else None

    @property
    def interpolation(self) -> _np.ndarray | None:
        """log(θᵢ/θ′ᵢ)/log(s) per pair (0 untouched, 1 fully interpolated); None for unscaled methods."""
        f = self._e.frequencies()
        return f.get("interpolation") if f else None

    @property
    def extras(self) -> dict:
        """The method's other scalars (base_prime, ramp bounds, ...)."""
        f = self._e.frequencies()
        return dict(f["extras"]) if f else {}

    # --- arrays ---------------------------------------------------------------------------------------------
    def cos_sin(self, positions, dtype=_np.float32):
        """(cos, sin) at ``positions``, each (N, rotary_dim) in the encoding's pairing layout, attention factor
        applied (what HF's rotary embedding returns). ``positions``: any int array (N,) — packed sequences, a
        decode step at 1,000,000 — or (3, N) (t, h, w) ids for M-RoPE. A run of consecutive positions equals
        ``posenc compute matrix`` bit for bit in float64; float32 is those values rounded."""
        p = _positions(positions)
        dt = _np.dtype(dtype)
        if dt == _np.float32:
            return self._e.cos_sin32(p)
        if dt == _np.float64:
            return self._e.cos_sin64(p)
        raise InvalidInput(f"dtype: expected numpy.float32 or numpy.float64, got {dt}")

    def rotate(self, x, positions, pairing: str | None = None) -> _np.ndarray:
        """RoPE applied to ``x`` of shape (..., N, head_dim) (queries or keys; leading dimensions such as
        batch and heads share the N positions): pair (a, b) at position m becomes
        f·(a cos mθ′ᵢ − b sin mθ′ᵢ, a sin mθ′ᵢ + b cos mθ′ᵢ), f the attention factor. ``pairing`` ("half" or
        "interleaved") overrides the encoding's. float32 stays float32, float16 is computed in float32,
        everything else in float64. Returns a new array."""
        a = _np.asarray(x)
        p = _positions(positions)
        if a.dtype == _np.float32:
            return self._e.rotate32(a, p, pairing or "")
        if a.dtype == _np.float16:
            return self._e.rotate32(a.astype(_np.float32), p, pairing or "").astype(_np.float16)
        if not (_np.issubdtype(a.dtype, _np.floating) or _np.issubdtype(a.dtype, _np.integer)):
            raise InvalidInput(f"x: expected a real array, got dtype {a.dtype}")
        return self._e.rotate64(a.astype(_np.float64, copy=False), p, pairing or "")

    def matrix(self, view: str, length: int | None = None, start: int = 0, *, head: int = 0, probe=None,
               memory_budget: str | int | None = None) -> _np.ndarray:
        """The encoding matrix of ``view`` (pe, cos, sin, angle, rotated, bias): rows are positions
        start..start+length-1 (bias: queries x keys), float64, C order, equal to ``posenc compute matrix`` bit for
        bit; the array owns the one result buffer. The request (view, length, head, probe, memory budget such as
        "512MiB") is checked by the core before anything is allocated."""
        if isinstance(memory_budget, (int, _np.integer)) and not isinstance(memory_budget, bool):
            memory_budget = str(int(memory_budget))
        return self._e.matrix({"view": view, "length": length, "start": start, "head": head, "probe": probe,
                               "memory_budget": memory_budget})

    def check(self, array, quantity: str = "cos", **options) -> CheckResult:
        """``posenc.check(array, reference=self, quantity=...)``."""
        return check(array, reference=self, quantity=quantity, **options)

    # Encoding.decay, Encoding.entropy, ...: one method per analysis the core declares, generated in
    # posenc/__init__.py from the declaration (posenc/_analyses.py), run by the core.

    # --- display --------------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        shown = []
        for k, v in self.params.items():
            if v is None:
                continue
            shown.append(f"{k.replace('-', '_')}={v!r}")
        src = "" if self._e.origin == "parameters" else f", from {self._e.origin}"
        return f"posenc.Encoding({self.method!r}, {', '.join(shown)}{src})"

    def plot(self, view: str = "wavelength", ax=None, positions=None):
        """Draws ``view`` on a matplotlib Axes (a new figure when ``ax`` is None) and returns the Axes:
        "wavelength" (2π/θ′ᵢ per pair, log scale, with the original ones), "inv_freq", "bands" (the ramp γᵢ),
        "cos" or "sin" (the cache over ``positions``, default 0..4095, as an image). matplotlib is optional."""
        try:
            import matplotlib.pyplot as plt
        except ImportError as e:  # pragma: no cover - depends on the machine
            raise ImportError("Encoding.plot needs matplotlib (apt-get install python3-matplotlib)") from e
        if ax is None:
            _, ax = plt.subplots(figsize=(6, 3.5))
        if view in ("wavelength", "inv_freq"):
            y = self.wavelength if view == "wavelength" else self.inv_freq
            ax.semilogy(_np.arange(y.size), y, label=self.method)
            ax.set_xlabel("pair i")
            ax.set_ylabel("wavelength (positions)" if view == "wavelength" else "θ′ᵢ (rad/position)")
            ax.legend()
        elif view == "bands":
            b = self.bands
            if b is None:
                raise InvalidInput(f"view: {self.method} has no ramp (bands)")
            ax.plot(_np.arange(b.size), b)
            ax.set_xlabel("pair i")
            ax.set_ylabel("γᵢ (1 keeps θᵢ)")
        elif view in ("cos", "sin"):
            p = _np.arange(4096) if positions is None else _positions(positions)
            c, s = self.cos_sin(p, dtype=_np.float64)
            ax.imshow((c if view == "cos" else s).T, aspect="auto", origin="lower", cmap="RdBu_r",
                      extent=(float(p[0]), float(p[-1]), 0, c.shape[1]))
            ax.set_xlabel("position")
            ax.set_ylabel("channel")
        else:
            raise InvalidInput(f"view: unknown view '{view}'; one of wavelength, inv_freq, bands, cos, sin")
        ax.set_title(repr(self) if len(repr(self)) < 70 else self.method)
        return ax

    def _repr_png_(self):
        if self.kind != "rotary":
            return None
        try:
            import matplotlib
            matplotlib.use("Agg", force=False)
            import matplotlib.pyplot as plt
        except ImportError:
            return None
        ax = self.plot("wavelength")
        buf = _io.BytesIO()
        ax.figure.savefig(buf, format="png", dpi=80, bbox_inches="tight")
        plt.close(ax.figure)
        return buf.getvalue()


def check(array, reference: Encoding, quantity: str = "cos", *, layout: str | None = None,
          tolerance: float | None = None, positions: str | None = None) -> CheckResult:
    """Checks an implementation's table against ``reference`` (an Encoding) in memory: ``array`` is any array
    (NumPy, torch tensor, list) — inv_freq (1-D), or a cos/sin/angle/rotated table with rows = positions
    (leading dimensions such as batch are slices, all checked). ``quantity``: inv_freq, cos, sin, angle,
    rotated, or query-scale: one value per position, the multiplier on the query (keys unscaled) checked against the
    query temperature of the reference's config (Ministral 3's llama_4_scaling_beta, Llama 4's NoPE layers). ``layout``: pairs, half, interleaved, cos-sin (default: from the shape). ``positions``: "START:COUNT"
    or "P,P,..." for rows that are not 0, 1, 2, ... The result's ``match``, ``max_error`` and ``diagnosis`` (the
    kind of bug that explains a mismatch) say what was found."""
    if not isinstance(reference, Encoding):
        raise InvalidInput(f"reference: expected a posenc.Encoding, got {type(reference).__name__}")
    a = _np.asarray(array)
    if a.dtype == object or not (_np.issubdtype(a.dtype, _np.floating) or _np.issubdtype(a.dtype, _np.integer)):
        raise InvalidInput(f"array: expected a real array, got dtype {a.dtype}")
    # the values as stored (float32 or bfloat16 values are exact in float64: the storage precision stays visible)
    a = _np.ascontiguousarray(a, dtype=_np.float64)
    d = reference._e.check(a, quantity, layout, tolerance, positions)
    return CheckResult(**d)
