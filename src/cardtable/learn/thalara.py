"""The guided first game of Thalara: the standard game over two rounds (Myrja, the
learner, against Canto), then one round of Casual Chaos.

The words are ours, written from the rulebook (reference/rulebooks/thalara-the-last-
artifacts.txt); each step names the rulebook sections it teaches.
"""

from __future__ import annotations

from cardtable.learn.model import Lesson, Others, Part, Section, Step, do, flatten

SECTIONS = (
    Section("hand", "Secret hand choice", "Playing the game: choosing seven Remnants"),
    Section("placing", "Placing energy cards", "Playing the game: placing cards into conflicts"),
    Section("spells", "Spells and their requirements", "Activating Spells"),
    Section("passing", "Passing", "Playing the game: passing"),
    Section("resolution", "Resolution and ties", "Playing the game: resolving conflicts"),
    Section("artifacts-return", "Artifacts back every round",
            "Playing the game: Artifacts return to your hand"),
    Section("stars", "Stars", "Energy cards: Artifacts are worth stars"),
    Section("end", "The end of the game", "End of the game"),
    Section("casual", "Casual Chaos", "Game mode: Casual Chaos"),
)

NAMES = ("Ann", "Bea")   # Ann is the learner ("Ann (you)" on the table)

STANDARD = Part(
    title="The standard game",
    players=2, seed=3, options={"mode": "standard"}, names=NAMES,
    script=flatten(
        Step("Welcome to Thalara. You play Myrja, Bea plays Canto. Three Artifacts lie in "
             "the middle, each with a conflict around it: whoever puts the most strength "
             "into a conflict wins its Artifact, and an Artifact's stars decide the game.",
             at="#board"),
        do("Choose your hand, in secret: seven of your twenty Remnants. Bea has the same "
           "twenty and will not see yours. Take Red 5 first: two reds will let you cast "
           "Surge later.",
           "take red5", "take red4", "take blue5", "take blue4", "take green5",
           "take yellow5", "take purple4", teaches=("hand",)),
        Others(("take yellow5", "take green4", "take blue3", "take red3", "take purple3",
                "take purple2", "take yellow3")),
        Step("Bea has chosen too. Now you take turns placing one card at a time into any "
             "conflict. Place Red 5 into conflict 1, beside the Heart of the Kiln: it is "
             "worth 3 stars.", "play red5 1", ("placing",)),
        Others(("play yellow5 2",)),
        Step("Bea put Yellow 5 into conflict 2. A card's color never limits where it "
             "goes. Add Red 4 to conflict 1.", "play red4 1"),
        Step("Your side of conflict 1 now holds two red cards, which is what Surge "
             "requires. After placing a card you may cast one spell into a conflict where "
             "your cards meet its colors; the cards are not used up. Cast Surge there: "
             "+2 to your total.", "cast myrja-surge 1", ("spells",)),
        Others(("play purple3 1",)),
        Step("Conflict 2 has Bea's Yellow 5 alone. Match it with Green 5: equal totals "
             "will show you what a tie does.", "play green5 2"),
        Others(("play blue3 3",)),
        Step("Place Blue 5 into conflict 3. Energy Barrier needs two blue cards in one "
             "conflict, so no spell can be cast this time: the status bar offers none.",
             "play blue5 3", ("spells",)),
        Others(("play yellow3 3",)),
        Step("Pass now (the table asks if you are sure, since you could still place "
             "cards: yes). Once you pass you place nothing more this round, while Bea may "
             "go on as long as she likes. The Remnants left in your hand go back to your "
             "supply.", "pass", ("passing",)),
        Others(("play green4 3", "skip", "pass")),
        # round 2 begins with Bea, who refills her hand first
        Others(("take red4", "take red5", "take blue4", "take blue5", "take purple4",
                "take purple1")),
        Step("Both have passed, so each conflict is totalled. You won conflict 1 (11 to "
             "3) and take its Artifact; conflict 2 was a tie (5 to 5), so nobody takes it "
             "and it stays for the next round; Bea won conflict 3. Your played Remnants "
             "are discarded for good.", teaches=("resolution",), at="#log"),
        Step("The Heart of the Kiln is now in your hand, and it stays yours: an Artifact "
             "is an energy card you may place like a Remnant, and after every round it "
             "comes back to your hand instead of being discarded.", at="#my-area"),
        do("Round 2 began with Bea, who placed the last card, and she has refilled her "
           "hand. Refill yours to seven from your supply: the Artifact counts as one of "
           "them, so take six Remnants.",
           "take red3", "take red2", "take blue4", "take blue3", "take yellow5",
           "take purple4", teaches=("hand", "artifacts-return")),
        Others(("play A04 1",)),
        Step("Bea placed the Artifact she won. Place yours into conflict 2, where the tied "
             "Artifact still waits: its strength counts like a Remnant's.", "play A03 2",
             ("artifacts-return",)),
        Others(("play red5 2",)),
        Step("Add Blue 4 to conflict 2.", "play blue4 2"),
        Others(("play purple4 3",)),
        Step("Place Blue 3 into conflict 2 too.", "play blue3 2"),
        Step("Two blues in conflict 2: Energy Barrier's requirement is met. Cast it, and "
             "Bea may not place any more cards into conflict 2 this round.",
             "cast energy-barrier 2", ("spells",)),
        Others(("play blue5 3",)),
        Step("You lead conflict 2 and Bea cannot reach it. Pass, and confirm.", "pass"),
        Others(("play red4 1", "skip", "pass")),
        Step("You won conflict 2 and Bea took the other two. Your spells come back for the "
             "next round, and both Artifacts return to your hand again.",
             teaches=("resolution", "artifacts-return"), at="#log"),
        Step("Stars are the score: the Heart of the Kiln has 3 and the Moss Circlet 1, so "
             "you have 4; each player's panel shows their stars. An Artifact with many "
             "stars is often weak as energy.", teaches=("stars",), at="#presence"),
        Step("The game ends at the start of a round when someone holds seven Artifacts, or "
             "when a supply has too few Remnants left to fill its player's hand. Then most "
             "stars wins. Spend your Remnants with care: they never come back.",
             teaches=("end",)),
    ),
)

CASUAL = Part(
    title="Casual Chaos",
    players=2, seed=6, options={"mode": "casual"}, names=NAMES,
    script=flatten(
        Step("Casual Chaos is the gentler mode: you do not choose your hand. Everyone "
             "shuffles their supply and draws seven cards at random. Everything else is "
             "played as before.", teaches=("casual",), at="#my-area"),
        Step("Your hand was dealt. Place Red 5 into conflict 3.", "play red5 3"),
        Others(("play purple4 3",)),
        Step("Add Red 4 to conflict 3.", "play red4 3"),
        Step("Two reds again: cast Surge into conflict 3.", "cast myrja-surge 3",
             ("spells",)),
        Others(("play blue5 1",)),
        Step("Place Yellow 5 into conflict 2.", "play yellow5 2"),
        Others(("play yellow3 2",)),
        Step("Pass, and confirm: you lead two conflicts.", "pass"),
        Others(("play green2 1", "pass", "return red2", "done")),
        Step("At the end of a round in Casual Chaos you may shuffle Remnants from your "
             "hand back into your supply before drawing up to seven. Blue 3 is weak: send "
             "it back.", "return blue3", ("casual",)),
        Step("Stop returning: your hand is filled with cards drawn at random, next to the "
             "two Artifacts you won.", "done", ("casual",)),
        Step("That is Thalara. Start a game from the lobby against the computer: Myrja and "
             "Canto, or Accaina and Kandhran, are the pairs for a first game.",
             at="#my-area"),
    ),
)

LESSON = Lesson(
    game="thalara",
    title="Learn to play Thalara",
    summary="Two rounds of the standard game, then one round of Casual Chaos.",
    sections=SECTIONS,
    parts=(STANDARD, CASUAL),
)
