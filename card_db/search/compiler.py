"""Compiling a parsed query to SQL text with ``?`` parameters, for SQLite or PostgreSQL.

The SQL text is built from fixed fragments and from the names in
:mod:`card_db.search.tables` only; every value from the query is a bound parameter,
so the text depends only on the query's shape. Free text becomes an FTS5 ``MATCH`` on
``card_fts`` whose argument is one FTS5 string token (the user's text inside double
quotes, quotes doubled), and text keys use ``LIKE`` with the user's ``%``, ``_`` and
escape character escaped, so no user text is ever read as FTS5 or ``LIKE`` syntax
either. Like SQLite's ``LIKE``, text keys ignore case for ASCII letters only.

No SQLAlchemy here: importing it cost ``deckbuilder cards search`` about 0.2 s.

PostgreSQL (``dialect="postgresql"``) gets the same language with the same results:
free text is matched in ``card_fts.words``, each column's words folded as
:func:`fold_words` does (lower case, accents of Latin-1 letters removed, anything but
``a-z0-9`` separating words, as SQLite's ``unicode61`` tokenizer does for such text)
and the columns kept apart by ``|``; ``word`` is ``LIKE '% word%'``, a phrase
``LIKE '% its words %'``. Text keys use ``ILIKE`` (SQLite's ``LIKE`` ignores case) and
text sorts by code point (``COLLATE "C"``, SQLite's ``BINARY``). The index hints
below are SQLite's; PostgreSQL's planner chooses its own plan.

Sorting: when the condition reads only ``card.id`` (free text, affiliations, copies
owned) the name sort comes from the ``ix_card_name`` index, which holds every id; when
it reads other card columns and every match is wanted, the statement sorts with
``ORDER BY +card.name`` (SQLite's way to keep an index from being used for the sort),
because walking the name index and fetching each row costs several times more than
scanning the table and sorting the matches. With a ``limit`` in name order (a first
screen of results) the statement walks ``ix_card_search``, an index on the name and
every column the search compares (``ix_card_name`` when the condition reads only the
id), so SQLite reads index entries in name order, tests them without touching the
table, and stops after ``limit`` matches; :mod:`card_db.search.execute` decides when
sorting a few free-text matches is quicker.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from card_db.search.nodes import (
    COMPARISON_OPS,
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
from card_db.search.tables import FTS_TABLE, NAME_INDEX, SEARCH_INDEX, card_column

#: ``order_by`` names accepted by :func:`build_select` (prefix ``-`` for descending),
#: with the ``card`` column each sorts by.
ORDERS = {
    "name": "name",
    "type": "card_type",
    "dominion": "dominion",
    "prime": "prime",
    "magic": "magic",
    "strength": "strength",
    "resistance": "resistance",
    "limit": "deck_limit",
    "set": "set_name",
    "rarity": "rarity",
    "id": "id",
}

#: Top-level ``-word`` terms compiled as anti-joins; the rest use ``NOT IN``.
MAX_ANTI_JOINS = 8

#: The escape character of every ``LIKE`` the compiler writes.
LIKE_ESCAPE = "/"

#: The engines the compiler writes for (a read connection's ``dialect``).
DIALECTS = ("sqlite", "postgresql")

#: Letters folded before free text is split into words on PostgreSQL (the function
#: ``card_fts_fold`` of migration 0001 holds the same two strings).
FOLD_FROM = "ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ"
FOLD_TO = "abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooooouuuuuuuuyyy"
_FOLD = str.maketrans(FOLD_FROM, FOLD_TO)
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Sql:
    """A piece of SQLite text and its positional parameters, in order."""

    text: str
    params: tuple = ()


def _join(separator: str, parts: list[Sql]) -> Sql:
    return Sql(
        separator.join(part.text for part in parts),
        tuple(value for part in parts for value in part.params),
    )


def fts_string(node: FreeText) -> str:
    """The FTS5 query for a free-text node: ``"word"*`` (prefix) or ``"a phrase"``."""
    quoted = '"' + node.text.replace('"', '""') + '"'
    return quoted if node.phrase else quoted + "*"


def like_escaped(value: str) -> str:
    """``value`` with ``LIKE``'s wildcards and :data:`LIKE_ESCAPE` escaped."""
    for special in (LIKE_ESCAPE, "%", "_"):
        value = value.replace(special, LIKE_ESCAPE + special)
    return value


def fold_words(text: str) -> list[str]:
    """The words of ``text`` as PostgreSQL's ``card_fts.words`` holds them (see above)."""
    return _WORD.findall(text.translate(_FOLD))


def words_pattern(node: FreeText) -> str:
    """The ``LIKE`` pattern on ``card_fts.words`` for a free-text node (``""`` matches
    nothing, as FTS5 finds nothing for text without a word)."""
    words = fold_words(node.text)
    if not words:
        return ""
    return "% " + " ".join(words) + (" %" if node.phrase else "%")


def _like(column: str, pattern: str, dialect: str = "sqlite") -> Sql:
    like = "ILIKE" if dialect == "postgresql" else "LIKE"
    return Sql(f"{column} {like} ? ESCAPE '{LIKE_ESCAPE}'", (pattern,))


def _fts_matches(node: FreeText, selected: str = "rowid", dialect: str = "sqlite") -> Sql:
    if dialect == "postgresql":
        selected = selected.replace("rowid", "card_id")
        return Sql(f"SELECT {selected} FROM {FTS_TABLE} WHERE words LIKE ?",
                   (words_pattern(node),))
    return Sql(
        f"SELECT {selected} FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ?", (fts_string(node),)
    )


def _op(op: str) -> str:
    if op not in COMPARISON_OPS:
        raise ValueError(f"unknown comparison {op!r}")
    return op


def _holds(op: str, left: int, right: int) -> bool:
    return {
        "=": left == right,
        "!=": left != right,
        "<": left < right,
        "<=": left <= right,
        ">": left > right,
        ">=": left >= right,
    }[op]


def _number(node: NumberCompare, per_card: bool) -> Sql:
    op = _op(node.op)
    if node.field == "owned" and per_card:
        total = "(SELECT sum(quantity) FROM collection_entry WHERE card_id = card.id)"
        return Sql(f"coalesce({total}, 0) {op} ?", (node.value,))
    if node.field == "owned":
        owners = "SELECT card_id FROM collection_entry GROUP BY card_id HAVING"
        if _holds(op, 0, node.value):  # cards with no copies at all satisfy the test
            text = f"card.id NOT IN ({owners} NOT (sum(quantity) {op} ?))"
        else:
            text = f"card.id IN ({owners} sum(quantity) {op} ?)"
        return Sql(text, (node.value,))
    column = card_column(node.field)
    return Sql(f"({column} IS NOT NULL AND {column} {op} ?)", (node.value,))


def _flag(name: str) -> Sql:
    if name == "unique":
        return Sql("card.is_unique")
    if name == "permanent":
        return Sql("card.permanent")
    if name == "instant":
        return Sql("(NOT card.permanent)")
    if name == "border":
        return Sql(
            "(card.card_type = ? AND card.dominion IS NOT NULL "
            "AND card.border_dominion IS NOT NULL)",
            ("Site",),
        )
    if name == "estimated":
        return Sql("card.estimated NOT IN (?, ?)", ("", "[]"))
    raise ValueError(f"unknown flag {name!r}")


def _dominion(dominion: int | None) -> Sql:
    if dominion is None:
        return Sql("(card.dominion IS NULL AND card.border_dominion IS NULL)")
    return Sql(
        "((card.dominion IS NOT NULL AND card.dominion = ?) "
        "OR (card.border_dominion IS NOT NULL AND card.border_dominion = ?))",
        (dominion, dominion),
    )


def _text(node: TextMatch, dialect: str) -> Sql:
    escaped = like_escaped(node.value)
    if node.mode == "prefix":
        return _like(card_column(node.field), escaped + "%", dialect)
    if node.mode == "contains":
        return _like(card_column(node.field), "%" + escaped + "%", dialect)
    raise ValueError(f"unknown text mode {node.mode!r}")


def _affiliation(prefix: str, per_card: bool, dialect: str) -> Sql:
    named = _like("name", like_escaped(prefix) + "%", dialect)
    if per_card:
        return Sql(
            "EXISTS (SELECT 1 FROM card_affiliation JOIN affiliation "
            "ON affiliation.id = card_affiliation.affiliation_id "
            f"WHERE card_affiliation.card_id = card.id AND affiliation.{named.text})",
            named.params,
        )
    return Sql(
        "card.id IN (SELECT card_id FROM card_affiliation WHERE affiliation_id IN "
        f"(SELECT id FROM affiliation WHERE {named.text}))",
        named.params,
    )


def _card_types(types: tuple[str, ...]) -> Sql:
    if not types:
        return Sql("(1 = 0)")
    return Sql(f"card.card_type IN ({', '.join('?' * len(types))})", tuple(types))


def _gender(gender: str | None) -> Sql:
    if gender is None:
        return Sql("card.gender IS NULL")
    return Sql("(card.gender IS NOT NULL AND card.gender = ?)", (gender,))


def reads_card_row(node: Node) -> bool:
    """True if ``node``'s condition reads a ``card`` column other than ``id``."""
    if isinstance(node, And | Or):
        return any(reads_card_row(item) for item in node.items)
    if isinstance(node, Not):
        return reads_card_row(node.item)
    if isinstance(node, NumberCompare):
        return node.field != "owned"
    return not isinstance(node, FreeText | AffiliationIs)


def condition(node: Node, per_card: bool = False, dialect: str = "sqlite") -> Sql:
    """The SQL condition on ``card`` for ``node``; true or false for every row, never NULL.

    ``dialect`` is one of :data:`DIALECTS`.

    ``per_card``: affiliations and copies owned are looked up for each card tested
    (cheap when a walk stops after a screenful) rather than listed once for all cards
    (cheap when every card is tested). Raises ``TypeError`` for anything but a search
    node and ``ValueError`` for a node naming a column, comparison, flag or text mode
    the search does not know.
    """
    if isinstance(node, And | Or):
        items = [condition(item, per_card, dialect) for item in node.items]
        joined = _join(f" {type(node).__name__.upper()} ", items)
        return Sql(f"({joined.text})", joined.params)
    if isinstance(node, Not):
        inner = condition(node.item, per_card, dialect)
        return Sql(f"(NOT {inner.text})", inner.params)
    if isinstance(node, FreeText):
        matches = _fts_matches(node, dialect=dialect)
        return Sql(f"card.id IN ({matches.text})", matches.params)
    if isinstance(node, CardTypeIs):
        return _card_types(node.types)
    if isinstance(node, DominionIs):
        return _dominion(node.dominion)
    if isinstance(node, NumberCompare):
        return _number(node, per_card)
    if isinstance(node, Flag):
        return _flag(node.flag)
    if isinstance(node, GenderIs):
        return _gender(node.gender)
    if isinstance(node, TextMatch):
        return _text(node, dialect)
    if isinstance(node, AffiliationIs):
        return _affiliation(node.prefix, per_card, dialect)
    raise TypeError(f"not a search node: {node!r}")


def _ordering(query: Query, order_by: str, walk: bool, dialect: str) -> str:
    descending = order_by.startswith("-")
    key = order_by[1:] if descending else order_by
    if key not in ORDERS:
        raise ValueError(f"unknown order {order_by!r}; expected one of {', '.join(ORDERS)}")
    column = card_column(ORDERS[key])
    first = column
    reads_row = query.root is not None and reads_card_row(query.root)
    if dialect == "postgresql":
        first = _by_code_point(column)
    elif key == "name" and reads_row and not walk:
        first = "+" + column
    first += " DESC" if descending else " ASC"
    if key not in ("name", "id"):
        first += " NULLS LAST"
    ties = [c for c in ("card.name", "card.id") if c != column]
    if dialect == "postgresql":
        ties = [_by_code_point(c) for c in ties]
    return ", ".join([first, *ties])


_TEXT_ORDERS = frozenset(card_column(ORDERS[k]) for k in ("name", "type", "set", "rarity"))


def _by_code_point(column: str) -> str:
    return f'{column} COLLATE "C"' if column in _TEXT_ORDERS else column


def _is_negated_text(node: Node) -> bool:
    return isinstance(node, Not) and isinstance(node.item, FreeText)


def _card_source(query: Query, walk: bool, dialect: str) -> str:
    """``card``, or when ``walk``-ing in name order ``card`` read through an index.

    Walking an index in name order and stopping after ``limit`` matches costs about
    ``limit / share of matching cards`` index entries, whatever the catalogue's size,
    where scanning and sorting costs the whole table. ``INDEXED BY`` makes SQLite walk
    it even without table statistics (``ANALYZE``), which it otherwise lacks.
    """
    if not walk or dialect != "sqlite":
        return "card"
    reads_row = query.root is not None and reads_card_row(query.root)
    return f"card INDEXED BY {SEARCH_INDEX if reads_row else NAME_INDEX}"


def _filtered(
    root: Node | None, source: str = "card", walk: bool = False, dialect: str = "sqlite"
) -> Sql:
    """``FROM ... WHERE ...`` with the condition of ``root`` (every card for ``None``).

    A top-level ``-word`` becomes an anti-join (``LEFT JOIN`` the FTS matches, keep the
    rows without one) rather than ``NOT IN``: on 50,000 cards SQLite probes the join's
    automatic index in about half the time, and such queries return most of the
    catalogue, so that time counts. Only the first :data:`MAX_ANTI_JOINS` are joined
    (SQLite allows 64 tables in a join); later ones use ``NOT IN``. A ``walk`` through
    the name order stops after a screenful, so it uses ``NOT IN`` throughout (half the
    time of the join there) and per-card conditions (see :func:`condition`).
    """
    if root is None:
        return Sql(f"FROM {source}")
    items = root.items if isinstance(root, And) else (root,)
    joins: list[Sql] = []
    conditions: list[Sql] = []
    for number, item in enumerate(items):
        if walk or not _is_negated_text(item) or len(joins) == MAX_ANTI_JOINS:
            conditions.append(condition(item, walk, dialect))
            continue
        name = f"excluded_{number}"
        matches = _fts_matches(item.item, "rowid AS card_id", dialect)
        joins.append(
            Sql(
                f"LEFT OUTER JOIN ({matches.text}) "
                f"AS {name} ON {name}.card_id = card.id",
                matches.params,
            )
        )
        conditions.append(Sql(f"{name}.card_id IS NULL"))
    tables = _join(" ", [Sql(f"FROM {source}"), *joins])
    where = _join(" AND ", conditions)
    return Sql(f"{tables.text} WHERE {where.text}", tables.params + where.params)


def can_walk(limit: int | None, order_by: str) -> bool:
    """True if :func:`build_select` may walk the name order (a ``limit`` in name order)."""
    return limit is not None and order_by.lstrip("-") == "name"


def build_select(
    query: Query,
    limit: int | None = None,
    order_by: str = "name",
    walk: bool = True,
    dialect: str = "sqlite",
) -> Sql:
    """``SELECT card.id`` for the cards matching ``query``, sorted, at most ``limit`` rows.

    ``order_by`` is a key of :data:`ORDERS`, optionally prefixed with ``-`` for
    descending; cards without the value sort last, ties go by name then id. ``walk``
    (used only when :func:`can_walk`): walk the cards in name order and stop after
    ``limit`` matches; ``False`` finds every match and sorts them, which is quicker
    when the matches are few. Both give the same ids. ``dialect`` is one of
    :data:`DIALECTS`. Raises ``ValueError`` for an unknown ``order_by``, a negative
    ``limit`` or an unknown ``dialect``.
    """
    if dialect not in DIALECTS:
        raise ValueError(f"unknown SQL dialect {dialect!r}; expected one of {DIALECTS}")
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be 0 or more, not {limit}")
    walk = walk and can_walk(limit, order_by)
    ordering = _ordering(query, order_by, walk, dialect)
    filtered = _filtered(query.root, _card_source(query, walk, dialect), walk, dialect)
    text = f"SELECT card.id {filtered.text} ORDER BY {ordering}"
    if limit is None:
        return Sql(text, filtered.params)
    return Sql(text + " LIMIT ?", (*filtered.params, int(limit)))
