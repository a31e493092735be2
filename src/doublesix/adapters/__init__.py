"""Every doublesix game inside other frameworks, as optional extras of the package.

- :mod:`doublesix.adapters.openspiel` registers the OpenSpiel game ``python_doublesix``
  (``pip install 'doublesix[openspiel]'``);
- :mod:`doublesix.adapters.pettingzoo` is a PettingZoo AEC environment
  (``pip install 'doublesix[pettingzoo]'``).

Both wrap :mod:`doublesix.adapters.table` (a match whose deals and draws are chance events, and
the fixed numbering of actions) and :mod:`doublesix.adapters.encoding` (what a seat sees, as
text and numbers, from its view alone), which need neither framework.  Importing
``doublesix`` or this package imports neither framework; see ``docs/adapters.md``.
"""
