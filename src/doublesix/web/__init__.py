"""The web game: a FastAPI server that referees games played in the browser.

The server only translates (like the websockets Connect Four tutorial): it parses a browser's
message, asks the engine (:class:`~doublesix.match.Match`), and sends back what that seat may
see.  The modules, one job each:

- :mod:`~doublesix.web.protocol`: the JSON pictures and events sent to a seat, and the parsing
  of what browsers send (no I/O);
- :mod:`~doublesix.web.stats`: statistics and the daily streak from finished games (no I/O);
- :mod:`~doublesix.web.store`: the database (SQLAlchemy 2; SQLite or PostgreSQL);
- :mod:`~doublesix.web.games`: :class:`~doublesix.web.games.Games`, the small facade the
  application calls, over its parts: :mod:`~doublesix.web.live` (a live game, its sockets, the
  games in memory), :mod:`~doublesix.web.saving` (saving with retries, reloading),
  :mod:`~doublesix.web.computers` (computer turns, hints) and :mod:`~doublesix.web.searchers`
  (the search processes), :mod:`~doublesix.web.tables` (the rules of a table for people),
  :mod:`~doublesix.web.cluster` (presence, catch-up and takeover across processes),
  :mod:`~doublesix.web.creating` (a new game's row), :mod:`~doublesix.web.records` (records and
  statistics) and :mod:`~doublesix.web.errors`;
- :mod:`~doublesix.web.app`: the FastAPI application (:func:`~doublesix.web.app.create_app`);
- :mod:`~doublesix.web.server`: ``doublesix serve``.

The contract with the browser is ``docs/protocol.md``.
"""
