"""Issue 25, item 6: the Python API checks its inputs at the edge. Each call of the issue
raised numpy's or Python's own exception from deep inside, or was accepted with a silently
wrong result; now each raises a RobosimError that names the argument, and that is also the
ValueError or TypeError numpy-style callers catch."""

import numpy as np
import pytest

import robosim
from robosim import dynamics, ik, load_robot, workspace
from robosim.kinematics import singularity
from robosim.dh_sheet import dh_sheet
from robosim.errors import RobosimError, ValidationTypeError

LYNX = load_robot("lynx6")
PUMA = load_robot("Puma 560")
TARGET = LYNX.fk(LYNX.home)

# (call, the words the message must hold, the kind: TypeError for the wrong kind of thing)
CASES = {
    "fk text": (lambda: LYNX.fk("abc"), "got text", TypeError),
    "fk mapping": (lambda: LYNX.fk({"a": 1}), "got dict", TypeError),
    "fk set": (lambda: LYNX.fk(set(range(5))), "got set", TypeError),
    "fk generator": (lambda: LYNX.fk(x for x in range(5)), "got generator", TypeError),
    "fk ragged": (lambda: LYNX.fk([[0] * 5, [0] * 4]), "rows of different lengths", ValueError),
    "fk 10**400": (lambda: LYNX.fk([10 ** 400] * 5), "finite", ValueError),
    "fk complex": (lambda: LYNX.fk(np.zeros(5) + 1j), "complex numbers", TypeError),
    "fk datetime64": (lambda: LYNX.fk(np.array(["2020-01-01"] * 5, dtype="datetime64[D]")),
                      "dates", TypeError),
    "solve empty batch": (lambda: ik.solve(LYNX, np.zeros((0, 4, 4))), "empty batch",
                          ValueError),
    "solve q0 rows": (lambda: ik.solve(LYNX, TARGET, q0=np.zeros((2, 5))),
                      r"q0 has rows \(2,\) but target has one", ValueError),
    "solve seeds -1": (lambda: ik.solve(LYNX, TARGET, seeds=-1), "seeds must be a whole",
                       ValueError),
    "solve seeds nan": (lambda: ik.solve(LYNX, TARGET, seeds=float("nan")),
                        "seeds must be a whole", ValueError),
    "solve tolerance -1": (lambda: ik.solve(LYNX, TARGET, tolerance=-1),
                           "tolerance must be a number more than 0", ValueError),
    "solve tolerance nan": (lambda: ik.solve(LYNX, TARGET, tolerance=float("nan")),
                            "tolerance must be", ValueError),
    "solve last row": (lambda: ik.solve(LYNX, np.vstack([TARGET[:3], [1, 1, 1, 1]])),
                       "last row of a transform", ValueError),
    "solve_all distinct -1": (lambda: ik.solve_all(LYNX, TARGET, distinct=-1),
                              "distinct must be", ValueError),
    "inverse_dynamics empty": (lambda: dynamics.inverse_dynamics(
        PUMA, np.zeros((0, 6)), np.zeros((0, 6)), np.zeros((0, 6))), "empty batch", ValueError),
    "simulate empty": (lambda: dynamics.simulate(PUMA, np.zeros((0, 6)), duration=0.01),
                       "empty batch", ValueError),
    "simulate 1e308 s": (lambda: dynamics.simulate(PUMA, PUMA.home, duration=1e308),
                         "duration must be", ValueError),
    "simulate dt 1e308": (lambda: dynamics.simulate(PUMA, PUMA.home, dt=1e308), "dt must be",
                          ValueError),
    "simulate 0 s": (lambda: dynamics.simulate(PUMA, PUMA.home, duration=0), "more than 0 s",
                     ValueError),
    "simulate outside limits": (lambda: dynamics.simulate(PUMA, PUMA.limits[:, 1] + 0.1,
                                                          duration=0.01),
                                "outside its limits", ValueError),
    "workspace grid of another robot": (
        lambda: workspace.forward_workspace(LYNX, workspace.factor_grid(PUMA, 45)),
        "grid has 6 joints but Lynx6 has 5", ValueError),
    "workspace progress not callable": (
        lambda: workspace.forward_workspace(LYNX, workspace.factor_grid(LYNX, 45), progress=3),
        "progress must be a function", TypeError),
    "factor_grid text": (lambda: workspace.factor_grid(LYNX, "1"), "Factor must be a number",
                         TypeError),
    "monte_carlo 2.5 samples": (lambda: workspace.monte_carlo_workspace(LYNX, 2.5),
                                "samples must be a whole number", ValueError),
    "estimate_samples_seconds 2.5 samples": (
        lambda: workspace.estimate_samples_seconds(LYNX, 2.5),
        "samples must be a whole number", ValueError),
    "save_robot None": (lambda: robosim.save_robot(None, "never.json"), "saves a Robot",
                        TypeError),
    "Robot of numbers": (lambda: robosim.Robot([1, 2]), "joints must be Joint objects",
                         TypeError),
    "Robot of a number": (lambda: robosim.Robot(5), "joints must be a list of Joint objects",
                          TypeError),
    "dh_sheet digits -1": (lambda: dh_sheet(LYNX, LYNX.home, "md", digits=-1),
                           "digits must be a whole number from 0", ValueError),
    # more of the same, found by probing the public functions with the inputs
    "fk booleans": (lambda: LYNX.fk([True] * 5), "true/false values", TypeError),
    # numpy reads a bool among numbers as 1: each of these was taken as joint values
    "fk a boolean among numbers": (lambda: LYNX.fk([[0.1, True, 0.0, 0.0, 0.0]]),
                                   "true/false values", TypeError),
    "fk_all a numpy bool in a row": (lambda: LYNX.fk_all([[0.1, 0.2, 0.0, 0.0, np.True_]]),
                                     "true/false values", TypeError),
    "jacobian a boolean in a tuple": (lambda: PUMA.jacobian(((0, 0, 0, 0, 0, False),)),
                                      "true/false values", TypeError),
    "gravity_torques complex": (lambda: dynamics.gravity_torques(PUMA, np.zeros(6) + 1j),
                                "complex numbers", TypeError),
    "nearness text": (lambda: singularity.nearness(LYNX, "abc"), "got text", TypeError),
    "singularity_warning batch": (lambda: singularity.singularity_warning(
        LYNX, np.zeros((2, 5))), "takes one configuration", ValueError),
    "branch_labels 3-D": (lambda: ik.branch_labels(LYNX, np.zeros((2, 2, 5))),
                          "takes solutions", ValueError),
    "lynx6_ik position set": (lambda: ik.lynx6_ik(LYNX, {1, 2, 3}, 0.0), "got set", TypeError),
    # numpy scalars that are not real numbers (found by mypy, issue 29): a complex count was
    # taken as its real part, numpy text and dates raised numpy's or Python's own TypeError
    "monte_carlo complex samples": (
        lambda: workspace.monte_carlo_workspace(LYNX, np.complex128(1000 + 5j)),
        "samples must be a whole number, got complex128", TypeError),
    "factor_grid numpy text": (lambda: workspace.factor_grid(LYNX, np.str_("15")),
                               "Factor must be a number, got str_", TypeError),
    "dh_sheet digits datetime64": (
        lambda: dh_sheet(LYNX, LYNX.home, "md", digits=np.datetime64("2020")),
        "digits must be a whole number, got datetime64", TypeError),
}


@pytest.mark.parametrize("name", CASES)
def test_a_bad_argument_is_a_robosim_error_naming_it(name):
    call, words, kind = CASES[name]
    with pytest.raises(RobosimError, match=words) as info:
        call()
    assert isinstance(info.value, kind)
    assert isinstance(info.value, ValidationTypeError) == (kind is TypeError)
