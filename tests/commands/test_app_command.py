"""``robosim`` without a command: what the terminal says before the window opens."""

import matplotlib

from robosim.commands.app import BUILDING_FONTS, say_if_fonts_missing


def test_a_first_start_says_matplotlib_is_making_its_font_list(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(matplotlib, "get_cachedir", lambda: str(tmp_path))
    say_if_fonts_missing()                          # a fresh machine: an empty cache folder
    assert capsys.readouterr().err == BUILDING_FONTS + "\n"
    (tmp_path / "fontlist-v390.json").write_text("{}")
    say_if_fonts_missing()                          # the list is there: nothing to wait for
    assert capsys.readouterr().err == ""
