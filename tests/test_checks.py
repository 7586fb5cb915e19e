"""The one edge (issue 35, item 3): joint arrays and the small checkers of robosim.checks."""

import decimal
import math
import tracemalloc

import numpy as np
import pytest

from robosim import Joint, Robot, checks
from robosim.errors import ValidationError, ValidationTypeError

ARM = Robot([Joint(a=1.0), Joint(a=1.0), Joint("P", d=0.0)], name="3 joints", unit="m")


def test_one_configuration_comes_back_as_python_floats_whatever_its_form():
    for q in ([0, 1, 2], (0.0, 1.0, 2.0), np.array([0, 1, 2]), np.array([0, 1, 2], np.float32),
              [np.float64(0), np.int64(1), 2.0], np.array([[0, 1, 2]])[0]):
        values, batch = checks.joint_arrays(ARM, (q, "q"))
        assert batch is None and values == [[0.0, 1.0, 2.0]]
        assert all(type(v) is float for v in values[0])


def test_a_batch_comes_back_as_rows_broadcast_together_with_its_shape():
    q = np.arange(2 * 4 * 3, dtype=float).reshape(2, 4, 3)
    (rows, speeds), batch = checks.joint_arrays(ARM, (q, "q"), ([1, 2, 3], "qd"))
    assert batch == (2, 4)
    assert rows.shape == speeds.shape == (8, 3)
    assert rows[5].tolist() == q[1, 1].tolist() and speeds[7].tolist() == [1.0, 2.0, 3.0]


# The same bad value, given as q, as one of three arrays, as a list or as an array: the same
# refusal, naming the argument.
BAD = {
    "a bool": ([0.0, True, 0.0], ValidationTypeError, "true/false values"),
    "a numpy bool": ([0.0, np.False_, 0.0], ValidationTypeError, "true/false values"),
    "text": (["0", "1", "2"], ValidationTypeError, "text"),
    "a complex number": ([0.0, 1j, 0.0], ValidationTypeError, "complex"),
    "NaN": ([0.0, math.nan, 0.0], ValidationError, "finite"),
    "infinity": ([0.0, -math.inf, 0.0], ValidationError, "finite"),
    "an int beyond floats": ([0, 10 ** 400, 0], ValidationError, "finite"),
    "a Decimal": ([0.0, decimal.Decimal("1.5"), 0.0], ValidationTypeError, "Decimal"),
    "too few values": ([0.0, 0.0], ValidationError, "3 joints, got 2 value"),
    "a number": (0.5, ValidationError, "3 joints, got 1 value"),
}


@pytest.mark.parametrize("case", BAD)
def test_a_bad_value_gets_one_message_wherever_it_is_given(case):
    value, kind, words = BAD[case]
    good = [0.0, 0.0, 0.0]
    messages = set()
    for given in (value, np.array(value, dtype=object), np.array([value], dtype=object)):
        for named in (((given, "qd"),), ((good, "q"), (given, "qd"), (good, "qdd"))):
            with pytest.raises(kind, match=words) as info:
                checks.joint_arrays(ARM, *named)
            messages.add(str(info.value).split(" (")[0].split(", got")[0])
    assert len(messages) == 1 and messages.pop().startswith("qd")


def test_batches_that_do_not_pair_up_are_named_with_their_sizes():
    with pytest.raises(ValidationError, match="^q has 3 configurations, qd 5: give one "
                                              "configuration for all, or one for each$"):
        checks.joint_arrays(ARM, (np.zeros((3, 3)), "q"), (np.zeros((5, 3)), "qd"),
                            (np.zeros(3), "qdd"))
    with pytest.raises(ValidationError, match="^qd has 2 x 4 configurations, tau 3:"):
        checks.joint_arrays(ARM, (np.zeros(3), "q"), (np.zeros((2, 4, 3)), "qd"),
                            (np.zeros((3, 3)), "tau"))


def test_a_huge_broadcast_batch_is_refused_before_anything_is_allocated():
    # 10^9 configurations of 3 joints take no memory as a broadcast view, and 24 GB as floats
    huge = np.broadcast_to(np.zeros(3), (10 ** 9, 3))
    tracemalloc.start()
    try:
        for call in (lambda: checks.joint_arrays(ARM, (huge, "q")),
                     lambda: checks.joint_arrays(ARM, (np.zeros(3), "q"),
                                                 (np.zeros((10 ** 5, 1, 3)), "qd"),
                                                 (np.zeros((10 ** 4, 3)), "qdd")),
                     lambda: checks.joint_array(ARM, huge, "q")):
            with pytest.raises(ValidationError, match=r"a batch of 1,000,000,000 configurations"
                                                      r" is too large: at most [\d,]+ at once"):
                call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 10 ** 8            # the 10^5 x 3 and 10^4 x 3 inputs (8 MB), nothing more


def test_the_bound_scales_with_the_numbers_a_function_keeps():
    most = checks.MAX_BATCH_BYTES // (8 * 1000)
    checks.joint_arrays(ARM, (np.broadcast_to(np.zeros(3), (most, 3)), "q"), floats=1000)
    with pytest.raises(ValidationError, match=f"at most {most:,} at once"):
        checks.joint_arrays(ARM, (np.broadcast_to(np.zeros(3), (most + 1, 3)), "q"),
                            floats=1000)


def test_an_empty_batch_is_refused_only_where_asked():
    values, batch = checks.joint_arrays(ARM, (np.zeros((0, 3)), "q"))
    assert batch == (0,) and values[0].shape == (0, 3)
    with pytest.raises(ValidationError, match=r"q: an empty batch \(0, 3\)"):
        checks.joint_arrays(ARM, (np.zeros((0, 3)), "q"), empty=False)


@pytest.mark.parametrize("check, value, kind, words", [
    (lambda v: checks.count(v, "seeds", 1, 1000), True, ValidationTypeError, "got bool"),
    (lambda v: checks.count(v, "seeds", 1, 1000), 2.5, ValidationError, "from 1 to 1,000"),
    (lambda v: checks.count(v, "seeds", 1, 1000), 10 ** 9, ValidationError, "from 1 to 1,000"),
    (lambda v: checks.count(v, "seeds", 1, 1000), 10 ** 400, ValidationError, "from 1 to"),
    (lambda v: checks.positive(v, "radius"), -1, ValidationError, "more than 0"),
    (lambda v: checks.positive(v, "radius"), math.nan, ValidationError, "more than 0"),
    (lambda v: checks.positive(v, "radius"), 10 ** 400, ValidationError, "more than 0"),
    (lambda v: checks.non_negative(v, "blend"), -1, ValidationError, "from 0 up"),
    (lambda v: checks.non_negative(v, "blend", 0.5), 0.6, ValidationError, "from 0 to 0.5"),
    (lambda v: checks.non_negative(v, "blend"), True, ValidationTypeError, "got bool"),
    (lambda v: checks.finite(v, "start"), math.inf, ValidationError, "finite"),
    (lambda v: checks.flag(v, "all_turns"), "yes", ValidationTypeError, "True or False"),
    (lambda v: checks.flag(v, "all_turns"), 1, ValidationTypeError, "True or False"),
    (lambda v: checks.choice(v, "shape", ("box", "sphere")), "cone", ValidationError,
     "one of 'box', 'sphere', got 'cone'"),
    (lambda v: checks.choice(v, "shape", ("box", "sphere")), 3, ValidationTypeError, "got int"),
    (lambda v: checks.generator(v), "x", ValidationTypeError, "a seed"),
    (lambda v: checks.generator(v), -1, ValidationError, "from 0 up"),
    (lambda v: checks.generator(v), True, ValidationTypeError, "got bool"),
    (lambda v: checks.generator(v), 1.5, ValidationTypeError, "got float"),
    (lambda v: checks.vector(v, "gravity"), ["0", "0", "1"], ValidationTypeError, "text"),
    (lambda v: checks.vector(v, "gravity"), [0, 0], ValidationError, "3 numbers"),
    (lambda v: checks.wrench(v), ["1"] * 6, ValidationTypeError, "text"),
    (lambda v: checks.wrench(v), np.zeros(5), ValidationError, "6 numbers"),
    (lambda v: checks.indices(v, "ignore_links", 6), (99,), ValidationError, "from 0 to 5"),
    (lambda v: checks.indices(v, "ignore_links", 6), (True,), ValidationTypeError, "got bool"),
    (lambda v: checks.indices(v, "ignore_links", 6), 3, ValidationTypeError, "a list"),
    (lambda v: checks.instances(v, int, "counts", 2), 5, ValidationTypeError,
     "counts must be a list of int objects, got int 5"),
    (lambda v: checks.instances(v, int, "counts", 2), "12", ValidationTypeError, "got str '12'"),
    (lambda v: checks.instances(v, int, "counts", 2), [1, 2, 3], ValidationError,
     "at most 2 counts, got 3"),
    (lambda v: checks.instances(v, int, "counts", 2), [1, 2.0], ValidationTypeError,
     "counts must be int objects, got float 2.0"),
])
def test_each_small_checker_names_the_argument_and_the_value(check, value, kind, words):
    with pytest.raises(kind, match=words) as info:
        check(value)
    assert isinstance(info.value, ValidationTypeError) == (kind is ValidationTypeError)


def test_a_generator_is_used_as_it_is_and_a_seed_repeats():
    rng = np.random.default_rng(3)
    assert checks.generator(rng) is rng
    assert checks.generator(7).random() == checks.generator(np.int64(7)).random()
