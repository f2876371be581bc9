"""The bot's side of the worlds: a searching agent plays from the tracked world when it
agrees with the message, and a lost world makes the bot say so once and play that
decision at random (never an illegal action, never a crash)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from cardtable import load_game
from cardtable.agents import make_agent
from cardtable.bot import parse_link
from cardtable.bot.client import SeatBot, needs_worlds
from cardtable.bot.worlds import SeatStream


def _message(stream: SeatStream, log: list[dict[str, Any]]) -> dict[str, Any]:
    """A welcome as the server would send it to the stream's seat."""
    truth = stream.truth
    return {"type": "welcome", "n": len(log), "log": log, "start": stream.start,
            "options": {}, "seats": [{"seat": s} for s in range(truth.num_players)],
            "observation": truth.observation(stream.seat), "legal": stream.legal(),
            "current_player": truth.current_player(), "over": truth.is_over()}


def _bot(spec: str, said: list[str]) -> SeatBot:
    bot = SeatBot(parse_link("http://127.0.0.1:1/g/abc#seat=0&token=t"), spec, 4,
                  said.append)
    bot.game = "thalara"
    bot.agent = make_agent(spec, load_game("thalara"), 1)
    return bot


def _to_my_turn(stream: SeatStream, rng: random.Random) -> list[dict[str, Any]]:
    log = []
    while stream.truth.current_player() != stream.seat or len(log) < 3:
        entry, _ = stream.play(rng.choice(stream.truth.legal_actions()))
        log.append(entry)
    return log


def test_only_the_agents_that_search_need_worlds() -> None:
    assert not needs_worlds("random")
    assert needs_worlds("greedy") and needs_worlds("ismcts:expert")


def test_a_searching_agent_plays_from_the_world_built_from_the_messages() -> None:
    stream = SeatStream(load_game("thalara"), 2, 3, {}, 0)
    message = _message(stream, _to_my_turn(stream, random.Random(1)))
    said: list[str] = []
    bot = _bot("ismcts:30", said)
    bot.track_welcome(message, False)
    assert bot.tracker is not None and bot.tracker.agrees(message["observation"],
                                                          message["legal"])
    view = bot.view(message)
    world = view.sample_world(random.Random(2))     # a world, not a refusal
    assert world.observation(0) == message["observation"]
    text = asyncio.run(bot.choose(message))
    assert text in message["legal"] and not said


def test_a_lost_world_is_said_once_and_its_decisions_are_played_at_random() -> None:
    stream = SeatStream(load_game("thalara"), 2, 3, {}, 0)
    message = _message(stream, _to_my_turn(stream, random.Random(1)))
    broken = dict(message)
    broken["start"] = dict(message["start"], round=4)    # no game starts in round 4
    said: list[str] = []
    bot = _bot("greedy", said)
    bot.track_welcome(broken, False)
    assert bot.tracker is not None and bot.tracker.lost
    for _ in range(2):
        assert asyncio.run(bot.choose(broken)) in message["legal"]
    assert len(said) == 1 and said[0].startswith("lost track of the hidden cards after")


def test_a_server_that_sends_no_start_gets_random_play_said_once() -> None:
    stream = SeatStream(load_game("thalara"), 2, 3, {}, 0)
    message = _message(stream, _to_my_turn(stream, random.Random(1)))
    del message["start"]            # a server of an older cardtable
    said: list[str] = []
    bot = _bot("greedy", said)
    bot.track_welcome(message, False)
    assert asyncio.run(bot.choose(message)) in message["legal"]
    assert len(said) == 1 and said[0].startswith("the server sent no start")
