"""The Thalara board for the terminal, drawn from an observation dict only.

The observation is the documented JSON shape of `ThalaraState.observation(viewer)`, and
the words (names of seats, cards, Artifacts and spells) come from the game's catalogue
through the contract; this module reads nothing else and knows no rule. Every field is
read defensively: a missing key or a None draws as "-" or "?" instead of failing.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.cli.words import Words, end_lines

COLOR_STYLES: dict[str, str] = {
    "red": "bold red",
    "blue": "bold bright_blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "purple": "bold magenta",
}


def _get(data: Any, key: str, default: Any = None) -> Any:
    """`data[key]` when data is a dict and the value is not None, else `default`."""
    if isinstance(data, dict):
        value = data.get(key)
        if value is not None:
            return value
    return default


def _list(data: Any, key: str) -> list[Any]:
    value = _get(data, key)
    return value if isinstance(value, list) else []


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def player_label(seat: Any, viewer: int | None = None) -> str:
    number = _int(seat)
    if number is None:
        return "-"
    return f"P{number + 1}" + (" (you)" if viewer is not None and number == viewer else "")


def card_color(card: str) -> str | None:
    """The color a card's name starts with (`blue4` -> blue), or None."""
    for color in COLOR_STYLES:
        if card.startswith(color):
            return color
    return None


def card_text(card: Any, color: Any = None) -> Text:
    """A card drawn in its color: Remnants by color, Artifacts bold, aftershocks dim."""
    if not isinstance(card, str) or not card:
        return Text("?", style="dim")
    shade = color if isinstance(color, str) and color in COLOR_STYLES else card_color(card)
    if shade is not None:
        return Text(card, style=COLOR_STYLES[shade])
    if card == "aftershock":
        return Text(card, style="italic dim")
    return Text(card, style="bold")


def cards_text(cards: Any, empty: str = "-") -> Text:
    if not isinstance(cards, list) or not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(card) for card in cards)


def played_card_text(entry: Any) -> Text:
    """A card on a conflict: hidden ones as 'face down', shown strength when it differs
    from the printed one."""
    card = _get(entry, "card")
    face_down = bool(_get(entry, "face_down", False))
    if card is None:
        return Text("face down" if face_down else "?", style="dim")
    out = card_text(card, _get(entry, "color"))
    strength = _int(_get(entry, "strength"))
    printed = _int(_get(entry, "printed"))
    if strength is not None and strength != printed:
        out.append(f" ({strength})", style="bold")
    if face_down:
        out.append(" face down", style="dim")
    return out


def requires_text(requires: Any) -> Text:
    if not isinstance(requires, list) or not requires:
        return Text("-", style="dim")
    return Text(" ").join(Text(str(color), style=COLOR_STYLES.get(str(color), ""))
                          for color in requires)


def header(observation: dict[str, Any], viewer: int | None, words: Words) -> Text:
    mode = _get(observation, "mode", "?")
    out = Text.assemble(
        ("Thalara", "bold"),
        f"  round {_get(observation, 'round', '?')}",
        f" · phase {_get(observation, 'phase', '?')}",
        f" · {mode} mode · {_get(observation, 'players', '?')} players\n")
    current = _get(observation, "current_player")
    out.append("To move: ")
    out.append(words.seat(current) if current is not None else "nobody",
               style="bold cyan" if current is not None and current == viewer else "")
    out.append(f" · start player {words.seat(_get(observation, 'start_player'))}")
    out.append(f" · last player {words.seat(_get(observation, 'last_player'))}\n")
    out.append(f"Artifact stack: {_get(observation, 'artifact_stack', '?')}"
               f" · aftershock pool: {_get(observation, 'aftershock_pool', '?')}")
    pending = _get(observation, "pending")
    if isinstance(pending, dict):
        out.append("\nWaiting on ", style="bold yellow")
        out.append(words.seat(_get(pending, "player")), style="bold yellow")
        out.append(f": {words.text(str(_get(pending, 'prompt', 'a decision')))}")
        details = []
        if _get(pending, "spell") is not None:
            details.append(f"spell {words.name(_get(pending, 'spell'))}")
        if _get(pending, "conflict") is not None:
            details.append(f"conflict {_get(pending, 'conflict')}")
        if details:
            out.append(f" ({', '.join(details)})", style="dim")
    return out


def artifact_text(artifact: Any) -> Text:
    if not isinstance(artifact, dict):
        return Text("no artifact", style="dim")
    out = Text(str(_get(artifact, "id", _get(artifact, "card", "?"))), style="bold")
    name = _get(artifact, "name")
    if name:
        out.append(f" {name}")
    # a mark by the name, as a spell's: "(provisional)" on a line of its own was cut
    # to "(provision…" in the narrow column of a 4-player table
    if _get(artifact, "provisional", False):
        out.append(" ✱", style="italic yellow")
    color = _get(artifact, "color")
    out.append("\n")
    out.append(str(color or "?"), style=COLOR_STYLES.get(str(color), "dim"))
    out.append(f" · str {_get(artifact, 'strength', '?')}"
               f" · ★{_get(artifact, 'stars', '?')}")
    return out


def seat_numbers(observation: dict[str, Any]) -> list[int]:
    """The seats to draw columns for: from `seats`, else from `players`."""
    seats = [_int(_get(seat, "seat")) for seat in _list(observation, "seats")]
    found = [seat for seat in seats if seat is not None]
    if found:
        return found
    players = _int(_get(observation, "players"))
    return list(range(players)) if players else []


def conflicts_table(observation: dict[str, Any], viewer: int | None, words: Words) -> Table:
    seats = seat_numbers(observation)
    table = Table(title="Conflicts", title_justify="left", show_lines=True, expand=False)
    table.add_column("#", justify="right")
    table.add_column("Artifact")
    for seat in seats:
        table.add_column(words.seat(seat))
    table.add_column("Spells and effects")
    for index, conflict in enumerate(_list(observation, "conflicts"), start=1):
        sides = {_int(_get(side, "seat")): side for side in _list(conflict, "sides")}
        cells: list[RenderableType] = [str(_get(conflict, "number", index)),
                                       artifact_text(_get(conflict, "artifact"))]
        for seat in seats:
            side = sides.get(seat)
            cards = [played_card_text(entry) for entry in _list(side, "cards")]
            cell = Text("\n").join(cards) if cards else Text("-", style="dim")
            cell.append(f"\ntotal {_get(side, 'total', 0)}", style="bold")
            cells.append(cell)
        notes = Text()
        for spell in _list(conflict, "spells"):
            if notes:
                notes.append("\n")
            notes.append(words.name(_get(spell, "id", "?")), style="cyan")
            notes.append(f" ({words.seat(_get(spell, 'seat'))})")
        blocked = _list(conflict, "blocked_for")
        if blocked:
            if notes:
                notes.append("\n")
            notes.append("blocked for " + ", ".join(words.seat(s) for s in blocked),
                         style="red")
        if _get(conflict, "silenced", False):
            if notes:
                notes.append("\n")
            notes.append("silenced", style="red")
        cells.append(notes if notes else Text("-", style="dim"))
        table.add_row(*cells)
    return table


def hand_text(seat: Any, viewer: int | None) -> Text:
    """A hand's size, and for another player the cards of it everybody knows
    (`known_hand`, when the observation has it)."""
    out = Text(str(_get(seat, "hand_count", "?")))
    known = _list(seat, "known_hand")
    if known and (viewer is None or _get(seat, "seat") != viewer):
        out.append(" incl. ")
        out.append_text(cards_text(known))
    return out


def seats_table(observation: dict[str, Any], viewer: int | None, words: Words) -> Table:
    current = _get(observation, "current_player")
    table = Table(title="Players", title_justify="left", expand=False)
    for column in ("Player", "Character", "★", "Artifacts", "Hand", "Supply", "Discard"):
        table.add_column(column, justify="right" if column in ("★", "Supply") else "left")
    for seat in _list(observation, "seats"):
        number = _get(seat, "seat")
        player = Text(words.seat(number),
                      style="bold cyan" if viewer is not None and number == viewer else "bold")
        if number is not None and number == current:
            player.append("\nto move", style="cyan")
        if _get(seat, "passed", False):
            player.append("\npassed", style="dim")
        table.add_row(
            player,
            str(_get(seat, "character_name", _get(seat, "character", "?"))),
            str(_get(seat, "stars", 0)),
            Text(", ".join(words.name(a) for a in _list(seat, "artifacts")) or "-"),
            hand_text(seat, viewer),
            str(_get(seat, "supply_count", "?")),
            cards_text(_get(seat, "discard")))
    return table


def spells_table(title: str, seats: list[Any], viewer: int | None,
                 with_owner: bool, words: Words) -> RenderableType | None:
    """The seats' spells, one row each, a provisional one marked ✱ by its name, and
    what each mark means under the table at full width (in a column of its own a note
    took a dozen lines of a dozen letters in an 80-column terminal)."""
    rows: list[list[RenderableType]] = []
    notes: dict[str, list[str]] = {}      # note -> the spells it is about, in order
    any_cast = False
    for seat in seats:
        for spell in _list(seat, "spells"):
            name_said = str(_get(spell, "name", "?"))
            name = Text(name_said, style="bold")
            if _get(spell, "provisional", False):
                name.append(" ✱", style="italic yellow")
                about = notes.setdefault(str(_get(spell, "note") or ""), [])
                if name_said not in about:
                    about.append(name_said)
            name.append(f"\n{_get(spell, 'id', '?')}", style="dim")
            cast_in = _get(spell, "cast_in")
            any_cast = any_cast or cast_in is not None
            needs = requires_text(_get(spell, "requires"))
            needs.append(f"\n{_get(spell, 'kind', '?')}", style="dim")
            row: list[RenderableType] = [
                name, needs, Text(str(_get(spell, "text", ""))),
                Text(f"conflict {cast_in}" if cast_in is not None else "-", style="cyan")]
            if with_owner:
                row.insert(0, words.seat(_get(seat, "seat")))
            rows.append(row)
    if not rows:
        return None
    table = Table(title=title, title_justify="left", expand=False, box=box.SIMPLE_HEAD,
                  padding=(0, 1))
    if with_owner:
        table.add_column("Player")
    table.add_column("Spell")
    # the kind under the requirement, folded before the effect is squeezed
    table.add_column("Requires", max_width=12)
    table.add_column("Effect", max_width=56)
    if any_cast:
        table.add_column("Cast on")
    for row in rows:
        table.add_row(*(row if any_cast else row[:-1]))
    if not notes:
        return table
    return Group(table, *(Text(f"✱ {', '.join(names)}, provisional"
                               + (f": {note}" if note else "."), style="yellow")
                          for note, names in notes.items()))


def result_text(observation: dict[str, Any], viewer: int | None, words: Words) -> Text:
    scores = _list(observation, "scores")
    out = Text("Scores: ", style="bold")
    out.append(" · ".join(f"{words.seat(seat)} {score}"
                          for seat, score in enumerate(scores)) or "-")
    winners = _get(observation, "winners")
    end = _get(observation, "end")
    reason = _get(observation, "end_reason")
    if isinstance(end, dict):
        out.append("\n" + "\n".join(end_lines(end, words)), style="bold")
    elif reason is not None:
        out.append(f"\nThe game ended: {words.text(str(reason))}", style="bold")
    if isinstance(winners, list):
        out.append("\nWinner: " if len(winners) == 1 else "\nWinners: ", style="bold green")
        out.append(", ".join(words.seat(seat) for seat in winners) or "nobody",
                   style="bold green")
    return out


def render(observation: dict[str, Any], viewer: int | None,
           words: Words | None = None) -> RenderableType:
    """The whole board as `viewer` sees it (None = a spectator)."""
    if not isinstance(observation, dict):
        return Text("(no board to draw)", style="dim")
    words = words or Words(viewer=viewer)
    parts: list[RenderableType] = [header(observation, viewer, words),
                                   conflicts_table(observation, viewer, words)]
    # what the mark by an Artifact means, once (their notes are alike)
    marked = [_get(c, "artifact") for c in _list(observation, "conflicts")
              if _get(_get(c, "artifact"), "provisional", False)]
    notes = sorted({str(_get(a, "note") or "") for a in marked})
    parts.extend(Text("✱ Artifacts, provisional" + (f": {note}" if note else "."),
                      style="italic yellow") for note in notes)
    parts.append(seats_table(observation, viewer, words))
    seats = [seat for seat in _list(observation, "seats") if isinstance(seat, dict)]
    mine = [seat for seat in seats if viewer is not None and _get(seat, "seat") == viewer]
    others = [seat for seat in seats if seat not in mine]
    for seat in mine:
        hand = _get(seat, "hand")
        line = Text(f"Your hand ({_get(seat, 'hand_count', '?')}): ", style="bold")
        line.append_text(cards_text(hand, empty="empty"))
        supply = _get(seat, "supply")
        if isinstance(supply, list):
            line.append(f"\nYour supply ({len(supply)}): ", style="bold")
            line.append_text(cards_text(supply, empty="empty"))
        parts.append(line)
    if mine:
        table = spells_table("Your spells", mine, viewer, False, words)
        if table is not None:
            parts.append(table)
    title = "Other players' spells" if mine else "Spells"
    table = spells_table(title, others, viewer, True, words)
    if table is not None:
        parts.append(table)
    parts.append(result_text(observation, viewer, words))
    return Group(*parts)


def status(observation: dict[str, Any], viewer: int | None,
           words: Words | None = None) -> Text:
    """One line between full boards: the round and phase, each conflict's totals, each
    seat's stars and hand (the viewer's by card), and what is pending."""
    if not isinstance(observation, dict):
        return Text("(no board)", style="dim")
    words = words or Words(viewer=viewer)
    line = Text(f"Round {_get(observation, 'round', '?')}, "
                f"{_get(observation, 'phase', '?')} phase", style="bold")
    totals = []
    for index, conflict in enumerate(_list(observation, "conflicts"), start=1):
        sides_list = _list(conflict, "sides")
        if not any(_list(side, "cards") or _get(side, "total", 0) for side in sides_list):
            continue            # nothing placed there yet: nothing to say
        sides = " – ".join(f"{words.seat(_get(side, 'seat'))} {_get(side, 'total', 0)}"
                           for side in _list(conflict, "sides"))
        marks = " (silenced)" if _get(conflict, "silenced", False) else ""
        totals.append(f"{_get(conflict, 'number', index)}: {sides}{marks}")
    if totals:
        line.append(" · conflicts " + "; ".join(totals))
    for seat in _list(observation, "seats"):
        number = _get(seat, "seat")
        line.append(" · ")
        line.append(words.seat(number), style="bold cyan" if number == viewer else "")
        line.append(f": {_get(seat, 'stars', 0)}★, ")
        hand = _get(seat, "hand")
        if number == viewer and isinstance(hand, list) and hand:
            size = words.catalogue.get("hand_size")
            choosing = _get(observation, "phase") == "select" and size
            line.append(f"hand ({len(hand)} of {size} chosen) " if choosing else "hand ")
            line.append_text(cards_text(hand))
        else:
            line.append(f"hand {_get(seat, 'hand_count', '?')}")
        if _get(seat, "passed", False):
            line.append(", passed", style="dim")
    pending = _get(observation, "pending")
    if isinstance(pending, dict):
        line.append(f" · {words.seat(_get(pending, 'player'))} decides: "
                    f"{words.text(str(_get(pending, 'prompt', 'a decision')))}",
                    style="yellow")
    return line
