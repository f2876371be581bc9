"""server/room_automation.py: who the computer plays for, that only the owning process
plays, and that computer seats pause with nobody there."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from cardtable.server.clocks import TIMEOUT_AGENT
from cardtable.server.cluster import Alone
from cardtable.server.limits import Limits
from cardtable.server.room_automation import COMPUTER_PLAYED
from cardtable.server.rooms import Room, Rooms
from cardtable.server.storage import COMPUTER, HUMAN, Storage

from .test_room_loading import viewer


class NotMine(Alone):
    """Another process owns every game."""

    def owns(self, game_id: str) -> bool:
        return False


def _room(tmp_path: Path, cluster: Alone | None = None, idle_pause: float = 60.0,
          ) -> tuple[Rooms, Room]:
    storage = Storage(f"sqlite:///{tmp_path / 'games.db'}")
    row = storage.create_game("thalara", 3, 8, {}, [(HUMAN, None, "Ann"),
                                                    (COMPUTER, "greedy", "Robo"),
                                                    (HUMAN, None, "Bea")])
    rooms = Rooms(storage, Limits(ai_workers=1, idle_pause=idle_pause), cluster=cluster)
    return rooms, rooms.get(row.id)


def test_the_computer_plays_its_seats_and_a_seat_whose_time_ran_out(tmp_path: Path) -> None:
    rooms, room = _room(tmp_path)
    assert room.auto.players() == {1: ("greedy", None)}
    room.row.seats[2].absent = True           # its time ran out
    assert room.auto.players() == {1: ("greedy", None), 2: (TIMEOUT_AGENT, COMPUTER_PLAYED)}
    asyncio.run(rooms.close())


def test_only_the_owning_process_plays_or_runs_a_clock(tmp_path: Path) -> None:
    async def main() -> None:
        rooms, room = _room(tmp_path, NotMine())
        while room.state.current_player() not in room.auto.players():
            seat = room.state.current_player()
            assert seat is not None
            await room.submit(seat, str(room.state.legal_actions()[0]))
        room.auto.kick()
        room.auto.clock_changed()
        assert room.auto.computer_task is None and room.auto._clock_timer is None
        await rooms.close()

    asyncio.run(main())


def test_computer_seats_pause_when_nobody_has_been_there_a_while(tmp_path: Path) -> None:
    async def main() -> None:
        rooms, room = _room(tmp_path, idle_pause=0.05)
        assert not room.auto.idle()                 # just loaded: somebody was, lately
        time.sleep(0.1)
        assert room.auto.idle()
        await room.join(viewer(None), None, None)     # a spectator comes
        time.sleep(0.1)
        assert not room.auto.idle()
        await rooms.close()

    asyncio.run(main())
