"""Seeded generators of hostile inputs for the fault-injection suite (issue 14).

Each generator takes a :class:`random.Random` and yields ``(label, case)`` pairs; the same seed
gives the same cases, so a failure names a case that can be replayed. The hostile values are the
kinds the issue found: numbers beyond any physical range or the float range, digits without
end, empty and blank text, non-ASCII text, devices, FIFOs, links to devices, missing folders,
NUL characters, deep nesting, duplicate keys, truncation and byte damage.
"""

import copy
import json
import re

HOSTILE_NUMBERS = ["1e308", "-1e308", "inf", "-inf", "nan", "NaN", "1e-320", "0", "-0",
                   "1e999", "9" * 400, "9" * 5000, "0x10", "1_000", "1e6", "-1e6", "1000001",
                   "2e-9", "-1", "1.5", "3.0e", "", " ", "\u0661\u0662", "\u00bd", "1e12",
                   "-1e-300", "20001", "-.", "1" * 30]

#: Strings a file name, a robot name, a formula or an option value may be replaced by;
#: ``{tmp}`` is the test's folder, where ``fifo.json`` and ``zero.json`` (a link to /dev/zero)
#: are made by :func:`hostile_texts`.
_HOSTILE_TEXTS = ["", " ", "/dev/zero", "/dev/urandom", "{tmp}/fifo.json", "{tmp}/zero.json",
                  "{tmp}/fifo.csv", "a" * 5000, "\u00e9" * 300, "-", "--", "-x", "nul\x00l",
                  "{tmp}/missing/x.csv", "{tmp}", "x" * 300 + ".json", "150*\u03b1",
                  "__import__('os')", "u" * 501, "lynx6", "{tmp}/out.png", "{tmp}/out.csv",
                  "\ufeffu", "(" * 200 + "u" + ")" * 200, "u**9**9", "1/0", "sqrt(-1)",
                  "lambda: 0", "u.real", "{tmp}/out.gif", "{tmp}/out.npz", "x y z"]

#: Options the generator may add to a command line (never --port: no serial port is opened).
OPTIONS = ["--steps", "--duration", "--dt", "--points", "--curves", "--index", "--speed",
           "--wrist-pitch", "--wrist-rotate", "--axes", "--csv", "--png", "--gif", "--out",
           "--voxel", "--factor", "--step", "--samples", "--range", "--volume-positions",
           "--json", "--deg", "--all", "--q0", "--from", "--to", "--by", "--via", "--u", "--v",
           "--x1", "--x2", "--preset", "--formula", "--surface", "--time-scale", "--timeout",
           "--baud", "--calibration", "--speed", "--pitch", "--rpy", "--at", "--box", "--sweep",
           "--start", "--elbow", "--reach", "--stop", "--dry-run", "--frame", "--kind",
           "--hold-wrist", "--position-only"]

FROM = ["--from", "0", "0", "0", "0", "0"]

#: Command lines that succeed quickly; each generated case is one of them, damaged.
BASES = [
    ["list"],
    ["show", "lynx6"],
    ["show", "SCARA", "--json"],
    ["fk", "lynx6", "0", "10", "20", "0", "0", "--deg"],
    ["jacobian", "Puma 560", "qr"],
    ["ik", "lynx6", "200", "0", "100"],
    ["ik", "lynx6", "200", "0", "100", "--wrist-pitch", "-30", "--all"],
    ["ik", "Puma 560", "0.5", "0.1", "0.3", "0", "90", "0"],
    ["line", "lynx6", *FROM, "--by", "10", "0", "0", "0", "0", "0", "--steps", "3"],
    ["line", "lynx6", *FROM, "--to", "200", "0", "150", "--hold-wrist", "--steps", "3"],
    ["jog", "lynx6", "z", "5", *FROM],
    ["profile", "lynx6", "--to", "5", "0", "0", "0", "0", "--duration", "1", "--dt", "0.25"],
    ["trajectory", "lynx6", "--formula", "200+20*cos(u)", "20*sin(u)", "100", "--points", "6"],
    ["trajectory", "lynx6", "--surface", "x1*x2/100", "--x1", "150", "200", "--x2", "-20",
     "20", "--points", "6"],
    ["joint-workspace", "lynx6", "--sweep", "x", "100", "200", "3"],
    ["joint-workspace", "lynx6", "--box", "100", "-10", "50", "150", "10", "80", "--steps",
     "2", "2", "2"],
    ["arm", "--dry-run", "--json", "stop"],
    ["arm", "--dry-run", "--json", "status"],
    ["arm", "--dry-run", "--yes", "--json", "gripper", "50"],
    ["arm", "--dry-run", "--yes", "--json", "home"],
    ["arm", "--dry-run", "--yes", "--json", "pose", "0", "0", "0", "0", "0"],
    ["arm", "--dry-run", "--yes", "--json", "play", "{tmp}/tiny.csv"],
]
#: Slower bases (about a second each on a loaded machine): fewer cases are drawn from them.
SLOW_BASES = [
    ["workspace", "SCARA", "--factor", "60", "--json"],
    ["workspace", "lynx6", "--samples", "2000", "--json"],
]
TINY_TRAJECTORY = "t_s,q1_deg,q2_deg,q3_deg,q4_deg,q5_deg\n0,0,0,0,0,0\n0.02,0.5,0,0,0,0\n"


def hostile_texts(tmp):
    """The hostile strings with ``{tmp}`` filled in; makes the FIFOs, the link to /dev/zero and
    the tiny trajectory the command lines use."""
    import os

    for name in ("fifo.json", "fifo.csv"):
        if not (tmp / name).exists():
            os.mkfifo(tmp / name)
    if not (tmp / "zero.json").is_symlink():
        (tmp / "zero.json").symlink_to("/dev/zero")
    (tmp / "tiny.csv").write_text(TINY_TRAJECTORY, encoding="utf-8")
    return [t.replace("{tmp}", str(tmp)) for t in _HOSTILE_TEXTS]


def _is_number(token):
    try:
        float(token)
    except ValueError:
        return False
    return True


def mutate_argv(rng, argv, texts):
    """One damaged copy of ``argv`` and a label saying what was done."""
    argv = list(argv)
    kind = rng.choice(["number", "number", "text", "drop", "repeat", "option", "option",
                       "swap"])
    positions = list(range(1, len(argv))) or [0]
    if kind == "number":
        numbers = [i for i in positions if _is_number(argv[i])] or positions
        i = rng.choice(numbers)
        argv[i] = rng.choice(HOSTILE_NUMBERS)
    elif kind == "text":
        words = [i for i in positions if not argv[i].startswith("--")
                 and not _is_number(argv[i])] or positions
        i = rng.choice(words)
        argv[i] = rng.choice(texts)
    elif kind == "drop" and positions:
        del argv[rng.choice(positions)]
    elif kind == "repeat" and positions:
        i = rng.choice(positions)
        argv.insert(i, argv[i])
    elif kind == "swap" and len(positions) >= 2:
        i, j = rng.sample(positions, 2)
        argv[i], argv[j] = argv[j], argv[i]
    else:
        option = rng.choice(OPTIONS)
        values = [rng.choice(HOSTILE_NUMBERS + texts) for _ in range(rng.choice([0, 1, 1, 3]))]
        argv[rng.randint(1, len(argv)):0] = [option, *values]
    return kind, argv


def cli_cases(rng, tmp, texts, count, slow_count):
    """``count`` damaged fast command lines and ``slow_count`` damaged slow ones."""
    def fill(argv):
        return [a.replace("{tmp}", str(tmp)) for a in argv]

    for k in range(count):
        kind, argv = mutate_argv(rng, fill(rng.choice(BASES)), texts)
        yield f"cli-{k:03d}-{kind}", argv
    for k in range(slow_count):
        kind, argv = mutate_argv(rng, fill(rng.choice(SLOW_BASES)), texts)
        yield f"cli-slow-{k:02d}-{kind}", argv


# ------------------------------------------------------------------------- JSON documents
HOSTILE_JSON = ["1" + "0" * 400, "9" * 5000, "1e999", "-1e999", "NaN", "Infinity", "null",
                "true", '"text"', '""', "[]", "{}", "[" * 60 + "]" * 60, "1e308", "-1e308",
                "1e-320", "3600.5", "1000001", "-0", '"\u00e9\u00e9"', '"' + "x" * 70000 + '"',
                "[1, 2, 3]", "[1e308, 0]", "[0, 1e308]", "[10, -10]", "1.5", "7", "-1"]


def _paths(value, prefix=()):
    """Every (path, value) inside nested dicts and lists."""
    yield prefix, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, prefix + (index,))


def _replace(data, path, marker):
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = marker


def mutate_json(rng, data):
    """A damaged JSON text of ``data`` (a dict) and a label."""
    text = json.dumps(data)
    kind = rng.choice(["value", "value", "value", "delete", "duplicate", "truncate", "bytes",
                       "bom", "add"])
    if kind in ("value", "delete", "add"):
        damaged = copy.deepcopy(data)
        path = rng.choice([p for p, _ in _paths(damaged) if p])
        if kind == "delete":
            parent = damaged
            for key in path[:-1]:
                parent = parent[key]
            del parent[path[-1]]
            return kind, json.dumps(damaged)
        if kind == "add":
            parent = damaged
            for key in path[:-1]:
                parent = parent[key]
            if isinstance(parent, dict):
                parent[rng.choice(["extra", "mass", "", "name"])] = 1
            else:
                parent.append(1)
            return kind, json.dumps(damaged)
        _replace(damaged, path, "@@HOSTILE@@")
        return f"value-{'/'.join(map(str, path))}", json.dumps(damaged).replace(
            '"@@HOSTILE@@"', rng.choice(HOSTILE_JSON))
    if kind == "duplicate":
        key = rng.choice([k for k in data])
        return f"duplicate-{key}", text.replace("{", f'{{"{key}": 0, ', 1)
    if kind == "truncate":
        return kind, text[:rng.randrange(len(text))]
    if kind == "bytes":
        raw = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return kind, raw.decode("utf-8", "surrogateescape")
    return kind, "\ufeff" + text


# ------------------------------------------------------------------------- CSV tables
HOSTILE_CELLS = ["", " ", "x", "1e308", "-1e308", "inf", "nan", "9" * 5000, "1" * 140000,
                 '"', '"unclosed', "1,2", "\u00e9", "0x1", "1e-320", "-0", "\x00", "3600.5"]


def mutate_csv(rng, text):
    """A damaged copy of a CSV table's text and a label."""
    lines = text.splitlines()
    kind = rng.choice(["cell", "cell", "cell", "drop-line", "extra-cell", "drop-cell",
                       "truncate", "bom", "swap-lines"])
    data = [i for i, line in enumerate(lines) if line and not line.startswith("#")]
    i = rng.choice(data)
    cells = lines[i].split(",")
    if kind == "cell":
        cells[rng.randrange(len(cells))] = rng.choice(HOSTILE_CELLS)
    elif kind == "extra-cell":
        cells.append(rng.choice(HOSTILE_CELLS))
    elif kind == "drop-cell" and len(cells) > 1:
        del cells[rng.randrange(len(cells))]
    elif kind == "drop-line":
        del lines[i]
        return kind, "\n".join(lines) + "\n"
    elif kind == "swap-lines" and len(data) > 1:
        j, k = rng.sample(data, 2)
        lines[j], lines[k] = lines[k], lines[j]
        return kind, "\n".join(lines) + "\n"
    elif kind == "truncate":
        return kind, text[:rng.randrange(len(text))]
    elif kind == "bom":
        return kind, "\ufeff" + text
    lines[i] = ",".join(cells)
    return f"{kind}-line{i + 1}", "\n".join(lines) + "\n"


# ------------------------------------------------------------------------- formulas
_PIECES = ["u", "v", "x1", "pi", "e", "deg", "1", "0", "2.5", "1e308", "9" * 400, "1e-320",
           "+", "-", "*", "/", "**", "^", "(", ")", ",", "sin(", "hypot(", "exp(", "log(",
           "sqrt(", "max(", "atan2(", "\u03b1", "\u00b5", "\u20ac", "'s'", "[", "]", ".real",
           "__import__(", "lambda", ":", " ", "==", "if", "9**9**9", "u**64", "u**65", "@",
           "1j", "True", "None", "...", "\\", "\t", "#", ";"]


def formulas(rng, count):
    """``count`` formulas of random pieces, 1 to 12 long."""
    for k in range(count):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 12)))
        yield f"formula-{k:03d}", text


# ------------------------------------------------------------------------- URDF files
_ATTRIBUTE = re.compile(r'="([^"]*)"')
HOSTILE_ATTRIBUTES = [*HOSTILE_NUMBERS, "0 0 0", "1 2", "1 2 3 4", "nan 0 0", "1e308 1e308 0",
                      "world", "base_link", "floating", "planar", "continuous", "fixed",
                      "package://x/y.stl", "/dev/zero", "&amp;", "\u00e9"]
_XML_DAMAGE = ["<!DOCTYPE r [<!ENTITY a \"aaaa\">]>", "<!ENTITY a \"b\">", "&a;", "<", "</robot>",
               "<link/>", "<joint/>", "]]>", "<x>" * 40 + "</x>" * 40, "\x00", "\ufeff"]


def mutate_urdf(rng, text):
    """A damaged copy of a URDF's text and a label: an attribute value replaced, an element
    line dropped, duplicated or moved, markup inserted, truncation."""
    lines = text.splitlines()
    kind = rng.choice(["attribute", "attribute", "attribute", "drop-line", "copy-line",
                       "swap-lines", "insert", "truncate"])
    i = rng.randrange(len(lines))
    if kind == "attribute":
        spans = [(k, m) for k, line in enumerate(lines) for m in _ATTRIBUTE.finditer(line)]
        k, match = rng.choice(spans)
        value = rng.choice(HOSTILE_ATTRIBUTES).replace('"', "'")
        lines[k] = lines[k][:match.start(1)] + value + lines[k][match.end(1):]
        return f"attribute-line{k + 1}", "\n".join(lines)
    if kind == "drop-line":
        del lines[i]
    elif kind == "copy-line":
        lines.insert(rng.randrange(len(lines)), lines[i])
    elif kind == "swap-lines":
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "insert":
        lines.insert(i, rng.choice(_XML_DAMAGE))
    else:
        return kind, text[:rng.randrange(len(text))]
    return f"{kind}-line{i + 1}", "\n".join(lines)
