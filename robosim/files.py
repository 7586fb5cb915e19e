"""Every read and write of a user's file, under one rule.

**Reads** (:func:`read_user_bytes`, :func:`read_user_text`, :func:`read_user_json`) take only
regular files, checked before they are opened: a FIFO, a device (``/dev/zero``, a serial port), a
socket or a symbolic link to one is refused, so nothing blocks or reads without end, and a file
over the reader's size limit is refused with its size.

**Writes** (:func:`atomic_write_bytes`, :func:`atomic_write_text`) replace only regular files
the user may write: a device, FIFO or socket, or a symbolic link to one, is refused with a
one-line message (:class:`FileRefusedError`) and left as it was (``--md /dev/null`` as root used
to replace the machine's ``/dev/null``); a file without write permission is refused as
``open(path, "w")`` refuses it, with :class:`PermissionError` -- for root too, which ``open``
would let through: a 0444 file says "do not overwrite me" whoever asks. A write goes to a
temporary file in the same folder, then is renamed over the target, so a crash or a full disk
leaves the old file whole.

**Temporary files** are named ``.NAME.pidPID.XXXXXXXX.tmp`` (a movie's end in ``.gif`` or
``.mp4``): they carry the writer's process id, and every later read or write in the same
folder removes at once those whose writer is gone (killed by ``SIGKILL`` or a power cut). A
failure, a Ctrl-C or a ``SIGTERM`` (sent at logout) removes the writer's own temporary file:
during a write ``SIGTERM`` is handled like Ctrl-C, and then ends the process as it would have.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .errors import RobosimError, ValidationTypeError, brief

#: Robot and calibration files are a few kilobytes; 1 MiB leaves room for long notes. The
#: default limit of every reader here.
MAX_ROBOT_FILE_BYTES = 1 << 20
#: JSON nesting of the deepest file robosim reads (robot file: top, joints, joint, limits = 4).
MAX_JSON_DEPTH = 16
#: An integer written with more digits than this is read as the float it stands for (and a
#: huge one, such as 10**400, becomes inf and is refused as not finite); Python's own limit of
#: 4,300 digits would raise a ValueError instead.
_MAX_INT_DIGITS = 18
#: Endings of the temporary files robosim writes (saves, then GIF and MP4 movies).
TEMPORARY_SUFFIXES = (".tmp", ".gif", ".mp4")
_TEMPORARY = re.compile(r"\..+\.pid(?P<pid>\d+)\.[a-z0-9_]+(?P<suffix>\.[a-z0-9]+)")


class FileRefusedError(RobosimError, OSError):
    """A path names something robosim will not replace (a device, a FIFO, a socket, or a link
    to one). It is an :class:`OSError` too, so code that reports a failed write reports it."""

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


# ------------------------------------------------------------------------------------ reading
def names_a_file(path: str | os.PathLike[str]) -> bool:
    r"""True if ``path`` names something on disk that is not a folder (a file, or a device or
    FIFO meant as one: reading it says why it cannot be one); False where the system refuses
    the name (a part over 255 bytes, a NUL character).

    Examples
    --------
    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     open(os.path.join(folder, "arm.json"), "w").close()
    ...     print(names_a_file(os.path.join(folder, "arm.json")), names_a_file(folder),
    ...           names_a_file(os.path.join(folder, "missing.json")), names_a_file("a\0b"))
    True False False False
    """
    try:
        return not stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def read_user_bytes(path: str | os.PathLike[str], error_class: type[RobosimError],
                    what: str = "file", max_bytes: int = MAX_ROBOT_FILE_BYTES) -> bytes:
    """The bytes of a regular file the user named, at most ``max_bytes``.

    The file is checked before it is read: a FIFO, a device (``/dev/zero``, a serial port) or a
    symbolic link to one is refused without opening it, so nothing blocks or reads without end;
    a file larger than ``max_bytes`` is refused with its size. Symbolic links to regular files
    are followed. Temporary files in the folder whose writer is gone are removed
    (:func:`remove_stale_temporaries`): any robosim run that touches a folder cleans it.

    Raises
    ------
    error_class
        Saying why: no such file, not a regular file, too large, or the system's reason.

    Examples
    --------
    Three bytes are read; with a limit of 2 they are refused, with their size; a folder is no
    file:

    >>> import tempfile
    >>> from robosim.errors import RobosimError
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "abc.txt")
    ...     _ = path.write_bytes(b"abc")
    ...     print(read_user_bytes(path, RobosimError))
    ...     for source, limit in ((path, 2), (folder, 10)):
    ...         try:
    ...             read_user_bytes(source, RobosimError, max_bytes=limit)
    ...         except RobosimError as error:
    ...             print(str(error).replace(folder, "FOLDER"))
    b'abc'
    FOLDER/abc.txt: 3 bytes is too large for a file (at most 2)
    FOLDER: not a regular file (a folder); give a file on disk
    """
    path = Path(file_name(path, what))
    if "\0" in str(path):
        raise error_class(f"{brief(str(path))}: not a file name (it holds a NUL character)")
    try:
        kind = os.stat(path).st_mode
        if not stat.S_ISREG(kind):
            raise error_class(f"{path}: not a regular file ({file_kind(kind)}); give a "
                              f"{what} on disk")
        # O_NONBLOCK: should the path become a FIFO between stat and open, open returns at once.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise error_class(f"{path}: no such {what}") from None
    except OSError as exc:
        raise error_class(f"{path}: cannot read it ({exc.strerror or exc})") from None
    remove_stale_temporaries(path.parent if str(path.parent) else Path("."))
    with os.fdopen(handle, "rb") as stream:
        try:
            size = os.fstat(stream.fileno()).st_size
            # read(n) allocates n bytes first: ask for the size the file says (a 64 MiB cap
            # must not cost 64 MiB for a 1 kB file), then for the rest should it have grown
            # or be one whose size says 0 (/proc).
            data = b"" if size > max_bytes else stream.read(size + 1)
            if size < len(data) <= max_bytes:
                data += stream.read(max_bytes + 1 - len(data))
        except OSError as exc:
            raise error_class(f"{path}: cannot read it ({exc.strerror or exc})") from None
    if size > max_bytes or len(data) > max_bytes:
        raise error_class(f"{path}: {max(size, len(data)):,} bytes is too large for a {what} "
                          f"(at most {max_bytes:,})")
    return data


def file_kind(mode: int) -> str:
    """What a ``st_mode`` names, in words: "a folder", "a FIFO", "a character device"...

    Examples
    --------
    >>> file_kind(stat.S_IFDIR), file_kind(stat.S_IFIFO), file_kind(stat.S_IFCHR)
    ('a folder', 'a FIFO', 'a character device')
    """
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a plain file"


def read_user_text(path: str | os.PathLike[str], error_class: type[RobosimError],
                   what: str = "file", max_bytes: int = MAX_ROBOT_FILE_BYTES) -> str:
    r"""The UTF-8 text of a file the user named (see :func:`read_user_bytes`), without the
    byte-order mark a spreadsheet's "CSV UTF-8" export puts first.

    Examples
    --------
    A spreadsheet's export starts with the 3 bytes ``EF BB BF``; the text starts after them:

    >>> import tempfile
    >>> from robosim.errors import RobosimError
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "export.csv")
    ...     _ = path.write_bytes(b"\xef\xbb\xbft_s,q1_deg\n")
    ...     read_user_text(path, RobosimError)
    't_s,q1_deg\n'
    """
    data = read_user_bytes(path, error_class, what, max_bytes)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error_class(f"{path}: not UTF-8 text (byte {exc.start + 1} is "
                          f"0x{data[exc.start]:02x})") from None


def read_user_json(path: str | os.PathLike[str], error_class: type[RobosimError],
                   what: str = "file", max_bytes: int = MAX_ROBOT_FILE_BYTES) -> Any:
    """The JSON data of a file the user named, or ``error_class`` saying where it is not JSON.

    Besides invalid JSON this refuses a key given twice in one object (the key is named),
    ``NaN`` and ``Infinity`` (which Python's reader would take), nesting deeper than
    :data:`MAX_JSON_DEPTH`, and reads an integer of more than 18 digits as a float (so
    ``10**400`` is inf, refused by the field's check, instead of an overflow later).

    Examples
    --------
    >>> import tempfile
    >>> from robosim.errors import RobosimError
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "arm.json")
    ...     _ = path.write_text('{"name": "2R", "unit": "m"}')
    ...     read_user_json(path, RobosimError)
    {'name': '2R', 'unit': 'm'}
    """
    text = read_user_text(path, error_class, what, max_bytes)
    return parse_user_json(text, error_class, str(path))


def parse_user_json(text: str, error_class: type[RobosimError], source: str) -> Any:
    """Parse JSON ``text`` as :func:`read_user_json` does; ``source`` starts each message.

    Examples
    --------
    Python's own reader would keep the second ``"a"`` and take ``NaN``; here both are refused,
    and an integer of 20 digits is read as the float it stands for:

    >>> from robosim.errors import RobosimError
    >>> parse_user_json('{"n": 100000000000000000000}', RobosimError, "arm.json")
    {'n': 1e+20}
    >>> parse_user_json('{"a": 1, "a": 2}', RobosimError, "arm.json")
    Traceback (most recent call last):
    ...
    robosim.errors.RobosimError: arm.json: the key 'a' is given twice in one object (JSON keeps
        only the last: remove one)
    >>> parse_user_json('{"d": NaN}', RobosimError, "arm.json")
    Traceback (most recent call last):
    ...
    robosim.errors.RobosimError: arm.json: NaN is not a JSON number (JSON has no NaN or infinity:
        give a number)
    """
    try:
        data = json.loads(text, object_pairs_hook=_refuse_duplicate_keys,
                          parse_int=_bounded_int, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise error_class(f"{source}: not valid JSON (line {exc.lineno}, column {exc.colno}: "
                          f"{exc.msg})") from None
    except _NotJsonNumber as exc:
        raise error_class(f"{source}: {exc.args[0]} is not a JSON number (JSON has no NaN or "
                          f"infinity: give a number)") from None
    except _DuplicateKey as exc:
        raise error_class(f"{source}: the key {exc.args[0]!r} is given twice in one object "
                          f"(JSON keeps only the last: remove one)") from None
    except RecursionError:
        raise error_class(f"{source}: nested more than {MAX_JSON_DEPTH} levels deep") from None
    if _depth(data) > MAX_JSON_DEPTH:
        raise error_class(f"{source}: nested more than {MAX_JSON_DEPTH} levels deep")
    return data


class _DuplicateKey(Exception):
    """Raised inside ``json.loads`` by :func:`_refuse_duplicate_keys`; never leaves this module."""


class _NotJsonNumber(Exception):
    """Raised inside ``json.loads`` for ``NaN``, ``Infinity``, ``-Infinity``, which Python's
    reader takes although JSON has no such numbers; never leaves this module."""


def _refuse_constant(name):
    raise _NotJsonNumber(name)


def _refuse_duplicate_keys(pairs):
    data = {}
    for key, value in pairs:
        if key in data:
            raise _DuplicateKey(key)
        data[key] = value
    return data


def _bounded_int(text):
    digits = len(text.lstrip("-"))
    return int(text) if digits <= _MAX_INT_DIGITS else float(text)


def _depth(data):
    """Nesting depth of parsed JSON (a number or text is 0, ``[]`` 1), without recursion."""
    deepest, pending = 0, [(data, 0)]
    while pending:
        value, level = pending.pop()
        if isinstance(value, (list, dict)):
            level += 1
            if level > MAX_JSON_DEPTH:
                return level
            deepest = max(deepest, level)
            pending.extend((item, level) for item in
                           (value.values() if isinstance(value, dict) else value))
    return deepest


# ------------------------------------------------------------------------------------ writing
def check_replaceable(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` replaces (a symbolic link's target), checked by the rule.

    Nothing there (a new file, a dangling link's target) is fine, so is a regular file we may
    write. Called by every writer before it writes, and by commands before they compute.

    Raises
    ------
    FileRefusedError
        ``path`` is, or links to, a device, FIFO, socket or folder.
    PermissionError
        The file's permission bits do not let us write it (for root too).
    OSError
        The system cannot tell (a symbolic-link loop, a part of the path that is a file).

    Examples
    --------
    A new file is fine; the null device is refused, and left as it is:

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     print(check_replaceable(os.path.join(folder, "new.json")).name)
    new.json
    >>> check_replaceable("/dev/null")
    Traceback (most recent call last):
    ...
    robosim.files.FileRefusedError: /dev/null: not a regular file (a character device): robosim
        replaces only regular files
    """
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target
    if not stat.S_ISREG(mode):
        raise FileRefusedError(errno.EPERM, f"not a regular file ({file_kind(mode)}): robosim "
                                            f"replaces only regular files", str(path))
    if not (os.access(target, os.W_OK) and mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    return target


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically; see :func:`atomic_write_bytes`.

    Examples
    --------
    "°" takes two bytes in UTF-8, so "90°" is 4 bytes on disk:

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "angle.txt")
    ...     atomic_write_text(path, "90°")
    ...     print(os.path.getsize(path), sorted(os.listdir(folder)))
    4 ['angle.txt']
    """
    atomic_write_bytes(path, text.encode("utf-8"))


def write_readable_text(path: str | os.PathLike[str], text: str,
                        error_class: type[RobosimError], max_bytes: int,
                        too_large: Callable[[int], str]) -> Path:
    """Write ``text`` to ``path`` atomically, unless its reader would refuse it.

    What robosim writes, robosim reads back: a text whose UTF-8 is larger than ``max_bytes``
    (the cap of the reader of that kind of file) is refused before anything is written, with
    ``error_class("PATH: " + too_large(size))``; a failed write is ``error_class`` too.

    Returns the path written.

    Examples
    --------
    A reader that takes at most 10 bytes: 5 are written, 11 refused before anything is:

    >>> import os, tempfile
    >>> from robosim.errors import RobosimError
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "note.txt")
    ...     print(write_readable_text(path, "short", RobosimError, 10, str).name)
    ...     try:
    ...         write_readable_text(path, "much longer", RobosimError, 10,
    ...                             lambda size: f"{size} bytes, more than 10")
    ...     except RobosimError as error:
    ...         print(str(error).replace(folder, "FOLDER"))
    ...     print(open(path).read())
    note.txt
    FOLDER/note.txt: 11 bytes, more than 10
    short
    """
    path = file_name(path, "file")
    size = len(text.encode("utf-8"))
    if size > max_bytes:
        raise error_class(f"{path}: {too_large(size)}")
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise error_class(f"{path}: cannot write it ({exc.strerror or exc})") from None
    return Path(path)


def write_user_json(path: str | os.PathLike[str], data: Any, error_class: type[RobosimError],
                    what: str) -> Path:
    """Write ``data`` as indented JSON to ``path`` atomically: the one writer of robosim's JSON
    files (scenes, taught sequences, calibrations), by :func:`write_readable_text`'s rule.

    What :func:`read_user_json` would refuse is refused before anything is written: a NaN or
    an infinity (JSON has neither), more than :data:`MAX_ROBOT_FILE_BYTES`; a failed write
    (a read-only folder) is ``error_class`` naming the file, as every save says it.

    Examples
    --------
    >>> import math, tempfile
    >>> from robosim.errors import RobosimError
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     print(write_user_json(Path(folder, "a.json"), {"a": 1}, RobosimError, "file").name)
    ...     try:
    ...         write_user_json(Path(folder, "b.json"), {"a": math.nan}, RobosimError, "file")
    ...     except RobosimError as error:
    ...         print(str(error).replace(folder, "FOLDER"))
    a.json
    FOLDER/b.json: a file holds finite numbers only (JSON has no NaN or infinity); nothing
        was written
    """
    path = file_name(path, what)
    try:
        text = json.dumps(data, indent=2, allow_nan=False) + "\n"
    except ValueError:
        raise error_class(f"{path}: a {what} holds finite numbers only (JSON has no NaN or "
                          f"infinity); nothing was written") from None
    return write_readable_text(path, text, error_class, MAX_ROBOT_FILE_BYTES,
                               lambda size: f"{size:,} bytes is more than a {what} may hold "
                                            f"({MAX_ROBOT_FILE_BYTES:,}); nothing was written")


def file_name(path: Any, what: str) -> str | os.PathLike[str]:
    """``path`` if it names a file (text or a path object), else a ValidationTypeError.

    >>> file_name(None, "scene file")
    Traceback (most recent call last):
    ...
    robosim.errors.ValidationTypeError: a scene file is named by a path (text or a Path),
        got NoneType None
    """
    if isinstance(path, (str, os.PathLike)):
        return path
    raise ValidationTypeError(f"a {what} is named by a path (text or a Path), got "
                              f"{type(path).__name__} {brief(path)}")


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file in the same folder, then rename.

    Only a regular file is replaced (:func:`check_replaceable`: a device, FIFO or socket is
    refused, so is a file we may not write). A symbolic link is followed: its target is
    replaced and the link stays. A crash or a full disk leaves the old file as it was; every
    failure (an exception, a full disk, Ctrl-C, ``SIGTERM``) removes the temporary file, and
    one left by a writer that was killed is removed by the next write into the folder. The file
    gets the permissions an ordinary write would give it: those of the file it replaces, or for
    a new file the usual ``0o666`` less the umask (``mkstemp`` alone would make every saved
    file private, 0600).

    Raises
    ------
    FileRefusedError, PermissionError, OSError
        The target may not be replaced, or the system's reason the write failed.

    Examples
    --------
    The file is replaced whole, and no temporary file is left beside it:

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "data.bin")
    ...     atomic_write_bytes(path, b"old")
    ...     atomic_write_bytes(path, b"new!")
    ...     print(open(path, "rb").read(), os.listdir(folder))
    b'new!' ['data.bin']
    """
    target = check_replaceable(path)
    mode = _permissions_for(target)
    with _terminate_as_interrupt():
        temporary = temporary_file(target, ".tmp")
        try:
            with open(temporary, "wb") as stream:
                os.chmod(temporary, mode)
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            check_replaceable(target)       # it may have become a device meanwhile
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
            raise


def temporary_file(target: str | os.PathLike[str], suffix: str) -> Path:
    """Create an empty temporary file for writing ``target`` (``.NAME.pidPID.XXXXXXXX`` +
    ``suffix``, one of :data:`TEMPORARY_SUFFIXES`) beside it, first removing those of writers
    that are gone; the caller renames it over ``target`` or removes it.

    Examples
    --------
    The name carries the target's name and this process's id:

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     name = temporary_file(os.path.join(folder, "arm.json"), ".tmp").name
    >>> name.startswith(f".arm.json.pid{os.getpid()}.") and name.endswith(".tmp")
    True
    """
    target = Path(target)
    folder = target.parent if str(target.parent) else Path(".")
    remove_stale_temporaries(folder)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.pid{os.getpid()}.",
                                         suffix=suffix, dir=folder)
    os.close(handle)
    return Path(temporary)


def remove_stale_temporaries(folder: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files in ``folder`` whose writer is gone; returns those removed.

    A writer is gone when no process has the id in the file's name. One whose id was reused by
    another process stays until that process ends (it is only a few bytes meanwhile).

    Examples
    --------
    No process has id 999999999 (Linux allows at most 4,194,304), so its file goes; this
    process's own stays:

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for pid in (999_999_999, os.getpid()):
    ...         open(os.path.join(folder, f".arm.json.pid{pid}.abcd1234.tmp"), "w").close()
    ...     print([path.name for path in remove_stale_temporaries(folder)])
    ...     print(len(os.listdir(folder)))
    ['.arm.json.pid999999999.abcd1234.tmp']
    1
    """
    removed: list[Path] = []
    try:
        names = [entry.name for entry in os.scandir(folder)
                 if entry.name.startswith(".") and entry.name.endswith(TEMPORARY_SUFFIXES)]
    except OSError:             # not a folder we may list: the write says why, if it fails
        return removed
    for name in names:
        match = _TEMPORARY.fullmatch(name)
        if match is None or match["suffix"] not in TEMPORARY_SUFFIXES \
                or _process_alive(int(match["pid"])):
            continue
        leftover = Path(folder) / name
        try:
            if leftover.is_file() and not leftover.is_symlink():
                leftover.unlink()
                removed.append(leftover)
        except OSError:         # gone meanwhile, or not ours to remove: the write goes on
            pass
    return removed


def set_aside(path: str | os.PathLike[str]) -> Path:
    """Rename a damaged file of the user's to ``NAME.damaged`` (replacing an older one) so
    that the application can start without it and nothing in it is lost; returns the new
    name. Only the name moves: a FIFO, a device or a symbolic link is renamed, never opened.

    Raises
    ------
    OSError
        It cannot be renamed (the folder is not writable, a folder has the new name).

    Examples
    --------
    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "settings.json")
    ...     _ = path.write_text("{broken")
    ...     print(set_aside(path).name, os.listdir(folder))
    settings.json.damaged ['settings.json.damaged']
    """
    path = Path(path)
    aside = path.with_name(path.name + ".damaged")
    if aside.is_dir() and not aside.is_symlink():
        raise IsADirectoryError(errno.EISDIR, "a folder has the name it would be set aside as",
                                str(aside))
    os.replace(path, aside)
    return aside


def _process_alive(pid):
    """True unless no process has id ``pid`` (on Windows, where signal 0 would end the
    process, every writer is taken as alive)."""
    if os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except OSError:             # PermissionError: it exists, another user's
        return True
    return True


def _permissions_for(path):
    """Permission bits for writing ``path``: kept from an existing file, else 0o666 less umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


class Terminated(KeyboardInterrupt):
    """``SIGTERM`` arrived: raised where it lands, like Ctrl-C's KeyboardInterrupt, so every
    ``finally`` and ``except BaseException`` cleans up.

    Examples
    --------
    >>> issubclass(Terminated, KeyboardInterrupt)
    True
    """


def _raise_terminated(signum, frame):
    raise Terminated("terminated (SIGTERM)")


def handle_terminate_as_interrupt() -> None:
    """From now on, ``SIGTERM`` raises :class:`Terminated` (a KeyboardInterrupt) in the main
    thread, as Ctrl-C does. The command line and the application call this at start-up.

    Examples
    --------
    This process sends itself ``SIGTERM`` and catches it as :class:`Terminated` (then puts the
    handler it had back):

    >>> import os
    >>> before = signal.getsignal(signal.SIGTERM)
    >>> handle_terminate_as_interrupt()
    >>> try:
    ...     os.kill(os.getpid(), signal.SIGTERM)
    ... except Terminated as caught:
    ...     print(caught)
    terminated (SIGTERM)
    >>> _ = signal.signal(signal.SIGTERM, before)
    """
    if hasattr(signal, "SIGTERM") and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _raise_terminated)


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """Within the block, ``SIGTERM`` is handled like Ctrl-C (when its handler is the default:
    one the program set stays); a Terminated that was raised ends the process afterwards as
    ``SIGTERM`` would have, once the cleanup is done."""
    install = (hasattr(signal, "SIGTERM")
               and threading.current_thread() is threading.main_thread()
               and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL)
    if not install:
        yield
        return
    signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    except Terminated:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        raise
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
