"""Check a deck list's card names against the catalogue, all at once.

Reading a deck file never needs the catalogue; this is the separate step that turns
the names as written into the catalogue's spelling, and reports every unknown name
with its line and the closest known names (rapidfuzz, via
:meth:`card_db.catalogue.Catalogue.suggest`).
"""

from __future__ import annotations

from dataclasses import dataclass

from card_db.catalogue import Catalogue
from card_db.errors import UserError
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList


@dataclass(frozen=True)
class UnknownName:
    """A card name the catalogue does not know: ``line`` in the file (``None`` if the
    deck did not come from a file), the name as written, the closest known names."""

    line: int | None
    name: str
    suggestions: tuple[str, ...]

    def describe(self, path: str | None = None) -> str:
        where = ":".join(str(p) for p in (path, self.line) if p is not None)
        hint = ""
        if self.suggestions:
            hint = "; did you mean " + ", ".join(repr(s) for s in self.suggestions) + "?"
        return f"{where + ': ' if where else ''}unknown card {self.name!r}{hint}"


class UnknownCardsError(UserError, LookupError):
    """Every unknown card name of a deck list.

    ``unknown`` lists :class:`UnknownName` (line, name, suggestions) in file order;
    ``path`` is the deck file, if known. ``str()`` gives one line per name. As a
    :class:`~card_db.errors.UserError`: ``file`` is ``path``, ``line`` that of the first
    unknown name, ``suggestions`` those of the only unknown name (none for several).
    """

    def __init__(self, unknown: list[UnknownName], path: str | None = None):
        self.unknown = unknown
        self.path = path
        first = unknown[0] if unknown else None
        super().__init__(
            "\n".join(u.describe() for u in unknown),
            file=path,
            line=first.line if first else None,
            suggestions=first.suggestions if len(unknown) == 1 else (),
        )

    def full_message(self) -> str:
        """One line per unknown name, each with its own ``path:line``."""
        return "\n".join(u.describe(self.path) for u in self.unknown)


def resolve_deck(deck: DeckList, catalogue: Catalogue, path: str | None = None) -> DeckList:
    """``deck`` with every name in the catalogue's spelling and the entries of one card
    in one zone added together (first position kept).

    Raises :class:`UnknownCardsError` naming every unknown card (with the line from
    ``deck.lines`` and up to three suggestions); ``path`` is only used in its message.
    """
    unknown: dict[str, UnknownName] = {}
    resolved: dict[str, list[tuple[str, int]]] = {MAIN: [], SIDEBOARD: []}
    for zone in (MAIN, SIDEBOARD):
        for name, count in deck.zone(zone):
            record = catalogue.get(name)
            if record is None:
                if name not in unknown:
                    unknown[name] = UnknownName(
                        deck.lines.get(name), name, tuple(catalogue.suggest(name))
                    )
                continue
            resolved[zone].append((record.name, count))
    if unknown:
        ordered = sorted(
            unknown.values(), key=lambda u: (u.line is None, u.line or 0, u.name)
        )
        raise UnknownCardsError(ordered, path)
    lines: dict[str, int] = {}
    for name, line in deck.lines.items():
        record = catalogue.get(name)
        if record is not None:
            lines.setdefault(record.name, line)
    return DeckList(
        name=deck.name,
        author=deck.author,
        notes=deck.notes,
        main=resolved[MAIN],
        sideboard=resolved[SIDEBOARD],
        lines=lines,
    ).merged()
