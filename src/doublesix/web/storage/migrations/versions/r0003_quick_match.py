"""Quick match's queue.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-04

One new table (:mod:`doublesix.web.storage.queue`): the people waiting for a game of a kind,
and the seat each was given.  Nothing that was there changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Make the queue's table."""
    op.create_table(
        "doublesix_queue",
        sa.Column("ticket", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("entered", sa.DateTime(), nullable=False),
        sa.Column("game_id", sa.String(40), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("token", sa.String(64), nullable=True),
        sa.Column("computers", sa.String(200), nullable=False),
        sa.Index("ix_doublesix_queue_owner", "owner"),
        sa.Index("ix_doublesix_queue_kind", "kind"),
    )


def downgrade() -> None:
    """Remove the queue."""
    op.drop_table("doublesix_queue")
