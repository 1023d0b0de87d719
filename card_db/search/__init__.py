"""The search language for the card catalogue, in the spirit of Scryfall's syntax.

``t:site d:3``, ``prime<=3 -is:unique``, ``(aff:maestro or aff:vassal) str>6``,
``gentle``, ``"roxborough tower"``, ``owned>0``. See :mod:`card_db.search.terms` for
the keys and :mod:`card_db.search.parser` for the grammar. Source: issue "The card
database", section 5.

Public API: :func:`parse`, :class:`SearchSyntaxError`, :func:`explain` (no SQLAlchemy
import), and :func:`search_card_ids`, :func:`compile_query` (these load SQLAlchemy
Core on first use, never SQLModel).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from card_db.search.errors import SearchSyntaxError
from card_db.search.explain import explain
from card_db.search.nodes import Query
from card_db.search.parser import parse

if TYPE_CHECKING:
    from card_db.search.execute import compile_query, search_card_ids

__all__ = ["Query", "SearchSyntaxError", "compile_query", "explain", "parse", "search_card_ids"]


def __getattr__(name: str):
    if name in ("search_card_ids", "compile_query"):
        from card_db.search import execute

        return getattr(execute, name)
    raise AttributeError(f"module 'card_db.search' has no attribute {name!r}")
