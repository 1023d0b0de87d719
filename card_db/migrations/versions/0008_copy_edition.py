"""shelf copies say which edition of the game they are

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-29 01:00:00

A game may be printed in several editions with different parts lists (issue 25,
section 4: Imperial Twing's prototype and retail boxes; see
:class:`card_db.games.model.Edition`). ``shelf_copy.edition`` names the edition of a
copy (``""``: the edition the game file's own parts list describes, as every copy
recorded before this revision is). A plain column add, for SQLite and PostgreSQL.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("shelf_copy") as batch:
        batch.add_column(sa.Column("edition", sa.String(), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("shelf_copy") as batch:
        batch.drop_column("edition")
