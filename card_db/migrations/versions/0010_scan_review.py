"""scan review: batches of scanned cards, their groups and crops (branch i21-scan)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-29 01:30:00

``scan_batch`` is one import of images (``deckbuilder scan import``, the Scan screen)
with the location and condition its accepted copies get; ``scan_group`` the crops that
show one printed card, pending review, with the fields read and the catalogue match;
``scan_crop`` each card found in an image. Issue 21. Plain table operations only, so
the migration runs on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "scan_batch",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("location", sa.String(), nullable=False),
        sa.Column("condition", sa.String(), nullable=False),
        sa.Column("images", sa.Integer(), nullable=False),
        sa.Column("cancelled", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "scan_group",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("batch_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("copies", sa.Integer(), nullable=False),
        sa.Column("name_read", sa.String(), nullable=False),
        sa.Column("name_confidence", sa.Float(), nullable=False),
        sa.Column("fields", sa.String(), nullable=False),
        sa.Column("match_name", sa.String(), nullable=False),
        sa.Column("match_score", sa.Float(), nullable=False),
        sa.Column("best_crop", sa.String(), nullable=False),
        sa.Column("hashes", sa.String(), nullable=False),
        sa.Column("card_id", sa.Integer(), nullable=True),
        sa.Column("decided", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["batch_id"], ["scan_batch.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["card_id"], ["card.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_scan_group_batch_id", "scan_group", ["batch_id"])
    op.create_index("ix_scan_group_status", "scan_group", ["status"])
    op.create_index("ix_scan_group_card_id", "scan_group", ["card_id"])
    op.create_table(
        "scan_crop",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("file", sa.String(), nullable=False),
        sa.Column("corners", sa.String(), nullable=False),
        sa.Column("path", sa.String(), nullable=False),
        sa.Column("hashes", sa.String(), nullable=False),
        sa.Column("name_read", sa.String(), nullable=False),
        sa.Column("sharpness", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["group_id"], ["scan_group.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_scan_crop_group_id", "scan_crop", ["group_id"])


def downgrade() -> None:
    op.drop_table("scan_crop")
    op.drop_table("scan_group")
    op.drop_table("scan_batch")
