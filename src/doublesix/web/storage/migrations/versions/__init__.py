"""The revisions of the database's schema, oldest first: ``r0001_release_0_1_0.py`` the tables
of release 0.1.0; each later one changes what the one before left."""
