"""Issue 35 item 3 and issue 36 items 6-10: one edge for the Python API.

A named case per group of the issue's findings (each once a raw exception, a silent wrong answer
or a request for gigabytes), and per function family a check that the same bad value gets the
same message from every function that takes it (robosim.checks.joint_arrays words it once).
"""

import errno
import numpy as np
import pytest

import robosim
import robosim.planning
from robosim import collision, dynamics, ik, kinematics, workspace
from robosim.dh_steps import dh_steps
from robosim.errors import RobosimError, ValidationTypeError
from robosim.trajectory import (default_curves, follow_path, jog, jog_target, joint_jumps,
                                joint_profile, line_poses, path_fits, place_points,
                                reachable_points, relative_target, straight_line,
                                trajectory_csv_text, via_points)
from robosim.trajectory.teaching import TaughtSequence, load_taught, save_taught

LYNX = robosim.load_robot("lynx6")
PUMA = robosim.load_robot("Puma 560")
NAN = float("nan")
#: A broadcast batch of 10^8 Puma configurations: no memory as a view, gigabytes as results.
HUGE = np.broadcast_to(np.zeros(6), (10 ** 8, 6))
TARGET = LYNX.fk(LYNX.home)

# (call, the words the message must hold, the kind: TypeError for the wrong kind of thing)
CASES = {
    # item 6: the collision API's rules are the scene file's
    "check radius nan": (lambda: collision.check(LYNX, LYNX.home, radius=NAN),
                         "radius must be a number more than 0", ValueError),
    "Obstacle cone": (lambda: collision.Obstacle("c", "cone"), "shape must be one of",
                      ValueError),
    "Obstacle size nan": (lambda: collision.Obstacle("b", "box", size=(NAN, 1, 1)),
                          "size: values must be finite", ValueError),
    "ignore_links 99": (lambda: collision.check(LYNX, LYNX.home, collision.Scene(
        (collision.Obstacle("b", "sphere", radius=1.0, ignore_links=(99,)),), "mm")),
        "ignore_links: a link number must be a whole number from 1 to 12", ValueError),
    "capsule_distance nan": (lambda: collision.capsule_distance([0, 0, 0], [1, 0, 0], NAN,
                                                                [0, 1, 0], [1, 1, 0], 0.1),
                             "r1 must be a number from 0 up", ValueError),
    "scene of 201 obstacles": (lambda: collision.Scene(
        (collision.Obstacle("b", "sphere", radius=1.0),) * 201, "mm"), "at most 200", ValueError),
    # item 8: the API's options
    "solve axes xyzzy": (lambda: ik.solve(LYNX, TARGET, axes="xyzzy"), "give each axis once",
                         ValueError),
    "solve seeds 10**9": (lambda: ik.solve(LYNX, TARGET, seeds=10 ** 9),
                          "seeds must be a whole number from 0 to 512", ValueError),
    "solve rng text": (lambda: ik.solve(LYNX, TARGET, rng="x"), "rng must be a seed", TypeError),
    # a NaN target was "out of reach" for the closed forms, not a refusal
    "pieper_ik nan target": (lambda: ik.pieper_ik(PUMA, np.where(np.eye(4), NAN, 0.0)),
                             "target: values must be finite numbers", ValueError),
    "general_ik inf target": (lambda: ik.general_ik(PUMA, np.full((4, 4), np.inf)),
                              "target: values must be finite numbers", ValueError),
    "pieper_ik 2 references for 3 targets": (
        lambda: ik.pieper_ik(PUMA, np.stack([PUMA.fk(PUMA.home)] * 3), np.zeros((2, 6))),
        "reference has rows (2,) but target has (3,)", ValueError),
    "solve_all all_turns yes": (lambda: ik.solve_all(LYNX, TARGET, all_turns="yes"),
                                "all_turns must be True or False", TypeError),
    "gravity_torques bool": (lambda: dynamics.gravity_torques(PUMA, [True, 0, 0, 0, 0, 0]),
                             "q must be real numbers, got true/false values", TypeError),
    "fext text": (lambda: dynamics.inverse_dynamics(PUMA, PUMA.home, PUMA.home, PUMA.home,
                                                    fext=["1"] * 6),
                  "fext must be real numbers, got text", TypeError),
    "fext complex": (lambda: dynamics.inverse_dynamics(PUMA, PUMA.home, PUMA.home, PUMA.home,
                                                       fext=np.ones(6) + 1j),
                     "fext must be real numbers, got complex", TypeError),
    "via_points dt True": (lambda: via_points([[0.0], [1.0]], True, 1.0, 1.0),
                           "time step must be a number, got bool", TypeError),
    "joint_profile blend nan": (lambda: joint_profile([0.0], [1.0], 1.0, 0.1, "trapezoidal",
                                                      blend=NAN),
                                "blend must be a number more than 0", ValueError),
    "joint_profile blend -1": (lambda: joint_profile([0.0], [1.0], 1.0, 0.1, "trapezoidal",
                                                     blend=-1),
                               "blend must be a number more than 0", ValueError),
    "torque limits all nan": (lambda: dynamics.check_torque_limits(
        dynamics.trajectory_torques(PUMA, [0, 0.1, 0.2], np.zeros((3, 6))), [NAN] * 6),
        "none of the 6 is known", ValueError),
    "step_grid 1e308": (lambda: workspace.step_grid(LYNX, 1e308), "the step must be a number",
                        ValueError),
    "record nan": (lambda: TaughtSequence("Lynx6").record([NAN] * 5),
                   "q: values must be finite", ValueError),
    "record speed 0": (lambda: TaughtSequence("Lynx6").record([0.0] * 5, speed=0),
                       "speed must be a number more than 0", ValueError),
    # item 9: raw exceptions from public functions
    "check scene text": (lambda: collision.check(LYNX, LYNX.home, scene="x.json"),
                         "scene must be a Scene", TypeError),
    "load_scene None": (lambda: collision.load_scene(None), "named by a path", TypeError),
    "load_taught None": (lambda: load_taught(None, LYNX), "named by a path", TypeError),
    "random_free_q tries -1": (lambda: collision.random_free_q(collision.Checker(LYNX), 0,
                                                               tries=-1),
                               "tries must be a whole number from 1", ValueError),
    "via_points text": (lambda: via_points("ab", 0.1, 1.0, 1.0), "poses must be numbers",
                        TypeError),
    "factor_grid range text": (lambda: workspace.factor_grid(LYNX, 45, {0: "ab"}),
                               "joint 1 range (min, max) must be numbers", TypeError),
    "factor_grid ranges list": (lambda: workspace.factor_grid(LYNX, 45, [(0, 1)]),
                                "ranges must be a dict", TypeError),
    "factor_grid index 0.5": (lambda: workspace.factor_grid(LYNX, 45, {0.5: (0, 1)}),
                              "a joint index (0-based) must be a whole number", ValueError),
    "monte_carlo None": (lambda: workspace.monte_carlo_workspace(LYNX, None),
                         "samples must be a whole number", TypeError),
    # a bool or text voxel edge was read by float(): True as 1, "5" as 5
    "forward_workspace voxel True": (lambda: workspace.forward_workspace(LYNX, voxel=True),
                                     "the voxel edge must be a number, got bool", TypeError),
    "volume_grid voxel text": (lambda: workspace.volume_grid(
        LYNX, workspace.factor_grid(LYNX, 45), voxel="5"),
        "the voxel edge must be a number, got str", TypeError),
    # numpy's own words ("SeedSequence expects int..."), not a RobosimError
    "monte_carlo rng text": (lambda: workspace.monte_carlo_workspace(LYNX, 100, rng="x"),
                             "rng must be a seed", TypeError),
    "monte_carlo rng -1": (lambda: workspace.monte_carlo_workspace(LYNX, 100, rng=-1),
                           "a seed is a whole number from 0 up", ValueError),
    "joint_sweep text": (lambda: workspace.joint_sweep(LYNX, "x", 0, 100, 5, "abc"),
                         "got text", TypeError),
    "dh_steps None": (lambda: dh_steps(None, LYNX.home), "robot must be a Robot", TypeError),
    "batches of 3 and 5": (lambda: dynamics.inverse_dynamics(PUMA, np.zeros((3, 6)),
                                                             np.zeros((5, 6)), np.zeros(6)),
                           "q has 3 configurations, qd 5", ValueError),
    "delete 99": (lambda: TaughtSequence("Lynx6").delete(99), "has no poses", ValueError),
    # item 10: sizes bounded before anything is allocated
    "fk of 10^8": (lambda: PUMA.fk(HUGE), "a batch of 100,000,000 configurations is too large",
                   ValueError),
    "mass_matrix of 10^8": (lambda: dynamics.mass_matrix(PUMA, HUGE), "is too large", ValueError),
    "simulate 10^8 arms": (lambda: dynamics.simulate(PUMA, HUGE, duration=0.01),
                           "is too large", ValueError),
    # 2 GiB over 8 bytes times the Hessian's 6 n^2 numbers and 8 n more per configuration
    "hessian of 2 10^6": (lambda: PUMA.hessian(HUGE[:2 * 10 ** 6]), "at most 1,016,800 at once",
                          ValueError),
    "random_free_q 10**12 tries": (lambda: collision.random_free_q(collision.Checker(LYNX), 0,
                                                                   tries=10 ** 12),
                                   "tries must be a whole number from 1 to", ValueError),
    "random_q 10**12": (lambda: LYNX.random_q(10 ** 12), "size must be a whole number from 0",
                        ValueError),
    # the edge's last gaps: Python's or numpy's own words, or a check of the function's own
    "lynx6_path one point": (lambda: ik.lynx6_path(LYNX, [145.0, 0.0, 30.0], 0.0, LYNX.home),
                             "positions must be a path of points x, y, z (shape (N, 3))",
                             ValueError),
    "lynx6_path 2 pitches for 1 point": (
        lambda: ik.lynx6_path(LYNX, [[145.0, 0.0, 30.0]], [0.0, 0.1], LYNX.home),
        "one for each of the 1 points", ValueError),
    "Robot pose of 2 rows": (lambda: robosim.Robot([robosim.Joint(a=1.0)], poses={"a": [[0.0],
                                                                                    [1.0]]}),
                             "pose 'a': one configuration of 1 values, got shape (2, 1)",
                             ValueError),
    "Robot poses list": (lambda: robosim.Robot([robosim.Joint(a=1.0)], poses=[["a", 0.0]]),
                         "poses must be a dict {name: joint values}, got list", TypeError),
    "check frames 3x3": (lambda: collision.Checker(LYNX).check(LYNX.home, np.eye(3)),
                         "frames must be a 4x4 transform, got shape (3, 3)", ValueError),
    "check frames of 2 for 1 pose": (
        lambda: collision.Checker(LYNX).check(LYNX.home, np.stack([np.eye(4)] * 2)),
        "frames must be 4x4 transforms of shape (6, 4, 4), got shape (2, 4, 4)", ValueError),
    # the transforms' own ValueError, numpy's IndexError or TypeError
    "rpy2r 2 angles": (lambda: kinematics.rpy2r([0.1, 0.2]),
                       "rpy must be roll, pitch, yaw (shape (..., 3)), got shape (2,)", ValueError),
    "r2rpy 2x2": (lambda: kinematics.r2rpy(np.eye(2)),
                  "R must be rotation matrices (shape (..., 3, 3)), got shape (2, 2)", ValueError),
    "rpy2r nan": (lambda: kinematics.rpy2r([NAN, 0.0, 0.0]), "rpy: values must be finite",
                  ValueError),
    "inverse of a number": (lambda: kinematics.inverse(1.0), "T must be transforms", ValueError),
    "tr2xyzrpy text": (lambda: kinematics.tr2xyzrpy("T"), "T must be numbers", TypeError),
    "homogeneous complex": (lambda: kinematics.homogeneous(np.eye(3), [1j, 0, 0]),
                            "p must be real numbers, got complex numbers", TypeError),
    "xyzrpy2tr 2 coordinates": (lambda: kinematics.xyzrpy2tr([1.0, 2.0], [0.0, 0.0, 0.0]),
                                "xyz must be x, y, z (shape (..., 3))", ValueError),
    "rotation_angle bool": (lambda: kinematics.rotation_angle(True, np.eye(3)),
                            "R_a must be real numbers, got true/false", TypeError),
    "rotx complex": (lambda: kinematics.rotx(1j), "angle must be real numbers, got complex",
                     TypeError),
    # ik.solve refused a 3x3 part that is no rotation; the closed forms solved it as if it were
    "pieper_ik scaled rotation": (lambda: ik.pieper_ik(PUMA, np.diag([2.0, 1.0, 1.0, 1.0])),
                                  "target: the 3x3 part is not a rotation matrix", ValueError),
    "general_ik mirror": (lambda: ik.general_ik(PUMA, np.diag([-1.0, 1.0, 1.0, 1.0])),
                          "target: the 3x3 part is not a rotation matrix", ValueError),
    # grids read as JointGrid without a check (AttributeError: 'str' object has no attribute...)
    "volume_grid grid text": (lambda: workspace.volume_grid(LYNX, "x"),
                              "grid must be a JointGrid (factor_grid, step_grid), got str",
                              TypeError),
    "grid_measures_volume Puma's grid": (lambda: workspace.grid_measures_volume(
        LYNX, workspace.factor_grid(PUMA, 45)), "grid has 6 joints but Lynx6 has 5", ValueError),
    "grid_spacing None": (lambda: workspace.grid_spacing(LYNX, None), "grid must be a JointGrid",
                          TypeError),
    "volume_grid positions text": (lambda: workspace.volume_grid(
        LYNX, workspace.factor_grid(LYNX, 45), positions="5"),
        "positions must be a whole number", TypeError),
    # a model's links were not checked; gravity= was refused in a robot file's words
    "Dynamics links of numbers": (lambda: dynamics.Dynamics(links=[1, 2]),
                                  "links must be LinkDynamics objects, got int 1", TypeError),
    "Dynamics links None": (lambda: dynamics.Dynamics(links=None),
                            "links must be a list of LinkDynamics objects", TypeError),
    "gravity_torques gravity 1e9": (lambda: dynamics.gravity_torques(PUMA, PUMA.home,
                                                                     gravity=[0, 0, 1e9]),
                                    "gravity: 1e+09 is beyond +-1000", ValueError),
    # trajectories: int(), float() and reshape() of whatever came
    "straight_line steps nan": (lambda: straight_line(LYNX, LYNX.home, TARGET, NAN),
                                "steps must be a whole number", ValueError),
    "straight_line steps 1": (lambda: straight_line(LYNX, LYNX.home, TARGET, 1),
                              "a line needs at least 2 via-points", ValueError),
    "jog amount text": (lambda: jog(LYNX, LYNX.home, "x", "1"),
                        "jog amount must be a number, got str", TypeError),
    "jog_target amount inf": (lambda: jog_target(LYNX, LYNX.home, "x", np.inf),
                              "jog amount must be a finite number, got inf", ValueError),
    "relative_target complex": (lambda: relative_target(LYNX, LYNX.home, [1j, 0, 0], [0, 0, 0]),
                                "X, Y, Z change must be real numbers, got complex", TypeError),
    "line_poses start 3x3": (lambda: line_poses(np.eye(3), np.eye(4), [0.5]),
                             "start must be a 4x4 transform", ValueError),
    "line_poses fractions nan": (lambda: line_poses(np.eye(4), np.eye(4), NAN),
                                 "fractions: values must be finite", ValueError),
    "reachable_points 2 coordinates": (lambda: reachable_points(LYNX, [[1.0, 2.0]]),
                                       "points must be x, y, z (shape (..., 3))", ValueError),
    "path_fits one point": (lambda: path_fits(LYNX, [100.0, 0.0, 100.0]),
                            "points must be a path of points x, y, z (shape (N, 3))", ValueError),
    "follow_path complex": (lambda: follow_path(LYNX, [[1j, 0, 0]], LYNX.home),
                            "path points must be real numbers, got complex", TypeError),
    "joint_jumps nan": (lambda: joint_jumps(LYNX, NAN), "q: values must be finite", ValueError),
    "trajectory_csv_text t complex": (lambda: trajectory_csv_text(LYNX, [1j], [LYNX.home]),
                                      "t must be real numbers, got complex", TypeError),
    # workspace, planning, kinematics and IK options
    "joint_workspace 2 coordinates": (lambda: workspace.joint_workspace(LYNX, [[1.0, 2.0]], 0.0),
                                      "positions must be x, y, z (shape (..., 3))", ValueError),
    "joint_workspace wrist_pitch complex": (lambda: workspace.joint_workspace(
        LYNX, [[150.0, 0.0, 50.0]], 1j), "wrist_pitch must be a number, got complex", TypeError),
    "joint_box counts nan": (lambda: workspace.joint_box(LYNX, [100, 0, 0], [200, 0, 0],
                                                         [2, NAN, 1], 0.0),
                             "counts: values must be finite", ValueError),
    "joint_box counts of 2": (lambda: workspace.joint_box(LYNX, [100, 0, 0], [200, 0, 0],
                                                          [2, 2], 0.0),
                              "counts must be one count for all axes or 3", ValueError),
    "default_voxel spacing text": (lambda: workspace.default_voxel(LYNX, "1"),
                                   "spacing must be a number, got str", TypeError),
    "auto_factor positions complex": (lambda: workspace.auto_factor(LYNX, positions=1j),
                                      "positions must be a whole number", TypeError),
    "plan seed text": (lambda: robosim.planning.plan(LYNX, LYNX.home, LYNX.home, seed="1"),
                       "seed must be a seed (a whole number from 0 up)", TypeError),
    "general_ik tolerance text": (lambda: ik.general_ik(PUMA, PUMA.fk(PUMA.home), tolerance="1"),
                                  "tolerance must be a number, got str", TypeError),
    "lynx6_solutions reference text": (lambda: ik.lynx6_solutions(LYNX, [145.0, 0.0, 30.0], 0.0,
                                                                  ["0"] * 5),
                                       "reference must be real numbers, got text", TypeError),
    "lynx6_solutions 2 pitches": (lambda: ik.lynx6_solutions(LYNX, [145.0, 0.0, 30.0],
                                                             [0.0, 0.1], LYNX.home),
                                  "wrist_pitch must be a number, got list", TypeError),
    "singular_words tolerance text": (lambda: kinematics.singular_words(PUMA, PUMA.home, "1"),
                                      "tolerance must be a number, got str", TypeError),
    "singularity_warning threshold list": (lambda: kinematics.singularity_warning(
        PUMA, PUMA.home, [0.1, 0.2]), "threshold must be a number, got list", TypeError),
    "below_floor floor text": (lambda: kinematics.below_floor(LYNX, LYNX.home, "0"),
                               "floor must be a number, got str", TypeError),
    "segment_segment_distance complex": (lambda: collision.segment_segment_distance(
        [1j, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]), "p1 must be real numbers, got complex",
        TypeError),
    "segment_segment_distance 2 and 3 segments": (lambda: collision.segment_segment_distance(
        np.zeros((2, 3)), np.ones(3), np.zeros((3, 3)), np.ones(3)),
        "p1 has 2 configurations, p2 3", ValueError),
    "anthropomorphic_3r_ik a2 text": (lambda: ik.anthropomorphic_3r_ik([1.0, 0.5, 0.5], 0.5, "1",
                                                                       1.0),
                                      "a2 must be a number, got str", TypeError),
    "path_length nan": (lambda: robosim.planning.path_length(LYNX, [[NAN] * 5, [0.0] * 5]),
                        "path: values must be finite", ValueError),
    "trajectory_torques t complex": (lambda: dynamics.trajectory_torques(
        PUMA, [0, 1j, 2], np.zeros((3, 6))), "t must be real numbers, got complex", TypeError),
    "joint_levers ranges of 1 joint": (lambda: workspace.joint_levers(LYNX, [[0.0, 1.0]]),
                                       "ranges: Lynx6 has 5 joints, got 1 (min, max) rows",
                                       ValueError),
    "limit_notes ranges nan": (lambda: workspace.limit_notes(LYNX, np.full((5, 2), NAN)),
                               "ranges: values must be finite", ValueError),
    "refined_grid spacing nan": (lambda: workspace.refined_grid(
        LYNX, workspace.factor_grid(LYNX, 45), NAN, [True] * 5),
        "spacing must be a number more than 0", ValueError),
    "refined_grid moving text": (lambda: workspace.refined_grid(
        LYNX, workspace.factor_grid(LYNX, 45), 10.0, "yes"), "moving must be 5 True/False",
        ValueError),
    "place_points text": (lambda: place_points(LYNX, "abc"), "points must be numbers", TypeError),
    "within_limits tolerance text": (lambda: LYNX.within_limits(LYNX.home, "1"),
                                     "tolerance must be a number, got str", TypeError),
    "pose of a list": (lambda: PUMA.pose(["qr"]), "has no pose ['qr'] (known: home", ValueError),
    "default_curves kind": (lambda: default_curves("plane"),
                            "kind must be one of 'surface', 'volume', got 'plane'", ValueError),
}


@pytest.mark.parametrize("name", CASES)
def test_a_bad_argument_is_one_clear_refusal(name):
    call, words, kind = CASES[name]
    with pytest.raises(RobosimError) as info:
        call()
    assert words in str(info.value)
    assert isinstance(info.value, kind)
    assert isinstance(info.value, ValidationTypeError) == (kind is TypeError)


# Per family, every function that takes joint values refuses the same bad value with the
# same message (the argument's name aside): kinematics, dynamics, IK's q0, collisions, the
# trajectories' configurations.
def _families(q):
    checker = collision.Checker(PUMA)
    return {
        "fk": lambda: PUMA.fk(q), "fk_all": lambda: PUMA.fk_all(q),
        "jacobian": lambda: PUMA.jacobian(q), "hessian": lambda: PUMA.hessian(q),
        "jacobian_dot": lambda: PUMA.jacobian_dot(PUMA.home, q),
        "inverse_dynamics": lambda: dynamics.inverse_dynamics(PUMA, PUMA.home, q, PUMA.home),
        "gravity_torques": lambda: dynamics.gravity_torques(PUMA, q),
        "mass_matrix": lambda: dynamics.mass_matrix(PUMA, q),
        "coriolis": lambda: dynamics.coriolis(PUMA, PUMA.home, q),
        "forward_dynamics": lambda: dynamics.forward_dynamics(PUMA, PUMA.home, PUMA.home, q),
        "friction_torques": lambda: dynamics.friction_torques(PUMA, q),
        "energy": lambda: dynamics.energy(PUMA, q, PUMA.home),
        "solve q0": lambda: ik.solve(PUMA, PUMA.fk(PUMA.home), q0=q),
        "solve_all q0": lambda: ik.solve_all(PUMA, PUMA.fk(PUMA.home), q0=q),
        "check": lambda: checker.check(q),
        "within_limits": lambda: PUMA.within_limits(q),
        "dh_steps": lambda: dh_steps(PUMA, q),
    }


ARGUMENTS = ("joint values", "q0", "qd", "qdd", "tau", "q")
BAD_VALUES = {
    "a bool": [0.0, True, 0.0, 0.0, 0.0, 0.0],
    "text": ["0"] * 6,
    "a complex number": [0.0, 1j, 0.0, 0.0, 0.0, 0.0],
    "NaN": [0.0, NAN, 0.0, 0.0, 0.0, 0.0],
    "infinity": np.array([0.0, 0.0, np.inf, 0.0, 0.0, 0.0]),
    "a wrong size": [0.0] * 5,
}


@pytest.mark.parametrize("case", BAD_VALUES)
def test_the_same_bad_joint_values_get_the_same_message_everywhere(case):
    messages = {}
    for name, call in _families(BAD_VALUES[case]).items():
        with pytest.raises(RobosimError) as info:
            call()
        # the argument's own name first ('q', 'qd', 'q0', 'tau', 'joint values'), then the rule
        argument = next(a for a in ARGUMENTS if str(info.value).startswith(a))
        messages[name] = str(info.value).removeprefix(argument)
    assert len(set(messages.values())) == 1, messages


def test_every_writer_says_a_failed_write_the_same_way(tmp_path, monkeypatch):
    # a read-only folder (root writes anyway, so the system's refusal is stood in for)
    def refuse(path, text):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr("robosim.files.atomic_write_text", refuse)
    taught = TaughtSequence("Lynx6")
    taught.record(LYNX.home)
    for save in (lambda path: collision.save_scene(collision.default_scene(LYNX), path),
                 lambda path: save_taught(taught, LYNX, path),
                 lambda path: robosim.export_urdf(LYNX, path)):
        path = tmp_path / "out.urdf"
        with pytest.raises(RobosimError) as info:
            save(path)
        assert str(info.value) == f"{path}: cannot write it (Permission denied)"
