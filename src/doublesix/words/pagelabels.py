"""The web page's own labels: the words its scripts show that no game, table or person fills
in (button names, headings, column heads, the page's titles, what it says while it connects or
loads, and the lead of a failure whose reason follows). Every sentence with a name, a number
or a tile in it is the server's, sent with the pictures and answers
(:mod:`doublesix.words.pagewords` and the other words).

The browser reads them from ``web/static/labels.js``, which :func:`javascript` writes from
:func:`translated` (``python -m doublesix.words.pagelabels > src/doublesix/web/static/labels.js``;
``tests/test_web_static.py`` fails while the two differ). ``locale`` is the language the page
formats its numbers in. The page's markup (``index.html``) holds its own headings and help.

Each label is a message marked with ``N_`` (:data:`MESSAGES`), said by :func:`translated` in the
language of the moment; :data:`LABELS` holds them in English, the source language.

>>> LABELS["nextHand"], LABELS["gamePageTitle"]
('Next hand', 'Game · doublesix')
>>> from doublesix.words.i18n import using
>>> with using("es"):
...     translated()["nextHand"], translated()["gamePageTitle"], translated()["locale"]
('Siguiente mano', 'Partida · doublesix', 'es')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from doublesix.words import (
    accountwords,
    lessonwords,
    lobbywords,
    matchwords,
    names,
    pagewords,
    watchwords,
)
from doublesix.words.i18n import (
    ENGLISH,
    N_,
    NATIVE_NAMES,
    _,
    babel_locale,
    current,
    html_lang,
    using,
)
from doublesix.words.keywords import single_keys
from doublesix.words.pagewords import page_title

#: Every label's message, by the name the page's scripts use (``LABELS.nextHand``): the
#: pages' titles (:data:`TITLES`) before the site's name, ``locale`` the page's language.
MESSAGES: Final[dict[str, str]] = {
    # The language the page writes numbers and units in.
    "locale": "",
    # The pages' titles and headings.
    "homePageTitle": N_("doublesix: dominoes"),
    "gamePageTitle": N_("Game"),
    "statsPageTitle": N_("Statistics"),
    "accountPageTitle": N_("Account"),
    "lobbyPageTitle": N_("Lobby"),
    "watchPageTitle": watchwords.WATCH_TITLE,
    "joinPageTitle": N_("Join a game"),
    "joinTitle": N_("Join a game of dominoes"),
    "dailyGame": N_("Daily game"),
    "dealingDaily": N_("Dealing today's game…"),
    "dailyFailed": N_("Could not deal the daily game:"),
    "backToLastGame": N_("Go back to your last game"),
    "lastGameOver": N_("Your last game is over."),
    "gameNotFound": N_("Game not found"),
    "gameElsewhere": N_("This game was started in another browser, or it is no longer here. "
                        "Start a new one from the front page."),
    "noSeatHere": N_("This browser does not hold a seat in that game."),
    "noSuchGame": N_("There is no such game on this server. Start a new one from the front page."),
    "gameDamaged": N_("This game cannot be loaded"),
    "gameDamagedText": N_("Its save on this server cannot be read (it is damaged, or a newer "
                          "release of doublesix saved it), so it cannot go on here. The save is "
                          "left as it is. Start a new game from the front page."),
    "serverFailed": N_("The server could not answer."),
    # The installed app, opened when the server cannot be reached.
    "serverAway": N_("The server cannot be reached"),
    "serverAwayText": N_("doublesix opened from what this device keeps, but playing needs the "
                         "server. Check the connection, then reload the page."),
    "loading": N_("Loading…"),
    # The connection.
    "connecting": N_("Connecting…"),
    "connectedAgain": N_("Connected again."),
    "connectionLost": N_("Connection lost. Reconnecting…"),
    "reconnecting": N_("Connection lost: reconnecting…"),
    "notFollowing": N_("Not following the game."),
    "tooManyPlaces": N_("This window stopped following the game: it is open in too many places. "
                        "Use Connect again to take it back."),
    "notConnected": N_("Not connected: wait for the connection to come back."),
    "error": N_("Error:"),
    # The game screen.
    "waitingForConnection": N_("Waiting for the connection…"),
    "sending": N_("Sending…"),
    "turnComing": N_("Your turn is coming…"),
    "drawWhenNothingFits": N_("You can draw only when nothing fits"),
    "hintBadge": N_("Hint"),
    "choiceCancelled": N_("Choice cancelled."),
    "thinking": N_("Thinking…"),
    "toPlay": N_("To play"),
    "partner": N_("partner"),
    "away": N_("away"),
    "endLeft": N_("L"),
    "endRight": N_("R"),
    "endUp": N_("U"),
    "endDown": N_("D"),
    "resignQuestion": N_("Resign this game? It counts as a loss."),
    "takeBack": pagewords.TAKE_BACK,
    # The dialogs: rules, settings, scoresheet, tiles played.
    "rulesFailed": N_("Could not load the rules:"),
    "on": N_("on"),
    "off": N_("off"),
    "soundOn": N_("Sound on."),
    "soundOff": N_("Sound off."),
    "noHandYet": N_("No hand finished yet."),
    "hand": N_("Hand"),
    "how": N_("How"),
    "total": N_("Total"),
    "trackerKey": N_("✓ played, • in your hand."),
    # The settings, and the look (the theme, the felt, the tiles: issue 44).
    "settings": N_("Settings"),
    "pace": N_("Pace: the pause after each opponent's move:"),
    "soundEffects": N_("Sound effects"),
    "singleKeys": N_("Single-key shortcuts (L, R, U, D, H, E, S; D draws when nothing fits) while "
                     "the game has focus"),
    "autodraw": N_("Draw automatically until a tile fits (each draw is still said)"),
    "reduceMotion": N_("Reduce motion (also follows your system setting)"),
    "look": N_("Look"),
    "lookKept": N_("Kept in this browser, and by your account while you are signed in."),
    "theme": N_("Theme"),
    "themeSystem": N_("As the system (light or dark; high contrast when the system asks for it)"),
    "themeLight": N_("Light"),
    "themeDark": N_("Dark"),
    "themeContrast": N_("High contrast"),
    "felt": N_("Table felt"),
    "feltGreen": N_("Green"),
    "feltBlue": N_("Blue"),
    "feltRed": N_("Red"),
    "feltGrey": N_("Grey"),
    "tiles": N_("Tiles"),
    "tilesPips": N_("Pips"),
    "tilesNumerals": N_("Numerals"),
    "tilesColours": N_("Pips coloured by number (a palette colour-blind players can tell apart)"),
    # The coach (issue 44): newcomers are those with fewer than 5 finished games (coach.js);
    # "coach", the panel's title, is the lessons' word below.
    "coachHelp": N_("Says at once when a move loses much more than the best one, with the better "
                    "move and why. Only in games against the computers: never at a table of "
                    "people or in the daily game."),
    "coachMe": N_("Coach me"),
    "coachAuto": N_("In my first 5 games"),
    "coachOn": N_("Always"),
    "coachOff": N_("Never"),
    "done": N_("Done"),
    # The result.
    "scoresheet": N_("Scoresheet"),
    "handsLaidOpen": N_("Every hand laid open"),
    "textToShare": N_("Text to share"),
    "copyResult": N_("Copy the result"),
    "copied": N_("Copied"),
    "copiedSaid": N_("Copied."),
    "copyYourself": N_("Select the text and copy it."),
    "shareToday": N_("Share today's result"),
    "nextHand": N_("Next hand"),
    "dealingNextHand": N_("Dealing the next hand…"),
    "waitingForConnectionBack": N_("Waiting for the connection to come back"),
    "playAgain": N_("Play again"),
    "newGame": N_("New game"),
    "askedAgain": N_("You asked to play again. The new game starts when everyone at the table "
                     "agrees."),
    "waitingForOthers": N_("Waiting for the others…"),
    "goToNewGame": N_("Go to the new game"),
    "downloadRecord": N_("Download the record"),
    "startFailed": N_("Could not start the game:"),
    "review": N_("Review"),
    "reviewTheHand": N_("Review the hand"),
    "reviewTheGame": N_("Review the game"),
    "reviewThisHand": N_("Review this hand"),
    "lookAtTheTable": N_("Look at the table"),
    # The new-game form.
    "optionsFailed": N_("Could not load the game options:"),
    "aPerson": N_("A person (invite)"),
    "computerPlayers": N_("Computer players"),
    "targetWhole": N_("Points to win must be a whole number."),
    "rulesConflict": N_("These rules cannot be played together; see:"),
    "nameMissing": N_("Type the name the others will see."),
    "nameTooLong": N_("A name can have at most 24 characters."),
    "nameForbidden": N_("A name cannot contain control characters or invisible formatting "
                        "characters (such as text-direction marks)."),
    "nameInvisible": names.NAME_INVISIBLE,
    # The waiting room and the invitation.
    "loopbackInvite": N_("This page is open at this computer's own address (such as 127.0.0.1 or "
                         "localhost), so a friend's phone cannot open these invitation links. To "
                         "invite, start the server at this computer's address on your network "
                         "(doublesix serve --host 192.168.1.20, with your own address) and open "
                         "this page there."),
    "startGame": N_("Start the game"),
    "starting": N_("Starting…"),
    "notEveryoneHere": N_("Not everyone is here yet."),
    "copyLink": N_("Copy link"),
    "copyNotAllowed": N_("Copying is not allowed here: the link is selected, copy it yourself."),
    "share": N_("Share"),
    "shareTitle": N_("A game of dominoes"),
    "shareFailed": N_("Sharing did not work here: copy the link instead."),
    "seatComputer": N_("Seat this computer"),
    "orComputer": N_("Or let a computer take this seat:"),
    "opening": N_("Opening the invitation…"),
    "noInvitation": N_("Invitation not found"),
    "noInvitationText": N_("There is no such invitation on this server: check that the whole link "
                           "was copied, or start a game of your own from the front page."),
    "invitationFailed": N_("Could not open the invitation:"),
    "yourSeat": N_("Your seat"),
    "yourName": N_("Your name"),
    "nameHelp": N_("The others see it at the table: up to 24 characters."),
    "joining": N_("Joining…"),
    "whoSitsWhere": N_("Who sits where"),
    "theRules": N_("The rules"),
    # The lobby.
    "lobbyFailed": N_("Could not load the lobby:"),
    "sitHere": lobbywords.SIT,
    "watch": watchwords.WATCH,
    "quickMatch": N_("Quick match"),
    "quickGame": N_("Game"),
    "quickPlayers": N_("Players"),
    "quickRated": N_("Rated: the game moves your rating"),
    "quickName": N_("Your name at the table"),
    "findGame": N_("Find a game"),
    "leaveQueue": N_("Leave the queue"),
    "leftQueue": matchwords.LEFT,
    "quickFailed": N_("Could not find a game:"),
    # The account page.
    "accountFailed": N_("Could not load the account:"),
    "accountRefused": N_("Not done:"),
    "accountWhy": N_("An account keeps your games, statistics and rating on every device. You can "
                     "play without one."),
    "signIn": N_("Sign in"),
    "createAccount": N_("Create an account"),
    "accountName": N_("Name (3 to 24 characters)"),
    "password": N_("Password"),
    "newPassword": N_("New password (8 characters or more)"),
    "signOut": N_("Sign out"),
    "signedOut": N_("Signed out."),
    "downloadGames": N_("Download your games"),
    "changePassword": N_("Change the password"),
    "passwordChanged": N_("The password is changed; your other devices are signed out."),
    "deleteAccount": N_("Delete the account"),
    "deleteAccountButton": N_("Delete the account for good"),
    "deleteAccountWarning": N_("Your name, ratings and statistics go; your games with other people "
                               "stay in their records under \"{former}\"."),
    "accountDeleted": N_("The account is deleted."),
    # The statistics page.
    "statsFailed": N_("Could not load the statistics:"),
    "byVariant": N_("By variant"),
    "byOpponent": N_("By opponent"),
    "variant": N_("Variant"),
    "opponent": N_("Opponent"),
    "games": N_("Games"),
    "won": N_("Won"),
    "bestScore": N_("Best score"),
    "averageScore": N_("Average score"),
    "played": N_("Played"),
    "streak": N_("Streak"),
    "bestStreak": N_("Best streak"),
    "lastPlayed": N_("Last played"),
    "dailyNotPlayed": N_("Not played yet."),
    "playToday": N_("Play today's game"),
    "yourGames": N_("Your games"),
    "date": N_("Date"),
    "scores": N_("Scores"),
    "yourRating": N_("Your rating"),
    "ratingAfterEachGame": N_("Your rating after each game"),
    "ratingByVariant": N_("Your rating by variant"),
    "game": N_("Game"),
    "rules": N_("Rules"),
    "result": N_("Result"),
    "rating": N_("Rating"),
    "interval": N_("Interval"),
    # The lessons (issue 44): their list, the front page's offer, the coach's panel.
    "learnToPlay": lessonwords.LEARN_TO_PLAY,
    "learnPageTitle": lessonwords.LEARN_TO_PLAY,
    "learnLead": lessonwords.LEARN_LEAD,
    "learnOffer": lessonwords.LEARN_OFFER,
    "coach": lessonwords.COACH,
    "nextLesson": lessonwords.NEXT_LESSON,
    "allLessons": lessonwords.ALL_LESSONS,
    "playAGame": lessonwords.PLAY_A_GAME,
    "lessonDraw": lessonwords.TOPICS["draw"],
    "lessonBlock": lessonwords.TOPICS["block"],
    "lessonAllFives": lessonwords.TOPICS["all-fives"],
    "lessonMuggins": lessonwords.TOPICS["muggins"],
    "lessonPartnership": lessonwords.TOPICS["partnership"],
}

#: The labels that are a page's title, said with the site's name (:func:`page_title`).
TITLES: Final = frozenset({"gamePageTitle", "statsPageTitle", "accountPageTitle",
                           "lobbyPageTitle", "watchPageTitle", "joinPageTitle",
                           "learnPageTitle"})


def locale_tag() -> str:
    """The page's language as a BCP 47 tag, for its numbers and units (English for a
    pseudo-language).

    >>> with using("pt_BR"):
    ...     locale_tag()
    'pt-BR'
    """
    return str(babel_locale()).replace("_", "-")


def translated() -> dict[str, str]:
    """Every label of the page in the language of the moment, in :data:`MESSAGES`' order.

    >>> with using("fr"):
    ...     translated()["signIn"]
    'Se connecter'
    """
    said = {}
    for name, message in MESSAGES.items():
        if name == "locale":
            said[name] = locale_tag()
        elif name in TITLES:
            said[name] = page_title(_(message))
        else:
            said[name] = _(message)
    said["deleteAccountWarning"] = said["deleteAccountWarning"].format(
        former=_(accountwords.FORMER_PLAYER))
    return said


with using(ENGLISH):
    #: Every label in English, the source language (what ``labels.js`` is written in).
    LABELS: Final[dict[str, str]] = translated()


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


def javascript(labels: Mapping[str, str] | None = None, keys: Mapping[str, str] | None = None,
               language: dict[str, Any] | None = None) -> str:
    """The browser's ``labels.js``: ``labels`` as one frozen object, ``LABELS``, the single
    keys (:func:`doublesix.words.keywords.single_keys`) as ``KEYS`` and the language choice
    (:func:`language_choice`) as ``LANGUAGE``; each, when not given, in the language of the
    moment (:func:`translated`).  The server writes one a language (:func:`module_in`).

    >>> print(javascript({"nextHand": "Next hand"}, {"draw": "d"}).splitlines()[7:13])
    ['export const LABELS = Object.freeze({', '  "nextHand": "Next hand",', '});', \
'export const KEYS = Object.freeze({', '  "draw": "d",', '});']
    """
    labels = translated() if labels is None else labels
    keys = single_keys() if keys is None else keys
    language = language_choice(current()) if language is None else language

    def frozen(values: Mapping[str, str]) -> str:
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
    """The labels module of ``language``: its labels, its single keys and its language choice.

    >>> 'export const KEYS' in module_in("es"), '"locale": "es"' in module_in("es")
    (True, True)
    """
    with using(language):
        return javascript()


if __name__ == "__main__":  # pragma: no cover - the command that writes labels.js
    print(javascript(), end="")
