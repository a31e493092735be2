"""What the tests share, a module per concern; a test module imports its helpers from here (and
its fixtures from ``tests/conftest.py`` and ``tests/browser/conftest.py``), never from another
test module.

- :mod:`tests.support.deals`: whole sets, tiles from text, scripted deals and positions.
- :mod:`tests.support.strategies`: Hypothesis strategies (any rules).
- :mod:`tests.support.model`: the independent model of the rule book.
- :mod:`tests.support.web`: a seat over the WebSocket, the spy on what the server sends,
  ``doublesix serve`` in a child process, the test PostgreSQL database.
- :mod:`tests.support.terminal`: ``doublesix play`` behind pipes, a scripted person, ``doublesix
  join`` in a thread.
- :mod:`tests.support.browser`, :mod:`tests.support.browser_players`,
  :mod:`tests.support.browser_strategy`: the browser tests' server and sessions, the players
  that play through a page, and their rule played offline on the engine (Playwright is imported
  by the first two only).
- :mod:`tests.support.benchmarks`: the scripts of ``benchmarks/`` loaded as modules.
"""
