"""Tables for people in Chromium: one browser context per person (docs/protocol.md, "Tables for
people"). Setting a table with the new-game form, joining by invitation, the waiting room,
whole games with 2 and 3 people (and 2 people with 2 computers), one of them by keyboard alone,
a person leaving and coming back, a computer playing for someone away, "Play again", a used
invitation refused, names shown as text, and axe on the invitation, the waiting room and the
table. Quick computer players and one-hand games keep it short."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from tests.support.browser import (
    HANDOVER_AFTER,
    Server,
    assert_accessible,
    in_waiting_room,
    join,
    play_table,
    said,
    set_table,
    start,
    wait_said,
)
from tests.support.browser_players import KeyboardPlayer, MousePlayer, Played

#: A name with HTML in it and right-to-left letters: it must be shown as it is, as text.
TRICKY = "<b>Bea</b> שלום"
# -- helpers -------------------------------------------------------------------------------------

def seat_card(page: Page, name: str) -> Any:
    return page.locator("#game .seat").filter(has=page.locator(".seat-label", has_text=name))


# -- setting a table, joining, a whole game, play again ------------------------------------------

def test_two_people_from_the_form_to_a_rematch(make_session: Any) -> None:
    """Ana sets the table with the new-game form and copies the link; Bea joins and plays by
    keyboard alone; both see the game start, each other's turns, the result, and "Play again"
    takes both to the new game. axe on the invitation, the waiting room and the table."""
    clipboard = ["clipboard-read", "clipboard-write"]
    ana_session = make_session(record=True, permissions=clipboard)
    bea_session = make_session(record=True)
    ana = ana_session.page()
    ana.goto(ana_session.server.url + "/")
    ana.get_by_role("button", name="New game").click()
    form = ana.locator("#setup")
    form.get_by_label("Draw", exact=True).check()
    form.get_by_label("One hand").check()
    expect(form.get_by_label("Your name")).to_be_hidden()
    form.get_by_label("Opponent 1").select_option("person")
    name_field = form.get_by_label("Your name")
    expect(name_field).to_be_visible()
    # A name is needed, checked as the server does.
    name_field.fill("   ")
    form.get_by_role("button", name="Start").click()
    expect(ana.locator("#error-name")).to_contain_text("Type the name")
    expect(name_field).to_be_focused()
    expect(name_field).to_have_attribute("aria-invalid", "true")
    name_field.fill("Ana")
    assert_accessible(ana, "new-game form with a person's seat")
    form.get_by_role("button", name="Start").click()
    ana.wait_for_url(re.compile(r"/game/"))
    game_id = ana.url.rsplit("/", 1)[1]

    # The waiting room: Ana hosts; one link, copied with one button.
    in_waiting_room(ana)
    expect(ana.get_by_role("heading", name="Your table")).to_be_visible()
    seats = ana.locator("#waiting-seats > li")
    expect(seats).to_have_count(2)
    expect(seats.nth(0)).to_contain_text("Ana (host, you)")
    expect(seats.nth(1)).to_contain_text("invited, not here yet")
    link = ana.get_by_label("Invitation link for seat 2").input_value()
    assert re.fullmatch(rf"{re.escape(ana_session.server.url)}/join/{game_id}/[\w-]+", link), link
    start_button = ana.get_by_role("button", name="Start the game")
    expect(start_button).to_have_attribute("aria-disabled", "true")
    expect(ana.locator("#start-help")).to_contain_text("seat 2")
    ana.get_by_role("button", name="Copy link").click()
    expect(ana.get_by_role("button", name="Copied")).to_be_visible()
    assert ana.evaluate("navigator.clipboard.readText()") == link
    wait_said(ana, "link for seat 2 is copied")
    # Share only where the device can share.
    can_share = ana.evaluate("typeof navigator.share === 'function'")
    expect(ana.get_by_role("button", name="Share")).to_have_count(1 if can_share else 0)
    assert_accessible(ana, "the host's waiting room")

    # Bea's invitation: the rules, who sits where, a name, by keyboard alone.
    bea = bea_session.page()
    bea.goto(link)
    expect(bea.get_by_role("heading", name="Join Ana's table")).to_be_visible()
    expect(bea.locator("#join-body")).to_contain_text(
        "Ana invites you to play dominoes: Draw, one hand")
    expect(bea.locator(".join-seats li").nth(0)).to_have_text("Seat 1: Ana, who invited you")
    expect(bea.locator(".join-seats li").nth(1)).to_have_text("Seat 2: you, once you join")
    expect(bea.locator("#join .rule-list li").first).to_contain_text("2 players")
    assert_accessible(bea, "an invitation")
    expect(bea.locator("#join").get_by_label("Your name")).to_be_focused()
    bea.keyboard.type("Bea")
    bea.keyboard.press("Enter")
    bea.wait_for_url(re.compile(rf"/game/{game_id}$"))
    assert bea.evaluate(f"localStorage.getItem('doublesix.seat.{game_id}')")
    in_waiting_room(bea)
    expect(bea.get_by_role("heading", name="Ana's table")).to_be_visible()
    expect(bea.locator("#waiting-status")).to_have_text(
        "Waiting for Ana to start the game. At the table: Ana, Bea (you).")
    expect(bea.get_by_role("button", name="Start the game")).to_be_hidden()
    expect(bea.get_by_role("button", name="Copy link")).to_have_count(0)
    assert_accessible(bea, "a guest's waiting room")

    # Ana is told, and may start.
    wait_said(ana, "Bea has joined the table.")
    expect(seats.nth(1)).to_contain_text("Bea")
    expect(seats.nth(1)).to_contain_text("joined, here")
    expect(ana.get_by_label("Invitation link for seat 2")).to_have_count(0)
    # Nothing of the hand is said in the waiting room; all of it once the game starts.
    for page in (ana, bea):
        assert not any("laid" in line or "dealt" in line for line in said(page)), said(page)
    start(ana)
    for page in (ana, bea):
        wait_said(page, "The game starts.")
        wait_said(page, "Hand 1 is dealt.")
        expect(page.locator("#game")).to_be_visible()
        expect(page.locator("#waiting")).to_be_hidden()
    expect(seat_card(ana, "Bea")).to_have_count(1)
    expect(seat_card(bea, "Ana")).to_have_count(1)
    expect(ana.locator("#me-name")).to_have_text("Ana (you)")
    expect(bea.locator("#me-name")).to_have_text("Bea (you)")
    assert_accessible(ana, "the table with two people")

    keys = KeyboardPlayer(bea)
    play_table([MousePlayer(ana), keys])
    assert keys.tabs_into_hand, "Bea played by keyboard"
    # Each was told the other's turns by name, and their own as "Your turn".
    for page, other in ((ana, "Bea"), (bea, "Ana")):
        lines = said(page)
        assert any(line.startswith("Your turn") for line in lines), lines
        assert f"{other}'s turn." in lines, lines

    # Play again: Ana asks, Bea sees it, Bea agrees by keyboard; both go to the new game.
    ana.locator("#result-dialog").get_by_role("button", name="Play again").click()
    expect(ana.locator("#again-status")).to_contain_text("You want to play again.")
    expect(ana.locator("#play-again")).to_have_attribute("aria-disabled", "true")
    wait_said(bea, "Ana wants to play again.")
    expect(bea.locator("#again-status")).to_contain_text("Ana wants to play again.")
    assert_accessible(bea, "the result at a table, someone asking to play again")
    keys.press_button(bea.locator("#result-dialog").get_by_role("button", name="Play again"))
    for page in (ana, bea):
        page.wait_for_url(re.compile(r"/game/(?!" + game_id + r"$)[^/]+$"))
    new_id = ana.url.rsplit("/", 1)[1]
    assert bea.url.endswith(f"/game/{new_id}")
    for page, other in ((ana, "Bea"), (bea, "Ana")):
        expect(page.locator("#game")).to_be_visible()
        expect(seat_card(page, other)).to_have_count(1)
        assert page.evaluate(f"localStorage.getItem('doublesix.seat.{new_id}')")
    play_table([MousePlayer(ana), MousePlayer(bea)])


def test_three_people_names_as_text_and_a_used_link(make_session: Any) -> None:
    """Three people; Bea's name holds HTML and Hebrew and is shown as text everywhere; the
    invitation checks a name as the server does; a second browser on Bea's link is refused,
    Bea's own browser goes back to her seat."""
    sessions = [make_session(record=True) for _ in range(3)]
    # Ana's device can share (the Web Share API, stood in for: headless Chromium has none).
    sessions[0].context.add_init_script(
        "navigator.share = async (data) => { window.__shared = data; };")
    ana, bea, cid = (s.page() for s in sessions)
    game_id, links = set_table(sessions[0], ana, variant="block", players=3, target=0, seed=7,
                               opponents=["person", "person"], name="Ana")
    assert len(links) == 2
    in_waiting_room(ana)
    ana.get_by_role("button", name="Share the link for seat 3").click()
    shared = ana.evaluate("window.__shared")
    assert shared["url"] == links[1], shared
    assert "Block" in shared["text"], shared

    # The name is checked before it is sent.
    bea.goto(links[0])
    field = bea.locator("#join").get_by_label("Your name")
    take = bea.get_by_role("button", name="Take seat 2")
    expect(field).to_be_focused()
    for bad, words in (("", "Type the name"), ("x" * 25, "at most 24 characters"),
                       ("Bea\u202e", "formatting characters")):
        field.fill(bad)
        take.click()
        expect(bea.locator("#join-name-error")).to_contain_text(words)
        expect(field).to_have_attribute("aria-invalid", "true")
    join(bea, links[0], TRICKY)
    join(cid, links[1], "Cid")
    in_waiting_room(cid)

    # A used link: another browser is refused with a page that says so; Bea's own browser
    # goes straight back to her seat.
    stranger = make_session().page()
    stranger.goto(links[0])
    expect(stranger.get_by_role("heading", name="This seat is taken")).to_be_visible()
    expect(stranger.locator("#notice-text")).to_contain_text("an invitation seats one browser only")
    expect(stranger.get_by_role("link", name="Back to the front page")).to_be_visible()
    assert not stranger.evaluate(f"localStorage.getItem('doublesix.seat.{game_id}')")
    assert_accessible(stranger, "a used invitation")
    bea.goto(links[0])
    bea.wait_for_url(re.compile(rf"/game/{game_id}$"))
    in_waiting_room(bea)
    # Even with its storage cleared: the server knows the browser (its cookie) and gives it a
    # fresh token for its seat.
    bea.evaluate(f"localStorage.removeItem('doublesix.seat.{game_id}')")
    bea.goto(links[0])
    bea.wait_for_url(re.compile(rf"/game/{game_id}$"))
    in_waiting_room(bea)
    expect(bea.locator("#waiting-seats .seat-who").nth(1)).to_have_text(TRICKY)
    # A link that names no invitation.
    stranger.goto(links[0][:-4] + "nope")
    expect(stranger.get_by_role("heading", name="Invitation not found")).to_be_visible()

    # The name as text in the waiting room, on the table, in the result; never as HTML.
    wait_said(ana, f"{TRICKY} has joined the table.")
    expect(ana.locator("#waiting-seats .seat-who").nth(1)).to_have_text(TRICKY)
    start(ana)
    for page in (ana, cid):
        expect(seat_card(page, "Bea")).to_have_count(1)
        expect(seat_card(page, "Bea").locator(".seat-label")).to_have_text(TRICKY)
    expect(bea.locator("#me-name")).to_have_text(f"{TRICKY} (you)")
    for page in (ana, bea, cid):
        assert page.locator("main b, dialog b").count() == 0
    play_table([MousePlayer(ana), MousePlayer(bea), MousePlayer(cid)])
    for page in (ana, cid):
        assert page.locator("#result-dialog b").count() == 0
        expect(page.locator("#result-dialog .open-name").filter(has_text=TRICKY)).to_have_count(1)


def test_two_people_and_two_computers(make_session: Any) -> None:
    """Four seats: Ana, a computer, Bea (by keyboard), a computer; the computers' turns come
    between the people's; to 20 points, so both may ask for the next hand."""
    ana_session, bea_session = make_session(record=True), make_session(record=True)
    ana, bea = ana_session.page(), bea_session.page()
    _, links = set_table(ana_session, ana, variant="draw", players=4, target=20, seed=11,
                         opponents=["greedy", "person", "random"], name="Ana")
    in_waiting_room(ana)
    expect(ana.locator("#waiting-seats > li")).to_have_count(4)
    expect(ana.locator("#waiting-seats > li").nth(1)).to_contain_text("computer player")
    join(bea, links[0], "Bea")
    start(ana)
    for page in (ana, bea):
        expect(page.locator("#game .seat")).to_have_count(3)
    expect(seat_card(ana, "Greedy")).to_have_count(1)
    expect(seat_card(ana, "Random")).to_have_count(1)
    keys = KeyboardPlayer(bea)
    played = play_table([MousePlayer(ana), keys])
    assert keys.tabs_into_hand
    # Seed 11 takes two hands: someone dealt the second, and nobody was shown an error.
    assert ana.locator("#result-dialog table tbody tr").count() >= 2
    assert sum(p.hands for p in played) >= 3
    for page in (ana, bea):
        assert not any(line.startswith("Error") for line in said(page)), said(page)
    assert "Bea's turn." in said(ana)
    assert "Ana's turn." in said(bea)


def test_four_people_play_the_partnership_game(make_session: Any) -> None:
    """Four people in four browsers: the partnership game (Ana and Cal against Bea and Dev),
    one hand; Cal plays by keyboard alone. Each sees only their own tiles, hears the others'
    turns by name, and the same result."""
    sessions = [make_session(record=True) for _ in range(4)]
    pages = [session.page() for session in sessions]
    ana, bea, cal, dev = pages
    _, links = set_table(sessions[0], ana, variant="partnership", players=4, target=0,
                         seed=23, opponents=["person", "person", "person"], name="Ana")
    in_waiting_room(ana)
    for page, link, name in zip((bea, cal, dev), links, ("Bea", "Cal", "Dev"), strict=True):
        join(page, link, name)
        in_waiting_room(page)
    for name in ("Bea", "Cal", "Dev"):
        wait_said(ana, f"{name} has joined the table.")
    start(ana)
    for page in pages:
        expect(page.locator("#game .seat")).to_have_count(3)
        expect(page.locator("#hand .hand-tile").first).to_be_visible()
    # All 28 tiles are dealt; the 6|6 opened by itself: 7 + 7 + 7 + 6 between the hands.
    assert sorted(page.locator("#hand .hand-tile").count() for page in pages) == [6, 7, 7, 7]
    keys = KeyboardPlayer(cal)
    play_table([MousePlayer(ana), MousePlayer(bea), keys, MousePlayer(dev)])
    assert keys.tabs_into_hand
    titles = [page.locator("#result-title").inner_text() for page in pages]
    assert titles[0] == titles[2] and titles[1] == titles[3], titles  # partners: one result
    rows = [page.locator("#result-dialog table tbody tr").last.inner_text().split("\t")
            for page in pages]
    # The same scoresheet row on every page (the winner called "You" on their own page): the
    # hand, its points, and how it ended once each page's "You" is read as that page's name.
    assert len({tuple(row[:2]) for row in rows}) == 1, rows
    hows = {re.sub(r"\b[Yy]ou\b", me, row[2])
            for row, me in zip(rows, ("Ana", "Bea", "Cal", "Dev"), strict=True)}
    assert len(hows) == 1, rows
    for page, me in zip(pages, ("Ana", "Bea", "Cal", "Dev"), strict=True):
        lines = said(page)
        assert not any(line.startswith("Error") for line in lines), lines
        others = [name for name in ("Ana", "Bea", "Cal", "Dev") if name != me]
        assert any(f"{name}'s turn." in lines for name in others), lines[-20:]


# -- away, back, and a computer playing meanwhile ------------------------------------------------

def test_leaving_coming_back_and_a_stand_in(make_session: Any, quick_server: Server) -> None:
    """Bea closes her page: Ana is told and sees it; Bea comes back. Bea leaves again: after
    the server's hand-over time Ana lets a computer play for her, which plays her turns; Bea
    takes her seat back on return, and the game is played out."""
    ana_session = make_session(record=True, server=quick_server)
    bea_session = make_session(record=True, server=quick_server)
    ana = ana_session.page()
    bea = bea_session.page()
    game_id, links = set_table(ana_session, ana, variant="draw", players=3, target=0, seed=5,
                               opponents=["person", "greedy"], name="Ana")
    join(bea, links[0], "Bea")
    start(ana)
    expect(seat_card(ana, "Bea")).to_have_count(1)
    card = seat_card(ana, "Bea")

    # Away and back.
    bea.close()
    wait_said(ana, "Bea has left the table.")
    expect(card.locator(".away-badge")).to_be_visible()
    expect(card).to_have_class(re.compile(r"\baway\b"))
    expect(ana.locator("#table-notice")).to_contain_text("Bea is away")
    # The host is told that a computer may play for Bea after a while (or already may).
    notice = ana.locator("#table-notice-text").inner_text()
    assert ("you can let a computer play for them" in notice
            or ana.get_by_role("button", name="Let a computer play for Bea").count()), notice
    assert_accessible(ana, "the table with someone away")
    bea = bea_session.page()
    bea.goto(f"{quick_server.url}/game/{game_id}")
    wait_said(ana, "Bea is back.")
    expect(card.locator(".away-badge")).to_be_hidden()
    expect(ana.locator("#table-notice")).to_be_hidden()
    expect(bea.locator("#game")).to_be_visible()

    # Away long enough: Ana lets a computer play for Bea.
    bea.close()
    wait_said(ana, "Bea has left the table.", times=2)
    hand_over = ana.get_by_role("button", name="Let a computer play for Bea")
    expect(hand_over).to_be_visible(timeout=(HANDOVER_AFTER + 10) * 1000)
    hand_over.click()
    dialog = ana.locator("#handover-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading")).to_have_text("Let a computer play for Bea")
    assert_accessible(ana, "the hand-over dialog")
    dialog.get_by_label("Pinocchio").check()
    dialog.get_by_role("button", name="Let it play").click()
    expect(dialog).to_be_hidden()
    wait_said(ana, "Pinocchio plays for Bea until Bea is back.")
    expect(card.locator(".seat-stand-in")).to_have_text("Pinocchio playing for Bea")
    expect(hand_over).to_have_count(0)

    # Pinocchio plays Bea's turns while Ana plays hers.
    ana_player = MousePlayer(ana)
    played = Played()
    laid_before = sum(1 for line in said(ana) if line.startswith("Bea "))
    deadline = time.monotonic() + 60
    while sum(1 for line in said(ana) if line.startswith("Bea ")) < laid_before + 2:
        phase = ana.get_attribute("#game", "data-phase")
        if phase == "result":
            break
        if phase == "you":
            ana_player.play_turn(played)
        else:
            ana.wait_for_timeout(50)
        assert time.monotonic() < deadline, said(ana)[-12:]

    # Bea comes back and takes her seat back.
    bea = bea_session.page()
    bea.goto(f"{quick_server.url}/game/{game_id}")
    wait_said(ana, "Bea takes the seat back from Pinocchio.")
    expect(card.locator(".seat-stand-in")).to_be_hidden()
    expect(card.locator(".away-badge")).to_be_hidden()
    expect(bea.locator("#game")).to_be_visible()
    if ana.get_attribute("#game", "data-phase") != "result":
        play_table([ana_player, MousePlayer(bea)])

    # Bea leaves at the end; Ana plays again at once (she is the only one at the table), and
    # Bea, back at the old game, finds her seat kept in the new one.
    bea.close()
    wait_said(ana, "Bea has left the table.", times=3)
    ana.locator("#result-dialog").get_by_role("button", name="Play again").click()
    ana.wait_for_url(re.compile(r"/game/(?!" + game_id + r"$)[^/]+$"))
    new_id = ana.url.rsplit("/", 1)[1]
    bea = bea_session.page()
    bea.goto(f"{quick_server.url}/game/{game_id}")
    dialog = bea.locator("#result-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#again-status")).to_contain_text("your seat kept for you")
    dialog.get_by_role("button", name="Go to the new game").click()
    bea.wait_for_url(re.compile(rf"/game/{new_id}$"))
    expect(bea.locator("#game")).to_be_visible()
    expect(seat_card(ana, "Bea").locator(".away-badge")).to_be_hidden()


# -- the form and the pages without people stay as they were -------------------------------------

def test_a_waiting_room_seat_given_to_a_computer(make_session: Any) -> None:
    """The host gives a seat nobody took to a computer: its invitation stops working (a page
    says so), the others are told, and the game can start."""
    ana_session, bea_session = make_session(record=True), make_session(record=True)
    ana, bea = ana_session.page(), bea_session.page()
    _, links = set_table(ana_session, ana, variant="draw", players=3, target=0, seed=3,
                         opponents=["person", "person"], name="Ana")
    join(bea, links[0], "Bea")
    wait_said(ana, "Bea has joined the table.")
    ana.get_by_label("Or let a computer take this seat:").select_option("pinocchio")
    ana.get_by_role("button", name="Seat this computer").click()
    wait_said(bea, "Seat 3 is now Pinocchio.")
    expect(ana.locator("#waiting-seats > li").nth(2)).to_contain_text("Pinocchio")
    expect(ana.locator("#waiting-seats > li").nth(2)).to_contain_text("computer player")
    late = make_session().page()
    late.goto(links[1])
    expect(late.get_by_role("heading", name="This seat has gone to a computer")).to_be_visible()
    start(ana)
    for page in (ana, bea):
        expect(seat_card(page, "Pinocchio")).to_have_count(1)
    play_table([MousePlayer(ana), MousePlayer(bea)])


def test_a_waiting_room_that_stops_following_connects_again(make_session: Any) -> None:
    """The server keeps a few sockets a seat: a fifth window of the host's seat closes the
    oldest (4429). In the waiting room that window says it no longer follows the game, does not
    connect again by itself, and offers its own "Connect again" (the game bar's is hidden with
    the table); connected again, it shows what happened meanwhile (Bea joined) and can start."""
    session = make_session(record=True)
    pages = [session.page() for _ in range(5)]
    first = pages[0]
    game_id, links = set_table(session, first, variant="draw", players=2, target=0, seed=9,
                               opponents=["person"], name="Ana")
    in_waiting_room(first)
    for page in pages[1:]:
        page.goto(f"{session.server.url}/game/{game_id}")  # the same browser: the same seat
        in_waiting_room(page)
    status = first.locator("#waiting-connection")
    expect(status).to_have_text("Not following the game.")
    wait_said(first, "This window stopped following the game")
    again = first.locator("#waiting").get_by_role("button", name="Connect again")
    expect(again).to_be_visible()
    expect(first.locator("#reconnect-button")).to_be_hidden()
    first.wait_for_timeout(1500)  # no connecting again by itself
    expect(status).to_have_text("Not following the game.")

    # Bea joins meanwhile: this window does not hear it.
    join(make_session().page(), links[0], "Bea")
    for page in pages[1:]:
        wait_said(page, "Bea has joined the table.")
    seats = first.locator("#waiting-seats > li")
    expect(seats.nth(1)).to_contain_text("invited, not here yet")
    for page in pages[2:]:
        page.close()

    again.focus()
    first.keyboard.press("Enter")
    expect(status).to_be_hidden()
    expect(again).to_be_hidden()
    expect(first.locator("#waiting-title")).to_be_focused()
    wait_said(first, "Connected again.")
    expect(seats.nth(1)).to_contain_text("Bea")
    expect(seats.nth(1)).to_contain_text("joined, here")
    start(first)
    wait_said(first, "The game starts.")
    expect(first.locator("#game")).to_be_visible()
    expect(first.locator("#waiting")).to_be_hidden()
