"""ThalaraState.conform: a world dealt or redealt otherwise than the true game is made
to show one seat exactly what that seat sees, by exchanging only cards the seat cannot
tell apart; what no exchange can give is refused."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from cardtable.engine.api import Action
from cardtable.thalara.cards import ARTIFACT, CORE_PATH
from cardtable.thalara.feasibility import cast_actions
from cardtable.thalara.state import ThalaraState
from tests.thalara.helpers import GAME, OLD, P2_FILLER, act, new, select, turn
from tests.thalara.test_invariants import check

CHARACTERS = ["myrja", "canto", "accaina", "kandhran", "rinnthra", "jinpatrica"]


def _options(rng: random.Random, players: int, mode: str | None = None) -> dict[str, Any]:
    """Characters at random (Accaina, whose Veil hides cards, most of the time)."""
    chars = rng.sample(CHARACTERS if players == 2 else CHARACTERS * 2, players)
    if "accaina" not in chars and rng.random() < 0.7:
        chars[rng.randrange(players)] = "accaina"
    return {"mode": mode or rng.choice(["standard", "casual"]), "characters": chars}


def _game(players: int, seed: int, options: dict[str, Any]) -> ThalaraState:
    state = GAME.new_game(players, seed, **options)
    assert isinstance(state, ThalaraState)
    return state


def _texts(state: ThalaraState) -> list[str]:
    # sorted: the observation shows a hand in no order, and the order of the play
    # actions follows the hand's
    return sorted(str(a) for a in state.legal_actions())


def _pick(state: ThalaraState, rng: random.Random) -> Action:
    """A random legal action, a spell most of the time when one may be cast (spells
    are what hide and move cards)."""
    legal = state.legal_actions()
    casts = [a for a in legal if str(a).startswith("cast")]
    return rng.choice(casts if casts and rng.random() < 0.7 else legal)


def _play_out(state: ThalaraState, rng: random.Random) -> None:
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    assert state.winners()


def _consistent(world: ThalaraState) -> None:
    """What the state keeps beside the cards follows them: colour counts, the spells
    open, the face-down, known and unsure cards, the card a pending spell chose."""
    check(world)
    n = world.setup.n
    on_table = {c for side in world.sides for c in side}
    assert world.facedown <= on_table
    assert world.unsure <= {c for q in range(n) for c in world.hands[q]} | on_table
    # (a known card Exchange puts into a conflict stays in `known` there: harmless)
    assert world.known <= {c for q in range(n) for c in world.hands[q]} | on_table
    assert all(f.chosen < 0 or f.chosen in on_table for f in world.pending)
    if world.phase_name() == "cast":
        assert world.cast_options == cast_actions(world, world.cur)


def _agrees(world: ThalaraState, truth: ThalaraState, viewer: int | None) -> None:
    _consistent(world)
    assert world.observation(viewer) == truth.observation(viewer)
    if viewer is not None and truth.current_player() == viewer:
        assert _texts(world) == _texts(truth)


def _groups(state: ThalaraState) -> list[set[int]]:
    """The card instances of each group conform may exchange within: each player's
    energy cards where they lie, each player's Artifacts in play, the loose Artifacts."""
    s = state.setup
    n = s.n
    out = []
    for q in range(n):
        sides = [c for i in range(len(state.display)) for c in state.sides[i * n + q]]
        cards = [*state.hands[q], *state.supply[q], *state.discard[q], *sides]
        out.append({c for c in cards if s.card_kind[c] != ARTIFACT})
        out.append({c for c in [*state.hands[q], *sides] if s.card_kind[c] == ARTIFACT})
    out.append({*state.display, *state.artifact_pile})
    return out


def test_a_world_dealt_from_another_seed_shows_each_seat_its_start() -> None:
    moved = starts = 0
    for mode in ("standard", "casual"):
        for players in (2, 3, 4):
            for seed in range(12):
                rng = random.Random(seed)
                options = _options(rng, players, mode)
                truth = _game(players, seed, options)
                world = _game(players, seed + 1000, options)
                starts += world.start != truth.start
                for viewer in [*range(players), None]:
                    if world.observation(viewer) == truth.observation(viewer):
                        continue
                    moved += 1
                    conformed = world.clone()
                    assert conformed.conform(viewer, truth.observation(viewer), rng), \
                        (mode, players, seed, viewer)
                    _agrees(conformed, truth, viewer)
                    if viewer == 0:
                        _play_out(conformed, rng)
    assert moved > 200 and starts > 10


def test_a_world_of_the_start_takes_the_seats_exact_choices_in_standard() -> None:
    # before the first pick, a seat's supply lies in the same order in every deal, so
    # its `take` actions come in the same order too
    truth = _game(3, 1, {"mode": "standard"})
    for viewer in range(3):
        world = _game(3, 77, {"mode": "standard"})
        assert world.conform(viewer, truth.observation(viewer), random.Random(viewer))
        if truth.current_player() == viewer:
            assert [str(a) for a in world.legal_actions()] == \
                [str(a) for a in truth.legal_actions()]


def _random_position(seed: int) -> tuple[ThalaraState, random.Random]:
    rng = random.Random(seed)
    players = rng.choice([2, 2, 3, 4])
    state = _game(players, seed, _options(rng, players))
    for _ in range(rng.randrange(300)):
        if state.is_over():
            break
        state.apply(_pick(state, rng))
    return state, rng


def test_a_world_with_every_hidden_card_redealt_conforms_mid_game() -> None:
    tried = 0
    for seed in range(80):
        truth, rng = _random_position(seed)
        for viewer in [*range(truth.num_players), None]:
            world = truth.sample_world(None, rng)   # the viewer's own cards redealt too
            assert world.conform(viewer, truth.observation(viewer), rng), (seed, viewer)
            _agrees(world, truth, viewer)
            tried += 1
            if viewer == 0 and seed % 4 == 0:
                _play_out(world, rng)
    assert tried > 200


def test_conform_exchanges_cards_only_within_their_groups() -> None:
    for seed in range(40):
        truth, rng = _random_position(seed)
        for viewer in [*range(truth.num_players), None]:
            world = truth.sample_world(None, rng)
            before = _groups(world)
            shown = truth.observation(viewer)
            was = world.clone()
            assert world.conform(viewer, shown, rng)
            assert _groups(world) == before
            # a face-up card or a displayed Artifact already right stays where it was,
            # and nothing public that was right changes
            n = world.setup.n
            for at, side in enumerate(was.sides):
                for j, c in enumerate(side):
                    right = shown["conflicts"][at // n]["sides"][at % n]["cards"][j]["card"]
                    if c not in was.facedown and world.setup.name(c) == right:
                        assert world.sides[at][j] == c
            for i, c in enumerate(was.display):
                if world.setup.name(c) == shown["conflicts"][i]["artifact"]["card"]:
                    assert world.display[i] == c
            assert world.won == was.won and world.pool == was.pool
            assert world.stars == was.stars


def test_a_world_that_already_agrees_is_left_as_it_is() -> None:
    for seed in range(30):
        truth, rng = _random_position(seed)
        for viewer in range(truth.num_players):
            world = truth.sample_world(viewer, rng)
            was = world.clone()
            assert world.conform(viewer, truth.observation(viewer), rng)
            assert world == was


def _counterparts(truth: ThalaraState, viewer: int, action: Action,
                  rng: random.Random) -> tuple[bool, bool, bool]:
    """One step of another seat, played in a world sampled for `viewer`: whether some
    legal action of the world, with the cards conformed, shows the viewer what the true
    action does; whether the true action itself is legal there; and whether the step
    ended a round (where cards face-down are revealed and counted)."""
    world = truth.sample_world(viewer, rng)
    after = truth.clone()
    after.apply(action)
    shown = after.observation(viewer)
    found = False
    for candidate in world.legal_actions():
        moved = world.clone()
        moved.apply(candidate)
        if moved.conform(viewer, shown, rng):
            _agrees(moved, after, viewer)
            found = True
            break
    same = str(action) in {str(a) for a in world.legal_actions()}
    if same and after.round == truth.round and not after.is_over():
        # the true action itself, in a world that can play it, always conforms
        moved = world.clone()
        moved.apply(GAME.parse_action(moved, str(action)))
        assert moved.conform(viewer, shown, rng), (str(action), truth.phase_name())
        _agrees(moved, after, viewer)
    return found, same, after.round != truth.round or after.is_over()


def test_another_seats_step_has_a_counterpart_in_a_sampled_world() -> None:
    steps = failures = 0
    for seed in range(60):
        rng = random.Random(seed)
        players = rng.choice([2, 2, 3, 4])
        truth = _game(players, seed, _options(rng, players))
        while not truth.is_over():
            action = _pick(truth, rng)
            actor = truth.current_player()
            if rng.random() < 0.25:
                for viewer in range(players):
                    if viewer == actor:
                        continue
                    steps += 1
                    found, same, scored = _counterparts(truth, viewer, action, rng)
                    if not found:
                        failures += 1
                        # the world could not play the true card (it held it elsewhere
                        # among the actor's hidden cards, and no card it held does the
                        # same in public: opens the same spells, say), or cards
                        # revealed at scoring made another winner
                        assert not same or scored, (seed, str(action))
            truth.apply(action)
    assert steps > 1500
    assert failures <= steps * 0.05, (failures, steps)


def _artifacts_first(rest: list[str], **options: Any) -> ThalaraState:
    """Accaina's first round: her three Artifacts (red5, blue5, yellow5) one to each
    conflict, with `rest` in her hand, while Canto passes; the round then ends."""
    state = new(("accaina", "canto"), first=0, **options)
    select(state, {0: ["red5", "blue5", "yellow5", *rest], 1: list(P2_FILLER)})
    turn(state, "play red5 1")
    act(state, "pass")
    turn(state, "play blue5 2")
    turn(state, "play yellow5 3")
    act(state, "pass")
    return state


def test_an_artifact_played_from_among_unsure_ones_swaps_with_the_face_down_one() -> None:
    # P1 holds three Artifacts and plays one face-down (the others cannot tell which),
    # then plays one of them face-up: in a world where that one lay face-down, another
    # is played and the two change places.
    state = _artifacts_first(["red2", "blue1", "green2", "yellow1"], cards=OLD)
    artifacts = state.observation(1)["seats"][0]["known_hand"]
    assert len(artifacts) == 3
    select(state, {0: ["purple1", "green1", "red2", "blue1"], 1: list(P2_FILLER)})
    turn(state, "play purple1 2")
    turn(state, "play red2 3")
    turn(state, "play green1 2", "cast accaina-veil 2")
    turn(state, "play blue1 3")
    turn(state, f"play {artifacts[0]} 1")
    turn(state, "play yellow1 3")
    assert len(state.unsure) == 3 and state.current_player() == 0
    after = state.clone()
    act(after, f"play {artifacts[1]} 3")
    shown = after.observation(1)
    swapped = 0
    for k in range(40):
        rng = random.Random(k)
        world = state.sample_world(1, rng)
        if f"play {artifacts[1]} 3" in _texts(world):
            continue   # this world has it in hand
        down = [c for c in world.sides[0] if c in world.facedown]
        assert [world.setup.name(c) for c in down] == [artifacts[1]]
        moved = world.clone()
        act(moved, f"play {artifacts[2]} 3")
        assert moved.conform(1, shown, rng)
        _agrees(moved, after, 1)
        assert [moved.setup.name(c) for c in moved.sides[0]] == [artifacts[2]]
        assert moved.sides[0][0] in moved.facedown and moved.sides[0][0] in moved.unsure
        _play_out(moved, rng)
        swapped += 1
    assert swapped > 5


def test_the_card_a_pending_spell_chose_follows_its_place(tmp_path: Path) -> None:
    # A card file whose Shift may move a face-down card: Accaina chooses her face-down
    # red5, and a world that dealt another card there must name red5 as chosen too.
    text = CORE_PATH.read_text(encoding="utf-8")
    up = '{ type = "move", whose = "own", card = "energy", face = "up" }'
    assert up in text
    cards = tmp_path / "shift-any.toml"
    cards.write_text(text.replace(up, up.replace('"up"', '"any"')), encoding="utf-8")
    state = new(("accaina", "canto"), first=0, cards=str(cards))
    select(state, {0: ["purple1", "green1", "red5", "red2", "blue1", "green2", "yellow1"],
                   1: list(P2_FILLER)})
    turn(state, "play purple1 1")
    turn(state, "play red2 1")
    act(state, "play green1 1", "cast accaina-veil 1", "play red5 1")
    turn(state, "play blue1 2")
    act(state, "play green2 1", "cast accaina-shift 1", "target red5")
    assert state.observation(0)["pending"]["chosen"] == "red5"
    redealt = other = 0
    for k in range(60):
        rng = random.Random(k)
        # a spectator does not know which card Shift chose: the world chooses one of
        # those it could have (sample_world), and only Accaina's own view tells
        world = state.sample_world(None, rng)
        down = world.sides[0][2]
        assert down in world.facedown
        if world.pending[-1].chosen != down:
            assert not world.conform(0, state.observation(0), rng)
            other += 1
            continue
        redealt += world.setup.name(down) != "red5"
        assert world.conform(0, state.observation(0), rng)
        _agrees(world, state, 0)
        assert world.setup.name(world.pending[-1].chosen) == "red5"
        act(world, "target 2")
        assert [world.setup.name(c) for c in world.sides[1 * 2]] == ["red5"]
    assert redealt > 5 and other > 5


def test_a_shift_of_another_card_than_the_true_one_is_put_right_once_it_shows() -> None:
    # Which card Shift's first step chose is the caster's secret until it moves: a
    # world that chose the Artifact where the true game chose blue1 trades the two
    # back once the move shows which it was.
    state = _artifacts_first(["green1", "green2", "red2", "blue1"])
    artifact = state.observation(1)["seats"][0]["known_hand"][0]
    select(state, {0: ["green1", "green2", "red2", "blue1"], 1: list(P2_FILLER)})
    turn(state, f"play {artifact} 1")
    turn(state, "play red2 2")
    turn(state, "play blue1 1")
    turn(state, "play blue1 2")
    act(state, "play green1 1", "cast accaina-shift 1")
    world = state.clone()
    act(state, "target blue1")
    act(world, f"target {artifact}")
    for viewer in (1, None):
        assert world.observation(viewer) == state.observation(viewer)
    act(state, "target 3")
    act(world, "target 3")
    for viewer in (1, None):
        moved = world.clone()
        assert moved.conform(viewer, state.observation(viewer), random.Random(3))
        _agrees(moved, state, viewer)
        assert [moved.setup.name(c) for c in moved.sides[2 * 2]] == ["blue1"]


def _follow(seed: int) -> int:
    """Follow a whole game from one seat's observations, as a bot does: a world dealt
    from another seed, the seat's own actions by their text, another seat's by trying
    the world's legal actions until one conforms (the hidden cards dealt again when
    none does). Returns how many steps needed dealing again."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    options = _options(rng, players)
    seat = seed % players
    truth = _game(players, seed, options)
    world = _game(players, seed + 5000, options)
    assert world.conform(seat, truth.observation(seat), rng)
    redeals = 0
    while not truth.is_over():
        action = rng.choice(truth.legal_actions())
        actor = truth.current_player()
        truth.apply(action)
        shown = truth.observation(seat)
        for deal in range(64):
            base = world if deal == 0 else world.sample_world(seat, rng)
            if actor == seat:
                tries = [GAME.parse_action(base, str(action))]
            else:
                tries = base.legal_actions()
                rng.shuffle(tries)
            found = None
            for candidate in tries:
                moved = base.clone()
                moved.apply(candidate)
                if moved.conform(seat, shown, rng):
                    found = moved
                    break
            if found is not None:
                world = found
                redeals += deal > 0
                break
        else:
            raise AssertionError(f"seed {seed}: no world after {str(action)!r}")
        _agrees(world, truth, seat)
    return redeals


def test_a_world_follows_whole_games_from_one_seats_observations() -> None:
    steps = sum(_follow(seed) for seed in range(12))
    assert steps < 100


# ---- what conform refuses ---------------------------------------------------------


def _mid_game(seed: int = 3) -> tuple[ThalaraState, int]:
    """A 3-player game some way in, with a face-up card of another seat than 0 on the
    table and cards in its discard pile."""
    rng = random.Random(seed)
    state = _game(3, seed, {"mode": "standard",
                            "characters": ["myrja", "canto", "accaina"]})
    while True:
        state.apply(_pick(state, rng))
        n = state.setup.n
        if state.round >= 2 and any(state.discard[1]) and any(
                state.sides[i * n + 1] for i in range(len(state.display))):
            return state, 0
        assert not state.is_over()


def _refused(truth: ThalaraState, viewer: int, change: Any) -> None:
    shown = truth.observation(viewer)
    change(shown)
    world = truth.sample_world(None, random.Random(1))
    assert not world.conform(viewer, shown, random.Random(2))
    assert world.observation(viewer) != shown


def test_public_facts_no_exchange_can_change_are_refused() -> None:
    truth, viewer = _mid_game()
    world = truth.sample_world(None, random.Random(1))
    assert world.clone().conform(viewer, truth.observation(viewer), random.Random(2))

    def stars(shown: dict[str, Any]) -> None:
        shown["seats"][1]["stars"] += 1
        shown["seats"][1]["score"] += 1
        shown["scores"][1] += 1

    def hand_count(shown: dict[str, Any]) -> None:
        shown["seats"][2]["hand_count"] += 1

    def start(shown: dict[str, Any]) -> None:  # mid-game: who started is history
        shown["start_player"] = shown["first_player"] = (shown["start_player"] + 1) % 3

    def won(shown: dict[str, Any]) -> None:
        shown["seats"][1]["artifacts"] = sorted([*shown["seats"][1]["artifacts"], "A01"])

    def character(shown: dict[str, Any]) -> None:
        shown["seats"][1]["character"] = "kandhran"

    for change in (stars, hand_count, start, won, character):
        _refused(truth, viewer, change)


def test_cards_the_groups_cannot_hold_are_refused() -> None:
    truth, viewer = _mid_game()
    n = truth.setup.n
    side = next(i for i in range(len(truth.display)) if truth.sides[i * n + 1])
    played = truth.setup.name(truth.sides[side * n + 1][0])
    discarded = truth.observation(viewer)["seats"][1]["discard"][0]

    def aftershock(shown: dict[str, Any]) -> None:
        # Myrja makes no Aftershocks: the hand cannot hold one
        hand = shown["seats"][0]["hand"]
        hand[0] = "aftershock"
        hand.sort()

    def twice(shown: dict[str, Any]) -> None:
        # P2's card shown again where P2 has only one of its kind, already discarded
        shown["conflicts"][side]["sides"][1]["cards"][0]["card"] = discarded

    def nonsense(shown: dict[str, Any]) -> None:
        shown["conflicts"][side]["sides"][1]["cards"][0]["card"] = "no-such-card"

    def artifact_as_remnant(shown: dict[str, Any]) -> None:
        shown["conflicts"][0]["artifact"]["card"] = played

    for change in (aftershock, twice, nonsense, artifact_as_remnant):
        _refused(truth, viewer, change)


def test_the_observation_of_another_viewer_is_refused() -> None:
    truth, _ = _mid_game()
    world = truth.sample_world(None, random.Random(4))
    assert not world.conform(0, truth.observation(1), random.Random(4))
    assert not world.conform(None, truth.observation(0), random.Random(4))


# ---- prepare: before another seat's action ------------------------------------------


def test_a_round_end_revealing_face_down_cards_is_followed() -> None:
    """Seed 798 (greedy, 2 players): seat 1's last play ends round 1, and the face-down
    cards it reveals decide the conflicts. The world had dealt other cards face down,
    so no action reproduces the stars unless `prepare` first lays the Remnants the
    discard piles show where they must have lain."""
    from cardtable.agents import make_agent
    from cardtable.bot.worlds import SeatStream, WorldTracker

    seed = 798
    tracked = seed % 2
    stream = SeatStream(GAME, 2, seed, {}, tracked)
    tracker = WorldTracker(GAME, tracked, 2, {}, random.Random(seed + 7))
    assert tracker.begin(stream.start)
    agents = [make_agent("greedy", GAME, seed * 2 + s) for s in range(2)]
    truth = stream.truth
    while not truth.is_over():
        seat = truth.current_player()
        assert seat is not None
        entry, seen = stream.play(agents[seat].choose(truth.view(seat)))
        assert tracker.follow(entry, seen), ("lost", entry["n"])
        world = tracker.world
        assert isinstance(world, ThalaraState)
        _consistent(world)
        assert world.observation(tracked) == seen


def test_prepare_never_changes_what_the_viewer_sees() -> None:
    """On many positions, before a random action of another seat (a round's last one
    as often as can be), a world prepared with the observation after it shows the
    viewer exactly what it did, and stays whole."""
    moved = tried = 0
    for seed in range(60):
        truth, rng = _random_position(seed)
        for _ in range(40):
            if truth.is_over():
                break
            actor = truth.current_player()
            assert actor is not None
            ending = [a for a in truth.legal_actions() if str(a) == "pass"]
            action = ending[0] if ending and rng.random() < 0.3 else _pick(truth, rng)
            for viewer in range(truth.num_players):
                if viewer == actor:
                    continue
                after = truth.clone()
                after.apply(action)
                world = truth.sample_world(viewer, rng)
                before = world.observation(viewer)
                if world.prepare(viewer, actor, after.observation(viewer), rng):
                    moved += 1
                assert world.observation(viewer) == before, (seed, str(action))
                _consistent(world)
                if viewer == (actor + 1) % truth.num_players:
                    _play_out(world.clone(), rng)
                tried += 1
            truth.apply(action)
    assert tried > 1000
    assert moved > 50
