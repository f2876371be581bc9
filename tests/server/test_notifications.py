"""server/notifications.py: the notes the server processes send each other are read back
as they were written, and a payload that is no note is refused whole, with one clear
error, before the cluster acts on any of it."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.server.cluster import Postgres
from cardtable.server.notifications import (
    ActionNote,
    AliveNote,
    EventNote,
    NoteError,
    PresenceNote,
    QuestionNote,
    SeeksNote,
    action_note,
    alive_note,
    decode,
    event_note,
    presence_note,
    question_note,
    seeks_note,
)
from cardtable.server.storage import ActionRow


@pytest.mark.parametrize(("payload", "note"), [
    (action_note("g1", 7, 1, "play a|b 3", None, 1712345678.123456),
     ActionNote("g1", 7, 1, None, 1712345678.123456, "play a|b 3")),
    (action_note("g1", 0, 0, "pass", "computer", 2.5),
     ActionNote("g1", 0, 0, "computer", 2.5, "pass")),
    (event_note("g2", "undo"), EventNote("g2", "undo")),
    (presence_note("p1", "g3", ((True, False, True), 4, (False, False, True))),
     PresenceNote("p1", "g3", ((True, False, True), 4, (False, False, True)))),
    (question_note("p1", "g3"), QuestionNote("p1", "g3")),
    (alive_note("p9"), AliveNote("p9")),
    (seeks_note(["s1", "s2", "s3"]), SeeksNote(["s1", "s2", "s3"])),
])
def test_each_note_reads_back_as_it_was_written(payload: str, note: object) -> None:
    assert decode(payload) == note


def test_the_payloads_are_the_ones_other_processes_read() -> None:
    # the text on the wire: a process of the previous version must still read it
    assert action_note("g", 3, 1, "take x", None, 1.5) == "a|g|3|1||1.5|take x"
    assert event_note("g", "seats") == "e|g|seats"
    assert presence_note("p", "g", ((True, True), 0, (False, True))) == "p|p|g|12|0"
    assert seeks_note(["a", "b"]) == "k|a,b"


@pytest.mark.parametrize("payload", [
    "", "x|g", "a|g|1|0||1.0", "a|g|one|0||1.0|pass", "a|g|1|-1||1.0|pass",
    "a|g|1|0||soon|pass", "a||1|0||1.0|pass", "e|g", "e|g|exploded", "e|g|seats|x",
    "p|p|g|13|0", "p|p|g|12", "p|p|g|12|-1", "q|p", "q|p|g|x", "h|", "h|a|b", "k|a,,b",
])
def test_a_malformed_payload_is_one_clear_error(payload: str) -> None:
    with pytest.raises(NoteError, match="notification"):
        decode(payload)


@pytest.mark.parametrize(("write", "args"), [
    (event_note, ("g", "exploded")), (event_note, ("g|h", "seats")),
    (question_note, ("p|q", "g")), (seeks_note, ([],)), (seeks_note, (["a,b"],)),
    (action_note, ("g|h", 0, 0, "pass", None, 1.0)),
])
def test_a_note_that_could_not_be_read_back_is_not_written(write: Any,
                                                           args: tuple[Any, ...]) -> None:
    with pytest.raises(NoteError):
        write(*args)


class _Rooms:
    """Records what the cluster tells the rooms."""

    def __init__(self) -> None:
        self.rooms: dict[str, Any] = {}
        self.told: list[tuple[str, Any]] = []

    def heard_action(self, game_id: str, row: ActionRow) -> None:
        self.told.append((game_id, row))

    def heard_event(self, game_id: str, kind: str) -> None:
        self.told.append((game_id, kind))

    def heard_presence(self, game_id: str) -> None:
        self.told.append((game_id, "presence"))


def _cluster() -> tuple[Postgres, _Rooms]:
    cluster = Postgres("postgresql://nobody@127.0.0.1:1/none")   # never connected
    rooms = _Rooms()
    cluster._rooms = rooms  # type: ignore[assignment]
    return cluster, rooms


def test_the_cluster_hears_a_note_and_refuses_a_malformed_one_changing_nothing() -> None:
    cluster, rooms = _cluster()
    cluster._heard_note(action_note("g", 2, 1, "pass", "computer", 3.0))
    cluster._heard_note(presence_note("other", "g", ((True, False), 1, (False, False))))
    assert rooms.told == [("g", ActionRow(2, 1, "pass", 3.0, "computer")),
                          ("g", "presence")]
    assert cluster.remote("g") == [((True, False), 1, (False, False))]
    for payload in ("a|g|3|1||3.0", "p|late|g|1x|0", "e|g|exploded"):
        with pytest.raises(NoteError):
            cluster._heard_note(payload)
    assert len(rooms.told) == 2
    assert set(cluster._heard) == {"other"}
