"""Widgets the windows are built from: typed-in cell grids, fast text, file dialogs, matrix text,
sliders that do not draw."""
