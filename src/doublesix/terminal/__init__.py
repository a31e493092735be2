"""The line-mode terminal game: ``doublesix play``.

Plain lines of text, no cursor movement, so that a screen reader, a braille display or a pipe
follows it.  The files are the diagram:

- :mod:`~doublesix.terminal.app`: the command line options and :func:`~doublesix.terminal.app.run`.
- :mod:`~doublesix.terminal.game`: the game loop (turns, computer players, hands, saving).
- :mod:`~doublesix.terminal.commands`: what a typed line means (``6 4 l``, ``draw``, ``hint``).
- :mod:`~doublesix.terminal.console`: reading lines and writing text, colour only on a TTY.
- :mod:`~doublesix.terminal.saves`: the save file and the daily record, written atomically.
"""
