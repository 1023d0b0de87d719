"""Lightweight SQLAlchemy Core mirrors of the columns the search reads.

These are plain :func:`sqlalchemy.table`/:func:`sqlalchemy.column` objects rather than
:mod:`card_db.models`, because importing SQLModel would cost a third of a second and
``deckbuilder cards search`` must answer in under half a second. They must match
the tables created by the migrations in ``card_db/migrations/versions``.
"""

from __future__ import annotations

from sqlalchemy import column, table

card = table(
    "card",
    column("id"),
    column("name"),
    column("card_type"),
    column("permanent"),
    column("dominion"),
    column("border_dominion"),
    column("is_unique"),
    column("gender"),
    column("magic"),
    column("strength"),
    column("prime"),
    column("resistance"),
    column("deck_limit"),
    column("set_name"),
    column("rarity"),
    column("source"),
    column("estimated"),
)

#: The FTS5 index over name, traits, powers and flavour text; the hidden column named
#: like the table is the one ``MATCH`` is applied to.
card_fts = table("card_fts", column("rowid"), column("card_fts"))

affiliation = table("affiliation", column("id"), column("name"))
card_affiliation = table("card_affiliation", column("card_id"), column("affiliation_id"))
collection_entry = table("collection_entry", column("card_id"), column("quantity"))
