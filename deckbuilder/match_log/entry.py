"""One game of the match log and the checks on every field of it.

A :class:`GameEntry` holds the date, the deck played and its version, the opponent (a
name), the opponent's deck and main affiliation if known, who went first, the result,
how the game ended, its rounds, notes, and whether it was a real game or a computer
one (with the computer's level). Text from the user (the CLI's options, a CSV row, the
app's form) is checked by :func:`parse_entry`; a value that is not allowed raises
:class:`LogEntryError` naming the field (and the CSV line when there is one).

How a game ends, in the rulebook's words ("Phase 4: The Reconciliation", "Exhausted
Destiny"): ``victory`` (an Autarch meets the victory requirement), ``exhausted-destiny``
(a Destiny ran out), and the two ways a real game may stop early, ``time`` (the round
or the evening ran out) and ``concession``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields, replace
from datetime import date

from card_db.errors import UserError
from card_db.records import CardRecord

RESULTS = ("win", "loss", "draw")
WENT = ("first", "second")
ENDINGS = ("victory", "exhausted-destiny", "time", "concession")
KINDS = ("real", "computer")
#: How each ending reads in tables and charts.
ENDING_LABELS = {"victory": "Victory", "exhausted-destiny": "Exhausted Destiny",
                 "time": "time", "concession": "concession", "": ""}
MAX_ROUNDS = 1000
MAX_TEXT = 500


class LogEntryError(UserError, ValueError):
    """A field of a game that is not allowed; ``field`` names it (e.g. ``"result"``)."""

    def __init__(self, message: str, *, field: str = "", **where):
        self.field = field
        super().__init__(message, **where)


@dataclass(frozen=True)
class GameEntry:
    """One logged game. ``result``: one of :data:`RESULTS`; ``went``: one of
    :data:`WENT` or ``""`` (unknown); ``ended``: one of :data:`ENDINGS` or ``""``;
    ``kind``: one of :data:`KINDS`; ``level``: the computer's level for a computer game;
    ``version``/``rounds``: ``None`` when unknown; ``id``: the stored row (``None``
    before it is stored)."""

    played_on: date
    deck: str
    result: str
    opponent: str = ""
    version: int | None = None
    opponent_deck: str = ""
    opponent_affiliation: str = ""
    went: str = ""
    ended: str = ""
    rounds: int | None = None
    notes: str = ""
    kind: str = "real"
    level: str = ""
    id: int | None = None

    def to_json(self) -> dict:
        """Every field; ``played_on`` as ``YYYY-MM-DD`` text."""
        data = asdict(self)
        data["played_on"] = self.played_on.isoformat()
        return data

    def values(self) -> dict:
        """The stored columns (every field but ``id``)."""
        return {name: getattr(self, name) for name in _STORED}

    def with_id(self, id: int | None) -> GameEntry:
        return replace(self, id=id)


_STORED = tuple(f.name for f in fields(GameEntry) if f.name != "id")


def _fail(field: str, message: str, where: Mapping) -> LogEntryError:
    return LogEntryError(f"{field}: {message}", field=field, **where)


def _choice(field: str, text: str, allowed: tuple[str, ...], where: Mapping,
            blank_ok: bool) -> str:
    value = "-".join(text.strip().casefold().replace("_", " ").split())
    if not value and blank_ok:
        return ""
    if value not in allowed:
        raise _fail(field, f"{text.strip()!r} is not one of {', '.join(allowed)}"
                    + (" (or empty)" if blank_ok else ""), where)
    return value


def parse_date(text: str, where: Mapping = {}) -> date:  # noqa: B006 - never mutated
    """A ``YYYY-MM-DD`` date; :class:`LogEntryError` (field ``date``) otherwise."""
    try:
        if len(text.strip()) != 10:
            raise ValueError
        return date.fromisoformat(text.strip())
    except ValueError:
        raise _fail("date", f"{text.strip()!r} is not a date written YYYY-MM-DD", where) \
            from None


def _int(field: str, text: str, low: int, high: int, where: Mapping) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not low <= int(text) <= high:
        raise _fail(field, f"{text!r} is not a whole number from {low} to {high}", where)
    return int(text)


def _text(field: str, text: str, where: Mapping, required: bool = False) -> str:
    value = " ".join(text.split()) if field != "notes" else text.strip()
    if required and not value:
        raise _fail(field, "is required", where)
    if len(value) > MAX_TEXT:
        raise _fail(field, f"is longer than {MAX_TEXT} characters", where)
    return value


def parse_entry(fields: Mapping[str, str], where: Mapping | None = None) -> GameEntry:
    """A :class:`GameEntry` from text ``fields``: ``date`` (``YYYY-MM-DD``), ``deck``
    (required), ``version``, ``opponent``, ``opponent_deck``, ``opponent_affiliation``,
    ``went``, ``result`` (required), ``ended``, ``rounds``, ``notes``, ``kind`` (default
    ``real``), ``level``; missing ones are empty. Choices ignore case, and spaces or
    ``_`` stand for ``-`` ("Exhausted Destiny"). ``where``: ``file``/``line`` for the
    message. Raises :class:`LogEntryError` naming the first bad field."""
    where = dict(where or {})

    def get(name: str) -> str:
        return str(fields.get(name) or "")

    played_on = parse_date(get("date"), where) if get("date").strip() else date.today()
    kind = _choice("kind", get("kind"), KINDS, where, blank_ok=True) or "real"
    return GameEntry(
        played_on=played_on,
        deck=_text("deck", get("deck"), where, required=True),
        version=_int("version", get("version"), 1, 10**9, where),
        opponent=_text("opponent", get("opponent"), where),
        opponent_deck=_text("opponent_deck", get("opponent_deck"), where),
        opponent_affiliation=_text("opponent_affiliation", get("opponent_affiliation"), where),
        went=_choice("went", get("went"), WENT, where, blank_ok=True),
        result=_choice("result", get("result"), RESULTS, where, blank_ok=False),
        ended=_choice("ended", get("ended"), ENDINGS, where, blank_ok=True),
        rounds=_int("rounds", get("rounds"), 1, MAX_ROUNDS, where),
        notes=_text("notes", get("notes"), where),
        kind=kind,
        level=_text("level", get("level"), where),
    )


def main_affiliation(cards: Iterable[CardRecord]) -> str:
    """The affiliation most copies of ``cards`` have (ties: the first in name order);
    ``""`` if none has one."""
    counts = Counter(a for card in cards for a in card.affiliations)
    if not counts:
        return ""
    best = max(counts.values())
    return min(a for a, n in counts.items() if n == best)
