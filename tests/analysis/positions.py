"""Positions and records for the analysis tests, built through the engine contract.

`decisive_thalara` is a one-round Thalara game on a small card file of our own (one
color, hands of three, two Artifacts worth 1 and 2 stars), so the last card of the
game decides the conflict that decides the stars, whatever the shipped cards become.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable import load_game
from cardtable.agents import make_agent
from cardtable.engine.api import State
from cardtable.engine.record import GameRecord
from tests.vale.helpers import position, seat

TINY_THALARA = '''
[set]
name = "analysis test set: one round, two Artifacts"
hand_size = 3
artifacts_to_end = 7
conflicts = [2, 2, 2]
sets = [1, 1, 1]
provenance = "provisional"

[[colors]]
id = "red"
provenance = "provisional"

[[remnants]]
color = "red"
strengths = [1, 2, 3, 4, 5]
provenance = "provisional"

[[artifacts]]
id = "A1"
name = "Small Prize"
color = "red"
strength = 1
stars = 1
provenance = "provisional"

[[artifacts]]
id = "A2"
name = "Great Prize"
color = "red"
strength = 1
stars = 2
provenance = "provisional"

[aftershock]
per_player = 0
strength = 2
provenance = "provisional"

'''

# Each character needs a spell of its own; this one can never be cast.
OUT_OF_REACH = '''
[[characters]]
id = "{who}"
name = "{who}"
spells = ["{who}-out-of-reach"]
provenance = "provisional"

[[spells]]
id = "{who}-out-of-reach"
name = "Out of Reach"
requires = ["red", "red", "red", "red", "red"]
kind = "permanent"
text = "+1 here; needs five red cards, so never castable with a hand of three."
provenance = "provisional"
effects = [{{ type = "total_bonus", amount = 1 }}]
'''

THALARA = load_game("thalara")


def tiny_card_file(folder: Path) -> str:
    path = folder / "tiny-thalara.toml"
    characters = "".join(OUT_OF_REACH.format(who=who) for who in ("alpha", "beta"))
    path.write_text(TINY_THALARA + characters, encoding="utf-8")
    return str(path)


def decisive_thalara(cards: str, last: str, p2_keeps: str = "red1") -> GameRecord:
    """P2 (seat 1) moves first. P2 takes red3, red4 and `p2_keeps`; P1 takes red1, red2,
    red5. P2 plays red3 into the 1-star conflict, P1 red1 there; P2 red4 into the
    2-star conflict, P1 red2 there; P2 passes, keeping `p2_keeps` unseen. P1's last
    card then decides: red5 into the 2-star conflict wins 2 stars to 1; into the
    1-star conflict, or a pass, loses. `last` names the choice: "great", "small" or
    "pass". The game ends after it (no Artifact is left)."""
    for seed in range(200):
        state = THALARA.new_game(2, seed=seed, cards=cards, characters=["alpha", "beta"])
        if state.observation(None)["start_player"] == 1:
            break
    conflicts = {c["artifact"]["stars"]: c["number"]
                 for c in state.observation(None)["conflicts"]}
    great, small = conflicts[2], conflicts[1]
    hands = {0: ["red1", "red2", "red5"], 1: ["red3", "red4", p2_keeps]}
    while state.observation(None)["phase"] == "select":
        player = state.current_player()
        assert player is not None
        state.apply_text("take " + hands[player].pop(0))
    for text in (f"play red3 {small}", f"play red1 {small}", f"play red4 {great}",
                 f"play red2 {great}", "pass"):
        state.apply_text(text)
    state.apply_text({"great": f"play red5 {great}", "small": f"play red5 {small}",
                      "pass": "pass"}[last])
    assert state.is_over()
    return GameRecord.from_state(state)


def played_record(game: str, seed: int, upto: int | None = None,
                  agents: tuple[str, str] = ("greedy", "greedy"),
                  **options: Any) -> GameRecord:
    """A game between two cheap agents (the first `upto` actions only, if given)."""
    loaded = load_game(game)
    state = loaded.new_game(2, seed=seed, **options)
    players = [make_agent(spec, loaded, seed * 2 + s) for s, spec in enumerate(agents)]
    while not state.is_over() and (upto is None or len(state.history()) < upto):
        player = state.current_player()
        assert player is not None
        state.apply(players[player].choose(state.view(player)))
    return GameRecord.from_state(state)


def vale_mud_slime() -> State:
    """Vale, round 5, P1 (seat 0) to act with 55 points, 2 blue stones and Mud Slime
    hunted (cost 6: gain 6 points when summoned); P2 has 59 points and Salamander (1
    point in the Resolution phase), so P2 reaches 60 this round and the game ends.
    Taming and summoning Mud Slime makes P1 61 and the winner; selling it leaves P1
    on 55, and P2 wins."""
    return position(seat(hunted=["mud-slime"], stones=(0, 2, 0), score=55),
                    seat(area=["salamander"], score=59), round=5)
