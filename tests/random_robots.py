"""Random robots for property tests: a joint table with a random base and tool."""

import robosim


def mounted(rng, joints, convention, reach=0.3):
    """A robot (metres) of ``joints`` in ``convention`` with a random base (within ``reach``
    and 1 rad) and tool (within ``reach`` and 1 rad)."""
    return robosim.Robot(joints, convention=convention, unit="m",
                         base_xyz=tuple(rng.uniform(-reach, reach, 3)),
                         base_rpy=tuple(rng.uniform(-1, 1, 3)),
                         tool_xyz=tuple(rng.uniform(-reach, reach, 3)),
                         tool_rpy=tuple(rng.uniform(-1, 1, 3)))
