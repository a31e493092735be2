"""The words: every sentence a person reads or hears, for every face (the terminal, the web
pages the server sends them to, the adapters' text), written once as whole sentences.

They say the engine's values and the numbers the players hand over:
:mod:`~doublesix.words.talk` (the game spoken to a seat: turns, hands, scores, results),
:mod:`~doublesix.words.eventwords` (one sentence an event), :mod:`~doublesix.words.endwords`
(the ends a tile fits, the hint), :mod:`~doublesix.words.results` (names, results, ratings),
:mod:`~doublesix.words.tabletalk` (what the people at a table are told),
:mod:`~doublesix.words.reviewtalk` (the expert's review), :mod:`~doublesix.words.rulebook`
(the rules' prose and every option's words) and :mod:`~doublesix.words.players` (the computer
players' names and levels).  They import the engine only (and the players' value types, for
their annotations).
"""
