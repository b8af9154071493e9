"""The cluster-wide lobby list of several server nodes on one PostgreSQL.

Adds ``lobby_lines`` (each table's line of ``GET /api/tables`` as its owner published it,
``storage/lobby_lines.py``). Nothing existing is rewritten; a single server never writes it.

Revision ID: 0003_lobby_lines
Revises: 0002_table_leases
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003_lobby_lines"
down_revision: str | None = "0002_table_leases"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "lobby_lines",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("poker_tables.table_id"), primary_key=True
        ),
        sa.Column("epoch", sa.BigInteger, nullable=False),
        sa.Column("node", sa.String(200), nullable=False),
        sa.Column("listed", sa.Boolean, nullable=False),
        sa.Column("summary", sa.Text, nullable=False),
        sa.Column("token_hashes", sa.Text, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("lobby_lines")
