"""The tables and columns the search reads, as plain names: the compiler's whitelist.

The search builds its SQL text from these names only (user values are always bound
parameters), so they are kept here, apart from :mod:`card_db.models`, whose import
(SQLModel, SQLAlchemy) would cost a third of a second of ``deckbuilder cards search``.
They must match the tables created by the migrations in ``card_db/migrations/versions``
(``tests/test_search_results.py`` checks that).
"""

from __future__ import annotations

#: Table name -> the columns the search reads from it.
TABLES: dict[str, tuple[str, ...]] = {
    "card": (
        "id",
        "name",
        "card_type",
        "permanent",
        "dominion",
        "border_dominion",
        "is_unique",
        "gender",
        "magic",
        "strength",
        "prime",
        "resistance",
        "deck_limit",
        "set_name",
        "rarity",
        "source",
        "estimated",
    ),
    "affiliation": ("id", "name"),
    "card_affiliation": ("card_id", "affiliation_id"),
    "collection_entry": ("card_id", "quantity"),
}

#: The FTS5 index over name, traits, powers and flavour text; ``MATCH`` is applied to
#: the hidden column named like the table, and ``rowid`` is the card's id.
FTS_TABLE = "card_fts"

CARD_COLUMNS = frozenset(TABLES["card"])

#: The unique index on ``card.name`` (it holds every card id, in name order).
NAME_INDEX = "ix_card_name"
#: The index on ``card.name`` then every other column above (migration 0003), so a walk
#: in name order can test any search condition without reading the table.
SEARCH_INDEX = "ix_card_search"


def card_column(name: str) -> str:
    """``card.<name>`` for a column the search may read; ``ValueError`` for any other name."""
    if name not in CARD_COLUMNS:
        raise ValueError(f"the search does not read card column {name!r}")
    return f"card.{name}"
