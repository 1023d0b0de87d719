"""Running a query on a read connection: plain :mod:`sqlite3`, or PostgreSQL's
(:class:`card_db.postgres.PostgresReader`, whose ``dialect`` is ``"postgresql"``).

The parsed query is compiled by :mod:`card_db.search.compiler` to SQLite text with
``?`` placeholders; neither SQLAlchemy nor SQLModel is imported, which keeps
``deckbuilder cards search`` start-up small.

A first screen in name order (a ``limit``) walks the cards in name order, unless the
query's free text caps its matches low enough that finding them through FTS5 and
sorting them is quicker: walking costs about ``limit * cards / matches`` index entries,
sorting about ``matches`` rows at several times the cost of an entry, so the cap is
``sqrt(WALK_TO_SORT * limit * cards)`` (about 5,000 matches for 200 rows among 500,000
cards, measured with ``benchmarks/bench_search.py``). The cap is checked with
``LIMIT``-ed FTS5 queries, so the check reads at most that many FTS5 rows per word.
Both plans give the same ids. On PostgreSQL the server's planner chooses (no walk).
"""

from __future__ import annotations

import math
import sqlite3

from card_db.search.compiler import build_select, can_walk, fts_string
from card_db.search.nodes import And, FreeText, Node, Or, Query
from card_db.search.parser import parse
from card_db.search.tables import FTS_TABLE

#: The cost of walking one index entry over that of sorting one match, measured.
WALK_TO_SORT = 0.3


def compile_query(
    query: str | Query, limit: int | None = None, order_by: str = "name"
) -> tuple[str, list]:
    """The SQL text and positional parameters selecting the ids of the matching cards.

    With a ``limit`` in name order this is the plan walking the name order (it needs
    no connection to choose). Raises :class:`~card_db.search.errors.SearchSyntaxError`
    for a query that does not parse, ``ValueError`` for an unknown ``order_by`` or a
    negative ``limit``.
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
    parsed = parse(query) if isinstance(query, str) else query
    dialect = getattr(conn, "dialect", "sqlite")
    if dialect != "sqlite":
        sql = build_select(parsed, limit, order_by, walk=False, dialect=dialect)
        return [row[0] for row in conn.execute(sql.text, sql.params)]
    walk = can_walk(limit, order_by) and not _few_matches(conn, parsed.root, limit or 0)
    sql = build_select(parsed, limit, order_by, walk)
    return [row[0] for row in conn.execute(sql.text, sql.params)]


def _few_matches(conn: sqlite3.Connection, root: Node | None, limit: int) -> bool:
    """True if the free text of ``root`` caps its matches below the walk's break-even."""
    cards = conn.execute("SELECT max(id) FROM card").fetchone()[0] or 0
    few = math.isqrt(int(WALK_TO_SORT * limit * cards))
    bound = _match_bound(conn, root, few + 1)
    return bound is not None and bound <= few


def _match_bound(conn: sqlite3.Connection, node: Node | None, cap: int) -> int | None:
    """An upper bound on the cards ``node`` matches, from its free text, at most ``cap``;
    ``None`` when the free text gives none."""
    if isinstance(node, FreeText):
        text = f"SELECT count(*) FROM (SELECT 1 FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? LIMIT ?)"
        return conn.execute(text, (fts_string(node), cap)).fetchone()[0]
    if isinstance(node, And):
        bounds = (_match_bound(conn, item, cap) for item in node.items)
        return min((b for b in bounds if b is not None), default=None)
    if isinstance(node, Or):
        total = 0
        for item in node.items:
            bound = _match_bound(conn, item, cap)
            if bound is None:
                return None
            total = min(cap, total + bound)
        return total
    return None
