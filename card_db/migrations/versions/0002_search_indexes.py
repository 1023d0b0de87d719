"""indexes for the search language

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 02:00:00

Indexes on the characteristics the search language compares (``prime<=3``,
``magic>=4``, ``str>6``, ``res<=8``, ``limit<=2``) and on the affiliation side of
``card_affiliation`` (``aff:maestro``), measured with ``benchmarks/bench_search.py``
on a generated 50,000-card catalogue. Cards without the characteristic (NULL) are
skipped by these range scans, which is what the search language wants.
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

CARD_INDEXES = {
    "ix_card_magic": "magic",
    "ix_card_strength": "strength",
    "ix_card_prime": "prime",
    "ix_card_resistance": "resistance",
    "ix_card_deck_limit": "deck_limit",
}
AFFILIATION_INDEX = "ix_card_affiliation_affiliation_id"


def upgrade() -> None:
    with op.batch_alter_table("card", schema=None) as batch_op:
        for name, column in CARD_INDEXES.items():
            batch_op.create_index(name, [column], unique=False)
    with op.batch_alter_table("card_affiliation", schema=None) as batch_op:
        batch_op.create_index(AFFILIATION_INDEX, ["affiliation_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("card_affiliation", schema=None) as batch_op:
        batch_op.drop_index(AFFILIATION_INDEX)
    with op.batch_alter_table("card", schema=None) as batch_op:
        for name in CARD_INDEXES:
            batch_op.drop_index(name)
