"""Inverse kinematics: a general numeric solver and closed forms (Pieper, the Lynx6, the 3R arm).

One concept a module, the public names re-exported here (``robosim.ik.solve``):

- :mod:`robosim.ik.numeric`: :func:`solve`, :func:`solve_path` for any robot (damped least
  squares, batched over targets);
- :mod:`robosim.ik.every_solution`: :func:`solve_all`, every branch of one target, distinct
  modulo 2 pi;
- :mod:`robosim.ik.pieper`: :func:`pieper_ik`, every solution of an arm with a spherical wrist
  (or of a 3-joint arm placing a point) in closed form, Pieper's method; used by both where
  :func:`pieper_applies`;
- :mod:`robosim.ik.general`: :func:`general_ik`, every solution of any 6R arm (Raghavan and
  Roth's elimination as Manocha and Canny solve it, with closed forms where it is singular);
  used by :func:`solve_all` for 6R arms Pieper's method does not cover;
- :mod:`robosim.ik.self_motion`: :func:`self_motion`, the joints of a redundant arm along the
  Jacobian's null space with the tool pose held (predictor-corrector continuation, the
  correction by :func:`solve`), stopping at a limit or a collision;
- :mod:`robosim.ik.wrist`: the spherical wrist found geometrically and its two closed-form
  solutions;
- :mod:`robosim.ik.turns`: joint values modulo 2 pi (nearest turn, every turn in the limits);
- :mod:`robosim.ik.closed_form`: :func:`lynx6_ik` (Mateo Sanguino & Andujar 2012, eqs. 23-29),
  :func:`lynx6_path`, :func:`lynx6_solutions`, :func:`anthropomorphic_3r_ik` (the Java/VRML
  simulator, four solutions) and
  :func:`is_lynx6_shaped`, the one test of whether the Lynx6 closed form applies;
- :mod:`robosim.ik.branches`: :func:`branch_labels` names each solution's branch (shoulder
  right/left, elbow up/down, wrist flip; Lynx6 facing/leaning back, elbow up/down).

>>> import robosim
>>> from robosim import ik
>>> robot = robosim.load_robot("Lynx6")
>>> result = ik.solve(robot, robot.fk(robot.home)[:3, 3], axes="position")
>>> bool(result.success)
True
"""

from .branches import branch_labels
from .closed_form import (
                          LYNX6_BRANCHES,
                          SOLVED_BY_FORMULA,
                          Lynx6Solution,
                          ThreeRSolutions,
                          anthropomorphic_3r_ik,
                          anthropomorphic_3r_robot,
                          is_lynx6_shaped,
                          lynx6_ik,
                          lynx6_link_lengths,
                          lynx6_path,
                          lynx6_solutions,
)
from .every_solution import solve_all
from .general import GeneralSolutions, general_applies, general_ik
from .pieper import PieperSolutions, pieper_applies, pieper_ik
from .self_motion import MAX_SELF_MOTION_STEPS, PREDICTOR_STEP, SelfMotion, self_motion
from .numeric import (
                          ANGLE_TOLERANCE,
                          CONVERGED,
                          POSITION_TOLERANCE,
                          IKResult,
                          PathResult,
                          check_targets,
                          damped_least_squares,
                          parse_axes,
                          solve,
                          solve_path,
)

__all__ = ["ANGLE_TOLERANCE", "CONVERGED", "GeneralSolutions", "IKResult", "LYNX6_BRANCHES",
           "Lynx6Solution",
           "POSITION_TOLERANCE", "PathResult", "PieperSolutions", "SOLVED_BY_FORMULA",
           "ThreeRSolutions",
           "anthropomorphic_3r_ik", "anthropomorphic_3r_robot", "branch_labels", "check_targets",
           "damped_least_squares",
           "general_applies", "general_ik", "is_lynx6_shaped", "lynx6_ik", "lynx6_link_lengths",
           "lynx6_path", "lynx6_solutions", "parse_axes", "pieper_applies", "pieper_ik", "solve",
           "solve_all", "solve_path", "MAX_SELF_MOTION_STEPS", "PREDICTOR_STEP", "SelfMotion",
           "self_motion"]
