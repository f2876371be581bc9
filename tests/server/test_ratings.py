"""Ratings (issue 27, part 3): the arithmetic on its own (a win raises the winner, a tie,
places of 3 and 4 players), stored once however many processes see a game end, rated
games refused with a reason when they cannot be rated, the end screen's changes."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable import load_game
from cardtable.server import ratings
from cardtable.server.accounts import Accounts
from cardtable.server.ratings import NEW, Rating, SeatResult, places, rate, shown
from cardtable.server.results import Results, SeatOutcome, ratings_table
from cardtable.server.storage import HUMAN, OPEN, Storage

from .helpers import pick
from .test_accounts import PASSWORD, make_client, sign_up  # noqa: F401 (a fixture)
from .test_protocol import hello

THALARA_CHARACTERS = load_game("thalara").catalogue()["characters"]

RATED = {"game": "thalara", "players": 2, "clock": "24h", "rated": True,
         "seats": [{"kind": "human"}, {"kind": "open"}]}


# ---- the arithmetic ----------------------------------------------------------------

def test_a_win_raises_the_winner_and_lowers_the_loser() -> None:
    new = rate([SeatResult(1, 1), SeatResult(2, 2)], {})
    assert new[1].mu > NEW.mu > new[2].mu
    assert new[1].sigma < NEW.sigma and new[2].sigma < NEW.sigma
    assert new[1].games == new[2].games == 1
    assert shown(new[1].mu) > 1500 > shown(new[2].mu)
    # beating a much stronger player is worth more than beating an equal one
    strong = {2: Rating(35.0, 3.0, 40), 1: Rating(25.0, 3.0, 40)}
    upset = rate([SeatResult(1, 1), SeatResult(2, 2)], strong)
    even = rate([SeatResult(1, 1), SeatResult(2, 2)],
                {1: Rating(25.0, 3.0, 40), 2: Rating(25.0, 3.0, 40)})
    assert upset[1].mu - 25 > even[1].mu - 25 > 0
    assert upset[2].games == 41


def test_a_tie_between_equals_moves_no_mean_and_shrinks_the_doubt() -> None:
    new = rate([SeatResult(1, 1), SeatResult(2, 1)], {})
    assert new[1].mu == pytest.approx(NEW.mu) and new[2].mu == pytest.approx(NEW.mu)
    assert new[1].sigma < NEW.sigma
    # a tie with a stronger player raises the weaker one
    tied = rate([SeatResult(1, 1), SeatResult(2, 1)],
                {1: Rating(20.0, 4.0, 9), 2: Rating(30.0, 4.0, 9)})
    assert tied[1].mu > 20 and tied[2].mu < 30


@pytest.mark.parametrize("seat_places", [[1, 2, 3], [2, 3, 1, 4], [1, 1, 3], [3, 1, 1, 4]])
def test_places_of_three_and_four_players_order_the_new_ratings(
        seat_places: list[int]) -> None:
    seats = [SeatResult(10 + i, p) for i, p in enumerate(seat_places)]
    new = rate(seats, {})
    for a in seats:
        for b in seats:
            if a.place < b.place:
                assert new[a.account].mu > new[b.account].mu
            elif a.place == b.place:
                assert new[a.account].mu == pytest.approx(new[b.account].mu)
    first = min(seat_places)
    assert all(new[s.account].mu > NEW.mu for s in seats if s.place == first)
    assert all(new[s.account].mu < NEW.mu for s in seats if s.place == max(seat_places))


def test_bad_games_are_refused_by_the_arithmetic() -> None:
    with pytest.raises(ValueError, match="two seats"):
        rate([SeatResult(1, 1), SeatResult(1, 2)], {})
    with pytest.raises(ValueError, match="2 to 4"):
        rate([SeatResult(1, 1)], {})
    with pytest.raises(ValueError, match="2 to 4"):
        rate([SeatResult(i, i) for i in range(1, 6)], {})


def test_places_put_time_losses_last_then_winners_then_scores() -> None:
    assert places([10, 30, 20], [1], [False, False, False]) == [3, 1, 2]
    # the game's tie-break made seat 0 the winner on equal points
    assert places([30, 30, 10], [0], [False, False, False]) == [1, 2, 3]
    # shared victory: a tie for first
    assert places([30, 30, 10], [0, 1], [False] * 3) == [1, 1, 3]
    # seat 1 lost on time: last, whatever its score
    assert places([10, 99, 20, 5], [2], [False, True, False, False]) == [2, 4, 1, 3]
    assert places([5, 5, 5, 5], [], [False] * 4) == [1, 1, 1, 1]


def test_the_shown_scale_is_elos_for_settled_players() -> None:
    assert shown(ratings.MU) == 1500
    # two settled players 400 points apart: the updates balance (the ratings stay put
    # on average) when the better one wins 10 games in 11, Elo's odds for 400 points
    gap = 400 / ratings.SCALE
    a, b = Rating(25 + gap, 0.3, 99), Rating(25.0, 0.3, 99)
    assert shown(a.mu) - shown(b.mu) == 400
    won = rate([SeatResult(1, 1), SeatResult(2, 2)], {1: a, 2: b})[1].mu - a.mu
    lost = rate([SeatResult(1, 2), SeatResult(2, 1)], {1: a, 2: b})[1].mu - a.mu
    p = -lost / (won - lost)          # where p * won + (1 - p) * lost == 0
    assert p == pytest.approx(10 / 11, abs=0.005)
    assert abs(ratings.SCALE - 29.5) < 0.1
    assert Rating(games=ratings.PROVISIONAL_GAMES - 1).provisional
    assert not Rating(games=ratings.PROVISIONAL_GAMES).provisional


def test_the_computer_levels_ratings_are_read_from_their_own_table(
        monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
    # (hard is measured in Thalara only: docs/ratings.md; a level without a number
    # shows none)
    assert ratings.level_rating("thalara", 2, "ismcts:hard") == \
        ratings.LEVEL_RATINGS.get("thalara-2p", {}).get("ismcts:hard")
    assert client.get("/api/leaderboards").json()["levels"] == ratings.LEVEL_RATINGS
    # the lobby reads them with the games and the agents
    assert client.get("/api/meta").json()["level_ratings"] == ratings.LEVEL_RATINGS
    monkeypatch.setattr(ratings, "LEVEL_RATINGS", {"vale-3p": {"greedy": 1234}})
    assert ratings.level_rating("vale", 3, "greedy") == 1234
    assert ratings.level_rating("vale", 2, "greedy") is None
    assert ratings.level_rating("vale", 3, "random") is None


# ---- stored once ---------------------------------------------------------------------


def _game(store: Storage, accounts: list[int]) -> str:
    row = store.create_game("thalara", len(accounts), 1, {},
                            [(HUMAN, None, f"P{i}") for i in range(len(accounts))],
                            clock="24h", on_timeout="forfeit",
                            accounts=list[int | None](accounts), rated=True)
    return row.id


def _rating(store: Storage, account: int, pool: str = "thalara-2p") -> tuple[float, int]:
    with store.engine.connect() as conn:
        row = conn.execute(ratings_table.select().where(
            (ratings_table.c.account == account) & (ratings_table.c.pool == pool))).one()
    return row.mu, row.games


def test_a_games_ratings_move_once_however_many_processes_see_its_end(url: str) -> None:
    one, two = Storage(url), Storage(url)
    ada = Accounts(one).create("Ada", "ada", "ada", "$argon2id$x").id
    bea = Accounts(one).create("Bea", "bea", "bea", "$argon2id$x").id
    game = _game(one, [ada, bea])
    outcome = [SeatOutcome(0, ada, 1, True, "myrja"), SeatOutcome(1, bea, 2, False, "canto")]
    assert Results(one).settle(game, "thalara-2p", outcome, rated=True)
    after = _rating(one, ada)
    # the other process, and this one again, see the same end: nothing moves
    assert not Results(two).settle(game, "thalara-2p", outcome, rated=True)
    assert not Results(one).settle(game, "thalara-2p", outcome, rated=True)
    assert _rating(two, ada) == after and after[1] == 1 and after[0] > ratings.MU
    changes = Results(two).game(game)
    assert [c["change"] > 0 for c in changes] == [True, False]
    assert changes[0]["before"] == 1500 and changes[0]["after"] == shown(after[0])
    # two processes at once, many times over: each game is rated exactly once
    if one.postgres:
        for _ in range(5):
            game = _game(one, [ada, bea])
            done: list[bool] = []

            def end(store: Storage, game: str = game, done: list[bool] = done) -> None:
                done.append(Results(store).settle(game, "thalara-2p", outcome, rated=True))

            threads = [threading.Thread(target=end, args=(s,)) for s in (one, two, one, two)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(done) == [False, False, False, True]
        assert _rating(one, ada)[1] == 6 and _rating(one, bea)[1] == 6
    one.close()
    two.close()


def test_two_games_of_one_player_ending_at_once_both_count(url: str) -> None:
    stores = [Storage(url) for _ in range(3)]
    made = Accounts(stores[0])
    ids = [made.create(n, n, n, "$argon2id$x").id for n in ("ada", "bea", "cyd", "dee", "eve")]
    ada = ids[0]
    games = [_game(stores[0], [ada, other]) for other in ids[1:]]
    threads = [threading.Thread(target=Results(stores[i % 3]).settle, args=(
        g, "thalara-2p", [SeatOutcome(0, ada, 1, True), SeatOutcome(1, other, 2, False)],
        True)) for i, (g, other) in enumerate(zip(games, ids[1:], strict=True))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    mu, count = _rating(stores[0], ada)
    assert count == 4
    # four wins in a row, each against a newcomer, counted one after the other
    expected = NEW
    for _ in range(4):
        expected = rate([SeatResult(1, 1), SeatResult(2, 2)], {1: expected})[1]
    assert mu == pytest.approx(expected.mu)
    for s in stores:
        s.close()


# ---- rated games over HTTP -------------------------------------------------------------

def receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of `kind`, past presence, seats (a clock starts) and acks."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
        assert msg["type"] in ("presence", "seats", "ack"), msg


def _play_to_the_end(client: TestClient, made: dict[str, Any], tokens: dict[int, str],
                     seed: int) -> dict[str, Any]:
    import random

    rng = random.Random(seed)
    with client.websocket_connect(f"/ws/{made['id']}") as w0, \
            client.websocket_connect(f"/ws/{made['id']}") as w1:
        socks = {0: w0, 1: w1}
        last = {seat: hello(socks[seat], seat, tokens[seat]) for seat in (0, 1)}
        n = 0
        while not last[0]["over"]:
            mover = last[0]["current_player"]
            socks[mover].send_json({"type": "act", "action": pick(last[mover], rng),
                                    "n": last[mover]["n"], "id": n})
            for seat in (0, 1):
                last[seat] = receive(socks[seat], "update")
            n += 1
        return last[0]


def test_a_rated_game_moves_its_players_ratings_and_the_end_screen_reads_them(
        make_client: Callable[..., TestClient]) -> None:  # noqa: F811
    ada, bea = make_client(), make_client()
    sign_up(ada, "Ada")
    sign_up(bea, "Bea")
    made = ada.post("/api/games", json={**RATED, "seed": 5}).json()
    assert ada.get(f"/api/games/{made['id']}").json()["rated"] is True
    assert any(g["id"] == made["id"] and g["rated"] for g in ada.get("/api/games").json())
    assert ada.get(f"/api/games/{made['id']}/about").json()["setup"]["rated"] is True
    joined = bea.post(f"/api/games/{made['id']}/join", json={})
    assert joined.status_code == 200, joined.text
    assert ada.get(f"/api/games/{made['id']}/result").status_code == 409   # not over
    last = _play_to_the_end(ada, made, {0: made["seats"][0]["token"],
                                        1: joined.json()["token"]}, seed=5)
    result = ada.get(f"/api/games/{made['id']}/result").json()
    assert result["rated"] and result["stored"] and result["pool"] == "thalara-2p"
    seats = result["seats"]
    winners = last["winners"]
    assert len(winners) == 1              # (this seed's game has one winner)
    for s in seats:
        assert s["before"] == 1500
        assert s["after"] == s["before"] + s["change"]
        assert (s["change"] > 0) == (s["seat"] in winners)
        assert s["place"] == (1 if s["seat"] in winners else 2)
    # once: the result's numbers stay as they are when the game is loaded again
    room = ada.app.state.rooms.rooms[made["id"]]  # type: ignore[attr-defined]
    room._settled = False
    ada.portal.call(room.settle)
    assert ada.get(f"/api/games/{made['id']}/result").json() == result
    profile = bea.get("/api/players/ada").json()
    assert profile["ratings"][0]["games"] == 1 and profile["ratings"][0]["provisional"]
    assert profile["games"][0]["id"] == made["id"] and profile["games"][0]["rated"]
    # an unrated game's result is kept, with no rating in it
    plain = ada.post("/api/games", json={"game": "thalara", "players": 2, "seed": 6,
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    plain_made = plain.json()
    _play_to_the_end(ada, plain_made, {s["seat"]: s["token"] for s in plain_made["seats"]}, 6)
    unrated = ada.get(f"/api/games/{plain_made['id']}/result").json()
    assert not unrated["rated"] and unrated["stored"]
    assert all("change" not in s for s in unrated["seats"])
    assert bea.get("/api/players/ada").json()["ratings"][0]["games"] == 1


@pytest.mark.parametrize("change, words", [
    ({"clock": None}, "needs a clock"),
    ({"seats": [{"kind": "human"}, {"kind": "computer", "agent": "random"}]},
     "between people"),
    ({"seats": [{"kind": "human"}, {"kind": "human"}]}, "every other seat is open"),
    ({"on_timeout": "computer"}, "on_timeout must be 'forfeit'"),
    ({"listed": False}, "rated games are public"),
    ({"options": {"idle_rounds": 20}}, "standard rules: leave out idle_rounds"),
    ({"game": "vale", "options": {"start_scores": [0, 50]}}, "leave out start_scores"),
])
def test_a_game_that_cannot_be_rated_is_refused_with_its_reason(
        make_client: Callable[..., TestClient], change: dict[str, Any],  # noqa: F811
        words: str) -> None:
    client = make_client()
    sign_up(client, "Ada")
    before = len(client.get("/api/games?status=all").json())
    answer = client.post("/api/games", json={**RATED, **change})
    assert answer.status_code == 400 and words in answer.json()["detail"], answer.text
    assert len(client.get("/api/games?status=all").json()) == before
    # the same game unrated is fine (a clock-less one too)
    if "on_timeout" not in change and "options" not in change:
        assert client.post("/api/games", json={**RATED, **change, "rated": False}) \
            .status_code == 201


def test_a_rated_game_needs_signed_in_players_each_in_one_seat(
        make_client: Callable[..., TestClient]) -> None:  # noqa: F811
    guest = make_client()
    answer = guest.post("/api/games", json=RATED)
    assert answer.status_code == 400 and "signed-in" in answer.json()["detail"]
    ada = make_client()
    sign_up(ada, "Ada")
    made = ada.post("/api/games", json={**RATED, "players": 3,
                                        "seats": [{"kind": "human"}, {"kind": OPEN},
                                                  {"kind": OPEN}]}).json()
    assert made["seats"][0]["name"] == "Ada"
    refused = make_client().post(f"/api/games/{made['id']}/join", json={"name": "Guest"})
    assert refused.status_code == 403 and "sign in" in refused.json()["detail"]
    again = ada.post(f"/api/games/{made['id']}/join", json={})
    assert again.status_code == 409 and "already" in again.json()["detail"]
    bea = make_client()
    sign_up(bea, "Bea")
    assert bea.post(f"/api/games/{made['id']}/join", json={}).status_code == 200
    assert bea.post(f"/api/games/{made['id']}/join", json={}).status_code == 409
    seats = ada.get(f"/api/games/{made['id']}").json()["seats"]
    assert [s["claimed"] for s in seats] == [True, True, False]
    # an open seat may still be abandoned; a rated game under way may not
    assert ada.delete(f"/api/games/{made['id']}", headers={
        "authorization": f"Bearer {made['seats'][0]['token']}"}).status_code == 200
    two = ada.post("/api/games", json={**RATED, "seed": 3}).json()
    joined = bea.post(f"/api/games/{two['id']}/join", json={}).json()
    with ada.websocket_connect(f"/ws/{two['id']}") as w0, \
            ada.websocket_connect(f"/ws/{two['id']}") as w1:
        first = hello(w0, 0, two["seats"][0]["token"])
        second = hello(w1, 1, joined["token"])
        mover, ws = (0, w0) if first["legal"] else (1, w1)
        mine = first if mover == 0 else second
        ws.send_json({"type": "act", "action": mine["legal"][0], "n": mine["n"], "id": 1})
        receive(ws, "update")
    gone = ada.delete(f"/api/games/{two['id']}", headers={
        "authorization": f"Bearer {two['seats'][0]['token']}"})
    assert gone.status_code == 409 and "played to its end" in gone.json()["detail"]


def test_an_older_database_gains_the_rated_column(url: str) -> None:
    from sqlalchemy import inspect, text

    store = Storage(url)
    with store.engine.begin() as conn:
        conn.execute(text("ALTER TABLE ct_games DROP COLUMN rated"))
        conn.execute(text("DROP TABLE ct_results"))
        conn.execute(text("DROP TABLE ct_ratings"))
    store.close()
    again = Storage(url)
    found = inspect(again.engine)
    assert "rated" in [c["name"] for c in found.get_columns("ct_games")]
    assert {"ct_results", "ct_ratings"} <= set(found.get_table_names())
    row = again.create_game("vale", 2, 1, {}, [(HUMAN, None, "a"), (HUMAN, None, "b")])
    assert again.get_game(row.id).rated is False  # type: ignore[union-attr]
    again.close()


def test_a_rated_games_rematch_is_rated(url: str) -> None:
    from cardtable.server.rematch import next_rematch

    store = Storage(url)
    made = Accounts(store)
    ada, bea = (made.create(n, n, n, "$argon2id$x").id for n in ("ada", "bea"))
    game = _game(store, [ada, bea])
    store.finish(game, [0])
    for seat, answer in ((0, "offer"), (1, "accept")):
        rematch, _ = store.change_rematch(
            game, lambda row, conn, s=seat, a=answer: next_rematch(store, row, conn, s, a))
    assert rematch is not None
    following = store.get_game(rematch["next"]["id"])
    assert following is not None and following.rated
    assert [s.account for s in following.seats] == [bea, ada]
    store.close()


# ---- leaderboards and profiles -----------------------------------------------------------

def _store(client: TestClient) -> Storage:
    store: Storage = client.app.state.storage  # type: ignore[attr-defined]
    return store


def test_the_leaderboard_lists_settled_ratings_best_first(
        make_client: Callable[..., TestClient]) -> None:  # noqa: F811
    client = make_client()
    ids = {n: sign_up(make_client(), n)["id"] for n in ("Ada", "Bea", "Cyd", "Dee", "Eve")}
    rows = [("Ada", 27.0, 9), ("Bea", 31.0, 5), ("Cyd", 27.0, 12), ("Dee", 40.0, 4),
            ("Eve", 20.0, 30)]
    with _store(client).engine.begin() as conn:
        conn.execute(ratings_table.insert(), [
            {"account": ids[n], "pool": "vale-2p", "mu": mu, "sigma": 3.0, "games": g,
             "updated": 0.0} for n, mu, g in rows])
        # another pool's ratings stay out of this one
        conn.execute(ratings_table.insert().values(account=ids["Dee"], pool="vale-3p",
                                                   mu=50.0, sigma=1.0, games=50, updated=0.0))
    board = client.get("/api/leaderboard/vale").json()
    # Dee's 4 games are not enough to settle a rating; equal ratings: more games first
    assert board == [{"name": "Bea", "rating": shown(31.0), "games": 5},
                     {"name": "Cyd", "rating": shown(27.0), "games": 12},
                     {"name": "Ada", "rating": shown(27.0), "games": 9},
                     {"name": "Eve", "rating": shown(20.0), "games": 30}]
    assert client.get("/api/leaderboard/vale?players=3").json() == [
        {"name": "Dee", "rating": shown(50.0), "games": 50}]
    assert client.get("/api/leaderboard/thalara").json() == []
    assert client.get("/api/leaderboard/vale?players=9").status_code == 400
    assert client.get("/api/leaderboard/chess").status_code == 404
    assert client.get("/leaderboard/vale").status_code == 200
    assert client.get("/leaderboard/chess").status_code == 404
    # a deleted account leaves the leaderboard
    bea = make_client()
    sign_in_ok = bea.post("/api/session", json={"name": "Bea", "password": PASSWORD})
    assert sign_in_ok.status_code == 200
    assert bea.request("DELETE", "/api/me", json={"password": PASSWORD}).status_code == 200
    assert [r["name"] for r in client.get("/api/leaderboard/vale").json()] == [
        "Cyd", "Ada", "Eve"]


def test_a_profile_shows_ratings_games_and_win_rates_and_an_unknown_name_is_404(
        make_client: Callable[..., TestClient]) -> None:  # noqa: F811
    client = make_client()
    ada = sign_up(make_client(), "Ada")["id"]
    bea = sign_up(make_client(), "Bea")["id"]
    store = _store(client)
    results = Results(store)

    def game(listed: bool, rated: bool, ada_place: int, characters: tuple[str, str]) -> str:
        row = store.create_game("thalara", 2, 1, {}, [(HUMAN, None, "Ada"),
                                                      (HUMAN, None, "Bea")],
                                listed=listed, accounts=[ada, bea], rated=rated)
        store.finish(row.id, [0 if ada_place == 1 else 1])
        results.settle(row.id, "thalara-2p", [
            SeatOutcome(0, ada, ada_place, ada_place == 1, characters[0]),
            SeatOutcome(1, bea, 3 - ada_place, ada_place == 2, characters[1])], rated)
        return row.id

    first = game(True, True, 1, ("myrja", "canto"))
    second = game(True, False, 2, ("myrja", "canto"))
    hidden = game(False, False, 1, ("canto", "myrja"))
    third = game(True, True, 2, ("accaina", "canto"))
    profile = client.get("/api/players/ADA").json()          # names in any case
    assert profile["name"] == "Ada"
    assert profile["ratings"] == [{"pool": "thalara-2p", "rating": profile["ratings"][0]["rating"],
                                   "games": 2, "provisional": True}]
    history = profile["history"]["thalara-2p"]
    assert [h["game"] for h in history] == [first, third]
    assert history[0]["rating"] > 1500 and history[1]["rating"] < history[0]["rating"]
    assert history[1]["rating"] == profile["ratings"][0]["rating"]
    # the games listed in the lobby, newest first, with their links; not the hidden one
    listed = profile["games"]
    assert [g["id"] for g in listed] == [third, second, first]
    assert hidden not in client.get("/api/players/ada").text
    assert listed[2]["replay"] == f"/g/{first}?replay=0"
    assert listed[2]["analysis"] == f"/g/{first}?watch=1&analysis=1"
    assert [g["rated"] for g in listed] == [True, False, True]
    assert listed[2]["won"] and listed[2]["change"] > 0 and listed[0]["change"] < 0
    # win rates over every finished game (the hidden one's counts too)
    rates = profile["win_rates"]
    assert rates["games"] == [{"game": "thalara", "played": 4, "won": 2, "rate": 0.5}]
    # characters by their names, as the table shows them (the id beside it)
    names = {c: THALARA_CHARACTERS[c]["name"] for c in ("accaina", "canto", "myrja")}
    assert rates["characters"] == [
        {"character": "accaina", "character_name": names["accaina"], "played": 1, "won": 0,
         "rate": 0.0},
        {"character": "canto", "character_name": names["canto"], "played": 1, "won": 1,
         "rate": 1.0},
        {"character": "myrja", "character_name": names["myrja"], "played": 2, "won": 1,
         "rate": 0.5}]
    assert [g["character_name"] for g in listed] == [names["accaina"], names["myrja"],
                                                     names["myrja"]]
    assert all(n != c for c, n in names.items())
    assert client.get("/p/Ada").status_code == 200
    for name in ("Nobody", "%00", "a" * 300, "<script>"):
        assert client.get(f"/api/players/{name}").status_code == 404
        page = client.get(f"/p/{name}")
        assert page.status_code == 404 and "<html" in page.text
    # no account's secrets in a profile
    text = client.get("/api/players/ada").text
    assert "argon2" not in text and "token" not in text
    # a deleted account has no profile, and its games stay (anonymised)
    gone = make_client()
    assert gone.post("/api/session", json={"name": "Bea", "password": PASSWORD}).status_code == 200
    assert gone.request("DELETE", "/api/me", json={"password": PASSWORD}).status_code == 200
    assert client.get("/api/players/Bea").status_code == 404
    assert client.get("/p/Bea").status_code == 404
    assert len(client.get("/api/players/Ada").json()["games"]) == 3
    with store.engine.connect() as conn:
        assert conn.execute(ratings_table.select().where(
            ratings_table.c.account == bea)).all() == []
