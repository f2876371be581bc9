"""`cardtable bot`: an agent plays a seat through the public websocket protocol, against
the server's computer and against another bot, on a real server; every message both
ways fits the protocol's schema, and the bot's seat is marked as a program to the others."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from cardtable.bot import BotResult, parse_link
from cardtable.bot.link import LinkError
from cardtable.cli.main import main
from cardtable.server.connection import CLOSE_BEHIND

from .helpers import LeakChecker, ProtocolCheck, ThreadedServer
from .test_protocol import create, hello, receive


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ThreadedServer]:
    with ThreadedServer(f"sqlite:///{tmp_path / 'games.db'}", allow_seeds=True) as srv:
        yield srv


def make_game(srv: ThreadedServer, game: str, seed: int, seats: list[dict[str, Any]]
              ) -> dict[str, Any]:
    made = httpx.post(srv.base + "/api/games", json={"game": game, "players": len(seats),
                                                     "seed": seed, "seats": seats})
    assert made.status_code == 201, made.text
    body: dict[str, Any] = made.json()
    return body


def link(srv: ThreadedServer, made: dict[str, Any], index: int = 0) -> str:
    return srv.base + made["seats"][index]["link"]


def transcript_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def check_transcript(lines: list[dict[str, Any]]) -> ProtocolCheck:
    """Every message the bot sent and received fits the schema."""
    check = ProtocolCheck()
    for line in lines:
        check.check(line["from"], line["message"])
    return check


def bot(link_text: str, transcript: Path, seed: int = 1, *more: str) -> int:
    return main(["bot", link_text, "--agent", "random", "--seed", str(seed),
                 "--transcript", str(transcript), *more])


def record(srv: ThreadedServer, game_id: str) -> list[str]:
    answer = httpx.get(srv.base + f"/api/games/{game_id}/record")
    assert answer.status_code == 200, answer.text
    actions: list[str] = answer.json()["actions"]
    return actions


@pytest.mark.parametrize("game, seed", [("thalara", 5), ("vale", 8)])
def test_a_bot_plays_a_whole_game_against_the_servers_computer(
        server: ThreadedServer, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        game: str, seed: int) -> None:
    made = make_game(server, game, seed, [{"kind": "human", "name": "Robo"},
                                          {"kind": "computer", "agent": "random"}])
    path = tmp_path / "bot.jsonl"
    assert bot(link(server, made), path) == 0
    out = capsys.readouterr().out
    lines = transcript_of(path)
    check = check_transcript(lines)
    assert check.types["client"] == {"hello", "act"}
    assert {"welcome", "update", "ack"} <= check.types["server"]
    hello_msg = lines[0]["message"]
    assert hello_msg["client"] == "bot" and hello_msg["seat"] == 0
    # the game is over, as the bot said, and it played exactly the stored actions of its
    # seat, each at the number of actions it had seen
    texts = record(server, made["id"])
    info = httpx.get(server.base + f"/api/games/{made['id']}").json()
    assert info["over"]
    last = lines[-1]["message"]
    assert last["over"] and last["n"] == len(texts)
    assert f"game over after {len(texts)} actions" in out.splitlines()[-1]
    acts = [m["message"] for m in lines if m["from"] == "client"
            and m["message"]["type"] == "act"]
    played = [(i, t) for i, t in enumerate(texts)
              if lines and _actor(lines, i + 1) == 0]
    assert [(a["n"], a["action"]) for a in acts] == played
    # a line per action of the game
    assert sum(1 for line in out.splitlines() if line[:4].strip().isdigit()) == len(texts)
    # and the bot was told nothing its seat may not know
    checker = LeakChecker(game, 2, seed, {})
    for line in lines:
        if line["from"] == "server":
            checker.check(line["message"], 0, texts)
    welcome = lines[1]["message"]
    assert welcome["type"] == "welcome"     # (the computer may have moved before it)
    assert checker.checked == 1 + len(texts) - welcome["n"]


def _actor(lines: list[dict[str, Any]], n: int) -> int | None:
    """The seat that played action `n`, as the bot's updates told it."""
    for line in lines:
        message = line["message"]
        if line["from"] == "server" and message["type"] == "update" and message["n"] == n:
            seat: int = message["seat"]
            return seat
    return None


@pytest.mark.parametrize("game, seed", [("thalara", 12), ("vale", 13)])
def test_two_bots_play_a_whole_game_against_each_other(
        server: ThreadedServer, tmp_path: Path, game: str, seed: int) -> None:
    made = make_game(server, game, seed, [{"kind": "human", "name": "Ann"},
                                          {"kind": "human", "name": "Bob"}])
    paths = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    with ThreadPoolExecutor(2) as pool:
        runs = [pool.submit(bot, link(server, made, i), paths[i], 10 + i) for i in (0, 1)]
        assert [r.result(timeout=120) for r in runs] == [0, 0]
    texts = record(server, made["id"])
    for seat, path in enumerate(paths):
        lines = transcript_of(path)
        check_transcript(lines)
        assert lines[-1]["message"]["over"] and lines[-1]["message"]["n"] == len(texts)
        acts = [m["message"]["action"] for m in lines
                if m["from"] == "client" and m["message"]["type"] == "act"]
        assert acts == [t for i, t in enumerate(texts) if _actor(lines, i + 1) == seat]
        # each saw the other marked as a bot once both were there
        seen = [m["message"]["bots"] for m in lines if m["from"] == "server"
                and m["message"]["type"] in ("presence", "update", "welcome")]
        assert [True, True] in seen


@pytest.mark.parametrize("game, seed, options, agent", [
    ("thalara", 31, {}, "greedy"), ("thalara", 32, {"mode": "casual"}, "ismcts:40"),
    ("vale", 33, {}, "greedy"), ("vale", 34, {"expansion": "artifacts"}, "ismcts:40")])
def test_a_bot_that_searches_plays_from_worlds_built_from_its_messages(
        server: ThreadedServer, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        game: str, seed: int, options: dict[str, Any], agent: str) -> None:
    # the computer opens some of these games before the bot comes: its world is then
    # caught up from the welcome's log
    made = httpx.post(server.base + "/api/games", json={
        "game": game, "players": 2, "seed": seed, "options": options,
        "seats": [{"kind": "human", "name": "Robo"},
                  {"kind": "computer", "agent": "greedy"}]}).json()
    path = tmp_path / "bot.jsonl"
    assert main(["bot", link(server, made), "--agent", agent, "--seed", "2",
                 "--transcript", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("game over")
    assert "searching worlds rebuilt from this seat's messages" in out.splitlines()[0]
    # every decision was the agent's own search over worlds that agreed with the seat's
    # messages: the bot never fell back to playing at random
    assert "lost track" not in out
    lines = transcript_of(path)
    check_transcript(lines)
    welcome = next(m["message"] for m in lines if m["message"]["type"] == "welcome")
    assert welcome["options"] == options
    checker = LeakChecker(game, 2, seed, options)
    texts = record(server, made["id"])
    checker.check(welcome, 0, texts)


def play_dropped_once(server: ThreadedServer, made: dict[str, Any], agent: str,
                      when: Callable[[dict[str, Any]], bool], backoff: float
                      ) -> tuple[BotResult, list[dict[str, Any]], list[str]]:
    """A bot plays seat 0 of `made` with `agent`; the server drops its socket once,
    at the first update `when` picks, as it drops one too far behind reading. The
    result, every message both ways and what the bot said."""
    from cardtable.bot.client import SeatBot

    rooms = server.app.state.rooms
    loop = server.server.servers[0].get_loop()
    dropped = threading.Event()

    async def drop() -> None:
        for conn in rooms.rooms[made["id"]].conns:
            if conn.viewer == 0:
                conn.fail(CLOSE_BEHIND, "too far behind reading: reconnect to catch up")

    lines: list[dict[str, Any]] = []

    def transcript(side: str, message: dict[str, Any]) -> None:
        lines.append({"from": side, "message": message})
        if message.get("type") == "update" and not dropped.is_set() and when(message):
            dropped.set()
            asyncio.run_coroutine_threadsafe(drop(), loop)

    said: list[str] = []
    result = asyncio.run(SeatBot(parse_link(link(server, made)), agent, 3, said.append,
                                 transcript, backoff=backoff).run())
    assert dropped.is_set()
    return result, lines, said


def test_a_bot_that_loses_its_connection_comes_back_and_finishes(
        server: ThreadedServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    made = make_game(server, "vale", 21, [{"kind": "human"},
                                          {"kind": "computer", "agent": "random"}])
    result, lines, said = play_dropped_once(
        server, made, "random", lambda update: update["n"] >= 20, backoff=0.05)
    assert any("4503" in line and "trying again" in line for line in said)
    hellos = [m for m in lines if m["from"] == "client" and m["message"]["type"] == "hello"]
    assert len(hellos) == 2
    check_transcript(lines)
    texts = record(server, made["id"])
    assert result.actions == len(texts) and said[-1].startswith("game over")
    # every action told once, none twice, across the two connections
    told = [int(line[:4]) for line in said if line[:4].strip().isdigit()]
    assert told == list(range(1, len(texts) + 1))


@pytest.mark.parametrize("game, seed, options", [
    ("thalara", 41, {}), ("vale", 42, {"expansion": "artifacts"})])
def test_a_searching_bot_follows_the_actions_it_missed_while_away(
        server: ThreadedServer, game: str, seed: int, options: dict[str, Any]) -> None:
    # four seats, three of them the computer's, which play on while the bot is away
    made = httpx.post(server.base + "/api/games", json={
        "game": game, "players": 4, "seed": seed, "options": options,
        "seats": [{"kind": "human"}] + [{"kind": "computer", "agent": "greedy"}] * 3}).json()
    # away just after its own move: the computers' moves come while it is gone
    result, lines, said = play_dropped_once(
        server, made, "ismcts:20",
        lambda update: update["n"] >= 12 and update["current_player"] != 0
        and not update["over"], backoff=0.3)
    assert said[-1].startswith("game over")
    check_transcript(lines)
    hellos = [m["message"] for m in lines
              if m["from"] == "client" and m["message"]["type"] == "hello"]
    welcomes = [m["message"] for m in lines
                if m["from"] == "server" and m["message"]["type"] == "welcome"]
    assert len(hellos) == len(welcomes) == 2
    # the second hello said how many updates it had; its welcome carried what the seat
    # saw after each action played since, exactly the engine's (the leak checker)
    seen = hellos[1]["seen"]
    assert seen >= 12 and welcomes[1]["n"] > seen
    missed = [e["n"] for e in welcomes[1]["log"] if "observation" in e]
    assert missed == list(range(seen + 1, welcomes[1]["n"] + 1))
    texts = record(server, made["id"])
    assert result.actions == len(texts)
    LeakChecker(game, 4, seed, options).check(welcomes[1], 0, texts)
    # and the bot's world followed them: never lost, every decision searched
    assert not any("lost track" in line for line in said)


def test_bad_links_taken_seats_and_closed_games_get_one_clear_error(
        server: ThreadedServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    made = make_game(server, "thalara", 3, [{"kind": "human"},
                                            {"kind": "computer", "agent": "random"}])
    token = made["seats"][0]["token"]
    game = f"{server.base}/g/{made['id']}"
    path = tmp_path / "t.jsonl"
    cases = [
        (f"{game}#seat=0&token=not-it", "token does not hold seat 1"),
        (f"{game}#seat=1&token={token}", "seat 2 cannot be played from this link"),
        (f"{server.base}/g/nosuch#seat=0&token=x", "there is no game"),
        (f"{game}?watch=1", "has no seat token"),
        (f"/g/{made['id']}#seat=0&token={token}", "names no server"),
        (f"{server.base}/lobby", "is not a seat link"),
    ]
    for text, words in cases:
        assert bot(text, path) == 2, text
        err = capsys.readouterr().err
        assert err.startswith("cardtable bot: error: ") and words in err, (text, err)
    assert main(["bot", f"{game}#seat=0&token={token}", "--agent", "nobody"]) == 2
    assert "unknown agent" in capsys.readouterr().err
    # a relative link with --server plays; then the game is closed to the next bot
    assert bot(f"/g/{made['id']}#seat=0&token={token}", path, 1, "--server", server.base,
               "--quiet") == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and out[-1].startswith("game over")
    assert bot(f"{game}#seat=0&token={token}", path) == 2
    assert "is over already" in capsys.readouterr().err
    # a server out of reach: tries, then gives up
    gone = f"http://127.0.0.1:1/g/{made['id']}#seat=0&token={token}"
    assert bot(gone, path, 1, "--retries", "1") == 2
    captured = capsys.readouterr()
    assert "trying again" in captured.out and "gave up after 2 tries" in captured.err


@pytest.mark.parametrize("text, server, expected", [
    ("http://h:8000/g/AbC-1_x#seat=1&token=T0k", None, ("http://h:8000", "AbC-1_x", 1, "T0k")),
    ("https://cards.example/g/abc/#token=t&seat=0", None, ("https://cards.example", "abc", 0, "t")),
    ("/g/abc#seat=2&token=t", "http://127.0.0.1:9/", ("http://127.0.0.1:9", "abc", 2, "t")),
    ("http://proxy/g/abc#seat=0&token=t", "https://real:443", ("https://real:443", "abc", 0, "t")),
])
def test_seat_links_are_read_as_the_server_writes_them(
        text: str, server: str | None, expected: tuple[str, str, int, str]) -> None:
    got = parse_link(text, server)
    assert (got.server, got.game_id, got.seat, got.token) == expected
    assert got.websocket == expected[0].replace("http", "ws", 1) + f"/ws/{expected[1]}"


@pytest.mark.parametrize("text, server", [
    ("http://h/g/abc#seat=x&token=t", None), ("http://h/g/abc#seat=0", None),
    ("http://h/games/abc#seat=0&token=t", None), ("ftp://h/g/abc#seat=0&token=t", None),
    ("/g/abc#seat=0&token=t", "h:80"), ("http://h/g/abc#seat=99&token=t", None),
])
def test_what_is_not_a_seat_link_is_refused(text: str, server: str | None) -> None:
    with pytest.raises(LinkError):
        parse_link(text, server)


def test_a_seat_played_by_a_program_is_marked_to_the_others(
        client: TestClient, protocol_check: ProtocolCheck) -> None:
    made = create(client, game="vale", seed=4)
    seat0, seat1 = made["seats"]
    with client.websocket_connect(f"/ws/{made['id']}") as person:
        assert hello(person, 1, seat1["token"])["bots"] == [False, False]
        with client.websocket_connect(f"/ws/{made['id']}") as program:
            program.send_json({"type": "hello", "seat": 0, "token": seat0["token"],
                               "client": "bot"})
            assert receive(program, "welcome")["bots"] == [True, False]
            while (seen := receive(person, "presence"))["connected"] != [True, True]:
                pass
            assert seen["bots"] == [True, False]
            seats = client.get(f"/api/games/{made['id']}").json()["seats"]
            assert [s["bot"] for s in seats] == [True, False]
            with client.websocket_connect(f"/ws/{made['id']}") as watcher:
                assert hello(watcher)["bots"] == [True, False]
        assert receive(person, "presence")["bots"] == [False, False]
    assert protocol_check.types["client"] >= {"hello"}
    assert "presence" in protocol_check.types["server"]


@pytest.mark.sends_invalid
def test_a_hello_with_an_unknown_client_is_refused(client: TestClient) -> None:
    made = create(client, game="thalara", seed=4)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": made["seats"][0]["token"],
                      "client": "robot"})
        error = receive(ws, "error")
        assert error["code"] == "malformed" and "'client'" in error["message"]
        ws.send_json({"type": "act", "action": "x"})
        assert receive(ws, "error")["code"] == "hello_first"     # nothing was joined


def test_the_server_serves_its_protocol_schema(client: TestClient) -> None:
    from cardtable.protocol import PROTOCOL_VERSION, schema

    served = client.get("/api/protocol").json()
    assert served == schema() and served["version"] == PROTOCOL_VERSION
