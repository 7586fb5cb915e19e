"""A joint slider, or the gripper, dragged by a real pointer: screen updates per second and full
draws.

Run: ``python benchmarks/bench_drag.py [--gripper | --turn | --self-motion]`` (Linux: Xvfb and
xdotool installed; a display of your own is used when ``DISPLAY`` is set and ``--xvfb`` is not
given).

For each robot (Puma 560, Lynx6, and the UR5 loaded from its URDF file with ``--gripper`` or
``--turn``: ``--urdf`` names the file, by default ``ur5_robot.urdf`` of the example-robot-data
copy in ``tests/data``; it starts from
:data:`START_DEG`, not from its stretched-out home) the real application is started in a TkAgg
window on the simulator screen, and joint 1's slider is dragged with real
pointer events from xdotool: a press on the handle, ``MOVES`` moves ``MOVE_MS`` ms apart along
the slider, a release. During the drag every ``canvas.draw`` (a full draw) and ``canvas.blit``
is timed; a screen update is a full draw or a blit of the arm's 3D view (those less than
``GROUP_MS`` ms apart count once; the sliders', cells' and status line's own blits do not
count, they used to count as updates of their own). Printed per robot:
screen updates per second over the drag, full draws, and whether the slider ended under the
pointer and the arm under the slider once the drag was over.

With ``--gripper`` the drawn tool point is pressed instead and dragged ``MOVES`` moves around a
circle of ``GRIPPER_RADIUS`` pixels above it (the arm follows by IK, issue 30); printed per
robot: updates per second, full draws, and how far (pixels) the tool point was drawn from the
pointer at the release (0 when it kept up; more when the circle left the arm's reach).

With ``--turn`` the tool point is pressed and, ctrl held down (xdotool ``keydown ctrl``),
dragged ``MOVES`` moves sideways, out and back to ``TURN_PIXELS`` to the right: the gripper
turns about its tool axis (0.5 deg per pixel, issue 30); printed per robot: updates per second,
full draws, the turn at the release against the pointer's (``TURN_PIXELS`` x 0.5 deg) and how
far the tool point moved (pixels; 0: it turned in place).

With ``--self-motion`` the robots are the Franka Panda (the library's) and panda.urdf (in
tests/data, opened folded into itself at its home) and their self-motion slider is dragged as
joint 1's is (issue 38: the joints move along the null space, the tool holds its pose, one
:func:`robosim.ik.self_motion` call per motion event); printed per robot: updates per second,
full draws, how far the tool moved over the drag (0: held) and the status line at the release
(a limit or a collision the sweep ran into).

Targets (issues 24, 30, 37 and 38): a slider at least 60 updates per second; the gripper at
least 50 for the Puma 560 and the Lynx6 and 30 for the UR5 from its URDF; the self-motion slider
at least 30; no full draw per motion event. The targets were set counting every blit as an
update (printed in brackets): the updates of the arm alone are the honest figure. Timings
depend on the machine and its load.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

from xvfb import virtual_display

ROOT = Path(__file__).resolve().parents[1]
ROBOTS = ("Puma 560", "Lynx6")
SELF_MOTION_ROBOTS = ("Franka Panda", str(ROOT / "tests" / "data" / "example-robot-data" / "robots"
                                          / "panda_description" / "urdf" / "panda.urdf"))
#: The UR5's URDF inside the example-robot-data copy the tests use (tests/data).
UR5_URDF = Path("example-robot-data", "robots", "ur_description", "urdf", "ur5_robot.urdf")


#: Where a drag starts (degrees) for a robot whose home is a singular pose: the UR5's home is
#: stretched out straight, where almost every target is out of reach; this is its usual
#: "ready" pose, elbow bent, wrist down.
START_DEG = {UR5_URDF.name: [0, -60, 90, -120, -90, 0]}


def ur5_urdf():
    """The UR5's URDF file in the tests' data, or None."""
    path = ROOT / "tests" / "data" / UR5_URDF
    return path if path.is_file() else None
JOINT = 0
MOVES = 150
MOVE_MS = 10
GROUP_MS = 3.0
GRIPPER_RADIUS = 40
TURN_PIXELS = 60
SCREEN = "1280x1024x24"

# The application, run in its own Python with TkAgg. It prints the slider's track on the
# screen (pixels, X's y down), counts draws and blits, and prints what it saw after the release.
CHILD = r"""
import json, sys, time
import matplotlib
matplotlib.use("TkAgg")
import matplotlib.pyplot as plt
import numpy as np
from robosim import load_robot
from robosim.gui.app import Application

from robosim.gui.screens.gripper_drag import to_pixels

robot_name, joint, mode, start = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
app = Application(robot=load_robot(robot_name))
if start != "home":
    app.state.animate_to(app.state.robot.q_from_user(json.loads(start)))
fig, canvas = app.fig, app.fig.canvas
slider = (app.screen.self_motion.slider if mode == "self-motion"
          else app.screen.sliders[joint])
pressed_axes = slider.ax if mode in ("slider", "self-motion") else app.screen.ax

def tool_pixel():
    return to_pixels(app.screen.ax, app.screen.drawing.end_effector[:3, 3])[0]
start_pose = None              # the tool's pose at the press
calls = []                     # (time, "draw" or "blit") during the drag
state = {"pressed": False, "report": None}

def counting(method, kind):
    def counted(*args, **kwargs):
        if state["pressed"]:
            box = args[0] if args else kwargs.get("bbox")
            arm = kind == "draw" or (box is not None and np.allclose(
                box.bounds, app.screen.ax.bbox.bounds))
            calls.append((time.perf_counter(), kind if arm else "other blit"))
        return method(*args, **kwargs)
    return counted

canvas.draw = counting(canvas.draw, "draw")
canvas.blit = counting(canvas.blit, "blit")

def track():
    widget = canvas.get_tk_widget()
    box = slider.ax.bbox
    height = canvas.figure.bbox.height
    x0, x1 = widget.winfo_rootx() + box.x0, widget.winfo_rootx() + box.x1
    y = widget.winfo_rooty() + height - (box.y0 + box.y1) / 2
    handle = box.x0 + (slider.val - slider.valmin) / (slider.valmax - slider.valmin) * box.width
    tx, ty = tool_pixel()
    return {"x0": x0, "x1": x1, "y": y, "handle": widget.winfo_rootx() + handle,
            "tool": [widget.winfo_rootx() + tx, widget.winfo_rooty() + height - ty]}

def on_press(event):
    global start_pose
    if event.inaxes is pressed_axes:
        start_pose = app.state.robot.fk(app.state.q)
        state["pressed"] = True
        state["start"] = time.perf_counter()

def on_release(event):
    if not state["pressed"]:
        return
    state["pressed"] = False
    state["end"] = time.perf_counter()
    pointer = None if event.xdata is None else float(np.clip(event.xdata, slider.valmin,
                                                             slider.valmax))
    state["pointer"] = pointer
    state["tool_off"] = float(np.hypot(*(tool_pixel() - (event.x, event.y))))
    end_pose = app.state.robot.fk(app.state.q)
    turn = start_pose[:3, :3].T @ end_pose[:3, :3]          # about the tool's own axes
    state["turned"] = float(np.degrees(np.arctan2(turn[1, 0], turn[0, 0])))
    state["moved"] = float(np.linalg.norm(end_pose[:3, 3] - start_pose[:3, 3]))
    timer = canvas.new_timer(interval=1500)     # let a running animation end
    timer.single_shot = True
    timer.add_callback(report)
    timer.start()
    state["timer"] = timer

def report():
    shown = app.state.robot.q_to_user(app.state.q)[joint]
    print(json.dumps({"calls": calls, "start": state["start"], "end": state["end"],
                      "slider": float(slider.val), "pointer": state["pointer"],
                      "arm": float(shown), "tool_off": state["tool_off"],
                      "turned": state["turned"], "moved": state["moved"],
                      "status": app.status}), flush=True)
    plt.close("all")

canvas.mpl_connect("button_press_event", on_press)
canvas.mpl_connect("button_release_event", on_release)

def ready():
    print(json.dumps(track()), flush=True)

ready_timer = canvas.new_timer(interval=1500)
ready_timer.single_shot = True
ready_timer.add_callback(ready)
ready_timer.start()
plt.show()
"""


def drag_commands(track):
    """xdotool's arguments: press on the handle, MOVES moves along the track, release."""
    y = round(track["y"])
    start = track["handle"]
    width = track["x1"] - track["x0"]
    # to the right end's side and back: a sweep a student makes, always inside the track
    left, right = track["x0"] + 0.1 * width, track["x0"] + 0.9 * width
    xs = [left + (right - left) * (0.5 - 0.5 * math.cos(2 * math.pi * k / MOVES))
          for k in range(1, MOVES + 1)]
    args = ["mousemove", str(round(start)), str(y), "mousedown", "1"]
    for x in xs:
        args += ["sleep", f"{MOVE_MS / 1000:.3f}", "mousemove", str(round(x)), str(y)]
    return args + ["sleep", "0.05", "mouseup", "1"]


def gripper_commands(track):
    """xdotool's arguments: press on the drawn tool point, MOVES moves around a circle of
    GRIPPER_RADIUS pixels through it, release."""
    x0, y0 = track["tool"]
    args = ["mousemove", str(round(x0)), str(round(y0)), "mousedown", "1"]
    for k in range(1, MOVES + 1):
        angle = 2 * math.pi * k / MOVES
        x = x0 + GRIPPER_RADIUS * math.sin(angle)
        y = y0 - GRIPPER_RADIUS * (1 - math.cos(angle))     # above: the Puma's home is low
        args += ["sleep", f"{MOVE_MS / 1000:.3f}", "mousemove", str(round(x)), str(round(y))]
    return args + ["sleep", "0.05", "mouseup", "1"]


def turn_commands(track):
    """xdotool's arguments: press on the drawn tool point, ctrl down, MOVES moves sideways (out
    to TURN_PIXELS to the right, back through the start to the left, and to TURN_PIXELS right
    again), ctrl up, release."""
    x0, y0 = track["tool"]
    args = ["mousemove", str(round(x0)), str(round(y0)), "mousedown", "1", "keydown", "ctrl"]
    for k in range(1, MOVES + 1):
        x = x0 + TURN_PIXELS * math.sin(2.5 * math.pi * k / MOVES)
        args += ["sleep", f"{MOVE_MS / 1000:.3f}", "mousemove", str(round(x)), str(round(y0))]
    return args + ["sleep", "0.05", "keyup", "ctrl", "mouseup", "1"]


def updates(calls, arm_only=True):
    """The arm's screen updates: its full draws and blits, those less than GROUP_MS apart
    counted once (the blits of sliders, cells and the status line between are not updates
    of the arm); returns their number. ``arm_only=False``: every draw and blit, grouped the
    same way (what this benchmark counted until issue 37: a slider's blit after the arm's
    counted as a second update)."""
    times = sorted(t for t, kind in calls if kind != "other blit" or not arm_only)
    groups = 0
    last = None
    for t in times:
        if last is None or (t - last) * 1000 >= GROUP_MS:
            groups += 1
        last = t
    return groups


def run_robot(robot, env, mode):
    start = json.dumps(START_DEG[UR5_URDF.name]) if robot.endswith(UR5_URDF.name) else "home"
    child = subprocess.Popen([sys.executable, "-c", CHILD, robot, str(JOINT), mode, start],
                             env=env, cwd=env["PYTHONPATH"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        track = json.loads(child.stdout.readline())
        commands = {"slider": drag_commands, "gripper": gripper_commands,
                    "turn": turn_commands, "self-motion": drag_commands}[mode](track)
        subprocess.run(["xdotool", *commands], env=env, check=True)
        line = child.stdout.readline()
        child.wait(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    if not line:
        raise SystemExit(f"{robot}: the application reported nothing:\n{child.stderr.read()}")
    robot = "UR5 URDF" if robot.endswith(".urdf") else robot
    result = json.loads(line)
    seconds = result["end"] - result["start"]
    draws = sum(1 for _t, kind in result["calls"] if kind == "draw")
    blits = sum(1 for _t, kind in result["calls"] if kind != "draw")
    rate = updates(result["calls"]) / seconds
    rate = f"{rate:5.1f} updates/s ({updates(result['calls'], arm_only=False) / seconds:5.1f} " \
           f"counting every blit)"
    if mode == "turn":
        print(f"{robot:9s} gripper turn {seconds:5.2f} s: {rate}, {draws:3d} full "
              f"draws, {blits:4d} blits; turned {result['turned']:+.1f} deg (pointer "
              f"{TURN_PIXELS * 0.5:+.1f}), tool point moved {result['moved']:.2g} "
              f"{'mm' if robot == 'Lynx6' else 'm'}")
        return
    if mode == "self-motion":
        print(f"{Path(robot).name:12s} self-motion drag {seconds:5.2f} s: {rate}, "
              f"{draws:3d} full draws, {blits:4d} blits; tool moved {result['moved']:.2g} m; "
              f"status: {result['status']}")
        return
    if mode == "gripper":
        print(f"{robot:9s} gripper drag {seconds:5.2f} s: {rate}, {draws:3d} full "
              f"draws, {blits:4d} blits; tool point {result['tool_off']:.1f} px from the pointer "
              f"at the release")
        return
    span = abs(result["pointer"] - result["slider"]) if result["pointer"] is not None else None
    print(f"{robot:9s} drag {seconds:5.2f} s: {rate}, {draws:3d} full draws, "
          f"{blits:4d} blits; slider {result['slider']:8.3f}, pointer {result['pointer']:8.3f}"
          f" (off by {span:.3f}), arm {result['arm']:8.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xvfb", action="store_true",
                        help="use a new Xvfb display even when DISPLAY is set")
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument("--gripper", action="store_true",
                      help="drag the gripper in the 3D view instead of joint 1's slider")
    kind.add_argument("--turn", action="store_true",
                      help="turn the gripper about its tool axis (ctrl held) in the 3D view")
    kind.add_argument("--self-motion", action="store_true",
                      help="drag the Panda's self-motion slider instead of joint 1's slider")
    parser.add_argument("--root", default=str(ROOT), help="the robosim checkout to measure")
    parser.add_argument("--urdf", type=Path, default=ur5_urdf(),
                        help="the UR5's URDF file (dragged with --gripper and --turn)")
    options = parser.parse_args()
    for tool in ("xdotool",) + (("Xvfb",) if options.xvfb or not os.environ.get("DISPLAY")
                                else ()):
        if shutil.which(tool) is None:
            raise SystemExit(f"bench_drag needs {tool} (Debian/Ubuntu: apt install xvfb "
                             f"xdotool)")
    env = dict(os.environ, PYTHONPATH=options.root, MPLBACKEND="TkAgg")
    with virtual_display(env, SCREEN, options.xvfb):
        mode = ("gripper" if options.gripper else "turn" if options.turn
                else "self-motion" if options.self_motion else "slider")
        where = {"gripper": "around a circle from the gripper",
                 "turn": "sideways from the gripper, ctrl held",
                 "slider": f"on joint {JOINT + 1}'s slider",
                 "self-motion": "on the self-motion slider"}[mode]
        print(f"{MOVES} pointer moves {MOVE_MS} ms apart {where}; "
              f"updates = full draws and blits of the arm's view ({GROUP_MS:g} ms apart at least); "
              f"blits: all of them")
        robots = SELF_MOTION_ROBOTS if mode == "self-motion" else ROBOTS
        if mode in ("gripper", "turn"):
            if options.urdf is None:
                raise SystemExit("no UR5 URDF found: name it with --urdf")
            robots += (str(options.urdf),)
        for robot in robots:
            run_robot(robot, env, mode)


if __name__ == "__main__":
    main()
