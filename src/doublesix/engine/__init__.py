"""The engine: the rules of dominoes as small immutable values and explicit transitions.

Pure Python, the standard library only, no I/O, no players, no words (its errors name what
was wrong).  :mod:`~doublesix.engine.tiles` (tiles and bit tables), :mod:`~doublesix.engine.rules`
(the options, the teams), :mod:`~doublesix.engine.layout` (the line, the spinner, open ends,
board count), :mod:`~doublesix.engine.moves` (moves and notation),
:mod:`~doublesix.engine.state` (a hand of play), :mod:`~doublesix.engine.outcome` (how a hand
ended), :mod:`~doublesix.engine.referee` (what a move adds to the history, who won, who leads
next, a seat's view), :mod:`~doublesix.engine.match` (hands to the target, saves),
:mod:`~doublesix.engine.view` (what one seat may know), :mod:`~doublesix.engine.events` (the
history), :mod:`~doublesix.engine.shuffle` (the same deal everywhere),
:mod:`~doublesix.engine.daily` (the daily game's streaks) and :mod:`~doublesix.engine.summary`
(what the faces show, in numbers).
"""
