"""The schema of release 0.1.0, the last made without migrations.

Revision ID: 0001
Revises:
Create Date: 2026-12-04

On an empty database it makes every table.  A database written before the migrations (no
version table; :func:`doublesix.web.storage.migrating.upgrade` finds it) holds some of these
tables already, made by the release that wrote it: this revision adds what the releases since
added to it, which the server used to add by hand when it started or at first use.  Those are
the tables it lacks (the seats taken at tables, the results kept of removed games, the ratings,
the reviews), the games' columns added after their first release (``table_info`` with the
tables for people, ``moves`` in release 3), and the index on the games' last saves that pruning
reads.  What it holds is kept as it is.

The tables are written out here, as they were at this revision, rather than read from the
models: a later change of a model is a later revision.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

#: The games' columns an older database may lack (nullable: its games load as they were).
LATE_COLUMNS = ("table_info", "moves")


def tables() -> sa.MetaData:
    """The tables of release 0.1.0 (new objects at each call)."""
    metadata = sa.MetaData()
    sa.Table(
        "doublesix_games", metadata,
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.Column("variant", sa.String(16), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("daily", sa.String(10), nullable=True),
        sa.Column("first_attempt", sa.Boolean(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("resigned", sa.Integer(), nullable=True),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("match", sa.Text(), nullable=False),
        sa.Column("table_info", sa.JSON(), nullable=True),
        sa.Column("moves", sa.Text(), nullable=True),
        sa.Index("ix_doublesix_games_owner", "owner"),
        sa.Index("ix_doublesix_games_daily", "daily"),
        sa.Index("ix_doublesix_games_updated", "updated"),
    )
    sa.Table(
        "doublesix_seat_owners", metadata,
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Index("ix_doublesix_seat_owners_owner", "owner"),
    )
    sa.Table(
        "doublesix_results", metadata,
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("owner", sa.String(64), primary_key=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("variant", sa.String(16), nullable=False),
        sa.Column("opponents", sa.JSON(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("daily", sa.String(10), nullable=True),
        sa.Column("first_attempt", sa.Boolean(), nullable=False),
        sa.Index("ix_doublesix_results_owner", "owner"),
    )
    sa.Table(
        "doublesix_ratings", metadata,
        sa.Column("owner", sa.String(64), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("rules", sa.String(40), nullable=False),
        sa.Column("opponents", sa.JSON(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("owner", "game_id", name="doublesix_ratings_game"),
    )
    sa.Table(
        "doublesix_reviews", metadata,
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("browser", sa.String(64), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("result", sa.Text(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.Index("ix_doublesix_reviews_key", "key"),
        sa.Index("ix_doublesix_reviews_browser", "browser"),
    )
    return metadata


def upgrade() -> None:
    """Make the tables of release 0.1.0, or what an older database lacks of them."""
    bind = op.get_bind()
    found = sa.inspect(bind)
    for table in tables().sorted_tables:
        if not found.has_table(table.name):
            table.create(bind)
            continue
        if table.name == "doublesix_games":
            have = {column["name"] for column in found.get_columns(table.name)}
            for name in LATE_COLUMNS:
                if name not in have:
                    late = table.c[name]
                    op.add_column(table.name, sa.Column(name, late.type, nullable=True))
        indexes = {index["name"] for index in found.get_indexes(table.name)}
        for index in table.indexes:
            if index.name not in indexes:
                index.create(bind)
