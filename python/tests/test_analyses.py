# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 36: the analyses are declared once in the core (posenc/analysis/analysis_spec.h). posenc.decay/entropy
and Encoding.decay/entropy are generated from that declaration (keywords, defaults, docstrings, result
dataclasses), run by the core (no argv, no JSON), and equal ``posenc compute ...`` bit for bit; the CLI's flags
carry the same names, ranges and defaults (the GUI's controls are checked in tests/widgets/tst_analysis_declaration).
"""
import dataclasses
import inspect
import io
import json

import numpy as np
import pytest

import posenc
from conftest import TEST_DATA, assert_same, cli, cli_json


def declared():
    return {a["id"]: a for a in posenc._core.analyses()}


def same_default(cli_text: str, value) -> bool:
    """The command table prints defaults as text (formatValue): "unset", "0.25", "8192", "method"."""
    if value is None:
        return cli_text == "unset"
    if isinstance(value, str):
        return cli_text == value
    return float(cli_text) == float(value)


def test_python_keywords_and_cli_flags_are_the_declaration():
    table = {" ".join(c["words"]): c for c in posenc.commands()}
    analyses = declared()
    assert {"decay", "entropy", "bounds", "precision", "attention-scale", "base-bound"} <= set(analyses)
    assert {"similarity", "spectrum", "pca"} <= set(analyses)
    for analysis_id, spec in analyses.items():
        flags = {o["name"]: o for o in table["compute " + analysis_id]["options"]}
        fn = getattr(posenc, analysis_id.replace("-", "_"))
        sigs = [inspect.signature(fn)]
        if spec["uses_encoding"]:
            sigs.append(inspect.signature(getattr(posenc.Encoding, analysis_id.replace("-", "_"))))
        else:  # a formula of its options: no method, no Encoding.<id>
            assert not hasattr(posenc.Encoding, analysis_id.replace("-", "_"))
            assert "method" not in sigs[0].parameters
        for sig in sigs:
            for o in spec["options"]:
                p = sig.parameters[o["name"].replace("-", "_")]
                assert p.default == o["default"], (analysis_id, o["name"])
                assert p.kind == inspect.Parameter.KEYWORD_ONLY
        for o in spec["options"]:
            flag = flags.pop(o["name"])
            assert flag["range"] == o["range"] and flag["help"] == o["help"], (analysis_id, o["name"])
            assert same_default(flag["default"], o["default"]), (analysis_id, o["name"], flag["default"], o["default"])
            assert o["name"].replace("-", "_") in fn.__doc__ and o["help"] in fn.__doc__
        # nothing the declaration does not have; `compute positions` also reads an image/video model's config
        image_video = {"config", "layout", "tower", "columns", "order"} if analysis_id == "positions" else set()
        assert set(flags) == {"format"} | image_video
        for c in spec["columns"] + spec["matrices"]:
            fields = {f.name for f in dataclasses.fields(posenc._ANALYSES.classes[analysis_id])}
            assert posenc._analyses._ident(c["name"]) in fields, c["name"]


def test_entropy_default_score_model_is_declared_once():
    spec = {o["name"]: o for o in declared()["entropy"]["options"]}
    assert spec["score"]["default"] == "expected-similar" and spec["sigma2"]["default"] == 0.25
    assert inspect.signature(posenc.entropy).parameters["sigma2"].default == 0.25
    # The known answer of the default curve (NumPy, tests/data/make_entropy_default.py).
    data = json.loads((TEST_DATA / "entropy_default.json").read_text())
    for case in data["cases"]:
        params = {k.replace("-", "_"): float(v) for k, v in case["params"].items()}
        r = posenc.entropy(case["method"], lengths=data["lengths"], **params)
        assert r.labels["score"] == "expected-similar"
        np.testing.assert_allclose(r.entropy, case["entropy"], rtol=1e-10)


ENTROPY_CASES = [
    ("rope", {"max_length": 300}),
    ("yarn", {"factor": 8, "lengths": [1, 16, 4096, 9000]}),
    ("yarn", {"factor": 8, "lengths": [16, 4096], "score": "all-ones"}),
    ("rope", {"lengths": [100, 5000], "temperature": "log-n", "reference_length": 1024}),
    ("rope", {"max_length": 5000, "attention": "sliding", "window": 1024}),
    ("alibi", {"max_length": 2000, "head": 3}),
    ("sinusoidal", {"max_length": 100}),
]
DECAY_CASES = [
    ("rope", {"max_distance": 300}),
    ("yarn", {"factor": 8, "distances": [0, 0.5, 1000, 30000.25], "samples": 16, "seed": 7, "correlation": 0.5}),
    ("alibi", {"max_distance": 50, "num_heads": 4}),
    ("sinusoidal", {"max_distance": 64}),
    ("learned", {"max_distance": 10}),
]


BOUNDS_CASES = [
    ("rope", {}),
    ("yarn", {"factor": 8, "original_max_position_embeddings": 4096}),
    ("rope", {"base": 500000, "context_length": 100000, "base_bound": "no", "search_limit": 65536}),
    ("llama3", {"context_length": 32768, "train_length": 8192, "pretrain_base": 10000}),
]
PRECISION_CASES = [
    ("rope", {}),
    ("yarn", {"factor": 8, "stage": "product", "formats": "bf16,f32", "max_position": 50000, "samples": 40}),
    ("rope", {"stage": "all", "formats": "float16,float64", "max_position": 1000, "samples": 2}),
]
ATTENTION_SCALE_CASES = [
    {},
    {"rule": "llama4-nope", "lengths": [1, 100, 9000], "attn_scale": -0.5, "floor_scale": 100},
    {"rule": "yarn-mscale", "max_length": 1 << 20, "per_decade": 3, "factor": 40},
    {"rule": "su-log512", "lengths": [511, 512, 513], "su_base": 256},
]
BASE_BOUND_CASES = [
    {"lengths": [1024, 4096, 5000]},
    {"head_dim": 64, "lengths": [2048, 512, 2048]},
    {"lengths": [8192, 1]},
]


def argv(method, options):
    out = [] if method is None else ["--method", method]
    for k, v in options.items():
        out += ["--" + k.replace("_", "-"), ",".join(map(repr, v)) if isinstance(v, list) else str(v)]
    return out


@pytest.mark.parametrize("analysis,method,options", [("entropy", m, o) for m, o in ENTROPY_CASES] +
                         [("decay", m, o) for m, o in DECAY_CASES])
def test_results_equal_the_cli_bit_for_bit(analysis, method, options):
    got = getattr(posenc, analysis)(method, **options)
    assert dataclasses.is_dataclass(got) and isinstance(got, posenc.Result) and isinstance(got, posenc.AnalysisResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.method = "x"
    expected = cli_json("compute", analysis, *argv(method, options))
    assert_same(dict(got), expected, f"{analysis} {method}")
    # Encoding.<analysis>: the same values from an object.
    method_params = {k: v for k, v in options.items() if k not in posenc._ANALYSES.option_names(analysis)}
    enc = posenc.Encoding(method, **method_params)
    again = getattr(enc, analysis)(**{k: v for k, v in options.items() if k not in method_params})
    assert_same(dict(again), expected, f"Encoding.{analysis} {method}")


@pytest.mark.parametrize("analysis,method,options", [("bounds", m, o) for m, o in BOUNDS_CASES] +
                         [("precision", m, o) for m, o in PRECISION_CASES])
def test_bounds_and_precision_equal_the_cli_bit_for_bit(analysis, method, options):
    test_results_equal_the_cli_bit_for_bit(analysis, method, options)


@pytest.mark.parametrize("analysis,options", [("attention-scale", o) for o in ATTENTION_SCALE_CASES] +
                         [("base-bound", o) for o in BASE_BOUND_CASES])
def test_formula_analyses_equal_the_cli_bit_for_bit(analysis, options):
    got = getattr(posenc, analysis.replace("-", "_"))(**options)
    assert dataclasses.is_dataclass(got) and isinstance(got, posenc.AnalysisResult) and got.method is None
    expected = cli_json("compute", analysis, *argv(None, options))
    assert_same(dict(got), expected, analysis)


def test_result_fields_by_shape():
    b = posenc.Encoding("rope", base=10000).bounds(context_length=4096)
    assert b.critical_dim == 92.0 and b.l_theta == 1706.0  # Liu et al.; Men et al. (README, theory.md)
    assert isinstance(b.base_lower_bound_definition, str)
    assert posenc.Encoding("rope").bounds(base_bound="no").base_lower_bound is None  # unset: None (JSON null)
    p = posenc.precision("rope", formats="bf16", stage="positions", max_position=1000)
    assert [c["format"] for c in p.curves] == ["bfloat16"] and p.curves[0]["first_collision"] == 256.0
    assert isinstance(p.positions, np.ndarray) and p.stage == "positions" and p.max_position == 1000.0
    r = posenc.attention_scale(rule="su-log512", lengths=[512])
    assert r.rules[0]["name"] == "su-log512" and r.rules[0]["length_dependent"] is True
    assert r.rules[0]["value"][0] == 1.0  # log_512 512
    bb = posenc.base_bound(lengths=[1024, 3000])
    assert bb.paper_vs_computed == ("agrees (2 s.f.)", None) and bb.head_dim == 128.0


def test_bad_options_name_the_option():
    cases = [
        (dict(lengths=[10], sigma2=0.0), "sigma2"),
        (dict(lengths=[10], score="all-ones", sigma2=2.0), "sigma2"),
        (dict(lengths=[10], score="hot"), "score"),
        (dict(lengths=[0, 5]), "lengths"),
        (dict(lengths=[1.5]), "lengths"),
        (dict(), "max-length"),
        (dict(max_length="ten"), "max-length"),
        (dict(max_length=10, head=5000), "head"),
    ]
    enc = posenc.Encoding("rope")
    for options, param in cases:
        with pytest.raises(posenc.InvalidInput) as e:
            enc.entropy(**options)
        assert e.value.param == param, (options, e.value.param, str(e.value))
        assert param in str(e.value)
    with pytest.raises(posenc.InvalidInput, match="exactly one"):
        enc.decay(max_distance=10, distances=[1, 2])
    with pytest.raises(posenc.InvalidInput) as e:
        enc.decay(max_distance=10, nonsense=1)
    assert e.value.param == "nonsense"
    with pytest.raises(posenc.InvalidInput) as e:  # above the default memory budget, before any allocation
        enc.entropy(max_length=1 << 31)
    assert e.value.param == "max-length"


def test_bad_options_of_the_new_declarations_name_the_option():
    rope = posenc.Encoding("rope")
    cases = [
        (lambda: rope.bounds(context_length=0.5), "context-length"),
        (lambda: rope.bounds(base_bound="maybe"), "base-bound"),
        (lambda: rope.bounds(search_limit=0), "search-limit"),
        (lambda: posenc.Encoding("alibi").bounds(), "method"),
        (lambda: rope.precision(formats="f8"), "formats"),
        (lambda: rope.precision(stage="everything"), "stage"),
        (lambda: rope.precision(samples=1), "samples"),
        (lambda: rope.precision(formats=16), "formats"),
        (lambda: posenc.attention_scale(lengths=[1.5]), "lengths"),
        (lambda: posenc.attention_scale(factor=-1), "factor"),
        (lambda: posenc.attention_scale(rule="nope"), "rule"),
        (lambda: posenc.base_bound(head_dim=63, lengths=[10]), "head-dim"),
        (lambda: posenc.base_bound(), "lengths"),
        (lambda: posenc.base_bound(lengths=[0]), "lengths"),
        (lambda: posenc.base_bound(lengths=[10], method="rope"), "method"),
    ]
    for call, param in cases:
        with pytest.raises(posenc.InvalidInput) as e:
            call()
        assert isinstance(e.value, ValueError)
        assert e.value.param == param, (param, e.value.param, str(e.value))
        assert param in str(e.value)


def test_the_stub_declares_every_analysis_option():
    text = posenc._docs.stub_text(posenc._core.methods(), posenc._core.analyses())
    for a in (a for a in posenc._core.analyses() if a["uses_encoding"]):
        line = next(l for l in text.splitlines() if l.strip().startswith(f"def {a['id']}(self"))
        for o in a["options"]:
            assert o["name"].replace("-", "_") + ":" in line, (a["id"], o["name"])


MATRIX_CASES = [
    ("rope", "cos", 300, 7, {}),
    ("yarn", "sin", 64, 1_000_000, {"factor": 8}),
    ("alibi", "bias", 50, 0, {"num_heads": 8, "head": 5}),
    ("sinusoidal", "pe", 100, 3, {}),
    ("rope", "rotated", 40, 2, {"head_dim": 8, "probe": [1, 2, 3, 4, 5, 6, 7, 8]}),
    ("learned", "pe", None, 0, {"memory_budget": "64MiB"}),
]


@pytest.mark.parametrize("method,view,length,start,extra", MATRIX_CASES)
def test_matrix_through_the_core_equals_the_command(method, view, length, start, extra):
    """posenc.matrix runs on the Encoding (the request checked in core, posenc/matrix_request.h); the command
    path it used before (argv, cli::matrixRequest) gives the same array bit for bit."""
    options = {k: v for k, v in extra.items() if k in ("head", "probe", "memory_budget")}
    params = {k: v for k, v in extra.items() if k not in options}
    got = posenc.matrix(method, view, length, start, **extra)
    proc = cli(*posenc.argv_for(["compute", "matrix"], {
        "method": method, "view": view, "length": length, "start": start, **extra}), "--format", "npy")
    command = np.load(io.BytesIO(proc.stdout), allow_pickle=False)
    assert got.dtype == np.float64 and got.flags["C_CONTIGUOUS"] and got.flags["OWNDATA"] is False
    assert got.shape == command.shape and np.array_equal(got, command, equal_nan=True), (method, view)
    again = posenc.Encoding(method, **params).matrix(view, length, start, **options)
    assert np.array_equal(again, command, equal_nan=True)


def test_matrix_bad_requests_name_the_option():
    rope = posenc.Encoding("rope")
    for call, param in [(lambda: rope.matrix("cos", 0), "length"),
                        (lambda: rope.matrix("cos", 10, -1), "start"),
                        (lambda: rope.matrix("diagonal", 10), "view"),
                        (lambda: rope.matrix(None, 10), "view"),
                        (lambda: rope.matrix("cos"), "length"),
                        (lambda: rope.matrix("cos", 10, memory_budget="lots"), "memory-budget"),
                        (lambda: rope.matrix("cos", 1 << 30, memory_budget="1GiB"), "length"),  # above the budget
                        (lambda: posenc.Encoding("alibi").matrix("bias", 10, head=9000), "head")]:
        with pytest.raises(posenc.InvalidInput) as e:
            call()
        assert isinstance(e.value, ValueError)
        assert e.value.param == param, (param, e.value.param, str(e.value))


# --- similarity, spectrum, pca (declared in core/src/analysis/analysis_spec_{similarity,spectrum,pca}.cpp) ---

SIMILARITY_CASES = [
    ("sinusoidal", {"length": 64, "kind": "cosine"}),
    ("sinusoidal", {"length": 40, "start": 1000}),  # auto: dot for an additive method
    ("rope", {"length": 48, "start": 5}),  # auto: relative-score
    ("yarn", {"factor": 8, "length": 32, "probe_q": [0.5] * 64 + [-1.0] * 64}),
    ("alibi", {"length": 30, "head": 3, "num_heads": 8}),
    ("learned", {}),  # no length: the whole table, as the command does with a table
]
SPECTRUM_CASES = [
    ("rope", {"length": 1024}),
    ("yarn", {"factor": 8, "length": 300, "start": 77, "view": "sin"}),
    ("sinusoidal", {"length": 256}),
    ("learned", {"length": 128}),
]
PCA_CASES = [
    ("sinusoidal", {"length": 512, "components": 3}),
    ("rope", {"length": 200, "start": 40, "view": "angle", "components": 5}),
    ("learned", {"components": 2}),
    ("yarn", {"factor": 4, "length": 64, "view": "cos", "components": 1}),
]


@pytest.mark.parametrize("method,options", SIMILARITY_CASES)
def test_similarity_equals_the_cli_bit_for_bit(method, options):
    got = posenc.similarity(method, **options)
    assert dataclasses.is_dataclass(got) and isinstance(got, posenc.AnalysisResult)
    expected = cli_json("compute", "similarity", *argv(method, options))
    want = np.asarray(expected["data"], dtype=np.float64).reshape(expected["shape"])  # JSON null: NaN (causal mask)
    assert got.similarity.shape == tuple(expected["shape"]) and np.array_equal(got.similarity, want, equal_nan=True)
    assert np.array_equal(np.asarray(got), want, equal_nan=True)  # the one matrix is the result's array
    assert got.labels["measure"] in ("dot", "cosine", "relative-score")
    method_params = {k: v for k, v in options.items() if k not in posenc._ANALYSES.option_names("similarity")}
    again = posenc.Encoding(method, **method_params).similarity(
        **{k: v for k, v in options.items() if k not in method_params})
    assert np.array_equal(again.similarity, want, equal_nan=True)


@pytest.mark.parametrize("analysis,method,options", [("spectrum", m, o) for m, o in SPECTRUM_CASES] +
                         [("pca", m, o) for m, o in PCA_CASES])
def test_structure_results_equal_the_cli_bit_for_bit(analysis, method, options):
    got = getattr(posenc, analysis)(method, **options)
    assert dataclasses.is_dataclass(got) and isinstance(got, posenc.AnalysisResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.method = "x"
    expected = cli_json("compute", analysis, *argv(method, options))
    assert_same(dict(got), expected, f"{analysis} {method}")
    method_params = {k: v for k, v in options.items() if k not in posenc._ANALYSES.option_names(analysis)}
    again = getattr(posenc.Encoding(method, **method_params), analysis)(
        **{k: v for k, v in options.items() if k not in method_params})
    assert_same(dict(again), expected, f"Encoding.{analysis} {method}")


def test_structure_results_are_arrays_of_the_declared_shape():
    s = posenc.spectrum("rope", length=1000)
    assert s.power.shape == (s.column.size, s.frequency.size) and s.frequency.size == 501
    assert s.labels["view"] == "cos" and s.scalars["length"] == 1000
    p = posenc.pca("sinusoidal", length=300, components=3)
    assert p.components.shape == (3, 512) and p.projections.shape == (3, 300)
    assert np.all(np.diff(p.explained_variance) <= 0)
    with pytest.raises(TypeError):
        np.asarray(p)  # several arrays: no single one stands for the result


def test_structure_bad_options_name_the_option():
    rope, sin = posenc.Encoding("rope"), posenc.Encoding("sinusoidal")
    cases = [
        (rope.similarity, dict(length=8, kind="euclid"), "kind"),
        (rope.similarity, dict(length=0), "length"),
        (rope.similarity, dict(length=65537), "length"),
        (rope.similarity, dict(), "length"),  # no table: a length is required
        (rope.similarity, dict(length=8, start=-3), "start"),
        (rope.similarity, dict(length=8, head=-1), "head"),
        (rope.similarity, dict(length=8, probe_q="1,2"), "probe-q"),
        (rope.spectrum, dict(length=1), "length"),
        (rope.spectrum, dict(length=64, view="banana"), "view"),
        (rope.pca, dict(length=64, components=0), "components"),
        (rope.pca, dict(length=64, components=5000), "components"),
        (sin.pca, dict(length=2 ** 40), "length"),
    ]
    for fn, options, param in cases:
        with pytest.raises(posenc.InvalidInput) as e:
            fn(**options)
        assert e.value.param == param, (fn.__name__, options, e.value.param, str(e.value))
        assert isinstance(e.value, ValueError)
    with pytest.raises(posenc.InvalidInput, match="budget"):  # 16 GiB of position vectors: refused before
        rope.pca(length=1 << 24)


def test_structure_known_answers_from_numpy():
    # RoPE's relative score with the default probe (1 on the first half, -1 on the second: each rotated pair is
    # (1, -1), |v|^2 = 2) is sum_i 2 cos((m - n) theta_i), theta_i = 10000^(-2i/d).
    d, n = 128, 40
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    delta = np.arange(n)[:, None] - np.arange(n)[None, :]
    want = (2.0 * np.cos(delta[..., None] * theta)).sum(-1)
    np.testing.assert_allclose(posenc.similarity("rope", length=n).similarity, want, rtol=1e-12, atol=1e-10)
    # PCA: the eigenvalues of the covariance of the sinusoidal table (NumPy's eigh on the same table).
    table = np.asarray(posenc.matrix("sinusoidal", "pe", 300))
    x = table - table.mean(axis=0)
    eig = np.sort(np.linalg.eigvalsh(x.T @ x / (x.shape[0] - 1)))[::-1][:4]
    p = posenc.pca("sinusoidal", length=300, components=4)
    np.testing.assert_allclose(p.explained_variance, eig, rtol=1e-9)
    # Spectrum: each rotary column's peak is its frequency theta / 2 pi, within one bin (1 / N).
    s = posenc.spectrum("rope", length=4096, view="cos")
    mid = (s.analytic_wavelength > 4) & (s.analytic_wavelength < 1000)
    assert np.all(np.abs(s.peak_frequency[mid] - 1.0 / s.analytic_wavelength[mid]) <= 1.0 / 4096)
