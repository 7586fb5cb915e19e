"""The matplotlib application: screens, widgets and tool windows (imports matplotlib)."""
