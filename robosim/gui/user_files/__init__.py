"""The files robosim keeps in the user's folder: the editor's autosave, "My robots"."""
