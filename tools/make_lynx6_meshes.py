"""Generate the Lynx6's STL meshes (robots/meshes/lynx6/*.stl) from the real parts' dimensions.

Run from the repository's root: ``python tools/make_lynx6_meshes.py`` rewrites the files; the
same code always gives the same bytes (tests/robot_files/test_lynx6_meshes.py checks the
committed files against it). Each part is built from boxes and cylinders, in millimetres, where
it sits on the real arm in the **home pose** (world frame: base frame 0, z up; the arm stretched
as robots/lynx6.json's home pose puts it: upper arm up, forearm and gripper forward along x),
then mapped into its DH frame (``inverse(fk_all(home)[i])``), so that each file has its link's DH
frame as origin, as RoboAnalyzer's CAD importer expects (section IV-D).

The DH frames at home (robots/lynx6.json, 3D-RAS Table 2: d1 = 65, a1 = 25, a2 = a3 = 120,
a4 = 155 mm): the shoulder axis at (25, 0, 65) along y, the elbow at (25, 0, 185), the wrist at
(145, 0, 185), the fingertips (frames 4 and 5) at (300, 0, 185).

Dimensions and where they come from (ESTIMATE marks what was not taken from a datasheet:
measured on photographs of the arm against its servos, to within a few millimetres):

- Servo bodies, Hitec datasheets (length x width x height without the shaft; mounting tabs
  stretch the length): base HS-485HB and wrist HS-645MG 40.6 x 19.8 x 37.8 mm, tabs 53.8 mm
  long; shoulder HS-805BB 66.0 x 30.0 x 57.6 mm; elbow HS-755HB 59.0 x 29.0 x 50.0 mm; wrist
  rotate HS-225MG 32.3 x 16.8 x 31.0 mm; gripper HS-422 40.6 x 19.8 x 36.6 mm. The output shaft
  sits on the body's centre line, about a quarter of the length from one end (HS-645MG: 10 mm
  from the end of a 40.6 mm body; the others scaled alike, ESTIMATE).
- Round horns: 24 mm across, 3 mm thick (Hitec's standard horn); 19 mm on the HS-225MG.
- Brackets: Lynxmotion aluminium servo brackets, 1.5 mm sheet (0.06 in), as wide as the servo
  they hold plus 3 mm of clearance each side (ESTIMATE).
- Tubes: two aluminium tubes per arm segment, 12.7 mm (1/2 in) across, 24 mm apart (ESTIMATE).
- Base: a round housing 100 mm across and 40 mm high holding the base servo, and a turntable
  90 mm across, 6 mm thick (ESTIMATE).
- Gripper: palm plate 44 x 30 mm with the fingers' rail, fingers 70 mm long, 14 mm high, 4 mm
  thick, drawn open (8 mm from the centre line each: closing slides them to it,
  :func:`robosim.robot_files.finger_sides`), the HS-422 on top (ESTIMATE).

Parts per file: ``base`` (housing), ``link1`` (turntable, shoulder servo on its mount),
``link2`` (upper arm: shoulder bracket, tubes, elbow servo), ``link3`` (forearm: elbow bracket,
tubes, wrist servo), ``link4`` (wrist bracket, wrist-rotate servo and horn), ``link5`` (palm,
the fingers' rail, gripper servo), ``gripper`` (the two fingers alone, fixed to the end effector,
one on each side of its xz plane: the drawing slides each along y as the gripper closes).
"""

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's robosim

from robosim import load_robot  # noqa: E402
from robosim.files import atomic_write_bytes  # noqa: E402
from robosim.robot_files import stl_bytes  # noqa: E402
from robosim.kinematics import inverse  # noqa: E402

ROBOT_FILE = ROOT / "robots" / "lynx6.json"
OUT = ROOT / "robots" / "meshes" / "lynx6"
#: Sides of every cylinder: round enough at the size the arm is drawn, 96 triangles each.
SEGMENTS = 24
#: Header of every file (at most 80 bytes; a fixed text so the bytes never change).
HEADER = b"robosim Lynx6 part, mm, DH frame as origin: tools/make_lynx6_meshes.py"
SHEET = 1.5              # bracket sheet, mm
TUBE_RADIUS = 12.7 / 2   # mm
HORN_RADIUS, HORN_THICKNESS = 12.0, 3.0


def box(low, high):
    """A box from corner ``low`` to ``high`` (3,): 12 triangles, counter-clockwise seen from
    outside, neighbours sharing their corners exactly."""
    (x0, y0, z0), (x1, y1, z1) = low, high
    corners = np.array([[x, y, z] for z in (z0, z1) for y in (y0, y1) for x in (x0, x1)], float)
    faces = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    return np.concatenate([corners[[[a, b, c], [a, c, d]]] for a, b, c, d in faces])


def cylinder(axis, centre, radius, start, end, segments=SEGMENTS):
    """A closed cylinder along ``axis`` (0 x, 1 y, 2 z) through ``centre`` (the other two
    coordinates), from ``start`` to ``end`` along the axis: ``4 * segments`` triangles."""
    angle = 2 * np.pi * np.arange(segments) / segments
    u, v = [k for k in range(3) if k != axis]
    ring = np.zeros((2, segments, 3))
    ring[:, :, axis] = np.array([start, end])[:, None]
    ring[:, :, u] = centre[0] + radius * np.cos(angle)
    ring[:, :, v] = centre[1] + radius * np.sin(angle)
    hub = np.zeros((2, 3))
    hub[:, axis], hub[:, u], hub[:, v] = [start, end], centre[0], centre[1]
    nxt = np.roll(np.arange(segments), -1)
    here = np.arange(segments)
    bottom, top = ring[0], ring[1]
    triangles = [np.stack([bottom[here], bottom[nxt], top[nxt]], 1),
                 np.stack([bottom[here], top[nxt], top[here]], 1),
                 np.stack([np.broadcast_to(hub[1], (segments, 3)), top[here], top[nxt]], 1),
                 np.stack([np.broadcast_to(hub[0], (segments, 3)), bottom[nxt], bottom[here]],
                          1)]
    solid = np.concatenate(triangles)
    # Counter-clockwise seen from outside for the axis order (u, v, axis) right-handed; the
    # y axis's (z, x) order is left-handed as written (u=x, v=z), so its faces turn round.
    return solid[:, ::-1] if axis == 1 else solid


def servo(length, width, height, shaft, axis_point, long_axis, sign, shaft_axis, horn=True):
    """A servo body with its output shaft on ``axis_point``, and its horn.

    ``length`` x ``width`` x ``height`` (Hitec's order: height along the shaft), the shaft
    ``shaft`` mm from one end; the body runs from the shaft along ``long_axis`` (0, 1, 2) in
    direction ``sign`` (+1 or -1); the shaft points along ``shaft_axis``, the horn on its
    positive side. The third axis gets the width.
    """
    point = np.array(axis_point, float)
    low, high = point.copy(), point.copy()
    along = (point[long_axis] - shaft, point[long_axis] + length - shaft)
    if sign < 0:
        along = (point[long_axis] - length + shaft, point[long_axis] + shaft)
    low[long_axis], high[long_axis] = along
    low[shaft_axis] = point[shaft_axis] - height / 2
    high[shaft_axis] = point[shaft_axis] + height / 2
    third = 3 - long_axis - shaft_axis
    low[third], high[third] = point[third] - width / 2, point[third] + width / 2
    parts = [box(low, high)]
    if horn:
        others = [point[k] for k in range(3) if k != shaft_axis]
        parts.append(cylinder(shaft_axis, others, HORN_RADIUS, high[shaft_axis],
                              high[shaft_axis] + HORN_THICKNESS))
    return parts


def parts_at_home():
    """Every part's triangles in the world frame at the home pose (mm), by file name."""
    shoulder, elbow, wrist, tips = (25.0, 0.0, 65.0), (25.0, 0.0, 185.0), (145.0, 0.0, 185.0), \
        (300.0, 0.0, 185.0)
    parts = {}
    parts["base"] = [cylinder(2, (0, 0), 50.0, 0.0, 40.0, 32)]
    # Link 1: turntable, a mount plate, the HS-805BB with its shaft on the shoulder axis (y),
    # its body running back along -x (shaft 16.5 mm from the end, ESTIMATE).
    parts["link1"] = [cylinder(2, (0, 0), 45.0, 40.0, 46.0, 32),
                      box((-30, -30, 46), (45, 30, 50)),
                      *servo(66.0, 30.0, 57.6, 16.5, shoulder, 0, -1, 1)]
    # Link 2: a C bracket round the shoulder servo (plates outside its 57.6 mm and the horn),
    # a cross plate, two tubes up to the elbow servo's bracket, the HS-755HB on the elbow axis
    # with its body along the upper arm (shaft 15 mm from the end, ESTIMATE).
    plate_y = 57.6 / 2 + HORN_THICKNESS + 1.0
    parts["link2"] = [box((10, plate_y, 50), (40, plate_y + SHEET, 97)),
                      box((10, -plate_y - SHEET, 50), (40, -plate_y, 97)),
                      box((10, -plate_y - SHEET, 97), (40, plate_y + SHEET, 97 + SHEET)),
                      cylinder(2, (25, 12), TUBE_RADIUS, 97 + SHEET, 139),
                      cylinder(2, (25, -12), TUBE_RADIUS, 97 + SHEET, 139),
                      box((10, -25, 139), (40, 25, 139 + SHEET)),
                      *servo(59.0, 29.0, 50.0, 15.0, elbow, 2, -1, 1)]
    # Link 3: the elbow's C bracket, tubes along x to the wrist servo, the HS-645MG on the
    # wrist axis, body back along -x (shaft 10 mm from its end), with its mounting tabs.
    plate_y = 50.0 / 2 + HORN_THICKNESS + 1.0
    parts["link3"] = [box((10, plate_y, 170), (52, plate_y + SHEET, 200)),
                      box((10, -plate_y - SHEET, 170), (52, -plate_y, 200)),
                      box((52, -plate_y - SHEET, 170), (52 + SHEET, plate_y + SHEET, 200)),
                      cylinder(0, (12, 185), TUBE_RADIUS, 52 + SHEET, 112),
                      cylinder(0, (-12, 185), TUBE_RADIUS, 52 + SHEET, 112),
                      box((112, -20, 175), (112 + SHEET, 20, 195)),
                      *servo(40.6, 19.8, 37.8, 10.0, wrist, 0, -1, 1),
                      box((145 - 30.6 - 6.6, -37.8 / 2 + 8, 175),      # the tabs
                          (145 + 10 + 6.6, -37.8 / 2 + 10.5, 195))]
    # Link 4: the wrist's C bracket, a cross plate, the HS-225MG with its shaft along the
    # gripper (x), and its horn.
    plate_y = 37.8 / 2 + HORN_THICKNESS + 1.0
    parts["link4"] = [box((133, plate_y, 172), (172, plate_y + SHEET, 198)),
                      box((133, -plate_y - SHEET, 172), (172, -plate_y, 198)),
                      box((172, -plate_y - SHEET, 172), (172 + SHEET, plate_y + SHEET, 198)),
                      box((174, -16.15, 185 - 8.4), (205, 16.15, 185 + 8.4)),
                      cylinder(0, (0, 185), 9.5, 205, 208)]
    # Link 5: the palm plate on the horn, a base plate for the fingers, the HS-422 on top, and
    # the rail the fingers slide on (under the base plate).
    gap, thickness = 8.0, 4.0
    parts["link5"] = [box((208, -22, 170), (212, 22, 200)),
                      box((212, -22, 192), (252, 22, 196)),
                      box((212, -18.3, 196), (252.6, 18.3, 196 + 19.8)),
                      box((212, -gap - thickness, 184), (230, gap + thickness, 192))]
    # The fingers, open, from the palm to the fingertips' frame.
    parts["gripper"] = [box((230, gap, 178), (tips[0], gap + thickness, 192)),
                        box((230, -gap - thickness, 178), (tips[0], -gap, 192))]
    return {name: np.concatenate(solids) for name, solids in parts.items()}


def frame_of_file(robot):
    """The home-pose transform (4, 4) of the frame each file's part is fixed to."""
    frames = robot.fk_all(robot.home)
    names = {"base": frames[0], "gripper": frames[-1] @ robot.tool}
    names.update({f"link{i}": frames[i] for i in range(1, robot.n + 1)})
    return names


def mesh_files():
    """Each file's name and bytes: the parts mapped from the world at home into their frames."""
    robot = load_robot(ROBOT_FILE)
    frames = frame_of_file(robot)
    files = {}
    for name, world in parts_at_home().items():
        to_frame = inverse(frames[name])
        local = np.einsum("ij,fcj->fci", to_frame[:3, :3], world) + to_frame[:3, 3]
        files[f"{name}.stl"] = stl_bytes(local, header=HEADER)
    return files


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, data in mesh_files().items():
        atomic_write_bytes(OUT / name, data)
        total += len(data)
        print(f"{OUT / name}: {(len(data) - 84) // 50} triangles, {len(data):,} bytes")
    print(f"{total:,} bytes in all")


if __name__ == "__main__":
    main()
