"""Any robot written as a URDF file that reads back with the same kinematics.

:func:`robot_to_urdf` gives the text and :func:`export_urdf` writes it: one URDF joint per DH
row, limits, meshes as visuals and dynamics as inertials, in metres.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np

from ..dynamics import Dynamics
from ..errors import RobotFileError, ValidationError, ValidationTypeError, brief
from ..files import file_name, write_readable_text
from ..kinematics import Robot, homogeneous, rpy2r, tr2xyzrpy
from .meshes import RobotMeshes
from .urdf_import import mesh_folders
from .urdf_model import MAX_URDF_BYTES


#: Lengths in a URDF, metres.
_UNIT_METRES = {"m": 1.0, "cm": 0.01, "mm": 0.001}
#: A character XML 1.0 cannot hold, not even as a character reference (``&#1;`` is no XML):
#: control characters but tab and line ends, lone surrogates, U+FFFE and U+FFFF.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text, what):
    r"""``text`` (a name, a file name) if XML can hold it, else a RobotFileError naming
    ``what`` and the character: the writer escapes the rest (``&``, ``<``, quotes, line ends).

    Examples
    --------
    >>> _xml_text("Lynx & 6", "robot name")
    'Lynx & 6'
    >>> _xml_text("Lynx\x016", "robot name")
    Traceback (most recent call last):
    ...
    robosim.errors.RobotFileError: robot name 'Lynx\x016' holds U+0001, a character XML (and so
        URDF) cannot hold: change it before exporting
    """
    bad = _NOT_XML.search(text)
    if bad is not None:
        raise RobotFileError(f"{what} {brief(text)} holds U+{ord(bad.group()):04X}, a character "
                             f"XML (and so URDF) cannot hold: change it before exporting")
    return text


# ------------------------------------------------------------------------------ writing
def _urdf_number(value):
    """``value`` as the URDF file writes it: the shortest text that reads back as the same
    float, and ``0.0`` for a negative zero (adding ``0.0`` turns ``-0.0`` into ``0.0``).

    Examples
    --------
    >>> _urdf_number(-0.0), _urdf_number(np.float64(0.25)), _urdf_number(1)
    ('0.0', '0.25', '1.0')
    """
    return repr(float(value) + 0.0)


def _urdf_numbers(values):
    """Several numbers as one URDF attribute, e.g. ``xyz="0.25 0.0 0.0"``."""
    return " ".join(_urdf_number(v) for v in values)


def _origin_element(parent, transform):
    xyz, rpy = tr2xyzrpy(transform)
    ET.SubElement(parent, "origin", xyz=_urdf_numbers(xyz), rpy=_urdf_numbers(rpy))


def _scaled(transform, metres):
    out = np.array(transform, dtype=float)
    out[:3, 3] *= metres
    return out


def _dh_pieces(robot):
    """Per joint ``(before, after)``: ``A_i(q) = before @ motion(q) @ after`` with the motion
    a turn about or slide along z, robot units. Standard DH: before is the identity; modified:
    after is."""
    pieces = []
    for joint in robot.joints:
        constant_theta = joint.offset if joint.is_revolute else joint.theta
        constant_d = joint.d if joint.is_revolute else joint.offset
        turn = homogeneous(rpy2r([0.0, 0.0, constant_theta]), [0.0, 0.0, constant_d])
        twist = homogeneous(rpy2r([joint.alpha, 0.0, 0.0]), [0.0, 0.0, 0.0])
        slide = homogeneous(np.eye(3), [joint.a, 0.0, 0.0])
        if robot.convention == "standard":
            pieces.append((np.eye(4), turn @ slide @ twist))
        else:
            pieces.append((twist @ slide @ turn, np.eye(4)))
    return pieces


def robot_to_urdf(robot: Robot) -> str:
    """URDF text of ``robot``, in metres (see :func:`export_urdf`).

    Raises
    ------
    RobotFileError
        The robot's name, a joint's name or a mesh's file name holds a character XML cannot
        hold (a control character, a lone surrogate): what robosim writes, it reads back.

    Examples
    --------
    The two-link arm with unit links: its second joint 1 m along x from the first.

    >>> from robosim import Joint, Robot
    >>> text = robot_to_urdf(Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m"))
    >>> lines = [line.strip() for line in text.splitlines()]
    >>> lines[lines.index('<joint name="joint2" type="revolute">') + 1].split(" rpy")[0]
    '<origin xyz="1.0 0.0 0.0"'
    """
    if not isinstance(robot, Robot):
        raise ValidationTypeError(f"a URDF is written from a Robot (robosim.load_robot gives "
                                  f"one), got {type(robot).__name__} {brief(robot)}")
    metres = _UNIT_METRES[robot.unit]
    pieces = _dh_pieces(robot)
    top = ET.Element("robot", name=_xml_text(robot.name, "robot name"))
    names = [joint.name for joint in robot.joints]
    if len(set(names)) != len(names) or not all(names):
        names = [f"joint{i}" for i in range(1, robot.n + 1)]
    for i, name in enumerate(names, start=1):
        _xml_text(name, f"joint {i}: name")
    link_names = ["base_link", *(f"link{i}" for i in range(1, robot.n + 1)), "tool"]
    meshes = robot.meshes if isinstance(robot.meshes, RobotMeshes) else None
    dynamics = robot.dynamics if isinstance(robot.dynamics, Dynamics) else None
    for index, link_name in enumerate(link_names):
        link = ET.SubElement(top, "link", name=link_name)
        if 1 <= index <= robot.n:
            # The URDF link i's frame is DH frame i-1 turned by q_i: DH frame i is
            # link_frame @ after_i.
            after = pieces[index - 1][1]
            if dynamics is not None:
                _inertial_element(link, dynamics.links[index - 1], after, metres)
            spec = meshes.links[index - 1] if meshes is not None else None
        else:
            after = np.eye(4)
            spec = meshes.base if meshes is not None and index == 0 else None
        if spec is not None:
            visual = ET.SubElement(link, "visual")
            _origin_element(visual, _scaled(after @ spec.transform, metres))
            geometry = ET.SubElement(visual, "geometry")
            ET.SubElement(geometry, "mesh",
                          filename=_xml_text(str(spec.path.resolve()), f"{link_name}: mesh file"),
                          scale=_urdf_numbers([spec.scale * metres] * 3))
    previous_after = robot.base
    for i, (joint, (before, after)) in enumerate(zip(robot.joints, pieces, strict=True)):
        element = ET.SubElement(top, "joint", name=names[i],
                                type="revolute" if joint.is_revolute else "prismatic")
        _origin_element(element, _scaled(previous_after @ before, metres))
        ET.SubElement(element, "parent", link=link_names[i])
        ET.SubElement(element, "child", link=link_names[i + 1])
        ET.SubElement(element, "axis", xyz=_urdf_numbers([0.0, 0.0, 1.0]))
        lower, upper = (v * (1.0 if joint.is_revolute else metres) for v in joint.limits)
        ET.SubElement(element, "limit", lower=_urdf_number(lower), upper=_urdf_number(upper),
                      effort=_urdf_number(0.0), velocity=_urdf_number(0.0))
        previous_after = after
    tool = ET.SubElement(top, "joint", name="tool_joint", type="fixed")
    _origin_element(tool, _scaled(previous_after @ robot.tool, metres))
    ET.SubElement(tool, "parent", link=link_names[-2])
    ET.SubElement(tool, "child", link="tool")
    about = f"{robot.name} written by robosim from its {robot.convention} DH table " \
            f"({robot.unit} converted to metres)"
    top.insert(0, ET.Comment(" " + about.replace("--", "- -") + " "))
    ET.indent(top)
    return '<?xml version="1.0"?>\n' + ET.tostring(top, encoding="unicode") + "\n"


def _inertial_element(link, dynamics, after, metres):
    """``<inertial>`` of a link whose DH frame is ``after`` in the URDF link's frame."""
    inertial = ET.SubElement(link, "inertial")
    frame = after.copy()
    frame[:3, 3] = after[:3, :3] @ np.asarray(dynamics.com) + after[:3, 3]
    _origin_element(inertial, _scaled(frame, metres))
    ET.SubElement(inertial, "mass", value=_urdf_number(dynamics.mass))
    moments = dict(zip(("ixx", "iyy", "izz", "ixy", "iyz", "ixz"), dynamics.inertia, strict=True))
    ET.SubElement(inertial, "inertia", {key: _urdf_number(v) for key, v in moments.items()})


def export_urdf(robot: Robot, path: str | os.PathLike[str]) -> Path:
    """Write ``robot`` as a URDF file, atomically; :func:`load_urdf` reads it back with the
    same forward kinematics (in metres).

    One URDF joint per DH row (``revolute`` or ``prismatic`` about its z axis, with the
    robot's limits), a fixed joint to a ``tool`` link for the tool transform; each link's mesh
    as a ``<visual>`` (absolute file names) and its dynamics as an ``<inertial>``. Standard DH
    rows become ``origin = previous constant part``, ``motion = q`` about z; modified rows
    ``origin = Rx(alpha) Tx(a) Rz(offset) Tz(d)``. Joints keep their names: one named with
    ``finger`` or ``gripper`` is read back as a gripper joint unless ``tip="tool"`` is given.

    Returns the path written.

    Raises
    ------
    RobotFileError
        A text XML cannot hold (:func:`robot_to_urdf`), a mesh that :func:`load_urdf` would not
        read from where the file goes (outside the URDF's folder and robosim's library: see
        :func:`~robosim.robot_files.mesh_folders`), a file larger than it reads, or a failed
        write. Nothing is written then.

    Examples
    --------
    A robot in millimetres is written in metres: the two-link arm with 250 mm links has its
    second joint 0.25 m along x (see :func:`load_urdf` for reading it back).

    >>> from robosim.robot_files import read_urdf
    >>> import tempfile
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=250.0), Joint(a=250.0)], name="2R", unit="mm")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     model = read_urdf(export_urdf(arm, Path(folder) / "2r.urdf"))
    >>> model.joints[1].origin[:3, 3].tolist()
    [0.25, 0.0, 0.0]
    """
    if not isinstance(robot, Robot):
        raise ValidationTypeError(f"export_urdf writes a Robot, got {type(robot).__name__}")
    path = Path(file_name(path, "URDF file"))
    if path.suffix.lower() != ".urdf":
        raise ValidationError(f"{path}: a URDF file name ends in .urdf")
    _check_meshes_read_back(robot, path)
    return write_readable_text(
        path, robot_to_urdf(robot), RobotFileError, MAX_URDF_BYTES,
        lambda size: f"the URDF would be {size:,} bytes, more than the {MAX_URDF_BYTES:,} "
                     f"load_urdf reads back")


def _check_meshes_read_back(robot, path):
    """Refuse a mesh that :func:`load_urdf` would not read from a URDF at ``path``: the files
    robot_to_urdf names (base and links) must lie in the URDF's folder or robosim's library."""
    meshes = robot.meshes if isinstance(robot.meshes, RobotMeshes) else None
    if meshes is None:
        return
    folders = mesh_folders("", path.parent)
    for what, spec in (("the base", meshes.base), *((f"link {i}", spec) for i, spec
                                                    in enumerate(meshes.links, start=1))):
        if spec is not None and not any(Path(os.path.realpath(spec.path)).is_relative_to(folder)
                                        for folder in folders):
            raise RobotFileError(f"{path}: the mesh of {what}, {spec.path}, lies outside "
                                 f"{folders[0]}: load_urdf reads a URDF's meshes only from its "
                                 f"own folders (and package_dirs); write the URDF into a "
                                 f"folder that holds the meshes")
