"""The deck list: named card entries with counts, a main deck and a sideboard.

Pure Python (no database, no Qt). A :class:`DeckList` holds card *names* as written;
:func:`deckbuilder.deck.resolve.resolve_deck` checks them against a
:class:`~card_db.catalogue.Catalogue`. Only the main deck counts toward legality
(rulebook "Deck Construction"); the sideboard is kept for the player's own use.

Normalisation done on construction (so every file format reads back what it wrote):

* card names, the deck name and the author are stripped of surrounding whitespace and
  may not contain control characters, line or paragraph separators, surrogates or the
  non-characters U+FFFE/U+FFFF (:class:`DeckListError`);
* notes keep their lines; line endings become ``"\\n"``, trailing whitespace of each line
  and blank lines at either end are dropped; control characters other than tab and
  newline are refused;
* counts are whole numbers from 1 to :data:`MAX_COUNT`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from card_db.errors import UserError
from card_db.names import fold_name

if TYPE_CHECKING:
    from card_db.catalogue import Catalogue
    from card_db.records import CardRecord

MAIN = "main"
SIDEBOARD = "side"
ZONES = (MAIN, SIDEBOARD)

#: Largest count one entry may carry. A deck is 60 cards; this leaves room for
#: collection-sized lists while refusing absurd numbers such as 10**9.
MAX_COUNT = 999
#: Longest card or deck name accepted, in characters.
MAX_NAME_LENGTH = 200
#: Most cards (main deck plus sideboard, counting copies) one deck list may hold.
MAX_TOTAL_CARDS = 10_000

_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
_NONCHARACTERS = frozenset({"\ufffe", "\uffff"})


class DeckListError(UserError, ValueError):
    """A name, count or notes a deck list cannot hold (too long, a forbidden character,
    a count outside 1..:data:`MAX_COUNT`, too many cards). The message says which."""


def bad_character(text: str, *, allow: str = "") -> str | None:
    """The first character of ``text`` a deck list may not hold in a name, or ``None``.

    ``allow`` lists characters accepted anyway (``"\\n\\t"`` for notes).
    """
    for char in text:
        if char in allow:
            continue
        if char in _NONCHARACTERS or unicodedata.category(char) in _FORBIDDEN_CATEGORIES:
            return char
    return None


def clean_name(name: str, what: str = "card name") -> str:
    """``name`` stripped; :class:`DeckListError` if it is empty (for card names), too
    long or holds a forbidden character (see the module docstring); ``ValueError`` if it
    is not a ``str``."""
    if not isinstance(name, str):
        raise ValueError(f"{what} must be text, not {type(name).__name__}")
    text = name.strip()
    if not text and what == "card name":
        raise DeckListError("empty card name")
    if len(text) > MAX_NAME_LENGTH:
        raise DeckListError(f"{what} longer than {MAX_NAME_LENGTH} characters")
    char = bad_character(text)
    if char is not None:
        raise DeckListError(f"{what} contains the character U+{ord(char):04X}")
    return text


def clean_notes(notes: str) -> str:
    """Notes with ``"\\n"`` line endings, each line right-stripped, outer blank lines removed."""
    if not isinstance(notes, str):
        raise ValueError(f"notes must be text, not {type(notes).__name__}")
    text = notes.replace("\r\n", "\n").replace("\r", "\n")
    char = bad_character(text, allow="\n\t")
    if char is not None:
        raise DeckListError(f"notes contain the character U+{ord(char):04X}")
    return "\n".join(line.rstrip() for line in text.split("\n")).strip("\n")


def check_count(count: object) -> int:
    """``count`` if it is an ``int`` from 1 to :data:`MAX_COUNT`, else
    :class:`DeckListError`."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise DeckListError(f"count must be a whole number, not {count!r}")
    if not 1 <= count <= MAX_COUNT:
        raise DeckListError(f"count {count} is outside 1..{MAX_COUNT}")
    return count


class DeckEntry(NamedTuple):
    """One line of a deck list: ``count`` copies of the card called ``name``."""

    name: str
    count: int


def _entries(items: Iterable[tuple[str, int]]) -> list[DeckEntry]:
    return [DeckEntry(clean_name(name), check_count(count)) for name, count in items]


@dataclass
class DeckList:
    """A deck as the player wrote it.

    ``main`` and ``sideboard`` are lists of :class:`DeckEntry` ``(name, count)`` in the
    player's order; tuples are accepted and converted. ``lines`` maps a card name as
    written to the line of the file it was first read from (used to report unknown
    names); it is not part of equality. Raises :class:`DeckListError` on a bad name or
    count (see the module docstring) or more than :data:`MAX_TOTAL_CARDS` cards.
    """

    name: str = ""
    author: str = ""
    notes: str = ""
    main: list[DeckEntry] = field(default_factory=list)
    sideboard: list[DeckEntry] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.name = clean_name(self.name, "deck name")
        self.author = clean_name(self.author, "author")
        self.notes = clean_notes(self.notes)
        self.main = _entries(self.main)
        self.sideboard = _entries(self.sideboard)
        if self.total(MAIN) + self.total(SIDEBOARD) > MAX_TOTAL_CARDS:
            raise DeckListError(f"more than {MAX_TOTAL_CARDS} cards in one deck list")

    # -- reading ---------------------------------------------------------------------

    def zone(self, zone: str = MAIN) -> list[DeckEntry]:
        """The entry list of ``zone`` (``"main"`` or ``"side"``); ``ValueError`` otherwise."""
        if zone == MAIN:
            return self.main
        if zone == SIDEBOARD:
            return self.sideboard
        raise ValueError(f"unknown zone {zone!r}; expected one of {', '.join(ZONES)}")

    def counts(self, zone: str = MAIN) -> dict[str, int]:
        """Copies per card in ``zone``, entries of the same card (by :func:`fold_name`)
        added together under the first spelling, in first-appearance order."""
        totals: dict[str, int] = {}
        spelling: dict[str, str] = {}
        for name, count in self.zone(zone):
            key = fold_name(name)
            first = spelling.setdefault(key, name)
            totals[first] = totals.get(first, 0) + count
        return totals

    def total(self, zone: str = MAIN) -> int:
        """Number of cards in ``zone``, counting copies."""
        return sum(count for _, count in self.zone(zone))

    def count_of(self, name: str, zone: str = MAIN) -> int:
        """Copies of the card called ``name`` (matched by :func:`fold_name`) in ``zone``."""
        key = fold_name(name)
        return sum(count for entry_name, count in self.zone(zone) if fold_name(entry_name) == key)

    def __iter__(self) -> Iterator[DeckEntry]:
        """The main deck's entries."""
        return iter(self.main)

    # -- editing ---------------------------------------------------------------------

    def add(self, name: str, count: int = 1, zone: str = MAIN) -> None:
        """Add ``count`` copies of ``name`` to ``zone``: to its existing entry if there is one,
        else as a new last entry. :class:`DeckListError` if the entry would exceed
        :data:`MAX_COUNT`."""
        check_count(count)
        entries = self.zone(zone)
        key = fold_name(name)
        for index, (entry_name, entry_count) in enumerate(entries):
            if fold_name(entry_name) == key:
                entries[index] = DeckEntry(entry_name, check_count(entry_count + count))
                return
        entries.append(DeckEntry(clean_name(name), count))

    def remove(self, name: str, count: int = 1, zone: str = MAIN) -> int:
        """Remove up to ``count`` copies of ``name`` from ``zone`` (entries that reach zero
        disappear). Returns how many copies were removed (0 if the card is absent)."""
        check_count(count)
        entries = self.zone(zone)
        key = fold_name(name)
        removed = 0
        for index in range(len(entries) - 1, -1, -1):
            entry_name, entry_count = entries[index]
            if removed == count or fold_name(entry_name) != key:
                continue
            take = min(entry_count, count - removed)
            removed += take
            if take == entry_count:
                del entries[index]
            else:
                entries[index] = DeckEntry(entry_name, entry_count - take)
        return removed

    def set_count(self, name: str, count: int, zone: str = MAIN) -> None:
        """Make ``zone`` hold exactly ``count`` copies of ``name`` (0 removes the card)."""
        current = self.count_of(name, zone)
        if count > current:
            self.add(name, count - current, zone)
        elif count < current:
            self.remove(name, current - count, zone)

    def merged(self) -> DeckList:
        """A copy with the entries of each card in each zone added together (see :meth:`counts`)."""
        return DeckList(
            name=self.name,
            author=self.author,
            notes=self.notes,
            main=list(self.counts(MAIN).items()),
            sideboard=list(self.counts(SIDEBOARD).items()),
            lines=dict(self.lines),
        )

    def expand(self, catalogue: Catalogue, zone: str = MAIN) -> list[CardRecord]:
        """One :class:`~card_db.records.CardRecord` per copy in ``zone``, in entry order.

        Raises :class:`~card_db.catalogue.UnknownCardError` for a name the catalogue does
        not know (use :func:`deckbuilder.deck.resolve.resolve_deck` first to get every
        unknown name at once).
        """
        cards: list[CardRecord] = []
        for name, count in self.zone(zone):
            cards.extend([catalogue.resolve(name)] * count)
        return cards

    @classmethod
    def from_counts(
        cls,
        main: Mapping[str, int],
        sideboard: Mapping[str, int] | None = None,
        **metadata: str,
    ) -> DeckList:
        """A deck list from ``{name: count}`` mappings (counts of 0 are skipped)."""
        return cls(
            main=[(n, c) for n, c in main.items() if c],
            sideboard=[(n, c) for n, c in (sideboard or {}).items() if c],
            **metadata,
        )
