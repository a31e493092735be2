"""The web page's own labels: the words its scripts show that no game, table or person fills
in (button names, headings, column heads, the page's titles, what it says while it connects or
loads, and the lead of a failure whose reason follows). Every sentence with a name, a number
or a tile in it is the server's, sent with the pictures and answers
(:mod:`doublesix.words.pagewords` and the other words).

The browser reads them from ``web/static/labels.js``, which :func:`javascript` writes from
:data:`LABELS` (``python -m doublesix.words.pagelabels > src/doublesix/web/static/labels.js``;
``tests/test_web_static.py`` fails while the two differ). ``locale`` is the language the page
formats its numbers in. The page's markup (``index.html``) holds its own headings and help.

>>> LABELS["nextHand"], LABELS["gamePageTitle"]
('Next hand', 'Game · doublesix')
"""

from __future__ import annotations

import json
from typing import Any, Final

from doublesix.words import accountwords, lobbywords, matchwords, names, pagewords, watchwords
from doublesix.words.i18n import N_, NATIVE_NAMES, _, html_lang, intl_locale, using
from doublesix.words.keywords import single_keys
from doublesix.words.pagewords import page_title

#: Every label the page's scripts show, by the name they use (``LABELS.nextHand``).
LABELS: Final[dict[str, str]] = {
    # The language the page writes numbers and units in.
    "locale": "en",
    # The pages' titles and headings.
    "homePageTitle": "doublesix: dominoes",
    "gamePageTitle": page_title("Game"),
    "statsPageTitle": page_title("Statistics"),
    "accountPageTitle": page_title("Account"),
    "lobbyPageTitle": page_title("Lobby"),
    "watchPageTitle": page_title(watchwords.WATCH_TITLE),
    "joinPageTitle": page_title("Join a game"),
    "joinTitle": "Join a game of dominoes",
    "dailyGame": "Daily game",
    "dealingDaily": "Dealing today's game…",
    "dailyFailed": "Could not deal the daily game:",
    "backToLastGame": "Go back to your last game",
    "lastGameOver": "Your last game is over.",
    "gameNotFound": "Game not found",
    "gameElsewhere": "This game was started in another browser, or it is no longer here. "
                     "Start a new one from the front page.",
    "noSeatHere": "This browser does not hold a seat in that game.",
    "noSuchGame": "There is no such game on this server. Start a new one from the front page.",
    "gameDamaged": "This game cannot be loaded",
    "gameDamagedText": "Its save on this server cannot be read (it is damaged, or a newer release "
                       "of doublesix saved it), so it cannot go on here. The save is left as it "
                       "is. Start a new game from the front page.",
    "serverFailed": "The server could not answer.",
    # The installed app, opened when the server cannot be reached.
    "serverAway": "The server cannot be reached",
    "serverAwayText": "doublesix opened from what this device keeps, but playing needs the "
                      "server. Check the connection, then reload the page.",
    "loading": "Loading…",
    # The connection.
    "connecting": "Connecting…",
    "connectedAgain": "Connected again.",
    "connectionLost": "Connection lost. Reconnecting…",
    "reconnecting": "Connection lost: reconnecting…",
    "notFollowing": "Not following the game.",
    "tooManyPlaces": "This window stopped following the game: it is open in too many places. "
                     "Use Connect again to take it back.",
    "notConnected": "Not connected: wait for the connection to come back.",
    "error": "Error:",
    # The game screen.
    "waitingForConnection": "Waiting for the connection…",
    "sending": "Sending…",
    "turnComing": "Your turn is coming…",
    "drawWhenNothingFits": "You can draw only when nothing fits",
    "hintBadge": "Hint",
    "choiceCancelled": "Choice cancelled.",
    "thinking": "Thinking…",
    "toPlay": "To play",
    "partner": "partner",
    "away": "away",
    "endLeft": "L",
    "endRight": "R",
    "endUp": "U",
    "endDown": "D",
    "resignQuestion": "Resign this game? It counts as a loss.",
    "takeBack": pagewords.TAKE_BACK,
    # The dialogs: rules, settings, scoresheet, tiles played.
    "rulesFailed": "Could not load the rules:",
    "on": "on",
    "off": "off",
    "soundOn": "Sound on.",
    "soundOff": "Sound off.",
    "noHandYet": "No hand finished yet.",
    "hand": "Hand",
    "how": "How",
    "total": "Total",
    "trackerKey": "✓ played, • in your hand.",
    # The settings, and the look (the theme, the felt, the tiles: issue 44).
    "settings": "Settings",
    "pace": "Pace: the pause after each opponent's move:",
    "soundEffects": "Sound effects",
    "singleKeys": "Single-key shortcuts (L, R, U, D, H, E, S; D draws when nothing fits) while "
                  "the game has focus",
    "autodraw": "Draw automatically until a tile fits (each draw is still said)",
    "reduceMotion": "Reduce motion (also follows your system setting)",
    "look": "Look",
    "lookKept": "Kept in this browser, and by your account while you are signed in.",
    "theme": "Theme",
    "themeSystem": "As the system (light or dark; high contrast when the system asks for it)",
    "themeLight": "Light",
    "themeDark": "Dark",
    "themeContrast": "High contrast",
    "felt": "Table felt",
    "feltGreen": "Green",
    "feltBlue": "Blue",
    "feltRed": "Red",
    "feltGrey": "Grey",
    "tiles": "Tiles",
    "tilesPips": "Pips",
    "tilesNumerals": "Numerals",
    "tilesColours": "Pips coloured by number (a palette colour-blind players can tell apart)",
    "done": "Done",
    # The result.
    "scoresheet": "Scoresheet",
    "handsLaidOpen": "Every hand laid open",
    "textToShare": "Text to share",
    "copyResult": "Copy the result",
    "copied": "Copied",
    "copiedSaid": "Copied.",
    "copyYourself": "Select the text and copy it.",
    "shareToday": "Share today's result",
    "nextHand": "Next hand",
    "dealingNextHand": "Dealing the next hand…",
    "waitingForConnectionBack": "Waiting for the connection to come back",
    "playAgain": "Play again",
    "newGame": "New game",
    "askedAgain": "You asked to play again. The new game starts when everyone at the table "
                  "agrees.",
    "waitingForOthers": "Waiting for the others…",
    "goToNewGame": "Go to the new game",
    "downloadRecord": "Download the record",
    "startFailed": "Could not start the game:",
    "review": "Review",
    "reviewTheHand": "Review the hand",
    "reviewTheGame": "Review the game",
    "reviewThisHand": "Review this hand",
    "lookAtTheTable": "Look at the table",
    # The new-game form.
    "optionsFailed": "Could not load the game options:",
    "aPerson": "A person (invite)",
    "computerPlayers": "Computer players",
    "targetWhole": "Points to win must be a whole number.",
    "rulesConflict": "These rules cannot be played together; see:",
    "nameMissing": "Type the name the others will see.",
    "nameTooLong": "A name can have at most 24 characters.",
    "nameForbidden": "A name cannot contain control characters or invisible formatting "
                     "characters (such as text-direction marks).",
    "nameInvisible": names.NAME_INVISIBLE,
    # The waiting room and the invitation.
    "loopbackInvite": "This page is open at this computer's own address (such as 127.0.0.1 or "
                      "localhost), so a friend's phone cannot open these invitation links. To "
                      "invite, start the server at this computer's address on your network "
                      "(doublesix serve --host 192.168.1.20, with your own address) and open "
                      "this page there.",
    "startGame": "Start the game",
    "starting": "Starting…",
    "notEveryoneHere": "Not everyone is here yet.",
    "copyLink": "Copy link",
    "copyNotAllowed": "Copying is not allowed here: the link is selected, copy it yourself.",
    "share": "Share",
    "shareTitle": "A game of dominoes",
    "shareFailed": "Sharing did not work here: copy the link instead.",
    "seatComputer": "Seat this computer",
    "orComputer": "Or let a computer take this seat:",
    "opening": "Opening the invitation…",
    "noInvitation": "Invitation not found",
    "noInvitationText": "There is no such invitation on this server: check that the whole link "
                        "was copied, or start a game of your own from the front page.",
    "invitationFailed": "Could not open the invitation:",
    "yourSeat": "Your seat",
    "yourName": "Your name",
    "nameHelp": "The others see it at the table: up to 24 characters.",
    "joining": "Joining…",
    "whoSitsWhere": "Who sits where",
    "theRules": "The rules",
    # The lobby.
    "lobbyFailed": "Could not load the lobby:",
    "sitHere": lobbywords.SIT,
    "watch": watchwords.WATCH,
    "quickMatch": "Quick match",
    "quickGame": "Game",
    "quickPlayers": "Players",
    "quickRated": "Rated: the game moves your rating",
    "quickName": "Your name at the table",
    "findGame": "Find a game",
    "leaveQueue": "Leave the queue",
    "leftQueue": matchwords.LEFT,
    "quickFailed": "Could not find a game:",
    # The account page.
    "accountFailed": "Could not load the account:",
    "accountRefused": "Not done:",
    "accountWhy": "An account keeps your games, statistics and rating on every device. You can "
                  "play without one.",
    "signIn": "Sign in",
    "createAccount": "Create an account",
    "accountName": "Name (3 to 24 characters)",
    "password": "Password",
    "newPassword": "New password (8 characters or more)",
    "signOut": "Sign out",
    "signedOut": "Signed out.",
    "downloadGames": "Download your games",
    "changePassword": "Change the password",
    "passwordChanged": "The password is changed; your other devices are signed out.",
    "deleteAccount": "Delete the account",
    "deleteAccountButton": "Delete the account for good",
    "deleteAccountWarning": "Your name, ratings and statistics go; your games with other people "
                            f"stay in their records under \"{accountwords.FORMER_PLAYER}\".",
    "accountDeleted": "The account is deleted.",
    # The statistics page.
    "statsFailed": "Could not load the statistics:",
    "byVariant": "By variant",
    "byOpponent": "By opponent",
    "variant": "Variant",
    "opponent": "Opponent",
    "games": "Games",
    "won": "Won",
    "bestScore": "Best score",
    "averageScore": "Average score",
    "played": "Played",
    "streak": "Streak",
    "bestStreak": "Best streak",
    "lastPlayed": "Last played",
    "dailyNotPlayed": "Not played yet.",
    "playToday": "Play today's game",
    "yourGames": "Your games",
    "date": "Date",
    "scores": "Scores",
    "yourRating": "Your rating",
    "ratingAfterEachGame": "Your rating after each game",
    "ratingByVariant": "Your rating by variant",
    "game": "Game",
    "rules": "Rules",
    "result": "Result",
    "rating": "Rating",
    "interval": "Interval",
}


#: The label of the Settings' language choice (each language is named in itself there).
LANGUAGE_LABEL: Final = N_("Language")


def language_choice(language: str) -> dict[str, Any]:
    """The Settings' language choice for a page in ``language``: the language it is in, the
    choice's label in it, and each language by its code, ``lang`` tag and own name.

    >>> choice = language_choice("fr")
    >>> choice["current"], choice["label"], choice["choices"][2]
    ('fr', 'Langue', {'code': 'pt_BR', 'tag': 'pt-BR', 'name': 'Português (Brasil)'})
    """
    with using(language) as chosen:
        return {"current": chosen, "label": _(LANGUAGE_LABEL),
                "choices": [{"code": code, "tag": html_lang(code), "name": name}
                            for code, name in NATIVE_NAMES.items()]}


def labels_in(language: str) -> dict[str, str]:
    """:data:`LABELS` said in ``language`` (each through the catalog), ``locale`` the tag the
    browser's ``Intl`` formats numbers and dates with.

    >>> labels_in("en") == LABELS
    True
    >>> labels_in("pt_BR")["locale"], labels_in("qps")["nextHand"]
    ('pt-BR', '⟦Next hand⟧')
    """
    with using(language) as chosen:
        said = {name: _(text) for name, text in LABELS.items() if name != "locale"}
        return {"locale": intl_locale(chosen), **said}


def javascript(labels: dict[str, str] = LABELS, keys: dict[str, str] | None = None,
               language: dict[str, Any] | None = None) -> str:
    """The browser's ``labels.js``: ``labels`` as one frozen object, ``LABELS``, the single
    keys (:func:`doublesix.words.keywords.single_keys`) as ``KEYS`` and the language choice
    (:func:`language_choice`) as ``LANGUAGE``, English's when None.  The server writes one a
    language (``/static/labels/es.js``).

    >>> print(javascript({"nextHand": "Next hand"}, {"draw": "d"}).splitlines()[7:13])
    ['export const LABELS = Object.freeze({', '  "nextHand": "Next hand",', '});', \
'export const KEYS = Object.freeze({', '  "draw": "d",', '});']
    """
    with using("en"):
        keys = single_keys() if keys is None else keys
        language = language_choice("en") if language is None else language

    def frozen(values: dict[str, str]) -> str:
        return "".join(f"  {json.dumps(name)}: {json.dumps(text, ensure_ascii=False)},\n"
                       for name, text in values.items())

    return (
        "// @ts-check\n"
        "/**\n"
        " * The page's own labels (button names, headings, what it says while it connects or\n"
        " * loads): every word the scripts show that the server does not send, and the single\n"
        " * keys. Written from src/doublesix/words/pagelabels.py by `python -m\n"
        " * doublesix.words.pagelabels`: change them there. The server writes one a language.\n"
        " */\n"
        "export const LABELS = Object.freeze({\n"
        f"{frozen(labels)}"
        "});\n"
        "export const KEYS = Object.freeze({\n"
        f"{frozen(keys)}"
        "});\n"
        f"export const LANGUAGE = Object.freeze({json.dumps(language, ensure_ascii=False)});\n"
    )


def module_in(language: str) -> str:
    """The labels module of ``language``: its labels and its single keys.

    >>> 'export const KEYS' in module_in("es"), '"locale": "es"' in module_in("es")
    (True, True)
    """
    with using(language):
        return javascript(labels_in(language), single_keys(), language_choice(language))


if __name__ == "__main__":  # pragma: no cover - the command that writes labels.js
    print(javascript(), end="")
