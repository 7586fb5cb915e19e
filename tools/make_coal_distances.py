"""Write tests/data/coal_distances.json: Coal's distances from capsules to a capsule, a box, a
cylinder and a sphere at random placements, the figures tests/collision/test_distances.py
compares robosim's with.

Usage (a Python with the ``coal`` package, 3.0.3 here; robosim is not imported)::

    python tools/make_coal_distances.py

Each case is a capsule (its axis from ``p`` to ``q``, its ``capsule_radius``; Coal's
``Capsule`` is centred on its own z axis, so it is placed at the axis's middle with z along it)
and a second capsule or a solid: the fields of a robosim ``Obstacle``, at ``xyz``, turned by
``rpy`` (roll-pitch-yaw about fixed X, Y, Z: ``R = Rz Ry Rx``, robosim's convention), in
metres. Coal's signed distance (``enable_signed_distance``, GJK and EPA to 1e-12) is stored.
Kept only where the capsule's axis stays at least 1 mm outside the solid (Coal's distance of a
capsule of radius 0): there a capsule that overlaps the solid overlaps it by its radius less
the axis's distance, which robosim reports; an axis inside it robosim reports as minus the
radius (the depth is not computed).
"""

from __future__ import annotations

import json
from pathlib import Path

import coal
import numpy as np

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "coal_distances.json"
CASES = 16
TOLERANCE = 1e-12


def rotation(roll: float, pitch: float, yaw: float) -> np.ndarray:
    """``Rz(yaw) Ry(pitch) Rx(roll)``."""
    cr, sr, cp, sp, cy, sy = (np.cos(roll), np.sin(roll), np.cos(pitch), np.sin(pitch),
                              np.cos(yaw), np.sin(yaw))
    return (np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]])
            @ np.array([[cp, 0, sp], [0, 1, 0], [-sp, 0, cp]])
            @ np.array([[1, 0, 0], [0, cr, -sr], [0, sr, cr]]))


def capsule(p: np.ndarray, q: np.ndarray, radius: float) -> tuple:
    """Coal's capsule with axis ``p q``, and its placement (rotation, centre)."""
    axis = q - p
    length = float(np.linalg.norm(axis))
    z = axis / length
    helper = np.array([1.0, 0.0, 0.0]) if abs(z[0]) < 0.9 else np.array([0.0, 1.0, 0.0])
    x = np.cross(helper, z)
    x /= np.linalg.norm(x)
    return coal.Capsule(radius, length), np.column_stack([x, np.cross(z, x), z]), (p + q) / 2


def distance(a: tuple, b: tuple) -> float:
    """Coal's signed distance between two placed shapes ``(shape, rotation, position)``."""
    request = coal.DistanceRequest()
    request.enable_signed_distance = True
    request.gjk_tolerance = request.epa_tolerance = TOLERANCE
    request.gjk_max_iterations = request.epa_max_iterations = 1000
    return float(coal.distance(a[0], coal.Transform3s(a[1], a[2]), b[0],
                               coal.Transform3s(b[1], b[2]), request, coal.DistanceResult()))


def solid(shape: str, rng: np.random.Generator) -> tuple[dict, tuple]:
    """A random solid about the origin: its fields as robosim's obstacles name them, and its
    Coal shape placed."""
    xyz, rpy = rng.uniform(-0.4, 0.4, 3), rng.uniform(-np.pi, np.pi, 3)
    fields = {"xyz": xyz.tolist(), "rpy": rpy.tolist()}
    if shape == "box":
        size = rng.uniform(0.1, 0.8, 3)
        fields["size"], geometry = size.tolist(), coal.Box(*size)
    elif shape == "cylinder":
        radius, height = rng.uniform(0.05, 0.4), rng.uniform(0.1, 0.8)
        fields["radius"], fields["height"] = radius, height
        geometry = coal.Cylinder(radius, height)
    else:
        fields["radius"] = radius = rng.uniform(0.05, 0.4)
        geometry = coal.Sphere(radius)
    return fields, (geometry, rotation(*rpy), xyz)


def main() -> None:
    rng = np.random.default_rng(35)
    cases: dict[str, list] = {"capsule": [], "box": [], "cylinder": [], "sphere": []}
    for shape, kept in cases.items():
        while len(kept) < CASES:
            p, q, radius = rng.uniform(-1, 1, 3), rng.uniform(-1, 1, 3), rng.uniform(0.02, 0.3)
            case = {"p": p.tolist(), "q": q.tolist(), "capsule_radius": radius}
            if shape == "capsule":
                p2, q2 = rng.uniform(-1, 1, 3), rng.uniform(-1, 1, 3)
                radius2 = rng.uniform(0.02, 0.3)
                case.update(p2=p2.tolist(), q2=q2.tolist(), capsule_radius2=radius2)
                case["distance"] = distance(capsule(p, q, radius), capsule(p2, q2, radius2))
            else:
                fields, other = solid(shape, rng)
                if distance(capsule(p, q, 0.0), other) < 1e-3:
                    continue
                case.update(fields, distance=distance(capsule(p, q, radius), other))
            kept.append(case)
    data = {"source": f"Coal {coal.__version__} (pip package coal): coal.distance with "
                      f"enable_signed_distance, gjk_tolerance = epa_tolerance = {TOLERANCE:g}, "
                      f"written by tools/make_coal_distances.py (seed 35); metres; rpy about "
                      f"fixed X, Y, Z in radians", **cases}
    lines = [f' "source": {json.dumps(data["source"])}']          # one line a case
    for shape in cases:
        rows = ",\n  ".join(json.dumps(case) for case in cases[shape])
        lines.append(f' "{shape}": [\n  {rows}\n ]')
    OUT.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    overlapping = sum(case["distance"] < 0 for rows in cases.values() for case in rows)
    print(f"wrote {OUT} ({overlapping} of {4 * CASES} cases overlapping)")


if __name__ == "__main__":
    main()
