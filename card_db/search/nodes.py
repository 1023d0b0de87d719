"""The parsed form of a search query: a small tree of frozen dataclasses.

Every node carries ``start``/``end``, the character span of the query text it came
from (0-based, end exclusive), so the GUI can highlight terms; spans do not take part
in equality. Every leaf is a yes/no test on one card (never "unknown"), so ``Not``
is the exact complement of its operand: a Site has no Prime, so ``prime<=3`` is
false for it and ``-prime<=3`` is true.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Comparison operators of numeric terms, as written in queries.
COMPARISON_OPS = ("=", "!=", "<", "<=", ">", ">=")


def _span() -> int:
    return field(default=0, compare=False, kw_only=True)


@dataclass(frozen=True)
class And:
    """All of ``items`` hold (two or more items)."""

    items: tuple[Node, ...]
    start: int = _span()
    end: int = _span()


@dataclass(frozen=True)
class Or:
    """At least one of ``items`` holds (two or more items)."""

    items: tuple[Node, ...]
    start: int = _span()
    end: int = _span()


@dataclass(frozen=True)
class Not:
    """``item`` does not hold (written ``-term`` or ``-( ... )``)."""

    item: Node
    start: int = _span()
    end: int = _span()


@dataclass(frozen=True)
class FreeText:
    """Words in the name, traits, powers or flavour text (SQLite FTS5 over ``card_fts``).

    A bare word (``phrase=False``) matches any word starting with it, so ``gen`` finds
    Gentle; a quoted phrase matches its words in that order, each word whole.
    """

    text: str
    phrase: bool
    start: int = _span()
    end: int = _span()


@dataclass(frozen=True)
class CardTypeIs:
    """The card type is one of ``types`` (exact rulebook names, "Types of Cards")."""

    types: tuple[str, ...]
    start: int = _span()
    end: int = _span()


@dataclass(frozen=True)
class DominionIs:
    """A Home Dominion is ``dominion`` (1-5); a Border Site matches both of its Dominions.

    ``dominion=None`` means no Home Dominion at all (Oviates; the rulebook writes "0").
    Source: "Border Sites and Adjacency", "Types of Cards".
    """

    dominion: int | None
    start: int = _span()
    end: int = _span()


@dataclass(frozen=True)
class NumberCompare:
    """``field op value``; false for cards without that characteristic.

    ``field`` is one of ``magic``, ``strength``, ``prime``, ``resistance``,
    ``deck_limit`` or ``owned`` (total copies in the collection, 0 when none).
    """

    field: str
    op: str
    value: int
    start: int = _span()
    end: int = _span()


@dataclass(frozen=True)
class Flag:
    """``is:`` tests: ``unique``, ``permanent``, ``instant``, ``border`` or ``estimated``."""

    flag: str
    start: int = _span()
    end: int = _span()


@dataclass(frozen=True)
class GenderIs:
    """A Character's gender (``male``, ``female``, ``both``, ``neither``); ``None``: no gender."""

    gender: str | None
    start: int = _span()
    end: int = _span()


@dataclass(frozen=True)
class TextMatch:
    """Case-insensitive text test on one column.

    ``field`` is ``name``, ``set_name``, ``source`` or ``rarity``; ``mode`` is
    ``"contains"`` (substring) or ``"prefix"`` (the value starts with ``value``).
    """

    field: str
    value: str
    mode: str
    start: int = _span()
    end: int = _span()


@dataclass(frozen=True)
class AffiliationIs:
    """One of the card's affiliations starts with ``prefix`` (case-insensitive)."""

    prefix: str
    start: int = _span()
    end: int = _span()


Node = (
    And
    | Or
    | Not
    | FreeText
    | CardTypeIs
    | DominionIs
    | NumberCompare
    | Flag
    | GenderIs
    | TextMatch
    | AffiliationIs
)


@dataclass(frozen=True)
class Query:
    """A parsed query. ``root`` is ``None`` for an empty query, which matches every card."""

    text: str
    root: Node | None
