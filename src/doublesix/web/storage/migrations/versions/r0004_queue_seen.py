"""Quick match's places seen: when each place's person last asked how it goes.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-04

One new column of the queue (:mod:`doublesix.web.storage.queue`), ``seen``: a waiting place
not seen for ``quick_match_gone_after`` seconds is given up.  The places there already are
seen at the upgrade: whoever still waits keeps their place by asking again, as they do every
few seconds.  Nothing else changes.
"""

from __future__ import annotations

import datetime

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the queue's ``seen``, filled with the time of the upgrade (UTC, as stored)."""
    with op.batch_alter_table("doublesix_queue") as batch:
        batch.add_column(sa.Column("seen", sa.DateTime(), nullable=True))
    now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    op.execute(sa.text("UPDATE doublesix_queue SET seen = :now").bindparams(
        sa.bindparam("now", now, type_=sa.DateTime())))
    with op.batch_alter_table("doublesix_queue") as batch:
        batch.alter_column("seen", existing_type=sa.DateTime(), nullable=False)


def downgrade() -> None:
    """Remove the queue's ``seen``."""
    with op.batch_alter_table("doublesix_queue") as batch:
        batch.drop_column("seen")
