"""The guided first game of The Vale of Eternity: three rounds of the base game (you
start on 48 points, so the end at 60 comes in the third round), then two rounds with
the Artifacts expansion (starting on 78, so its end at 80 comes in the second).

The words are ours, written from the rules (reference/rulebooks/vale-of-eternity-
artifacts.txt and the base rules the game follows); each step names the sections it
teaches.
"""

from __future__ import annotations

from cardtable.learn.model import Lesson, Others, Part, Section, Step, flatten

SECTIONS = (
    Section("snake", "The snake draft", "Base game, 1. Hunting phase"),
    Section("sell", "Selling a card for stones", "Base game, 2. Action phase: sell"),
    Section("tame", "Taming a card into your hand", "Base game, 2. Action phase: tame"),
    Section("summon", "Summoning by paying the cost", "Base game, 2. Action phase: summon"),
    Section("stone-limit", "The stone limit and no change",
            "Base game: magic stones; Reminders (no extra stones)"),
    Section("area-limit", "The area limit by round", "Base game: a player's area"),
    Section("instant", "Instant effects", "Base game: card effects, Instant"),
    Section("permanent", "Permanent effects", "Base game: card effects; Reminders (Permanent)"),
    Section("resolution", "Resolution effects", "Base game, 3. Resolution phase"),
    Section("end-60", "The end: 60 points or round 10", "Base game: end of the game"),
    Section("artifact-pick", "The Artifact pick",
            "Artifacts: 1. Hunting Phase; Artifacts (abilities)"),
    Section("shelter", "Shelter", "Artifacts: Shelter"),
    Section("areas", "Purchased areas", "Artifacts: Purchasing Areas"),
    Section("end-80", "The end at 80 points", "Artifacts: Gameplay"),
)

NAMES = ("Ann", "Bea")   # Ann is the learner ("Ann (you)" on the table)

BASE = Part(
    title="The base game",
    players=2, seed=167, options={"expansion": "none", "start_scores": [48, 2]}, names=NAMES,
    script=flatten(
        Step("Welcome to the Vale. You hunt creatures, sell them for magic stones or tame "
             "them into your hand, and summon them into your area to score. You start on 48 "
             "points here, so the end is near: the first to reach 60 ends the game.",
             at="#board"),
        Step("Each round four cards are revealed. You pick first, then Bea picks twice, "
             "then you pick the last: a snake. Take the Rock Golem: an Earth card sells "
             "for four red stones.", "hunt rock-golem", ("snake",)),
        Others(("hunt kappa", "hunt freyja")),
        Step("Bea took two. The last card is yours: the Salamander.", "hunt salamander",
             ("snake",)),
        Step("Now each hunted card is sold or tamed. Sell the Rock Golem: it leaves the "
             "game and gives you its family's stones, four red ones (worth 1 each).",
             "sell rock-golem", ("sell",)),
        Step("Tame the Salamander: it goes into your hand, where it waits to be summoned.",
             "tame salamander", ("tame",)),
        Step("Summon it by paying its cost, 1, with one red stone. It goes into your area, "
             "where it scores for you.", "summon salamander pay red", ("summon",)),
        Step("In round 1 your area holds one card; in round 2 two, and so on: the round "
             "number is the limit. Yours is full, so end your turn.", "end",
             ("area-limit",)),
        Others(("sell freyja", "tame kappa", "summon kappa pay red", "end", "hunt balog")),
        Step("At the end of every round each Resolution effect in an area is resolved. Your "
             "Salamander's gave you a red stone and a point. Bea summoned a Kappa, whose "
             "Permanent effect works for as long as it stays: 2 points each time she pays "
             "with a blue stone.", teaches=("resolution", "permanent"), at="#presence"),
        Step("Round 2: Bea was first and took the Balog, so you pick twice in the middle "
             "of the snake. Take the Snail Maiden, to sell.", "hunt snail-maiden",
             ("snake",)),
        Step("And the Burning Skull, to summon.", "hunt burning-skull"),
        Others(("hunt hydra", "sell balog", "tame hydra", "summon hydra pay blue,red",
                "choose points", "choose blue", "end")),
        Step("Bea summoned the Hydra: its Instant effect happened once, as it arrived "
             "(points and a blue stone), and her Kappa added 2. Sell the Snail Maiden for "
             "a blue stone, worth 3.", "sell snail-maiden", ("instant", "permanent")),
        Step("You hold five stones, but nobody may keep more than four. Give one up: a red "
             "one, the cheapest.", "discard red", ("stone-limit",)),
        Step("Tame the Burning Skull.", "tame burning-skull"),
        Step("It costs 3. Pay with three red stones and keep the blue one. A payment never "
             "gives change and never takes a stone too many: a purple stone (6) for it "
             "would waste 3.", "summon burning-skull pay red,red,red",
             ("summon", "stone-limit")),
        Step("End your turn.", "end"),
        Step("You have two Resolution effects and choose their order. The Burning Skull "
             "turns a red stone into 3 points, and you have none yet: resolve the "
             "Salamander first, which gives you one.", "order salamander",
             ("resolution",)),
        Step("Round 3, you are first again. Take the Tidal dragon: its Instant effect "
             "gives 5 points for each Dragon in your area.", "hunt tidal"),
        Others(("hunt phoenix", "hunt troll")),
        Step("Take the Goblin as well, to sell.", "hunt goblin"),
        Step("Sell the Goblin: four more red stones.", "sell goblin", ("sell",)),
        Step("Over the limit again: five stones. Give up a red one.", "discard red",
             ("stone-limit",)),
        Step("Tame the Tidal dragon.", "tame tidal"),
        Step("Summon it for 5: the blue stone and two red ones. Its Instant effect scores "
             "at once: 5 points for the one Dragon.", "summon tidal pay blue,red,red",
             ("instant",)),
        Step("End your turn. Three cards in round 3: your area is full.", "end",
             ("area-limit",)),
        Others(("tame troll", "tame phoenix", "summon troll pay blue", "end")),
        Step("Resolve the Salamander first again, then the Skull follows.",
             "order salamander", ("resolution",)),
        Step("You passed 60 points, so the game ended with this round; it would also have "
             "ended after round 10. Most points wins; on a tie, the most cards in the area.",
             teaches=("end-60",)),
    ),
)

ARTIFACTS = Part(
    title="The Artifacts expansion",
    players=2, seed=2, options={"expansion": "artifacts", "start_scores": [78, 2]},
    names=NAMES,
    script=flatten(
        Step("With the Artifacts expansion, new cards join the deck and the game ends at "
             "80 points instead of 60 (or after round 10). You start on 78.",
             teaches=("end-80",), at="#board"),
        Step("Before the hunt, each player picks an Artifact tile, first player first. Take "
             "the Incense Burner: on your turn it buys an area for 3, or shelters the top "
             "two cards of the deck.", "artifact incense-burner", ("artifact-pick",)),
        Others(("artifact ring-of-wishes",)),
        Step("Then the snake draft, as before. Take Agni, to sell.", "hunt agni"),
        Others(("hunt yuki-onna", "hunt sylph")),
        Step("And the Salamander.", "hunt salamander"),
        Step("Sell Agni for three red stones.", "sell agni"),
        Step("Tame the Salamander.", "tame salamander"),
        Step("Summon it with one red stone.", "summon salamander pay red"),
        Step("Use the Incense Burner. An area costs 3 and you have 2 stones, so it "
             "shelters instead: cards in your shelter are neither in your hand nor in your "
             "area, and do nothing there unless an effect names the shelter.",
             "use incense-burner", ("shelter",)),
        Step("End your turn. At the end of the round your Artifact goes back to the "
             "display with your marker on it: you may not pick it next round.", "end",
             ("artifact-pick",)),
        Others(("sell sylph", "tame yuki-onna", "summon yuki-onna", "end",
                "artifact monkey-kings-staff")),
        Step("Round 2: Bea picked first. The Incense Burner carries your marker, so take "
             "the Cap of Hades.", "artifact cap-of-hades", ("artifact-pick",)),
        Others(("hunt willow",)),
        Step("Take the Gargoyle.", "hunt gargoyle"),
        Step("And the Totem Pole.", "hunt totem-pole"),
        Others(("hunt loki", "sell willow", "sell loki", "end")),
        Step("Tame the Gargoyle.", "tame gargoyle"),
        Step("Tame the Totem Pole too: the Cap needs a card in your hand.",
             "tame totem-pole"),
        Step("Use the Cap of Hades: it shelters a card from your hand.", "use cap-of-hades"),
        Step("Shelter the Totem Pole.", "shelter totem-pole", ("shelter",)),
        Step("For it, purchase an area for free. A purchased area holds one more card every "
             "round (a second one makes it two), up to two of them.", "choose area",
             ("areas",)),
        Step("Summon the Gargoyle with two red stones.", "summon gargoyle pay red,red"),
        Step("End your turn: your Salamander's Resolution effect brings you to 80.", "end"),
        Step("80 points: the game ends with this round. That is the Vale with its "
             "Artifacts; start a game from the lobby against the computer.",
             teaches=("end-80",)),
    ),
)

LESSON = Lesson(
    game="vale",
    title="Learn to play The Vale of Eternity",
    summary="Three rounds of the base game, then two with the Artifacts expansion.",
    sections=SECTIONS,
    parts=(BASE, ARTIFACTS),
)
