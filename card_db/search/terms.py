"""The keys of the search language and how each ``key:value`` term becomes a node.

Keys (case-insensitive), after the rulebook's characteristics ("Types of Cards",
"Anatomy of Cards", "Permanents and Instants", "Border Sites and Adjacency",
"Affiliations", "Unique Cards"):

=================================  ===================================================
``t:`` / ``type:``                 card type; a prefix of the type or of one of its
                                   words (``t:ally``, ``t:combat``, ``t:maneuver``)
``d:`` / ``dom:`` / ``dominion:``  Home Dominion 1-5; ``0``, ``o`` or ``none``: none
``prime``, ``magic``/``mag``,      numbers, with ``:`` or ``=``, ``!=``, ``<``,
``strength``/``str``,              ``<=``, ``>``, ``>=``
``resistance``/``res``,
``limit``/``deck_limit``,
``owned``
``aff:`` / ``affiliation:``        an affiliation starting with the value
``is:``                            ``unique``, ``permanent``, ``instant``, ``border``,
                                   ``estimated`` (or a unique prefix of one)
``gender:`` / ``g:``               ``male``, ``female``, ``both``, ``neither``, ``none``
``r:`` / ``rarity:``               rarity starting with the value
``set:`` / ``s:``                  set name containing the value
``source:`` / ``src:``             source containing the value
``name:`` / ``n:``                 card name containing the value
=================================  ===================================================

Non-numeric keys take ``:`` or ``=``; ``!=`` negates the term.
"""

from __future__ import annotations

import re

from card_db.records import CardType
from card_db.search.errors import SearchSyntaxError
from card_db.search.nodes import (
    AffiliationIs,
    CardTypeIs,
    DominionIs,
    Flag,
    GenderIs,
    Node,
    Not,
    NumberCompare,
    TextMatch,
)
from card_db.search.tokens import Token

#: Written key -> the characteristic it searches.
KEYS = {
    "t": "type",
    "type": "type",
    "d": "dominion",
    "dom": "dominion",
    "dominion": "dominion",
    "prime": "prime",
    "magic": "magic",
    "mag": "magic",
    "strength": "strength",
    "str": "strength",
    "resistance": "resistance",
    "res": "resistance",
    "limit": "deck_limit",
    "deck_limit": "deck_limit",
    "owned": "owned",
    "aff": "affiliation",
    "affiliation": "affiliation",
    "is": "is",
    "gender": "gender",
    "g": "gender",
    "r": "rarity",
    "rarity": "rarity",
    "set": "set_name",
    "s": "set_name",
    "source": "source",
    "src": "source",
    "name": "name",
    "n": "name",
}
NUMERIC_FIELDS = frozenset({"prime", "magic", "strength", "resistance", "deck_limit", "owned"})
KEY_LIST = "t, d, prime, magic, str, res, limit, owned, aff, is, gender, r, set, source, name"

CARD_TYPES = tuple(t.value for t in CardType)
TYPE_ALIASES = {"aa": ("Ally Action",), "cm": ("Combat Maneuver",), "im": ("Influence Maneuver",)}
FLAGS = ("unique", "permanent", "instant", "border", "estimated")
GENDERS = ("male", "female", "both", "neither", "none")
DOMINION_WORDS = {"0": None, "o": None, "none": None, **{str(d): d for d in range(1, 6)}}
TEXT_MODES = {"rarity": "prefix", "set_name": "contains", "source": "contains", "name": "contains"}
MAX_NUMBER = 999_999_999

_NUMBER = re.compile(r"-?[0-9]+", re.ASCII)


def _compact(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def card_types_for(value: str) -> tuple[str, ...]:
    """Card types a ``t:`` value names, in rulebook order; empty if none.

    The value (case, spaces and punctuation ignored) may be an alias (``aa``, ``cm``,
    ``im``) or a prefix of a type name or of one of its words; a plural ``s``/``es``
    is dropped if nothing else matches (``t:sites``, ``t:flashes``).
    """
    wanted = _compact(value)
    if not wanted:
        return ()
    if wanted in TYPE_ALIASES:
        return TYPE_ALIASES[wanted]
    candidates = [wanted]
    if wanted.endswith("s"):
        candidates.append(wanted[:-1])
    if wanted.endswith("es"):
        candidates.append(wanted[:-2])
    for candidate in filter(None, candidates):
        found = tuple(
            t
            for t in CARD_TYPES
            if _compact(t).startswith(candidate)
            or any(_compact(word).startswith(candidate) for word in t.split())
        )
        if found:
            return found
    return ()


def _choose(value: str, options: tuple[str, ...]) -> str | None:
    """The option equal to ``value`` or the only one it is a prefix of (case-insensitive)."""
    folded = value.strip().casefold()
    if folded in options:
        return folded
    found = [o for o in options if folded and o.startswith(folded)]
    return found[0] if len(found) == 1 else None


def _number(token: Token, written: str) -> int:
    after = f"'{written}{token.op}'"
    if not _NUMBER.fullmatch(token.value):
        raise SearchSyntaxError(token.value_start, f"a number after {after}")
    value = int(token.value)
    if abs(value) > MAX_NUMBER:
        raise SearchSyntaxError(
            token.value_start, f"a number from -{MAX_NUMBER} to {MAX_NUMBER} after {after}"
        )
    return value


def _leaf(token: Token, field: str, written: str) -> Node:
    span = {"start": token.start, "end": token.end}
    value = token.value
    after = f"'{written}{token.op}'"
    if field in NUMERIC_FIELDS:
        op = "=" if token.op == ":" else token.op
        return NumberCompare(field, op, _number(token, written), **span)
    if not value.strip():
        raise SearchSyntaxError(token.value_start, f"a value after {after}")
    if field == "type":
        types = card_types_for(value)
        if not types:
            raise SearchSyntaxError(
                token.value_start,
                f"a card type ({', '.join(CARD_TYPES)})",
                f"unknown card type {value!r}; expected one of {', '.join(CARD_TYPES)}",
            )
        return CardTypeIs(types, **span)
    if field == "dominion":
        folded = value.strip().casefold()
        if folded not in DOMINION_WORDS:
            raise SearchSyntaxError(
                token.value_start, f"a Dominion 1-5, or 0 or 'none' for no Dominion, after {after}"
            )
        return DominionIs(DOMINION_WORDS[folded], **span)
    if field == "is":
        flag = _choose(value, FLAGS)
        if flag is None:
            raise SearchSyntaxError(
                token.value_start,
                f"one of {', '.join(FLAGS)} after {after}",
                f"unknown is: value {value!r}; expected one of {', '.join(FLAGS)}",
            )
        return Flag(flag, **span)
    if field == "gender":
        gender = _choose(value, GENDERS)
        if gender is None:
            raise SearchSyntaxError(token.value_start, f"one of {', '.join(GENDERS)} after {after}")
        return GenderIs(None if gender == "none" else gender, **span)
    if field == "affiliation":
        return AffiliationIs(value.strip(), **span)
    return TextMatch(field, value.strip(), TEXT_MODES[field], **span)


def term_node(token: Token) -> Node:
    """The node for a ``term`` token; raises :class:`SearchSyntaxError` on a bad key or value.

    Error positions point at the key (unknown key), the operator (an operator the key
    does not take) or the value (a value that does not fit).
    """
    field = KEYS.get(token.key.casefold())
    if field is None:
        raise SearchSyntaxError(
            token.start,
            f"a search key ({KEY_LIST})",
            f"unknown search key {token.key!r}; expected one of {KEY_LIST}",
        )
    written = token.key
    if field not in NUMERIC_FIELDS and token.op not in (":", "=", "!="):
        raise SearchSyntaxError(
            token.start + len(token.key), f"':' after '{written}' (it is not a number)"
        )
    node = _leaf(token, field, written)
    if token.op == "!=" and field not in NUMERIC_FIELDS:
        return Not(node, start=token.start, end=token.end)
    return node
