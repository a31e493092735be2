"""Games the coach helped in: casual, like a game with moves taken back.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-05

One new column of the games (:mod:`doublesix.web.storage.store`), ``coached``: whether the coach
spoke in the game while it went on, which makes it casual (issue 44; it moves no rating,
:func:`doublesix.ai.ratings.casual`).  False for every game there already is: the coach did not
make a game casual before.  Nothing else changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the games' ``coached``, false."""
    with op.batch_alter_table("doublesix_games") as batch:
        batch.add_column(sa.Column("coached", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    """Remove the games' ``coached``."""
    with op.batch_alter_table("doublesix_games") as batch:
        batch.drop_column("coached")
