"""The screens of the application window: welcome, DH-table editor, simulator, their helpers."""
