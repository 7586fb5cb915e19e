"""Dynamics speed on the Puma 560, beside Corke's Robotics Toolbox when it is importable.

Run: ``python benchmarks/bench_dynamics.py``. Prints, per line, robosim's figure and (when
``roboticstoolbox`` imports) the toolbox's for the same work:

- batched inverse dynamics on 100,000 random states (rigid-body terms: the toolbox's model with
  ``nofriction(True, True)`` and motor inertia 0, so both compute the same torques; its ``rne``
  is C code);
- a single inverse-dynamics call, and a single call of the gravity torques and of the mass
  matrix (the toolbox's ``gravload`` and ``inertia``);
- the mass matrix of 10,000 configurations;
- a free fall of 2 s at dt = 1 ms, limits ignored (robosim: ``simulate``, adaptive
  Dormand-Prince steps to 1e-8, reported every 1 ms; the toolbox: ``fdyn``, its default
  integrator, scipy's RK45 with adaptive steps at its default tolerances, 1e-3 relative),
  and the energy drift of robosim's.

Targets (issue 17): batched at least as fast per state as the toolbox, a single call under
80 us. The toolbox is never a dependency: to compare, install it in a scratch venv and run
the script with that venv's python, this checkout on the path::

    python3 -m venv /tmp/rtb && /tmp/rtb/bin/pip install roboticstoolbox-python
    PYTHONPATH=. /tmp/rtb/bin/python benchmarks/bench_dynamics.py
"""

import time

import numpy as np

from bench_fk import best_time
from robosim import dynamics, load_robot

STATES = 100_000
MASS_STATES = 10_000
#: A single call is timed in many short runs, each with the CPU-time clock, and the shortest
#: kept (robosim's and the toolbox's alike): on a shared machine a short run has a chance to
#: fall between other processes' bursts, so the minimum approaches the idle machine's figure.
SINGLE_CALLS, SINGLE_REPEATS = 200, 30
#: Runs of the free fall, each side; the shortest is kept.
FALLS = 3


def toolbox_puma():
    """Corke's Puma 560 with the rigid-body terms only, or None when the toolbox is missing."""
    try:
        import roboticstoolbox
    except ImportError:
        return None
    puma = roboticstoolbox.models.DH.Puma560().nofriction(coulomb=True, viscous=True)
    for link in puma.links:
        link.Jm = 0.0
    return puma


def single_call(function, *args):
    """Microseconds per call of ``function(*args)``: see SINGLE_CALLS."""
    return best_time(lambda: [function(*args) for _ in range(SINGLE_CALLS)], SINGLE_REPEATS,
                     time.process_time) / SINGLE_CALLS * 1e6


def line(what, ours, theirs, unit):
    text = f"{what:<34} robosim {ours:10.3f} {unit}"
    if theirs is not None:
        text += f"   toolbox {theirs:10.3f} {unit}   ratio {theirs / ours:5.2f}"
    print(text)


def main():
    robot = load_robot("Puma 560")
    puma = toolbox_puma()
    rng = np.random.default_rng(0)
    q = robot.random_q(STATES, rng)
    qd = rng.uniform(-1.0, 1.0, q.shape)
    qdd = rng.uniform(-1.0, 1.0, q.shape)
    print(f"robot: {robot.name} ({robot.n} joints, standard DH); ratio = toolbox time / "
          f"robosim time (above 1: robosim faster)")
    if puma is None:
        print("roboticstoolbox is not importable: robosim's figures only (see this script's "
              "docstring to compare)")
    else:
        tau = puma.rne(q[:100], qd[:100], qdd[:100])
        assert np.allclose(tau, dynamics.inverse_dynamics(robot, q[:100], qd[:100], qdd[:100]))
        assert np.allclose(puma.gravload(q[0]), dynamics.gravity_torques(robot, q[0]))
        assert np.allclose(puma.inertia(q[0]), dynamics.mass_matrix(robot, q[0]))

    ours = best_time(lambda: dynamics.inverse_dynamics(robot, q, qd, qdd), 3) / STATES * 1e6
    theirs = (best_time(lambda: puma.rne(q, qd, qdd), 3) / STATES * 1e6
              if puma is not None else None)
    line(f"inverse dynamics, {STATES:,} states", ours, theirs, "us/state")

    one = (q[0], qd[0], qdd[0])
    for what, ours, theirs in (
            ("inverse dynamics", (dynamics.inverse_dynamics, robot) + one,
             puma and (puma.rne,) + one),
            ("gravity torques", (dynamics.gravity_torques, robot, q[0]),
             puma and (puma.gravload, q[0])),
            ("mass matrix", (dynamics.mass_matrix, robot, q[0]), puma and (puma.inertia, q[0]))):
        line(f"{what}, single call", single_call(*ours),
             single_call(*theirs) if puma is not None else None, "us/call")

    many = q[:MASS_STATES]
    ours = best_time(lambda: dynamics.mass_matrix(robot, many), 3) / MASS_STATES * 1e6
    theirs = (best_time(lambda: puma.inertia(many), 1) / MASS_STATES * 1e6
              if puma is not None else None)
    line(f"mass matrix, {MASS_STATES:,} states", ours, theirs, "us/state")

    start = np.radians([10, 30, -60, 20, 40, 0])
    # through the floor and itself, as the Toolbox's fdyn falls (it knows no collisions);
    # CPU time, the shortest of FALLS runs each side, as the single calls (one 0.1 s run on a
    # shared machine gave ratios from 0.09 to 0.18)
    ours = best_time(lambda: dynamics.simulate(robot, start, duration=2.0, dt=1e-3,
                                               limits="ignore", collisions="ignore"),
                     FALLS, time.process_time)
    theirs = (best_time(lambda: puma.fdyn(2.0, start, dt=1e-3), FALLS, time.process_time)
              if puma is not None else None)
    line("free fall 2 s at dt = 1 ms", ours, theirs, "s")
    run = dynamics.simulate(robot, start, duration=2.0, dt=1e-3, limits="ignore",
                            collisions="ignore")
    drift = np.abs(run.energy - run.energy[0]).max() / np.abs(run.energy).max()
    print(f"{'  its energy drift':<34} robosim {drift:10.2e} of the energy's size")


if __name__ == "__main__":
    main()
