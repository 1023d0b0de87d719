"""The search language for the card catalogue, in the spirit of Scryfall's syntax.

``t:site d:3``, ``prime<=3 -is:unique``, ``(aff:maestro or aff:vassal) str>6``,
``gentle``, ``"roxborough tower"``, ``owned>0``. See :mod:`card_db.search.terms` for
the keys and :mod:`card_db.search.parser` for the grammar. Source: issue "The card
database", section 5.

Public API: :func:`parse`, :class:`SearchSyntaxError`, :func:`explain`,
:func:`search_card_ids` and :func:`compile_query`. Nothing here imports SQLAlchemy
or SQLModel: queries are compiled to SQLite text and run on :mod:`sqlite3`.
"""

from __future__ import annotations

from card_db.search.errors import SearchSyntaxError
from card_db.search.execute import compile_query, search_card_ids
from card_db.search.explain import explain
from card_db.search.nodes import Query
from card_db.search.parser import parse

__all__ = ["Query", "SearchSyntaxError", "compile_query", "explain", "parse", "search_card_ids"]
