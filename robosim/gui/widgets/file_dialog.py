"""The native file dialog of the window's toolkit, where the backend has one.

Under TkAgg (robosim's usual window) Open, Save and every Export ask with Tk's own dialog
(``tkinter.filedialog``), parented to the figure's Tk window; under QtAgg with Qt's
``QFileDialog``. Every other backend (Agg in the tests, ``inline``, ipympl) has none: there the
path typed in the window's path cell is used, as always. :func:`ask_path` is the one function
that opens a dialog, so that tests can substitute it (the test suite never opens a real one).

The toolkit is found through matplotlib's public canvas API: a TkAgg canvas has
``get_tk_widget()``; a Qt canvas is itself a ``QWidget``.
"""

from pathlib import Path

from ...errors import ValidationError
from ...robot_files import ROBOT_FILE_SUFFIXES

#: (description, patterns) of the files each dialog offers first; "All files" is added.
ROBOT_FILES = ("Robot files", tuple(f"*{suffix}" for suffix in ROBOT_FILE_SUFFIXES))
ROBOT_JSON = ("Robot files", ("*.json",))


def toolkit(fig):
    """"tk", "qt" or None: the toolkit whose file dialog ``fig``'s window can show."""
    canvas = fig.canvas
    if callable(getattr(canvas, "get_tk_widget", None)):
        return "tk"
    if type(canvas).__module__.startswith("matplotlib.backends.backend_qt"):
        return "qt"
    return None


def ask_path(fig, *, save, title, initial, filetypes=ROBOT_FILES):
    """Ask for a file in the native dialog over ``fig``'s window.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The window the dialog belongs to (its toolkit shows the dialog).
    save : bool
        True: a "save as" dialog (the toolkit asks before replacing a file); False: "open".
    title : str
        The dialog's title.
    initial : str or Path
        The file proposed: the dialog opens in its folder, with its name filled in (save).
    filetypes : (description, patterns)
        The kind of file shown first, e.g. ``("Robot files", ("*.json", "*.csv", "*.urdf"))``.

    Returns
    -------
    str or None
        The absolute path chosen; ``""`` when the user cancelled; None when the backend has no
        native dialog (use the typed path instead).
    """
    kind = toolkit(fig)
    if kind is None:
        return None
    initial = Path(initial).expanduser().absolute()
    folder = initial if initial.is_dir() else initial.parent
    while not folder.is_dir() and folder != folder.parent:
        folder = folder.parent
    name = "" if initial.is_dir() else initial.name
    description, patterns = filetypes
    if kind == "tk":
        chosen = _ask_tk(fig, save, title, folder, name, description, patterns)
    else:
        chosen = _ask_qt(fig, save, title, folder, name, description, patterns)
    return str(Path(chosen).absolute()) if chosen else ""


def ask_for_cell(fig, cell, *, save, suffix, what, stem):
    """The file a tool window's one-cell path grid (``cell``, a
    :class:`~robosim.gui.widgets.cells.CellGrid`) leads to: chosen in the native dialog where
    the window has one (it starts from the cell's path, its suffix made ``suffix``), else the
    cell's path. The cell then shows the file, absolute, with ``suffix``.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The window the dialog belongs to.
    cell : robosim.gui.widgets.cells.CellGrid
        Cell (0, 0) holds the path typed.
    save : bool
        A "save as" dialog (True) or "open" (False).
    suffix : str
        The file's suffix, e.g. ``".csv"``; a path with another one gets this one instead.
    what : str
        What the file is, for the dialog's title ("Save a {what} file"), e.g. ``".csv"``.
    stem : str
        The file name (without suffix) proposed when the cell is empty, e.g. ``"trajectory"``.

    Returns
    -------
    pathlib.Path or None
        None when the dialog was cancelled.

    Raises
    ------
    ValidationError
        No dialog and no path typed.
    """
    cell.commit()
    text = cell.text(0, 0).strip()
    # the dialog proposes the name with this suffix: "Save GIF" never offers to replace
    # the .csv the cell names
    initial = Path(text).with_suffix(suffix) if text else f"{stem}{suffix}"
    chosen = ask_path(fig, save=save, title=f"{'Save' if save else 'Open'} a {what} file",
                      initial=initial, filetypes=(f"{suffix} files", (f"*{suffix}",)))
    if chosen == "":
        return None
    text = chosen or text
    if not text:
        raise ValidationError("type a file name first (in the file cell)")
    path = Path(text).expanduser().absolute()
    path = path if path.suffix.lower() == suffix else path.with_suffix(suffix)
    cell.set_text(0, 0, str(path))
    return path


def _ask_tk(fig, save, title, folder, name, description, patterns):
    from tkinter import filedialog

    options = dict(parent=fig.canvas.get_tk_widget().winfo_toplevel(), title=title,
                   initialdir=str(folder),
                   filetypes=[(description, " ".join(patterns)), ("All files", "*")])
    if save:
        return filedialog.asksaveasfilename(initialfile=name,
                                            defaultextension=patterns[0].lstrip("*"), **options)
    return filedialog.askopenfilename(**options)


def _ask_qt(fig, save, title, folder, name, description, patterns):
    import importlib

    # qt_compat binds QtWidgets when it is imported, from the Qt binding it finds: a name its
    # source does not define where a type checker can see it
    QtWidgets = importlib.import_module("matplotlib.backends.qt_compat").QtWidgets

    filters = f"{description} ({' '.join(patterns)});;All files (*)"
    ask = QtWidgets.QFileDialog.getSaveFileName if save else QtWidgets.QFileDialog.getOpenFileName
    chosen, _filter = ask(fig.canvas, title, str(folder / name), filters)
    return chosen
