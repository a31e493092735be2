"""Where doublesix keeps its files on this machine, the one rule for every face: the folder
``$DOUBLESIX_HOME`` names, else the user's data directory (``~/.local/share/doublesix`` on
Linux).  The terminal keeps its saves there and ``doublesix serve`` its SQLite database, so a
person who sets ``DOUBLESIX_HOME`` finds everything of doublesix in that one folder.

It sits with the protocol because the server and the terminal share it, as they share the
protocol, and neither imports the other.

>>> home_dir({"DOUBLESIX_HOME": "/tmp/mine"})
PosixPath('/tmp/mine')
>>> home_dir({}).name
'doublesix'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

#: The environment variable that names the folder.
HOME_ENV: Final = "DOUBLESIX_HOME"


def home_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$DOUBLESIX_HOME`` (``~`` expanded), else the user's data directory for doublesix.

    >>> home_dir({"DOUBLESIX_HOME": "~/games"}) == Path.home() / "games"
    True
    """
    env = os.environ if environ is None else environ
    home = env.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("doublesix", appauthor=False))
