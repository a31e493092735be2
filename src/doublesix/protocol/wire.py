"""The table protocol's shared constants: what the web server, the terminal's join client and
the browser must agree on, written once.

The server imports them, the terminal (``doublesix join``) imports them, and the browser
receives them from ``GET /api/options`` (:func:`constants`), so none of the three writes a
close code, the cookie's name or a limit of its own.  Plain data: no I/O.

>>> CLOSE_TOO_MANY in FINAL_CLOSES, constants()["cookie"]
(True, 'doublesix_player')
"""

from __future__ import annotations

from typing import Final

#: The anonymous cookie a server knows a browser (or a terminal) by.
COOKIE: Final = "doublesix_player"
#: How long the cookie lives, in seconds (a year).
COOKIE_AGE: Final = 365 * 24 * 3600

#: WebSocket close codes: a token that holds no seat here, an unknown game, a game whose save
#: cannot be read, too many sockets or messages, the database away (connect again later).
CLOSE_FORBIDDEN: Final = 4403
CLOSE_NOT_FOUND: Final = 4404
CLOSE_DAMAGED: Final = 4422
CLOSE_TOO_MANY: Final = 4429
CLOSE_UNAVAILABLE: Final = 4503
#: Close codes after which connecting again would not help.
FINAL_CLOSES: Final = (CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, CLOSE_DAMAGED, CLOSE_TOO_MANY)

#: The longest message a client may send over the WebSocket, in bytes.
MAX_MESSAGE: Final = 4096
#: The deepest nesting of arrays and objects a message or request body may have.
MAX_DEPTH: Final = 16
#: What a client may ask over the WebSocket.
MESSAGE_TYPES: Final = ("play", "next", "hint", "resign", "start", "seat", "again", "chat",
                         "undo", "lesson-next")
#: The computer players a table offers, by name (:data:`doublesix.ai.PLAYERS`), in the order
#: shown: the new-game form's opponents, and who may play for someone away (the first unless
#: another is chosen, in the browser's dialog and the terminal's ``computer NAME``).
OFFERED_PLAYERS: Final = ("pinocchio", "buratino", "snow-white", "expert-quick",
                          "expert-careful", "expert")
#: The longest display name, in characters.
MAX_NAME: Final = 24

#: Seat kinds: a seat held by a person, in a picture's ``kinds``; an ``opponents`` entry of
#: ``POST /api/games`` for a seat a person takes by invitation.
HUMAN: Final = "human"
PERSON: Final = "person"
#: A table's stages, as pictures give them.
WAITING: Final = "waiting"
PLAYING: Final = "playing"
OVER: Final = "over"


def constants() -> dict[str, object]:
    """The constants a browser needs, as ``GET /api/options`` sends them under ``wire``.

    >>> sorted(constants())[:3]
    ['close', 'cookie', 'final_closes']
    """
    return {
        "cookie": COOKIE,
        "close": {
            "forbidden": CLOSE_FORBIDDEN,
            "not_found": CLOSE_NOT_FOUND,
            "damaged": CLOSE_DAMAGED,
            "too_many": CLOSE_TOO_MANY,
            "unavailable": CLOSE_UNAVAILABLE,
        },
        "final_closes": list(FINAL_CLOSES),
        "max_message": MAX_MESSAGE,
        "max_name": MAX_NAME,
        "kinds": {"human": HUMAN, "person": PERSON},
        "stages": [WAITING, PLAYING, OVER],
    }
