"""Rigid-body dynamics of serial arms: joint torques, mass matrix, free fall.

The equations of motion of an arm with joint values ``q`` are

    tau = M(q) qdd + C(q, qd) qd + g(q)   [+ motor inertia and friction terms]

:func:`inverse_dynamics` computes ``tau`` by the recursive Newton-Euler algorithm, written once
for one configuration and a batch as Craig writes it (:mod:`robosim.dynamics.newton_euler`), and
:func:`gravity_torques` (``qd = qdd = 0``) and :func:`coriolis` (the Christoffel-symbol matrix
``C``, found from the quadratic velocity terms) are built on it; :func:`mass_matrix` comes from
the composite-rigid-body algorithm on the same building blocks
(:mod:`robosim.dynamics.composite_body`), :func:`forward_dynamics` (``qdd = M^-1 (tau - C qd -
g)``) from both, each configuration's small system solved by :func:`numpy.linalg.solve` inside
the same formula, and :func:`simulate` integrates it with
adaptive Dormand-Prince steps (:mod:`robosim.dynamics.ode`).
Along a sampled motion, :func:`trajectory_torques` gives what each joint needs and
:func:`check_torque_limits` compares it with limits (a servo's rating) and finds how much slower
the motion must be played; :func:`with_payload` adds a load at the tool.

Units
-----
Dynamics works in SI units whatever the robot's length unit: masses in kg, inertias in kg m^2,
gravity in m/s^2, torques in N m, forces (of prismatic joints) in N. Lengths of the DH table
and the centres of mass are in the robot's length unit; they are multiplied by
:data:`METRES_PER_UNIT` before use. Prismatic joint speeds and accelerations are given and
returned in the robot's length unit per second (squared), like the joint values, and converted
the same way inside.

Frames
------
Link ``i`` is rigidly attached to DH frame ``i`` in both conventions, so its centre of mass
and inertia are given in frame ``i``. Joint ``i`` moves along or about ``z_{i-1}`` (standard
DH) or ``z_i`` (modified DH). The recursion runs in each link's own frame, on Craig's modified
DH rows (a standard-DH robot is regrouped into them once, see
:func:`robosim.dynamics.newton_euler.dynamic_chain`); the base transform only turns gravity into
the base frame's axes. Every function takes a leading batch axis: ``(..., n)`` in, ``(..., n)``
or ``(..., n, n)`` out. One configuration runs on plain floats, a batch on numpy arrays,
through the same code.

Robots carry their dynamics as ``robot.dynamics``, a :class:`Dynamics` (the robot file's
optional ``dynamics`` section, see :mod:`robosim.robot_files.library`); a robot without it is
refused with a message saying so.

Modules
-------
One concept a module, the public names re-exported here (``robosim.dynamics.simulate``):

- :mod:`robosim.dynamics.model`: :class:`LinkDynamics`, :class:`Dynamics`, their bounds,
  :func:`require_dynamics`, :func:`with_payload`;
- :mod:`robosim.dynamics.equations`: :func:`inverse_dynamics`, :func:`gravity_torques`,
  :func:`coriolis`, :func:`friction_torques`, :func:`mass_matrix`, :func:`forward_dynamics`,
  :func:`energy`;
- :mod:`robosim.dynamics.newton_euler`: the recursive Newton-Euler algorithm and the arm's
  links as it takes them (:func:`~robosim.dynamics.newton_euler.dynamic_chain`);
- :mod:`robosim.dynamics.composite_body`: the mass matrix by composite rigid bodies;
- :mod:`robosim.dynamics.ode`: one Dormand-Prince step;
- :mod:`robosim.dynamics.simulation`: :func:`simulate`, :class:`Simulation`, :class:`LimitHit`,
  :class:`Contact` (the arm stops where it first touches its scene: :mod:`robosim.collision`);
- :mod:`robosim.dynamics.torque_checks`: :func:`trajectory_torques`,
  :func:`check_torque_limits`.
"""

from .equations import (
                        coriolis,
                        energy,
                        forward_dynamics,
                        friction_torques,
                        gravity_torques,
                        inverse_dynamics,
                        mass_matrix,
)
from .model import (
                        DEFAULT_GRAVITY,
                        MAX_COM,
                        MAX_FRICTION,
                        MAX_GEAR_RATIO,
                        MAX_GRAVITY,
                        MAX_INERTIA_KG_M2,
                        MAX_MASS_KG,
                        Dynamics,
                        LinkDynamics,
                        require_dynamics,
                        with_payload,
)
from .newton_euler import METRES_PER_UNIT
from .simulation import (
                        COLLISION_BEHAVIOURS,
                        LIMIT_BEHAVIOURS,
                        MOST_CONTACT_SAMPLES,
                        MAX_DURATION_S,
                        MAX_STEPS,
                        Contact,
                        Integration,
                        LimitHit,
                        Simulation,
                        Torques,
                        simulate,
)
from .torque_checks import (
                        Exceedance,
                        TorqueCheck,
                        TrajectoryTorques,
                        check_torque_limits,
                        trajectory_torques,
)

__all__ = ["COLLISION_BEHAVIOURS", "Contact", "DEFAULT_GRAVITY", "Dynamics", "Exceedance",
           "Integration", "LIMIT_BEHAVIOURS",
           "LimitHit", "LinkDynamics", "MAX_COM", "MAX_DURATION_S", "MAX_FRICTION",
           "MAX_GEAR_RATIO", "MAX_GRAVITY", "MAX_INERTIA_KG_M2", "MAX_MASS_KG", "MAX_STEPS",
           "METRES_PER_UNIT", "MOST_CONTACT_SAMPLES", "Simulation", "TorqueCheck", "Torques",
           "TrajectoryTorques", "check_torque_limits", "coriolis", "energy", "forward_dynamics",
           "friction_torques", "gravity_torques", "inverse_dynamics", "mass_matrix",
           "require_dynamics", "simulate", "trajectory_torques",
           "with_payload"]
