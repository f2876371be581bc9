"""One seat played by an agent over the public websocket protocol (docs/protocol.md).

The bot knows what the seat's socket tells it and nothing else: each state message's
`observation` and `legal` action texts, the events of each action and, in a welcome,
what the seat saw before the first action (`start`). Its agent gets a View built from
those. Agents that search (greedy, ismcts, expert) also need whole game states that
agree with what the seat knows: a WorldTracker (bot/worlds.py) builds one from the same
messages, and the agent's worlds are sampled from it. Should the tracker lose the game
(no world agrees with what the seat saw), that decision is played at random, said once.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable import games, load_game
from cardtable.agents import Agent, make_agent
from cardtable.bot.link import SeatLink
from cardtable.bot.worlds import WorldTracker
from cardtable.engine.api import Action, CardtableError, View
from cardtable.protocol import PROTOCOL_VERSION

# the server's close codes (docs/protocol.md)
CLOSE_NO_GAME = 4404
CLOSE_GONE = 4410
CLOSE_RATE = 4429
RATE_WAIT = 15.0            # seconds to wait after the server said "too many"
# errors after which nothing this bot can do will help
FATAL = {"bad_token", "bad_seat", "no_game", "abandoned", "spectator", "illegal",
         "malformed", "hello_first"}

Say = Callable[[str], None]
Transcript = Callable[[str, dict[str, Any]], None]


class BotError(CardtableError):
    """The bot cannot play on; the text says why and what to do."""


class NoWorlds(CardtableError):
    """An agent asked for a world sampled from the hidden cards: a bot cannot make one."""


@dataclass(frozen=True)
class BotResult:
    game: str
    game_id: str
    seat: int
    actions: int
    winners: list[int]
    scores: list[int]
    names: list[str]

    @property
    def won(self) -> bool:
        return self.seat in self.winners

    def summary(self) -> str:
        def who(seat: int) -> str:
            return f"{self.names[seat]} (seat {seat + 1})"

        winners = " and ".join(who(w) for w in self.winners) or "nobody"
        verb = "won" if len(self.winners) <= 1 else "shared the win"
        mine = ("this bot won" if self.won and len(self.winners) == 1 else
                "this bot shared the win" if self.won else "this bot lost")
        scores = ", ".join(str(s) for s in self.scores)
        return (f"game over after {self.actions} actions: {winners} {verb}; scores "
                f"{scores}; {mine}")


def _no_worlds(_rng: random.Random) -> Any:
    raise NoWorlds("this agent samples hidden cards into whole game states")


def view_of(seat: int, message: dict[str, Any]) -> View:
    """An agent's View from a state message alone: the seat's observation and the
    legal action texts (as actions that print as their text; the server reads the
    text), and no worlds."""
    return View(seat, message["observation"], [Action(-1, t) for t in message["legal"]],
                _no_worlds)


def needs_worlds(spec: str) -> bool:
    """Whether the agent `spec` samples worlds (and so needs a WorldTracker). An
    unknown agent is refused here, before the bot connects."""
    for name in games():
        game = load_game(name)
        agent = make_agent(spec, game, 0)
        state = game.new_game(game.min_players, 1)
        while len(state.legal_actions()) < 2 and not state.is_over():
            state.apply(state.legal_actions()[0])
        seat = state.current_player()
        assert seat is not None
        view = View(seat, state.observation(seat), state.legal_actions(), _no_worlds)
        try:
            agent.choose(view)
        except NoWorlds:
            return True
    return False


def check_agent(spec: str) -> None:
    """Refuse, before connecting, an agent this bot cannot run: an unknown one."""
    needs_worlds(spec)


class SeatBot:
    """Plays `link`'s seat with the agent `spec` until the game ends."""

    def __init__(self, link: SeatLink, spec: str, seed: int | None = None,
                 say: Say = print, transcript: Transcript | None = None,
                 retries: int = 10, backoff: float = 0.5) -> None:
        self.link = link
        self.spec = spec
        self.rng = random.Random(seed)
        self.say = say
        self.transcript = transcript
        self.retries = retries
        self.backoff = backoff
        self.agent: Agent | None = None
        self.names: list[str] = []
        self.shown = 0              # actions told as progress lines so far
        self.welcomed = False       # a welcome came on some connection
        self.game = ""
        # worlds for an agent that searches, rebuilt from the messages (bot/worlds.py)
        self.searches = needs_worlds(spec)
        self.tracker: WorldTracker | None = None
        self.start: dict[str, Any] | None = None
        self.entries: list[dict[str, Any]] = []     # every action as this seat saw it
        self.seen: dict[int, dict[str, Any]] = {}   # the observation after action n
        self.told_lost = False

    # ---- the connection, and coming back ---------------------------------------------

    async def run(self) -> BotResult:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

        failures = 0
        while True:
            why = ""
            wait = 0.0
            try:
                async with connect(self.link.websocket, max_size=1 << 24,
                                   open_timeout=15) as ws:
                    failures = 0
                    result = await self.session(ws)
                    if result is not None:
                        return result
                    why = "the server closed the connection"
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd is not None else None
                if code == CLOSE_NO_GAME:
                    raise BotError(f"there is no game at {self.link.page}") from None
                if code == CLOSE_GONE:
                    raise BotError("the game was abandoned by its creator") from None
                why = f"connection closed ({code})" if code else "connection lost"
                if code == CLOSE_RATE:
                    wait = RATE_WAIT
            except InvalidURI as exc:
                raise BotError(f"cannot connect to {self.link.websocket}: {exc}") from None
            except (OSError, TimeoutError, InvalidHandshake) as exc:
                why = f"cannot reach {self.link.server}: {exc or type(exc).__name__}"
            failures += 1
            if failures > self.retries:
                raise BotError(f"{why}; gave up after {failures} tries")
            if not wait:
                wait = min(10.0, self.backoff * 2 ** (failures - 1)) * self.rng.uniform(0.8, 1.2)
            self.say(f"{why}; trying again in {wait:.1f} s ({failures}/{self.retries})")
            await asyncio.sleep(wait)

    async def session(self, ws: Any) -> BotResult | None:
        """One connection: hello, then answer what comes until the game is over (its
        result) or the connection ends (None)."""

        async def send(message: dict[str, Any]) -> None:
            if self.transcript is not None:
                self.transcript("client", message)
            await ws.send(json.dumps(message))

        hello: dict[str, Any] = {"type": "hello", "seat": self.link.seat,
                                 "token": self.link.token, "client": "bot"}
        if self.searches:
            # the server then sends what the seat saw after each action it missed
            # (the last 100 at most), which the world follows as it follows updates
            hello["seen"] = max(self.seen, default=0)
        await send(hello)
        sent_at: int | None = None          # the `n` this bot last acted at
        last: dict[str, Any] | None = None  # the last state message
        async for raw in ws:
            message: dict[str, Any] = json.loads(raw)
            if self.transcript is not None:
                self.transcript("server", message)
            kind = message.get("type")
            if kind == "error":
                code = message.get("code")
                if code in FATAL:
                    raise BotError(self.refusal(code, message.get("message", "")))
                if code in ("storage", "rate_limited") and last is not None:
                    # the action was not taken: try it again in a moment
                    await asyncio.sleep(1.0)
                    sent_at = None
                elif code not in ("stale", "not_your_turn", "over", "too_many_connections"):
                    self.say(f"the server said: {message.get('message', code)}")
                    continue
                else:
                    continue      # the next state message says where the game is
            elif kind in ("welcome", "sync"):
                self.welcome(message)
                self.track_welcome(message, kind == "sync")
                sent_at = None
                last = message
            elif kind == "update":
                self.progress(message)
                self.track_update(message)
                last = message
            else:
                continue        # presence, seats, chat, ack, ...: nothing to decide
            assert last is not None
            if last["over"]:
                return self.result(last)
            mine = last["current_player"] == self.link.seat and last["legal"]
            if mine and (sent_at is None or last["n"] > sent_at):
                text = await self.choose(last)
                sent_at = last["n"]
                await send({"type": "act", "action": text, "n": last["n"]})
        return None

    def refusal(self, code: str, text: str) -> str:
        seat = f"seat {self.link.seat + 1}"
        if code == "bad_token":
            return (f"the link's token does not hold {seat} ({text}): the seat was given "
                    "to somebody else, or the link was copied wrong; ask for a new link")
        if code == "bad_seat":
            return f"{seat} cannot be played from this link: {text}"
        if code == "no_game":
            return f"there is no game at {self.link.page}: {text}"
        if code == "abandoned":
            return "the game was abandoned by its creator"
        return f"the server refused this bot's message ({code}): {text}"

    # ---- the game ----------------------------------------------------------------------

    def welcome(self, message: dict[str, Any]) -> None:
        version = message.get("protocol", 1)
        if version != PROTOCOL_VERSION:
            raise BotError(f"the server speaks protocol version {version} and this bot "
                           f"version {PROTOCOL_VERSION}: use a cardtable of the server's "
                           "version")
        if message["over"] and not self.welcomed:
            raise BotError(f"the game at {self.link.page} is over already: nothing to play")
        self.names = [s["name"] for s in message["seats"]]
        if not self.welcomed:
            self.game = message["game"]
            self.agent = make_agent(self.spec, load_game(self.game), self.rng.randrange(2**62))
            others = ", ".join(f"{s['name']} ({s['kind']})" for s in message["seats"]
                               if s["seat"] != self.link.seat)
            how = (" (searching worlds rebuilt from this seat's messages)"
                   if self.searches else "")
            self.say(f"playing seat {self.link.seat + 1} of {message['title']} "
                     f"({self.game_id_text()}) as {self.spec}{how}, against {others}")
        self.welcomed = True
        if message["n"] < self.shown:       # an undo took actions back
            self.shown = message["n"]
        for entry in message["log"]:
            if entry["n"] > self.shown:
                self.progress(entry)

    def game_id_text(self) -> str:
        return f"game {self.link.game_id}"

    def progress(self, entry: dict[str, Any]) -> None:
        """One line for an action: who, and what (its text for this seat's own; the
        events' words for the others')."""
        n, seat = entry["n"], entry["seat"]
        self.shown = max(self.shown, n)
        name = self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"
        if seat == self.link.seat and entry.get("action"):
            what = entry["action"]
        else:
            what = "; ".join(e["text"] for e in entry["events"][:2]) or "(a hidden move)"
        self.say(f"{n:4d}  {name}: {what}")

    # ---- worlds for an agent that searches ------------------------------------------

    def track_welcome(self, message: dict[str, Any], rewritten: bool) -> None:
        """Bring the world up to a welcome (or a sync: an undo rewrote the game)."""
        if not self.searches:
            return
        self.entries = list(message["log"])
        self.start = message.get("start")
        if self.tracker is None:
            self.tracker = WorldTracker(load_game(self.game), self.link.seat,
                                        len(message["seats"]), message.get("options") or {},
                                        random.Random(self.rng.getrandbits(64)))
        if rewritten:
            # an undo: the actions after it are not the game's any more
            self.tracker.world = None
            self.seen.clear()
        for entry in self.entries:
            if "observation" in entry:      # an action missed, as the seat saw it
                self.seen[entry["n"]] = entry["observation"]
        self.catch_up(message)

    def catch_up(self, message: dict[str, Any]) -> bool:
        """Bring the world to `message` when it does not agree with it yet; whether it
        agrees now."""
        tracker = self.tracker
        if tracker is None or self.start is None or message["over"]:
            return False
        observation, legal = message["observation"], message["legal"]
        return tracker.agrees(observation, legal) or tracker.catch_up(
            self.start, self.entries, observation, legal, self.seen)

    def track_update(self, message: dict[str, Any]) -> None:
        if not self.searches:
            return
        self.entries.append(message)
        self.seen[message["n"]] = message["observation"]
        tracker = self.tracker
        if tracker is None or tracker.lost or message["over"]:
            return
        if tracker.follow(message, message["observation"]) and \
                not tracker.agrees(message["observation"], message["legal"]):
            tracker.settle(message["observation"], message["legal"])

    def view(self, message: dict[str, Any]) -> View:
        """The agent's View: with worlds sampled from the tracked world when it agrees
        with this message, without them when there is none."""
        if not self.catch_up(message):      # lost, or behind: once more from the messages
            return view_of(self.link.seat, message)
        world = self.tracker.world if self.tracker is not None else None
        assert world is not None            # the world agrees with the message
        self.told_lost = False
        snapshot = world.clone()
        seat = self.link.seat
        return View(seat, message["observation"], world.legal_actions(),
                    lambda rng: snapshot.sample_world(seat, rng))

    async def choose(self, message: dict[str, Any]) -> str:
        assert self.agent is not None
        view = await asyncio.to_thread(self.view, message)
        try:
            action = await asyncio.to_thread(self.agent.choose, view)
        except NoWorlds:
            # no world agrees with what the seat saw: this decision at random
            if not self.told_lost:
                at = self.tracker.lost_at if self.tracker is not None else None
                why = ("the server sent no start to build a world from (an older "
                       "cardtable)" if self.start is None else
                       f"lost track of the hidden cards after action {at}")
                self.say(f"{why}: playing at random until the messages agree with a "
                         "world again")
                self.told_lost = True
            action = self.rng.choice(view.legal_actions)
        text = str(action)
        if text not in message["legal"]:
            raise BotError(f"agent {self.spec!r} chose {text!r}, which is not legal now")
        return text

    def result(self, message: dict[str, Any]) -> BotResult:
        result = BotResult(self.game, self.link.game_id, self.link.seat, message["n"],
                           list(message["winners"] or []), list(message["scores"] or []),
                           self.names)
        self.say(result.summary())
        return result


async def play_seat(link: SeatLink, spec: str, seed: int | None = None, say: Say = print,
                    transcript: Transcript | None = None, retries: int = 10) -> BotResult:
    """Play `link`'s seat with agent `spec` to the game's end (BotError if it cannot)."""
    check_agent(spec)
    return await SeatBot(link, spec, seed, say, transcript, retries).run()
