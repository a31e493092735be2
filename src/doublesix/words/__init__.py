"""The words: every sentence a person reads or hears, for every face (the terminal, the web
pages the server sends them to, the adapters' text), written once as whole sentences.

They say the engine's values and the numbers the players hand over:
:mod:`~doublesix.words.talk` (the game spoken to a seat: turns, hands, scores, results),
:mod:`~doublesix.words.eventwords` (one sentence an event), :mod:`~doublesix.words.endwords`
(the ends a tile fits, the hint), :mod:`~doublesix.words.results` (names, results, ratings),
:mod:`~doublesix.words.tabletalk` (what the people at a table are told),
:mod:`~doublesix.words.sessionwords` (what the terminal says around the game: the saved game,
the commands it prints, ``help``),
:mod:`~doublesix.words.reviewtalk` (the expert's review), :mod:`~doublesix.words.rulebook`
(the rules' prose and every option's words), :mod:`~doublesix.words.players` (the computer
players' names and levels), :mod:`~doublesix.words.pagewords` (what the web page shows
besides the game's sentences: your row, the seats' cards, the table's facts, playing again)
and :mod:`~doublesix.words.pagelabels` (the web page's own fixed labels).  They import the engine
only (and the players' value types, for their annotations).
"""
