"""The web game: a FastAPI server that referees games played in the browser.

The server only translates (like the websockets Connect Four tutorial): it parses a browser's
message, asks the engine (:class:`~doublesix.match.Match`), and sends back what that seat may
see.  The modules, one job each:

- :mod:`~doublesix.web.protocol`: the wire: what the server knows of a game besides the match,
  and a browser's messages parsed and bounded (no I/O);
- :mod:`~doublesix.web.pictures`: the JSON pictures and events sent to a seat, with their
  sentences from the core's one voice (no I/O);
- :mod:`~doublesix.web.requests`: a new game's body, names, and the rules the form offers and
  describes (no I/O);
- :mod:`~doublesix.web.stats`: statistics and the daily streak from finished games (no I/O);
- :mod:`~doublesix.web.store`: the database (SQLAlchemy 2; SQLite or PostgreSQL);
- :mod:`~doublesix.web.games`: live games, computer turns off the event loop, broadcasting;
- :mod:`~doublesix.web.app`: the FastAPI application (:func:`~doublesix.web.app.create_app`);
- :mod:`~doublesix.web.server`: ``doublesix serve``.

The contract with the browser is ``docs/protocol.md``.
"""
