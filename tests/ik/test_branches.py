"""IK branch labels: Corke's names for the Puma 560's eight solutions, the Lynx6 closed form's
own branches, and no labels for arms without named branches."""

import numpy as np
import pytest

from robosim import ik, load_robot
from robosim.trajectory.motion import wrist_angle

# Corke, Robotics Toolbox for Python 1.1: Puma560().ikine_a(fkine(qn), config=...) in degrees
# (qn = 0, 45, 180, 0, 45, 0); his DH table is robosim's 'Puma 560' (d1 = 0.6718 vs 0.67183).
CORKE_QN = {
    "lun": [151.75, 135.0, 5.38, -34.9, -55.83, -158.61],
    "luf": [151.75, 135.0, 5.38, 145.1, 55.83, 21.39],
    "ldn": [151.75, -132.24, -180.0, -141.37, -49.3, -27.53],
    "ldf": [151.75, -132.24, -180.0, 38.63, 49.3, 152.47],
    "run": [0.0, 45.0, -180.0, -180.0, -45.0, 180.0],
    "ruf": [0.0, 45.0, -180.0, 0.0, 45.0, 0.0],
    "rdn": [0.0, -47.76, 5.38, -0.0, -47.63, -0.0],
    "rdf": [0.0, -47.76, 5.38, 180.0, 47.63, -180.0],
}
WORDS = {"l": "left", "r": "right", "u": "elbow up", "d": "elbow down", "n": "no flip",
         "f": "flip"}


def test_puma_560_labels_are_corkes_configurations():
    robot = load_robot("Puma 560")
    labels = ik.branch_labels(robot, np.radians(list(CORKE_QN.values())))
    expected = [", ".join(WORDS[c] for c in config) for config in CORKE_QN]
    assert labels == expected
    assert len(set(labels)) == 8


def wrist_word(label):
    return label.split(", ")[-1]


def test_puma_560_at_home_is_labelled_wrist_singular_not_flip():
    # At home q5 = 0: axes 4 and 6 are aligned and the flipped and unflipped wrist solutions
    # are one, so neither "flip" nor "no flip" is true of it.
    robot = load_robot("Puma 560")
    found = ik.solve_all(robot, robot.fk(robot.home), robot.home)
    labels = ik.branch_labels(robot, found.q)
    np.testing.assert_allclose(found.q[0], robot.home, atol=1e-12)     # nearest first
    assert wrist_word(labels[0]) == "wrist singular" and "flip" not in labels[0]
    for q, label in zip(found.q, labels, strict=True):                # singular iff sin q5 = 0
        expected = ("wrist singular" if abs(np.sin(q[4])) < 1e-9
                    else "flip" if np.sin(q[4]) > 0 else "no flip")
        assert wrist_word(label) == expected
    assert "wrist singular" not in labels[1:]
    # q5 = 180 deg aligns the axes too; 1e-4 rad either side of 0 is an ordinary wrist
    near = ik.branch_labels(robot, np.radians([[0, 0, 0, 0, 180, 0], [0, 0, 0, 0, 1e-4, 0],
                                               [0, 0, 0, 0, -1e-4, 0]]))
    assert [wrist_word(label) for label in near] == ["wrist singular", "flip", "no flip"]


@pytest.mark.parametrize("seed", range(20))
def test_lynx6_labels_are_the_closed_form_branches(seed):
    robot = load_robot("Lynx6")
    q_true = robot.random_q(rng=seed)
    position = robot.fk(q_true)[:3, 3]
    pitch = float(wrist_angle(robot, q_true))     # so at least q_true's branch is reachable
    named = {"front": "facing", "back": "leaning back"}
    labelled = 0
    for elbow, reach in ik.LYNX6_BRANCHES:
        solution = ik.lynx6_ik(robot, position, pitch, elbow=elbow, reach=reach)
        if solution.reachable:
            label, = ik.branch_labels(robot, solution.q[None])
            assert label == f"{named[reach]}, elbow {elbow}"
            labelled += 1
    assert labelled >= 1


def test_arms_without_named_branches_get_empty_labels():
    for name in ("SCARA", "Franka Panda", "Planar 3R"):
        robot = load_robot(name)
        assert ik.branch_labels(robot, robot.random_q(3, rng=0)) == ["", "", ""]
    # One test decides whether an arm has a spherical wrist: the closed form's.
    assert ik.pieper_applies(load_robot("KUKA KR5"))
    assert not ik.pieper_applies(load_robot("UR5"))   # its wrist axes do not meet
    assert ik.branch_labels(load_robot("UR5"), np.zeros((1, 6))) == [""]
