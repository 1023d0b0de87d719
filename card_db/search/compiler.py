"""Compiling a parsed query to parameterised SQL with SQLAlchemy Core.

Every value from the query becomes a bound parameter; the SQL text depends only on
the query's shape. Free text becomes an FTS5 ``MATCH`` on ``card_fts`` whose argument
is one FTS5 string token (the user's text inside double quotes, quotes doubled), and
text keys use ``LIKE`` with the user's ``%``, ``_`` and escape character escaped, so no
user text is ever read as FTS5 or ``LIKE`` syntax either. Like SQLite's ``LIKE``, text
keys ignore case for ASCII letters only.

Sorting: when the condition reads only ``card.id`` (free text, affiliations, copies
owned) the name sort comes from the ``ix_card_name`` index, which holds every id; when
it reads other card columns the statement sorts with ``ORDER BY +name`` (SQLite's way
to keep an index from being used for the sort), because walking the name index and
fetching each row costs several times more than scanning the table and sorting the
matches (about 50 ms against 6 ms for ``prime<=3`` on 50,000 cards).
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from sqlalchemy import and_, func, not_, or_, select
from sqlalchemy.dialects import sqlite
from sqlalchemy.sql import ColumnElement, Select
from sqlalchemy.sql.elements import UnaryExpression
from sqlalchemy.sql.operators import custom_op

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
from card_db.search.tables import affiliation as affiliation_table
from card_db.search.tables import card, card_affiliation, card_fts, collection_entry

_OPS: dict[str, Callable] = {
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}

#: ``order_by`` names accepted by :func:`build_select` (prefix ``-`` for descending).
ORDERS = {
    "name": card.c.name,
    "type": card.c.card_type,
    "dominion": card.c.dominion,
    "prime": card.c.prime,
    "magic": card.c.magic,
    "strength": card.c.strength,
    "resistance": card.c.resistance,
    "limit": card.c.deck_limit,
    "set": card.c.set_name,
    "rarity": card.c.rarity,
    "id": card.c.id,
}

_DIALECT = sqlite.dialect()

#: Top-level ``-word`` terms compiled as anti-joins; the rest use ``NOT IN``.
MAX_ANTI_JOINS = 8


def fts_string(node: FreeText) -> str:
    """The FTS5 query for a free-text node: ``"word"*`` (prefix) or ``"a phrase"``."""
    quoted = '"' + node.text.replace('"', '""') + '"'
    return quoted if node.phrase else quoted + "*"


def _number(node: NumberCompare) -> ColumnElement:
    compare = _OPS[node.op]
    if node.field == "owned":
        total = func.sum(collection_entry.c.quantity)
        owners = select(collection_entry.c.card_id).group_by(collection_entry.c.card_id)
        if compare(0, node.value):  # cards with no copies at all satisfy the test
            return card.c.id.not_in(owners.having(not_(compare(total, node.value))))
        return card.c.id.in_(owners.having(compare(total, node.value)))
    column = card.c[node.field]
    return and_(column.is_not(None), compare(column, node.value))


def _flag(name: str) -> ColumnElement:
    if name == "unique":
        return card.c.is_unique != 0
    if name == "permanent":
        return card.c.permanent != 0
    if name == "instant":
        return card.c.permanent == 0
    if name == "border":
        return and_(
            card.c.card_type == "Site",
            card.c.dominion.is_not(None),
            card.c.border_dominion.is_not(None),
        )
    if name == "estimated":
        return card.c.estimated.not_in(["", "[]"])
    raise ValueError(f"unknown flag {name!r}")


def _dominion(dominion: int | None) -> ColumnElement:
    if dominion is None:
        return and_(card.c.dominion.is_(None), card.c.border_dominion.is_(None))
    return or_(
        and_(card.c.dominion.is_not(None), card.c.dominion == dominion),
        and_(card.c.border_dominion.is_not(None), card.c.border_dominion == dominion),
    )


def _text(node: TextMatch) -> ColumnElement:
    column = card.c[node.field]
    if node.mode == "prefix":
        return column.startswith(node.value, autoescape=True)
    return column.contains(node.value, autoescape=True)


def _affiliation(prefix: str) -> ColumnElement:
    named = select(affiliation_table.c.id).where(
        affiliation_table.c.name.startswith(prefix, autoescape=True)
    )
    holders = select(card_affiliation.c.card_id).where(card_affiliation.c.affiliation_id.in_(named))
    return card.c.id.in_(holders)


def reads_card_row(node: Node) -> bool:
    """True if ``node``'s condition reads a ``card`` column other than ``id``."""
    if isinstance(node, And | Or):
        return any(reads_card_row(item) for item in node.items)
    if isinstance(node, Not):
        return reads_card_row(node.item)
    if isinstance(node, NumberCompare):
        return node.field != "owned"
    return not isinstance(node, FreeText | AffiliationIs)


def condition(node: Node) -> ColumnElement:
    """The SQL condition on ``card`` for ``node``; true or false for every row, never NULL."""
    if isinstance(node, And):
        return and_(*(condition(item) for item in node.items))
    if isinstance(node, Or):
        return or_(*(condition(item) for item in node.items))
    if isinstance(node, Not):
        return not_(condition(node.item))
    if isinstance(node, FreeText):
        matches = select(card_fts.c.rowid).where(card_fts.c.card_fts.match(fts_string(node)))
        return card.c.id.in_(matches)
    if isinstance(node, CardTypeIs):
        return card.c.card_type.in_(node.types)
    if isinstance(node, DominionIs):
        return _dominion(node.dominion)
    if isinstance(node, NumberCompare):
        return _number(node)
    if isinstance(node, Flag):
        return _flag(node.flag)
    if isinstance(node, GenderIs):
        if node.gender is None:
            return card.c.gender.is_(None)
        return and_(card.c.gender.is_not(None), card.c.gender == node.gender)
    if isinstance(node, TextMatch):
        return _text(node)
    if isinstance(node, AffiliationIs):
        return _affiliation(node.prefix)
    raise TypeError(f"not a search node: {node!r}")


def build_select(query: Query, limit: int | None = None, order_by: str = "name") -> Select:
    """``SELECT card.id`` for the cards matching ``query``, sorted, at most ``limit`` rows.

    ``order_by`` is a key of :data:`ORDERS`, optionally prefixed with ``-`` for
    descending; cards without the value sort last, ties go by name then id. Raises
    ``ValueError`` for an unknown ``order_by`` or a negative ``limit``.
    """
    descending = order_by.startswith("-")
    key = order_by[1:] if descending else order_by
    if key not in ORDERS:
        raise ValueError(f"unknown order {order_by!r}; expected one of {', '.join(ORDERS)}")
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be 0 or more, not {limit}")
    sort_column = ORDERS[key]
    if key == "name" and query.root is not None and reads_card_row(query.root):
        sort_column = UnaryExpression(sort_column, operator=custom_op("+"))
    first = sort_column.desc() if descending else sort_column.asc()
    ordering = [first if key in ("name", "id") else first.nulls_last()]
    ordering += [column for column in (card.c.name, card.c.id) if column is not ORDERS[key]]
    stmt = _filtered(query.root).order_by(*ordering)
    return stmt.limit(limit) if limit is not None else stmt


def _is_negated_text(node: Node) -> bool:
    return isinstance(node, Not) and isinstance(node.item, FreeText)


def _filtered(root: Node | None) -> Select:
    """``SELECT card.id`` with the condition of ``root`` (every card for ``None``).

    A top-level ``-word`` becomes an anti-join (``LEFT JOIN`` the FTS matches, keep the
    rows without one) rather than ``NOT IN``: on 50,000 cards SQLite probes the join's
    automatic index in about half the time, and such queries return most of the
    catalogue, so that time counts. Only the first :data:`MAX_ANTI_JOINS` are joined
    (SQLite allows 64 tables in a join); later ones use ``NOT IN``.
    """
    stmt = select(card.c.id)
    if root is None:
        return stmt
    items = root.items if isinstance(root, And) else (root,)
    source = card
    conditions = []
    joins = 0
    for number, item in enumerate(items):
        if not _is_negated_text(item) or joins == MAX_ANTI_JOINS:
            conditions.append(condition(item))
            continue
        matches = (
            select(card_fts.c.rowid.label("card_id"))
            .where(card_fts.c.card_fts.match(fts_string(item.item)))
            .subquery(f"excluded_{number}")
        )
        source = source.outerjoin(matches, matches.c.card_id == card.c.id)
        joins += 1
        conditions.append(matches.c.card_id.is_(None))
    return stmt.select_from(source).where(and_(*conditions))


def to_sql(stmt: Select) -> tuple[str, list]:
    """The SQLite text (``?`` placeholders) and the positional parameters of ``stmt``."""
    compiled = stmt.compile(dialect=_DIALECT, compile_kwargs={"render_postcompile": True})
    return str(compiled), [compiled.params[name] for name in compiled.positiontup]
