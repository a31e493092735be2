"""The database's migrations, run by Alembic (:mod:`doublesix.web.storage.migrating`):
``env.py`` Alembic's environment, ``versions/`` a revision a change of the schema, the first
(``0001``) being the schema of release 0.1.0, and ``script.py.mako`` the new revision's
template (``alembic revision``, docs/web.md)."""
