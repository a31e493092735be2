"""The languages of the words (:mod:`doublesix.words.i18n`): choosing a language, plurals and
contexts, numbers and dates the local way, the pseudo-languages, and the catalogs: complete,
current with the sources, and shipped compiled."""

from __future__ import annotations

import asyncio
import datetime
import io
from pathlib import Path

import pytest

from doublesix import Match, Rules
from doublesix.terminal.commands import phrase_of
from doublesix.words import (
    accountwords,
    catalogs,
    chatwords,
    lobbywords,
    matchwords,
    results,
    tabletalk,
    talk,
    watchwords,
)
from doublesix.words.i18n import (
    LANGUAGES,
    _,
    choose,
    current,
    direction,
    from_environment,
    negotiate,
    ngettext,
    number,
    pgettext,
    short_date,
    using,
)
from tests.support.web import run_async


@pytest.mark.parametrize(("header", "language"), [
    ("es-419,es;q=0.9,en;q=0.8", "es"),
    ("pt-PT", "pt_BR"),
    ("pt-BR,pt;q=0.9", "pt_BR"),
    ("fr-CA", "fr"),
    ("de-DE,de;q=0.9", "en"),
    ("en-US,fr;q=0.5", "en"),
    ("de;q=0.9, fr;q=0.8, es;q=0.85", "es"),
    ("fr;q=0, es", "es"),
    ("*", "en"),
    ("", "en"),
    ("nonsense;;q=x, fr", "fr"),
])
def test_accept_language_is_negotiated_to_a_language_we_speak(header: str,
                                                              language: str) -> None:
    assert negotiate(header) == language


def test_the_locale_variables_in_posix_order() -> None:
    assert from_environment({"LC_ALL": "", "LC_MESSAGES": "es_AR.UTF-8", "LANG": "fr_FR"}) == "es"
    assert from_environment({"LANG": "pt_BR.ISO-8859-1"}) == "pt_BR"
    assert from_environment({"LANG": "POSIX"}) == "en"
    assert from_environment({}) == "en"
    assert choose(["xx-YY", "fr@euro"]) == "fr"


def test_numbers_and_dates_the_local_way() -> None:
    day = datetime.date(2026, 12, 4)
    said = {}
    for language in LANGUAGES:
        with using(language):
            said[language] = (number(1524), short_date(day))
    assert said["en"] == ("1,524", "4 Dec")
    assert said["es"] == ("1.524", "4 dic")
    assert said["pt_BR"] == ("1.524", "4 de dez.")  # CLDR's Brazilian order, "de" and all
    assert said["fr"] == ("1\u202f524", "4 déc.")


def test_plurals_follow_each_language_s_rule() -> None:
    """French and Brazilian Portuguese say 0 in the singular, Spanish and English in the
    plural."""
    zero = {}
    for language in LANGUAGES:
        with using(language):
            zero[language] = (talk.tiles(0), talk.tiles(1), talk.tiles(2))
    assert zero == {"en": ("0 tiles", "1 tile", "2 tiles"),
                    "es": ("0 fichas", "1 ficha", "2 fichas"),
                    "pt_BR": ("0 pedra", "1 pedra", "2 pedras"),
                    "fr": ("0 domino", "1 domino", "2 dominos")}


def _daily_played(day: datetime.date) -> Match:
    """The daily game of ``day`` played to its end by each seat's first legal move."""
    match = Match.daily(day)
    while match.turn is not None:
        match.play(match.legal_moves()[0])
    return match


def test_the_daily_share_text_counts_each_number_in_its_own_plural() -> None:
    """One point, one tile drawn: each count of the share text takes its own plural form, in
    every language (it read "1 points" and "1 tiles laid" when the counts were glued into one
    sentence)."""
    lost_by_one = _daily_played(datetime.date(2026, 7, 19))  # lost by 1 point, 1 tile drawn
    said = {}
    for language in LANGUAGES:
        with using(language):
            said[language] = results.share_text(lost_by_one, "2026-07-19")
    assert said == {
        "en": "doublesix daily 2026-07-19: lost by 1 point; 6 tiles laid, 1 drawn.",
        "es": "doublesix diaria 2026-07-19: perdida por 1 punto; 6 fichas puestas, 1 robada.",
        "pt_BR": "doublesix diário 2026-07-19: derrota por 1 ponto; 6 pedras jogadas, "
                 "1 comprada.",
        "fr": "doublesix du jour 2026-07-19 : perdue de 1 point ; 6 dominos posés, 1 pioché.",
    }
    won_by_more = _daily_played(datetime.date(2026, 1, 19))
    assert results.share_text(won_by_more, "2026-01-19", accuracy=0.5) == (
        "doublesix daily 2026-01-19: won by 15 points; 7 tiles laid, 1 drawn; accuracy 50%.")


def test_a_context_tells_one_english_word_s_meanings_apart() -> None:
    """"draw" the command, "Draw" the game, and a drawn hand."""
    with using("es"):
        assert pgettext("command", "draw") == "robar"
        assert _("Draw") == "Robado"
        assert _("The hand is drawn") == "La mano queda empatada"
    with using("pt_BR"):
        assert (pgettext("command", "draw"), _("Draw")) == ("comprar", "Compra")


def test_the_language_belongs_to_its_context() -> None:
    """Two tasks at once, each in its own language (a server's seats), and English outside."""

    async def seat(language: str) -> list[str]:
        with using(language):
            said = [_("Your turn.")]
            await asyncio.sleep(0)
            said.append(_("Your turn."))
            return said

    async def both() -> list[list[str]]:
        return list(await asyncio.gather(seat("fr"), seat("es")))

    assert run_async(both()) == [["À vous de jouer."] * 2, ["Tu turno."] * 2]
    assert current() == "en"


def test_sentences_are_said_in_the_language_of_the_moment() -> None:
    """A seat's whole sentence in Spanish: the person conjugated as "tú", the names, the
    numbers."""
    match = Match(Rules.variant("draw"), seed=5)
    assert match.turn is not None
    with using("es"):
        assert talk.counts_sentence(match.view(0), ["You", "Bea"]) == \
            "Bea tiene 7 fichas. Pozo: 14 fichas."
        assert talk.turn_sentence(match.view(1 - match.turn), ["You", "Bea"]) == "Turno de Bea."
        assert talk.scores_sentence([0, 15], ["You", "Bea"], 100) == \
            "Tanteo, a 100. Tú: 0, Bea: 15."
    assert talk.scores_sentence([0, 15], ["You", "Bea"], 100) == \
        "Scores, playing to 100. You: 0, Bea: 15."


def test_the_pseudo_languages() -> None:
    with using("qps"):
        assert _("{name}'s turn.").format(name="Bea") == "⟦Bea's turn.⟧"
        assert ngettext("{count} tile", "{count} tiles", 2).format(count=2) == "⟦2 tiles⟧"
        assert direction() == "ltr"
    with using("qps-rtl"):
        assert _("{name}'s turn.").format(name="Bea") == "Bea's nrut."
        assert _("Your turn, {name}.") == "ruoY nrut, {name}."
        assert direction() == "rtl"


def test_every_catalog_is_complete() -> None:
    """The command CI runs: no catalog misses or doubts (fuzzy) a message, and none loses a
    placeholder."""
    out = io.StringIO()
    assert catalogs.check(out) == 0, out.getvalue()
    assert out.getvalue().strip() == "0 problems in 3 catalogs."


def test_the_template_holds_every_marked_message() -> None:
    """``extract`` was run after the last marked message changed."""
    def keys(catalog: object) -> set[tuple[object, object]]:
        return {(m.id, m.context) for m in catalog if m.id}  # type: ignore[attr-defined]

    assert keys(catalogs.template()) == keys(catalogs._read(catalogs.TEMPLATE))


@pytest.mark.parametrize("language", catalogs.translated_languages())
def test_each_shipped_catalog_is_the_compile_of_its_po(language: str) -> None:
    """So the package needs no build step: the README's two commands find them compiled."""
    assert catalogs.mo_path(language).read_bytes() == catalogs.compiled(language)


def test_check_finds_a_missing_a_fuzzy_and_a_broken_entry(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    text = catalogs.po_path("es").read_text(encoding="utf-8")
    text = text.replace('msgstr "Tu turno."', 'msgstr ""', 1)
    text = text.replace('msgstr "{name} está pensando."', 'msgstr "{nombre} está pensando."')
    text = text.replace('msgid "Goodbye."', '#, fuzzy\nmsgid "Goodbye."', 1)
    broken = tmp_path / "doublesix.po"
    broken.write_text(text, encoding="utf-8")
    monkeypatch.setattr(catalogs, "po_path", lambda language: broken)
    found = catalogs.problems("es")
    assert "missing es: 'Your turn.'" in found
    assert "fuzzy es: 'Goodbye.'" in found
    assert any(line.startswith("placeholders es: '{name} is thinking.'") for line in found)
    assert catalogs.check(io.StringIO()) == 1


# -- the modules marked in issue 43's second part: a sentence of each, in Spanish and marked --


def test_the_table_s_sentences_are_translated() -> None:
    """``words.tabletalk``: a person's own moves conjugated for "tú", the others' for them."""
    runs = [("Bea", [("draw", "2"), ("pass", "")]), ("You", [("lay", "4|4")])]
    with using("es"):
        assert tabletalk.away_summary(runs) == \
            "Mientras no estabas: Bea robó 2 fichas y pasó, pusiste 4|4."
        assert tabletalk.away(["Bea", "Cid"]) == "Bea y Cid no están."
        assert tabletalk.duration(150) == "2 minutos"
    with using("qps"):
        said = tabletalk.stands_in("Greedy", "Bea")
    assert said == "⟦Greedy plays for Bea until Bea is back.⟧"
    assert tabletalk.stands_in("Greedy", "Bea") == "Greedy plays for Bea until Bea is back."


def test_watching_is_said_in_the_watcher_s_language() -> None:
    """``words.watchwords``: the count of watchers through the plural rule."""
    with using("es"):
        assert watchwords.watchers(1) == "1 persona está mirando."
        assert watchwords.hidden_hand("Ana", 5) == "Mano de Ana: 5 fichas, boca abajo."
        assert watchwords.watching_status(None) == "Estás mirando."
    with using("qps"):
        assert watchwords.watchers(12) == "⟦12 people are watching.⟧"
    assert watchwords.watchers(12) == "12 people are watching."


def test_quick_chat_is_said_in_each_language() -> None:
    """``words.chatwords``: the phrases, the refusals (still known as refusals), and ``say``
    taking the phrase's words in the language of the moment as well as in English."""
    with using("es"):
        assert chatwords.said("good-luck", "Ana") == "Ana: ¡Suerte!"
        assert chatwords.say_lines()[1] == "  1. ¡Hola!"
        assert chatwords.refuses(chatwords.too_many(3, 10))
        assert chatwords.refuses(chatwords.unknown("boo"))
        assert chatwords.refuses(_(chatwords.ONLY_SEATED))
        assert phrase_of("suerte") == phrase_of("good luck") == chatwords.PHRASES["good-luck"]
    with using("qps"):
        assert chatwords.said("thanks", "Bea") == "⟦Bea: Thanks!⟧"
    assert chatwords.said("thanks", "Bea") == "Bea: Thanks!"


def test_the_lobby_is_said_in_each_language() -> None:
    """``words.lobbywords``: the plural rule, and a rating written the local way."""
    with using("es"):
        assert lobbywords.opened_ago(14) == "Abierta hace 14 minutos."
        assert lobbywords.seat_line("Ana", 15120, host=True) == \
            "Ana, puntuación 15.120, el anfitrión"
    with using("fr"):
        assert lobbywords.table_title("Ana", "Pioche", 2) == "Table de Ana : Pioche, 2 joueurs"
    with using("qps"):
        assert lobbywords.opened_ago(1) == "⟦Opened a minute ago.⟧"
    assert lobbywords.opened_ago(150) == "Opened 2 hours ago."


def test_quick_match_is_said_in_each_language() -> None:
    """``words.matchwords``: three sentences in one message, each said the language's way."""
    with using("es"):
        assert matchwords.found("Pinocho", 2) == \
            "Nadie más llegó a tiempo: Pinocho juega en los 2 asientos vacíos. La partida " \
            "empieza ahora."
        assert matchwords.waiting(1, 1500, 100, 20).startswith(
            "Buscando partida: 1 persona más está esperando esta. Tu puntuación es 1.500:")
    with using("qps"):
        assert matchwords.not_players("3") == "⟦'3' is not a number of players here: type 2 or 4.⟧"
    assert matchwords.found(None, 0) == "Found a game: it starts now."


def test_accounts_are_said_in_each_language() -> None:
    """``words.accountwords``: a count of games joined through the plural rule."""
    with using("pt_BR"):
        assert accountwords.joined(3, rating=True) == \
            "As 3 partidas deste navegador e a pontuação dele foram juntadas à sua conta."
    with using("es"):
        assert accountwords.signed_in("Ana") == "Sesión iniciada como Ana."
        assert _(accountwords.WRONG) == \
            "Ese nombre y esa contraseña no corresponden a ninguna cuenta."
    with using("qps"):
        assert accountwords.signed_out_at("http://x") == "⟦Signed out at http://x.⟧"
    assert accountwords.joined(1, rating=False) == "This browser's game joined your account."
