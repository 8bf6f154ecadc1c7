#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc.Encoding (the core bound directly) against NumPy's own formulas, in one run (issue 36 §5).

* cos_sin: ``Encoding("rope", head_dim=128).cos_sin(np.arange(131072))`` (float32 cos and sin caches, HF
  layout) vs HF's formula in NumPy float32: ``freqs = np.outer(t, inv_freq); emb = cat(freqs, freqs);
  cos, sin = np.cos(emb), np.sin(emb)`` (what LlamaRotaryEmbedding computes, on the CPU).
* yarn_inv_freq: ``Encoding("yarn", head_dim=128, rope_theta=1e6, factor=4, original_max_position_embeddings=32768)
  .inv_freq`` (an object built from parameters, then its frequencies) vs HF's _compute_yarn_parameters written
  in NumPy (find_correction_range, linear ramp, blend).

* analysis call cost: ``posenc.entropy("yarn", factor=8, lengths=[16, 4096])``, ``posenc.decay("rope",
  max_distance=256)``, ``posenc.bounds("rope", base_bound="no")``, ``posenc.precision("rope", samples=64)``,
  ``posenc.attention_scale(max_length=2**20)`` and ``posenc.base_bound(lengths=[1024, 4096])`` through the core's
  declared analyses (no argv, no JSON) vs the command path (``posenc.<analysis>`` with ``format="json"``: the
  ``posenc`` executable run as a program, posenc._cli, and its JSON parsed), same values.

* inspect / check call cost (issue 36 part C): ``posenc.inspect(preset path)`` and ``posenc.check(method,
  input=FILE)`` through the core's reports (posenc/io/inspect.h, posenc/check_report.h: no argv, no JSON text) vs
  the ``posenc`` command run as a program with its JSON parsed (``posenc._cli.run``), same dict.
* similarity / spectrum / pca call cost: ``posenc.similarity("rope", length=256)``, ``posenc.spectrum("rope",
  length=1024)``, ``posenc.pca("sinusoidal", length=512, components=3)`` through the core vs their former command
  path (the ``posenc`` program; similarity: the npy matrix; spectrum, pca: JSON), same values.

The command path is a process per call since the binding links core only (issue 36 item 2): it is timed over
fewer calls (COMMAND_CALLS) than the core path.

Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_encoding.py [--repeat 7]
(For NumPy's fair timing run it with OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset: `env -u OPENBLAS_CORETYPE
-u OPENBLAS_L2_SIZE ...`.) Prints `BENCH name posenc_ms numpy_ms ratio` lines (median of the repeats). Nothing
here fails on time.
"""
import argparse
import json
import math
import pathlib
import timeit

import numpy as np

import posenc

COMMAND_CALLS = 5  # calls per repeat of the command path (a process each)
YARN = dict(head_dim=128, rope_theta=1e6, factor=4.0, original_max_position_embeddings=32768)


def numpy_cos_sin(length, head_dim=128, base=10000.0):
    inv_freq = (1.0 / base ** (np.arange(0, head_dim, 2, dtype=np.int64).astype(np.float32) / head_dim)).astype(
        np.float32)
    t = np.arange(length, dtype=np.float32)
    freqs = np.outer(t, inv_freq)
    emb = np.concatenate((freqs, freqs), axis=-1)
    return np.cos(emb), np.sin(emb)


def numpy_yarn_inv_freq(head_dim=128, base=1e6, factor=4.0, original=32768, beta_fast=32.0, beta_slow=1.0):
    # transformers modeling_rope_utils._compute_yarn_parameters, in NumPy float64
    def correction_dim(rotations):
        return (head_dim * math.log(original / (rotations * 2 * math.pi))) / (2 * math.log(base))

    low = max(math.floor(correction_dim(beta_fast)), 0)
    high = min(math.ceil(correction_dim(beta_slow)), head_dim - 1)
    if low == high:
        high += 0.001
    pos_freqs = base ** (np.arange(0, head_dim, 2, dtype=np.float64) / head_dim)
    extrapolation = 1.0 / pos_freqs
    interpolation = 1.0 / (factor * pos_freqs)
    ramp = np.clip((np.arange(head_dim // 2, dtype=np.float64) - low) / (high - low), 0, 1)
    extrapolation_factor = 1 - ramp
    return interpolation * (1 - extrapolation_factor) + extrapolation * extrapolation_factor


def command_json(words, params: dict) -> dict:
    """The command path: the ``posenc`` program run as a process (posenc._cli) and its JSON parsed."""
    return json.loads(posenc._cli.output(posenc.argv_for(words, {**params, "format": "json"})))


def same(a, b) -> bool:
    """Equal values: arrays exactly (NaN = null), records per field."""
    if isinstance(b, dict):
        return set(a) == set(b) and all(same(a[k], b[k]) for k in b)
    if isinstance(a, np.ndarray):
        return np.array_equal(a, np.asarray(b, dtype=np.float64), equal_nan=True)
    if isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def median_ms(fn, repeat, number=1):
    times = timeit.repeat(fn, repeat=repeat, number=number)
    return 1000.0 * sorted(times)[len(times) // 2] / number


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--reports-only", action="store_true", help="only the inspect / check call costs")
    args = ap.parse_args()
    if not args.reports_only:
        encoding_and_analyses(args)
    reports(args)


def encoding_and_analyses(args):

    enc = posenc.Encoding("rope", head_dim=128)
    positions = np.arange(131072)
    ours = enc.cos_sin(positions)
    ref = numpy_cos_sin(131072)
    # same quantity: NumPy's float32 formula differs from the float64 values by its own float32 angle error
    assert ours[0].shape == ref[0].shape and ours[0].dtype == ref[0].dtype
    assert np.max(np.abs(ours[0][:2048] - ref[0][:2048])) < 1e-3
    p = median_ms(lambda: enc.cos_sin(positions), args.repeat)
    n = median_ms(lambda: numpy_cos_sin(131072), args.repeat)
    print(f"BENCH cos_sin_131072x128_f32 {p:.2f} {n:.2f} {n / p:.2f}")

    a = posenc.Encoding("yarn", **YARN).inv_freq
    b = numpy_yarn_inv_freq()
    assert np.allclose(a, b, rtol=1e-14, atol=0), np.max(np.abs(a - b) / b)
    p = median_ms(lambda: posenc.Encoding("yarn", **YARN).inv_freq, args.repeat, number=2000)
    n = median_ms(numpy_yarn_inv_freq, args.repeat, number=2000)
    print(f"BENCH yarn_encoding_inv_freq {p * 1000:.1f}us {n * 1000:.1f}us {n / p:.2f}")

    # The analyses: core path vs the command path (argv + JSON), in the same process; "numpy" column = command.
    cases = [("entropy", posenc.entropy, dict(method="yarn", factor=8, lengths=[16, 4096]), "entropy"),
             ("decay", posenc.decay, dict(method="rope", max_distance=256), "similar-token"),
             ("bounds", posenc.bounds, dict(method="rope", base_bound="no"), "l_theta"),
             ("precision", posenc.precision, dict(method="rope", samples=64), "positions"),
             ("attention-scale", posenc.attention_scale, dict(max_length=1 << 20), "rules"),
             ("base-bound", posenc.base_bound, dict(lengths=[1024, 4096]), "base_lower_bound")]
    for name, call, options, column in cases:
        core = call(**options)
        command = command_json(["compute", name], {**options, "format": "json"})
        assert same(core[column], command[column]), name
        p = median_ms(lambda: call(**options), args.repeat, number=200)
        n = median_ms(lambda: command_json(["compute", name], {**options, "format": "json"}), args.repeat,
                      number=COMMAND_CALLS)
        print(f"BENCH {name}_call_core_vs_command {p * 1000:.1f}us {n * 1000:.1f}us {n / p:.2f}")

    # similarity, spectrum, pca (issue 36, part 4): the core path vs the command path they took before (similarity:
    # the npy matrix; spectrum and pca: argv + JSON), same values asserted.
    similarity_command = posenc._matrix_analysis(["compute", "similarity"])
    for name, options, key, command in [
            ("similarity", dict(method="rope", length=256), "similarity", lambda o: similarity_command(**o)),
            ("spectrum", dict(method="rope", length=1024), "power",
             lambda o: command_json(["compute", "spectrum"], {**o, "format": "json"})),
            ("pca", dict(method="sinusoidal", length=512, components=3), "projections",
             lambda o: command_json(["compute", "pca"], {**o, "format": "json"}))]:
        call = getattr(posenc, name)
        core = call(**options)[key]
        cmd = command(options)
        assert np.array_equal(core, np.asarray(cmd if name == "similarity" else cmd[key], dtype=np.float64))
        p = median_ms(lambda: call(**options), args.repeat, number=50)
        n = median_ms(lambda: command(options), args.repeat, number=COMMAND_CALLS)
        print(f"BENCH {name}_call_core_vs_command {p * 1000:.1f}us {n * 1000:.1f}us {n / p:.2f}")


def reports(args):
    # inspect and the file-style check: the core's report vs the command's JSON, in the same process.
    root = pathlib.Path(__file__).resolve().parents[1]
    preset = str(root / "resources" / "presets" / "llama-3.1-8b.json")
    table = str(root / "tests" / "data" / "check" / "bug_attn_missing.npy")
    check = dict(head_dim=128, factor=8, original_max_position_embeddings=4096)
    cases = [("inspect", lambda: posenc.inspect(preset),
              lambda: json.loads(posenc._cli.output(["inspect", preset, "--format", "json"]))),
             ("check_file", lambda: json.loads(json.dumps(dict(posenc.check("yarn", input=table, quantity="sin",
                                                                             **check)), default=lambda a: a.tolist())),
              lambda: json.loads(posenc._cli.run(
                  posenc.argv_for(["check"], {"method": "yarn", "input": table, "quantity": "sin", **check,
                                              "format": "json"}))[1]))]
    for name, core, command in cases:
        a, b = core(), command()
        a.pop("exit_status", None)
        assert a == b, name
        p = median_ms(core, args.repeat, number=3)
        n = median_ms(command, args.repeat, number=3)
        print(f"BENCH {name}_call_core_vs_command {p:.2f}ms {n:.2f}ms {n / p:.2f}")


if __name__ == "__main__":
    main()
