"""``python -m doublesix.cli``: the same as the ``doublesix`` command."""

import sys

from doublesix.cli import main

sys.exit(main())
