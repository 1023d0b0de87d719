"""A database on a read-only folder or medium opens read-only (issue 26, point 5):
browse, search, export, goldfish work, with a notice that changes cannot be saved; a
change is refused with a clear message; nothing is written beside the file.

As root the medium is a small tmpfs remounted read-only (root ignores permissions);
skipped where neither that nor a folder without write permission can be made.
"""

from __future__ import annotations

import sqlite3
import subprocess

import pytest

from card_db.database import DatabaseError
from card_db.userdb import UserDatabase, ensure_database
from deckbuilder.services.collection import (
    CollectionRow,
    add_rows,
    export_collection_csv,
    owned_counts,
)
from tests.fault_kit import ROOT, NoSmallDisk, cli_command, read_only_folder

NOTICE = "opened read-only: changes cannot be saved"


@pytest.fixture
def source(tmp_path):
    """A database with two copies of Gentle, closed cleanly (no -wal, no -shm left)."""
    path = ensure_database(tmp_path / "source" / "user.sqlite3")
    with UserDatabase(path) as db:
        add_rows(db, [CollectionRow("Gentle", 2)])
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


@pytest.fixture
def medium(tmp_path, source):
    """The database alone in a read-only folder."""
    try:
        with read_only_folder(tmp_path / "medium", {"user.sqlite3": source}) as folder:
            yield folder / "user.sqlite3"
    except NoSmallDisk as exc:
        pytest.skip(str(exc))


def test_a_read_only_database_can_be_browsed_searched_and_exported(medium, tmp_path):
    """Opened read-only: the collection and the cards read, an export written
    elsewhere; a change is refused naming the file; nothing is made beside it."""
    with UserDatabase.open(medium) as db:
        assert db.read_only
        assert owned_counts(db) == {"Gentle": 2}
        assert len(db.catalogue()) > 100
        out = tmp_path / "out.csv"
        export_collection_csv(db, out)
        assert "Gentle,2" in out.read_text(encoding="utf-8")
        with pytest.raises(DatabaseError, match="changes cannot be saved") as caught:
            add_rows(db, [CollectionRow("Judith", 1)])
        assert str(medium) in str(caught.value)
    assert sorted(p.name for p in medium.parent.iterdir()) == ["user.sqlite3"]


@pytest.mark.parametrize("command", [
    ["cards", "search", "Gentle"],
    ["collection", "export", "{out}"],
    ["goldfish", "{deck}", "--games", "3"],
])
def test_the_cli_reads_a_read_only_database_with_a_notice(medium, tmp_path, command):
    """``cards search``, ``collection export`` and ``goldfish`` work (exit 0) and say
    on stderr that changes cannot be saved."""
    from deckbuilder.services.deck_sources import demo_deck_files

    deck = str(demo_deck_files()[0])
    args = [a.format(out=tmp_path / "out.csv", deck=deck) for a in command]
    done = subprocess.run(cli_command("--db", str(medium), *args), cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert NOTICE in done.stderr and "Traceback" not in done.stderr


def test_the_cli_refuses_a_change_to_a_read_only_database_with_exit_2(medium):
    """``collection add`` on it: exit 2, "changes cannot be saved", no traceback."""
    done = subprocess.run(cli_command("--db", str(medium), "collection", "add", "Judith"),
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "changes cannot be saved" in done.stderr and "Traceback" not in done.stderr


def test_a_read_only_database_that_needs_an_upgrade_is_refused_clearly(tmp_path):
    """An old database on a read-only medium cannot be upgraded there: the message
    says so and to copy it to a writable folder."""
    from card_db.database import upgrade_schema

    old = tmp_path / "old" / "user.sqlite3"
    old.parent.mkdir()
    upgrade_schema(old, "0005")
    try:
        with read_only_folder(tmp_path / "medium", {"user.sqlite3": old}) as folder:
            with pytest.raises(DatabaseError, match="needs an upgrade") as caught:
                UserDatabase.open(folder / "user.sqlite3")
            assert "writable folder" in str(caught.value)
    except NoSmallDisk as exc:
        pytest.skip(str(exc))


def test_the_window_on_a_read_only_database_says_so_in_its_status_bar(qtbot, medium,
                                                                       tmp_path, monkeypatch):
    """The app opens on it, every screen built, and the status bar says that changes
    cannot be saved."""
    from PySide6.QtWidgets import QLabel

    from deckbuilder.gui.app import create_main_window

    monkeypatch.setenv("DECKBUILDER_SETTINGS", str(tmp_path / "settings.ini"))
    win = create_main_window(medium)
    qtbot.addWidget(win)
    win.build_all_screens()
    win.show()
    win.start()
    assert win.context.wait_idle()
    notice = win.statusBar().findChild(QLabel, "readOnlyNotice")
    assert notice is not None and notice.isVisible()
    assert "changes cannot be saved" in notice.text()
    win.context.close()
