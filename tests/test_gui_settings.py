"""The settings registry (:mod:`deckbuilder.gui.settings`): defaults, types, round
trips through an INI file, and the settings version."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QByteArray, QSettings

from deckbuilder.gui import settings as registry
from deckbuilder.gui.settings import (
    BROWSER_VIEW,
    FAMILIES,
    RECENT_DECKS,
    SETTINGS,
    SPLITTERS,
    VERSION,
    VERSION_KEY,
    WINDOW_GEOMETRY,
    WINDOW_SCREEN,
    make_settings,
    upgrade,
)

SAMPLES = {QByteArray: QByteArray(b"\x00\x01state"), int: 1, str: "deck-editor",
           list: ["saved:Maestros", "file:/tmp/a b.txt"]}


def _store(path) -> QSettings:
    return QSettings(str(path), QSettings.Format.IniFormat)


def test_every_key_is_declared_once():
    keys = [s.key for s in SETTINGS] + [f.prefix + "/" for f in FAMILIES]
    assert len(keys) == len(set(keys))
    assert VERSION_KEY not in keys


def test_defaults_when_nothing_is_stored(tmp_path):
    store = _store(tmp_path / "s.ini")
    assert WINDOW_GEOMETRY.read(store) is None
    assert WINDOW_SCREEN.read(store) == ""
    assert BROWSER_VIEW.read(store) == 0
    assert RECENT_DECKS.read(store) == []
    assert SPLITTERS.at("browser").read(store) is None
    RECENT_DECKS.read(store).append("x")  # the default is a fresh list each time
    assert RECENT_DECKS.read(store) == []


@pytest.mark.parametrize("setting", [*SETTINGS, *(f.at("sample") for f in FAMILIES)],
                         ids=lambda s: s.key)
def test_round_trip_through_an_ini_file_keeps_value_and_type(tmp_path, setting):
    path = tmp_path / "s.ini"
    store = _store(path)
    setting.write(store, SAMPLES[setting.type])
    store.sync()
    again = setting.read(_store(path))
    assert again == SAMPLES[setting.type]
    assert type(again) is setting.type


def test_one_item_list_and_unreadable_values(tmp_path):
    path = tmp_path / "s.ini"
    store = _store(path)
    RECENT_DECKS.write(store, ["saved:Only"])
    store.setValue(BROWSER_VIEW.key, "grid")  # written by hand or by another tool
    store.sync()
    again = _store(path)
    assert RECENT_DECKS.read(again) == ["saved:Only"]
    assert BROWSER_VIEW.read(again) == 0


def test_writing_the_wrong_type_is_refused(tmp_path):
    store = _store(tmp_path / "s.ini")
    with pytest.raises(TypeError, match="browser/view"):
        BROWSER_VIEW.write(store, "1")
    with pytest.raises(TypeError):
        BROWSER_VIEW.write(store, True)
    with pytest.raises(TypeError):
        WINDOW_SCREEN.write(store, None)


def test_make_settings_writes_the_version(tmp_path, monkeypatch):
    path = tmp_path / "fresh.ini"
    monkeypatch.setenv("DECKBUILDER_SETTINGS", str(path))
    make_settings().sync()
    assert int(_store(path).value(VERSION_KEY)) == VERSION


def test_upgrade_runs_the_missing_steps_in_order(tmp_path, monkeypatch):
    store = _store(tmp_path / "old.ini")
    store.setValue(VERSION_KEY, VERSION - 1)
    ran = []
    monkeypatch.setattr(registry, "VERSION", VERSION + 2)
    monkeypatch.setattr(registry, "UPGRADES", {
        VERSION + 2: lambda s: ran.append(("b", s)), VERSION + 1: lambda s: ran.append(("a", s)),
    })
    upgrade(store)
    assert ran == [("a", store), ("b", store)]
    assert int(store.value(VERSION_KEY)) == VERSION + 2


def test_a_newer_store_is_left_alone(tmp_path):
    store = _store(tmp_path / "new.ini")
    store.setValue(VERSION_KEY, VERSION + 5)
    upgrade(store)
    assert int(store.value(VERSION_KEY)) == VERSION + 5
