"""A kill -9 at any moment leaves a database that opens: the old one or the new one
(issue 10, section 3, "Unusable database after a crash").

Each trial forks a child that does the work (first-start creation, the 0001 -> head
upgrade, a checklist import, a collection import) and kills it with SIGKILL after a
random delay spread over the time the work takes. Afterwards the database must open
(``ensure_database``), pass SQLite's integrity check, and hold either none or all of
the interrupted write.
Runtime: about 30-60 s for the 80 trials.
"""

from __future__ import annotations

import csv
import multiprocessing
import random
import shutil
import sqlite3
import time
from pathlib import Path

import pytest

from card_db.checklist import load_bundled_records
from card_db.database import current_revision, head_revision, upgrade_schema
from card_db.userdb import UserDatabase, ensure_database
from deckbuilder.formats.collection_csv import write_collection_csv
from deckbuilder.services.cards import export_checklist, import_checklist
from deckbuilder.services.collection import (
    CollectionRow,
    import_collection_csv,
    owned_counts,
)

TRIALS = 20
BUNDLED = len(load_bundled_records())
CONTEXT = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                      else "spawn")


def _import(path: Path, checklist: Path) -> None:
    import_checklist(UserDatabase(path), checklist)


def _import_collection(path: Path, csv_file: Path) -> None:
    import_collection_csv(UserDatabase(path), csv_file)


def _timed(target, *args) -> float:
    """Seconds ``target(*args)`` takes in a child process run to the end."""
    start = time.perf_counter()
    child = CONTEXT.Process(target=target, args=args)
    child.start()
    child.join(120)
    assert child.exitcode == 0
    return time.perf_counter() - start


def _kill_during(target, args, duration: float, rng: random.Random) -> bool:
    """Run ``target(*args)`` in a child, SIGKILL it after a random delay; True if killed."""
    child = CONTEXT.Process(target=target, args=args)
    child.start()
    time.sleep(rng.uniform(0, duration))
    child.kill()
    child.join(60)
    return child.exitcode == -9


def _state(path: Path) -> tuple[str, int]:
    """(integrity check result, cards) after opening ``path`` as the app does at start."""
    ensure_database(path)
    with sqlite3.connect(path) as conn:
        check = conn.execute("PRAGMA integrity_check").fetchone()[0]
    return check, len(UserDatabase(path).catalogue())


def _trials(tmp_path: Path, prepare, target, extra_args=()) -> tuple[list, int]:
    rng = random.Random(10)
    reference = prepare(tmp_path / "reference.sqlite3")
    duration = _timed(target, reference, *extra_args)
    states, killed = [], 0
    for trial in range(TRIALS):
        path = prepare(tmp_path / f"trial-{trial}.sqlite3")
        killed += _kill_during(target, (path, *extra_args), duration, rng)
        states.append(_state(path))
    return states, killed


@pytest.fixture(scope="module")
def opened(tmp_path_factory) -> Path:
    return ensure_database(tmp_path_factory.mktemp("template") / "opened.sqlite3")


def test_kill_during_first_start_leaves_a_database_that_opens(tmp_path):
    states, killed = _trials(tmp_path, lambda p: p, ensure_database)
    assert killed >= TRIALS // 4, "the kills should land while the work runs"
    assert states == [("ok", BUNDLED)] * TRIALS


def test_kill_during_an_upgrade_leaves_a_database_that_opens(tmp_path):
    def at_first_revision(path: Path) -> Path:
        upgrade_schema(path, "0001")
        return path

    states, killed = _trials(tmp_path, at_first_revision, ensure_database)
    assert killed >= TRIALS // 4
    assert states == [("ok", BUNDLED)] * TRIALS
    trials = [p for p in tmp_path.glob("trial-*.sqlite3") if "backup" not in p.name]
    assert {current_revision(p) for p in trials} == {head_revision()}


def test_kill_during_a_checklist_import_leaves_all_or_nothing(tmp_path, opened):
    exported = tmp_path / "exported.csv"
    export_checklist(UserDatabase(opened), exported)
    with exported.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    checklist = tmp_path / "more.csv"
    with checklist.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:  # every card again under a new name: the import adds them all
            writer.writerow(row | {"key": row["key"] + "-ii", "name": row["name"] + " II"})

    def copy(path: Path) -> Path:
        shutil.copy(opened, path)
        return path

    states, killed = _trials(tmp_path, copy, _import, (checklist,))
    assert killed >= TRIALS // 4
    assert all(check == "ok" for check, _ in states)
    assert {cards for _, cards in states} <= {BUNDLED, 2 * BUNDLED}


def test_kill_during_a_collection_import_leaves_all_or_nothing(tmp_path, opened):
    names = [record.name for record in UserDatabase(opened).catalogue()]
    rows = [CollectionRow(name, 1, location=f"box {box}") for box in range(5) for name in names]
    csv_file = tmp_path / "collection.csv"
    csv_file.write_text(write_collection_csv(rows), encoding="utf-8")

    def copy(path: Path) -> Path:
        shutil.copy(opened, path)
        return path

    states, killed = _trials(tmp_path, copy, _import_collection, (csv_file,))
    assert killed >= TRIALS // 4
    assert all(check == "ok" for check, _ in states)
    totals = {
        sum(owned_counts(UserDatabase(p)).values())
        for p in tmp_path.glob("trial-*.sqlite3")
    }
    assert totals <= {0, len(rows)}
