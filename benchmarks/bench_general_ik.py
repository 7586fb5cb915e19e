"""Every IK solution of a 6R arm (robosim/ik/general.py): speed, completeness, success.

Run: ``python benchmarks/bench_general_ik.py [URDF]``. Prints

- ms per target of :func:`robosim.ik.general.general_ik` on random 6R arms (random ``a``,
  ``d``, ``alpha``, offsets, base and tool; both conventions), one target at a time and 100 in
  a batch (issue 38: at most 10 ms a target), and the success rate: targets whose solutions
  are certified complete and include the joint values that made them;
- ``ik.solve`` on random arms, one target at a time, by the numeric search and by the
  elimination (why solve keeps the search for them);
- the UR5 (from its URDF when a path is given, else the library's table): ``ik.solve`` and
  ``ik.solve_all`` per target (CPU time) with the general solver and with it switched off
  (the numeric search they used before; issue 38: 3.4 ms, target at most 1 ms);
- on a few targets, the solution count against a 5,000-seed multistart of robosim's own
  numeric iteration (each seed a row of one batched ``ik.solve`` with the general solver
  switched off): the general solver must never report fewer.

Figures taken on a shared, loaded machine are pessimistic.
"""

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_fk import best_time

import robosim
from robosim import ik
from robosim.ik.general import general_ik
from robosim.ik.numeric import _cached_problem

ARMS = 20
TARGETS = 100
SEEDS = 5_000


def random_arm(rng, convention):
    joints = [robosim.Joint(a=float(rng.uniform(-0.6, 0.6)), alpha=float(rng.uniform(-3, 3)),
                            d=float(rng.uniform(-0.6, 0.6)), offset=float(rng.uniform(-3, 3)),
                            limits=(-4 * np.pi, 4 * np.pi))
              for _ in range(6)]
    return robosim.Robot(joints, convention=convention, unit="m",
                         base_xyz=tuple(rng.uniform(-0.3, 0.3, 3)),
                         base_rpy=tuple(rng.uniform(-1, 1, 3)),
                         tool_xyz=tuple(rng.uniform(-0.3, 0.3, 3)),
                         tool_rpy=tuple(rng.uniform(-1, 1, 3)))


def gaps(a, b):
    return np.abs((np.subtract(a, b) + np.pi) % (2 * np.pi) - np.pi).max(axis=-1)


def random_arms():
    rng = np.random.default_rng(38)
    single = batched = 0.0
    certified = found = total = 0
    counts = []
    for k in range(ARMS):
        robot = random_arm(rng, ("standard", "modified")[k % 2])
        q = rng.uniform(-np.pi, np.pi, (TARGETS, 6))
        targets = robot.fk(q)
        general_ik(robot, targets[:1])                            # the arm's one-off build
        single += best_time(lambda robot=robot, targets=targets:
                            [general_ik(robot, T) for T in targets[:10]], 1) / 10
        batched += best_time(lambda robot=robot, targets=targets: general_ik(robot, targets),
                             1) / TARGETS
        result = general_ik(robot, targets)
        certified += int(result.complete.sum())
        found += sum(bool(gaps(result.q[i][result.valid[i]], q[i]).min(initial=9) < 1e-8)
                     for i in range(TARGETS))
        total += TARGETS
        counts += result.valid.sum(axis=1).tolist()
    print(f"random 6R arms ({ARMS} arms x {TARGETS} targets): single "
          f"{single / ARMS * 1e3:6.3f} ms/target, batched {batched / ARMS * 1e3:6.3f} ms/target")
    print(f"  certified complete {100 * certified / total:6.2f}%, generating q found "
          f"{100 * found / total:6.2f}%, solutions per target: "
          f"{dict(sorted(zip(*np.unique(counts, return_counts=True), strict=True)))}")


def switched(robot, on):
    """The robot's cached IK problem (full pose, default tolerances) told to use the general
    solver in solve and solve_all (``on``) or the numeric search in both."""
    problem = _cached_problem(robot, "pose", ik.POSITION_TOLERANCE, ik.ANGLE_TOLERANCE)
    problem.general = problem.general_solve = on


def ur5(path):
    robot = robosim.load_urdf(path) if path else robosim.load_robot("UR5")
    targets = robot.fk(robot.random_q(200, rng=np.random.default_rng(5)))
    print(f"UR5 ({path or 'library table'}):")
    for label, on in (("numeric search (before)", False), ("general 6R (after)", True)):
        switched(robot, on)
        solve = best_time(lambda: [ik.solve(robot, T) for T in targets], 3,
                          clock=time.process_time) / len(targets)
        every = best_time(lambda: [ik.solve_all(robot, T) for T in targets[:50]], 2,
                          clock=time.process_time) / 50
        success = np.mean([bool(ik.solve(robot, T).success) for T in targets])
        counts = [len(ik.solve_all(robot, T).q) for T in targets[:50]]
        print(f"  {label:>24}: solve {solve * 1e3:6.3f} ms/target (success "
              f"{100 * success:5.1f}%), solve_all {every * 1e3:6.3f} ms/target "
              f"({np.mean(counts):.2f} solutions inside the limits on average)")
    switched(robot, True)


def random_arm_solve(rng):
    """One target at a time: the search against the elimination in ``ik.solve`` (which uses
    the search for these arms: the elimination is slower for one solution)."""
    times = {False: 0.0, True: 0.0}
    for k in range(4):
        robot = random_arm(rng, ("standard", "modified")[k % 2])
        targets = robot.fk(rng.uniform(-np.pi, np.pi, (50, 6)))
        for on in times:
            switched(robot, on)
            times[on] += best_time(lambda robot=robot, targets=targets:
                                   [ik.solve(robot, T) for T in targets], 2,
                                   clock=time.process_time) / 50 / 4
    print(f"random 6R arms, ik.solve one target: numeric search {times[False] * 1e3:6.3f} "
          f"ms/target, elimination {times[True] * 1e3:6.3f} ms/target")


def against_multistart():
    rng = np.random.default_rng(7)
    print(f"solution count against a {SEEDS:,}-seed multistart (general / multistart):")
    for k in range(4):
        robot = random_arm(rng, ("standard", "modified")[k % 2])
        target = robot.fk(rng.uniform(-np.pi, np.pi, 6))
        result = general_ik(robot, target)
        ours = result.q[result.valid]
        switched(robot, False)
        seeds = rng.uniform(-np.pi, np.pi, (SEEDS, 6))
        search = ik.solve(robot, np.broadcast_to(target, (SEEDS, 4, 4)), q0=seeds, seeds=0)
        distinct = []
        for q in search.q[search.success]:
            if not distinct or gaps(np.array(distinct), q).min() > 1e-6:
                distinct.append(q)
        missed = sum(gaps(ours, q).min(initial=9) > 1e-7 for q in distinct)
        print(f"  arm {k} ({robot.convention}): {len(ours)} / {len(distinct)}, multistart "
              f"solutions the general solver lacks: {missed}")


if __name__ == "__main__":
    random_arms()
    random_arm_solve(np.random.default_rng(1))
    ur5(sys.argv[1] if len(sys.argv) > 1 else None)
    against_multistart()
