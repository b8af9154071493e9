"""Table leases for several server nodes on one PostgreSQL, and the fencing token of events.

Adds ``table_leases`` (which node runs each table, ``storage/leases.py``) and the nullable
``table_events.epoch`` (the fencing token an event was appended under; ``NULL`` for events of
a single server, old ones included). Nothing existing is rewritten.

Revision ID: 0002_table_leases
Revises: 0001_baseline
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002_table_leases"
down_revision: str | None = "0001_baseline"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("table_events") as batch:
        batch.add_column(sa.Column("epoch", sa.BigInteger, nullable=True))
    op.create_table(
        "table_leases",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("poker_tables.table_id"), primary_key=True
        ),
        sa.Column("owner", sa.String(32), nullable=True),
        sa.Column("owner_node", sa.String(200), nullable=True),
        sa.Column("epoch", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("wanted_by", sa.String(32), nullable=True),
        sa.Column("wanted_by_node", sa.String(200), nullable=True),
    )
    op.create_index("ix_table_leases_owner", "table_leases", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_table_leases_owner", table_name="table_leases")
    op.drop_table("table_leases")
    with op.batch_alter_table("table_events") as batch:
        batch.drop_column("epoch")
