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
  gripper's joints (``<mimic>`` joints, and joints named ``finger`` or ``gripper``, beyond which
  no other movable joint hangs: :func:`~robosim.robot_files.gripper_joints`) are not arm
  joints: the tip is chosen before them, and what hangs beyond (the fingers) is the gripper. A
  ``<mimic>`` joint on the chain moves as a joint of its own (a DH table couples no joints),
  said in the robot's notes.
  Among tips with as many joints, the one furthest from the root (a tool frame after a flange),
  then the first in the file, is taken. ``tip=`` names another link. ``fixed`` joints are
  merged into the links around them; ``floating`` and ``planar`` joints on the chain are
  refused, naming the joint.
- **The table** comes from the joint axes at the zero pose by the common-normal construction
  (:mod:`robosim.robot_files.dh_extraction`), standard or modified DH (``convention=``). Joint
  values are the URDF's own: ``q_robosim == q_urdf``, same zero and same sign, the offsets absorbing
  the difference; what the rows cannot carry is the ``base`` and ``tool``.
- **The check.** Before it is returned, the robot's frames are compared with the URDF chain's
  (its origins and motions multiplied out, :func:`chain_frames`) at the zero pose and at
  :data:`CHECK_POSES` random poses within the limits: a difference above
  :data:`FIT_TOLERANCE` (relative to the arm's size) refuses the file, naming the joint.
- **Limits** from ``<limit lower upper>``; a ``continuous`` joint gets +-180 degrees, a
  ``revolute`` one without limits too. The home pose is the zero pose, moved into the limits
  (a note names the joints moved).
- **Meshes.** The first STL mesh of each link's ``<visual>`` elements (else of its
  ``<collision>`` ones) is placed on the DH link it is fixed to; the first of the links beyond
  the last joint that no DH link takes is the gripper's. ``package://NAME/PATH`` is looked for
  in ``--package-dir`` folders, then in the URDF's folder and the folders above it named NAME
  (:func:`resolve_mesh`). A mesh is read only from the URDF's own folders, the
  ``--package-dir`` ones and robosim's library (:func:`mesh_folders`): a path that leads
  elsewhere (``file:///...``, ``package://NAME/../..``, a link out) refuses the file, naming
  it. Other formats (COLLADA ``.dae``, ``.obj``) and files not found are skipped and said in
  one note (:attr:`~robosim.Robot.notes`); those links are drawn as links.
- **Inertias.** The ``<inertial>`` of every link fixed to DH link ``i`` (the fingers to the
  last) are added up (masses, centre of mass, inertia by the parallel-axis theorem) and moved
  into DH frame ``i``: robosim's ``dynamics`` section.

The file is read and bounded by :mod:`robosim.robot_files.urdf_model` (:func:`read_urdf`).

:func:`robosim.robot_files.export_urdf` writes any robot as a URDF that reads back with the same
kinematics (:mod:`robosim.robot_files.urdf_export`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from ..dynamics import Dynamics, LinkDynamics
from ..errors import RobotFileError, ValidationError, ValidationTypeError, brief
from ..kinematics import (CONVENTIONS, MAX_NAME_CHARACTERS, PRISMATIC, REVOLUTE, Joint, Robot,
                          inverse, tr2xyzrpy)
from .dh_extraction import dh_from_axes, tidy_length
from .library_folder import library_dir
from .meshes import MeshSpec, RobotMeshes
from .urdf_model import UrdfModel, chain, chain_frames, gripper_joints, read_urdf


#: Largest relative difference between the extracted robot's frames and the URDF chain's.
FIT_TOLERANCE = 1e-9
#: Random poses (besides the zero pose) at which the extracted robot is checked.
CHECK_POSES = 20
#: Mesh formats robosim draws; the others are skipped with a note.
DRAWN_MESH_SUFFIXES = (".stl",)


def _home_note(joints):
    """The note that says which joints' home is not their zero (it lies outside their
    limits, so the home is the nearest limit), in degrees or metres."""
    moved = [f"{joint.name} {math.degrees(joint.home) if joint.is_revolute else joint.home:.4g}"
             f" {'deg' if joint.is_revolute else 'm'}" for joint in joints if joint.home != 0.0]
    return (f"Home: the zero pose moved into the limits ({', '.join(moved)}: the nearest limit "
            f"to 0).")


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
    package_dirs : str or Path, or an iterable of them
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

    >>> from robosim.robot_files import export_urdf
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
    metre to the tool goes into the tool transform (see :func:`robosim.robot_files.dh_from_axes`).

    >>> from robosim.robot_files import parse_urdf, robot_to_urdf
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
    notes = [_home_note(joints)] if any(joint.home != 0.0 for joint in joints) else []
    notes += _mimic_notes(movable)
    meshes = _robot_meshes(model, groups, fit.frames, fit.tool, package_dirs, notes)
    robot = Robot(tuple(joints), name=model.name, convention=convention, unit="m", **mounts,
                  source=f"URDF {model.source}, chain {model.root} -> {tip}",
                  notes=" ".join(notes), dynamics=_dynamics(model, groups, fit.frames),
                  meshes=meshes)
    _check_fit(robot, model, path, movable)
    return robot


def _mimic_notes(movable):
    """A note naming the chain's ``<mimic>`` joints, which robosim moves on their own (a DH
    table has no coupled joints); none without them."""
    followers = [f"{joint.name!r} follows {joint.mimic.joint!r} x {joint.mimic.multiplier:g} "
                 f"+ {joint.mimic.offset:g}" for joint in movable if joint.mimic is not None]
    if not followers:
        return []
    return [f"Mimic joints moved as joints of their own: {'; '.join(followers)} in the URDF."]


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
    gripper = gripper_joints(model)
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
            if joint.type == "fixed" or (owner[link] == n and joint.name in gripper):
                owner[joint.child] = owner[link]
                order.append(joint.child)
    groups: list[list[str]] = [[] for _ in range(n + 1)]
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
    return Dynamics(tuple(link or LinkDynamics() for link in links))


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


def mesh_folders(filename: str, urdf_folder: Path,
                 package_dirs: Iterable[str | os.PathLike[str]] = ()) -> list[Path]:
    """The folders a URDF's mesh ``filename`` may be read from (links followed): the URDF's
    own folders (:func:`_own_folders`), the ``package_dirs`` the user names, and robosim's
    own robot library (whose meshes :func:`export_urdf` names).

    Examples
    --------
    A URDF in ``arm/urdf`` naming ``package://arm/...``: the URDF's folder, the package
    ``arm`` above it, then the library.

    >>> folders = mesh_folders("package://arm/meshes/base.stl", Path("/robots/arm/urdf"))
    >>> [folder.as_posix() for folder in folders[:2]], folders[2].name
    (['/robots/arm/urdf', '/robots/arm'], 'robots')
    """
    return [*_own_folders(filename, urdf_folder),
            *(Path(os.path.realpath(folder)) for folder in package_dirs),
            Path(os.path.realpath(library_dir()))]


def _own_folders(filename, urdf_folder):
    """The URDF's folder, then each folder above it named like the package of a
    ``package://NAME/...`` ``filename`` (ROS finds package NAME as the folder NAME)."""
    urdf_folder = Path(os.path.realpath(urdf_folder))
    package = filename[len("package://"):].partition("/")[0] \
        if filename.startswith("package://") else None
    return [urdf_folder, *(folder for folder in urdf_folder.parents if folder.name == package)]


def resolve_mesh(filename: str, urdf_folder: Path,
                 package_dirs: Iterable[str | os.PathLike[str]] = ()) -> Path | None:
    """Where a URDF's mesh ``filename`` is on disk, or None.

    ``package://NAME/PATH`` is looked for as ``DIR/PATH`` and ``DIR/NAME/PATH`` in each of
    ``package_dirs``, then as ``NAME/PATH`` and ``PATH`` in the URDF's folder, then as
    ``PATH`` in each folder above it named NAME (the URDF's own package); ``file://PATH`` is
    ``PATH``; anything else is relative to ``urdf_folder``.

    A mesh is read only from :func:`mesh_folders`: a URDF from the internet does not reach
    outside its own package folders and the folders the user names (``file:///...``,
    ``package://NAME/../../..``, a symbolic link out of the package).

    Raises
    ------
    RobotFileError
        The file name (or a symbolic link on its way) leads outside :func:`mesh_folders`.

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

    A path that climbs out of the package is refused, found or not:

    >>> resolve_mesh("package://arm/../../../etc/passwd.stl", Path("/robots/arm/urdf"))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    robosim.errors.RobotFileError: mesh 'package://arm/../../../etc/passwd.stl' leads to
        '/robots/etc/passwd.stl', outside the URDF's own folders and the --package-dir ones ...
    """
    urdf_folder = Path(urdf_folder)
    given = [Path(folder) for folder in package_dirs]
    allowed = mesh_folders(filename, urdf_folder, given)
    if filename.startswith("package://"):
        package, _, rest = filename[len("package://"):].partition("/")
        own = _own_folders(filename, urdf_folder)
        candidates = [folder / tail for folder in given for tail in (rest, f"{package}/{rest}")]
        candidates += [own[0] / package / rest, *(folder / rest for folder in own)]
    elif filename.startswith("file://"):
        candidates = [Path(filename[len("file://"):])]
    else:
        candidates = [urdf_folder / filename]
    for candidate in candidates:
        try:
            target = Path(os.path.realpath(candidate))
        except (OSError, ValueError):       # a NUL character, a link loop: not found
            continue
        if not any(target.is_relative_to(folder) for folder in allowed):
            raise RobotFileError(
                f"mesh {brief(filename, 200)} leads to {brief(str(target), 200)}, outside "
                f"the URDF's own folders and the --package-dir ones "
                f"({', '.join(str(folder) for folder in allowed[:-1])}): robosim reads no "
                f"file there; if you trust it, name its folder with --package-dir "
                f"(package_dirs= in Python)")
        try:
            if target.is_file():
                return target
        except (OSError, ValueError):
            continue
    return None


def _robot_meshes(model, groups, dh_frames, tool, package_dirs, notes):
    """The robot's meshes: per DH frame the first STL of its group's links, the second of the
    last group as the gripper (fixed to the end effector, DH frame n @ ``tool``); ``notes``
    gets a note of what was skipped."""
    frames = _zero_frames(model)
    folder = Path(model.source).resolve().parent
    skipped: dict[str, int] = {}
    missing = []

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
                try:
                    found = resolve_mesh(mesh.filename, folder, package_dirs)
                except RobotFileError as exc:
                    raise RobotFileError(f"{model.source}: link {name!r}: {exc}") from None
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
