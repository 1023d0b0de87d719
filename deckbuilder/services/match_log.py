"""The match log in the user's database (issue 23, section 2): add, edit, remove, list,
statistics, CSV export and import.

Each game is a ``logged_game`` row (migration ``0009``), so a playgroup sharing a
PostgreSQL database shares its log. Every write takes the
:class:`~card_db.userdb.UserDatabase` first and returns
:class:`~deckbuilder.services.changes.Changes` (``match_log=True``) whose undo takes it
back (a removed game comes back with its id). :func:`checked_entry` checks a game
against the database before it is written: the deck must be saved (or a computer
game's), the version must exist, the opponent's affiliation must be one of the
catalogue's; errors are :class:`~deckbuilder.match_log.entry.LogEntryError` naming the
field, or :class:`~deckbuilder.services.deck_versions.NoSuchDeckError` /
:class:`~deckbuilder.services.deck_versions.UnknownVersionError` with the closest names.
An import is all or nothing: every row is checked before one is written, in one
transaction.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from card_db.atomic import replace_file
from card_db.errors import UserError
from card_db.names import fold_name
from card_db.userdb import UserDatabase
from deckbuilder.match_log.csv_rows import entries_to_csv, numbered_entries_from_csv
from deckbuilder.match_log.entry import GameEntry, LogEntryError, main_affiliation
from deckbuilder.match_log.stats import StatsRow, group_stats
from deckbuilder.services import undo_history
from deckbuilder.services.changes import Changes, Outcome
from deckbuilder.services.deck_versions import (
    NoSuchDeckError,
    closest,
    no_such_deck,
    saved_deck_names,
)

_COLUMNS = ("id", "played_on", "deck", "version", "opponent", "opponent_deck",
            "opponent_affiliation", "went", "result", "ended", "rounds", "notes", "kind",
            "level")
#: The largest CSV file read (a log of tens of thousands of games is far smaller).
MAX_CSV_BYTES = 20_000_000


class UnknownGameError(UserError, LookupError):
    """No logged game has that id."""


def _entry(row) -> GameEntry:
    values = dict(zip(_COLUMNS, row, strict=True))
    played = values.pop("played_on")
    played = played if isinstance(played, date) else date.fromisoformat(str(played)[:10])
    return GameEntry(played_on=played, **values)


def logged_games(db: UserDatabase, deck: str | None = None,
                 kind: str | None = None) -> list[GameEntry]:
    """The logged games, newest first (by date, then the order they were logged);
    ``deck``/``kind``: only those of that deck / kind ("real" or "computer")."""
    where, args = [], []
    if deck is not None:
        where.append("deck = ?")
        args.append(deck)
    if kind is not None:
        where.append("kind = ?")
        args.append(kind)
    sql = (f"SELECT {', '.join(_COLUMNS)} FROM logged_game"
           + (f" WHERE {' AND '.join(where)}" if where else "")
           + " ORDER BY played_on DESC, id DESC")
    with db.read() as conn:
        return [_entry(row) for row in conn.execute(sql, args).fetchall()]


def logged_deck_names(db: UserDatabase) -> list[str]:
    with db.read() as conn:
        return [r[0] for r in conn.execute("SELECT DISTINCT deck FROM logged_game ORDER BY deck")]


def require_deck(db: UserDatabase, name: str) -> str:
    """``name`` if it is a saved deck or a deck of a logged game; else
    :class:`~deckbuilder.services.deck_versions.NoSuchDeckError` naming the closest."""
    names = set(saved_deck_names(db)) | set(logged_deck_names(db))
    if name in names:
        return name
    raise NoSuchDeckError(f"no saved or logged deck called {name!r}",
                          suggestions=closest(name, sorted(names)))


def stats(db: UserDatabase, by: str = "deck", deck: str | None = None,
          kind: str | None = None) -> list[StatsRow]:
    """Win rates of the logged games grouped ``by`` (see
    :data:`~deckbuilder.match_log.stats.GROUPS`), of one ``deck`` (checked with
    :func:`require_deck`) and ``kind`` if given."""
    if deck is not None:
        require_deck(db, deck)
    return group_stats(logged_games(db, deck, kind), by)


# -- checking a game against the database --------------------------------------------------


def affiliation_names(db: UserDatabase) -> list[str]:
    """The catalogue's affiliations, in name order."""
    with db.read() as conn:
        return [r[0] for r in conn.execute("SELECT name FROM affiliation ORDER BY name")]


@dataclass(frozen=True)
class Known:
    """What a game is checked against, read once (:func:`known_names`): the saved decks
    and their ``versions``, the decks of logged games, the catalogue's affiliations."""

    saved: frozenset[str]
    versions: dict[str, list[int]]
    logged: frozenset[str]
    affiliations: tuple[str, ...]
    #: main affiliation of each saved deck named as an opponent's, read when first needed
    deck_affiliation: dict[str, str] = field(default_factory=dict, compare=False)


def known_names(db: UserDatabase) -> Known:
    """The names and versions games are checked against, in one read."""
    with db.read() as conn:
        saved = frozenset(r[0] for r in conn.execute("SELECT name FROM deck"))
        versions: dict[str, list[int]] = {}
        for name, version in conn.execute(
                "SELECT d.name, v.version FROM deck_version v JOIN deck d ON d.id = v.deck_id "
                "ORDER BY v.version"):
            versions.setdefault(name, []).append(int(version))
        logged = frozenset(r[0] for r in conn.execute("SELECT DISTINCT deck FROM logged_game"))
        affiliations = tuple(r[0] for r in conn.execute(
            "SELECT name FROM affiliation ORDER BY name"))
    return Known(saved, versions, logged, affiliations)


def affiliation_named(db: UserDatabase, text: str, where: dict | None = None,
                      known: Known | None = None) -> str:
    """The catalogue's spelling of the affiliation ``text`` (case and accents ignored);
    :class:`LogEntryError` (field ``opponent_affiliation``) with the closest otherwise.
    ``known``: the names already read (:func:`known_names`)."""
    names = list(known.affiliations) if known is not None else affiliation_names(db)
    match = {fold_name(a): a for a in names}.get(fold_name(text))
    if match is not None:
        return match
    near = closest(text, names)
    hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
    raise LogEntryError(f"opponent_affiliation: {text!r} is not an affiliation{hint}",
                        field="opponent_affiliation", suggestions=near, **(where or {}))


def opponent_deck(db: UserDatabase, spec: str) -> tuple[str, str]:
    """``(name, main affiliation)`` of the opponent's deck ``spec``: a deck file, else a
    saved deck. ``DeckFormatError``/``UnknownCardsError`` for a file that cannot be
    read, :class:`~deckbuilder.services.deck_versions.NoSuchDeckError` otherwise."""
    # lazy: the deck readers only when an opponent's deck is named
    from deckbuilder.services.deck_sources import read_deck
    from deckbuilder.services.decks import UnknownDeckError, load_deck

    catalogue = db.catalogue()
    if os.path.isfile(spec):
        deck = read_deck(spec, catalogue).deck
    else:
        try:
            deck = load_deck(db, spec)
        except UnknownDeckError:
            raise no_such_deck(db, spec) from None
    records = [catalogue.resolve(n) for n, c in deck.counts().items() for _ in range(c)]
    return deck.name or Path(spec).stem, main_affiliation(records)


def checked_entry(db: UserDatabase, entry: GameEntry, where: dict | None = None,
                  known: Known | None = None) -> GameEntry:
    """``entry`` checked against the database (see the module docstring): the version
    of a saved deck defaults to its newest; the affiliation takes the catalogue's
    spelling, and an opponent's deck that is a saved deck gives its main affiliation when
    none is named. Raises as the module docstring says; ``where`` (file, line) goes into
    the messages of a CSV row; ``known``: the names already read (:func:`known_names`, for
    many games at once)."""
    where = where or {}
    known = known or known_names(db)
    if entry.deck in known.saved:
        versions = known.versions.get(entry.deck, [])
        if entry.version is None and versions:
            entry = replace(entry, version=versions[-1])
        elif entry.version is not None and entry.version not in versions:
            raise LogEntryError(
                f"version: the deck {entry.deck!r} has no version {entry.version} "
                f"(versions: {', '.join(map(str, versions))})", field="version", **where)
    elif entry.kind != "computer" and entry.deck not in known.logged:
        near = closest(entry.deck, sorted(known.saved))
        hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
        raise LogEntryError(f"deck: no saved deck called {entry.deck!r}{hint}", field="deck",
                            suggestions=near, **where)
    if entry.opponent_affiliation:
        entry = replace(entry, opponent_affiliation=affiliation_named(
            db, entry.opponent_affiliation, where, known))
    elif entry.opponent_deck in known.saved:  # a saved deck: its main affiliation
        if entry.opponent_deck not in known.deck_affiliation:
            known.deck_affiliation[entry.opponent_deck] = opponent_deck(db, entry.opponent_deck)[1]
        entry = replace(entry, opponent_affiliation=known.deck_affiliation[entry.opponent_deck])
    return entry


# -- writing ---------------------------------------------------------------------------------


def _insert(db: UserDatabase, entries: list[GameEntry], label: str) -> Outcome[list[int]]:
    """Store ``entries`` in one transaction (with their ``id`` if set); the undo removes
    them."""
    # lazy: SQLAlchemy and the table models load only for writes
    from sqlalchemy import insert

    from card_db.models import LoggedGame, utcnow

    table = LoggedGame.__table__
    now = utcnow()
    keep_ids = all(e.id is not None for e in entries)  # an undone removal: the same ids
    rows = [{**e.values(), "added": now, **({"id": e.id} if keep_ids else {})}
            for e in entries]
    with db.session() as session:
        # one multi-row INSERT ... RETURNING in the rows' order (no ORM object per game)
        result = session.execute(
            insert(table).returning(table.c.id, sort_by_parameter_order=True), rows)
        ids = [row[0] for row in result]
        changes = undo_history.record(session, "logged_game", label, ids, [])
        session.commit()
    return Outcome(ids, changes)


def _delete(db: UserDatabase, ids: list[int], label: str) -> Changes:
    """Remove the games ``ids``; the undo (a step of the database's undo history) stores
    them again with their ids."""
    from sqlmodel import delete  # lazy: SQLModel only for writes

    from card_db.models import LoggedGame

    with db.session() as session:
        before = undo_history.snapshot(session, "logged_game", ids)
        session.exec(delete(LoggedGame).where(LoggedGame.id.in_(ids)))
        changes = undo_history.record(session, "logged_game", label, ids, before)
        session.commit()
    return changes


def add_game(db: UserDatabase, entry: GameEntry, check: bool = True) -> Outcome[int]:
    """Log ``entry`` (checked with :func:`checked_entry` unless ``check`` is False, for
    games the app recorded itself); the value is its id. Undoable."""
    if check:
        entry = checked_entry(db, entry)
    who = entry.opponent or "an opponent"
    outcome = _insert(db, [entry], f"Log a {entry.result} of {entry.deck} against {who}")
    return Outcome(outcome.value[0], outcome.changes)


def get_game(db: UserDatabase, game_id: int) -> GameEntry:
    """The logged game ``game_id``; :class:`UnknownGameError` if there is none."""
    with db.read() as conn:
        row = conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM logged_game WHERE id = ?",
                           (game_id,)).fetchone()
    if row is None:
        raise UnknownGameError(f"no logged game has the id {game_id} "
                               "(deckbuilder log list shows the ids)")
    return _entry(row)


def remove_game(db: UserDatabase, game_id: int) -> Changes:
    """Remove the logged game ``game_id`` (:class:`UnknownGameError` if none). Undoable:
    the game comes back with its id."""
    old = get_game(db, game_id)
    return _delete(db, [game_id], f"Remove the game of {old.played_on} against "
                   f"{old.opponent or 'an opponent'}")


def update_game(db: UserDatabase, entry: GameEntry) -> Changes:
    """Replace the logged game ``entry.id`` with ``entry`` (checked first). Undoable."""
    old = get_game(db, entry.id)  # type: ignore[arg-type]
    entry = checked_entry(db, entry) if entry.kind == "real" else entry
    return _put(db, entry, old, f"Edit the game of {old.played_on} against "
                f"{old.opponent or 'an opponent'}")


def _put(db: UserDatabase, entry: GameEntry, old: GameEntry, label: str) -> Changes:
    from card_db.models import LoggedGame  # lazy: SQLModel only for writes

    with db.session() as session:
        row = session.get(LoggedGame, entry.id)
        if row is None:
            raise UnknownGameError(f"no logged game has the id {entry.id}")
        before = undo_history.snapshot(session, "logged_game", [entry.id])
        for key, value in entry.values().items():
            setattr(row, key, value)
        session.add(row)
        changes = undo_history.record(session, "logged_game", label, [entry.id], before)
        session.commit()
    return changes


def saved_version(db: UserDatabase, name: str) -> int | None:
    """The newest version of the saved deck ``name``, ``None`` if it is not saved."""
    with db.read() as conn:
        row = conn.execute("SELECT version FROM deck WHERE name = ?", (name,)).fetchone()
    return None if row is None else int(row[0])


def log_computer_games(db: UserDatabase, entries: list[GameEntry],
                       label: str = "") -> Outcome[list[int]]:
    """Log computer games the app played itself (``deckbuilder match --log``, the Play
    screen), in one transaction, unchecked; undoable."""
    count = len(entries)
    label = label or f"Log {count} computer game{'s' if count != 1 else ''}"
    return _insert(db, entries, label)


def log_play_game(db: UserDatabase, entry: GameEntry, saved_deck: bool) -> Outcome[list[int]]:
    """Log a game finished on the Play screen (a computer game); ``saved_deck``: the deck
    played is the saved deck ``entry.deck``, whose newest version it was. Undoable."""
    version = saved_version(db, entry.deck) if saved_deck else None
    return log_computer_games(db, [replace(entry, version=version)],
                              f"Log the game against {entry.opponent}")


# -- CSV -------------------------------------------------------------------------------------


def export_log(db: UserDatabase, path: str | os.PathLike, deck: str | None = None) -> int:
    """Write the logged games (of ``deck`` if given), oldest first, as CSV to ``path``
    (replaced atomically); returns how many."""
    if deck is not None:
        require_deck(db, deck)
    games = list(reversed(logged_games(db, deck)))
    replace_file(path, entries_to_csv(games).encode("utf-8"))
    return len(games)


def read_log_csv(db: UserDatabase, path: str | os.PathLike) -> list[GameEntry]:
    """The games of the CSV file ``path``, each checked against the database (the
    preview of an import); nothing is written. :class:`LogEntryError` naming the file,
    line and field of the first bad row; ``OSError`` if the file cannot be read."""
    data = Path(path).read_bytes()
    if len(data) > MAX_CSV_BYTES:
        raise LogEntryError(f"the file is larger than {MAX_CSV_BYTES // 1_000_000} MB",
                            field="file", file=str(path))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LogEntryError(f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})",
                            field="file", file=str(path)) from None
    known = known_names(db)
    return [checked_entry(db, entry, {"file": str(path), "line": line}, known)
            for line, entry in numbered_entries_from_csv(text, str(path))]


def import_log(db: UserDatabase, path: str | os.PathLike) -> Outcome[list[int]]:
    """Log every game of the CSV file ``path``, all or nothing (see
    :func:`read_log_csv` for the checks and errors); the value is their ids. Undoable."""
    entries = read_log_csv(db, path)
    return import_entries(db, entries, Path(path).name)


def import_entries(db: UserDatabase, entries: list[GameEntry], source: str) -> Outcome[list[int]]:
    """Log ``entries`` (already checked, e.g. the preview of :func:`read_log_csv`) in one
    transaction; undoable."""
    if not entries:
        return Outcome([], Changes(label=f"Import {source}"))
    return _insert(db, [e.with_id(None) for e in entries],
                   f"Import {len(entries)} game{'s' if len(entries) != 1 else ''} from {source}")


__all__ = ["UnknownGameError", "add_game", "affiliation_named", "affiliation_names",
           "checked_entry", "export_log", "get_game", "import_entries", "import_log",
           "log_computer_games", "log_play_game", "logged_deck_names", "logged_games",
           "opponent_deck", "read_log_csv", "remove_game", "require_deck", "saved_version", "stats",
           "update_game"]
