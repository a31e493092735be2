"""``doublesix stats``: the terminal game's rating, from its save folder, in words.

>>> import argparse, tempfile
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> run(parser.parse_args(["--save-dir", tempfile.mkdtemp()]))
Your rating is 1,500 (±400), from 0 rated games.
0
"""

from __future__ import annotations

import argparse

from doublesix.terminal.saves import rating_lines, save_dir
from doublesix.words.helpwords import option_help


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--save-dir``, as ``doublesix play`` takes it."""
    parser.add_argument("--save-dir", default=None, metavar="DIR",
                        help=option_help("stats", "save-dir"))


def run(args: argparse.Namespace) -> int:
    """Say the rating kept in the save folder."""
    for line in rating_lines(save_dir(args.save_dir)):
        print(line)
    return 0
