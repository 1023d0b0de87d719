"""Saved games of the Play screen (issue 13): save, list, load and delete.

A saved game is one ``saved_game`` row (migration 0007) under a unique name, holding
the JSON text of its :class:`~deckbuilder.engine.records.play_record.PlayRecord`. Loading
reads the text (upgrading an older format, refusing a newer one with a
:class:`~deckbuilder.engine.records.play_record.PlayRecordError`); the caller replays it
through the engine (:mod:`deckbuilder.engine.records.replay`). Names match as card names do
(:func:`card_db.names.fold_name`: case and accents ignored).

Every write takes the :class:`~card_db.userdb.UserDatabase` first and returns
:class:`~deckbuilder.services.changes.Changes` (``games=True``) with an undo. An
unknown name raises :class:`SavedGameError` with the closest names as suggestions.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial

from card_db.errors import UserError
from card_db.names import fold_name
from card_db.userdb import UserDatabase
from deckbuilder.engine.records.play_record import FORMAT_VERSION, HUMAN, PlayRecord, dumps, loads
from deckbuilder.services.changes import Changes, Reversal
from deckbuilder.services.shelf import stored_time

_COLUMNS = ("id", "name", "format_version", "summary", "finished", "record", "saved")


class SavedGameError(UserError, LookupError):
    """No saved game of that name, or a name that cannot be used."""

    def full_message(self) -> str:
        hint = ", ".join(repr(s) for s in self.suggestions)
        return super().full_message() + (f"; did you mean {hint}?" if hint else "")


class SavedGameExists(SavedGameError):
    """A save under a name already taken, without ``replace``."""


@dataclass(frozen=True)
class SavedGameInfo:
    """A saved game as listed: ``name``, ``summary`` (who plays whom, seed, decisions),
    ``finished``, ``saved`` (ISO date and time, UTC) and ``format_version``."""

    name: str
    summary: str
    finished: bool
    saved: str
    format_version: int


def summary(record: PlayRecord, where: str = "") -> str:
    """One line about ``record``: the Autarchs (and computer levels), the seed and how
    far it went (``where``, e.g. "Round 3, Ally Phase", if given)."""
    who = " against ".join(
        s.name if s.player == HUMAN or s.player in s.name else f"{s.name} ({s.player})"
        for s in record.seats)
    state = "finished" if record.over else "in progress"
    at = f" ({where})" if where else ""
    return f"{who}; seed {record.seed}; {len(record.choices)} decisions; {state}{at}"


def _rows(db: UserDatabase) -> list[tuple]:
    with db.read() as conn:
        return conn.execute("SELECT name, summary, finished, saved, format_version "
                            "FROM saved_game ORDER BY saved DESC, name").fetchall()


def saved_games(db: UserDatabase) -> list[SavedGameInfo]:
    """Every saved game, the most recently saved first."""
    out = []
    for name, text, finished, saved, version in _rows(db):
        when = saved if isinstance(saved, str) else saved.isoformat(sep=" ")
        out.append(SavedGameInfo(name, text, bool(finished), when[:19], int(version)))
    return out


def _closest(name: str, names: list[str]) -> list[str]:
    from rapidfuzz import fuzz, process  # lazy: only for "did you mean", off start-up

    folded = {fold_name(n): n for n in names}
    found = process.extract(fold_name(name), list(folded), scorer=fuzz.WRatio, limit=3,
                            score_cutoff=60.0)
    return [folded[m[0]] for m in found]


def _stored_name(db: UserDatabase, name: str) -> str | None:
    key = fold_name(name)
    return next((n for n, *_ in _rows(db) if fold_name(n) == key), None)


def _require(db: UserDatabase, name: str) -> str:
    stored = _stored_name(db, name)
    if stored is None:
        names = [row[0] for row in _rows(db)]
        raise SavedGameError(f"there is no saved game called {name!r}",
                             suggestions=_closest(name, names))
    return stored


def load_game(db: UserDatabase, name: str) -> PlayRecord:
    """The record of the saved game ``name``. :class:`SavedGameError` if there is none;
    :class:`~deckbuilder.engine.records.play_record.PlayRecordError` if it cannot be read."""
    stored = _require(db, name)
    with db.read() as conn:
        text = conn.execute("SELECT record FROM saved_game WHERE name = ?",
                            (stored,)).fetchone()[0]
    return loads(text)


def _row_values(db: UserDatabase, name: str) -> dict:
    with db.read() as conn:
        row = conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM saved_game WHERE name = ?",
                           (name,)).fetchone()
    values = dict(zip(_COLUMNS, row, strict=True))
    values["finished"] = bool(values["finished"])
    saved = stored_time(values["saved"])
    values["saved"] = saved.replace(tzinfo=UTC) if saved.tzinfo is None else saved
    return values


def _put(db: UserDatabase, values: dict, label: str) -> Changes:
    """Write the row ``values`` (replacing the game of that name); the undo writes back
    what was there (or deletes it)."""
    from card_db.models import SavedGame  # lazy: SQLModel only for writes

    before = _stored_name(db, values["name"])
    old = _row_values(db, before) if before is not None else None
    with db.session() as session:
        if before is not None:
            session.delete(session.get(SavedGame, old["id"]))
            session.flush()
        session.add(SavedGame(**values))
        session.commit()
    undo = partial(_put, values=old, label=label) if old is not None else partial(
        _remove, name=values["name"], label=label)
    return Changes(label=label, games=True, undo=Reversal(label, undo))


def _remove(db: UserDatabase, name: str, label: str) -> Changes:
    """Delete the row of ``name``; the undo writes it back as it was."""
    from card_db.models import SavedGame  # lazy: SQLModel only for writes

    old = _row_values(db, _require(db, name))
    with db.session() as session:
        session.delete(session.get(SavedGame, old["id"]))
        session.commit()
    return Changes(label=label, games=True, undo=Reversal(label, partial(_put, values=old,
                                                                         label=label)))


def save_game(db: UserDatabase, name: str, record: PlayRecord,
              replace: bool = False, where: str = "") -> Changes:
    """Save ``record`` as ``name`` (undoable); ``where`` is shown in its summary (the
    round and phase). A game of that name (any case) is
    replaced only if ``replace``, otherwise :class:`SavedGameExists`;
    :class:`SavedGameError` for an empty name."""
    name = " ".join(name.split())
    if not name:
        raise SavedGameError("a saved game needs a name")
    existing = _stored_name(db, name)
    if existing is not None and not replace:
        raise SavedGameExists(f"there is already a saved game called {existing!r}: choose "
                             "another name or replace it")
    values = {"name": existing or name, "format_version": FORMAT_VERSION,
              "summary": summary(record, where), "finished": record.over, "record": dumps(record),
              "saved": datetime.now(UTC)}
    return _put(db, values, f"Save the game {values['name']}")


def delete_game(db: UserDatabase, name: str) -> Changes:
    """Delete the saved game ``name`` (undoable); :class:`SavedGameError` if none."""
    stored = _require(db, name)
    return _remove(db, stored, f"Delete the saved game {stored}")


__all__ = ["SavedGameError", "SavedGameExists", "SavedGameInfo", "delete_game", "load_game",
           "save_game", "saved_games", "summary"]
