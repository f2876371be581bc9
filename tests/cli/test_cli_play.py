"""`cardtable play` against the computer, with the prompts answered by a script."""

from __future__ import annotations

import json
from pathlib import Path

import cli_fakegame
import pytest
from cli_script import Script

import cardtable
from cardtable.cli import play as play_module
from cardtable.cli.main import main
from cardtable.engine.record import GameRecord


def play(argv: list[str], script: Script) -> int:
    return main(["play", "fake", "--vs", "random", *argv], read_line=script)


def first_hand(players: int, seed: int, seat: int = 0, rounds: int = 2) -> list[str]:
    state = cli_fakegame.FakeGame().new_game(players, seed, rounds=rounds)
    assert isinstance(state, cli_fakegame.FakeState)
    return [cli_fakegame.gem_name(g) for g in state.hands[seat]]


def test_a_whole_game_against_random(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "done.json"
    script = Script([], then="1")
    assert play(["--players", "3", "--seed", "11", "--save", str(save)], script) == 0
    out = capsys.readouterr().out
    assert script.prompts == 2                      # one decision a round, two rounds
    assert "Final scores: P1 (you)" in out
    assert "the game is over" in out               # the last events are shown too
    record = GameRecord.load(save)
    state = record.replay()
    assert state.is_over()
    assert len(record.actions) == 6
    assert f"Final scores: P1 (you) {state.scores()[0]}, P2 {state.scores()[1]}" in out


def test_the_greedy_computer_plays_too(capsys: pytest.CaptureFixture[str]) -> None:
    script = Script([], then="1")
    assert main(["play", "fake", "--vs", "greedy", "--seed", "2"], read_line=script) == 0
    assert "Final scores" in capsys.readouterr().out


@pytest.mark.parametrize("seat, players", [(0, 3), (1, 3), (2, 4)])
def test_other_seats_hidden_hands_and_secrets_never_appear(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seat: int, players: int) -> None:
    save = tmp_path / "game.json"
    script = Script(["board", "hint", "help"], then="1")
    assert play(["--players", str(players), "--seed", "5", "--seat", str(seat),
                 "--option", "rounds=3", "--save", str(save)], script) == 0
    out = capsys.readouterr().out
    end = GameRecord.load(save).replay()
    assert isinstance(end, cli_fakegame.FakeState) and end.is_over()
    # what the human may know does appear: their own hand and their secret word ...
    assert end.secrets[seat] in out
    assert cli_fakegame.gem_name(end.hands[seat][0]) in out
    # ... and what only the others know never does
    for other in range(players):
        if other == seat:
            continue
        assert end.secrets[other] not in out
        for gem in end.hands[other]:                 # never played, never revealed
            assert cli_fakegame.gem_name(gem) not in out


def test_seat_as_a_player_label(capsys: pytest.CaptureFixture[str]) -> None:
    assert play(["--seat", "P2", "--seed", "1"], Script([], then="1")) == 0
    assert "you are P2 (you)" in capsys.readouterr().out


def test_bad_input_is_one_line_and_changes_nothing(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "g.json"
    script = Script(["dance", "play gem99", "7", "", "\u2460", "quit"])
    assert play(["--seed", "4", "--save", str(save)], script) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert sum("cannot read 'dance'" in line for line in lines) == 1
    assert sum("'play gem99' is not legal now; legal actions: play gem" in line
               for line in lines) == 1
    assert sum("There is no action 7; choose 1-3." in line for line in lines) == 1
    # a digit that is no number ('\u2460' is a circled 1) is text the game cannot read
    assert sum("cannot read '\u2460'" in line for line in lines) == 1
    assert "Traceback" not in out
    assert script.prompts == 6                       # asked again after each
    assert GameRecord.load(save).actions == []       # nothing was played


def test_play_by_notation(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    hand = first_hand(2, 8)
    assert play(["--seed", "8", "--save", str(save)],
                Script([f"PLAY  {hand[2].upper()}", "quit"])) == 0
    assert GameRecord.load(save).actions[0] == f"play {hand[2]}"


def test_undo_goes_back_to_the_previous_decision(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # Vale's draft: between your two picks the computer hunts twice from the open
    # display, which shows nothing hidden, so the first pick may be taken back.
    save = tmp_path / "g.json"
    script = Script(["undo", "1", "undo", "2", "quit"])
    assert main(["play", "vale", "--vs", "random", "--seed", "9", "--save", str(save)],
                read_line=script) == 0
    out = capsys.readouterr().out
    assert "Nothing to undo: this is your first decision." in out
    assert "undone: back to your previous decision" in out
    record = GameRecord.load(save)
    # the first pick was taken back with the computer's answers, then replaced
    first = cardtable.load_game("vale").new_game(2, 9).legal_actions()
    assert record.actions[0] == first[1].text
    # the last card of the display was the only choice: taken without asking
    assert len(record.actions) == 4
    assert record.actions[3] == "hunt sylph"
    # by its name, not its id
    assert "Only one choice: Hunt Sylph (wind, cost 4), taken." in out
    assert record.replay().current_player() == 0


def test_no_undo_over_cards_that_were_hidden(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # Blind duel reveals every gem at the end of a round: undoing past it would let
    # the player play the round again knowing the others' gems.
    save = tmp_path / "g.json"
    script = Script(["1", "undo", "quit"])
    assert play(["--players", "3", "--seed", "9", "--save", str(save)], script) == 0
    out = capsys.readouterr().out
    assert "No undo: since your previous decision you have seen cards" in out
    assert len(GameRecord.load(save).actions) == 3      # nothing was taken back


def test_quit_saves_a_record_that_replay_reads(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "q.json"
    assert play(["--players", "2", "--seed", "3", "--save", str(save)],
                Script(["2", "quit"])) == 0
    assert f"Saved to {save}" in capsys.readouterr().out
    data = json.loads(save.read_text())
    assert data["cli"] == {"seat": 0, "vs": "random"}
    assert data["seed"] == 3 and data["players"] == 2 and len(data["actions"]) == 2
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    # the game goes on: its seed and secret actions are not shown
    assert "fake: 2 players, seed hidden until the game is over" in out
    assert "the game is not over; P1 is to decide" in out
    assert main(["replay", str(save), "--step"]) == 0
    out = capsys.readouterr().out
    assert data["actions"][0] not in out and data["actions"][1] not in out
    assert "P1 plays a gem face down" in out            # what a spectator saw


def test_a_random_deal_is_not_told_until_the_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert play([], Script(["quit"])) == 0
    out = capsys.readouterr().out
    [saved] = list(tmp_path.glob("cardtable-fake-*.json"))
    seed = GameRecord.load(saved).seed
    assert f"seed {seed}" not in out and str(seed) not in saved.name
    assert play(["--load", str(saved)], Script([], then="1")) == 0
    assert f"The deal was seed {seed}" in capsys.readouterr().out   # the game is over


def test_a_saved_game_keeps_its_seat(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    assert play(["--seed", "3", "--seat", "1", "--save", str(save)], Script(["quit"])) == 0
    assert main(["play", "--load", str(save), "--seat", "0"], read_line=Script([])) == 2
    assert main(["play", "--load", str(save), "--seat", "P2"],
                read_line=Script(["quit"])) == 0


def test_end_of_input_quits_and_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert play(["--seed", "12"], Script(["1"])) == 0       # then EOF
    assert "Saved to cardtable-fake-12.json" in capsys.readouterr().out
    assert len(GameRecord.load(tmp_path / "cardtable-fake-12.json").actions) == 2


def test_builtin_input_is_used_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["1", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    save = tmp_path / "b.json"
    assert main(["play", "fake", "--vs", "random", "--seed", "1", "--save", str(save)]) == 0
    assert len(GameRecord.load(save).actions) == 2


def test_load_resumes_with_the_saved_seat_and_agent(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "r.json"
    assert play(["--players", "3", "--seat", "1", "--seed", "6", "--save", str(save)],
                Script(["1", "quit"])) == 0
    before = GameRecord.load(save)
    capsys.readouterr()
    script = Script([], then="1")
    assert main(["play", "--load", str(save)], read_line=script) == 0
    out = capsys.readouterr().out
    assert "you are P2 (you) against Computer (random)" in out
    assert "Final scores" in out
    assert script.prompts == 1
    after = GameRecord.load(save)       # a loaded game saves back to its file at the end
    assert after.actions[:len(before.actions)] == before.actions
    assert after.replay().is_over()


def test_undo_after_load_reaches_decisions_made_before_saving(tmp_path: Path) -> None:
    save = tmp_path / "u.json"
    assert play(["--seed", "6", "--save", str(save)], Script(["1", "quit"])) == 0
    assert main(["play", "--load", str(save)], read_line=Script(["undo", "quit"])) == 0
    assert GameRecord.load(save).actions == []


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    ('{"format": "cardtable-record", "version": 1, "game": "fake", "players": 2, '
     '"seed": 1, "options": {}, "actions": ["play gem99"]}', "cannot be replayed"),
])
def test_loading_a_corrupt_record_is_one_clear_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["play", "--load", str(bad)], read_line=Script([])) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("cardtable play: error: ")
    assert message in captured.err and captured.err.count("\n") == 1


@pytest.mark.parametrize("argv, message", [
    (["--vs", "nobody"], "unknown agent 'nobody'"),
    (["--seat", "5"], "--seat 5 does not exist in a 2-player game"),
    (["--seat", "left"], "--seat must be a seat number"),
    (["--players", "7"], "fake is played by 2 to 4 players, not 7"),
    (["--option", "rounds=99"], "option 'rounds' must be a whole number"),
])
def test_bad_play_settings(argv: list[str], message: str,
                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "fake", *argv], read_line=Script([])) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_game_is_needed_without_load(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play"], read_line=Script([])) == 2
    assert "name a game to play" in capsys.readouterr().err


def test_a_broken_board_drawing_falls_back_to_the_raw_view(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import cardtable.cli.play as play_module

    def broken(observation: dict[str, object], viewer: int | None) -> str:
        raise KeyError("conflicts")

    monkeypatch.setattr(play_module, "renderer_for", lambda name: broken)
    assert play(["--seed", "1"], Script([], then="1")) == 0
    out = capsys.readouterr().out
    assert "the board could not be drawn" in out
    assert "fake as seen by P1" in out


def test_ctrl_c_while_the_computer_thinks_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.agents.random_agent import RandomAgent

    def interrupted(self: RandomAgent, view: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(RandomAgent, "choose", interrupted)
    save = tmp_path / "c.json"
    assert play(["--seed", "2", "--save", str(save)], Script(["1"])) == 0
    assert f"Saved to {save}" in capsys.readouterr().out
    assert len(GameRecord.load(save).actions) == 1


def test_on_a_terminal_a_spinner_shows_who_is_thinking(tmp_path: Path) -> None:
    import io

    from rich.console import Console

    from cardtable.cli.play import PlaySession

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=120)
    state = cli_fakegame.FakeGame().new_game(3, 4)
    session = PlaySession(console, state, 0, "random", tmp_path / "s.json",
                          Script([], then="1"), agent_seed=1)
    assert session.run() == 0
    assert session.state.is_over()
    assert "P2 (random) is thinking..." in out.getvalue()


def test_load_refuses_new_game_settings(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "s.json"
    assert play(["--seed", "6", "--save", str(save)], Script(["quit"])) == 0
    capsys.readouterr()
    assert main(["play", "--load", str(save), "--seed", "3", "--option", "rounds=2"],
                read_line=Script([])) == 2
    err = capsys.readouterr().err
    assert "a loaded game keeps its own settings; drop --seed, --option" in err


def test_load_checks_the_game_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    import cardtable

    class OtherGame(cli_fakegame.FakeGame):
        name = "other"

    monkeypatch.setitem(cardtable._GAMES, "other", "cli_fakegame:FakeGame")
    monkeypatch.setitem(cardtable._LOADED, "other", OtherGame())
    save = tmp_path / "s.json"
    assert play(["--seed", "6", "--save", str(save)], Script(["quit"])) == 0
    capsys.readouterr()
    assert main(["play", "other", "--load", str(save)], read_line=Script([])) == 2
    assert f"{save} is a game of fake, not other" in capsys.readouterr().err
    assert main(["play", "fake", "--load", str(save)], read_line=Script(["quit"])) == 0


def test_repeated_event_lines_are_counted() -> None:
    from cardtable.cli.play import squeeze

    assert squeeze([]) == []
    assert squeeze(["a", "b", "b", "b", "a", "c", "c"]) == ["a", "b (x3)", "a", "c (x2)"]
    assert squeeze(["P2 takes a card."] * 7) == ["P2 takes a card (x7)."]


def test_with_save_every_decision_is_saved_at_once(tmp_path: Path) -> None:
    save = tmp_path / "auto.json"
    seen: list[int] = []

    def answer(prompt: str) -> str:
        seen.append(len(GameRecord.load(save).actions))   # saved before the question
        if len(seen) > 2:
            raise RuntimeError("the terminal went away")
        return "1"

    with pytest.raises(RuntimeError):
        main(["play", "fake", "--vs", "random", "--players", "3", "--seed", "1",
              "--option", "rounds=4", "--save", str(save)], read_line=answer)
    assert seen == [0, 3, 6]
    assert len(GameRecord.load(save).actions) == 6


def test_saving_to_a_missing_folder_says_so_and_keeps_playing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "no" / "such" / "folder.json"
    script = Script(["quit", "quit"])
    assert play(["--seed", "1", "--save", str(save)], script) == 1
    out = capsys.readouterr().out
    assert f"Could not save to {save}" in out
    assert "The game is not saved. Type quit again to leave anyway." in out
    assert "Left without saving." in out
    assert script.prompts == 2 and not save.exists()


def test_an_agent_bug_is_one_error_and_the_game_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.agents.random_agent import RandomAgent
    from cardtable.engine.api import Action

    monkeypatch.setattr(RandomAgent, "choose", lambda self, view: Action(0, "play gem99", 99))
    monkeypatch.chdir(tmp_path)
    assert play(["--seed", "2"], Script(["1"])) == 2
    captured = capsys.readouterr()
    assert "Saved to cardtable-fake-2.json before stopping." in captured.out
    assert captured.err == "cardtable play: error: 'play gem99' is not legal now\n"
    assert len(GameRecord.load(tmp_path / "cardtable-fake-2.json").actions) == 1


@pytest.mark.parametrize(("cli", "words"), [({"seat": 7, "vs": "random"}, "saved seat 7"),
                                            ({"seat": 0, "vs": 5}, "saved opponent 5")])
def test_a_saved_game_with_a_broken_cli_entry_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], cli: dict[str, object],
        words: str) -> None:
    save = tmp_path / "s.json"
    assert play(["--seed", "3", "--save", str(save)], Script(["quit"])) == 0
    data = json.loads(save.read_text())
    data["cli"] = cli
    save.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["play", "--load", str(save)], read_line=Script([])) == 2
    err = capsys.readouterr().err
    assert words in err and "--seat" not in err


@pytest.mark.parametrize(("options", "expansion"), [(["--option", "expansion=artifacts"],
                                                     "artifacts"), ([], "none")])
def test_the_terminals_hint_searches_at_the_level_for_the_games_options(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        options: list[str], expansion: str) -> None:
    # Vale's hints judge by the learned value with the Artifacts only (agents/ismcts.py)
    asked: list[tuple[str, object]] = []

    def seven(game: str, options: dict[str, object] | None = None) -> str:
        asked.append((game, None if options is None else options.get("expansion")))
        return "7"

    monkeypatch.setattr(play_module, "hint_level", seven)
    script = Script(["hint", "quit"])
    main(["play", "vale", "--vs", "random", "--seed", "3", *options,
          "--save", str(tmp_path / "g.json")], read_line=script)
    assert asked == [("vale", expansion)]
    assert "The computer would play" in capsys.readouterr().out


def test_said_lines_wrap_at_words_on_a_terminal_and_stay_whole_in_a_file(
        tmp_path: Path) -> None:
    import io
    import re

    from rich.console import Console

    from cardtable.cli.play import PlaySession

    long = "P2: 80 points (start 2; Troll's Resolution effect +12; Burning Skull's " \
           "Resolution effect +15; summoning Behemoth +12; summoning Sand Giant +20)"
    state = cli_fakegame.FakeGame().new_game(3, 4)
    for terminal in (True, False):
        out = io.StringIO()
        console = Console(file=out, force_terminal=terminal, width=40, color_system=None)
        session = PlaySession(console, state, 0, "random", tmp_path / "s.json",
                              Script([]), agent_seed=1)
        session.say(long)
        lines = re.sub(r"\x1b\[[0-9;]*m", "", out.getvalue()).splitlines()
        if terminal:    # every line within the width, and no word cut in two
            assert len(lines) > 1 and all(len(line) <= 40 for line in lines)
            assert " ".join(line.strip() for line in lines) == long
        else:
            assert lines == [long]
