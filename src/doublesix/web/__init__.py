"""The web game: a FastAPI server that referees games played in the browser.

The server only translates (like the websockets Connect Four tutorial): it parses a browser's
message, asks the engine (:class:`~doublesix.engine.match.Match`), and sends back what that seat may
see.  The modules, one job each:

- :mod:`~doublesix.web.play.gameinfo`: the wire: what the server knows of a game besides the match,
  and a browser's messages parsed and bounded (no I/O);
- :mod:`~doublesix.web.play.pictures`: the JSON pictures and events sent to a seat, with their
  sentences from the core's one voice (no I/O);
- :mod:`~doublesix.web.routes.bodies`: a new game's body, names, and the rules the form offers and
  describes (no I/O);
- :mod:`~doublesix.web.storage.stats`: statistics and the daily streak from finished games (no I/O);
- :mod:`~doublesix.web.storage.store`: the database (SQLAlchemy 2; SQLite or PostgreSQL);
- :mod:`~doublesix.web.play.games`: :class:`~doublesix.web.play.games.Games`, the small facade the
  application calls, over its parts: :mod:`~doublesix.web.play.live` (a live game, its sockets, the
  games in memory), :mod:`~doublesix.web.storage.saving` (saving with retries, reloading),
  :mod:`~doublesix.web.play.computers` (computer turns, hints) and
  :mod:`~doublesix.web.play.searchers`
  (the search processes), :mod:`~doublesix.web.play.tables` (the rules of a table for people),
  :mod:`~doublesix.web.play.cluster` (presence, catch-up and takeover across processes),
  :mod:`~doublesix.web.storage.creating` (a new game's row), :mod:`~doublesix.web.storage.history`
  (records and
  statistics) and :mod:`~doublesix.web.routes.errors`;
- :mod:`~doublesix.web.routes.app`: the FastAPI application
(:func:`~doublesix.web.routes.app.create_app`);
- :mod:`~doublesix.web.routes.server`: ``doublesix serve``.

The contract with the browser is ``docs/protocol.md``.
"""
