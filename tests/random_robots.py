"""Random robots for property tests: a joint table with a random base and tool."""

import math

import robosim


def mounted(rng, joints, convention, reach=0.3):
    """A robot (metres) of ``joints`` in ``convention`` with a random base (within ``reach``
    and 1 rad) and tool (within ``reach`` and 1 rad)."""
    return robosim.Robot(joints, convention=convention, unit="m",
                         base_xyz=tuple(rng.uniform(-reach, reach, 3)),
                         base_rpy=tuple(rng.uniform(-1, 1, 3)),
                         tool_xyz=tuple(rng.uniform(-reach, reach, 3)),
                         tool_rpy=tuple(rng.uniform(-1, 1, 3)))


TWISTS = [0.0, math.pi / 2, -math.pi / 2, math.pi, 0.3, -2.0]


def random_robot(rng, convention, n):
    """``n`` joints in ``convention``, about a third of them prismatic, twists of a quarter
    turn and odd ones, lengths and offsets of 0 or random, on a random base and tool."""
    joints = []
    for _ in range(n):
        alpha, a = float(rng.choice(TWISTS)), float(rng.choice([0.0, rng.uniform(-0.5, 0.5)]))
        if rng.uniform() < 0.3:
            joints.append(robosim.Joint("P", a=a, alpha=alpha, theta=float(rng.uniform(-2, 2)),
                                        offset=float(rng.uniform(0, 0.3)), limits=(-0.5, 0.5)))
        else:
            joints.append(robosim.Joint("R", a=a, alpha=alpha,
                                        d=float(rng.choice([0.0, rng.uniform(-0.4, 0.4)])),
                                        offset=float(rng.choice([0.0, rng.uniform(-1, 1)]))))
    return mounted(rng, joints, convention)


def mounted_mixed_robot(convention):
    """Revolute and prismatic joints, general twists, a base and a tool: every kernel branch."""
    joints = [robosim.Joint("R", a=0.4, alpha=0.3, d=0.5, offset=0.1, limits=(-3, 3)),
              robosim.Joint("P", a=0.2, alpha=-1.1, theta=0.7, offset=0.2, limits=(0, 2)),
              robosim.Joint("R", a=0.0, alpha=-math.pi / 2, d=0.0, limits=(-3, 3)),
              robosim.Joint("R", a=0.3, alpha=math.pi, d=-0.2, limits=(-3, 3))]
    return robosim.Robot(joints, convention=convention, base_xyz=(1, 2, 3),
                         base_rpy=(0.1, 0.2, 0.3), tool_xyz=(0, 0.1, 0.5), tool_rpy=(0.3, 0, 0.2),
                         unit="m")
