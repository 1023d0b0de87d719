"""covering index for the first screen of search results

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 21:20:00

``ix_card_search`` holds the name and every ``card`` column the search language
compares, in name order. A first screen of results (``search_card_ids(..., limit=200)``
in name order) walks it in order, tests each entry without reading the table row,
and stops after 200 matches, instead of scanning and sorting the whole table: on a
generated 500,000-card catalogue that took the slowest first screens from hundreds of
milliseconds to a few (``benchmarks/bench_search.py``). Issue 9, section 5.
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

INDEX = "ix_card_search"
#: Frozen copy of the index on ``card_db.models.Card`` (tests/test_database.py checks they agree).
COLUMNS = [
    "name",
    "card_type",
    "dominion",
    "border_dominion",
    "permanent",
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
]


def upgrade() -> None:
    with op.batch_alter_table("card", schema=None) as batch_op:
        batch_op.create_index(INDEX, COLUMNS, unique=False)


def downgrade() -> None:
    with op.batch_alter_table("card", schema=None) as batch_op:
        batch_op.drop_index(INDEX)
