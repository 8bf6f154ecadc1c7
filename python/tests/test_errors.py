# SPDX-License-Identifier: GPL-3.0-or-later
"""Invalid requests raise InvalidInput (a ValueError) with exactly the message the CLI prints for exit status 2
(both come from the core), naming the parameter, the value and the valid range; nothing aborts the interpreter."""
import numpy as np
import pytest

import posenc
from conftest import cli_error


@pytest.mark.parametrize("call,argv", [
    (lambda: posenc.frequencies("yarn", factor=-1),
     ["compute", "frequencies", "--method", "yarn", "--factor", "-1"]),
    (lambda: posenc.frequencies("rope", head_dim=127),
     ["compute", "frequencies", "--method", "rope", "--head-dim", "127"]),
    (lambda: posenc.frequencies("no-such-method"), ["compute", "frequencies", "--method", "no-such-method"]),
    (lambda: posenc.frequencies("rope", pairing="diagonal"),
     ["compute", "frequencies", "--pairing", "diagonal"]),
    (lambda: posenc.matrix("rope", "bias", 10), ["compute", "matrix", "--method", "rope", "--view", "bias",
                                                  "--length", "10"]),
    (lambda: posenc.matrix("rope", "cos", 0), ["compute", "matrix", "--view", "cos", "--length", "0"]),
    (lambda: posenc.entropy("rope"), ["compute", "entropy", "--method", "rope"]),
    (lambda: posenc.entropy("rope", max_length=100, temperature="hot"),
     ["compute", "entropy", "--max-length", "100", "--temperature", "hot"]),
    (lambda: posenc.decay("rope", max_distance=-5), ["compute", "decay", "--max-distance", "-5"]),
])
def test_messages_are_the_clis(call, argv):
    expected = cli_error(*argv)
    with pytest.raises(posenc.InvalidInput) as info:
        call()
    assert isinstance(info.value, ValueError)
    assert str(info.value) == expected


def test_unknown_keyword_names_it_and_what_the_method_takes():
    """A keyword no method parameter has: the core's registry refuses it (the CLI, which also has its command's
    own flags, words it as "not an option of ... nor a parameter of method rope"); both list the parameters."""
    expected = cli_error("compute", "frequencies", "--no-such-flag", "3")
    with pytest.raises(posenc.InvalidInput) as info:
        posenc.frequencies("rope", no_such_flag=3)
    takes = expected[expected.index("it takes"):].rstrip(")")
    assert "--no-such-flag" in str(info.value) and "method rope" in str(info.value)
    assert str(info.value).endswith(takes), (str(info.value), takes)


def test_memory_budget_is_checked_before_allocating():
    # 2^40 x 128 float64 is 1 PiB: refused from the estimate (BudgetExceeded is an InvalidInput), nothing allocated
    expected = cli_error("compute", "pca", "--method", "rope", "--length", str(2 ** 40), "--components", "2")
    with pytest.raises(posenc.InvalidInput) as info:
        posenc.pca("rope", length=2 ** 40, components=2)
    assert str(info.value) == expected
    with pytest.raises(posenc.InvalidInput, match="budget"):
        posenc.matrix("rope", "cos", 2 ** 30, memory_budget="1GiB")


def test_inspect_of_a_bad_file(tmp_path):
    bad = tmp_path / "config.json"
    bad.write_text('{"rope_theta": "fast"')
    expected = cli_error("inspect", str(bad))
    with pytest.raises(posenc.InvalidInput) as info:
        posenc.inspect(bad)
    assert str(info.value) == expected


def test_wrong_argument_types_raise_type_error():
    with pytest.raises(TypeError):
        posenc.frequencies("rope", base=object())
    # a numpy scalar and a numpy array are numbers and a list
    f = posenc.frequencies("longrope", short_factor=np.ones(64), long_factor=np.full(64, 2.0))
    assert f.inv_freq.shape == (64,)
