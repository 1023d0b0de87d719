"""Deck edits as values: what a change replaces, what it puts instead, and its name.

Pure Python (no Qt, no database). A :class:`DeckEdit` records, for each *part* of a
deck it touches, the exact value before and after:

* the zones ``"main"`` and ``"side"`` (:data:`~deckbuilder.deck.decklist.MAIN`,
  :data:`~deckbuilder.deck.decklist.SIDEBOARD`): a tuple of
  :class:`~deckbuilder.deck.decklist.DeckEntry`, entry for entry, order included;
* the fields ``"name"``, ``"author"`` and ``"notes"``: a string.

So undo restores the deck exactly as it was and redo repeats the edit. The builders
below (:func:`add_cards`, :func:`remove`, :func:`set_count`, :func:`move`,
:func:`replace_zone`, :func:`set_field`) make an edit from the deck as it is now;
they return ``None`` when the edit would change nothing. Names are matched as
:class:`~deckbuilder.deck.decklist.DeckList` matches them; checking them against the
catalogue is the caller's job.

:meth:`DeckEdit.apply` and :meth:`DeckEdit.revert` never mutate the deck given: they
return a new :class:`~deckbuilder.deck.decklist.DeckList`. The GUI's undo stack
(:mod:`deckbuilder.gui.deck_editor.commands`) and ``deckbuilder deck add``/``remove``
carry these values.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from deckbuilder.deck.decklist import (
    MAIN,
    SIDEBOARD,
    ZONES,
    DeckEntry,
    DeckList,
    check_count,
    clean_name,
    clean_notes,
)

#: The deck fields an edit may set (besides the zones).
FIELDS = ("name", "author", "notes")
#: Every part of a deck an edit may replace.
PARTS = (*ZONES, *FIELDS)
#: Merge key of notes edits: typing in the notes is one undo step.
NOTES_MERGE_KEY = "notes"

#: The value of one part: the entries of a zone, or the text of a field.
Part = tuple[DeckEntry, ...] | str

_FIELD_LABELS = {"name": "Rename deck", "author": "Change author", "notes": "Edit notes"}


def _frozen(parts: Mapping[str, object]) -> Mapping[str, Part]:
    checked: dict[str, Part] = {}
    for part, value in parts.items():
        if part in ZONES:
            checked[part] = tuple(DeckEntry(*entry) for entry in value)  # type: ignore[union-attr]
        elif part in FIELDS and isinstance(value, str):
            checked[part] = value
        else:
            raise ValueError(f"an edit cannot set {part!r} to {value!r}")
    return MappingProxyType(checked)


def part_of(deck: DeckList, part: str) -> Part:
    """The current value of ``part`` of ``deck`` (see the module docstring)."""
    if part in ZONES:
        return tuple(deck.zone(part))
    if part in FIELDS:
        return getattr(deck, part)
    raise ValueError(f"unknown deck part {part!r}; expected one of {', '.join(PARTS)}")


def with_parts(deck: DeckList, parts: Mapping[str, Part]) -> DeckList:
    """A copy of ``deck`` with ``parts`` replaced; ``deck`` itself is not changed.

    Values are taken as they are (no cleaning again), so notes keep what was typed.
    """
    result = copy.copy(deck)  # not the constructor: it would clean the notes being typed
    result.main, result.sideboard = list(deck.main), list(deck.sideboard)
    result.lines = dict(deck.lines)
    for part, value in parts.items():
        if part == MAIN:
            result.main = list(value)
        elif part == SIDEBOARD:
            result.sideboard = list(value)
        else:
            setattr(result, part, value)
    return result


@dataclass(frozen=True)
class DeckEdit:
    """One undoable change of a deck.

    ``before`` and ``after`` map the same parts (``"main"``, ``"side"``, ``"name"``,
    ``"author"``, ``"notes"``) to their values before and after the edit; ``label`` is
    what the user reads after "Undo " (``"Add 2 × Gentle"``); consecutive edits with
    the same non-``None`` ``merge_key`` merge into one undo step (:meth:`merged_with`).
    Raises ``ValueError`` if ``before`` and ``after`` name different parts or a value
    does not fit its part.
    """

    before: Mapping[str, Part]
    after: Mapping[str, Part]
    label: str
    merge_key: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "before", _frozen(self.before))
        object.__setattr__(self, "after", _frozen(self.after))
        if set(self.before) != set(self.after):
            raise ValueError("an edit must replace the same parts it records")

    @property
    def parts(self) -> tuple[str, ...]:
        """The parts this edit replaces, in :data:`PARTS` order."""
        return tuple(part for part in PARTS if part in self.before)

    def apply(self, deck: DeckList) -> DeckList:
        """A new deck list: ``deck`` with this edit done. ``ValueError`` if ``deck`` does
        not hold ``before`` (the edit was made from another state)."""
        self._check(deck, self.before, "apply")
        return with_parts(deck, self.after)

    def revert(self, deck: DeckList) -> DeckList:
        """A new deck list: ``deck`` with this edit undone. ``ValueError`` if ``deck``
        does not hold ``after``."""
        self._check(deck, self.after, "revert")
        return with_parts(deck, self.before)

    def merged_with(self, later: DeckEdit) -> DeckEdit:
        """One edit doing this one, then ``later`` (made from the state this one leaves).

        Keeps this edit's label and merge key. ``ValueError`` unless both have the same
        non-``None`` merge key.
        """
        if self.merge_key is None or later.merge_key != self.merge_key:
            raise ValueError("only edits with the same merge key merge")
        before = {**later.before, **self.before}
        after = {**self.after, **later.after}
        return DeckEdit(before, after, self.label, self.merge_key)

    def _check(self, deck: DeckList, expected: Mapping[str, Part], action: str) -> None:
        for part, value in expected.items():
            if part_of(deck, part) != value:
                raise ValueError(f"cannot {action} {self.label!r}: the deck's {part} differs")


# -- builders -------------------------------------------------------------------------------


def _copies(count: int) -> str:
    return f"{count} × " if count > 1 else ""


def _where(zone: str, preposition: str) -> str:
    return f" {preposition} the sideboard" if zone == SIDEBOARD else ""


def _zone_edit(deck: DeckList, zone: str, entries: Sequence[DeckEntry], label: str) -> DeckEdit:
    return DeckEdit({zone: tuple(deck.zone(zone))}, {zone: tuple(entries)}, label)


def _zone_copy(deck: DeckList, zone: str) -> DeckList:
    """A one-zone scratch list holding ``zone``'s entries as its main deck."""
    return DeckList(main=list(deck.zone(zone)))


def add_cards(deck: DeckList, names: Sequence[str], count: int = 1, zone: str = MAIN
              ) -> DeckEdit | None:
    """Add ``count`` copies of each of ``names`` to ``zone`` (to an existing entry of the
    card, else as a new last entry); ``None`` if ``names`` is empty. Label
    ``"Add 2 × Gentle"``, ``"Add 3 cards to the sideboard"``. ``ValueError`` for a bad
    count, name or zone, or an entry above :data:`~deckbuilder.deck.decklist.MAX_COUNT`."""
    check_count(count)
    if not names:
        return None
    scratch = _zone_copy(deck, zone)
    for name in names:
        scratch.add(name, count, MAIN)
    what = clean_name(names[0]) if len(names) == 1 else f"{len(names)} cards"
    return _zone_edit(deck, zone, scratch.main, f"Add {_copies(count)}{what}{_where(zone, 'to')}")


def remove(deck: DeckList, name: str, count: int = 1, zone: str = MAIN) -> DeckEdit | None:
    """Remove up to ``count`` copies of ``name`` from ``zone`` (entries reaching zero
    disappear); ``None`` if the card is not there. The label gives the copies removed:
    ``"Remove 2 × Gentle from the sideboard"``."""
    check_count(count)
    scratch = _zone_copy(deck, zone)
    removed = scratch.remove(name, count, MAIN)
    if not removed:
        return None
    label = f"Remove {_copies(removed)}{name}{_where(zone, 'from')}"
    return _zone_edit(deck, zone, scratch.main, label)


def swap(deck: DeckList, out: str, card_in: str) -> DeckEdit | None:
    """Replace one copy of ``out`` with one of ``card_in`` in the main deck, as one
    edit labelled ``"Swap Gentle for Judith"``; ``None`` if ``out`` is not there.
    ``ValueError`` for a bad name or an entry above the maximum count."""
    scratch = _zone_copy(deck, MAIN)
    if not scratch.remove(out, 1, MAIN):
        return None
    scratch.add(card_in, 1, MAIN)
    return _zone_edit(deck, MAIN, scratch.main, f"Swap {out} for {clean_name(card_in)}")


def set_count(deck: DeckList, name: str, count: int, zone: str = MAIN) -> DeckEdit | None:
    """Make ``zone`` hold exactly ``count`` copies of ``name`` (0 removes the card);
    ``None`` if it already does. Label ``"Gentle: 3"`` (``" in the sideboard"`` added)."""
    if count:
        check_count(count)
    if deck.count_of(name, zone) == count:
        return None
    scratch = _zone_copy(deck, zone)
    scratch.set_count(name, count, MAIN)
    return _zone_edit(deck, zone, scratch.main, f"{name}: {count}{_where(zone, 'in')}")


def move(deck: DeckList, name: str, source: str, count: int = 1) -> DeckEdit | None:
    """Move up to ``count`` copies of ``name`` from ``source`` to the other zone, both
    zones in one edit; ``None`` if ``source`` holds none. Label
    ``"Move 2 × Gentle to the sideboard"``."""
    target = SIDEBOARD if source == MAIN else MAIN
    moved = min(count, deck.count_of(name, source))
    if moved <= 0:
        return None
    taken, given = _zone_copy(deck, source), _zone_copy(deck, target)
    taken.remove(name, moved, MAIN)
    given.add(name, moved, MAIN)
    where = "the sideboard" if target == SIDEBOARD else "the main deck"
    return DeckEdit(
        {zone: tuple(deck.zone(zone)) for zone in (source, target)},
        {source: tuple(taken.main), target: tuple(given.main)},
        f"Move {_copies(moved)}{name} to {where}",
    )


def replace_zone(deck: DeckList, zone: str, entries: Sequence[tuple[str, int]], label: str
                 ) -> DeckEdit:
    """Replace every entry of ``zone`` with ``entries`` (checked as a deck list checks
    them: ``ValueError`` for a bad name or count)."""
    checked = DeckList(main=list(entries)).main
    return _zone_edit(deck, zone, checked, label)


def set_field(deck: DeckList, field: str, value: str) -> DeckEdit | None:
    """Set ``"name"``, ``"author"`` or ``"notes"``; ``None`` if unchanged.

    The name and the author are cleaned as :class:`DeckList` cleans them; notes keep
    what is typed (saving cleans them) but must be allowed text. Notes edits carry
    :data:`NOTES_MERGE_KEY`, so typing merges into one undo step. ``ValueError`` for an
    unknown field or a value a deck list refuses.
    """
    if field not in FIELDS:
        raise ValueError(f"unknown deck field {field!r}")
    if field == "notes":
        clean_notes(value)
    else:
        value = clean_name(value, "deck name" if field == "name" else field)
    if getattr(deck, field) == value:
        return None
    merge_key = NOTES_MERGE_KEY if field == "notes" else None
    return DeckEdit({field: getattr(deck, field)}, {field: value}, _FIELD_LABELS[field], merge_key)


__all__ = [
    "FIELDS",
    "NOTES_MERGE_KEY",
    "PARTS",
    "DeckEdit",
    "Part",
    "add_cards",
    "move",
    "part_of",
    "remove",
    "replace_zone",
    "set_count",
    "set_field",
    "swap",
    "with_parts",
]
