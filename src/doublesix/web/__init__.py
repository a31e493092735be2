"""The web game: a FastAPI server that referees games played in the browser.

The server only translates: it reads a browser's message, asks the engine
(:class:`~doublesix.engine.match.Match`), and sends back what that seat may see, with its
sentences from :mod:`doublesix.words`.  Its parts, grouped by job:

- :mod:`doublesix.web.routes`: HTTP and sockets: the FastAPI application
  (:mod:`~doublesix.web.routes.app`), the request bodies (:mod:`~doublesix.web.routes.bodies`),
  the errors (:mod:`~doublesix.web.routes.errors`), the bounds on what one client may ask
  (:mod:`~doublesix.web.routes.bounds`) and ``doublesix serve``
  (:mod:`~doublesix.web.routes.server`).
- :mod:`doublesix.web.play`: the games being played: the facade the application calls
  (:mod:`~doublesix.web.play.games`), live games and their sockets
  (:mod:`~doublesix.web.play.live`),
  the pictures a seat is sent (:mod:`~doublesix.web.play.pictures`), what the server knows of a
  game besides the match (:mod:`~doublesix.web.play.gameinfo`), tables for people
  (:mod:`~doublesix.web.play.tables`), the computers' turns and hints
  (:mod:`~doublesix.web.play.computers`, :mod:`~doublesix.web.play.searchers`), reviews
  (:mod:`~doublesix.web.play.reviews`) and several processes (:mod:`~doublesix.web.play.cluster`).
- :mod:`doublesix.web.storage`: the database (:mod:`~doublesix.web.storage.store`), saving and
  reloading (:mod:`~doublesix.web.storage.saving`), a new game's row
  (:mod:`~doublesix.web.storage.creating`), finished games' records and statistics
  (:mod:`~doublesix.web.storage.history`, :mod:`~doublesix.web.storage.stats`), ratings,
  stored reviews and the retention of old games.
- ``static/``: the browser's ES modules, which show and say what the server sends.
- :mod:`~doublesix.web.settings`: every bound and setting of the server.

The contract with the browser is ``docs/protocol.md``.
"""
