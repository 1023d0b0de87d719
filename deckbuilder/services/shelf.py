"""The shelf: games (Imajica and others) as their rulebooks list them, the copies a user
owns, and the pieces counted in each copy (issue 14).

Games live in ``shelf_game`` as the TOML text of their game file (schema in
CONTRIBUTING.md, "Game data files"; parsed by :mod:`card_db.games`); the bundled games
come from ``card_db/data/games`` through the bundled-data sync, a user's own through
:func:`import_game`. A copy's counts are saved one write per change, so an interrupted
count resumes where it stopped; components not yet counted are reported as
``uncounted``. Completeness and playability come from
:func:`deckbuilder.shelf.inventory.check_copy`.

Every write takes the :class:`~card_db.userdb.UserDatabase` first and returns
:class:`~deckbuilder.services.changes.Changes` (``shelf=True``) with an undo reversal,
or an :class:`~deckbuilder.services.changes.Outcome` holding them. Unknown game or
component names raise :class:`ShelfError` with the closest names as suggestions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from card_db.atomic import replace_file
from card_db.errors import UserError
from card_db.games import GameDefinition, load_game, parse_game
from card_db.names import fold_name
from card_db.userdb import UserDatabase
from deckbuilder.formats.collection_csv import parse_condition
from deckbuilder.services.changes import Changes, Outcome, Reversal
from deckbuilder.shelf.inventory import CompletenessReport, check_copy
from deckbuilder.shelf.report import write_csv, write_pdf


class ShelfError(UserError):
    """An unknown game, copy or component, or a count that does not fit the game.

    The message ends with the closest names (``suggestions``) where there are any.
    """

    def full_message(self) -> str:
        hint = ", ".join(repr(s) for s in self.suggestions)
        return super().full_message() + (f"; did you mean {hint}?" if hint else "")


@dataclass(frozen=True)
class OwnedCopy:
    """One copy of ``game`` the user owns; ``id`` is its number for ``--copy``.

    ``found`` and ``damaged`` map component names to the pieces counted so far (a
    component absent from ``found`` is not counted yet). Conditions are names of the
    card condition scale, or ``""`` when not recorded.
    """

    id: int
    game: str
    location: str
    box_condition: str
    components_condition: str
    notes: str
    created: str
    found: Mapping[str, int]
    damaged: Mapping[str, int]
    #: The edition of the game the copy is (``""``: the game file's own parts list).
    edition: str = ""


@dataclass(frozen=True)
class CopyStatus:
    """A copy and its completeness report."""

    copy: OwnedCopy
    report: CompletenessReport

    @property
    def counted(self) -> int:
        """How many of the game's components have been counted."""
        return len(self.report.components) - len(self.report.uncounted)


@dataclass(frozen=True)
class ShelfGame:
    """A game on the shelf: its definition, ``origin`` (``bundled`` or ``user``) and the
    user's copies with their completeness."""

    definition: GameDefinition
    origin: str
    copies: tuple[CopyStatus, ...]

    @property
    def name(self) -> str:
        return self.definition.name


# --- names ------------------------------------------------------------------------------


def _closest(name: str, names: Sequence[str], limit: int = 3) -> list[str]:
    from rapidfuzz import fuzz, process  # lazy: only for "did you mean", off start-up

    folded = {fold_name(n): n for n in names}
    matches = process.extract(fold_name(name), list(folded), scorer=fuzz.WRatio,
                              limit=limit, score_cutoff=60.0)
    return [folded[m[0]] for m in matches]


def _game_rows(db: UserDatabase) -> list[tuple[int, str, str, str]]:
    with db.read() as conn:
        return conn.execute("SELECT id, name, origin, definition FROM shelf_game "
                            "ORDER BY name").fetchall()


def _game_row(db: UserDatabase, name: str) -> tuple[int, str, str, str]:
    rows = _game_rows(db)
    for row in rows:
        if fold_name(row[1]) == fold_name(name):
            return row
    raise ShelfError(f"no game called {name!r} on the shelf",
                     suggestions=_closest(name, [r[1] for r in rows]))


def game_names(db: UserDatabase) -> list[str]:
    """The names of every game on the shelf, sorted."""
    return [row[1] for row in _game_rows(db)]


def game_definition(db: UserDatabase, name: str) -> GameDefinition:
    """The definition of the game called ``name`` (case-insensitive); :class:`ShelfError`
    with the closest names if there is none."""
    row = _game_row(db, name)
    return parse_game(row[3], f"shelf:{row[1]}")


def component_name(game: GameDefinition, name: str) -> str:
    """The component of ``game`` called ``name`` (or one of its other names, any case);
    :class:`ShelfError` with the closest names if there is none."""
    names = {fold_name(n): c.name for c in game.components for n in (c.name, *c.also_called)}
    try:
        return names[fold_name(name)]
    except KeyError:
        raise ShelfError(f"{game.name} has no component called {name!r}",
                         suggestions=_closest(name, list(names.values()))) from None


# --- reading copies ---------------------------------------------------------------------


def _copies(db: UserDatabase, game_id: int, game: str) -> list[OwnedCopy]:
    with db.read() as conn:
        rows = conn.execute(
            "SELECT id, location, box_condition, components_condition, notes, created, "
            "edition FROM shelf_copy WHERE game_id = ? ORDER BY id", (game_id,)).fetchall()
        counts = conn.execute(
            "SELECT n.copy_id, n.component, n.found, n.damaged FROM shelf_count n "
            "JOIN shelf_copy c ON c.id = n.copy_id WHERE c.game_id = ?", (game_id,)
        ).fetchall()
    found: dict[int, dict[str, int]] = {}
    damaged: dict[int, dict[str, int]] = {}
    for copy_id, component, n_found, n_damaged in counts:
        found.setdefault(copy_id, {})[component] = n_found
        if n_damaged:
            damaged.setdefault(copy_id, {})[component] = n_damaged
    return [OwnedCopy(r[0], game, r[1], r[2], r[3], r[4], str(r[5]), found.get(r[0], {}),
                      damaged.get(r[0], {}), r[6]) for r in rows]


def copy_definition(game: GameDefinition, copy: OwnedCopy) -> GameDefinition:
    """The parts list ``copy`` is checked against: its edition's (the game file's own
    for ``""`` or an edition the game file no longer has)."""
    try:
        return game.for_edition(copy.edition)
    except KeyError:
        return game


def copy_status(game: GameDefinition, copy: OwnedCopy) -> CopyStatus:
    """The completeness of ``copy`` against its edition's parts list; counts of
    components the definition no longer has (a re-imported game file, another
    edition) are left out."""
    game = copy_definition(game, copy)
    known = {c.name for c in game.components}
    found = {k: v for k, v in copy.found.items() if k in known}
    damaged = {k: v for k, v in copy.damaged.items() if k in known}
    return CopyStatus(copy, check_copy(game, found, damaged))


def shelf_games(db: UserDatabase) -> list[ShelfGame]:
    """Every game on the shelf, by name, with the user's copies and their completeness."""
    result = []
    for game_id, name, origin, text in _game_rows(db):
        game = parse_game(text, f"shelf:{name}")
        copies = tuple(copy_status(game, c) for c in _copies(db, game_id, name))
        result.append(ShelfGame(game, origin, copies))
    return result


def shelf_game(db: UserDatabase, name: str) -> ShelfGame:
    """The game called ``name`` with its copies (see :func:`shelf_games`)."""
    game_id, real_name, origin, text = _game_row(db, name)
    game = parse_game(text, f"shelf:{real_name}")
    return ShelfGame(game, origin, tuple(copy_status(game, c)
                                         for c in _copies(db, game_id, real_name)))


def pick_copy(db: UserDatabase, game: str, copy_id: int | None = None) -> CopyStatus:
    """The copy ``copy_id`` of ``game`` or, without an id, its only copy.

    Raises :class:`ShelfError` if the game has no such copy, no copy at all, or several
    copies and no id was given (the message lists their ids).
    """
    entry = shelf_game(db, game)
    ids = [c.copy.id for c in entry.copies]
    if copy_id is None:
        if len(entry.copies) == 1:
            return entry.copies[0]
        if not entry.copies:
            raise ShelfError(f"you have no copy of {entry.name} (add one with "
                             f"'shelf add-copy')")
        raise ShelfError(f"you have {len(ids)} copies of {entry.name}: say which "
                         f"(--copy {', '.join(map(str, ids))})")
    for status in entry.copies:
        if status.copy.id == copy_id:
            return status
    raise ShelfError(f"{entry.name} has no copy {copy_id}"
                     + (f" (its copies: {', '.join(map(str, ids))})" if ids else ""))


# --- copies -----------------------------------------------------------------------------

_COPY_FIELDS = ("location", "box_condition", "components_condition", "notes", "edition")


def stored_time(value: datetime | str | None) -> datetime | str | None:
    """A timestamp from a row snapshot, ready to write back: SQLite hands it out as ISO
    text, which becomes a datetime (UTC when the text has no offset); others unchanged."""
    if not isinstance(value, str):
        return value
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _condition(text: str) -> str:
    return parse_condition(text).value if text.strip() else ""


def _copy_snapshot(db: UserDatabase, copy_id: int) -> tuple[dict, dict[str, tuple[int, int]]]:
    with db.read() as conn:
        row = conn.execute("SELECT id, game_id, location, box_condition, "
                           "components_condition, notes, edition, created FROM shelf_copy "
                           "WHERE id = ?", (copy_id,)).fetchone()
        counts = conn.execute("SELECT component, found, damaged FROM shelf_count "
                              "WHERE copy_id = ?", (copy_id,)).fetchall()
    if row is None:
        raise ShelfError(f"there is no copy {copy_id} on the shelf")
    keys = ("id", "game_id", *_COPY_FIELDS, "created")
    return dict(zip(keys, row, strict=True)), {c: (f, d) for c, f, d in counts}


def _put_copy(db: UserDatabase, fields: dict, counts: Mapping[str, tuple[int, int]],
              label: str) -> Changes:
    """Write a copy (and its counts) back as ``fields`` say; the undo deletes it."""
    from card_db.models import ShelfCopy, ShelfCount  # lazy: SQLModel only for writes

    values = dict(fields)
    if "created" in values:
        values["created"] = stored_time(values["created"])
    with db.session() as session:
        row = ShelfCopy(**values)
        session.add(row)
        session.flush()
        for component, (found, damaged) in counts.items():
            session.add(ShelfCount(copy_id=row.id, component=component, found=found,
                                   damaged=damaged))
        session.commit()
        copy_id = row.id
    return Changes(label=label, shelf=True,
                   undo=Reversal(label, partial(_delete_copy, copy_id=copy_id, label=label)))


def _delete_copy(db: UserDatabase, copy_id: int, label: str) -> Changes:
    """Delete a copy and its counts; the undo puts them back with the same id."""
    from card_db.models import ShelfCopy  # lazy: SQLModel only for writes

    fields, counts = _copy_snapshot(db, copy_id)
    with db.session() as session:
        session.delete(session.get(ShelfCopy, copy_id))
        session.commit()
    return Changes(label=label, shelf=True,
                   undo=Reversal(label, partial(_put_copy, fields=fields, counts=counts,
                                                label=label)))


def _edition(game: GameDefinition, edition: str) -> str:
    """``edition`` checked against the game's (``""`` and the file's own edition: ``""``);
    :class:`ShelfError` naming the game's editions otherwise."""
    wanted = edition.strip()
    if not wanted or wanted == game.edition:
        return ""
    names = game.edition_names()
    if wanted in names:
        return wanted
    if not names:
        raise ShelfError(f"{game.name} has a single edition; give no edition")
    raise ShelfError(f"{game.name} has no edition {wanted!r}", suggestions=list(names))


def add_copy(db: UserDatabase, game: str, location: str = "", box_condition: str = "",
             components_condition: str = "", notes: str = "",
             edition: str = "") -> Outcome[int]:
    """Record a new copy of ``game``; the outcome's value is the copy's id.

    Conditions are names or abbreviations of the card condition scale (``""``: not
    recorded); ``edition`` is one of the game's editions (``""``: the one its game
    file's parts list describes). Raises :class:`ShelfError` for an unknown game or
    edition and :class:`~deckbuilder.formats.collection_csv.ConditionError` for an
    unknown condition.
    """
    game_id, name, _origin, text = _game_row(db, game)
    fields = {"game_id": game_id, "location": location.strip(),
              "box_condition": _condition(box_condition),
              "components_condition": _condition(components_condition), "notes": notes,
              "edition": _edition(parse_game(text, f"shelf:{name}"), edition)}
    changes = _put_copy(db, fields, {}, f"Add a copy of {name}")
    with db.read() as conn:
        copy_id = conn.execute("SELECT max(id) FROM shelf_copy WHERE game_id = ?",
                               (game_id,)).fetchone()[0]
    return Outcome(copy_id, changes)


def remove_copy(db: UserDatabase, copy_id: int) -> Changes:
    """Delete the copy ``copy_id`` and its counts (undoable); :class:`ShelfError` if
    there is no such copy."""
    fields, _ = _copy_snapshot(db, copy_id)
    with db.read() as conn:
        name = conn.execute("SELECT name FROM shelf_game WHERE id = ?",
                            (fields["game_id"],)).fetchone()[0]
    return _delete_copy(db, copy_id, f"Remove copy {copy_id} of {name}")


def _update_copy(db: UserDatabase, copy_id: int, values: Mapping[str, str],
                 label: str) -> Changes:
    """Write ``values`` (a subset of the copy's fields) over the copy; the undo writes
    the previous values back."""
    from card_db.models import ShelfCopy  # lazy: SQLModel only for writes

    with db.session() as session:
        row = session.get(ShelfCopy, copy_id)
        if row is None:
            raise ShelfError(f"there is no copy {copy_id} on the shelf")
        before = {field: getattr(row, field) for field in values}
        for field, value in values.items():
            setattr(row, field, value)
        session.add(row)
        session.commit()
    return Changes(label=label, shelf=True,
                   undo=Reversal(label, partial(_update_copy, copy_id=copy_id,
                                                values=before, label=label)))


def edit_copy(db: UserDatabase, copy_id: int, *, location: str | None = None,
              box_condition: str | None = None, components_condition: str | None = None,
              notes: str | None = None, edition: str | None = None) -> Changes:
    """Change where copy ``copy_id`` is kept, its box's or components' condition, its
    notes or its ``edition``; a field left ``None`` keeps its value (``""`` clears it;
    for the edition: the game file's own). Undoable.

    Conditions are names or abbreviations of the card condition scale. Raises
    :class:`ShelfError` for an unknown copy and
    :class:`~deckbuilder.formats.collection_csv.ConditionError` for an unknown
    condition (nothing is written then). ``changes.changed`` is False when every value
    given equals the stored one.
    """
    fields, _ = _copy_snapshot(db, copy_id)
    if edition is not None:
        with db.read() as conn:
            text = conn.execute("SELECT definition FROM shelf_game WHERE id = ?",
                                (fields["game_id"],)).fetchone()[0]
        edition = _edition(parse_game(text, "shelf"), edition)
    given = {"location": None if location is None else location.strip(),
             "box_condition": None if box_condition is None else _condition(box_condition),
             "components_condition": (None if components_condition is None
                                      else _condition(components_condition)),
             "notes": notes, "edition": edition}
    values = {k: v for k, v in given.items() if v is not None and v != fields[k]}
    label = f"Edit copy {copy_id}"
    if not values:
        return Changes(label=label)
    return _update_copy(db, copy_id, values, label)


# --- counts -----------------------------------------------------------------------------


def _write_counts(db: UserDatabase, copy_id: int,
                  counts: Mapping[str, tuple[int, int] | None], label: str) -> Changes:
    """Set (or, for ``None``, clear) the counts of components of a copy; the undo
    writes the previous ones back."""
    from card_db.models import ShelfCount  # lazy: SQLModel only for writes

    with db.session() as session:
        before: dict[str, tuple[int, int] | None] = {}
        for component, value in counts.items():
            row = session.get(ShelfCount, (copy_id, component))
            before[component] = None if row is None else (row.found, row.damaged)
            if value is None:
                if row is not None:
                    session.delete(row)
                continue
            row = row or ShelfCount(copy_id=copy_id, component=component)
            row.found, row.damaged = value
            session.add(row)
        session.commit()
    return Changes(label=label, shelf=True,
                   undo=Reversal(label, partial(_write_counts, copy_id=copy_id,
                                                counts=before, label=label)))


def set_counts(db: UserDatabase, game: str, copy_id: int | None,
               found: Mapping[str, int], damaged: Mapping[str, int] | None = None) -> Changes:
    """Save the pieces ``found`` (and ``damaged`` of them) per component of a copy.

    Component names resolve case-insensitively, other names included. A component
    given only in ``damaged`` keeps its found count; it must have one (counted before
    or given in ``found``). ``copy_id`` ``None`` means the game's only copy (see
    :func:`pick_copy`). Raises :class:`ShelfError` for an unknown component, a negative
    count, damaged pieces of a component with no found count, or more damaged pieces
    than found; nothing is written then.
    """
    status = pick_copy(db, game, copy_id)
    definition = copy_definition(game_definition(db, game), status.copy)
    damaged = damaged or {}
    new_found = _resolved(definition, found)
    new_damaged = _resolved(definition, damaged)
    counts: dict[str, tuple[int, int]] = {}
    for component in dict.fromkeys([*new_found, *new_damaged]):
        if component not in new_found and component not in status.copy.found:
            raise ShelfError(f"count the pieces of {component!r} found before marking "
                             f"damaged ones")
        n_found = new_found.get(component, status.copy.found.get(component, 0))
        n_damaged = new_damaged.get(component, status.copy.damaged.get(component, 0))
        if n_damaged > n_found:
            raise ShelfError(f"{n_damaged} damaged {component!r} but only {n_found} found")
        counts[component] = (n_found, n_damaged)
    if len(counts) == 1:
        (component, (n_found, _)), = counts.items()
        label = f"Count {n_found} × {component}"
    else:
        label = f"Count {len(counts)} components of {definition.name}"
    return _write_counts(db, status.copy.id, counts, label)


def _resolved(game: GameDefinition, counts: Mapping[str, int]) -> dict[str, int]:
    result: dict[str, int] = {}
    for name, count in counts.items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ShelfError(f"the count of {name!r} must be a whole number >= 0, "
                             f"not {count!r}")
        result[component_name(game, name)] = count
    return result


def clear_counts(db: UserDatabase, copy_id: int, components: Sequence[str]) -> Changes:
    """Mark ``components`` of the copy as not counted again (undoable)."""
    return _write_counts(db, copy_id, dict.fromkeys(components), "Clear counts")


# --- game files -------------------------------------------------------------------------


def _put_game(db: UserDatabase, name: str, text: str | None, label: str) -> Changes:
    """Store the user's game ``name`` as ``text`` (``None``: delete it); the undo writes
    back what was there."""
    from sqlmodel import select  # lazy: SQLModel only for writes

    from card_db.models import ShelfGame as GameRow  # lazy: SQLModel only for writes

    with db.session() as session:
        row = session.exec(select(GameRow).where(GameRow.name == name)).first()
        before = None if row is None else row.definition
        if text is None:
            if row is not None:
                session.delete(row)
        else:
            row = row or GameRow(name=name, origin="user", definition=text)
            row.definition = text
            session.add(row)
        session.commit()
    return Changes(label=label, shelf=True,
                   undo=Reversal(label, partial(_put_game, name=name, text=before,
                                                label=label)))


def import_game(db: UserDatabase, file: str | Path) -> Outcome[str]:
    """Add the game defined by ``file`` (or replace the user's own game of that name);
    the value is the game's name.

    All-or-nothing: an invalid file raises :class:`card_db.games.GameFileError` with
    file:line:column. A name already taken by a bundled game raises
    :class:`ShelfError`. Undo removes the game (or restores the replaced definition).
    """
    path = Path(file)
    game = load_game(path)
    text = path.read_text(encoding="utf-8")
    with db.read() as conn:
        taken = conn.execute("SELECT origin FROM shelf_game WHERE name = ?",
                             (game.name,)).fetchone()
    if taken is not None and taken[0] != "user":
        raise ShelfError(f"the app already has a game called {game.name!r}; give your "
                         f"file another name", file=path)
    return Outcome(game.name, _put_game(db, game.name, text, f"Import {game.name}"))


def export_game(db: UserDatabase, name: str, file: str | Path) -> Path:
    """Write the definition of the game ``name`` to ``file`` (the game file as stored,
    which :func:`import_game` reads back); returns the path written."""
    _game_id, _name, _origin, text = _game_row(db, name)
    return replace_file(file, text.encode("utf-8"))


# --- completeness report ----------------------------------------------------------------

REPORT_KINDS = ("csv", "pdf")


def copy_details(copy: OwnedCopy) -> list[tuple[str, str]]:
    """The copy's facts for a report, as ``(label, value)`` pairs ("" if not recorded)."""
    edition = [("Edition", copy.edition)] if copy.edition else []
    return [("Copy", str(copy.id)), *edition, ("Kept in", copy.location),
            ("Box condition", copy.box_condition),
            ("Components condition", copy.components_condition),
            ("Notes", copy.notes)]


def export_report(db: UserDatabase, game: str, copy_id: int | None, file: str | Path,
                  kind: str | None = None) -> Path:
    """Write the completeness report of a copy of ``game`` to ``file`` atomically;
    returns the path written.

    ``kind`` is ``"csv"`` or ``"pdf"`` (:mod:`deckbuilder.shelf.report`); ``None`` takes
    it from the file's extension. ``copy_id`` as in :func:`pick_copy`. Raises
    :class:`ShelfError` for an unknown game or copy or a kind that is neither, and
    ``OSError`` naming the file if it cannot be written.
    """
    path = Path(file)
    kind = (kind or path.suffix.lstrip(".")).lower()
    if kind not in REPORT_KINDS:
        raise ShelfError(f"{path}: a report is written as .csv or .pdf, not "
                         f"{kind or 'a file without an extension'!r}", file=path)
    status = pick_copy(db, game, copy_id)
    definition = copy_definition(game_definition(db, game), status.copy)
    details = copy_details(status.copy)
    if kind == "csv":
        data = write_csv(definition, status.report, details)
    else:
        title = f"{definition.name}: copy {status.copy.id}"
        data = write_pdf(definition, status.report, details, title)
    return replace_file(path, data)
