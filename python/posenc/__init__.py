# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc: Transformer positional encodings — the PosEnc Explorer engine as a NumPy module.

The module binds the same core library as the ``posenc`` command line: the same registry of methods and
analyses, the same parameters (keyword arguments in Python spelling: ``head_dim=128`` is ``--head-dim 128``, HF
names such as ``rope_theta`` or ``beta_fast`` are accepted as in the CLI), the same checks and messages (a value
the core rejects raises :class:`InvalidInput`, a ``ValueError``) and the same float64 values, bit for bit. The few
requests only a command serves (output flags such as ``output=``, a method with a config file, ``positions``) run
the ``posenc`` executable (posenc._cli); nothing is passed through a temporary file.

>>> import posenc
>>> f = posenc.frequencies("yarn", factor=8)
>>> f.attention_factor                      # 0.1 ln 8 + 1
1.2079441541679836
>>> posenc.matrix("rope", "cos", 4096).shape
(4096, 128)
"""
from __future__ import annotations

import io as _io
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
    """The ``posenc`` arguments a call runs: ``words`` then ``--name value`` per keyword (``_`` becomes ``-``;
    ``None`` values are left out)."""
    argv = list(words)
    for key, value in params.items():
        if value is None:
            continue
        argv += ["--" + key.replace("_", "-"), _flag_value(key, value)]
    return argv


def _run(words, params) -> bytes:
    """What ``posenc WORDS --flags`` writes, run as a program (posenc._cli): a request the core API does not
    serve. A config dict or an array table cannot go there (no temporary file) and is refused."""
    _cli.refuse_in_memory(params, "posenc " + " ".join(words) + " with these options")
    return _cli.output(argv_for(words, params))


def _json_result(words, params: dict) -> dict:
    return _json.loads(_run(words, {**params, "format": "json"}))


def commands() -> list[dict]:
    """The command table the CLI's flags come from (``posenc commands --format json``): words, synopsis, summary
    and each option's name, range, default and help."""
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


def _source(method, config, preset) -> dict:
    out = {}
    if method is not None:
        out["method"] = method
    if config is not None:
        out["config"] = config
    if preset is not None:
        out["preset"] = preset
    return out


def _core_encoding(method, config, params: dict, preset=None) -> Encoding | None:
    """The Encoding a method, a config or a built-in preset (one of them) with these keywords resolves to,
    through the core; None for a request only the command takes (output flags, a method with a config). What
    the core refuses raises InvalidInput naming the parameter."""
    given = sum(x is not None for x in (method, config, preset))
    if given != 1 or any(k in params for k in ("format", "output", "o")):
        return None
    if method is not None:
        return Encoding(method, **params)
    rest = dict(params)
    keywords = dict(encoding=rest.pop("encoding", None), era=rest.pop("hf_era", None),
                    seq_len=rest.pop("seq_len", None))
    if preset is not None:
        return Encoding.from_preset(preset, **keywords, **rest)
    return Encoding.from_config(config, **keywords, **rest)


def frequencies(method: str | None = None, *, config=None, preset=None, **params) -> Frequencies | Result:
    """Per-pair frequencies (``posenc compute frequencies``): ``inv_freq`` (θ′ᵢ, rad/position), ``wavelength``
    (2π/θ′ᵢ), the ramp quantities under the CLI's names, ``attention_factor`` and the method's other scalars, as
    NumPy arrays and floats. ``config`` is a config.json path or dict (explicit keywords override its values).
    ``preset`` a built-in preset's name (:func:`presets`). Computed by the core (a :class:`Frequencies`
    dataclass, also a mapping with the CLI's keys); output flags go through the command (a Result)."""
    enc = _core_encoding(method, config, params, preset)
    if enc is not None:
        return Frequencies.of(enc)
    return Result(_json_result(["compute", "frequencies"], {**_source(method, config, preset), **params}))


def inv_freq(method: str | None = None, *, config=None, preset=None, **params) -> _np.ndarray:
    """θ′ᵢ of :func:`frequencies`, as a float64 array."""
    return frequencies(method, config=config, preset=preset, **params).inv_freq


def inspect(path_or_dict, seq_len: int | None = None, era: str | None = None, **options) -> dict:
    """What a Hugging Face config.json (or a GGUF model) resolves to, the structure of ``posenc inspect --format
    json`` (a path, or the config as a dict). ``era`` is ``--hf-era``; ``against``, ``engine``, ``arithmetic`` and
    ``engines="all"`` as the CLI's flags; ``base_bound="yes"`` adds Men et al.'s exact base lower bound (about 1.6 s
    at 1M positions; whether rope_theta meets it is always there). Built by the core, read afresh on every call (no argv, no file)."""
    if set(options) <= {"tower"} and (seq_len, era) == (None, None):  # a diffusers config, or tower="vision"
        grid = _grid.from_config(path_or_dict, options.get("tower"))
        if grid is not None:
            return _core.grid_inspect_report(grid._text, grid._origin, grid._tower)
    report = _inspect_core(path_or_dict, seq_len, era, options)
    if report is not None:
        return report
    # an image/video config with seq_len/era, or output flags: the command, on a file
    _cli.refuse_in_memory({"config": path_or_dict}, "inspect with these options")
    params = {"seq_len": seq_len, "hf_era": era, **options, "format": "json"}
    return _json.loads(_run(["inspect", _os.fspath(path_or_dict)], params))


_INSPECT_OPTIONS = ("against", "engine", "arithmetic", "engines", "base_bound")


def _inspect_core(path_or_dict, seq_len, era, options) -> dict | None:
    """posenc.inspect through the core (posenc/io/inspect.h); None for what only the command does."""
    if any(k not in _INSPECT_OPTIONS or v is None for k, v in options.items()):
        return None
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
    on the Encoding (``Encoding.matrix``, the request checked in core); a diffusers config (``config``, ``layout``,
    ``tower``, ``order``) gives its tokens' cos, sin or angle table (``GridEncoding.matrix``); a table file
    (``input``) or output flags run the ``posenc`` command (with ``output=``/``o=`` it writes
    that file and this returns None)."""
    options = {k: params.pop(k) for k in ("head", "probe", "memory_budget") if k in params}
    if config is not None and "layout" in params and not any(k in params for k in ("input", "format", "output", "o")):
        grid = _grid.from_config(config, params.get("tower"))
        if grid is not None:  # an image/video model: its tokens' table, computed by the core
            extra = sorted(set(params) - {"layout", "tower", "order"}) + sorted(options)
            if method is not None or preset is not None or extra or length is not None or start:
                raise InvalidInput(f"{(extra or ['method'])[0]}: an image/video config's matrix takes view, layout, "
                                   "tower and order (its rows are the layout's tokens)")
            return grid.matrix(view, params["layout"], params.get("order", "model"))
    if not any(k in params for k in ("input", "layout", "tower", "format", "output", "o")):
        enc = _core_encoding(method, config, params, preset)
        if enc is not None:
            return enc.matrix(view, length, start, **options)
    params.update(options)
    request = {**_source(method, config, preset), "view": view, "length": length, "start": start, **params}
    if "output" in params or "o" in params:
        _run(["compute", "matrix"], request)
        return None
    raw = _run(["compute", "matrix"], {**request, "format": "npy"})
    return _np.load(_io.BytesIO(raw), allow_pickle=False)


def _analysis(words):
    def call(method: str | None = None, *, config=None, preset=None, **params) -> Result:
        return Result(_json_result(words, {**_source(method, config, preset), **params}))

    return call


def _matrix_analysis(words):
    def call(method: str | None = None, *, config=None, preset=None, **params) -> _np.ndarray:
        raw = _run(words, {**_source(method, config, preset), **params, "format": "npy"})
        return _np.load(_io.BytesIO(raw), allow_pickle=False)

    return call


_COMMAND_ONLY = ("format", "output", "o", "memory_budget")


def _core_analysis(analysis_id: str):
    """posenc.<analysis>: declared once in the core (its options are this function's keywords, with the core's
    defaults and ranges), run by the core on an Encoding; output flags or a method with a config run the
    ``posenc`` command."""
    names = _ANALYSES.option_names(analysis_id)
    spec = _ANALYSES.specs[analysis_id]
    # through the command: a result that is one matrix (similarity) comes back as that array (npy), as before
    one_matrix = len(spec["matrices"]) == 1 and not spec["columns"]
    command = (_matrix_analysis if one_matrix else _analysis)(["compute", analysis_id])

    if not _ANALYSES.uses_encoding(analysis_id):  # a formula of its options: no method, no Encoding
        def call(**options):
            return _ANALYSES.run(None, analysis_id, {k.replace("-", "_"): v for k, v in options.items()})

        call.__name__ = call.__qualname__ = analysis_id.replace("-", "_")
        call.__doc__ = _analysis_doc(_ANALYSES.specs[analysis_id])
        call.__signature__ = _analysis_signature(_ANALYSES.specs[analysis_id], False)
        return call

    def call(method: str | None = None, *, config=None, preset=None, **params):
        options = {k: params.pop(k) for k in list(params) if k.replace("-", "_") in names}
        if not any(k in params for k in _COMMAND_ONLY):
            enc = _core_encoding("rope" if method is None and config is None and preset is None else method,
                                 config, params, preset)
            if enc is not None:
                return _ANALYSES.run(enc, analysis_id, {k.replace("-", "_"): v for k, v in options.items()})
        return command(method, config=config, preset=preset, **params, **options)

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
    report = _check_report(method, input, quantity, config, preset, params)
    if report is None:  # a preset, an image/video config, output flags: the command
        report = _check_command(method, input, quantity, config, preset, params)
    result = Result(report)
    result["exit_status"] = 0 if result["match"] else 1
    return result


_CHECK_OPTIONS = ("layout", "tolerance", "positions", "probe", "memory_budget")


def _check_report(method, input, quantity, config, preset, params) -> dict | None:
    """The file-style check run by the core (posenc/check_report.h): the same report as ``posenc check --format
    json``, with no argv and no file but the input; None for a request only the command takes."""
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
    enc = _core_encoding("rope" if method is None and config is None and preset is None else method, config, rest,
                         preset)
    if not isinstance(enc, Encoding):
        return None
    probe = options.get("probe")
    return enc._e.check_report(input, quantity, options.get("layout"), options.get("tolerance"),
                               None if options.get("positions") is None else _flag_value(
                                   "positions", options["positions"]), [] if probe is None else list(_np.ravel(probe)),
                               budget if isinstance(budget, str) else int(budget))


_GRID_CHECK_OPTIONS = ("tower", "position_layout", "tolerance", "riflex_frames", "riflex_k")


def _grid_check_report(grid: GridEncoding, input, quantity, params) -> dict | None:
    """The check of an image/video RoPE table (a diffusers config, or tower="vision") run by the core
    (posenc/grid_report.h): the report of ``posenc check --config ... --format json``; None for a request
    only the command takes (output flags, --layout)."""
    if any(k not in _GRID_CHECK_OPTIONS for k in params):
        return None
    if params.get("position_layout") is None:
        raise InvalidInput("--position-layout is required: the table's tokens, e.g. text:4,image:32x32 or "
                           "video:8x30x52 (one row each)")
    return _core.grid_check_report(grid._text, grid._origin, grid._tower, input, quantity,
                                   params["position_layout"], params.get("tolerance"),
                                   int(params.get("riflex_frames") or 0), int(params.get("riflex_k") or 0))


def _check_command(method, input, quantity, config, preset, params) -> dict:
    """A check only the command serves (output flags, a method with a config), on a file."""
    request = {**_source(method, config, preset), "input": input, "quantity": quantity, **params, "format": "json"}
    _cli.refuse_in_memory(request, "check with " + ", ".join(sorted(params)) if params else "this check")
    _, out = _cli.run(argv_for(["check"], request))
    return _json.loads(out)


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
    out = {"method": grid.method, "layout": layout, "tokens": int(ids.shape[0]), "order": order, "axes": names}
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
