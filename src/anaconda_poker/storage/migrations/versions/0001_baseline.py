"""Baseline: the schema as it was before migrations existed (three tables).

A database created by a server from before Alembic (no ``alembic_version`` table) holds
exactly these tables; :func:`anaconda_poker.storage.migrate.upgrade_database` recognises it
and stamps it with this revision instead of creating anything.

Revision ID: 0001_baseline
Revises:
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001_baseline"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "poker_tables",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("closed", sa.Boolean, nullable=False),
    )
    op.create_table(
        "hand_histories",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("poker_tables.table_id"),
            primary_key=True,
        ),
        sa.Column("hand_no", sa.Integer, primary_key=True),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.Column("summary", sa.Text, nullable=False),
        sa.Column("history", sa.Text, nullable=False),
    )
    op.create_index("ix_hand_histories_table", "hand_histories", ["table_id", "hand_no"])
    op.create_table(
        "table_events",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer, "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("poker_tables.table_id"), nullable=False
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_table_events_table_seq"),
    )


def downgrade() -> None:
    op.drop_table("table_events")
    op.drop_index("ix_hand_histories_table", table_name="hand_histories")
    op.drop_table("hand_histories")
    op.drop_table("poker_tables")
