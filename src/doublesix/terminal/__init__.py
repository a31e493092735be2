"""The line-mode terminal game: ``doublesix play``, and ``doublesix join`` at a web table.

Plain lines of text, no cursor movement, so that a screen reader, a braille display or a pipe
follows it.  The files are the diagram:

- :mod:`~doublesix.terminal.app`: ``doublesix play``'s options, :func:`~doublesix.terminal.app.run`.
- :mod:`~doublesix.terminal.person`: the person dialogue both games share (asked, told, commands).
- :mod:`~doublesix.terminal.game`: the local game (turns, computer players, hands, saving).
- :mod:`~doublesix.terminal.commands`: what a typed line means (``6 4 l``, ``draw``, ``hint``).
- :mod:`~doublesix.terminal.console`: reading lines and writing text, colour only on a TTY.
- :mod:`~doublesix.terminal.saves`: the save file and the daily record, written atomically.
- :mod:`~doublesix.terminal.join`: ``doublesix join LINK``, taking a web table's seat.
- :mod:`~doublesix.terminal.tables`: the invitation link, ``tables.json``, the server's HTTP API.
- :mod:`~doublesix.terminal.connection`: the seat's WebSocket, tried again after a loss.
- :mod:`~doublesix.terminal.pictures`: what a table's picture says, in the engine's values.
- :mod:`~doublesix.terminal.messages`: the seat's messages read in order, what each says.
- :mod:`~doublesix.terminal.remote`: the seat played: what the person is asked, and when.
"""
