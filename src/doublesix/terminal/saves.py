"""Where the terminal game keeps its saves, and how it writes them without ever losing one.

The save directory is ``--save-dir``, else ``$DOUBLESIX_HOME``, else the user's data directory
(``~/.local/share/doublesix`` on Linux).  It holds ``game.json`` (the game in play),
``daily.json`` (the daily game in play), ``daily-record.json`` (each day's first attempt) and
``rating.json`` (the person's rating after each finished game: :func:`note_rating`).
A finished game is rated in one step with its save: the save says whether its game is rated
yet (``rated``) and names it (``key``), and a save finished but not rated (the program killed
between the two writes) is rated when the folder is next opened (:func:`settle_ratings`), once:
the rating file is keyed by the game.
Every write goes to a temporary file that then replaces the old one, so an interrupt in the
middle of a write leaves the previous save whole.  A save that cannot be read (damaged, or
written by a newer release) is never written over: :func:`set_aside` renames it first.

>>> import tempfile, pathlib
>>> from doublesix import Match, Rules
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> save = Save(Match(Rules.variant("block"), seed=3), ["greedy"])
>>> write_save(folder / "game.json", save)
>>> again = read_save(folder / "game.json")
>>> again.match.history == save.match.history, again.opponents
(True, ['greedy'])
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import os
import tempfile
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from doublesix.ai.ladder import rating_of, suggestion, variant_ratings
from doublesix.ai.ratings import Rating, casual, ranks, rules_label, update
from doublesix.engine.daily import streaks
from doublesix.engine.match import Match
from doublesix.protocol.home import home_dir
from doublesix.words import clientwords, results, rulebook
from doublesix.words.i18n import _
from doublesix.words.talk import YOU

#: The save's format name and the version this release writes.
FORMAT: Final = "doublesix-terminal"
VERSION: Final = 1
GAME_FILE: Final = "game.json"
DAILY_FILE: Final = "daily.json"
RECORD_FILE: Final = "daily-record.json"
RATING_FILE: Final = "rating.json"


class SaveError(ValueError):
    """A save that cannot be read; the message says which file and why."""


@dataclass
class Save:
    """A game in play: the match and everything the terminal needs to go on with it."""

    match: Match
    #: The computer players' names, for seats 1, 2, ...
    opponents: list[str]
    autodraw: bool = False
    #: The expert's playout budget (None: its default).
    playouts: int | None = None
    #: The day of the daily game, or None for an ordinary game.
    daily: datetime.date | None = None
    #: Whether this is the first attempt at that day's deal (only it counts for the streak).
    first_attempt: bool = False
    #: How many events of ``match.history`` the person has been told about.
    told: int = 0
    #: The games finished in this series before this one (for new seeds).
    games: int = field(default=0)
    #: This game's name in the rating file (None: a save from before games were named; its
    #: finished match's hash names it then).
    key: str | None = field(default_factory=lambda: uuid.uuid4().hex[:24])
    #: Whether the finished game's rating step is done (its rating written, or none for a
    #: casual game): then it is never rated again.
    rated: bool = False
    #: Whether the coach helped in the game (``--coach``): it is casual
    #: (:func:`doublesix.ai.ratings.casual`), and moves no rating.
    coached: bool = False


def save_dir(option: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The directory saves go in: ``option``, else doublesix's home folder
    (:func:`~doublesix.protocol.home.home_dir`: ``$DOUBLESIX_HOME``, else the data dir).

    >>> save_dir("/tmp/x"), save_dir(None, {"DOUBLESIX_HOME": "/tmp/y"})
    (PosixPath('/tmp/x'), PosixPath('/tmp/y'))
    """
    if option:
        return Path(option).expanduser()
    return home_dir(environ)


def write_save(path: Path, save: Save) -> None:
    """Write ``save`` to ``path`` atomically (OSError if the disk refuses)."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "opponents": save.opponents,
        "autodraw": save.autodraw,
        "playouts": save.playouts,
        "daily": save.daily.isoformat() if save.daily else None,
        "first_attempt": save.first_attempt,
        "told": save.told,
        "games": save.games,
        "key": save.key,
        "rated": save.rated,
        "coached": save.coached,
        "match": json.loads(save.match.to_json()),
    }
    write_json(path, data)


def read_save(path: Path) -> Save:
    """The save at ``path``; :class:`SaveError` naming the problem if it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(clientwords.no_saved_game(str(path.parent))) from None
    except OSError as error:
        raise SaveError(clientwords.cannot_read(str(path), str(error.strerror))) from None
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError(clientwords.not_a_save(str(path)))
        version = data.get("version")
        if not isinstance(version, int) or version > VERSION:
            raise SaveError(clientwords.newer_save(str(path), version))
        match = Match.from_json(json.dumps(data["match"]))
        if data.get("resigned") is True and not match.is_over:
            # An older release kept the person's resignation beside the match: the engine's now.
            match.resign(YOU)
        daily = data.get("daily")
        save = Save(
            match=match,
            opponents=[str(name) for name in data["opponents"]],
            autodraw=bool(data.get("autodraw", False)),
            playouts=_int_or_none(data.get("playouts")),
            daily=datetime.date.fromisoformat(daily) if daily else None,
            first_attempt=bool(data.get("first_attempt", False)),
            told=int(data.get("told", 0)),
            games=int(data.get("games", 0)),
            key=str(data["key"]) if data.get("key") else None,
            rated=bool(data.get("rated", False)),
            coached=bool(data.get("coached", False)),
        )
    except SaveError:
        raise
    except (ValueError, KeyError, TypeError) as error:
        raise SaveError(clientwords.damaged_save(str(path), error)) from None
    if len(save.opponents) != match.rules.players - 1:
        raise SaveError(clientwords.damaged_save(str(path)))
    return save


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` through a temporary file in the same directory."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(data, file, indent=1)
            file.write("\n")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def set_aside(path: Path) -> Path:
    """Rename the unreadable save ``path`` to a free name beside it (``game.unreadable.json``,
    then ``game.unreadable-2.json``, ...) so that a new game does not write over it; returns
    the new path.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "game.json").write_text("{")
    >>> set_aside(folder / "game.json").name
    'game.unreadable.json'
    >>> _ = (folder / "game.json").write_text("{")
    >>> set_aside(folder / "game.json").name
    'game.unreadable-2.json'
    """
    number = 1
    while True:
        suffix = "" if number == 1 else f"-{number}"
        target = path.with_name(f"{path.stem}.unreadable{suffix}{path.suffix}")
        if not target.exists():
            break
        number += 1
    os.replace(path, target)
    return target


# -- the daily record ----------------------------------------------------------------------


def read_record(folder: Path) -> dict[str, str]:
    """Each day's first attempt at the daily deal: ``{"2026-11-30": "won", ...}``."""
    try:
        data = json.loads((folder / RECORD_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(day): str(result) for day, result in data.items()}


def note_daily(folder: Path, day: datetime.date, result: str) -> None:
    """Record ``result`` (``playing``, ``won``, ``lost``, ``drawn``) for the first attempt."""
    record = read_record(folder)
    record[day.isoformat()] = result
    write_json(folder / RECORD_FILE, record)


def streak(record: Mapping[str, str], today: datetime.date) -> int:
    """Days won in a row at the first attempt, up to ``today`` (or up to yesterday while
    today's deal is not played yet or still in play).

    >>> day = datetime.date(2026, 11, 30)
    >>> streak({"2026-11-28": "won", "2026-11-29": "won", "2026-11-30": "playing"}, day)
    2
    """
    finished = {datetime.date.fromisoformat(day): result == "won"
                for day, result in record.items() if result != "playing"}
    return streaks(finished, today).current


# -- the rating ----------------------------------------------------------------------------


def read_ratings(folder: Path) -> list[dict[str, Any]]:
    """Every update of this folder's rating, oldest first (none if the file is missing or
    cannot be read)."""
    try:
        data = json.loads((folder / RATING_FILE).read_text(encoding="utf-8"))
        games = data["games"]
    except (OSError, ValueError, TypeError, KeyError):
        return []
    return [game for game in games if isinstance(game, dict)] if isinstance(games, list) else []


def rating_now(games: Sequence[dict[str, Any]]) -> Rating:
    """The rating after the last of ``games`` (a newcomer's if none)."""
    if not games:
        return Rating()
    mu, sigma = games[-1]["after"]
    return Rating(float(mu), float(sigma))


def rating_lines(folder: Path) -> list[str]:
    """The folder's rating in words (``stats``, ``doublesix stats``), with what to try next
    and the rating in each variant played (:func:`~doublesix.ai.ladder.variant_ratings`); a
    finished game whose rating was not written is rated first (:func:`settle_ratings`).

    >>> import tempfile, pathlib
    >>> rating_lines(pathlib.Path(tempfile.mkdtemp()))
    ['Your rating is 1,500 (±400), from 0 rated games.']
    """
    with contextlib.suppress(OSError):
        settle_ratings(folder, datetime.datetime.now(datetime.UTC).date())
    games = read_ratings(folder)
    now = rating_now(games)
    lines = [results.rating_words(now.shown, now.interval, len(games))]
    next_level = suggestion([(game["opponents"], game["won"]) for game in games])
    if next_level is not None:
        lines.append(results.level_suggestion(*next_level))
    by_variant = variant_ratings((str(game["rules"]), 0, game["opponents"], bool(game["won"]))
                                 for game in games)
    lines.extend(results.variant_rating_words(_(rulebook.VARIANT_NAMES[v.variant]), v.rating.shown,
                                              v.rating.interval, v.games)
                 for v in by_variant)
    return lines


def note_rating(folder: Path, match: Match, opponents: Sequence[str],
                today: datetime.date, key: str | None = None
                ) -> tuple[Rating, Rating, str | None] | None:
    """Rate the person (seat 0) after the finished ``match`` against ``opponents`` (computers
    at their ladder ratings; a resignation ranks last) and write it down under ``key`` (the
    save's name for the game; else the match's hash): the rating before, after, and what to
    try next.  None if this game was rated already (a game resumed after its end) or is not
    over.

    >>> import tempfile, pathlib
    >>> from doublesix import Rules
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> match = Match(Rules.variant("draw"), seed=1)
    >>> match.resign(0)
    >>> day = datetime.date(2026, 12, 2)
    >>> before, after, _ = note_rating(folder, match, ["greedy"], day)
    >>> before.shown, after.shown < 1500, note_rating(folder, match, ["greedy"], day)
    (1500, True, None)
    """
    if not match.is_over:
        return None
    if key is None:
        key = hashlib.sha256(match.to_json().encode()).hexdigest()[:24]
    games = read_ratings(folder)
    if any(game.get("key") == key for game in games):
        return None
    before = rating_now(games)
    rules = match.rules
    ratings = [before, *(rating_of(name) for name in opponents)]
    places = ranks(match)
    after = update(ratings, places, movable={0}, teams=rules.teams)[0]
    won = places[0] == 0 and any(place != places[0] for place in places)
    games.append({"key": key, "date": today.isoformat(), "rules": rules_label(rules),
                  "opponents": list(opponents), "won": won,
                  "before": [before.mu, before.sigma], "after": [after.mu, after.sigma]})
    write_json(folder / RATING_FILE, {"format": "doublesix-rating", "version": 1,
                                      "games": games})
    next_level = suggestion([(g["opponents"], g["won"]) for g in games])
    return before, after, None if next_level is None else results.level_suggestion(*next_level)


def rate_save(path: Path, save: Save, today: datetime.date
              ) -> tuple[Rating, Rating, str | None] | None:
    """Rate the finished game of ``save`` (kept at ``path``), then mark the save rated: the
    rating file is written before the save says so, and is keyed by the game, so a kill
    between the two writes neither loses the game (the save still says it is not rated) nor
    counts it twice.  None when it was rated already, is not over, or is casual (the coach
    helped: :func:`~doublesix.ai.ratings.casual`; it is marked rated, never to be rated);
    OSError if a write fails.
    """
    if save.rated or not save.match.is_over:
        return None
    rated = None if casual(save.match, save.coached) else note_rating(
        path.parent, save.match, save.opponents, today, save.key)
    save.rated = True
    write_save(path, save)
    return rated


def settle_ratings(folder: Path, today: datetime.date
                   ) -> list[tuple[Rating, Rating, str | None]]:
    """Rate every finished game saved in ``folder`` whose rating was not written (the program
    was killed as it ended), oldest save first; what each moved.  A save that cannot be read
    is left alone."""
    moved = []
    saves = []
    for name in (DAILY_FILE, GAME_FILE):
        try:
            saves.append((folder / name, read_save(folder / name)))
        except SaveError:
            continue
    saves.sort(key=lambda found: found[0].stat().st_mtime)
    for path, save in saves:
        rated = rate_save(path, save, today)
        if rated is not None:
            moved.append(rated)
    return moved


def _int_or_none(value: object) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"not a whole number: {value!r}")
    return value
