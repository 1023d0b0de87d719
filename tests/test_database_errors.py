"""Any database path works, and the database's problems end in a clear message naming
it (issue 10, section 3: "Paths", "Clear errors instead of tracebacks")."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import card_db.database as database
from card_db.database import DatabaseError, current_revision, head_revision
from card_db.userdb import UserDatabase, ensure_database
from deckbuilder.services.collection import CollectionRow, add_rows, owned_counts
from deckbuilder.services.decks import list_decks

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "name",
    ["what?.sqlite3", "deck #1.sqlite3", "100% mine.sqlite3", "with spaces.db",
     "Gödel ëß 卡.sqlite3", "a?b#c%d e.sqlite3", "%20.sqlite3"],
)
def test_database_paths_with_special_characters(tmp_path, name):
    """The schema and the data go to the file named, whatever its characters."""
    folder = tmp_path / "odd ? # % ü"
    folder.mkdir()
    path = folder / name
    with UserDatabase.open(path) as db:
        add_rows(db, [CollectionRow("Gentle", 2)])
        assert owned_counts(db) == {"Gentle": 2}
    assert sorted(p.name for p in folder.iterdir()) == [name]
    assert current_revision(path) == head_revision()


def _newer(path: Path) -> Path:
    ensure_database(path)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.close()
    return path


def test_a_database_from_a_newer_app_is_refused_without_a_backup(tmp_path):
    path = _newer(tmp_path / "new.sqlite3")
    for _ in range(3):
        with pytest.raises(DatabaseError, match="newer version of the app") as caught:
            ensure_database(path)
        assert str(path) in str(caught.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.sqlite3"]


def test_the_cli_refuses_a_newer_database_with_exit_2(tmp_path):
    path = _newer(tmp_path / "new.sqlite3")
    code = "from deckbuilder.cli.main import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, "--db", str(path), "collection", "add", "Gentle"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 2
    assert "newer version of the app" in done.stderr and str(path) in done.stderr
    assert "Traceback" not in done.stderr


def _limited_connect(extra_sql: str):
    real = database.connect

    def limited(path, **kwargs):
        conn = real(path, **kwargs)
        conn.execute(extra_sql)
        return conn

    return limited


def test_a_full_disk_gives_a_clear_error_and_keeps_the_data(db, monkeypatch):
    """SQLite's "database or disk is full" (here: a page limit) becomes a DatabaseError."""
    with UserDatabase(db) as handle:
        add_rows(handle, [CollectionRow("Gentle", 1)])
    pages = sqlite3.connect(db).execute("PRAGMA page_count").fetchone()[0]
    monkeypatch.setattr(database, "connect", _limited_connect(f"PRAGMA max_page_count={pages}"))
    rows = [CollectionRow("Gentle", 1, location=f"box {i} " + "x" * 200) for i in range(400)]
    with UserDatabase(db) as handle:
        with pytest.raises(DatabaseError, match="the disk is full") as caught:
            add_rows(handle, rows)
        assert str(db) in str(caught.value)
    monkeypatch.undo()
    assert owned_counts(UserDatabase(db)) == {"Gentle": 1}


def test_a_read_only_database_gives_a_clear_error(db, monkeypatch):
    monkeypatch.setattr(database, "connect", _limited_connect("PRAGMA query_only=ON"))
    with UserDatabase(db) as handle:
        with pytest.raises(DatabaseError, match="read-only") as caught:
            add_rows(handle, [CollectionRow("Gentle", 1)])
    assert str(db) in str(caught.value)


def test_a_missing_folder_for_an_existing_handle_gives_a_clear_error(tmp_path):
    handle = UserDatabase(tmp_path / "gone" / "user.sqlite3")
    with pytest.raises(DatabaseError, match="cannot open the database"):
        list_decks(handle)


def test_readers_open_read_write_but_refuse_writes(db):
    """Readers open the file read-write (so SQLite can roll back a crashed writer's
    journal) with ``query_only`` set."""
    with UserDatabase(db) as handle, handle.read() as conn:
        assert conn.execute("PRAGMA query_only").fetchone()[0] == 1
        with pytest.raises(sqlite3.OperationalError):
            conn.execute("DELETE FROM card")


def test_a_damaged_database_page_gives_a_clear_error(db):
    """Garbage over the middle of the file: reading the cards names the file and says
    what to do instead of a traceback."""
    data = bytearray(db.read_bytes())
    page = 4096
    middle = len(data) // page // 2 * page
    data[page:middle] = b"\xa5" * (middle - page)
    db.write_bytes(bytes(data))
    with pytest.raises(DatabaseError, match="damaged|not a readable database") as caught:
        with UserDatabase.open(db) as handle:
            handle.catalogue()
            add_rows(handle, [CollectionRow("Gentle", 1)])
    assert str(db) in str(caught.value)


def test_a_checklist_row_with_one_cards_key_and_anothers_name_is_refused(userdb, tmp_path):
    """The row would rename Judith to Gentle: a clear error naming the line, nothing
    written (it used to end in a UNIQUE constraint traceback)."""
    from card_db.checklist import ChecklistError
    from deckbuilder.services.cards import export_checklist, import_checklist

    exported = tmp_path / "all.csv"
    export_checklist(userdb, exported)
    header, *rows = exported.read_text(encoding="utf-8").splitlines()
    gentle = next(r for r in rows if r.split(",")[1] == "Gentle")
    judith_key = next(r for r in rows if r.split(",")[1] == "Judith").split(",")[0]
    bad = tmp_path / "bad.csv"
    bad.write_text("\n".join([header, rows[0], judith_key + gentle[gentle.index(","):]]) + "\n",
                   encoding="utf-8")
    before = {r.name: r for r in userdb.catalogue()}
    with pytest.raises(ChecklistError, match="another card") as caught:
        import_checklist(userdb, bad)
    assert str(caught.value).startswith(f"{bad}:3:")
    userdb.forget_catalogue()
    assert {r.name: r for r in userdb.catalogue()} == before


def test_an_upgrade_that_would_break_references_is_undone(tmp_path, monkeypatch):
    """Migrations run with foreign keys off (tables can be rebuilt) and are checked
    before the commit: a migration that leaves a reference dangling is rolled back."""
    from alembic import command

    from card_db.database import upgrade_schema

    path = tmp_path / "old.sqlite3"
    upgrade_schema(path, "0001")
    real_upgrade = command.upgrade

    def upgrade_then_orphan(config, target):
        real_upgrade(config, target)
        config.attributes["connection"].exec_driver_sql(
            "INSERT INTO collection_entry(card_id, quantity, condition, location, notes,"
            " for_trade, date_added) VALUES (999, 1, 'Near Mint', '', '', 0, '2026-01-01')"
        )

    monkeypatch.setattr(command, "upgrade", upgrade_then_orphan)
    with pytest.raises(DatabaseError, match="break 1 references") as caught:
        upgrade_schema(path)
    assert str(path) in str(caught.value)
    assert current_revision(path) == "0001"
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM collection_entry").fetchone() == (0,)


# -- issue 26, point 7: a revision label behind the schema -----------------------------------


def _label(path: Path, revision: str) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE alembic_version SET version_num = ?", (revision,))
    conn.close()


def _backups(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".backup-" in p.name)


def test_a_revision_label_behind_the_schema_is_repaired_without_a_backup(tmp_path):
    """The tables are at head but the label says 0005 (an old label written back, a
    crash of an older app): the label is repaired at the first start, the upgrade is
    not run again (it used to fail on the existing tables with exit 70, after a new
    full backup at every start)."""
    path = ensure_database(tmp_path / "behind.sqlite3")
    with UserDatabase(path) as handle:
        add_rows(handle, [CollectionRow("Gentle", 2)])
    _label(path, "0005")
    for _ in range(3):
        with UserDatabase.open(path) as handle:
            assert owned_counts(handle) == {"Gentle": 2}
    assert current_revision(path) == head_revision()
    assert _backups(tmp_path) == []


def test_a_schema_that_matches_no_revision_is_refused_once_clearly(tmp_path):
    """Tables of no version of the app (here: one dropped) are refused with a message
    naming the file and what to do, without a backup each time; the CLI exits 2."""
    path = ensure_database(tmp_path / "odd.sqlite3")
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DROP TABLE stored_image")
    conn.close()
    _label(path, "0005")
    for _ in range(2):
        with pytest.raises(DatabaseError, match="match no version of this app") as caught:
            ensure_database(path)
        assert str(path) in str(caught.value)
    assert _backups(tmp_path) == []
    code = "from deckbuilder.cli.main import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, "--db", str(path), "collection", "add", "Gentle"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert "match no version of this app" in done.stderr and "Traceback" not in done.stderr


def test_every_revision_has_a_schema_of_its_own():
    """The repair tells revisions apart by their tables, columns, indexes and triggers:
    a migration that changes only data would make two revisions look alike."""
    from card_db.schema_label import revision_signatures

    signatures = revision_signatures()
    assert len(set(signatures.values())) == len(signatures) >= 7
