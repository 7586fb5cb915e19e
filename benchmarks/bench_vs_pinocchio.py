"""robosim's batches beside a Pinocchio loop, on real URDF files (issue 35).

Run in a scratch venv that has both packages (Pinocchio is never a robosim dependency)::

    python3 -m venv /tmp/pin && /tmp/pin/bin/pip install pin
    /tmp/pin/bin/pip install -e .          # robosim, from the repository root
    /tmp/pin/bin/python benchmarks/bench_vs_pinocchio.py [--configurations 10000]

Without ``pin`` it says so in one line and exits 0.

Both sides read the same URDF file (the UR5 and the Panda of example-robot-data, as copied into
``tests/data``): robosim's :func:`robosim.load_urdf` gives a DH table whose joint values are the
URDF's own, in metres, and Pinocchio's ``buildModelFromUrdf`` the URDF's tree (the Panda's two
finger joints locked at 0 with ``buildReducedModel``: robosim's chain ends at the hand). Before
any timing the script checks that the two agree on every quantity it times, at a few random
configurations, and stops if they do not.

What is timed, for ``B`` random configurations inside the limits (10,000 by default):

- FK: robosim ``robot.fk(Q)`` on the batch against ``forwardKinematics`` +
  ``updateFramePlacement`` of the tip frame in a Python loop;
- the Jacobian: ``robot.jacobian(Q)`` against ``computeFrameJacobian`` (LOCAL_WORLD_ALIGNED:
  the tip's velocity and the angular velocity, in the base's axes, robosim's rows);
- inverse dynamics: ``dynamics.inverse_dynamics`` against ``rnea``;
- the mass matrix: ``dynamics.mass_matrix`` against ``crba`` (its upper triangle mirrored);
- forward dynamics: ``dynamics.forward_dynamics`` against ``aba``.

Single calls are printed too (one configuration, per call): Pinocchio is compiled C++ and
faster there, which is expected (ARCHITECTURE.md: single calls have floors, not races).
Times are CPU times (``time.process_time``), best of three; "ratio" is Pinocchio's time over
robosim's (above 1: robosim is faster). Targets of issue 35: FK >= 5x, the rest >= 2x.
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from robosim import dynamics, load_urdf

HOW_TO = ("bench_vs_pinocchio: pinocchio is not importable here; it is a benchmark peer, not a "
          "dependency (pip install pin in a scratch venv, then pip install -e . there)")

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "example-robot-data" / "robots"
#: (name, URDF file under DATA, tip link)
ROBOTS = (("UR5", "ur_description/urdf/ur5_robot.urdf", "ee_link"),
          ("Panda", "panda_description/urdf/panda.urdf", "panda_hand_tcp"))
#: Agreement asked before timing (metres, radians, N m, kg m^2, rad/s^2).
AGREEMENT = 1e-9
#: Calls of one configuration per single-call figure.
SINGLE_CALLS = 2_000


def best_cpu_time(function, repeats=3):
    """Shortest CPU time (s) of ``repeats`` calls of ``function``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        function()
        best = min(best, time.process_time() - start)
    return best


def pinocchio_model(pin, path, robot, tip):
    """Pinocchio's model of ``path`` reduced to robosim's chain, and the ``tip`` frame's id."""
    model = pin.buildModelFromUrdf(str(path))
    names = [joint.name for joint in robot.joints]
    locked = [j for j in range(1, model.njoints) if model.names[j] not in names]
    if locked:
        model = pin.buildReducedModel(model, locked, pin.neutral(model))
    if list(model.names)[1:] != names:
        raise SystemExit(f"{path.name}: the joints differ: robosim {names}, "
                         f"pinocchio {list(model.names)[1:]}")
    return model, model.getFrameId(tip)


class Peer:
    """Pinocchio's algorithms on one configuration at a time: the calls that are timed, and
    :meth:`answer`, the same call's result in robosim's form (for the agreement check only)."""

    def __init__(self, pin, model, frame):
        self.pin, self.model, self.data, self.frame = pin, model, model.createData(), frame

    def fk(self, q):
        self.pin.forwardKinematics(self.model, self.data, q)
        return self.pin.updateFramePlacement(self.model, self.data, self.frame)

    def jacobian(self, q):
        return self.pin.computeFrameJacobian(self.model, self.data, q, self.frame,
                                             self.pin.LOCAL_WORLD_ALIGNED)

    def inverse_dynamics(self, q, qd, qdd):
        return self.pin.rnea(self.model, self.data, q, qd, qdd)

    def mass_matrix(self, q):
        return self.pin.crba(self.model, self.data, q)

    def forward_dynamics(self, q, qd, tau):
        return self.pin.aba(self.model, self.data, q, qd, tau)

    def answer(self, name, *args):
        """``name``'s result as robosim gives it: a 4 x 4 pose, a full symmetric matrix."""
        result = getattr(self, name)(*args)
        if name == "fk":
            return result.homogeneous
        if name == "mass_matrix":            # crba fills the upper triangle only
            return np.triu(result) + np.triu(result, 1).T
        return result


def ours(robot):
    """robosim's functions with the peer's signatures (each takes batches too)."""
    return {"fk": robot.fk, "jacobian": robot.jacobian,
            "inverse_dynamics": lambda q, qd, qdd: dynamics.inverse_dynamics(robot, q, qd, qdd),
            "mass_matrix": lambda q: dynamics.mass_matrix(robot, q),
            "forward_dynamics": lambda q, qd, tau: dynamics.forward_dynamics(robot, q, qd, tau)}


def arguments(name, Q, QD, QDD):
    """The arguments of ``name`` for the configurations (rows of) ``Q``."""
    return {"fk": (Q,), "jacobian": (Q,), "inverse_dynamics": (Q, QD, QDD), "mass_matrix": (Q,),
            "forward_dynamics": (Q, QD, QDD)}[name]


def check_agreement(label, robot, peer, rng):
    """Stop unless both sides give the same numbers at a few random configurations."""
    functions = ours(robot)
    Q = robot.random_q(5, rng=rng)
    QD, QDD = rng.normal(size=Q.shape), rng.normal(size=Q.shape)
    worst = 0.0
    for name, function in functions.items():
        mine = function(*arguments(name, Q, QD, QDD))
        for i in range(len(Q)):
            theirs = peer.answer(name, *(a[i] for a in arguments(name, Q, QD, QDD)))
            worst = max(worst, float(np.abs(mine[i] - theirs).max()))
    if worst > AGREEMENT:
        raise SystemExit(f"{label}: robosim and pinocchio differ by {worst:.3g}")
    return worst


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--configurations", type=int, default=10_000)
    args = parser.parse_args(argv)
    try:
        import pinocchio as pin
    except ImportError:
        print(HOW_TO)
        return 0
    rng = np.random.default_rng(35)
    print(f"robosim batches beside a pinocchio {pin.__version__} loop, "
          f"{args.configurations:,} configurations; ratio = pinocchio time / robosim time")
    for label, file, tip in ROBOTS:
        path = DATA / file
        if not path.exists():
            print(f"{label}: {path} is missing; skipped")
            continue
        robot = load_urdf(path, tip=tip)
        model, frame = pinocchio_model(pin, path, robot, tip)
        peer = Peer(pin, model, frame)
        worst = check_agreement(label, robot, peer, rng)
        print()
        print(f"{label} ({robot.n} joints), largest difference {worst:.1e}")
        print()
        print("| figure | robosim batch, per configuration | pinocchio loop | ratio "
              "| robosim one call | pinocchio one call |")
        print("| --- | --- | --- | --- | --- | --- |")
        Q = robot.random_q(args.configurations, rng=rng)
        QD, QDD = rng.normal(size=Q.shape), rng.normal(size=Q.shape)
        for name, function in ours(robot).items():
            batch = arguments(name, Q, QD, QDD)
            mine = best_cpu_time(lambda f=function, b=batch: f(*b)) / len(Q)
            rows = list(zip(*batch, strict=True))
            method = getattr(peer, name)
            theirs = best_cpu_time(lambda m=method, r=rows: [m(*x) for x in r]) / len(Q)
            one = [a[0] for a in batch]
            mine_one = best_cpu_time(lambda f=function, o=one: [f(*o) for _ in range(SINGLE_CALLS)])
            theirs_one = best_cpu_time(lambda m=method, o=one: [m(*o) for _ in range(SINGLE_CALLS)])
            print(f"| {name} | {mine * 1e6:.3g} us | {theirs * 1e6:.3g} us | "
                  f"{theirs / mine:.1f} | {mine_one / SINGLE_CALLS * 1e6:.3g} us | "
                  f"{theirs_one / SINGLE_CALLS * 1e6:.3g} us |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
