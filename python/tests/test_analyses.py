# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 36: the analyses are declared once in the core (posenc/analysis/analysis_spec.h). posenc.decay/entropy
and Encoding.decay/entropy are generated from that declaration (keywords, defaults, docstrings, result
dataclasses), run by the core (no argv, no JSON), and equal ``posenc compute ...`` bit for bit; the CLI's flags
carry the same names, ranges and defaults (the GUI's controls are checked in tests/widgets/tst_analysis_declaration).
"""
import dataclasses
import inspect
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
    assert {"decay", "entropy"} <= set(analyses)
    assert {"similarity", "spectrum", "pca"} <= set(analyses)
    for analysis_id, spec in analyses.items():
        flags = {o["name"]: o for o in table["compute " + analysis_id]["options"]}
        fn = getattr(posenc, analysis_id)
        method = getattr(posenc.Encoding, analysis_id)
        for sig in (inspect.signature(fn), inspect.signature(method)):
            for o in spec["options"]:
                p = sig.parameters[o["name"].replace("-", "_")]
                assert p.default == o["default"], (analysis_id, o["name"])
                assert p.kind == inspect.Parameter.KEYWORD_ONLY
        for o in spec["options"]:
            flag = flags.pop(o["name"])
            assert flag["range"] == o["range"] and flag["help"] == o["help"], (analysis_id, o["name"])
            assert same_default(flag["default"], o["default"]), (analysis_id, o["name"], flag["default"], o["default"])
            assert o["name"].replace("-", "_") in fn.__doc__ and o["help"] in fn.__doc__
        assert set(flags) == {"format"}  # nothing the declaration does not have
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


def argv(method, options):
    out = ["--method", method]
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


def test_the_stub_declares_every_analysis_option():
    text = posenc._docs.stub_text(posenc._core.methods(), posenc._core.analyses())
    for a in posenc._core.analyses():
        line = next(l for l in text.splitlines() if l.strip().startswith(f"def {a['id']}(self"))
        for o in a["options"]:
            assert o["name"].replace("-", "_") + ":" in line, (a["id"], o["name"])


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
