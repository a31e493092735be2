"""A lesson's socket (issue 44): ``/ws/lessons/{variant}`` sends the game's own pictures and
the coach's words (every message checked against the protocol: ``DOUBLESIX_CHECK_MESSAGES``),
a wrong move is played, explained and taken back, a new socket with the standing ``moves``
comes back to where the lesson was, nothing is stored, and what a lesson does not take is
refused in words."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from doublesix.ai.lessons import LESSONS, YOU, Tutor
from doublesix.protocol.wire import CLOSE_NOT_FOUND
from doublesix.words import lessonwords
from tests.support.web import knowledge, tiles_in

Message = dict[str, Any]


def until_coach(ws: Any) -> list[Message]:
    """The messages up to and with the next coach message."""
    got: list[Message] = []
    while not got or got[-1]["type"] != "coach":
        got.append(ws.receive_json())
    return got


def test_a_lesson_to_its_end_and_back_after_a_lost_connection(client: TestClient) -> None:
    tutor = Tutor(LESSONS["muggins"])
    with client.websocket_connect("/ws/lessons/muggins") as ws:
        opening = until_coach(ws)
        assert [m["type"] for m in opening] == ["state", "coach"]
        assert opening[0]["state"]["can_undo"] is False
        assert opening[-1]["text"] == lessonwords.step_words(tutor)
        ws.send_json({"type": "lesson-next"})
        tutor.next()
        assert until_coach(ws)[-1]["progress"] == "Step 2 of 6"
        # A wrong move: its event, the table as it was, and why.
        ws.send_json({"type": "play", "move": "1|0"})
        said = until_coach(ws)
        answer = tutor.move("1|0")
        assert answer.wrong is not None
        assert [m["type"] for m in said] == ["event", "state", "coach"]
        assert said[-1]["text"] == lessonwords.wrong_words(tutor, answer.wrong)
        assert said[-1]["wrong"] and said[-1]["moves"] == ""
        assert "1|0" in said[1]["state"]["hand"] and "1|0" not in said[0]["state"]["hand"]
        ws.send_json({"type": "play", "move": "6|0"})
        tutor.move("6|0")
        said = until_coach(ws)
        # Each event with the picture just after it: the person's lay, then the computer's
        # draws one by one (the boneyard shrinking) and its lay.
        events = [m for m in said if m["type"] == "event"]
        assert [m["event"]["kind"] for m in events] == ["lay", "draw", "draw", "lay"]
        assert [m["event"]["seat"] for m in events] == [0, 1, 1, 1]
        assert [m["state"]["turn"] for m in events] == [1, 1, 1, 0]
        yard = [m["state"]["boneyard_size"] for m in events]
        assert yard[0] == yard[1] + 1 == yard[2] + 2 == yard[3] + 2
        secret = knowledge(tutor.match, YOU).secret
        assert not {tile for m in said for tile in tiles_in(m)} & secret
        moves = said[-1]["moves"]
        assert moves == "6|0 left"
    # A new socket with the standing moves: the lesson where it was.
    with client.websocket_connect(f"/ws/lessons/muggins?moves={moves}") as ws:
        opening = until_coach(ws)
        assert opening[-1]["text"] == lessonwords.step_words(tutor)
        assert opening[0]["state"]["hand"] == [str(t) for t in tutor.match.hands[YOU]]
        for move in ("4|0 up", "4|1 up", "1|0 down", "6|1 left"):
            ws.send_json({"type": "play", "move": move})
            said = until_coach(ws)
            assert not said[-1]["wrong"], said[-1]["text"]
        assert said[-1]["waits"] == "done"
        assert said[-2]["state"]["over"]
    # Never stored: no game is kept, none is counted.
    assert client.get("/api/finished").json()["games"] == []
    stats = client.get("/api/stats").json()
    assert stats["games"] == 0 and stats["by_variant"] == {}


def test_what_a_lesson_does_not_take_is_refused_in_words(client: TestClient) -> None:
    with client.websocket_connect("/ws/lessons/block?moves=9|9,nonsense") as ws:
        opening = until_coach(ws)  # moves that do not fit: the lesson from its start
        assert opening[-1]["step"] == 1 and opening[-1]["moves"] == ""
        ws.send_json({"type": "play", "move": "2|1"})
        assert ws.receive_json() == {"type": "error", "message": lessonwords.not_now()}
        ws.send_json({"type": "hint"})
        assert ws.receive_json() == {"type": "error", "message": lessonwords.not_in_lesson()}
        ws.send_json({"type": "lesson-next"})
        until_coach(ws)
        ws.send_json({"type": "lesson-next"})
        assert ws.receive_json() == {"type": "error", "message": lessonwords.not_now()}
        ws.send_json({"type": "play", "move": "6|6"})
        assert ws.receive_json()["type"] == "error"
        ws.send_text("not json")
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect("/ws/lessons/dominoes") as ws:
        assert ws.receive_json() == {"type": "error", "message": lessonwords.no_such_lesson()}
        assert ws.receive()["code"] == CLOSE_NOT_FOUND


def test_the_lessons_pages_are_the_page(client: TestClient) -> None:
    for path in ("/learn", "/learn/partnership"):
        answer = client.get(path)
        assert answer.status_code == 200 and 'id="coach"' in answer.text
