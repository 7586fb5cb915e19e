"""Robot files: the robot library, robot files in and out, URDF in and out, STL meshes.

One concept a module, the public names re-exported here (``robosim.robot_files.load_robot``):

- :mod:`robosim.robot_files.library`: the robots that come with robosim and robot files
  (``robosim-robot/1`` JSON, CSV DH tables): :func:`load_robot`, :func:`save_robot`,
  :func:`list_robots`, every field checked;
- :mod:`robosim.robot_files.urdf_model`: a URDF file read into a :class:`UrdfModel`, bounded,
  and the serial chains through it (:func:`chain`, :func:`chain_frames`);
- :mod:`robosim.robot_files.urdf_import`: a DH robot built from a URDF chain
  (:func:`load_urdf`), checked against it, with its meshes (:func:`resolve_mesh`) and inertias;
- :mod:`robosim.robot_files.urdf_export`: any robot written as a URDF (:func:`export_urdf`);
- :mod:`robosim.robot_files.dh_extraction`: a DH table from joint axes, by the common-normal
  construction (:func:`dh_from_axes`);
- :mod:`robosim.robot_files.meshes`: STL files read, written, simplified and placed in a
  robot's frames (:func:`load_stl`, :func:`robot_meshes`).

Each of ``library`` and ``urdf_model`` bounds the numbers of its own files with its own
``MAX_NUMBER``; they differ, so neither is re-exported here.

>>> from robosim import robot_files
>>> robot_files.load_robot("Lynx6").n
5
"""

from .dh_extraction import (
                            ANGLE_TOLERANCE,
                            LENGTH_TOLERANCE,
                            PARALLEL_TOLERANCE,
                            DHFit,
                            DHRow,
                            dh_from_axes,
                            tidy_length,
)
from .library import (
                            CALIBRATION_SUFFIX,
                            FORMAT,
                            MAX_ANGLE_DEG,
                            MAX_LENGTH,
                            MAX_MESH_SCALE,
                            MAX_NAME_LENGTH,
                            ROBOT_FILE_SUFFIXES,
                            check_object_fields,
                            dh_rows,
                            format_robot_json,
                            library_robots,
                            list_robots,
                            load_robot,
                            robot_from_csv,
                            robot_from_dict,
                            robot_to_dict,
                            same_name,
                            save_robot,
)
from .library_folder import library_dir
from .meshes import (
                            DEFAULT_BUDGET,
                            GOOD_ENOUGH,
                            HEADER,
                            MAX_COORDINATE,
                            MAX_NUMBER_CHARACTERS,
                            MAX_STL_BYTES,
                            MAX_TRIANGLES,
                            SCALE_RATIO,
                            MeshSpec,
                            PlacedMesh,
                            RobotMeshes,
                            closed_surface,
                            face_normals,
                            finger_shifts,
                            finger_sides,
                            load_stl,
                            robot_meshes,
                            save_stl,
                            simplify,
                            stl_bytes,
)
from .urdf_export import export_urdf, robot_to_urdf
from .urdf_import import (
                            CHECK_POSES,
                            DRAWN_MESH_SUFFIXES,
                            FIT_TOLERANCE,
                            load_urdf,
                            mesh_folders,
                            resolve_mesh,
                            robot_from_urdf,
)
from .urdf_model import (
                            GRIPPER_WORDS,
                            JOINT_TYPES,
                            MAX_URDF_BYTES,
                            MAX_XML_DEPTH,
                            MAX_XML_ELEMENTS,
                            MOVABLE_TYPES,
                            UrdfInertial,
                            UrdfJoint,
                            UrdfLink,
                            UrdfMesh,
                            UrdfMimic,
                            UrdfModel,
                            chain,
                            chain_frames,
                            default_tip,
                            gripper_joints,
                            parse_urdf,
                            parse_xml,
                            read_urdf,
)

__all__ = ["ANGLE_TOLERANCE", "CALIBRATION_SUFFIX", "CHECK_POSES", "DEFAULT_BUDGET",
           "DHFit", "DHRow", "DRAWN_MESH_SUFFIXES", "FIT_TOLERANCE", "FORMAT", "GOOD_ENOUGH",
           "GRIPPER_WORDS", "HEADER", "JOINT_TYPES", "LENGTH_TOLERANCE", "MAX_ANGLE_DEG",
           "MAX_COORDINATE", "MAX_LENGTH", "MAX_MESH_SCALE", "MAX_NAME_LENGTH",
           "MAX_NUMBER_CHARACTERS", "MAX_STL_BYTES", "MAX_TRIANGLES", "MAX_URDF_BYTES",
           "MAX_XML_DEPTH", "MAX_XML_ELEMENTS", "MOVABLE_TYPES", "MeshSpec",
           "PARALLEL_TOLERANCE", "PlacedMesh", "ROBOT_FILE_SUFFIXES", "RobotMeshes",
           "SCALE_RATIO", "UrdfInertial", "UrdfJoint", "UrdfLink", "UrdfMesh", "UrdfMimic",
           "UrdfModel",
           "chain", "chain_frames", "check_object_fields", "closed_surface", "default_tip",
           "dh_from_axes", "dh_rows", "export_urdf", "face_normals", "finger_shifts",
           "finger_sides", "format_robot_json", "gripper_joints",
           "library_dir", "library_robots", "list_robots",
           "load_robot", "load_stl", "load_urdf", "mesh_folders", "parse_urdf", "parse_xml",
           "read_urdf", "resolve_mesh",
           "robot_from_csv", "robot_from_dict", "robot_from_urdf", "robot_meshes",
           "robot_to_dict", "robot_to_urdf", "same_name", "save_robot", "save_stl", "simplify",
           "stl_bytes", "tidy_length"]
