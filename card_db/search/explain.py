"""A plain-English description of a query, for the GUI to show under the search box."""

from __future__ import annotations

from card_db.search.nodes import (
    AffiliationIs,
    And,
    CardTypeIs,
    DominionIs,
    Flag,
    FreeText,
    GenderIs,
    Node,
    Not,
    NumberCompare,
    Or,
    Query,
    TextMatch,
)
from card_db.search.parser import parse

_FIELD_NAMES = {
    "magic": "Magic",
    "strength": "Strength",
    "prime": "Prime",
    "resistance": "Resistance",
    "deck_limit": "per-deck limit",
    "owned": "copies owned",
    "name": "name",
    "set_name": "set",
    "source": "source",
    "rarity": "rarity",
}
_OP_WORDS = {
    "=": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}
_FLAG_WORDS = {
    "unique": "is unique",
    "permanent": "is permanent",
    "instant": "is instant",
    "border": "is a Border Site",
    "estimated": "has estimated values",
}


def _leaf(node: Node) -> str:
    if isinstance(node, FreeText):
        if node.phrase:
            return f'name or text has the phrase "{node.text}"'
        return f"name or text has a word starting with {node.text!r}"
    if isinstance(node, CardTypeIs):
        return "type is " + " or ".join(node.types)
    if isinstance(node, DominionIs):
        if node.dominion is None:
            return "has no Home Dominion"
        return f"Home Dominion {node.dominion} (Border Sites count for both Dominions)"
    if isinstance(node, NumberCompare):
        return f"{_FIELD_NAMES[node.field]} {_OP_WORDS[node.op]} {node.value}"
    if isinstance(node, Flag):
        return _FLAG_WORDS[node.flag]
    if isinstance(node, GenderIs):
        return "has no gender" if node.gender is None else f"gender is {node.gender}"
    if isinstance(node, TextMatch):
        how = "starts with" if node.mode == "prefix" else "contains"
        return f"{_FIELD_NAMES[node.field]} {how} {node.value!r}"
    if isinstance(node, AffiliationIs):
        return f"an affiliation starts with {node.prefix!r}"
    raise TypeError(f"not a search node: {node!r}")


def describe(node: Node) -> str:
    """The description of one node; nested groups are bracketed so the reading is exact."""
    if isinstance(node, And):
        return " and ".join(_bracketed(item, Or) for item in node.items)
    if isinstance(node, Or):
        return " or ".join(_bracketed(item, And) for item in node.items)
    if isinstance(node, Not):
        return f"not ({describe(node.item)})"
    return _leaf(node)


def _bracketed(node: Node, kind: type) -> str:
    text = describe(node)
    return f"({text})" if isinstance(node, kind) else text


def explain(query: str | Query) -> str:
    """A sentence saying which cards ``query`` finds, e.g. ``"cards where Prime is at most 3"``.

    Raises :class:`~card_db.search.errors.SearchSyntaxError` for a query that does not
    parse.
    """
    parsed = parse(query) if isinstance(query, str) else query
    if parsed.root is None:
        return "every card"
    return f"cards where {describe(parsed.root)}"
