"""One undo history of the user's database, kept in the database itself (as Anki keeps
its undo in the collection), so the GUI's Edit > Undo, ``deckbuilder undo`` and
``deckbuilder redo`` and every other window or process act on the same steps.

A step is a row of ``undo_step`` (:class:`card_db.models.UndoStep`) written in the same
transaction as the change it takes back. Its ``kind`` names an entry of :data:`KINDS`:
a table whose rows of some keys (e.g. one card's collection entries) the step holds
as they were before and after the change, as JSON (never pickled code). Undoing puts
the "before" rows back, redoing the "after" rows, each in one transaction under the
database's write lock, and only if the rows are still as the step left them: otherwise
:class:`UndoConflict` names what changed since, and nothing is written.

The history is a line: undo takes the newest step still done, redo the oldest step
undone; a new step drops the undone ones (they can no longer be redone), and only the
newest :data:`MAX_STEPS` are kept. Source: issue 25, section 5 ("One undo history in the
core"); ``docs/undo.md``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from functools import partial

from card_db.errors import UserError
from card_db.userdb import UserDatabase
from deckbuilder.services.changes import Changes, Reversal

#: Steps kept in the history (the oldest beyond this are dropped when a step is added).
MAX_STEPS = 200


@dataclass(frozen=True)
class RowKind:
    """A kind of step: the rows of ``table`` whose ``key`` column has the step's keys.

    ``what`` names those rows for a person ("collection entries"); ``changes`` is the
    :class:`Changes` flag a write of them sets (``"collection"``, ``"wishlist"``);
    ``history`` the GUI history the step belongs to; ``by_card``: the keys are card ids
    (a conflict names the cards), else row ids (it names the ids)."""

    table: str
    key: str
    what: str
    changes: str
    history: str = "collection"
    by_card: bool = True


#: The registered kinds of step, by name (the ``undo_step.kind`` column).
KINDS: dict[str, RowKind] = {
    "collection_entry": RowKind("collection_entry", "card_id", "collection entries",
                                "collection"),
    "wishlist_entry": RowKind("wishlist_entry", "card_id", "wishlist entry", "wishlist"),
    "logged_game": RowKind("logged_game", "id", "logged games", "match_log", "match_log",
                           by_card=False),
}

#: Columns never compared when checking that rows are still as a step left them (an
#: entry put back may get a new id; the time it was added is kept, not compared).
_NOT_COMPARED = frozenset({"id", "date_added"})


class UndoError(UserError):
    """An undo or redo that cannot be done; nothing was written."""


class NothingToUndo(UndoError):
    """The history has no step to undo (or to redo)."""


class UndoConflict(UndoError):
    """The rows a step would write back were changed since by something else."""


@dataclass(frozen=True)
class Step:
    """One step of the history as listed: ``step_id``, ``label``, ``created`` (UTC),
    ``undone`` and the GUI ``history`` it belongs to."""

    step_id: int
    label: str
    created: datetime
    undone: bool
    history: str


# ---------------------------------------------------------------------------
# Rows as JSON


def _table(name: str):
    from sqlmodel import SQLModel  # lazy: SQLModel loads only when the database is written

    import card_db.models  # noqa: F401  (registers the tables)

    return SQLModel.metadata.tables[name]


def _plain(value):
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def snapshot(session, kind: str, keys) -> list[dict]:
    """The rows of ``kind`` (:data:`KINDS`) with those ``keys``, as JSON-ready dicts by id,
    read in ``session`` (its pending changes flushed first)."""
    session.flush()
    rows = _read_rows(session.connection(), KINDS[kind], sorted(keys))
    return [row for group in rows.values() for row in group]


def _read_rows(connection, spec: RowKind, keys) -> dict[int, list[dict]]:
    """Key -> its rows (JSON-ready dicts, by id) in ``spec.table``."""
    from sqlalchemy import select  # lazy: SQLAlchemy only for writes

    table = _table(spec.table)
    grouped: dict[int, list[dict]] = {}
    result = connection.execute(
        select(table).where(table.c[spec.key].in_(list(keys))).order_by(table.c.id))
    for row in result.mappings():
        grouped.setdefault(row[spec.key], []).append(
            {name: _plain(value) for name, value in row.items()})
    return grouped


def _compared(rows: list[dict]) -> list[tuple]:
    return sorted(tuple(sorted((k, v) for k, v in row.items() if k not in _NOT_COMPARED))
                  for row in rows)


def _chunks(keys: list, size: int):
    for first in range(0, len(keys), size):
        yield keys[first:first + size]


#: Keys read, compared and written per statement batch: a step of a whole collection's
#: import never holds all its rows twice in memory.
_CHUNK = 25


def _put_rows(connection, spec: RowKind, keys, rows: list[dict]) -> None:
    """Give ``keys`` exactly ``rows`` in ``spec.table`` (ids kept where still free)."""
    from sqlalchemy import Date, DateTime, delete, insert, select  # lazy: SQLAlchemy: writes
    from sqlalchemy.types import TypeDecorator

    table = _table(spec.table)
    connection.execute(delete(table).where(table.c[spec.key].in_(list(keys))))
    if not rows:
        return
    taken = set(connection.execute(
        select(table.c.id).where(table.c.id.in_([row["id"] for row in rows]))).scalars())
    types = {c.name: c.type.impl if isinstance(c.type, TypeDecorator) else c.type
             for c in table.columns}
    parse = {name: (datetime.fromisoformat if isinstance(kind, DateTime) else
                    date.fromisoformat) for name, kind in types.items()
             if isinstance(kind, DateTime | Date)}
    kept, renumbered = [], []
    for row in rows:
        values = {k: (parse[k](v) if k in parse and isinstance(v, str) else v)
                  for k, v in row.items()}
        if values["id"] in taken:
            del values["id"]
            renumbered.append(values)
        else:
            kept.append(values)
    for batch in (kept, renumbered):
        if batch:
            connection.execute(insert(table), batch)


# ---------------------------------------------------------------------------
# Recording


def record(session, kind: str, label: str, keys, before: list[dict]) -> Changes:
    """Record the change ``session`` made to the rows of ``kind`` with ``keys`` (which
    were ``before``, from :func:`snapshot`) as a new step labelled ``label``, in the same
    transaction; the caller then commits. Only the keys whose rows changed are kept.
    Returns the write's :class:`Changes` with an undo of that step; if no row changed,
    no step and no change."""
    from sqlalchemy import delete, insert, select  # lazy: SQLAlchemy only for writes

    from card_db.models import UndoRow, UndoStep, utcnow

    spec = KINDS[kind]
    before_by: dict[int, list[dict]] = {}
    for row in before:
        before_by.setdefault(row[spec.key], []).append(row)
    session.flush()
    connection = session.connection()
    steps_t, rows_t = UndoStep.__table__, UndoRow.__table__
    undone = select(steps_t.c.id).where(steps_t.c.undone.is_(True))
    connection.execute(delete(rows_t).where(rows_t.c.step_id.in_(undone)))
    connection.execute(delete(steps_t).where(steps_t.c.undone.is_(True)))
    step_id = connection.execute(insert(steps_t).values(
        label=label, kind=kind, created=utcnow(), undone=False)).inserted_primary_key[0]
    changed = False
    for chunk in _chunks(sorted(set(keys)), _CHUNK):
        after_by = _read_rows(connection, spec, chunk)
        values = [{"step_id": step_id, "key": key, "before": json.dumps(before_by.get(key, [])),
                   "after": json.dumps(after_by.get(key, []))}
                  for key in chunk
                  if _compared(before_by.get(key, [])) != _compared(after_by.get(key, []))]
        if values:
            connection.execute(insert(rows_t), values)
            changed = True
    if not changed:
        connection.execute(delete(steps_t).where(steps_t.c.id == step_id))
        return Changes(label=label)
    old = connection.execute(select(steps_t.c.id).order_by(steps_t.c.id.desc())
                             .offset(MAX_STEPS)).scalars().first()
    if old is not None:
        connection.execute(delete(rows_t).where(rows_t.c.step_id <= old))
        connection.execute(delete(steps_t).where(steps_t.c.id <= old))
    return _changes(spec, label, undo=Reversal(label, partial(undo, step_id=step_id)))


def _changes(spec: RowKind, label: str, undo: Reversal) -> Changes:
    return Changes(label=label, undo=undo, **{spec.changes: True})


# ---------------------------------------------------------------------------
# Listing, undoing and redoing


def steps(db: UserDatabase) -> list[Step]:
    """Every step of the history, oldest first."""
    with db.read() as conn:
        rows = conn.execute(
            "SELECT id, label, created, undone, kind FROM undo_step ORDER BY id").fetchall()
    return [Step(r[0], r[1], _when(r[2]), bool(r[3]),
                 KINDS[r[4]].history if r[4] in KINDS else "") for r in rows]


def _when(value) -> datetime:
    return value if isinstance(value, datetime) else datetime.fromisoformat(str(value))


def undo(db: UserDatabase, step_id: int | None = None) -> Changes:
    """Undo step ``step_id`` (default: the newest step not undone) in one transaction.

    Returns the :class:`Changes` written, whose ``undo`` redoes the step. Raises
    :class:`NothingToUndo` when there is no such step, :class:`UndoError` if the step
    was already undone or is no longer in the history, :class:`UndoConflict` if its
    rows were changed since (by another window or command); nothing is written then.
    """
    return _apply(db, step_id, undoing=True)


def redo(db: UserDatabase, step_id: int | None = None) -> Changes:
    """Redo step ``step_id`` (default: the oldest undone step); as :func:`undo`."""
    return _apply(db, step_id, undoing=False)


def _apply(db: UserDatabase, step_id: int | None, undoing: bool) -> Changes:
    from sqlmodel import select  # lazy: SQLModel only for writes

    from card_db.models import UndoStep, utcnow

    verb = "undo" if undoing else "redo"
    with db.session() as session:
        session.connection()  # the write lock first: the step is read under it
        if step_id is None:
            order = UndoStep.id.desc() if undoing else UndoStep.id
            step = session.exec(select(UndoStep).where(UndoStep.undone == (not undoing))
                                .order_by(order)).first()
            if step is None:
                raise NothingToUndo(f"nothing to {verb}")
        else:
            step = session.get(UndoStep, step_id)
            if step is None:
                raise UndoError(f"cannot {verb}: that step is no longer in the history (a "
                                "newer change, perhaps in another window, replaced it)")
        if step.undone == undoing:
            done = "undone" if undoing else "redone"
            raise UndoError(f"“{step.label}” was already {done} (by another window or "
                            "command)")
        spec = KINDS.get(step.kind)
        if spec is None:
            raise UndoError(f"cannot {verb} “{step.label}”: a kind of step this version "
                            f"does not know ({step.kind})")
        _restore(session, spec, step, undoing, verb)
        step.undone = undoing
        step.undone_at = utcnow() if undoing else None
        session.add(step)
        session.commit()
        label, found = step.label, step.id
    again = partial(redo if undoing else undo, step_id=found)
    return _changes(spec, label, undo=Reversal(label, again))


def _restore(session, spec: RowKind, step, undoing: bool, verb: str) -> None:
    """Put back the rows of every key of ``step`` as they were before it (``undoing``) or
    after it, batch by batch; :class:`UndoConflict` naming the keys whose rows are no
    longer as the step left them (the caller's transaction then rolls back)."""
    from sqlalchemy import select  # lazy: SQLAlchemy only for writes

    from card_db.models import UndoRow

    rows_t = UndoRow.__table__
    connection = session.connection()
    keys = list(connection.execute(select(rows_t.c.key).where(rows_t.c.step_id == step.id)
                                   .order_by(rows_t.c.key)).scalars())
    changed: list[int] = []
    for chunk in _chunks(keys, _CHUNK):
        stored = connection.execute(
            select(rows_t.c.key, rows_t.c.before, rows_t.c.after)
            .where(rows_t.c.step_id == step.id, rows_t.c.key.in_(chunk))).all()
        current = _read_rows(connection, spec, chunk)
        wanted: list[dict] = []
        for key, before, after in stored:
            expected, target = (after, before) if undoing else (before, after)
            if _compared(current.get(key, [])) != _compared(json.loads(expected)):
                changed.append(key)
            wanted.extend(json.loads(target))
        if not changed:
            _put_rows(connection, spec, chunk, wanted)
    if not changed:
        return
    which = (_names(session, changed) if spec.by_card
             else "id " + ", ".join(map(str, changed[:5])) + (" …" if len(changed) > 5 else ""))
    raise UndoConflict(f"cannot {verb} “{step.label}”: the {spec.what} of {which} changed "
                       "since (in another window or command); nothing was written")


def _names(session, card_ids) -> str:
    from sqlmodel import select  # lazy: SQLModel only for writes

    from card_db.models import Card

    names = sorted(session.exec(select(Card.name).where(Card.id.in_(card_ids))).all())
    shown = ", ".join(names[:5])
    return shown + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def forget(db: UserDatabase) -> int:
    """Drop every step: the history starts empty (nothing can be undone or redone);
    returns the steps dropped."""
    from sqlalchemy import delete  # lazy: SQLAlchemy only for writes

    from card_db.models import UndoRow, UndoStep

    with db.write() as session:
        session.connection().execute(delete(UndoRow.__table__))
        return session.connection().execute(delete(UndoStep.__table__)).rowcount
