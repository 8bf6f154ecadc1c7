# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc.GridEncoding: the axial RoPE of image and video diffusion transformers (a diffusers
``transformer/config.json``: FLUX.1, FLUX.2, HunyuanVideo, Wan 2.1, Qwen-Image, LTX-Video, CogVideoX) and of VLM
vision towers (``tower="vision"``: Qwen2.5-VL, Pixtral, Llama 4), bound to the core (posenc/grid_rope.h). Every
token's position ids and cos/sin are computed as the model's own code computes them, in float64; tokens are
listed by a layout string: ``text:N``, ``image:HxW``, ``video:TxHxW`` (and ``cls`` for Llama 4's class token),
comma-joined."""
from __future__ import annotations

import json as _json
import os as _os

import numpy as _np

from . import _core


def _config_text(config, tower):
    """(text, origin) when ``config`` is an image/video config (a `_class_name`) or ``tower == "vision"``."""
    if tower not in (None, "vision"):
        raise _core.InvalidInput(f'tower: expected None or "vision", got {tower!r}')
    if hasattr(config, "to_dict") and not isinstance(config, dict):
        config = config.to_dict()
    if isinstance(config, dict):
        if tower or "_class_name" in config:
            return _json.dumps(config), "config"
        return None
    if isinstance(config, (str, _os.PathLike)):
        path = _os.fspath(config)
        if path.endswith(".gguf"):
            return None
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError:
            return None  # the usual reader reports the missing file
        if tower:
            return text, path
        try:
            obj = _json.loads(text)
        except ValueError:
            return None
        return (text, path) if isinstance(obj, dict) and "_class_name" in obj else None
    return None


def from_config(config, tower=None):
    """A GridEncoding for an image/video config or a vision tower, else None (the config is an LLM's)."""
    src = _config_text(config, tower)
    return None if src is None else GridEncoding(src[0], src[1], tower == "vision")


class GridEncoding:
    """One image/video model's axial RoPE. ``axes``: the axes in the model's pair order, each {name, dim, theta,
    inv_freq}; ``channel_layout``: "interleaved" (pair j in channels 2j, 2j+1) or "half" (channels j and j + C/2).
    Build it with ``posenc.Encoding.from_config(path_or_dict)`` (``tower="vision"`` for a VLM's vision tower)."""

    __slots__ = ("_text", "_origin", "_tower", "_d")

    def __init__(self, text: str, origin: str = "config", tower: bool = False):
        self._text, self._origin, self._tower = text, origin, bool(tower)
        self._d = _core._grid_describe(text, origin, self._tower)

    method = property(lambda self: self._d["method"], doc="rope-flux, rope-wan, rope-pixtral, ...")
    class_name = property(lambda self: self._d["class_name"], doc="the config's _class_name (or model_type)")
    head_dim = property(lambda self: self._d["head_dim"], doc="channels of the cos/sin table")
    channel_layout = property(lambda self: self._d["channel_layout"], doc='"interleaved" or "half"')
    notes = property(lambda self: list(self._d["notes"]), doc="keys that took class defaults, grid rules")
    layout_kinds = property(lambda self: list(self._d["layout_kinds"]), doc="text, image, video")
    unrotated_channels = property(lambda self: self._d["unrotated_channels"], doc="LTX-Video's leading channels")

    @property
    def axes(self) -> list[dict]:
        return [dict(a, inv_freq=_np.asarray(a["inv_freq"], dtype=_np.float64)) for a in self._d["axes"]]

    @property
    def kind(self) -> str:
        return "rotary-grid"

    def positions(self, layout: str, named: bool = False, order: str = "model"):
        """Every token's ids, (N, axes) float64 in the model's token order; ``named=True``: {axis name: (N,)}.
        ``order``: "model" (what the model computes: Qwen2.5-VL's vision tower lists its patches window by window,
        get_vision_window_index), "window", "blocks" (Qwen2.5-VL: merge blocks, before the window permutation) or
        "raster" (row-major)."""
        p = _core._grid_positions(self._text, self._origin, self._tower, layout, order)
        if named:
            return {a["name"]: p[:, i].copy() for i, a in enumerate(self._d["axes"])}
        return p

    def cos_sin(self, positions=None, dtype=_np.float64, *, layout: str | None = None, order: str = "model"):
        """(cos, sin) of every token of ``layout`` (e.g. "text:4,image:32x32", "video:8x30x52"), each
        (N, head_dim) in the model's channel layout and token ``order`` (see ``positions``). float64 by default (the
        models' formulas in float64); float32 is those values rounded."""
        layout = layout if layout is not None else positions
        if not isinstance(layout, str):
            raise _core.InvalidInput("layout: an image/video encoding takes a layout string, e.g. image:64x64")
        dt = _np.dtype(dtype)
        if dt not in (_np.dtype(_np.float32), _np.dtype(_np.float64)):
            raise _core.InvalidInput(f"dtype: expected numpy.float32 or numpy.float64, got {dt}")
        cos = _core._grid_table(self._text, self._origin, self._tower, layout, "cos", order)
        sin = _core._grid_table(self._text, self._origin, self._tower, layout, "sin", order)
        return cos.astype(dt, copy=False), sin.astype(dt, copy=False)

    def matrix(self, view: str, layout: str, order: str = "model") -> _np.ndarray:
        """One table of the tokens of ``layout`` (``posenc compute matrix --config``): "cos" or "sin", (N, head_dim)
        in the model's channel layout, or "angle", (N, pairs); float64, tokens in ``order``."""
        if view not in ("cos", "sin", "angle"):
            raise _core.InvalidInput(f"view: {self.method} gives cos, sin (head_dim channels in the model's layout) "
                                     f"or angle (one column per rotary pair), got {view!r}")
        return _core._grid_table(self._text, self._origin, self._tower, layout, view, order)

    def angles(self, layout: str, order: str = "model") -> _np.ndarray:
        """(N, pairs): each token's angle per rotary pair, in the model's pair order (tokens in ``order``)."""
        return _core._grid_table(self._text, self._origin, self._tower, layout, "angle", order)

    def windows(self, layout: str) -> dict:
        """Qwen2.5-VL's vision tower: its attention windows of ``layout`` ("image:HxW" in patches), as
        get_vision_window_index: ``window_index`` (merge blocks window by window), ``cu_window_seqlens`` (in
        patches), ``full_attention_blocks`` (the layers that attend over the whole image), ``window_blocks``,
        ``depth``."""
        if not self._tower:
            raise _core.InvalidInput("tower: windows are Qwen2.5-VL's vision tower's (tower=\"vision\")")
        return _core._grid_windows(self._text, self._origin, layout)

    def riflex(self, frames: int, k: int | None = None, repetition: int | None = None) -> dict:
        """RIFLEx for a video model: the temporal axis' inv_freq with component k set to 0.9*2*pi/frames (applied
        only when frames > N_k, as the authors' scripts); k from ``repetition`` (identify_k) or the authors' k."""
        return _core._grid_riflex(self._text, self._origin, int(frames), int(k or 0), int(repetition or 0))

    def check(self, array, layout: str, quantity: str = "cos", *, tolerance: float = 1e-4,
              riflex_frames: int | None = None, riflex_k: int | None = None, order: str = "model") -> dict:
        """Checks an implementation's cos or sin table (tokens of ``layout`` x head_dim, or one column per pair)
        against this model and names the bug that explains a mismatch: ``{"match", "max_error", "diagnosis":
        [(kind, evidence, max_error)], ...}``; kinds: axes-swapped, text-ids, corner-ids, centred-ids,
        channel-layout, token-order, riflex-component, riflex-missing. ``riflex_frames``: the reference has RIFLEx. ``order``: the table's token
        order (see ``positions``; default: what the model computes)."""
        if quantity not in ("cos", "sin"):
            raise _core.InvalidInput(f"quantity: cos or sin, got {quantity!r}")
        a = _np.asarray(array, dtype=_np.float64)
        return _core._grid_check(self._text, self._origin, self._tower, layout, a, quantity == "sin",
                                 float(tolerance), int(riflex_frames or 0), int(riflex_k or 0), order)

    def __repr__(self) -> str:
        axes = ", ".join(f"{a['name']}:{a['dim']}" for a in self._d["axes"])
        return f"GridEncoding({self.method}, axes [{axes}], {self.channel_layout}, head_dim {self.head_dim})"
