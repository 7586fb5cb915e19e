"""A URDF file read into a model: its links, joints, meshes and inertials, and the serial chains
through it.

URDF (the Unified Robot Description Format of ROS) describes a robot as a tree of links joined
by joints. :func:`read_urdf` (a file) and :func:`parse_urdf` (its text, through
:func:`parse_xml`) give a :class:`UrdfModel` (:class:`UrdfLink`, :class:`UrdfJoint`,
:class:`UrdfMesh`, :class:`UrdfInertial`); :func:`default_tip` and :func:`chain` pick the
serial chain from the root to a tip, and :func:`chain_frames` multiplies its origins and
motions out. :func:`robosim.robot_files.load_urdf` builds a robot from it.

Every file is bounded as robosim bounds all files it reads: at most :data:`MAX_URDF_BYTES`,
elements nested at most :data:`MAX_XML_DEPTH` deep, at most :data:`MAX_XML_ELEMENTS` of them,
and no document type declaration (``<!DOCTYPE``): URDF needs none, and the entities one
declares can expand a kilobyte into gigabytes ("billion laughs"), so such a file is refused
before anything is expanded.
"""

from __future__ import annotations

import math
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from xml.parsers import expat

import numpy as np

from ..errors import RobotFileError, ValidationError, brief
from ..files import read_user_bytes
from ..kinematics import MAX_JOINTS, MAX_NAME_CHARACTERS, xyzrpy2tr
from ..parsing import parse_number


#: The largest URDF read (bytes): the biggest real ones (a humanoid with its gazebo
#: elements) are a few hundred kilobytes.
MAX_URDF_BYTES = 16 << 20
#: Largest magnitude of a number in a URDF (metres, radians, kg, kg m^2): a kilometre and
#: more is no arm, and every product the kinematics forms stays finite.
MAX_NUMBER = 1e6
#: Deepest element nesting accepted (a URDF nests about 5 deep).
MAX_XML_DEPTH = 32
#: Most elements in one file.
MAX_XML_ELEMENTS = 200_000
#: Joints named with one of these words (or with a ``<mimic>``) are a gripper's, not the arm's,
#: unless an arm joint hangs beyond them (:func:`gripper_joints`).
GRIPPER_WORDS = ("finger", "gripper")
MOVABLE_TYPES = ("revolute", "continuous", "prismatic")
JOINT_TYPES = (*MOVABLE_TYPES, "fixed", "floating", "planar")
#: White space between the numbers of an attribute (XML's: space, tab, line ends).
_XML_SPACE = re.compile(r"[ \t\r\n]+")


@dataclass(frozen=True)
class UrdfMesh:
    """A ``<mesh>`` of a link's ``<visual>`` or ``<collision>``: the file as written, its
    placement ``(4, 4)`` in the link's frame, and its scale (None when not uniform).

    Examples
    --------
    A mesh drawn in millimetres (scale 0.001 to metres), 10 cm above its link's origin:

    >>> link = parse_urdf(b'''<robot name="r"><link name="rod"><visual><origin xyz="0 0 0.1"/>
    ...   <geometry><mesh filename="rod.stl" scale="0.001 0.001 0.001"/></geometry>
    ... </visual></link></robot>''').links["rod"]
    >>> mesh = link.visuals[0]
    >>> mesh.filename, mesh.scale, mesh.origin[:3, 3].tolist()
    ('rod.stl', 0.001, [0.0, 0.0, 0.1])
    """

    filename: str
    origin: np.ndarray
    scale: float | None


@dataclass(frozen=True)
class UrdfInertial:
    """A link's ``<inertial>``: mass (kg), the inertial frame ``(4, 4)`` in the link's frame
    (its origin the centre of mass) and the inertia ``(3, 3)`` about it (kg m^2).

    Examples
    --------
    A thin rod of 2 kg and 1 m along x: its centre of mass is at 0.5 m, and about it
    ``m L^2 / 12 = 2 / 12 = 0.1667`` kg m^2 about y and z.

    >>> inertial = parse_urdf(b'''<robot name="r"><link name="rod"><inertial>
    ...   <origin xyz="0.5 0 0"/><mass value="2"/>
    ...   <inertia ixx="0" iyy="0.1667" izz="0.1667" ixy="0" ixz="0" iyz="0"/>
    ... </inertial></link></robot>''').links["rod"].inertial
    >>> inertial.mass, inertial.origin[:3, 3].tolist(), np.diag(inertial.inertia).tolist()
    (2.0, [0.5, 0.0, 0.0], [0.0, 0.1667, 0.1667])
    """

    mass: float
    origin: np.ndarray
    inertia: np.ndarray


@dataclass(frozen=True)
class UrdfLink:
    """A ``<link>``: its name, its visual and collision meshes, and its inertial (or None).

    Examples
    --------
    >>> rod = parse_urdf(b'''<robot name="rod"><link name="rod">
    ...   <visual><origin xyz="0 0 0.1"/>
    ...     <geometry><mesh filename="rod.stl" scale="0.001 0.001 0.001"/></geometry></visual>
    ...   <inertial><origin xyz="0.5 0 0"/><mass value="2"/>
    ...     <inertia ixx="0" iyy="0.1667" izz="0.1667" ixy="0" ixz="0" iyz="0"/></inertial>
    ... </link></robot>''').links["rod"]
    >>> rod.name, len(rod.visuals), len(rod.collisions), rod.inertial is not None
    ('rod', 1, 0, True)
    """

    name: str
    visuals: tuple[UrdfMesh, ...] = ()
    collisions: tuple[UrdfMesh, ...] = ()
    inertial: UrdfInertial | None = None


@dataclass(frozen=True)
class UrdfMimic:
    """A joint's ``<mimic joint multiplier offset>``: it moves as ``multiplier * q + offset``,
    ``q`` the value of ``joint`` (radians or metres).

    Examples
    --------
    A gripper's second finger follows the first, mirrored:

    >>> model = parse_urdf(b'''<robot name="hand"><link name="palm"/><link name="f1"/>
    ...   <link name="f2"/>
    ...   <joint name="finger1" type="prismatic"><parent link="palm"/><child link="f1"/>
    ...     <limit lower="0" upper="0.04"/></joint>
    ...   <joint name="finger2" type="prismatic"><parent link="palm"/><child link="f2"/>
    ...     <limit lower="-0.04" upper="0"/><mimic joint="finger1" multiplier="-1"/></joint>
    ... </robot>''')
    >>> model.joints[1].mimic
    UrdfMimic(joint='finger1', multiplier=-1.0, offset=0.0)
    """

    joint: str
    multiplier: float = 1.0
    offset: float = 0.0


@dataclass(frozen=True)
class UrdfJoint:
    """A ``<joint>``: ``origin`` ``(4, 4)`` in the parent's frame, unit ``axis`` ``(3,)`` in the
    joint's frame, ``limits`` (radians or metres; None for a continuous or fixed joint).

    Examples
    --------
    The two-link arm with unit links written as a URDF: its second joint sits 1 m along its
    parent's x axis and turns about z.

    >>> from robosim.robot_files import robot_to_urdf
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> model = parse_urdf(robot_to_urdf(arm).encode())   # joint 2 and the tool 1 m further on
    >>> elbow = model.joints[1]
    >>> elbow.name, elbow.type, elbow.parent, elbow.child, elbow.movable
    ('joint2', 'revolute', 'link1', 'link2', True)
    >>> elbow.origin[:3, 3].tolist(), elbow.axis.tolist()
    ([1.0, 0.0, 0.0], [0.0, 0.0, 1.0])
    """

    name: str
    type: str
    parent: str
    child: str
    origin: np.ndarray
    axis: np.ndarray
    limits: tuple[float, float] | None = None
    mimic: UrdfMimic | None = None

    @property
    def movable(self) -> bool:
        return self.type in MOVABLE_TYPES

    @property
    def looks_like_gripper(self) -> bool:
        """A ``<mimic>`` joint, or one named with a word of :data:`GRIPPER_WORDS`: the
        gripper's, unless an arm joint hangs beyond it (:func:`gripper_joints`)."""
        return self.mimic is not None or any(word in self.name.lower()
                                             for word in GRIPPER_WORDS)

    def motion(self, q: float) -> np.ndarray:
        """The child's frame in the joint's frame at ``q`` ``(4, 4)``: Rodrigues' rotation
        about the axis, a slide along it, or the identity for a fixed joint.

        Examples
        --------
        A quarter turn about z (the two-link arm's elbow) takes x to y:

        >>> from robosim.robot_files import robot_to_urdf
        >>> from robosim import Joint, Robot
        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
        >>> model = parse_urdf(robot_to_urdf(arm).encode())   # joint 2 and the tool 1 m further on
        >>> turn = model.joints[1].motion(np.pi / 2)
        >>> (turn[:3, :3] @ [1, 0, 0]).round(6).tolist()
        [0.0, 1.0, 0.0]
        """
        out = np.eye(4)
        if self.type == "prismatic":
            out[:3, 3] = q * self.axis
        elif self.movable:
            k = np.array([[0.0, -self.axis[2], self.axis[1]], [self.axis[2], 0.0, -self.axis[0]],
                          [-self.axis[1], self.axis[0], 0.0]])
            out[:3, :3] = np.eye(3) + math.sin(q) * k + (1.0 - math.cos(q)) * (k @ k)
        return out


@dataclass(frozen=True)
class UrdfModel:
    """A URDF's tree: links by name, joints in file order, the root link, the file.

    Examples
    --------
    The two-link arm written as a URDF: a base link, one link per joint, and the tool.

    >>> from robosim.robot_files import robot_to_urdf
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> model = parse_urdf(robot_to_urdf(arm).encode())   # joint 2 and the tool 1 m further on
    >>> model.name, model.root, list(model.links)
    ('2R', 'base_link', ['base_link', 'link1', 'link2', 'tool'])
    """

    name: str
    links: dict[str, UrdfLink]
    joints: tuple[UrdfJoint, ...]
    root: str
    source: str

    def children(self, link: str) -> list[UrdfJoint]:
        """The joints whose parent is ``link``, in file order.

        Examples
        --------
        >>> from robosim.robot_files import robot_to_urdf
        >>> from robosim import Joint, Robot
        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
        >>> model = parse_urdf(robot_to_urdf(arm).encode())   # joint 2 and the tool 1 m further on
        >>> [joint.name for joint in model.children("link1")], model.children("tool")
        (['joint2'], [])
        """
        return [joint for joint in self.joints if joint.parent == link]

    def path_to(self, tip: str) -> list[UrdfJoint]:
        """The joints from the root to link ``tip``, root first.

        Examples
        --------
        >>> from robosim.robot_files import robot_to_urdf
        >>> from robosim import Joint, Robot
        >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
        >>> model = parse_urdf(robot_to_urdf(arm).encode())   # joint 2 and the tool 1 m further on
        >>> [joint.name for joint in model.path_to("tool")]
        ['joint1', 'joint2', 'tool_joint']
        """
        parents = {joint.child: joint for joint in self.joints}
        path = []
        while tip != self.root:
            joint = parents[tip]
            path.append(joint)
            tip = joint.parent
        return path[::-1]


# ------------------------------------------------------------------------------ reading
class _Refused(Exception):
    """Raised inside the XML parser's handlers; turned into a RobotFileError."""


def parse_xml(data: bytes, source: str) -> ET.Element:
    """The element tree of ``data``, bounded (see the module's notes), or a RobotFileError.

    Parsed with expat, the standard library's XML parser, with handlers that stop at a
    document type declaration (so no entity is ever declared, let alone expanded), at an
    element nested deeper than :data:`MAX_XML_DEPTH` and at more than
    :data:`MAX_XML_ELEMENTS` elements. Text between elements is not kept (URDF has none).

    Examples
    --------
    >>> parse_xml(b'<robot name="r"><link name="base"/></robot>', "r.urdf")[0].attrib
    {'name': 'base'}
    >>> parse_xml(b'<!DOCTYPE robot [<!ENTITY a "aaa">]><robot/>', "r.urdf")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    robosim.errors.RobotFileError: r.urdf: it declares a document type (<!DOCTYPE>); ...

    An encoding Python does not know is one line too, not a LookupError:

    >>> parse_xml(b'<?xml version="1.0" encoding="x-bogus-42"?><robot/>', "r.urdf")
    Traceback (most recent call last):
    ...
    robosim.errors.RobotFileError: r.urdf: cannot read the text encoding its XML declaration
        names (unknown encoding: x-bogus-42): save it as UTF-8
    """
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    depth = count = 0

    def start(tag, attributes):
        nonlocal depth, count
        depth += 1
        count += 1
        if depth > MAX_XML_DEPTH:
            raise _Refused(f"elements nested more than {MAX_XML_DEPTH} deep")
        if count > MAX_XML_ELEMENTS:
            raise _Refused(f"more than {MAX_XML_ELEMENTS:,} elements")
        builder.start(tag, attributes)

    def end(tag):
        nonlocal depth
        depth -= 1
        builder.end(tag)

    def doctype(*_):
        raise _Refused("it declares a document type (<!DOCTYPE>); URDF needs none, and the "
                       "entities it may declare can expand without bound ('billion laughs'): "
                       "remove the declaration")

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise RobotFileError(f"{source}: not XML (line {exc.lineno}, column {exc.offset + 1}: "
                             f"{expat.ErrorString(exc.code)})") from None
    except _Refused as exc:
        raise RobotFileError(f"{source}: {exc}") from None
    except (LookupError, ValueError) as exc:
        # expat looks the declared encoding up in Python's codecs: an unknown name is a
        # LookupError, a multi-byte one it cannot decode (UTF-32, Shift-JIS) a ValueError
        raise RobotFileError(f"{source}: cannot read the text encoding its XML declaration "
                             f"names ({str(exc)[:80]}): save it as UTF-8") from None
    return builder.close()


def read_urdf(path: str | os.PathLike[str]) -> UrdfModel:
    """The tree a URDF file describes; see :func:`parse_urdf`.

    Examples
    --------
    The two-link arm with unit links exported (:func:`export_urdf`) and read back:

    >>> from pathlib import Path
    >>> from robosim.robot_files import export_urdf
    >>> import tempfile
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     model = read_urdf(export_urdf(arm, Path(folder) / "2r.urdf"))
    >>> [(joint.name, joint.type) for joint in model.joints]
    [('joint1', 'revolute'), ('joint2', 'revolute'), ('tool_joint', 'fixed')]
    """
    data = read_user_bytes(path, RobotFileError, what="URDF file", max_bytes=MAX_URDF_BYTES)
    return parse_urdf(data, str(path))


def parse_urdf(data: bytes, source: str = "URDF") -> UrdfModel:
    """The tree of URDF text ``data``: links, joints and the root link.

    Raises
    ------
    RobotFileError
        Not XML, not bounded (see the module's notes), not a ``<robot>``, an xacro file, a
        number that is not one, a joint naming a link that does not exist, a zero axis, a link
        that is the child of two joints, a loop of joints, more than one root. The message
        starts with ``source`` and names the joint or link.

    Examples
    --------
    One revolute joint 1 m up from the base, turning about y, limited to +-90 degrees:

    >>> model = parse_urdf(b'''<robot name="one"><link name="base"/><link name="arm"/>
    ...   <joint name="shoulder" type="revolute"><parent link="base"/><child link="arm"/>
    ...     <origin xyz="0 0 1"/><axis xyz="0 1 0"/><limit lower="-1.5708" upper="1.5708"/>
    ...   </joint></robot>''')
    >>> joint = model.joints[0]
    >>> model.root, joint.origin[:3, 3].tolist(), joint.axis.tolist(), joint.limits
    ('base', [0.0, 0.0, 1.0], [0.0, 1.0, 0.0], (-1.5708, 1.5708))
    """
    root = parse_xml(data, source)
    if root.tag != "robot":
        raise RobotFileError(f"{source}: not a URDF (its top element is <{brief(root.tag, 30)}>, "
                             f"not <robot>)")
    if any(element.tag.startswith("xacro:") for element in root.iter()):
        raise RobotFileError(f"{source}: a xacro file (it holds xacro: elements): run xacro "
                             f"on it first to get the URDF")
    links = {}
    for element in root.findall("link"):
        link = _link(element, source)
        if link.name in links:
            raise RobotFileError(f"{source}: link {link.name!r} is defined twice")
        links[link.name] = link
    joints, names = [], set()
    parents: dict[str, UrdfJoint] = {}
    for element in root.findall("joint"):
        joint = _joint(element, links, source)
        if joint.name in names:
            raise RobotFileError(f"{source}: joint {joint.name!r} is defined twice")
        if joint.child in parents:
            raise RobotFileError(f"{source}: link {joint.child!r} is the child of two joints "
                                 f"({parents[joint.child].name!r} and {joint.name!r}): a URDF "
                                 f"is a tree")
        names.add(joint.name)
        parents[joint.child] = joint
        joints.append(joint)
    if not links:
        raise RobotFileError(f"{source}: the URDF has no <link>")
    _check_mimics(joints, source)
    return UrdfModel(name=str(root.get("name", "robot"))[:MAX_NAME_CHARACTERS], links=links,
                     joints=tuple(joints), root=_root(links, parents, source), source=source)


def _check_mimics(joints, source):
    """Refuse a ``<mimic>`` that follows no joint of the file, a joint that does not move, or
    (through other mimic joints) itself."""
    by_name = {joint.name: joint for joint in joints}
    for joint in joints:
        if joint.mimic is None:
            continue
        where = f"{source}: joint {joint.name!r}: its <mimic>"
        leader = by_name.get(joint.mimic.joint)
        if leader is None:
            raise RobotFileError(f"{where} follows joint {brief(joint.mimic.joint)}, which is "
                                 f"not a <joint> of the file")
        if not leader.movable:
            raise RobotFileError(f"{where} follows joint {leader.name!r}, which is "
                                 f"{leader.type}: a mimic follows a joint that moves")
        seen = [joint.name]
        while leader.mimic is not None and leader.name not in seen:
            seen.append(leader.name)
            leader = by_name[leader.mimic.joint]
        if leader.name in seen:
            loop = " -> ".join([*seen[seen.index(leader.name):], leader.name])
            raise RobotFileError(f"{where}s form a loop ({loop}): a mimic joint follows a "
                                 f"joint that moves on its own")


def _root(links, parents, source):
    """The one link without a parent joint, after refusing loops."""
    for start in links:
        seen: list[str] = []
        link = start
        while link in parents:
            if link in seen:
                loop = " -> ".join(parents[name].name for name in seen[seen.index(link):])
                raise RobotFileError(f"{source}: the joints form a loop ({loop}): a URDF is a "
                                     f"tree")
            seen.append(link)
            link = parents[link].parent
    roots = [name for name in links if name not in parents]
    if len(roots) != 1:
        raise RobotFileError(f"{source}: {len(roots)} links have no parent joint "
                             f"({', '.join(roots[:5])}): a URDF has one root link")
    return roots[0]


def _name(element, what, source):
    name = element.get("name")
    if not name or len(name) > 4 * MAX_NAME_CHARACTERS:
        raise RobotFileError(f"{source}: a <{what}> without a name (or with one of more than "
                             f"{4 * MAX_NAME_CHARACTERS} characters)")
    return name


def _numbers(text, count, where, source, bound=MAX_NUMBER):
    """``count`` numbers of an attribute, separated by XML white space, each read by
    :func:`robosim.parsing.parse_number` (ASCII decimal notation) and within ``bound``."""
    parts = _XML_SPACE.split(str(text).strip(" \t\r\n")) if text is not None else []
    values = []
    for part in parts if len(parts) == count else ():
        try:
            values.append(parse_number(part, where))
        except ValidationError as exc:
            raise RobotFileError(f"{source}: {exc}") from None
    if len(values) != count or not all(abs(v) <= bound for v in values):
        raise RobotFileError(f"{source}: {where} must be {count} finite number(s) within "
                             f"+-{bound:g}, got {brief(text)}")
    return values


def _origin(element, where, source):
    """The ``<origin xyz rpy>`` child of ``element`` as a transform (identity without one)."""
    origin = element.find("origin")
    if origin is None:
        return np.eye(4)
    xyz = _numbers(origin.get("xyz", "0 0 0"), 3, f"{where}: origin xyz", source)
    rpy = _numbers(origin.get("rpy", "0 0 0"), 3, f"{where}: origin rpy", source)
    return xyzrpy2tr(xyz, rpy)


def _meshes(link_element, tag, where, source):
    meshes = []
    for element in link_element.findall(tag):
        mesh = element.find("geometry/mesh")
        if mesh is None or not mesh.get("filename"):
            continue
        scale = _numbers(mesh.get("scale", "1 1 1"), 3, f"{where}: mesh scale", source)
        uniform = scale[0] if scale[0] == scale[1] == scale[2] and scale[0] > 0 else None
        meshes.append(UrdfMesh(mesh.get("filename"), _origin(element, where, source), uniform))
    return tuple(meshes)


def _link(element, source):
    name = _name(element, "link", source)
    where = f"link {name!r}"
    inertial = None
    block = element.find("inertial")
    if block is not None:
        mass_element, inertia_element = block.find("mass"), block.find("inertia")
        mass = _numbers(mass_element.get("value") if mass_element is not None else None, 1,
                        f"{where}: inertial mass", source)[0]
        if mass < 0:
            raise RobotFileError(f"{source}: {where}: inertial mass {mass:g} kg is negative")
        moments = [0.0] * 6
        if inertia_element is not None:
            moments = [_numbers(inertia_element.get(key, "0"), 1, f"{where}: inertia {key}",
                                source)[0]
                       for key in ("ixx", "iyy", "izz", "ixy", "iyz", "ixz")]
        xx, yy, zz, xy, yz, xz = moments
        inertial = UrdfInertial(mass, _origin(block, where, source),
                                np.array([[xx, xy, xz], [xy, yy, yz], [xz, yz, zz]]))
    return UrdfLink(name, _meshes(element, "visual", where, source),
                    _meshes(element, "collision", where, source), inertial)


def _joint(element, links, source):
    name = _name(element, "joint", source)
    where = f"joint {name!r}"
    kind = element.get("type")
    if kind not in JOINT_TYPES:
        raise RobotFileError(f"{source}: {where}: type must be one of {', '.join(JOINT_TYPES)}, "
                             f"got {brief(kind)}")
    ends: dict[str, str] = {}
    for end in ("parent", "child"):
        tag = element.find(end)
        link = tag.get("link") if tag is not None else None
        if link is None or link not in links:
            raise RobotFileError(f"{source}: {where}: its {end} link {brief(link)} is not a "
                                 f"<link> of the file")
        ends[end] = link
    axis = np.array([1.0, 0.0, 0.0])
    axis_element = element.find("axis")
    if axis_element is not None:
        axis = np.array(_numbers(axis_element.get("xyz", "1 0 0"), 3, f"{where}: axis", source))
    norm = float(np.linalg.norm(axis))
    if kind in MOVABLE_TYPES and norm < 1e-9:
        raise RobotFileError(f"{source}: {where}: its axis is zero ({axis_element.get('xyz')}): "
                             f"give the direction it turns or slides about")
    limits = None
    limit = element.find("limit")
    if kind == "prismatic" and (limit is None or limit.get("lower") is None
                                or limit.get("upper") is None):
        raise RobotFileError(f"{source}: {where}: a prismatic joint needs <limit lower=... "
                             f"upper=...> (metres)")
    if kind in ("revolute", "prismatic") and limit is not None \
            and (limit.get("lower") is not None or limit.get("upper") is not None):
        lower = _numbers(limit.get("lower", "0"), 1, f"{where}: limit lower", source)[0]
        upper = _numbers(limit.get("upper", "0"), 1, f"{where}: limit upper", source)[0]
        if lower > upper:
            raise RobotFileError(f"{source}: {where}: limits are reversed (lower {lower:g} > "
                                 f"upper {upper:g})")
        limits = (lower, upper)
    return UrdfJoint(name, kind, ends["parent"], ends["child"], _origin(element, where, source),
                     axis / norm if norm else axis, limits, _mimic(element, where, source))


def _mimic(element, where, source):
    """The joint's ``<mimic>`` (None without one); which joint it follows is checked once
    every joint is read."""
    mimic = element.find("mimic")
    if mimic is None:
        return None
    leader = mimic.get("joint")
    if not leader:
        raise RobotFileError(f"{source}: {where}: its <mimic> names no joint (give "
                             f"joint=\"...\", the joint it follows)")
    multiplier = _numbers(mimic.get("multiplier", "1"), 1, f"{where}: mimic multiplier",
                          source)[0]
    offset = _numbers(mimic.get("offset", "0"), 1, f"{where}: mimic offset", source)[0]
    return UrdfMimic(leader, multiplier, offset)


# ------------------------------------------------------------------------------ the chain
def gripper_joints(model: UrdfModel) -> frozenset[str]:
    """The names of the gripper's joints: those that look like a gripper's
    (:attr:`UrdfJoint.looks_like_gripper`: a ``<mimic>``, or a name with ``finger`` or
    ``gripper``) and beyond which hangs no arm joint (a movable joint that is not the
    gripper's). So a mimic or a "gripper" name in the middle of an arm never takes the arm's
    joints after it away.

    Examples
    --------
    A two-joint arm whose second joint follows the first (``<mimic>``): it is still an arm
    joint, since a third joint hangs beyond it; a finger at the end is the gripper's.

    >>> model = parse_urdf(b'''<robot name="r"><link name="a"/><link name="b"/><link name="c"/>
    ...   <link name="d"/><link name="tip"/>
    ...   <joint name="j1" type="revolute"><parent link="a"/><child link="b"/></joint>
    ...   <joint name="j2" type="revolute"><parent link="b"/><child link="c"/>
    ...     <mimic joint="j1"/></joint>
    ...   <joint name="j3" type="revolute"><parent link="c"/><child link="d"/></joint>
    ...   <joint name="finger" type="prismatic"><parent link="d"/><child link="tip"/>
    ...     <limit lower="0" upper="0.01"/></joint></robot>''')
    >>> sorted(gripper_joints(model))
    ['finger']
    """
    children: dict[str, list[UrdfJoint]] = {}
    for joint in model.joints:
        children.setdefault(joint.parent, []).append(joint)
    order, pending = [], [model.root]
    while pending:                            # links root first, children after parents
        link = pending.pop()
        order.append(link)
        pending += [joint.child for joint in children.get(link, ())]
    arm_beyond: dict[str, bool] = {}
    gripper: set[str] = set()
    for link in reversed(order):              # children first
        beyond = False
        for joint in children.get(link, ()):
            if joint.looks_like_gripper and not arm_beyond[joint.child]:
                gripper.add(joint.name)
            else:
                beyond = beyond or joint.movable or arm_beyond[joint.child]
        arm_beyond[link] = beyond
    return frozenset(gripper)


def default_tip(model: UrdfModel) -> str:
    """The tip :func:`load_urdf` takes without ``tip=`` (see the module's notes): the link
    reached through the most movable joints, not through a gripper joint
    (:func:`gripper_joints`); then the furthest from the root; then the first in the file.

    Examples
    --------
    The two-link arm's URDF: the tool is as many movable joints away as ``link2`` (two), and
    one joint further from the root.

    >>> from robosim.robot_files import robot_to_urdf
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> model = parse_urdf(robot_to_urdf(arm).encode())   # joint 2 and the tool 1 m further on
    >>> default_tip(model)
    'tool'
    """
    gripper = gripper_joints(model)
    best, best_key = model.root, (-1, -1)
    pending = [(model.root, 0, 0)]
    while pending:
        link, movable, depth = pending.pop(0)
        if (movable, depth) > best_key:
            best, best_key = link, (movable, depth)
        pending += [(joint.child, movable + joint.movable, depth + 1)
                    for joint in model.children(link) if joint.name not in gripper]
    return best


def chain(model: UrdfModel, tip: str | None = None) -> tuple[list[UrdfJoint], str]:
    """The joints from the root to ``tip`` (default :func:`default_tip`) and the tip's name.

    Raises
    ------
    RobotFileError
        ``tip`` is not a link; a floating or planar joint is on the chain (named); the chain
        has no movable joint or more than :data:`robosim.kinematics.MAX_JOINTS`.

    Examples
    --------
    >>> from robosim.robot_files import robot_to_urdf
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> model = parse_urdf(robot_to_urdf(arm).encode())   # joint 2 and the tool 1 m further on
    >>> path, tip = chain(model, tip="link2")
    >>> [joint.name for joint in path], tip
    (['joint1', 'joint2'], 'link2')
    """
    if tip is None:
        tip = default_tip(model)
    elif tip not in model.links:
        raise RobotFileError(f"{model.source}: no link called {brief(tip)} (the tip must be one "
                             f"of the file's links)")
    path = model.path_to(tip)
    for joint in path:
        if joint.type in ("floating", "planar"):
            raise RobotFileError(f"{model.source}: joint {joint.name!r} is {joint.type}: robosim "
                                 f"reads serial arms of revolute, continuous and prismatic "
                                 f"joints (fix the base, or give a tip after it)")
    movable = sum(joint.movable for joint in path)
    if movable == 0:
        raise RobotFileError(f"{model.source}: no movable joint between the root link "
                             f"{model.root!r} and the tip {tip!r}")
    if movable > MAX_JOINTS:
        raise RobotFileError(f"{model.source}: {movable} movable joints between {model.root!r} "
                             f"and {tip!r}; robosim takes at most {MAX_JOINTS}")
    return path, tip


def chain_frames(path: Sequence[UrdfJoint], q: Sequence[float]) -> list[np.ndarray]:
    """The frame ``(4, 4)`` of each joint's child link, root coordinates: the URDF's own
    forward kinematics, ``origin_1 @ motion_1(q_1) @ origin_2 @ ...``.

    ``q`` holds one value per movable joint of ``path``, in order (fixed joints take none).

    Examples
    --------
    The two-link arm with unit links at ``q = (0, 90 deg)``: link 1 at the origin, link 2 at
    the elbow (1, 0, 0), the tool at ``(1, 0, 0) + (0, 1, 0) = (1, 1, 0)``.

    >>> from robosim.robot_files import robot_to_urdf
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> model = parse_urdf(robot_to_urdf(arm).encode())   # joint 2 and the tool 1 m further on
    >>> path, _ = chain(model)
    >>> [(frame[:3, 3].round(6) + 0.0).tolist() for frame in chain_frames(path, [0.0, np.pi / 2])]
    [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0]]
    """
    values = iter(q)
    frame, frames = np.eye(4), []
    for joint in path:
        frame = frame @ joint.origin
        if joint.movable:
            frame = frame @ joint.motion(next(values))
        frames.append(frame)
    return frames
