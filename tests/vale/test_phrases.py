"""vale/phrases.py: every decision, and every action event, in
words: the decider reads "You must ..." and one sentence per legal action; everybody
else reads who decides what, and nothing they may not know."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.vale import phases
from cardtable.vale.state import ValeState
from tests.engine.worlds import sampled_worlds
from tests.vale.helpers import GAME, legal, play, position, seat

#: an id (goblin-soldier, monkey-kings-staff) standing on its own
ID = re.compile(r"(?<![\w'-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w-])")
#: the notation's verbs, as a sentence never begins
VERBS = ("hunt ", "sell ", "tame ", "summon ", "remove ", "end", "discard ", "order ",
         "choose ", "target ", "recover ", "copy ", "take ", "done", "artifact ", "use ",
         "pay ", "upgrade ", "name ", "swap ", "top ", "activate ", "shelter ", "retrieve ")
SEATS = ["Ann", "Bea", "Cid", "Dee"]


def words_only(text: str) -> None:
    assert not ID.search(text), text
    assert not text.startswith(VERBS), text


def choice(st: ValeState, action: str) -> dict[str, object]:
    said = GAME.decision(st, st.current_player())
    return next(c for c in said["choices"] if c["action"] == action)


@pytest.mark.parametrize(("seed", "expansion"), [(1, "none"), (2, "cards"), (3, "artifacts"),
                                                 (4, "artifacts"), (5, "none")])
def test_every_decision_of_a_random_game_is_in_words(seed: int, expansion: str) -> None:
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    st = GAME.new_game(players, seed=seed, expansion=expansion)
    names = SEATS[:players]
    while not st.is_over():
        p = st.current_player()
        said = GAME.decision(st, p, names)
        assert said["deciding"] == p
        assert [c["action"] for c in said["choices"]] == legal(st)
        assert said["prompt"].startswith("You must")
        for text in [said["prompt"], said["phase"], *(c["text"] for c in said["choices"])]:
            words_only(text)
        for v in [None, *range(players)]:
            if v != p:
                other = GAME.decision(st, v, names)
                assert other["choices"] == [] and other["prompt"].startswith(names[p])
                words_only(other["prompt"])
        for event in st.apply(rng.choice(st.legal_actions())):
            assert not event.public.startswith("P1:"), event.public
    over = GAME.decision(st, 0, names)
    assert over["deciding"] is None and over["prompt"].startswith("The game is over")


@pytest.mark.parametrize(("seed", "expansion"), [(7, "none"), (8, "artifacts")])
def test_what_the_others_read_is_the_same_in_every_world_they_cannot_tell_apart(
        seed: int, expansion: str) -> None:
    rng = random.Random(seed)
    st = GAME.new_game(3, seed=seed, expansion=expansion)
    compared = 0
    for step in range(300):
        if st.is_over():
            break
        if step % 4 == 0:
            for v, world in sampled_worlds(st, step):
                assert GAME.decision(world, v, SEATS) == GAME.decision(st, v, SEATS)
                compared += 1
        st.apply(rng.choice(st.legal_actions()))
    assert compared > 50


def test_an_overpaying_summon_says_by_how_much() -> None:
    st = position(seat(hand=["undine-queen"], stones=(0, 0, 1)), seat())
    said = choice(st, "summon undine-queen pay purple")
    assert said["text"] == "Summon Undine Queen, paying 1 purple stone (6): overpays by 3"
    assert said["waste"] == "overpays by 3" and said["group"] == "summon"
    exact = position(seat(hand=["undine-queen"], stones=(3, 0, 0)), seat())
    said = choice(exact, "summon undine-queen pay red,red,red")
    assert said["text"] == "Summon Undine Queen, paying 3 red stones"
    assert said["waste"] is None


def test_selling_names_the_real_price_and_ending_is_a_sentence() -> None:
    st = position(seat(hunted=["goblin-soldier", "boulder"]), seat())
    assert choice(st, "sell goblin-soldier")["text"] == "Sell Goblin Soldier for 4 red stones"
    assert choice(st, "sell boulder")["text"] == "Sell Boulder for 1 purple stone"
    assert choice(st, "tame boulder")["text"] == "Tame Boulder into your hand"
    play(st, "sell goblin-soldier", "tame boulder")
    assert choice(st, "end") == {"action": "end", "text": "End your turn", "group": "end",
                                 "waste": None}


def test_the_stone_limit_says_how_far_over_it_you_are() -> None:
    st = position(seat(stones=(5, 1, 0)), seat())
    mine = GAME.decision(st, 0)
    assert mine["prompt"] == "You must discard a stone: you are over the stone limit (6 of 4)."
    assert [c["text"] for c in mine["choices"]] == ["Discard a red stone (worth 1)",
                                                    "Discard a blue stone (worth 3)"]
    assert {c["waste"] for c in mine["choices"]} == {None}     # the limit leaves no choice
    theirs = GAME.decision(st, 1, ["Ann", "Bea"])
    assert theirs["prompt"] == "Ann is discarding a stone: over the stone limit (6 of 4)."
    assert theirs["choices"] == [] and theirs["deciding"] == 0


def test_hydra_asks_for_its_options_each_in_words() -> None:
    st = position(seat(hand=["hydra"], stones=(1, 1, 0)), seat())
    play(st, "summon hydra pay blue,red")
    mine = GAME.decision(st, 0)
    assert mine["prompt"] == "You must choose 2 of the options of Hydra."
    assert {c["action"]: c["text"] for c in mine["choices"]} == {
        "choose purple": "Gain 1 purple stone", "choose draw": "Draw 1 card",
        "choose blue": "Gain 2 blue stones", "choose points": "Gain 4 points"}
    assert {c["group"] for c in mine["choices"]} == {"choose"}
    assert GAME.decision(st, None)["prompt"] == "P1 is choosing 2 of the options of Hydra."


def test_an_artifact_pick_names_the_tile() -> None:
    st = position(seat(), seat(), phase=phases.HUNTING, expansion="artifacts",
                  artifact_set=["monkey-kings-staff", "ring-of-wishes", "book-of-thoth"],
                  display=["imp", "kappa", "troll", "griffon"])
    mine = GAME.decision(st, 0)
    assert mine["phase"].startswith("Artifacts: each player picks an Artifact tile")
    assert mine["prompt"].startswith("You must pick an Artifact tile")
    said = choice(st, "artifact monkey-kings-staff")
    assert said["text"] == "Pick the Artifact Monkey King's Staff"
    assert said["group"] == "artifact"
    assert GAME.decision(st, 1, ["Ann", "Bea"])["prompt"] == "Ann is picking an Artifact tile."


def test_the_phases_teach_what_they_are_about() -> None:
    st = GAME.new_game(2, seed=3)
    assert GAME.decision(st, 0)["phase"].startswith("Hunting: take 1 card from the display")
    action = position(seat(hunted=["imp"]), seat())
    assert GAME.decision(action, None)["phase"] == (
        "Action: sell or tame your hunted cards, summon, then end your turn.")


def test_the_action_events_read_as_sentences_with_ids_and_seats() -> None:
    st = position(seat(hunted=["goblin-soldier"], hand=["undine-queen"], stones=(0, 0, 1)),
                  seat())
    events = st.apply(GAME.parse_action(st, "summon undine-queen pay purple"))
    assert events[0].kind == "action"
    assert events[0].public == "P1 summons undine-queen, paying 1 purple stone"
    events = st.apply(GAME.parse_action(st, "sell goblin-soldier"))
    assert events[0].public == "P1 sells goblin-soldier"
    hunting = position(seat(), seat(), phase=phases.HUNTING, expansion="artifacts",
                       artifact_set=["monkey-kings-staff", "ring-of-wishes",
                                     "book-of-thoth"],
                       display=["imp", "kappa", "troll", "griffon"])
    events = hunting.apply(GAME.parse_action(hunting, "artifact monkey-kings-staff"))
    assert events[0].public == "P1 picks the Artifact monkey-kings-staff"


def test_an_only_choice_made_for_the_player_is_a_sentence_too() -> None:
    st = position(seat(stones=(6, 0, 0)), seat())      # only red stones to discard
    assert [e.public for e in st.events if e.kind == "auto"] == [
        "P1 discards a red stone (the only choice)"] * 2


def test_a_price_says_what_it_buys_what_it_overpays_and_that_declining_gives_it_up() -> None:
    st = position(seat(hunted=["salamander", "kappa"], stones=(0, 0, 1),
                       artifact="gem-of-kukulkan"), seat(), expansion="artifacts")
    play(st, "sell salamander")     # 3 red stones and a purple one: within the limit
    mine = GAME.decision(st, 0)
    assert mine["prompt"] == ("You must pay stones worth 1 to keep Salamander in your hand, "
                              "or decline (Gem of Kukulkan).")
    said = {c["action"]: c for c in mine["choices"]}
    assert said["pay red"]["text"] == "Pay to keep Salamander with 1 red stone"
    assert said["pay red"]["waste"] is None
    assert said["pay purple"]["text"] == (
        "Pay to keep Salamander with 1 purple stone (6): overpays by 5")
    assert said["pay purple"]["waste"] == "overpays by 5"
    assert said["done"]["text"] == "Decline: let Salamander go"
    assert said["done"]["waste"] == "declines to keep a card"
    assert GAME.decision(st, 1, ["Ann", "Bea"])["prompt"] == (
        "Ann is deciding whether to pay stones worth 1 to keep Salamander in their hand "
        "(Gem of Kukulkan).")


def test_the_options_of_an_artifact_are_said_from_what_they_do() -> None:
    st = position(seat(shelter=["odin", "hydra"]), seat(), phase=phases.HUNTING,
                  expansion="artifacts",
                  artifact_set=["philosophers-stone", "ring-of-wishes", "book-of-thoth"],
                  display=["imp", "kappa", "troll", "griffon"])
    play(st, "artifact philosophers-stone")
    mine = GAME.decision(st, 0)
    assert mine["prompt"] == "You must choose one of the options of Philosopher's Stone."
    assert {c["action"]: c["text"] for c in mine["choices"]} == {
        "choose retrieve": "Take a card of your shelter into your hand",
        "choose purple": "Discard a card of your shelter, then gain 1 purple stone",
        "choose both": "Take a card of your shelter into your hand, then discard a card "
                       "of your shelter, then gain 1 purple stone"}
    play(st, "choose purple")
    assert GAME.decision(st, 0)["prompt"] == (
        "You must discard a card of your shelter (Philosopher's Stone).")
    assert [c["text"] for c in GAME.decision(st, 0)["choices"]] == [
        "Discard Odin from your shelter", "Discard Hydra from your shelter"]


def _done_said(st: ValeState, viewer: int | None = None) -> list[str]:
    play(st, "done")
    return [e.text_for(viewer) for e in st.events if e.kind == "action"]


def test_done_in_the_log_says_which_decision_it_ends() -> None:
    """ "done" ends several kinds of decision; the log says which (it said "P1 stops"
    for all of them until 2026-12-06)."""
    thoth = position(seat(stones=(1, 1, 0), artifact="book-of-thoth"), seat(),
                     expansion="artifacts")
    play(thoth, "use book-of-thoth")
    assert _done_said(thoth) == ["P1 upgrades no more stones"]
    cerberus = position(seat(hand=["cerberus"], area=["imp", "kappa", "troll"],
                             stones=(0, 0, 1)), seat(), round=6)
    play(cerberus, "summon cerberus pay purple", "discard imp")
    assert _done_said(cerberus) == ["P1 discards no more cards"]
    taweret = position(seat(hand=["taweret", "imp"]), seat(), expansion="artifacts")
    play(taweret, "summon taweret")
    assert _done_said(taweret) == ["P1 stops discarding"]
    # with nothing left to discard, "done" is taken for the player, said the same way
    alone = position(seat(hand=["taweret"]), seat(), expansion="artifacts")
    play(alone, "summon taweret")
    assert [e.public for e in alone.events if e.kind == "auto"] == [
        "P1 stops discarding (the only choice)"]


def test_letting_a_card_go_names_it_only_to_whoever_may_know_it() -> None:
    """Declining Gem of Kukulkan's price names the card let go; the others read its name
    only if they knew the card (a hunted card was in the open display)."""
    def kept_salamander() -> ValeState:
        st = position(seat(hunted=["salamander"], artifact="gem-of-kukulkan"), seat(),
                      expansion="artifacts")
        play(st, "sell salamander")
        return st
    assert _done_said(kept_salamander(), 1) == ["P1 lets salamander go"]
    secret = kept_salamander()
    frame = secret.pending[-1]
    secret.public[frame.card] = 0   # as if the card had come from a hidden place
    play(secret, "done")
    said = [e for e in secret.events if e.kind == "action"]
    assert [e.text_for(1) for e in said] == ["P1 declines to pay to keep a card"]
    assert [e.text_for(None) for e in said] == ["P1 declines to pay to keep a card"]
    assert [e.text_for(0) for e in said] == ["P1 lets salamander go"]


def test_an_option_chosen_is_told_by_what_it_does() -> None:
    """The log tells an option by what it does, for the chooser's seat in the third
    person ("P1 chooses the option “both”" until 2026-12-06), taken by the player or for
    them when it is the only one."""
    st = position(seat(shelter=["odin", "hydra"]), seat(), phase=phases.HUNTING,
                  expansion="artifacts",
                  artifact_set=["philosophers-stone", "ring-of-wishes", "book-of-thoth"],
                  display=["imp", "kappa", "troll", "griffon"])
    play(st, "artifact philosophers-stone", "choose both")
    assert [e.public for e in st.events] == [
        "P1 chooses to take a card of their shelter into their hand, then discard a card "
        "of their shelter, then gain 1 purple stone"]
    piper = position(seat(), seat(), phase=phases.HUNTING, expansion="artifacts",
                     artifact_set=["pied-pipers-pipe", "ring-of-wishes", "book-of-thoth"],
                     display=["imp", "kappa", "troll", "griffon"], deck_top=["odin"])
    play(piper, "artifact pied-pipers-pipe")   # an empty shelter: only "draw" is left
    assert [e.public for e in piper.events if e.kind == "auto"] == [
        "P1 chooses to draw 1 card (the only choice)"]
