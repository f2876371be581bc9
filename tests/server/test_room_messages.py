"""server/room_messages.py: the messages a room sends, built from the game as the room
holds it and who asks, without a room, a socket or a database. Each is checked against
an independent replay (the leak checker every websocket test uses) and against the
protocol's schema."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import load_game
from cardtable.engine.api import Event, State
from cardtable.server import room_messages as messages
from cardtable.server.storage import COMPUTER, HUMAN, ActionRow, GameRow, SeatRow

from .helpers import LeakChecker, ProtocolCheck, hidden_hand_check

NOBODY = ((False, False), 0, (False, False))


def _row(game: str, seed: int, **changes: Any) -> GameRow:
    seats = [SeatRow(0, HUMAN, None, "Ann", "tok-ann", True),
             SeatRow(1, HUMAN, None, "Bea", "tok-bea", True)]
    row = GameRow("g1", game, 2, seed, {}, "", True, 0, 0.0, False, None, seats)
    for name, value in changes.items():
        setattr(row, name, value)
    return row


def _played(game: str, seed: int, steps: int) -> tuple[State, list[ActionRow],
                                                       list[list[Event]]]:
    state = load_game(game).new_game(2, seed)
    rng = random.Random(seed)
    rows: list[ActionRow] = []
    events: list[list[Event]] = []
    for i in range(steps):
        if state.is_over():
            break
        seat = state.current_player()
        assert seat is not None
        action = rng.choice(state.legal_actions())
        events.append(state.apply(action))
        rows.append(ActionRow(i, seat, str(action), float(i), None))
    return state, rows, events


def _snapshot(game: str, state: State, row: GameRow, viewer: int | None, count: int,
              presence: Any = NOBODY) -> dict[str, Any]:
    return messages.snapshot(load_game(game), state, row, viewer, count=count,
                             presence=presence, can_undo=False, clock=None)


@pytest.mark.parametrize("game", ["thalara", "vale"])
@pytest.mark.parametrize("steps", [0, 7, 40])
def test_each_viewer_gets_only_what_it_may_know(game: str, steps: int) -> None:
    row = _row(game, 21)
    state, rows, events = _played(game, 21, steps)
    texts = [r.text for r in rows]
    schema = ProtocolCheck()
    for viewer in (0, 1, None):
        checker = LeakChecker(game, 2, 21, {})
        snap = _snapshot(game, state, row, viewer, len(rows))
        hidden_hand_check(snap["observation"], viewer)
        start = load_game(game).new_game(2, 21).observation(viewer)
        hello = messages.welcome(load_game(game), row, viewer, catalogue=load_game(
            game).catalogue({}), log=messages.log_for(rows, events, viewer), start=start,
            snapshot=snap)
        checker.check(hello, viewer, texts)
        schema.server(hello)
        if rows:
            update = messages.update(rows[-1], events[-1], viewer, snap)
            checker.check(update, viewer, texts)
            schema.server(update)
        assert checker.checked == (2 if rows else 1)


@pytest.mark.parametrize("game", ["thalara", "vale"])
def test_a_seats_snapshot_holds_nothing_of_what_is_hidden_from_it(game: str) -> None:
    # the same snapshot in every world the seat cannot tell from the real one: nothing
    # of another seat's hidden cards (or the deck's order) can be in it
    state, rows, _ = _played(game, 5, 30)
    row = _row(game, 5)
    for viewer in (0, 1):
        mine = _snapshot(game, state, row, viewer, len(rows))
        view = state.view(viewer)
        worlds = [view.sample_world(random.Random(k)) for k in range(6)]
        assert any(w != state for w in worlds), "the test needs something hidden"
        for world in worlds:
            assert _snapshot(game, world, row, viewer, len(rows)) == mine
    if game == "thalara":
        other = state.observation(1)["seats"][1]
        assert other["hand"], "the test needs a hand"
        assert _snapshot(game, state, row, 0, len(rows))["observation"]["seats"][1][
            "hand"] is None


def test_the_legal_actions_go_only_to_the_seat_that_decides() -> None:
    state, rows, _ = _played("thalara", 9, 10)
    row = _row("thalara", 9)
    current = state.current_player()
    assert current is not None
    mine = _snapshot("thalara", state, row, current, len(rows))
    assert mine["legal"] == [str(a) for a in state.legal_actions()] and mine["legal"]
    assert _snapshot("thalara", state, row, 1 - current, len(rows))["legal"] == []
    assert _snapshot("thalara", state, row, None, len(rows))["legal"] == []


def test_a_snapshot_reads_the_state_and_changes_nothing() -> None:
    state, rows, _ = _played("vale", 3, 20)
    before = state.clone()
    row = _row("vale", 3)
    first = _snapshot("vale", state, row, 0, len(rows), ((True, False), 2, (True, False)))
    assert first == _snapshot("vale", state, row, 0, len(rows),
                              ((True, False), 2, (True, False)))
    assert state == before
    assert (first["n"], first["connected"], first["bots"]) == (20, [True, False],
                                                               [True, False])


def test_the_log_shows_an_action_text_only_to_its_own_seat() -> None:
    _, rows, events = _played("thalara", 4, 12)
    for viewer in (0, 1, None):
        log = messages.log_for(rows, events, viewer)
        assert [e["n"] for e in log] == list(range(1, 13))
        for entry, action in zip(log, rows, strict=True):
            assert entry["action"] == (action.text if viewer == action.seat else None)


def test_a_rematch_token_goes_only_to_its_seat() -> None:
    rematch = {"by": 0, "accepted": [0, 1], "declined": [],
               "next": {"id": "g2", "seats": {"0": {"seat": 1, "token": "t0"},
                                              "1": {"seat": 0, "token": "t1"}}}}
    row = _row("vale", 1, rematch=rematch)
    mine = messages.rematch_public(row, 0)
    assert mine is not None and mine["next"]["token"] == "t0"
    assert mine["next"]["link"] == "/g/g2#seat=1&token=t0"
    watcher = messages.rematch_public(row, None)
    assert watcher is not None and "token" not in watcher["next"]
    assert "t0" not in repr(messages.rematch_public(row, 1))
    assert messages.rematch_message(_row("vale", 1), 0) == {"type": "rematch"}
    ProtocolCheck().server(messages.rematch_message(row, 1))


def test_the_other_messages_fit_the_protocol() -> None:
    row = _row("vale", 1)
    row.seats[1] = SeatRow(1, COMPUTER, "random", "Robo", "", True)
    presence = ((True, True), 3, (True, False))
    schema = ProtocolCheck()
    schema.server(messages.presence_message(presence))
    seats = messages.seats_message(row, None, presence)
    schema.server(seats)
    assert [s["agent"] for s in seats["seats"]] == [None, "random"]
    schema.server(messages.abandoned())
    assert messages.error("stale", "the game moved on", 4) == {
        "type": "error", "code": "stale", "message": "the game moved on", "id": 4}


def test_a_seat_that_lost_on_time_ranks_last() -> None:
    state, _, _ = _played("thalara", 2, 100_000)
    assert state.is_over()
    row = _row("thalara", 2)
    assert messages.result_winners(state, row) == state.winners()
    for seat in state.winners():
        row.seats[seat].forfeited = True
    others = [s for s in (0, 1) if s not in state.winners()]
    assert set(messages.result_winners(state, row)) <= set(others)
    row.seats[0].forfeited = row.seats[1].forfeited = True
    assert messages.result_winners(state, row) == []
