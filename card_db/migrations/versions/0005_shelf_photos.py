"""shelf photos: the user's photos of a copy of a game

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 23:30:00

``shelf_photo`` records each photo imported for a copy (``shelf_copy``): the
normalised image's ``path`` relative to the image cache folder (thumbnails beside it,
as for card scans), the name of the file it came from and its size in pixels.
Deleting a copy deletes its photo rows. Issue 14, section 2. Plain table operations
only, so the migration runs on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shelf_photo",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("copy_id", sa.Integer(), nullable=False),
        sa.Column("path", sa.String(), nullable=False),
        sa.Column("original_name", sa.String(), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("added", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["copy_id"], ["shelf_copy.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_shelf_photo_copy_id", "shelf_photo", ["copy_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_shelf_photo_copy_id", table_name="shelf_photo")
    op.drop_table("shelf_photo")
