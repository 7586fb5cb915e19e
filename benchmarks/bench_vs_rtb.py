"""robosim beside Corke's Robotics Toolbox for Python (rtb) on the Puma 560, in one run (issue 18).

Run: ``python benchmarks/bench_vs_rtb.py`` in a venv that has both packages (rtb is never a
robosim dependency)::

    python3 -m venv /tmp/rtb && /tmp/rtb/bin/pip install roboticstoolbox-python
    /tmp/rtb/bin/pip install -e .          # robosim, from the repository root
    /tmp/rtb/bin/python benchmarks/bench_vs_rtb.py

Without rtb it says so and exits 0. Both sides use the same model (robosim's "Puma 560" is
rtb's ``models.DH.Puma560`` in metres) with robosim's joint limits, and rtb's fastest paths:
the compiled ETS ``eval`` / ``jacob0`` / ``ik_LM`` (tolerance 1e-16 on its residual ``E``, its
tightest useful setting) and ``ikine_a`` (the closed form, 8 branches) as the oracle of
``solve_all``. Accuracy is judged by one measure for both: robosim's ``fk`` of the result, its
position error (m) and rotation angle (rad) to the target, and the joint limits.

Prints a Markdown table of CPU times (``time.process_time``: on a shared machine other
processes inflate wall time far more); "ratio" is rtb's time over robosim's (above 1: robosim
is faster).
Targets of issue 26 (the Puma's IK is Pieper's closed form since then, the search finishing it
only where rounding leaves it outside 1e-9): single IK >= 1.5, batched IK >= 10, jacobian >= 1,
fk >= 1; solve_all 100% of the in-limit analytic branches in < 0.5 ms per target. (Issue 18's
were single fk >= 1, jacobian >= 0.5, single IK >= 0.33, batched IK >= 2, batched FK >= 10.)
Figures taken on a shared, loaded machine vary by tens of percent between runs.
"""

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_fk import best_time

from robosim import ik, load_robot

HOW_TO = ("bench_vs_rtb: roboticstoolbox is not importable here; it is a benchmark peer, not a "
          "dependency. Install it beside robosim in a scratch venv:\n"
          "  python3 -m venv /tmp/rtb && /tmp/rtb/bin/pip install roboticstoolbox-python\n"
          "  /tmp/rtb/bin/pip install -e .    # from the robosim repository\n"
          "  /tmp/rtb/bin/python benchmarks/bench_vs_rtb.py")

#: Random targets per IK figure, per batched IK figure, and for solve_all.
SINGLE_TARGETS = 200
BATCH_TARGETS = 500
ALL_TARGETS = 200
FK_BATCH = 200_000
#: Success: position (m) and rotation angle (rad) within this, as robosim's default tolerances.
TOLERANCE = 1e-9
#: Two configurations are one branch when every joint agrees modulo 2 pi to this (rad).
SAME_BRANCH = 1e-6


def cpu_time(function, repeats=3):
    """Shortest CPU time (s) of ``repeats`` calls of ``function`` (both sides run on one
    thread; CPU time is what other users of a shared machine disturb least)."""
    return best_time(function, repeats, clock=time.process_time)


def per_call(function, calls, repeats=3):
    """CPU seconds per call of ``function()`` in a loop of ``calls``, best of ``repeats``."""
    return cpu_time(lambda: [function() for _ in range(calls)], repeats) / calls


def pose_errors(robot, q, targets):
    """Position error (length unit) and rotation angle (rad) of ``fk(q)`` to ``targets``."""
    reached = robot.fk(q)
    position = np.linalg.norm(reached[..., :3, 3] - targets[..., :3, 3], axis=-1)
    relative = np.swapaxes(reached[..., :3, :3], -1, -2) @ targets[..., :3, :3]
    skew = relative - np.swapaxes(relative, -1, -2)
    sine = 0.5 * np.linalg.norm(np.stack([skew[..., 2, 1], skew[..., 0, 2], skew[..., 1, 0]],
                                         axis=-1), axis=-1)
    cosine = 0.5 * (np.trace(relative, axis1=-2, axis2=-1) - 1.0)
    return position, np.arctan2(sine, cosine)


def solved_share(robot, q, targets):
    """Percentage of rows of ``q`` that reach their target to :data:`TOLERANCE` in limits."""
    q = np.asarray(q, dtype=float)
    finite = np.all(np.isfinite(q), axis=-1)
    q = np.where(finite[:, None], q, robot.home)
    position, angle = pose_errors(robot, q, targets)
    ok = finite & (position <= TOLERANCE) & (angle <= TOLERANCE) & robot.within_limits(q)
    return 100.0 * ok.mean()


def wrapped_difference(a, b):
    """Joint differences ``a - b`` brought into [-pi, pi)."""
    return (np.asarray(a) - np.asarray(b) + np.pi) % (2 * np.pi) - np.pi


def has_variant_in_limits(robot, q):
    """True when some ``q + 2 pi k`` (per joint) lies inside every joint's limits."""
    lower, upper = robot.limits.T
    k = np.ceil((lower - q) / (2 * np.pi))
    return bool(np.all(q + 2 * np.pi * k <= upper + 1e-9))


def analytic_branches(puma, robot, target):
    """rtb's closed-form branches of ``target`` that reach it and have an in-limit variant,
    distinct modulo 2 pi: ``(k, 6)``."""
    branches = []
    for config in ("lun", "luf", "ldn", "ldf", "run", "ruf", "rdn", "rdf"):
        solution = puma.ikine_a(target, config=config)
        if not solution.success or not np.all(np.isfinite(solution.q)):
            continue
        q = np.asarray(solution.q, dtype=float)
        position, angle = pose_errors(robot, q, target)
        if position > 1e-7 or angle > 1e-7 or not has_variant_in_limits(robot, q):
            continue
        if all(np.abs(wrapped_difference(q, other)).max() > SAME_BRANCH for other in branches):
            branches.append(q)
    return np.array(branches).reshape(-1, 6)


def row(name, ours, theirs, unit, note=""):
    """A table row: both times (``unit`` is "us" or "ms", values in seconds) and their ratio."""
    scale = 1e6 if unit == "us" else 1e3
    print(f"| {name} | {ours * scale:.3g} {unit} | {theirs * scale:.3g} {unit} | "
          f"{theirs / ours:.2f} | {note} |")


def main():
    try:
        import roboticstoolbox as rtb
    except ImportError:
        print(HOW_TO)
        return 0
    robot = load_robot("Puma 560")
    puma = rtb.models.DH.Puma560()
    puma.qlim = robot.limits.T
    ets = puma.ets()
    rng = np.random.default_rng(18)
    q = robot.random_q(rng=rng)
    assert np.allclose(robot.fk(q), ets.eval(q), atol=1e-12), "the two models differ"
    print(f"robosim vs roboticstoolbox {rtb.__version__} (compiled ETS), {robot.name}, "
          f"robosim's joint limits; ratio = rtb time / robosim time")
    print()
    print("| one call / figure | robosim | rtb | ratio | notes |")
    print("| --- | --- | --- | --- | --- |")
    row("`fk(q)`", per_call(lambda: robot.fk(q), 20_000),
        per_call(lambda: ets.eval(q), 20_000), "us")
    ours = per_call(lambda: robot.fk_all(q), 20_000)
    print(f"| `fk_all(q)` (7 frames) | {ours * 1e6:.3g} us | - | - | no rtb equivalent |")
    row("`jacobian(q)`", per_call(lambda: robot.jacobian(q), 20_000),
        per_call(lambda: ets.jacob0(q), 20_000), "us")

    targets = robot.fk(robot.random_q(SINGLE_TARGETS, rng=rng))
    ours = cpu_time(lambda: [ik.solve(robot, T) for T in targets], 2) / SINGLE_TARGETS
    ours_share = solved_share(robot, [ik.solve(robot, T).q for T in targets], targets)
    theirs = cpu_time(lambda: [ets.ik_LM(T, tol=1e-16) for T in targets], 2) / SINGLE_TARGETS
    theirs_share = solved_share(robot, [ets.ik_LM(T, tol=1e-16).q for T in targets], targets)
    row("IK one target, no seed", ours, theirs, "ms",
        f"to 1e-9 in limits: robosim {ours_share:.1f}%, rtb ik_LM {theirs_share:.1f}%")
    rtb_ik = theirs

    batch = robot.fk(robot.random_q(BATCH_TARGETS, rng=rng))
    ours = cpu_time(lambda: ik.solve(robot, batch), 2) / BATCH_TARGETS
    ours_share = solved_share(robot, ik.solve(robot, batch).q, batch)
    row(f"IK {BATCH_TARGETS} targets at once, per target", ours, rtb_ik, "ms",
        f"robosim {ours_share:.1f}% to 1e-9 (rtb: its one-target figure)")

    q_many = robot.random_q(FK_BATCH, rng=rng)
    ours = cpu_time(lambda: robot.fk(q_many), 3) / FK_BATCH
    theirs = cpu_time(lambda: ets.fkine(q_many), 1) / FK_BATCH
    row(f"FK {FK_BATCH:,} poses, per pose", ours, theirs, "us",
        f"robosim {1e-6 / ours:.2f} M/s, rtb {1e-6 / theirs:.2f} M/s")

    all_targets = robot.fk(robot.random_q(ALL_TARGETS, rng=rng))
    start = time.process_time()
    found = [ik.solve_all(robot, T).q for T in all_targets]
    seconds = (time.process_time() - start) / ALL_TARGETS
    expected = matched = duplicates = complete = 0
    for T, solutions in zip(all_targets, found, strict=True):
        branches = analytic_branches(puma, robot, T)
        hits = sum(any(np.abs(wrapped_difference(b, s)).max() <= SAME_BRANCH
                       for s in solutions) for b in branches)
        expected, matched, complete = expected + len(branches), matched + hits, \
            complete + (hits == len(branches))
        duplicates += sum(np.abs(wrapped_difference(solutions[i], solutions[j])).max()
                          <= SAME_BRANCH for i in range(len(solutions))
                          for j in range(i))
    print(f"| `solve_all`, {ALL_TARGETS} targets | {seconds * 1e3:.3g} ms/target | - | - | "
          f"{matched} of {expected} in-limit analytic branches "
          f"({100 * matched / max(expected, 1):.1f}%), all of them on {complete} targets, "
          f"{duplicates} duplicates modulo 2 pi |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
