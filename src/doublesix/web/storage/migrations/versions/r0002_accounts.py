"""Accounts: a name and a password that keep a person's games and rating on every device.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-04

Four new tables (:mod:`doublesix.web.storage.accounts`): the accounts, their sessions, the
browsers whose history joined an account, and the names of deleted accounts held for a while.
Nothing that was there changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Make the accounts' tables."""
    op.create_table(
        "doublesix_accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("look", sa.String(200), nullable=False),
        sa.Column("password", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("look"),
    )
    op.create_table(
        "doublesix_sessions",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("account", sa.String(32), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Index("ix_doublesix_sessions_account", "account"),
    )
    op.create_table(
        "doublesix_account_browsers",
        sa.Column("browser", sa.String(64), primary_key=True),
        sa.Column("account", sa.String(32), nullable=False),
        sa.Column("joined", sa.DateTime(), nullable=False),
        sa.Index("ix_doublesix_account_browsers_account", "account"),
    )
    op.create_table(
        "doublesix_held_names",
        sa.Column("look", sa.String(200), primary_key=True),
        sa.Column("until", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    """Remove the accounts' tables (and every account with them)."""
    for name in ("doublesix_held_names", "doublesix_account_browsers", "doublesix_sessions",
                 "doublesix_accounts"):
        op.drop_table(name)
