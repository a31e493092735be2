"""Preferences kept by an account: how the person likes the game to look.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-04

One new column of the accounts (:mod:`doublesix.web.storage.accounts`), ``preferences``: a
small JSON record (the theme, the felt, the tile style; issue 44), empty (NULL) for every
account there already is, which then keeps what each browser chose until a choice is made.
Nothing else changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the accounts' ``preferences``, empty."""
    with op.batch_alter_table("doublesix_accounts") as batch:
        batch.add_column(sa.Column("preferences", sa.Text(), nullable=True))


def downgrade() -> None:
    """Remove the accounts' ``preferences``."""
    with op.batch_alter_table("doublesix_accounts") as batch:
        batch.drop_column("preferences")
