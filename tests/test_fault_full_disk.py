"""A full disk, on a real small file system (a 4 MiB tmpfs; skipped where the machine
cannot mount one): the message names the full disk, nothing is lost, and the space a
failed write took is given back (issue 26, point 6).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from card_db.database import DatabaseError, current_revision, head_revision, upgrade_schema
from card_db.userdb import UserDatabase, ensure_database
from deckbuilder.services.collection import (
    CollectionRow,
    add_rows,
    export_collection_csv,
    owned_counts,
)
from tests.fault_kit import NoSmallDisk, fill, free_bytes, small_disk


@pytest.fixture
def disk(tmp_path):
    """A 4 MiB tmpfs of this test's own."""
    try:
        with small_disk(tmp_path / "disk", "4m") as folder:
            yield folder
    except NoSmallDisk as exc:
        pytest.skip(str(exc))


def _wal(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def _many_rows(names: list[str], count: int) -> list[CollectionRow]:
    return [CollectionRow(names[i % len(names)], 1, location=f"box {i}", notes="n" * 400)
            for i in range(count)]


def test_an_import_that_fills_the_disk_gives_the_space_back(disk, tmp_path):
    """The import fails with "the disk is full" and writes nothing; its WAL is
    checkpointed and truncated, so the space is free again at once: a later export
    and a later small write succeed without freeing anything else."""
    path = ensure_database(disk / "user.sqlite3")
    db = UserDatabase(path)
    names = [r.name for r in db.catalogue()]
    add_rows(db, [CollectionRow("Gentle", 1)])
    fill(disk, 1_500_000)
    before = free_bytes(disk)
    with pytest.raises(DatabaseError, match="the disk is full") as caught:
        add_rows(db, _many_rows(names, 6000))
    assert str(path) in str(caught.value)
    assert _wal(path) <= 64 * 1024
    assert free_bytes(disk) >= before - 256 * 1024
    export_collection_csv(db, disk / "collection.csv")
    add_rows(db, [CollectionRow("Judith", 1)])
    db.close()
    assert owned_counts(UserDatabase(path)) == {"Gentle": 1, "Judith": 1}
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_the_backup_before_an_upgrade_names_the_full_disk(disk):
    """No room for the backup copy: the upgrade does not run, the message says the disk
    is full (not "a disk error") and how much is needed, and the database is as it
    was; once space is freed the next start upgrades it."""
    path = disk / "old.sqlite3"
    upgrade_schema(path, "0001")
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                         [(f"padding {i}", os.urandom(500).hex()) for i in range(1200)])
    conn.close()
    size = path.stat().st_size
    fill(disk, size // 2)
    with pytest.raises(DatabaseError) as caught:
        ensure_database(path)
    message = str(caught.value)
    assert "the disk is full" in message and str(path) in message
    assert current_revision(path) == "0001"
    assert not [p for p in disk.iterdir() if ".backup-" in p.name]
    (disk / "filler").unlink()  # space freed: the next start upgrades it
    ensure_database(path)
    assert current_revision(path) == head_revision()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_outputs_on_a_full_disk_keep_the_old_file(disk, userdb):
    """An export that does not fit leaves the old file whole and no temporary file."""
    target = disk / "collection.csv"
    target.write_bytes(b"old\n")
    add_rows(userdb, _many_rows([r.name for r in userdb.catalogue()], 3000))
    fill(disk, 64 * 1024)
    with pytest.raises(OSError):
        export_collection_csv(userdb, target)
    assert target.read_bytes() == b"old\n"
    assert sorted(p.name for p in disk.iterdir()) == ["collection.csv", "filler"]

