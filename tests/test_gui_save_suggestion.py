"""The file name a Save As or Export dialog pre-fills from a deck's name stays in the
chosen folder (issue 10, section 3, "Hostile text")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QFileDialog

from deckbuilder.gui.deck_editor.files import MAX_SUGGESTED_NAME, safe_file_name, suggested_path
from deckbuilder.gui.settings import DECK_FOLDER

HOSTILE = ["../../etc/x", "a/b", "/etc/passwd", "..", "...", " .hidden", "C:\\Windows\\x",
           "x/../y", "\\\\server\\share", "a\x00b", "tab\there", "\u202eexe.txt", "", "   ",
           "~/x", "con:x", "a" * 500]


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_deck_name_stays_in_the_folder(tmp_path, name):
    path = suggested_path(tmp_path, name, ".txt")
    assert path.parent == tmp_path
    assert os.path.realpath(path).startswith(os.path.realpath(tmp_path) + os.sep)
    assert path.name.endswith(".txt") and not path.name.startswith(".")
    assert ".." not in path.name and "/" not in path.name and "\\" not in path.name
    assert len(path.stem) <= MAX_SUGGESTED_NAME


def test_examples():
    assert safe_file_name("../../etc/x") == "etc-x"
    assert safe_file_name("a/b") == "a-b"
    assert safe_file_name("/etc/passwd") == "etc-passwd"
    assert safe_file_name("..") == "deck" and safe_file_name("") == "deck"
    assert safe_file_name("", "game") == "game"
    assert safe_file_name("My Deck v1.2") == "My Deck v1.2"
    assert safe_file_name("Vassals of Hapexamendios") == "Vassals of Hapexamendios"
    assert safe_file_name("Tom's Judith") == "Tom's Judith"
    assert suggested_path("/decks", "Mine") == Path("/decks/Mine")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_any_name_stays_in_the_folder(name):
    folder = Path("/chosen/folder")
    path = suggested_path(folder, name, ".txt")
    assert path.parent == folder and path.name not in (".txt", "..txt")
    assert Path(os.path.normpath(path)).parent == folder


def test_save_as_and_export_dialogs_prefill_inside_the_deck_folder(window, monkeypatch, tmp_path):
    screen = window.show_screen("deck-editor")
    editor = screen.new_deck()
    editor.name_edit.setText("../../etc/x")
    editor.name_edit.editingFinished.emit()
    assert editor.document.deck.name == "../../etc/x"
    DECK_FOLDER.write(window.context.settings, str(tmp_path))
    asked = []

    def fake_dialog(_parent, _title, suggested, *_args):
        asked.append(Path(suggested))
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake_dialog))
    screen.save_document_as()
    screen.export()
    assert asked == [tmp_path / "etc-x.txt", tmp_path / "etc-x"]
