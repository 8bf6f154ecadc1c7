# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc: Transformer positional encodings — the PosEnc Explorer engine as a NumPy module.

The module binds the same core library as the ``posenc`` command line: the same registry of methods and
analyses, the same parameters (keyword arguments in Python spelling: ``head_dim=128`` is ``--head-dim 128``, HF
names such as ``rope_theta`` or ``beta_fast`` are accepted as in the CLI), the same checks and messages (a value
the core rejects raises :class:`InvalidInput`, a ``ValueError``) and the same float64 values, bit for bit. Every
computation runs in the core, in this process: no command line, no argv, no JSON text, no temporary file. Results
are NumPy arrays and dataclasses; the functions write no file (save arrays with ``numpy.save``); the CLI's output
flags (``format=``, ``output=``) are refused. Two functions use a program, because they are about one:
:func:`commands` (the ``posenc`` program's own command table) and :func:`render` (the Qt render helper).

>>> import posenc
>>> f = posenc.frequencies("yarn", factor=8)
>>> f.attention_factor                      # 0.1 ln 8 + 1
1.2079441541679836
>>> posenc.matrix("rope", "cos", 4096).shape
(4096, 128)
"""
from __future__ import annotations

import json as _json
import os as _os

import numpy as _np

from . import _cli
from . import _core
from ._analyses import ANALYSES as _ANALYSES
from ._analyses import AnalysisResult
from ._analyses import analysis_doc as _analysis_doc
from ._analyses import _signature as _analysis_signature
from ._docs import document_encoding as _document_encoding
from ._encoding import CheckResult, Encoding
from ._encoding import check as _check_array
from ._figures import Figure, render
from . import _grid
from ._grid import GridEncoding
from ._results import Frequencies, Result

__all__ = [
    "Encoding", "GridEncoding", "CheckResult", "Frequencies", "AnalysisResult", "InvalidInput", "Result", "Figure", "methods", "method", "presets", "frequencies", "inv_freq", "inspect", "matrix",
    "decay", "entropy", "similarity", "spectrum", "pca", "bounds", "base_bound", "check", "precision",
    "render", "commands", "positions",
    "argv_for", "__version__",
]

__version__ = _core.version
_document_encoding(Encoding, _core.methods())
InvalidInput = _core.InvalidInput


def _flag_value(name: str, value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, _np.integer)):
        return str(int(value))
    if isinstance(value, (float, _np.floating)):
        return repr(float(value))  # shortest round-trip form, as the CLI prints numbers
    if isinstance(value, (list, tuple, _np.ndarray)):
        return ",".join(_flag_value(name, v) for v in value)
    if isinstance(value, _os.PathLike):
        return _os.fspath(value)
    if isinstance(value, str):
        return value
    raise TypeError(f"{name}: expected a number, bool, string or list, got {type(value).__name__}")


def argv_for(words, params: dict) -> list[str]:
    """The ``posenc`` command line equivalent to a call (to reproduce it in a shell): ``words`` then ``--name
    value`` per keyword (``_`` becomes ``-``; ``None`` values are left out). Nothing is run."""
    argv = list(words)
    for key, value in params.items():
        if value is None:
            continue
        argv += ["--" + key.replace("_", "-"), _flag_value(key, value)]
    return argv


_OUTPUT_FLAGS = ("format", "output", "o")


def _refuse_output_flags(params: dict, words: str) -> None:
    """InvalidInput for the CLI's output flags: the library returns arrays and results and writes no file."""
    for key in _OUTPUT_FLAGS:
        if key in params:
            raise InvalidInput(f"{key}: posenc's functions return NumPy arrays and results and write no file; save "
                               f"them with numpy.save(path, array), or run the command line: posenc {words} ... "
                               f"--{'output' if key == 'o' else key}")


def commands() -> list[dict]:
    """The ``posenc`` program's command table (it runs ``posenc commands --format json``, so it needs the
    program: posenc._cli finds it): words, synopsis, summary and each option's name, range, default and help. The
    library's own declarations need no program: :func:`methods`, and the analyses' options are the keyword
    arguments of posenc.decay, posenc.entropy, ...."""
    return _json.loads(_cli.output(["commands", "--format", "json"]))["commands"]


def methods() -> list[dict]:
    """Every method of the registry: id, name, summary, kind, citation, aliases and its parameters (ParamSpecs
    with type, default, range and help), as ``posenc methods --format json``, from the core's registry."""
    return _core.methods()


def presets() -> list[str]:
    """The names of the built-in presets (``posenc --preset NAME``, ``preset=`` here), from the core."""
    return _core.presets()


def method(method_id: str) -> dict:
    """One entry of :func:`methods` by id or alias."""
    for m in methods():
        if m["id"] == method_id or method_id in m.get("aliases", []):
            return m
    raise InvalidInput(f"unknown method '{method_id}'")


def _core_encoding(method, config, params: dict, preset=None) -> Encoding:
    """The Encoding a method, a config or a built-in preset with these keywords resolves to, through the core: a
    method alone; a config or preset (with a method: that method on the config's geometry, as ``posenc --method M
    --config F``); a table file (``input=``) alone is the learned encoding it holds. What the core refuses raises
    InvalidInput naming the parameter."""
    if config is not None and preset is not None:
        raise InvalidInput("preset: give a config or a preset, not both")
    if method is None and config is None and preset is None:
        method = "learned" if "input" in params else "rope"
    table = params.get("input")
    if hasattr(table, "__array__") or isinstance(table, (list, tuple)):
        raise InvalidInput("input: a learned table is read from a file (.npy, .safetensors[:TENSOR], CSV); save the "
                           "array with numpy.save and give the path")
    if config is None and preset is None:
        return Encoding(method, **params)
    rest = dict(params)
    keywords = dict(encoding=rest.pop("encoding", None), era=rest.pop("hf_era", None),
                    seq_len=rest.pop("seq_len", None), method=method)
    if preset is not None:
        return Encoding.from_preset(preset, **keywords, **rest)
    enc = Encoding.from_config(config, **keywords, **rest)
    if isinstance(enc, GridEncoding):  # its RoPE is per token of an image/video layout, not per position
        raise InvalidInput(f"config: an image/video model ({enc.method}) rotates the tokens of a layout: use "
                           "posenc.positions(config=..., layout=...), posenc.matrix(None, \"cos\", config=..., "
                           "layout=...) or posenc.Encoding.from_config(...).cos_sin(layout=...)")
    return enc


def frequencies(method: str | None = None, *, config=None, preset=None, **params) -> Frequencies:
    """Per-pair frequencies (``posenc compute frequencies``): ``inv_freq`` (θ′ᵢ, rad/position), ``wavelength``
    (2π/θ′ᵢ), the ramp quantities under the CLI's names, ``attention_factor`` and the method's other scalars, as
    NumPy arrays and floats. ``config`` is a config.json path or dict (explicit keywords override its values).
    ``preset`` a built-in preset's name (:func:`presets`); a method with either: that method on the config's
    geometry. Computed by the core: a :class:`Frequencies` dataclass, also a mapping with the CLI's keys."""
    _refuse_output_flags(params, "compute frequencies")
    return Frequencies.of(_core_encoding(method, config, params, preset))


def inv_freq(method: str | None = None, *, config=None, preset=None, **params) -> _np.ndarray:
    """θ′ᵢ of :func:`frequencies`, as a float64 array."""
    return frequencies(method, config=config, preset=preset, **params).inv_freq


def inspect(path_or_dict, seq_len: int | None = None, era: str | None = None, **options) -> dict:
    """What a Hugging Face config.json (or a GGUF model) resolves to, the structure of ``posenc inspect --format
    json`` (a path, or the config as a dict). ``era`` is ``--hf-era``; ``against``, ``engine``, ``arithmetic`` and
    ``engines="all"`` as the CLI's flags; ``base_bound="yes"`` adds Men et al.'s exact base lower bound (about 1.6 s
    at 1M positions; whether rope_theta meets it is always there); ``tower="vision"``: a VLM's vision tower. Built
    by the core, read afresh on every call (no argv, no file)."""
    _refuse_output_flags(options, "inspect CONFIG")
    grid = _grid.from_config(path_or_dict, options.get("tower"))
    if grid is not None:  # a diffusers config, or tower="vision": the image/video report
        given = [k for k, v in (("seq_len", seq_len), ("era", era), *options.items()) if v is not None and k != "tower"]
        if given:
            raise InvalidInput(f"{given[0]}: an image/video config's inspect takes only tower (its RoPE has no "
                               "sequence length, HF era or engine choice)")
        return _core.grid_inspect_report(grid._text, grid._origin, grid._tower)
    return _inspect_core(path_or_dict, seq_len, era, options)


_INSPECT_OPTIONS = ("against", "engine", "arithmetic", "engines", "base_bound")


def _inspect_core(path_or_dict, seq_len, era, options) -> dict:
    """posenc.inspect through the core (posenc/io/inspect.h)."""
    for key in options:
        if key not in _INSPECT_OPTIONS and key != "tower":
            raise InvalidInput(f"{key}: not an option of inspect ({', '.join(('seq_len', 'era') + _INSPECT_OPTIONS)}"
                               ", tower)")
    options = {k: v for k, v in options.items() if v is not None and k != "tower"}
    engines = options.get("engines")
    if engines is not None and engines != "all":
        raise InvalidInput(f"engines: expected 'all', got {engines!r}")
    if hasattr(path_or_dict, "to_dict") and not isinstance(path_or_dict, dict):
        path_or_dict = path_or_dict.to_dict()
    if isinstance(path_or_dict, dict):
        path, text = "config.json", _json.dumps(path_or_dict)  # named as a file of that name would be
    else:
        path, text = _os.fspath(path_or_dict), None
    against = options.get("against")
    base_bound = options.get("base_bound", "no")
    if base_bound not in ("yes", "no", True, False):
        raise InvalidInput(f"base_bound: expected 'yes' or 'no', got {base_bound!r}")
    return _core.inspect_report(path, text, era, None if seq_len is None else float(seq_len),
                                None if against is None else _os.fspath(against), options.get("engine", "hf"),
                                options.get("arithmetic", "f64"), engines == "all",
                                base_bound in ("yes", True))


def matrix(method: str | None, view: str, length: int | None = None, start: int = 0, *, config=None,
           preset=None, **params) -> _np.ndarray:
    """An encoding matrix (``posenc compute matrix``): rows are positions start..start+length-1 (bias: queries
    x keys), float64, C order; the array owns the one result buffer (no copy). The size is checked against
    ``memory_budget`` (default 2 GiB, or text such as "512MiB") before anything is allocated. Computed by the core
    on the Encoding (``Encoding.matrix``): a method, a config or a preset (a method with either: that method on the
    config's geometry); ``input`` a learned table file (.npy, .safetensors[:TENSOR], CSV; length defaults to its
    rows). A diffusers config (``config``, ``layout``, ``tower``, ``order``) gives its tokens' cos, sin or angle
    table (``GridEncoding.matrix``)."""
    _refuse_output_flags(params, "compute matrix")
    options = {k: params.pop(k) for k in ("head", "probe", "memory_budget") if k in params}
    if config is not None and "layout" in params:
        grid = _grid.from_config(config, params.get("tower"))
        if grid is not None:  # an image/video model: its tokens' table, computed by the core
            extra = sorted(set(params) - {"layout", "tower", "order"}) + sorted(options)
            if method is not None or preset is not None or extra or length is not None or start:
                raise InvalidInput(f"{(extra or ['method'])[0]}: an image/video config's matrix takes view, layout, "
                                   "tower and order (its rows are the layout's tokens)")
            return grid.matrix(view, params["layout"], params.get("order", "model"))
    for key in ("layout", "tower"):
        if key in params:
            raise InvalidInput(f"{key}: applies to an image/video config (config= a diffusers transformer config, or "
                               "a VLM config with tower=\"vision\")")
    return _core_encoding(method, config, params, preset).matrix(view, length, start, **options)


def _core_analysis(analysis_id: str):
    """posenc.<analysis>: declared once in the core (its options are this function's keywords, with the core's
    defaults and ranges), run by the core on an Encoding (a method, a config, a preset, or a method on a config's
    geometry)."""
    names = _ANALYSES.option_names(analysis_id)

    if not _ANALYSES.uses_encoding(analysis_id):  # a formula of its options: no method, no Encoding
        def call(**options):
            _refuse_output_flags(options, "compute " + analysis_id)
            return _ANALYSES.run(None, analysis_id, {k.replace("-", "_"): v for k, v in options.items()})

        call.__name__ = call.__qualname__ = analysis_id.replace("-", "_")
        call.__doc__ = _analysis_doc(_ANALYSES.specs[analysis_id])
        call.__signature__ = _analysis_signature(_ANALYSES.specs[analysis_id], False)
        return call

    def call(method: str | None = None, *, config=None, preset=None, **params):
        options = {k: params.pop(k) for k in list(params) if k.replace("-", "_") in names or k == "memory_budget"}
        _refuse_output_flags(params, "compute " + analysis_id)
        enc = _core_encoding(method, config, params, preset)
        return _ANALYSES.run(enc, analysis_id, {k.replace("-", "_"): v for k, v in options.items()})

    call.__name__ = call.__qualname__ = analysis_id.replace("-", "_")
    call.__doc__ = _analysis_doc(_ANALYSES.specs[analysis_id])
    call.__signature__ = _analysis_signature(_ANALYSES.specs[analysis_id], True)
    return call


def _encoding_analysis(analysis_id: str):
    def method(self, **options):
        return _ANALYSES.run(self, analysis_id, options)

    method.__name__ = method.__qualname__ = analysis_id.replace("-", "_")
    method.__doc__ = _analysis_doc(_ANALYSES.specs[analysis_id])
    sig = _analysis_signature(_ANALYSES.specs[analysis_id], False)
    method.__signature__ = sig.replace(parameters=[
        __import__("inspect").Parameter("self", __import__("inspect").Parameter.POSITIONAL_ONLY),
        *sig.parameters.values()])
    return method


for _id in _ANALYSES.specs:  # every analysis the core declares: posenc.<id>, and Encoding.<id> if it uses one
    globals()[_id.replace("-", "_")] = _core_analysis(_id)
    if _ANALYSES.uses_encoding(_id):
        setattr(Encoding, _id.replace("-", "_"), _encoding_analysis(_id))
    if _id.replace("-", "_") not in __all__:
        __all__.append(_id.replace("-", "_"))


def check(method=None, *, input=None, quantity: str = "cos", reference: Encoding | None = None, config=None,
          preset=None, **params):
    """Checks an implementation's table against the reference.

    In memory: ``check(array, reference=enc, quantity="cos")`` — ``array`` any array (NumPy, torch tensor,
    list), ``reference`` a posenc.Encoding; returns a CheckResult (``match``, ``max_error``, ``diagnosis``) with
    no file written (see posenc._encoding.check for layout=, tolerance=, positions=).

    As the CLI's ``posenc check``: ``check(method, input=FILE[:TENSOR], quantity=...)`` — ``input`` a file
    (.npy, .safetensors[:TENSOR], CSV, GGUF tensor); returns the JSON result whatever the outcome;
    ``result.match`` is what the CLI's exit status (0 or 1) says."""
    if reference is not None or (method is not None and not isinstance(method, str)):
        if method is not None and isinstance(method, str):
            raise InvalidInput("method: give either a method (CLI-style check) or reference=Encoding, not both")
        table = method if input is None else input
        options = {k: params.pop(k) for k in ("layout", "tolerance", "positions") if k in params}
        if reference is None:
            reference = Encoding.from_config(config, **params) if config is not None else Encoding(**params)
        elif params:
            raise InvalidInput(f"{next(iter(params))}: method parameters go into the reference Encoding")
        return _check_array(table, reference=reference, quantity=quantity, **options)
    if isinstance(input, (list, tuple)) or (hasattr(input, "__array__") and not isinstance(input, _np.ndarray)):
        input = _np.asarray(input)  # a list or a tensor is a table, not a file name
    if input is None:
        raise InvalidInput("--input FILE[:TENSOR] is required (the table to check)")
    if not isinstance(input, _np.ndarray):
        input = _os.fspath(input)
    _refuse_output_flags(params, "check")
    result = Result(_check_report(method, input, quantity, config, preset, params))
    result["exit_status"] = 0 if result["match"] else 1
    return result


_CHECK_OPTIONS = ("layout", "tolerance", "positions", "probe", "memory_budget")


def _check_report(method, input, quantity, config, preset, params) -> dict:
    """The file-style check run by the core (posenc/check_report.h): the same report as ``posenc check --format
    json``, with no argv and no file but the input."""
    if config is not None and method is None and preset is None:
        grid = _grid.from_config(config, params.get("tower"))
        if grid is not None:
            return _grid_check_report(grid, input, quantity, params)
    options = {k: params[k] for k in _CHECK_OPTIONS if k in params}
    rest = {k: v for k, v in params.items() if k not in options}
    if "position_layout" in rest:  # the command's name for an M-RoPE method's token layout
        rest["token_layout"] = rest.pop("position_layout")
    budget = options.get("memory_budget", 2 << 30)  # bytes, or text such as "512MiB" (parsed by the core)
    if isinstance(budget, bool) or not isinstance(budget, (int, _np.integer, str)):
        raise InvalidInput(f"memory-budget: expected bytes or text such as 512MiB, got {budget!r}")
    enc = _core_encoding(method, config, rest, preset)
    probe = options.get("probe")
    return enc._e.check_report(input, quantity, options.get("layout"), options.get("tolerance"),
                               None if options.get("positions") is None else _flag_value(
                                   "positions", options["positions"]), [] if probe is None else list(_np.ravel(probe)),
                               budget if isinstance(budget, str) else int(budget))


_GRID_CHECK_OPTIONS = ("tower", "position_layout", "tolerance", "riflex_frames", "riflex_k", "order")


def _grid_check_report(grid: GridEncoding, input, quantity, params) -> dict:
    """The check of an image/video RoPE table (a diffusers config, or tower="vision") run by the core
    (posenc/grid_report.h): the report of ``posenc check --config ... --format json``."""
    for key in params:
        if key == "layout":
            raise InvalidInput("layout: an image/video table is read in its model's channel layout (or one column "
                               "per pair); a wrong layout is one of the diagnoses")
        if key not in _GRID_CHECK_OPTIONS:
            raise InvalidInput(f"{key}: not an option of an image/video config's check ({', '.join(_GRID_CHECK_OPTIONS)})")
    if params.get("position_layout") is None:
        raise InvalidInput("--position-layout is required: the table's tokens, e.g. text:4,image:32x32 or "
                           "video:8x30x52 (one row each)")
    return _core.grid_check_report(grid._text, grid._origin, grid._tower, input, quantity,
                                   params["position_layout"], params.get("tolerance"),
                                   int(params.get("riflex_frames") or 0), int(params.get("riflex_k") or 0),
                                   params.get("order") or "model")


_mrope_positions = positions  # noqa: F821 -- the core's `positions` analysis, generated above


def positions(*, config=None, layout: str | None = None, tower: str | None = None, order: str = "model",
              named: bool = False, **options):
    """Position ids of every token of a layout, computed by the core (no command, no JSON).

    M-RoPE (t, h, w) ids as transformers' get_rope_index gives them: ``token_layout="text:12,image:8x8,
    video:4x8x8@2"`` (``layout=`` is the same), ``position_rule`` qwen2-vl|qwen2.5-vl|qwen3-vl,
    ``spatial_merge_size``, ``tokens_per_second``, ``temporal_patch_size`` (the options the core declares for
    ``posenc compute positions``); returns the analysis result (``t``, ``h``, ``w``, ``modality``, ``tokens``,
    ``next_position``, ``rope_delta``).

    An image/video model: ``config=`` a diffusers transformer config (path or dict; ``tower="vision"`` for a VLM's
    vision tower) with ``layout="image:HxW"`` / ``"video:TxHxW"``; returns a Result with ``method``, ``layout``,
    ``tokens``, ``order``, ``axes`` and ``positions`` (N x axes float64), or one array per axis name with
    ``named=True`` (as ``posenc compute positions --config``)."""
    if config is None:
        if tower is not None or order != "model" or named:
            raise InvalidInput("config: tower, order and named apply to an image/video config (config=...)")
        if layout is not None:
            if "token_layout" in options:
                raise InvalidInput("layout: give token_layout or layout (the same option), not both")
            options["token_layout"] = layout
        return _mrope_positions(**options)
    if options:
        raise InvalidInput(f"{next(iter(options))}: not an option of an image/video config's positions "
                           "(config, layout, tower, order, named)")
    if layout is None:
        raise InvalidInput("layout: an image/video config needs layout=, e.g. \"image:64x64\" or \"video:8x30x52\"")
    grid = _grid.from_config(config, tower)
    if grid is None:
        raise InvalidInput("config: not a diffusers transformer config (no _class_name; a VLM's vision tower needs "
                           "tower=\"vision\"); the M-RoPE ids need token_layout=")
    ids = grid.positions(layout, order=order)
    names = [a["name"] for a in grid.axes]
    out = {"method": grid.method, "layout": layout, "tokens": int(ids.shape[0]),
           "order": _core._grid_order_name(grid._text, grid._origin, grid._tower, order), "axes": names}
    if named:
        out.update({n: ids[:, i].copy() for i, n in enumerate(names)})
    else:
        out["positions"] = ids
    return Result(out)


def _positions_signature():
    P = __import__("inspect").Parameter
    own = [P(n, P.KEYWORD_ONLY, default=d) for n, d in
           (("config", None), ("layout", None), ("tower", None), ("order", "model"), ("named", False))]
    declared = __import__("inspect").signature(_mrope_positions)
    return declared.replace(parameters=own + list(declared.parameters.values()))


positions.__signature__ = _positions_signature()
positions.__doc__ += "\n\n" + _mrope_positions.__doc__
