"""Qt's xcb platform without its system libraries (issue 10, section 1): the app names
the missing libraries and the apt-get line, and exits 2 before Qt can abort."""

from __future__ import annotations

import stat

from deckbuilder.gui import app, system_libraries
from deckbuilder.gui.system_libraries import (
    missing_libraries,
    missing_libraries_message,
    not_found,
    uses_xcb,
)

LDD_OUTPUT = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f1)
\tlibxcb-cursor.so.0 => /usr/lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f2)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibweird.so.9 => not found
"""


def test_ldd_not_found_lines_are_read():
    assert not_found(LDD_OUTPUT) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libweird.so.9"]
    assert not_found("\tlibc.so.6 => /lib/libc.so.6 (0x1)\n") == []


def test_the_message_names_the_libraries_and_the_apt_get_line():
    text = missing_libraries_message(["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libweird.so.9"])
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1, libweird.so.9" in text
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1\n" in text
    assert "provides libweird.so.9" in text
    assert "xcb-cursor0" not in text  # Qt's own message blames it whatever is missing


def test_missing_libraries_runs_ldd_on_the_plugin(tmp_path, monkeypatch):
    fake_ldd = tmp_path / "bin" / "ldd"
    fake_ldd.parent.mkdir()
    fake_ldd.write_text(f"#!/bin/sh\ncat <<'END'\n{LDD_OUTPUT}END\n")
    fake_ldd.chmod(fake_ldd.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{fake_ldd.parent}:/usr/bin:/bin")
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    assert missing_libraries(plugin)[:2] == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    assert missing_libraries(plugin) == []  # no ldd: let Qt try


def test_the_installed_plugin_is_found_and_complete_here():
    plugin = system_libraries.xcb_plugin()
    assert plugin is not None and plugin.name == "libqxcb.so"
    assert missing_libraries(plugin) == []  # CI installs the README's packages


def test_which_platforms_are_checked(monkeypatch):
    monkeypatch.setattr(system_libraries.sys, "platform", "linux")
    assert uses_xcb({"DISPLAY": ":0"})
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb:display=:1"})
    assert not uses_xcb({"QT_QPA_PLATFORM": "offscreen"})
    assert not uses_xcb({"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"})
    monkeypatch.setattr(system_libraries.sys, "platform", "darwin")
    assert not uses_xcb({})


def test_the_app_exits_2_with_the_message_before_creating_qt(monkeypatch, capsys):
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setattr(system_libraries.sys, "platform", "linux")
    monkeypatch.setattr(app, "missing_libraries", lambda: ["libxcb-icccm.so.4"])
    monkeypatch.setattr(app, "qapplication", lambda: (_ for _ in ()).throw(AssertionError))
    assert app.run() == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines()[-1].startswith("Other distributions")
    assert "sudo apt-get install libxcb-icccm4" in err
