# SPDX-License-Identifier: GPL-3.0-or-later
"""posenc.dype (the core's `dype` analysis, as `posenc compute dype`) against tests/data/grid/grid_dype_golden.json:
the inv_freq and mscale of guyyariv/DyPE's and ComfyUI-DyPE's own code at pinned commits (the command that made
the file is in its meta)."""
import json

import numpy as np
import pytest

import posenc
from conftest import TEST_DATA

CASES = json.loads((TEST_DATA / "grid" / "grid_dype_golden.json").read_text())["cases"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['variant']}-{c['method']}-d{c['dim']}-s{c['target']}/"
                                                      f"{c['base']}-t{c['t']}")
def test_dype_is_the_published_code(case):
    r = posenc.dype(dype_variant=case["variant"], dype_method=case["method"], dim=case["dim"], theta=case["theta"],
                    base=case["base"], target=case["target"], dype_timestep=case["t"],
                    aggressive_mscale="yes" if case.get("aggressive_mscale") else "no")
    want = np.asarray(case["inv_freq"])
    np.testing.assert_allclose(r.inv_freq, want, rtol=1e-12, atol=0)
    assert abs(r.mscale - case["mscale"]) <= 1e-12
    assert r.scale == case["target"] / case["base"]
    np.testing.assert_allclose(r.wavelength, 2 * np.pi / want, rtol=1e-12)


def test_dype_bad_input_names_the_option():
    with pytest.raises(posenc.InvalidInput, match="dype-timestep"):
        posenc.dype(dype_timestep=0)
    with pytest.raises(posenc.InvalidInput, match="dim"):
        posenc.dype(dim=2)
    with pytest.raises(posenc.InvalidInput, match="dype-variant"):
        posenc.dype(dype_variant="paper")
