"""Figures without a display: the arm, paths, workspace clouds and sections, joint plots, movies.

Everything here uses matplotlib's Figure API only (no pyplot, no window, no event loop), so the
CLI draws PNGs, GIFs and MP4s on a machine without a screen, a notebook shows the figures
inline, and the GUI (:mod:`robosim.gui`) builds its screens from the same drawing objects. This
package imports neither :mod:`robosim.gui` nor :mod:`robosim.commands` (tests/test_layers.py).

- :mod:`robosim.plotting.arm`: :class:`ArmDrawing` (the 3D arm in the "links" or "lodes"
  style, updated in place), :func:`arm_figure`, :func:`save_arm_png`, :func:`joint_colour`;
- :mod:`robosim.plotting.paths`: a Cartesian path with the arm (:func:`path_figure`), and
  the obstacles it goes around;
- :mod:`robosim.plotting.obstacles`: a scene's boxes, spheres and cylinders
  (:class:`ObstacleArtists`, :func:`obstacle_faces`);
- :mod:`robosim.plotting.workspace`: workspace clouds and sections (:func:`workspace_figure`);
- :mod:`robosim.plotting.joints`: joint position / velocity / acceleration against time
  (:func:`joint_plot_figure`, :class:`JointPlots`);
- :mod:`robosim.plotting.movies`: GIF / MP4 of a trajectory (:func:`save_trajectory_movie`);
- :mod:`robosim.plotting.dynamics`: joint torques along a motion and free-fall energy
  (:func:`torque_figure`, :func:`energy_figure`, :func:`draw_torques`, :func:`draw_energy`),
  holding torques as bars (:class:`GravityBars`), :func:`save_figure_png`;
- :mod:`robosim.plotting.dh_steps`: a frame moving through each DH row's elementary motions
  (:class:`DHStepsDrawing`, :func:`dh_steps_figure`, :func:`save_dh_steps_gif`);
- :mod:`robosim.plotting.notebook`: joint sliders redrawing a figure in a notebook
  (:func:`joint_sliders`; a static figure without ipywidgets);
- :mod:`robosim.plotting.figure_result`: what the figure functions return, the figure and the
  artists they drew (:class:`FigureResult`; :class:`ArmFigure`, :class:`PathFigure`,
  :class:`JointPlotFigure`, :class:`DHStepsFigure`, :class:`TorqueFigure`).
"""

from .arm import STYLES, ArmDrawing, ArmFigure, arm_figure, joint_colour, reach_box, save_arm_png
from .dh_steps import DHStepsDrawing, DHStepsFigure, dh_steps_figure, save_dh_steps_gif
from .dynamics import (GravityBars, TorqueFigure, draw_energy, draw_torques, energy_figure,
                       save_figure_png, torque_figure, torque_unit)
from .figure_result import FigureResult
from .joints import JointPlotFigure, JointPlots, derivatives, joint_plot_figure
from .movies import MovieError, MovieExport, mp4_available, save_trajectory_movie
from .notebook import joint_sliders
from .obstacles import ObstacleArtists, obstacle_faces
from .paths import PathArtists, PathFigure, include_points, path_figure
from .workspace import (draw_cloud, draw_section_vertical, draw_section_xy, save_workspace_png,
                        workspace_figure)

__all__ = ["STYLES", "ArmDrawing", "ArmFigure", "DHStepsDrawing", "DHStepsFigure",
           "FigureResult", "GravityBars", "JointPlotFigure", "JointPlots", "MovieError",
           "MovieExport", "ObstacleArtists", "PathArtists", "PathFigure", "TorqueFigure",
           "arm_figure", "derivatives", "dh_steps_figure",
           "draw_cloud", "draw_energy", "draw_section_vertical", "draw_section_xy", "draw_torques",
           "energy_figure", "include_points", "joint_colour", "joint_plot_figure", "joint_sliders",
           "mp4_available", "obstacle_faces", "path_figure", "reach_box", "save_arm_png",
           "save_dh_steps_gif", "save_figure_png", "save_trajectory_movie", "save_workspace_png",
           "torque_figure", "torque_unit", "workspace_figure"]
