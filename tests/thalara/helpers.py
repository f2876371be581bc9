"""Building Thalara positions for tests through the public contract only."""

from __future__ import annotations

from typing import Any

from cardtable import load_game
from cardtable.thalara.state import ThalaraState

GAME = load_game("thalara")
# The provisional set as it was before the balance tuning: the rules of spells tuned
# since (the Veil that hides your next card, ...) keep their tests on it.
OLD = "provisional-2026"


def new(characters: tuple[str, ...] = ("myrja", "canto"), first: int = 0,
        **options: Any) -> ThalaraState:
    """A new game whose first player is `first` (the seed is searched for it)."""
    players = len(characters)
    for seed in range(500):
        state = GAME.new_game(players, seed=seed, characters=list(characters), **options)
        assert isinstance(state, ThalaraState)
        if state.start == first:
            return state
    raise AssertionError("no seed gives that first player")


def act(state: ThalaraState, *texts: str) -> None:
    """Apply actions given in the notation, in order."""
    for text in texts:
        state.apply(GAME.parse_action(state, text))


def select(state: ThalaraState, hands: dict[int, list[str]]) -> None:
    """Answer the secret hand choice: each player takes the named cards."""
    while state.phase_name() == "select":
        p = state.current_player()
        assert p is not None
        card = hands[p].pop(0)
        act(state, f"take {card}")
    for p, left in hands.items():
        assert not left, f"P{p + 1} did not get to take {left}"


def turn(state: ThalaraState, play: str, cast: str | None = None) -> None:
    """Place a card, then cast `cast` or skip if a spell could be cast."""
    act(state, play)
    if state.phase_name() == "cast":
        act(state, cast or "skip")
    else:
        assert cast is None, f"{cast!r} could not be cast after {play!r}"


def totals(state: ThalaraState, conflict: int, viewer: int | None = None) -> list[int]:
    obs = state.observation(viewer)
    return [side["total"] for side in obs["conflicts"][conflict - 1]["sides"]]


def casual_hand(state: ThalaraState, player: int, names: list[str]) -> None:
    """Give `player` a known Casual Chaos hand (the rest goes back under the pile)."""
    s = state.setup
    state.supply[player].extend(state.hands[player])
    state.hands[player] = []
    for name in names:
        card = s.unique_card[player][s.type_of[name]]
        state.supply[player].remove(card)
        state.hands[player].append(card)


def texts(actions: list[Any]) -> list[str]:
    return [str(a) for a in actions]


#: seven cards for a player whose hand does not matter to the test
P2_FILLER = ["red2", "blue1", "green1", "yellow1", "purple1", "green2", "yellow2"]


def artifacts_out(state: ThalaraState) -> list[str]:
    """The Artifact lying at each conflict, in order."""
    return [c["artifact"]["card"] for c in state.observation(None)["conflicts"]]


def artifacts_won(state: ThalaraState) -> list[list[str]]:
    """Each seat's Artifacts won, in seat order."""
    return [seat["artifacts"] for seat in state.observation(None)["seats"]]


def spells_in(state: ThalaraState, conflict: int) -> list[str]:
    return [s["id"] for s in state.observation(None)["conflicts"][conflict - 1]["spells"]]


def p2_passes(state: ThalaraState) -> None:
    """P2, if it is P2's turn to place a card, passes instead."""
    if state.current_player() == 1 and state.phase_name() == "play":
        act(state, "pass")


def recall_to_the_top_then_pass() -> tuple[ThalaraState, str]:
    """Casual Chaos: P1 (Accaina) Recalls P2's card onto the top of P2's draw pile, then
    both pass. Returns the state and the recalled card's name."""
    state = new(("accaina", "canto"), first=0, mode="casual")
    casual_hand(state, 0, ["blue1", "purple1", "red2", "green1", "green2", "yellow1",
                           "yellow2"])
    turn(state, "play blue1 1")
    theirs = state.observation(1)["seats"][1]["hand"][0]
    turn(state, f"play {theirs} 1")
    turn(state, "play purple1 1", "cast accaina-recall 1")
    act(state, f"target {theirs}@p2")
    assert state.setup.name(state.supply[1][-1]) == theirs  # on top of the draw pile
    act(state, "pass", "pass")
    assert state.phase_name() == "return" and state.current_player() == 0
    return state, theirs


def take_every_conflict(state: ThalaraState) -> None:
    """Play to the end: P1 puts one card into each empty conflict, then passes; P2
    always passes."""
    while not state.is_over():
        phase = state.phase_name()
        legal = texts(state.legal_actions())
        if phase == "select":
            act(state, legal[0])
        elif state.current_player() == 1 or phase != "play":
            act(state, "pass" if "pass" in legal else "skip")
        else:
            obs = state.observation(0)
            empty = [c["number"] for c in obs["conflicts"] if not c["sides"][0]["cards"]]
            plays = [t for t in legal if empty and t.endswith(f" {empty[0]}")]
            act(state, plays[0] if plays else "pass")
