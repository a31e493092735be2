"""``doublesix review FILE``: the expert's review of a finished game's moves, seat by seat.

FILE is a saved game (:meth:`Match.to_json <doublesix.engine.match.Match.to_json>`), the terminal
game's save (``game.json``, ``daily.json``) or a record downloaded from the web game ("Download
the record"); ``-`` reads it from standard input.  The review speaks in short lines, one
decision to a line (:meth:`Review.lines <doublesix.ai.review.Review.lines>`); ``--json``
prints it as data instead.  A hand still in play is refused: its hidden tiles would show.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from doublesix.ai.expert import DEFAULT_PLAYOUTS
from doublesix.ai.review import ReviewRefused, load_record, review
from doublesix.words import clientwords, reviewtalk, talk
from doublesix.words.helpwords import option_help
from doublesix.words.i18n import _


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``doublesix review``."""
    parser.add_argument("file", metavar="FILE",
                        help=option_help("review", "file"))
    parser.add_argument("--seat", type=int, default=None,
                        help=option_help("review", "seat"))
    parser.add_argument("--hand", type=int, action="append", default=None, metavar="N",
                        help=option_help("review", "hand"))
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS,
                        help=option_help("review", "playouts", playouts=DEFAULT_PLAYOUTS))
    parser.add_argument("--seed", type=int, default=None,
                        help=option_help("review", "seed"))
    parser.add_argument("--no-hindsight", action="store_true",
                        help=option_help("review", "no-hindsight"))
    parser.add_argument("--json", action="store_true", help=option_help("review", "json"))


def run(args: argparse.Namespace) -> int:
    """Review the file's game; 0, or 1 with a message on standard error."""
    try:
        source = Path(args.file)
        text = sys.stdin.read() if args.file == "-" else source.read_text(encoding="utf-8")
    except OSError as error:
        said = clientwords.cannot_read(args.file, str(error.strerror or error))
        print(f"doublesix review: {said}", file=sys.stderr)
        return 1
    try:
        match, names, seat = load_record(text)
        if args.seat is not None:
            seat = args.seat - 1
            if not 0 <= seat < match.rules.players:
                raise ValueError(f"--seat must be 1 to {match.rules.players}, not {args.seat}")
        if args.playouts < 1:
            raise ValueError("--playouts must be at least 1")
        hands = None if args.hand is None else [n - 1 for n in args.hand]
        result = review(match, seat, hands=hands, seed=args.seed, playouts=args.playouts,
                        hindsight=not args.no_hindsight)
    except ReviewRefused as error:
        print(f"doublesix review: {error}", file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"doublesix review: {args.file}: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(reviewtalk.review_json(result)))
        return 0
    print(reviewtalk.review_intro(seat + 1, None if names is None else names[seat],
                                  talk.variant_name(match.rules)))
    if not result.hands:
        print(_(reviewtalk.NO_FINISHED_HAND))
    for line in reviewtalk.review_lines(result):
        print(line)
    return 0
