"""Every write path the app has, for the kill -9 trials of the fault suite (issue 26).

Each entry of :data:`WRITE_PATHS` is a :class:`tests.fault_kit.WritePath`: how to set
up the starting state, the write itself, and what a later start sees (``old``, ``new``
or what is broken). ``tests/test_crash_recovery.py`` kills each at random moments and
``python -m tests.fault_report`` prints the table of the outcomes.

Adding a write path is one line at the end of this file, e.g. for a scan batch::

    WRITE_PATHS.append(database_write("accepting a scan batch", _accept_batch, _batch_count))

with ``_accept_batch(db)`` doing the write on a :class:`card_db.userdb.UserDatabase`
and ``_batch_count(db)`` returning something that is equal before the write and
changes when it is done (:func:`database_write` compares them); a write of a file
uses :func:`file_write`.
"""

from __future__ import annotations

import csv
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from card_db.checklist import load_bundled_records
from card_db.database import current_revision, head_revision, upgrade_schema
from card_db.userdb import UserDatabase, ensure_database
from tests.fault_kit import WritePath

BUNDLED = len(load_bundled_records())


@dataclass(frozen=True)
class DbState:
    """A prepared database trial: the database file, its input file, and the value
    ``measure`` gave before the write (``before``) and after a complete one (``after``)."""

    path: Path
    folder: Path
    before: object
    after: object


@cache
def template(folder: Path | None = None) -> Path:
    """A database at head with the bundled cards, built once per process."""
    import atexit
    import tempfile

    if folder is None:
        folder = tempfile.mkdtemp(prefix="deckbuilder-faults-")
        atexit.register(shutil.rmtree, folder, True)  # forked children leave by os._exit
    base = Path(folder)
    return ensure_database(base / "template.sqlite3")


def database_files(folder: Path) -> tuple:
    """What a database write changes in ``folder``: the database files there and the
    write-ahead logs that hold pages (a probe, :class:`tests.fault_kit.WritePath`)."""
    found = []
    for entry in sorted(folder.iterdir()):
        if entry.name.endswith(".sqlite3"):
            found.append(entry.name)
        elif entry.name.endswith("-wal"):
            try:
                size = entry.stat().st_size
            except FileNotFoundError:  # the writer removed it meanwhile
                continue
            if size:
                found.append((entry.name, size))
    return tuple(found)


def opened_whole(path: Path) -> str | None:
    """``None`` if ``path`` opens as the app opens it at start and passes SQLite's
    integrity check, else what is wrong."""
    try:
        ensure_database(path)
        with sqlite3.connect(path) as conn:
            check = conn.execute("PRAGMA integrity_check").fetchone()[0]
    except Exception as exc:  # noqa: BLE001 - any failure to open is the finding
        return f"does not open: {type(exc).__name__}: {exc}"
    return None if check == "ok" else f"integrity check: {check}"


def database_write(name: str, write: Callable[[UserDatabase, Path], None],
                   measure: Callable[[UserDatabase], object],
                   setup: Callable[[UserDatabase, Path], None] | None = None) -> WritePath:
    """A write to the user database: ``setup(db, folder)`` (optional) makes its inputs in
    the trial's folder, ``write(db, folder)`` is the write, and ``measure(db)`` reads
    what it changes. After a kill the database must open whole and ``measure`` must
    give its value from before the write (``old``) or after a complete one (``new``)."""

    def prepare(folder: Path) -> DbState:
        path = folder / "user.sqlite3"
        shutil.copy(template(), path)
        db = UserDatabase(path)
        if setup is not None:
            setup(db, folder)
        before = measure(db)
        db.close()
        reference = folder / "reference.sqlite3"
        shutil.copy(path, reference)
        with UserDatabase(reference) as copy:
            write(copy, folder)
        with UserDatabase(reference) as copy:
            after = measure(copy)
        reference.unlink()
        return DbState(path, folder, before, after)

    def run(state: DbState) -> None:
        write(UserDatabase(state.path), state.folder)

    def outcome(state: DbState) -> str:
        problem = opened_whole(state.path)
        if problem:
            return problem
        with UserDatabase(state.path) as db:
            value = measure(db)
        if value == state.before:
            return "old"
        if value == state.after:
            return "new"
        return f"half-written: {value!r}"

    return WritePath(name, prepare, run, outcome, lambda state: database_files(state.folder))


def file_write(name: str, write: Callable[[UserDatabase, Path], None],
               setup: Callable[[UserDatabase, Path], None] | None = None,
               output: str = "out.csv") -> WritePath:
    """A write of the file ``output`` in the trial's folder (an export; ``write(db,
    folder)`` writes it there): it must hold its old content or the complete new one,
    never a torn or empty file."""
    old = b"the old content, which must survive\n"

    def prepare(folder: Path) -> DbState:
        path = folder / "user.sqlite3"
        shutil.copy(template(), path)
        with UserDatabase(path) as db:
            if setup is not None:
                setup(db, folder)
            (folder / output).write_bytes(old)
            write(db, folder)
        after = (folder / output).read_bytes()
        (folder / output).write_bytes(old)
        return DbState(path, folder, old, after)

    def run(state: DbState) -> None:
        write(UserDatabase(state.path), state.folder)

    def outcome(state: DbState) -> str:
        data = (state.folder / output).read_bytes()
        return "old" if data == state.before else "new" if data == state.after else (
            f"torn file ({len(data)} bytes)")

    def probe(state: DbState) -> tuple:  # the hidden temporary file appears
        return tuple(sorted(p.name for p in state.folder.glob(".*.part")))

    return WritePath(name, prepare, run, outcome, probe)


# -- the app's writes ---------------------------------------------------------------------


def _first_start() -> WritePath:
    def prepare(folder: Path) -> Path:
        return folder / "user.sqlite3"

    def outcome(path: Path) -> str:
        done = (path.exists() and current_revision(path) == head_revision()
                and _cards(path) == BUNDLED)
        return opened_whole(path) or ("new" if done else "old")

    return WritePath("first start", prepare, ensure_database, outcome,
                     lambda path: database_files(path.parent))


def _upgrade() -> WritePath:
    def prepare(folder: Path) -> Path:
        path = folder / "user.sqlite3"
        upgrade_schema(path, "0001")
        return path

    def outcome(path: Path) -> str:
        label = current_revision(path)
        problem = opened_whole(path)
        if problem:
            return problem
        if _cards(path) != BUNDLED:
            return f"{_cards(path)} cards after the next start"
        return {"0001": "old", head_revision(): "new"}.get(label, f"label {label}")

    return WritePath("upgrade 0001 to head", prepare, ensure_database, outcome,
                     lambda path: database_files(path.parent))


def _cards(path: Path) -> int:
    try:
        with sqlite3.connect(path) as conn:
            return conn.execute("SELECT count(*) FROM card").fetchone()[0]
    except sqlite3.Error:
        return -1


def _checklist(db: UserDatabase, folder: Path) -> None:
    """A checklist adding every card again under a new name."""
    from deckbuilder.services.cards import export_checklist

    exported = folder / "exported.csv"
    export_checklist(db, exported)
    with exported.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    with (folder / "more.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            writer.writerow(row | {"key": row["key"] + "-ii", "name": row["name"] + " II"})


def _import_checklist(db: UserDatabase, folder: Path) -> None:
    from deckbuilder.services.cards import import_checklist

    import_checklist(db, folder / "more.csv")


def _card_count(db: UserDatabase) -> int:
    db.forget_catalogue()
    return len(db.catalogue())


def _collection_csv(db: UserDatabase, folder: Path) -> None:
    from deckbuilder.formats.collection_csv import write_collection_csv
    from deckbuilder.services.collection import CollectionRow

    names = [r.name for r in db.catalogue()]
    rows = [CollectionRow(n, 1, location=f"box {b}") for b in range(5) for n in names]
    (folder / "collection.csv").write_text(write_collection_csv(rows), encoding="utf-8")


def _import_collection(db: UserDatabase, folder: Path) -> None:
    from deckbuilder.services.collection import import_collection_csv

    import_collection_csv(db, folder / "collection.csv")


def _owned(db: UserDatabase) -> int:
    from deckbuilder.services.collection import owned_counts

    return sum(owned_counts(db).values())


def _some_collection(db: UserDatabase, _folder: Path) -> None:
    from deckbuilder.services.collection import CollectionRow, add_rows

    names = [r.name for r in db.catalogue()]
    add_rows(db, [CollectionRow(n, 1 + i % 3, location=f"box {i % 7}", notes="n" * (i % 40))
                  for i, n in enumerate(names)])


def _export_collection(db: UserDatabase, folder: Path) -> None:
    from deckbuilder.services.collection import export_collection_csv

    export_collection_csv(db, folder / "out.csv")


def _export_checklist(db: UserDatabase, folder: Path) -> None:
    from deckbuilder.services.cards import export_checklist

    export_checklist(db, folder / "out.csv")


def _copy_target(db: UserDatabase, folder: Path) -> None:
    from card_db.transfer import copy_database

    copy_database(db.path, _copy_of(db))


def _copy_of(db: UserDatabase) -> Path:
    return Path(db.path).with_name(f"{Path(db.path).stem}-copy.sqlite3")


def _copied(db: UserDatabase) -> object:
    target = _copy_of(db)
    if not target.exists():
        return 0
    problem = opened_whole(target)
    if problem:
        return problem
    with UserDatabase(target) as copy:
        return _owned(copy)


def _record():
    from deckbuilder.engine.records.play_record import HUMAN, new_record
    from deckbuilder.engine.simulation.sample_decks import generated_deck

    return new_record([generated_deck(1), generated_deck(2)], ["Your Autarch", "Computer"],
                      [HUMAN, "quick"], seed=3)


def _save_game(db: UserDatabase, _folder: Path) -> None:
    from deckbuilder.services.saved_games import save_game

    save_game(db, "Evening game", _record(), replace=True)


def _saved_games(db: UserDatabase) -> tuple:
    from deckbuilder.engine.records.play_record import dumps
    from deckbuilder.services.saved_games import load_game, saved_games

    return tuple((g.name, dumps(load_game(db, g.name)) == dumps(_record()))
                 for g in saved_games(db))


def _deck() -> object:
    from deckbuilder.deck.decklist import DeckList

    names = sorted(r.name for r in load_bundled_records())[:40]
    return DeckList(name="Fault deck", notes="kept whole", main=[(n, 1) for n in names])


def _save_deck(db: UserDatabase, _folder: Path) -> None:
    from deckbuilder.services.decks import save_deck

    save_deck(db, _deck())


def _decks(db: UserDatabase) -> object:
    from deckbuilder.services.decks import list_decks, load_deck

    names = [d.name for d in list_decks(db)]
    return tuple((n, load_deck(db, n) == _deck()) for n in names)



def _deck_v1(db: UserDatabase, _folder: Path) -> None:
    from deckbuilder.services.decks import save_deck

    save_deck(db, _deck())


def _save_deck_version(db: UserDatabase, _folder: Path) -> None:
    """Saving the saved deck again with a card more: a new version kept beside the old."""
    from deckbuilder.deck.decklist import DeckList
    from deckbuilder.services.decks import save_deck

    names = sorted(r.name for r in load_bundled_records())[:41]
    save_deck(db, DeckList(name=_deck().name, notes="kept whole", main=[(n, 1) for n in names]))


def _versions(db: UserDatabase) -> object:
    from deckbuilder.services.deck_versions import deck_history
    from deckbuilder.services.decks import load_deck

    deck = load_deck(db, _deck().name)
    return (len(deck_history(db, deck.name)), tuple(deck.main))


def _scan_batch(db: UserDatabase, folder: Path) -> None:
    """A batch read from one generated flatbed page of three known cards, awaiting review."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import scan_images

    from deckbuilder.services.scan_review import import_batch

    records = sorted(load_bundled_records(), key=lambda r: r.name)[:3]
    page = scan_images.flatbed_page(records, folder / "page.png", 5).path
    import_batch(db, [page])


def _accept_batch(db: UserDatabase, _folder: Path) -> None:
    from deckbuilder.services.scan_review import Decision, accept_groups, pending_groups

    accept_groups(db, [Decision(g.id, g.match_name or g.name_read) for g in pending_groups(db)])


def _reviewed(db: UserDatabase) -> object:
    from deckbuilder.services.scan_review import pending_groups

    return (_owned(db), len(pending_groups(db)))


def _scanning_installed() -> bool:
    import importlib.util

    return all(importlib.util.find_spec(m) for m in ("cv2", "imagehash", "rapidocr"))


#: Every write path the kill trials cover; add new ones with one line (see above).
WRITE_PATHS: list[WritePath] = [
    _first_start(),
    _upgrade(),
    database_write("checklist import", _import_checklist, _card_count, setup=_checklist),
    database_write("collection import", _import_collection, _owned, setup=_collection_csv),
    file_write("collection export", _export_collection, setup=_some_collection),
    file_write("checklist export", _export_checklist),
    database_write("db copy (SQLite to SQLite)", _copy_target, _copied, setup=_some_collection),
    database_write("saving a game", _save_game, _saved_games),
    database_write("saving a deck", _save_deck, _decks),
    database_write("saving a deck version", _save_deck_version, _versions, setup=_deck_v1),
]
if _scanning_installed():  # the scan extra (in the test extra, so CI always has it)
    WRITE_PATHS.append(database_write("accepting a scan batch", _accept_batch, _reviewed,
                                      setup=_scan_batch))


# -- concurrent writers ----------------------------------------------------------------------


def _writer(kind: str, target: str, rounds: int, start) -> None:
    """One process writing ``rounds`` times: ``add`` a copy of Gentle, save a ``deck``
    or a ``game`` under a new name each time (spawned: imports happen here)."""
    import card_db.database as database
    import card_db.postgres as postgres

    database.BUSY_TIMEOUT = 60.0  # a loaded machine may queue writers past 5 s
    postgres.LOCK_TIMEOUT_MS = 60_000
    from deckbuilder.deck.decklist import DeckList
    from deckbuilder.services.collection import CollectionRow, add_rows
    from deckbuilder.services.decks import save_deck
    from deckbuilder.services.saved_games import save_game

    start.wait()
    with UserDatabase(target if "://" in target else Path(target)) as db:
        for i in range(rounds):
            if kind == "add":
                add_rows(db, [CollectionRow("Gentle", 1)])
            elif kind == "deck":
                save_deck(db, DeckList(name=f"Deck {i}", main=[("Gentle", 1), ("Judith", 2)]))
            else:
                save_game(db, f"Game {i}", _record())


def concurrent_writers(target: Path | str, rounds: int) -> dict[str, tuple[int, int]]:
    """Three processes writing at once to ``target`` (a file or a PostgreSQL URL, at
    head): adds to the collection, deck saves, game saves, ``rounds`` each. Returns
    ``{kind: (written, found)}``; a lost update shows as found < written."""
    import multiprocessing

    from deckbuilder.services.collection import owned_counts
    from deckbuilder.services.decks import list_decks
    from deckbuilder.services.saved_games import saved_games

    context = multiprocessing.get_context("spawn")
    start = context.Event()
    kinds = ("add", "deck", "game")
    workers = [context.Process(target=_writer, args=(k, str(target), rounds, start))
               for k in kinds]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(300)
    exits = [w.exitcode for w in workers]
    if exits != [0, 0, 0]:
        raise RuntimeError(f"a writer failed: exit codes {exits}")
    with UserDatabase(target) as db:
        found = {"add": owned_counts(db).get("Gentle", 0), "deck": len(list_decks(db)),
                 "game": len(saved_games(db))}
    return {k: (rounds, found[k]) for k in kinds}
