"""Running a query on a plain :mod:`sqlite3` connection.

The parsed query is compiled by :mod:`card_db.search.compiler` to SQLite text with
``?`` placeholders; neither SQLAlchemy nor SQLModel is imported, which keeps
``deckbuilder cards search`` start-up small.
"""

from __future__ import annotations

import sqlite3

from card_db.search.compiler import build_select
from card_db.search.nodes import Query
from card_db.search.parser import parse


def compile_query(
    query: str | Query, limit: int | None = None, order_by: str = "name"
) -> tuple[str, list]:
    """The SQL text and positional parameters selecting the ids of the matching cards.

    Raises :class:`~card_db.search.errors.SearchSyntaxError` for a query that does not
    parse, ``ValueError`` for an unknown ``order_by`` or a negative ``limit``.
    """
    parsed = parse(query) if isinstance(query, str) else query
    sql = build_select(parsed, limit, order_by)
    return sql.text, list(sql.params)


def search_card_ids(
    conn: sqlite3.Connection,
    query: str | Query,
    limit: int | None = None,
    order_by: str = "name",
) -> list[int]:
    """Ids of the cards matching ``query`` (text or parsed), in ``order_by`` order.

    ``conn`` is a connection on a database at the current migration. An empty query
    matches every card. ``limit`` caps the number of ids (``None``: all). ``order_by``
    is one of ``name``, ``type``, ``dominion``, ``prime``, ``magic``, ``strength``,
    ``resistance``, ``limit``, ``set``, ``rarity``, ``id``, with a leading ``-`` for
    descending. Raises :class:`~card_db.search.errors.SearchSyntaxError` for a query
    that does not parse and ``ValueError`` for a bad ``order_by`` or ``limit``.
    """
    sql, params = compile_query(query, limit, order_by)
    return [row[0] for row in conn.execute(sql, params)]
