"""URDF files in and out: any serial arm a URDF describes, as a DH table; any robot as a URDF.

URDF (the Unified Robot Description Format of ROS) describes a robot as a tree of links joined
by joints. Each joint gives its ``<origin>`` in its parent link's frame (``xyz`` in metres,
``rpy`` roll-pitch-yaw about fixed x, y, z) and its ``<axis>`` in its own frame; its child
link's frame is ``origin @ motion(q)``: a turn of ``q`` radians about the axis (``revolute``,
``continuous``) or a slide of ``q`` metres along it (``prismatic``); ``fixed`` joints do not
move.

:func:`load_urdf` (and :func:`robosim.load_robot` on a ``.urdf`` path) reads the serial chain
from the root link to a tip link and gives a :class:`~robosim.Robot` in metres:

- **The chain.** By default the tip is the end of the chain with the most movable joints. A
  gripper's joints (``<mimic>`` joints, and joints named ``finger`` or ``gripper``) are not arm
  joints: the tip is chosen before them, and what hangs beyond (the fingers) is the gripper.
  Among tips with as many joints, the one furthest from the root (a tool frame after a flange),
  then the first in the file, is taken. ``tip=`` names another link. ``fixed`` joints are
  merged into the links around them; ``floating`` and ``planar`` joints on the chain are
  refused, naming the joint.
- **The table** comes from the joint axes at the zero pose by the common-normal construction
  (:mod:`robosim.dh_extraction`), standard or modified DH (``convention=``). Joint values are the
  URDF's own: ``q_robosim == q_urdf``, same zero and same sign, the offsets absorbing the
  difference; what the rows cannot carry is the ``base`` and ``tool``.
- **The check.** Before it is returned, the robot's frames are compared with the URDF chain's
  (its origins and motions multiplied out, :func:`chain_frames`) at the zero pose and at
  :data:`CHECK_POSES` random poses within the limits: a difference above
  :data:`FIT_TOLERANCE` (relative to the arm's size) refuses the file, naming the joint.
- **Limits** from ``<limit lower upper>``; a ``continuous`` joint gets +-180 degrees, a
  ``revolute`` one without limits too. The home pose is the zero pose, moved into the limits.
- **Meshes.** The first STL mesh of each link's ``<visual>`` elements (else of its
  ``<collision>`` ones) is placed on the DH link it is fixed to; the first of the links beyond
  the last joint that no DH link takes is the gripper's. ``package://NAME/PATH`` is looked for
  in ``--package-dir`` folders, then upward from the URDF's folder (``DIR/NAME/PATH``, then
  ``DIR/PATH``). Other formats (COLLADA ``.dae``, ``.obj``) and files not found are skipped
  and said in one note (:attr:`~robosim.Robot.notes`); those links are drawn as links.
- **Inertias.** The ``<inertial>`` of every link fixed to DH link ``i`` (the fingers to the
  last) are added up (masses, centre of mass, inertia by the parallel-axis theorem) and moved
  into DH frame ``i``: robosim's ``dynamics`` section.

Every file is bounded as robosim bounds all files it reads: at most :data:`MAX_URDF_BYTES`,
elements nested at most :data:`MAX_XML_DEPTH` deep, at most :data:`MAX_XML_ELEMENTS` of them,
and no document type declaration (``<!DOCTYPE``): URDF needs none, and the entities one
declares can expand a kilobyte into gigabytes ("billion laughs"), so such a file is refused
before anything is expanded.

:func:`export_urdf` writes any robot as a URDF that reads back with the same kinematics: one
URDF joint per DH row, limits, meshes as visuals and dynamics as inertials, in metres.
"""

from __future__ import annotations

import math
import os
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.parsers import expat

import numpy as np

from .dh_extraction import dh_from_axes, tidy_length
from .dynamics import Dynamics, LinkDynamics
from .errors import RobotFileError, ValidationError, ValidationTypeError, brief
from .files import read_user_bytes, write_readable_text
from .meshes import MeshSpec, RobotMeshes
from .robot import (CONVENTIONS, MAX_JOINTS, MAX_NAME_CHARACTERS, PRISMATIC, REVOLUTE,
                    Joint, Robot)
from .transforms import homogeneous, inverse, rpy2r, tr2xyzrpy, xyzrpy2tr

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
#: Largest relative difference between the extracted robot's frames and the URDF chain's.
FIT_TOLERANCE = 1e-9
#: Random poses (besides the zero pose) at which the extracted robot is checked.
CHECK_POSES = 20
#: Joints named with one of these words (or with a ``<mimic>``) are a gripper's, not the arm's.
GRIPPER_WORDS = ("finger", "gripper")
MOVABLE_TYPES = ("revolute", "continuous", "prismatic")
JOINT_TYPES = (*MOVABLE_TYPES, "fixed", "floating", "planar")
#: Mesh formats robosim draws; the others are skipped with a note.
DRAWN_MESH_SUFFIXES = (".stl",)
#: Lengths in a URDF, metres.
_UNIT_METRES = {"m": 1.0, "cm": 0.01, "mm": 0.001}


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
class UrdfJoint:
    """A ``<joint>``: ``origin`` ``(4, 4)`` in the parent's frame, unit ``axis`` ``(3,)`` in the
    joint's frame, ``limits`` (radians or metres; None for a continuous or fixed joint).

    Examples
    --------
    The two-link arm with unit links written as a URDF: its second joint sits 1 m along its
    parent's x axis and turns about z.

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
    mimic: bool = False

    @property
    def movable(self) -> bool:
        return self.type in MOVABLE_TYPES

    @property
    def is_gripper(self) -> bool:
        """A ``<mimic>`` joint, or one named with a word of :data:`GRIPPER_WORDS`."""
        return self.mimic or any(word in self.name.lower() for word in GRIPPER_WORDS)

    def motion(self, q: float) -> np.ndarray:
        """The child's frame in the joint's frame at ``q`` ``(4, 4)``: Rodrigues' rotation
        about the axis, a slide along it, or the identity for a fixed joint.

        Examples
        --------
        A quarter turn about z (the two-link arm's elbow) takes x to y:

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
    return builder.close()


def read_urdf(path: str | os.PathLike[str]) -> UrdfModel:
    """The tree a URDF file describes; see :func:`parse_urdf`.

    Examples
    --------
    The two-link arm with unit links exported (:func:`export_urdf`) and read back:

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
    return UrdfModel(name=str(root.get("name", "robot"))[:MAX_NAME_CHARACTERS], links=links,
                     joints=tuple(joints), root=_root(links, parents, source), source=source)


def _root(links, parents, source):
    """The one link without a parent joint, after refusing loops."""
    for start in links:
        seen, link = [], start
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
    parts = str(text).split()
    try:
        values = [float(part) for part in parts]
    except ValueError:
        values = []
    if len(values) != count or not all(math.isfinite(v) and abs(v) <= bound for v in values):
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
    ends = {}
    for end in ("parent", "child"):
        tag = element.find(end)
        link = tag.get("link") if tag is not None else None
        if link not in links:
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
                     axis / norm if norm else axis, limits, element.find("mimic") is not None)


# ------------------------------------------------------------------------------ the chain
def default_tip(model: UrdfModel) -> str:
    """The tip :func:`load_urdf` takes without ``tip=`` (see the module's notes): the link
    reached through the most movable joints, not through a gripper joint; then the furthest
    from the root; then the first in the file.

    Examples
    --------
    The two-link arm's URDF: the tool is as many movable joints away as ``link2`` (two), and
    one joint further from the root.

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> model = parse_urdf(robot_to_urdf(arm).encode())   # joint 2 and the tool 1 m further on
    >>> default_tip(model)
    'tool'
    """
    best, best_key = model.root, (-1, -1)
    pending = [(model.root, 0, 0)]
    while pending:
        link, movable, depth = pending.pop(0)
        if (movable, depth) > best_key:
            best, best_key = link, (movable, depth)
        pending += [(joint.child, movable + joint.movable, depth + 1)
                    for joint in model.children(link) if not joint.is_gripper]
    return best


def chain(model: UrdfModel, tip: str | None = None) -> tuple[list[UrdfJoint], str]:
    """The joints from the root to ``tip`` (default :func:`default_tip`) and the tip's name.

    Raises
    ------
    RobotFileError
        ``tip`` is not a link; a floating or planar joint is on the chain (named); the chain
        has no movable joint or more than :data:`robosim.robot.MAX_JOINTS`.

    Examples
    --------
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


def _limits(joint):
    if joint.type == "continuous" or joint.limits is None:
        return (-math.pi, math.pi)
    return joint.limits


def load_urdf(path: str | os.PathLike[str], tip: str | None = None,
              convention: str = "standard",
              package_dirs: Iterable[str | os.PathLike[str]] = ()) -> Robot:
    """A robot from a URDF file: its serial chain as a DH table, meshes and inertias.

    Parameters
    ----------
    path : str or Path
        The ``.urdf`` file.
    tip : str, optional
        The link where the chain ends (default: see :func:`default_tip`).
    convention : {"standard", "modified"}
        The DH convention of the robot made.
    package_dirs : path or iterable of paths
        Folders where ``package://NAME/...`` mesh paths are looked for first.

    Returns
    -------
    Robot
        Lengths in metres; joint ``i`` is the chain's ``i``-th movable joint, named as in the
        URDF, with ``q`` as the URDF's (radians, metres).

    Raises
    ------
    RobotFileError
        The file is not a URDF robosim can read (see :func:`parse_urdf`, :func:`chain`), or the
        extracted table does not reproduce the URDF chain (the joint is named).

    Examples
    --------
    The two-link arm with unit links exported (:func:`export_urdf`) and loaded back: the same
    tip at ``q = (0, 90 deg)``, (1, 1, 0). (The UR5's URDF gives UR's own ``d1 = 0.089159``
    m: see docs/urdf.md for its whole table.)

    >>> import tempfile
    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     again = load_urdf(export_urdf(arm, Path(folder) / "2r.urdf"))
    >>> again.unit, (again.fk([0.0, np.pi / 2])[:3, 3].round(6) + 0.0).tolist()
    ('m', [1.0, 1.0, 0.0])
    """
    if isinstance(package_dirs, (str, os.PathLike)):
        package_dirs = [package_dirs]          # one folder given as itself
    if convention not in CONVENTIONS:
        raise ValidationError(f"convention must be one of {', '.join(CONVENTIONS)}, got "
                              f"{brief(convention)}")
    if tip is not None and not isinstance(tip, str):
        raise ValidationTypeError(f"tip must be a link's name, got {type(tip).__name__}")
    model = read_urdf(path)
    return robot_from_urdf(model, tip, convention, list(package_dirs))


def robot_from_urdf(model: UrdfModel, tip: str | None = None, convention: str = "standard",
                    package_dirs: Iterable[str | os.PathLike[str]] = ()) -> Robot:
    """:func:`load_urdf` on a model already read.

    Examples
    --------
    The two-link arm's URDF as a DH table: ``a1 = 1`` m between the two axes, and the last
    metre to the tool goes into the tool transform (see :func:`robosim.dh_extraction.dh_from_axes`).

    >>> from robosim import Joint, Robot
    >>> arm = Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m")
    >>> model = parse_urdf(robot_to_urdf(arm).encode())   # joint 2 and the tool 1 m further on
    >>> robot = robot_from_urdf(model)
    >>> [joint.a for joint in robot.joints], robot.tool_xyz
    ([1.0, 0.0], (1.0, 0.0, 0.0))
    """
    path, tip = chain(model, tip)
    movable = [joint for joint in path if joint.movable]
    zero = chain_frames(path, [0.0] * len(movable))
    joint_frames = [(zero[k - 1] if k else np.eye(4)) @ joint.origin
                    for k, joint in enumerate(path) if joint.movable]
    points = [frame[:3, 3] for frame in joint_frames]
    directions = [frame[:3, :3] @ joint.axis for frame, joint in zip(joint_frames, movable,
                                                                     strict=True)]
    kinds = [PRISMATIC if joint.type == "prismatic" else REVOLUTE for joint in movable]
    try:
        fit = dh_from_axes(points, directions, kinds, zero[-1], convention)
    except ValidationError as exc:
        raise RobotFileError(f"{model.source}: {exc}") from None
    joints = []
    for row, joint in zip(fit.rows, movable, strict=True):
        lower, upper = _limits(joint)
        joints.append(Joint(kind=row.kind, a=row.a, alpha=row.alpha, d=row.d, theta=row.theta,
                            offset=row.offset, limits=(lower, upper),
                            home=min(max(0.0, lower), upper),
                            name=joint.name[:MAX_NAME_CHARACTERS]))
    size = float(sum(np.linalg.norm(joint.origin[:3, 3]) for joint in path)) or 1.0
    mounts = {}
    for mount, transform in (("base", fit.base), ("tool", fit.tool)):
        xyz, rpy = tr2xyzrpy(transform)
        mounts[f"{mount}_xyz"] = _triple([tidy_length(v, size) for v in xyz])
        mounts[f"{mount}_rpy"] = _triple(rpy)
    groups = _rigid_groups(model, path)
    notes: list[str] = []
    meshes = _robot_meshes(model, groups, fit.frames, fit.tool, package_dirs, notes)
    robot = Robot(tuple(joints), name=model.name, convention=convention, unit="m", **mounts,
                  source=f"URDF {model.source}, chain {model.root} -> {tip}",
                  notes=" ".join(notes), dynamics=_dynamics(model, groups, fit.frames),
                  meshes=meshes)
    _check_fit(robot, model, path, movable)
    return robot


def _triple(values):
    x, y, z = (float(v) for v in values)
    return x, y, z


def _check_fit(robot, model, path, movable):
    """Refuse ``robot`` unless its frames follow the URDF chain's at the zero pose and at
    :data:`CHECK_POSES` random poses (seeded), within :data:`FIT_TOLERANCE` relative.

    DH frame ``i`` must stay fixed to joint ``i``'s child link (the transform between them at
    the zero pose holds at every pose): the first joint whose frame does not is named. Then the
    end effector must be the tip's frame.
    """
    child_index = [k for k, joint in enumerate(path) if joint.movable]
    size = max(robot.length_scale, 1e-9)
    poses = [robot.home * 0.0, *robot.random_q(CHECK_POSES, np.random.default_rng(0))]
    urdf = [chain_frames(path, q) for q in poses]
    dh = [robot.fk_all(q) for q in poses]
    for i, k in enumerate(child_index):
        fixed = inverse(urdf[0][k]) @ dh[0][i + 1]
        for q, urdf_frames, dh_frames in zip(poses, urdf, dh, strict=True):
            error = _difference(urdf_frames[k] @ fixed, dh_frames[i + 1], size)
            if error > FIT_TOLERANCE:
                raise RobotFileError(
                    f"{model.source}: joint {movable[i].name!r}: the DH table does not "
                    f"reproduce the URDF chain (DH frame {i + 1} moves against the joint's "
                    f"link by {error:.2g} relative at q = {np.round(q, 4).tolist()}; is its "
                    f"axis nearly but not quite parallel to the previous one?)")
    for q, urdf_frames in zip(poses, urdf, strict=True):
        error = _difference(urdf_frames[-1], robot.fk(q), size)
        if error > FIT_TOLERANCE:
            raise RobotFileError(f"{model.source}: link {path[-1].child!r}: the tool frame does "
                                 f"not follow the URDF chain (it differs by {error:.2g} "
                                 f"relative at q = {np.round(q, 4).tolist()})")


def _difference(a, b, size):
    """Largest difference of two transforms: rotation entries, and positions over ``size``."""
    return max(float(np.abs(a[:3, :3] - b[:3, :3]).max()),
               float(np.abs(a[:3, 3] - b[:3, 3]).max()) / size)


# ------------------------------------------------------------------- meshes and inertias
def _rigid_groups(model, path):
    """The URDF links fixed to each DH link, as lists of link names: group 0 the base (the
    root and what is fixed to it), group ``i`` joint ``i``'s child and what is fixed to it,
    the link on the chain first. Links hanging from the last group through gripper joints
    join it (at their zero pose)."""
    on_chain = {joint.name for joint in path}
    n = sum(joint.movable for joint in path)
    owner, order, index = {model.root: 0}, [model.root], 0
    for joint in path:
        index += joint.movable
        owner[joint.child] = index
        order.append(joint.child)
    for link in order:                        # grows while it is walked
        for joint in model.children(link):
            if joint.name in on_chain or joint.child in owner:
                continue
            if joint.type == "fixed" or (owner[link] == n and joint.is_gripper):
                owner[joint.child] = owner[link]
                order.append(joint.child)
    groups = [[] for _ in range(n + 1)]
    for link in order:
        groups[owner[link]].append(link)
    return groups


def _zero_frames(model):
    """Every link's frame at the zero pose, root coordinates."""
    frames, pending = {model.root: np.eye(4)}, [model.root]
    while pending:
        link = pending.pop(0)
        for joint in model.children(link):
            frames[joint.child] = frames[link] @ joint.origin
            pending.append(joint.child)
    return frames


def _dynamics(model, groups, dh_frames):
    """robosim's dynamics (one :class:`LinkDynamics` per joint) from the links' inertials, or
    None when the chain's links give none."""
    frames = _zero_frames(model)
    links = []
    for group, dh_frame in zip(groups[1:], dh_frames[1:], strict=True):
        parts = []
        for name in group:
            inertial = model.links[name].inertial
            if inertial is not None and inertial.mass > 0:
                placed = inverse(dh_frame) @ frames[name] @ inertial.origin
                turn = placed[:3, :3]
                parts.append((inertial.mass, placed[:3, 3], turn @ inertial.inertia @ turn.T))
        try:
            links.append(_combined(parts))
        except ValidationError as exc:
            names = ", ".join(repr(name) for name in group)
            raise RobotFileError(f"{model.source}: the inertials of link {names}: {exc}") \
                from None
    if all(link is None for link in links):
        return None
    return Dynamics([link or LinkDynamics() for link in links])


def _combined(parts):
    """One body from ``(mass, centre, inertia about it)`` parts: mass, centre of mass and
    inertia about it by the parallel-axis theorem; None without parts."""
    if not parts:
        return None
    mass = sum(m for m, _c, _i in parts)
    centre = sum(m * c for m, c, _i in parts) / mass
    inertia = np.zeros((3, 3))
    for m, c, body in parts:
        r = c - centre
        inertia += body + m * (np.dot(r, r) * np.eye(3) - np.outer(r, r))
    return LinkDynamics(mass=mass, com=tuple(centre),
                        inertia=(inertia[0, 0], inertia[1, 1], inertia[2, 2], inertia[0, 1],
                                 inertia[1, 2], inertia[0, 2]))


def resolve_mesh(filename: str, urdf_folder: Path,
                 package_dirs: Iterable[str | os.PathLike[str]] = ()) -> Path | None:
    """Where a URDF's mesh ``filename`` is on disk, or None.

    ``package://NAME/PATH`` is looked for as ``DIR/PATH`` and ``DIR/NAME/PATH`` in each of
    ``package_dirs``, then as ``DIR/NAME/PATH`` and ``DIR/PATH`` for ``urdf_folder`` and each
    folder above it; ``file://PATH`` is ``PATH``; anything else is relative to ``urdf_folder``.

    Examples
    --------
    A ROS package ``arm`` with its URDF in ``arm/urdf`` and its meshes in ``arm/meshes``: the
    package's folder is found above the URDF's.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     (Path(folder) / "arm" / "meshes").mkdir(parents=True)
    ...     (Path(folder) / "arm" / "meshes" / "base.stl").touch()
    ...     found = resolve_mesh("package://arm/meshes/base.stl", Path(folder) / "arm" / "urdf")
    ...     missing = resolve_mesh("package://arm/meshes/hand.stl", Path(folder) / "arm" / "urdf")
    ...     print(found.relative_to(Path(folder).resolve()).as_posix(), missing)
    arm/meshes/base.stl None
    """
    if filename.startswith("package://"):
        package, _, rest = filename[len("package://"):].partition("/")
        candidates = [Path(folder) / tail for folder in package_dirs
                      for tail in (rest, f"{package}/{rest}")]
        candidates += [folder / tail for folder in (urdf_folder, *urdf_folder.parents)
                       for tail in (f"{package}/{rest}", rest)]
    elif filename.startswith("file://"):
        candidates = [Path(filename[len("file://"):])]
    else:
        candidates = [urdf_folder / filename]
    for candidate in candidates:
        try:
            if candidate.is_file():
                return candidate.resolve()
        except (OSError, ValueError):
            continue
    return None


def _robot_meshes(model, groups, dh_frames, tool, package_dirs, notes):
    """The robot's meshes: per DH frame the first STL of its group's links, the second of the
    last group as the gripper (fixed to the end effector, DH frame n @ ``tool``); ``notes``
    gets a note of what was skipped."""
    frames = _zero_frames(model)
    folder = Path(model.source).resolve().parent
    skipped, missing = {}, []

    def stl_meshes(names, frame):
        """Each STL mesh found among the links ``names`` (at most one per link), placed in
        ``frame``: ``(link, MeshSpec)``."""
        for name in names:
            link = model.links[name]
            for mesh in (*link.visuals, *link.collisions):
                suffix = Path(mesh.filename).suffix.lower() or "(no suffix)"
                if suffix not in DRAWN_MESH_SUFFIXES:
                    skipped[suffix] = skipped.get(suffix, 0) + 1
                    continue
                found = resolve_mesh(mesh.filename, folder, package_dirs)
                if found is None or mesh.scale is None:
                    missing.append(mesh.filename)
                    continue
                xyz, rpy = tr2xyzrpy(inverse(frame) @ frames[name] @ mesh.origin)
                yield name, MeshSpec(file=str(found), folder=Path("/"), xyz=tuple(xyz),
                                     rpy=tuple(rpy), scale=mesh.scale)
                break

    def first(found):
        return next(iter(found), (None, None))[1]

    base = first(stl_meshes(groups[0], dh_frames[0]))
    links = tuple(first(stl_meshes(group, frame))
                  for group, frame in zip(groups[1:-1], dh_frames[1:-1], strict=True))
    # The last link's first mesh is the link's; the next one (a hand) the gripper's.
    last = list(stl_meshes(groups[-1], dh_frames[-1]))
    links += (last[0][1] if last else None,)
    gripper = None
    if len(last) > 1:
        name = last[1][0]
        gripper = first(stl_meshes([name], dh_frames[-1] @ tool))
    if skipped:
        kinds = ", ".join(f"{count} {suffix}" for suffix, count in sorted(skipped.items()))
        notes.append(f"Meshes not drawn: {kinds} (robosim draws STL; a link without an STL "
                     f"mesh is drawn as a link).")
    if missing:
        notes.append(f"{len(missing)} STL mesh file(s) not found or not uniformly scaled "
                     f"(first: {missing[0]}); give their folder with --package-dir (package_dirs= "
                     f"in Python).")
    if base is None and gripper is None and not any(links):
        return None
    return RobotMeshes(links=links, base=base, gripper=gripper)


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

    Examples
    --------
    The two-link arm with unit links: its second joint 1 m along x from the first.

    >>> from robosim import Joint, Robot
    >>> text = robot_to_urdf(Robot([Joint(a=1.0), Joint(a=1.0)], name="2R", unit="m"))
    >>> lines = [line.strip() for line in text.splitlines()]
    >>> lines[lines.index('<joint name="joint2" type="revolute">') + 1].split(" rpy")[0]
    '<origin xyz="1.0 0.0 0.0"'
    """
    metres = _UNIT_METRES[robot.unit]
    pieces = _dh_pieces(robot)
    top = ET.Element("robot", name=robot.name)
    names = [joint.name for joint in robot.joints]
    if len(set(names)) != len(names) or not all(names):
        names = [f"joint{i}" for i in range(1, robot.n + 1)]
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
            ET.SubElement(geometry, "mesh", filename=str(spec.path.resolve()),
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

    Examples
    --------
    A robot in millimetres is written in metres: the two-link arm with 250 mm links has its
    second joint 0.25 m along x (see :func:`load_urdf` for reading it back).

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
    path = Path(path)
    if path.suffix.lower() != ".urdf":
        raise ValidationError(f"{path}: a URDF file name ends in .urdf")
    return write_readable_text(
        path, robot_to_urdf(robot), RobotFileError, MAX_URDF_BYTES,
        lambda size: f"the URDF would be {size:,} bytes, more than the {MAX_URDF_BYTES:,} "
                     f"load_urdf reads back")
