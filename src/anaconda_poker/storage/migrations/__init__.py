"""Alembic migrations of the database schema (``storage/schema.py``), shipped with the package.

``env.py`` is run by Alembic; the revisions live in ``versions/``. They are driven from
:mod:`anaconda_poker.storage.migrate` (``anaconda-poker db upgrade`` and every server start),
configured in code: no ``alembic.ini`` is needed. To add a revision after changing
``schema.py``, see docs/deploy.md ("Schema upgrades").
"""
