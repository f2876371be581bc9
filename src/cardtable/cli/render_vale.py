"""Drawing a Vale of Eternity observation in the terminal with rich.

`render(observation, viewer, words)` takes the JSON-safe observation documented in
`cardtable.vale.state` and the game's words (its catalogue, through the contract;
nothing else: it never sees the game state) and returns one
renderable: the round header, the hunting display, the Artifacts display (with the
markers on its tiles), then a panel per seat with score, stones, Artifact, area (with
its purchased areas), shelter, hunted cards and hand. Provisional cards carry a `*`.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.cli.words import Words, end_lines

FAMILY_STYLE = {"fire": "bold red", "water": "bold blue", "earth": "bold green",
                "wind": "bold cyan", "dragon": "bold magenta"}
STONE_STYLE = {"red": "red", "blue": "blue", "purple": "magenta"}
TIMING_MARK = {"instant": "⚡", "permanent": "∞", "resolution": "⌛"}
ABILITY_MARK = {"instant": "⚡", "permanent": "∞", "action": "+"}


# Said once under the board: the marks stand for these names (the rulebook's).
LEGEND = ("⚡ Instant effect · ∞ Permanent effect · ⌛ Resolution effect · "
          "+ Artifact action ability · * provisional")
# Card texts mark each effect's timing in words ("[resolution] Gain ..."): drawn as the
# same marks as beside the name, so one idea has one sign (explained by LEGEND).
_TIMING_TAG = re.compile(r"\[(instant|permanent|resolution)\]")


def effect_text(text: str) -> str:
    return _TIMING_TAG.sub(lambda m: TIMING_MARK[m.group(1)], text)


def tile_text(tid: str | None, tiles: dict[str, Any]) -> Text:
    """One Artifact tile: its name and ability mark."""
    if tid is None:
        return Text("-", style="dim")
    info = tiles.get(tid)
    if info is None:
        return Text(tid)
    text = Text(info["name"], style="bold yellow")
    if info.get("provisional"):
        text.append("*", style="yellow")
    text.append(f" {ABILITY_MARK.get(info['ability'], '')}")
    return text


def card_text(cid: str | None, cards: dict[str, Any], detail: bool = False) -> Text:
    """One card: name in its family colour, cost, timing marks; `?` when hidden."""
    if cid is None:
        return Text("?", style="dim")
    info = cards.get(cid)
    if info is None:
        return Text(cid)
    text = Text(info["name"], style=FAMILY_STYLE.get(info["family"], ""))
    if info.get("provisional"):
        text.append("*", style="yellow")
    text.append(f" ({info['cost']})", style="dim")
    marks = "".join(TIMING_MARK.get(t, "") for t in info.get("timing", []))
    if marks:
        text.append(f" {marks}")
    if detail and info.get("text"):
        text.append(f"  {effect_text(info['text'])}", style="dim")
    return text


def _cards_line(ids: list[str | None], cards: dict[str, Any]) -> Text:
    if not ids:
        return Text("-", style="dim")
    return Text(", ").join(card_text(c, cards) for c in ids)


def _stones(seat: dict[str, Any]) -> Text:
    """Each colour's count and what one stone of it is worth, in words: "red 0 (=1)"
    left a newcomer guessing which number was which."""
    text = Text()
    worth = 0
    for colour in ("red", "blue", "purple"):
        count = seat["stones"][colour]
        value = seat["stone_values"][colour]
        worth += count * value
        text.append(f"{colour}: {count}", style=STONE_STYLE[colour])
        text.append(f", worth {value} each · ", style="dim")
    total = sum(seat["stones"].values())
    text.append(f"total worth {worth} · {total} of {seat['stone_limit']} allowed",
                style="dim")
    return text


def _seat_panel(seat: dict[str, Any], obs: dict[str, Any], viewer: int | None,
                words: Words) -> Panel:
    cards = words.catalogue.get("cards", {})
    q = seat["seat"]
    table = Table.grid(padding=(0, 1))
    table.add_column(style="dim", justify="right")
    # folded, not cut: inside a panel rich wraps a line holding the double-width marks
    # (⚡, ⌛) one cell too long, and the default overflow cut its last word to "…"
    table.add_column(overflow="fold")
    table.add_row("score", Text(str(seat["score"]), style="bold"))
    table.add_row("stones", _stones(seat))
    tiles = words.catalogue.get("artifacts", {})
    if obs.get("artifacts"):
        tile = tile_text(seat.get("artifact"), tiles)
        if seat.get("artifact") is None and seat.get("marker"):
            tile.append(f"  (marker on {tiles[seat['marker']]['name']})", style="dim")
        table.add_row("artifact", tile)
    area = Table.grid()
    area.add_column(overflow="fold")      # as the panel's own column, above
    for cid in seat["area"]:
        area.add_row(card_text(cid, cards, detail=True))
    if not seat["area"]:
        area.add_row(Text("-", style="dim"))
    limit = seat.get("area_limit", obs["area_limit"])
    bought = seat.get("extra_areas", 0)
    label = f"area {len(seat['area'])}/{limit}" + (f" (+{bought} bought)" if bought else "")
    table.add_row(label, area)
    if seat.get("shelter"):
        table.add_row("shelter", _cards_line(seat["shelter"], cards))
    if seat["hunted"]:
        table.add_row("hunted", _cards_line(seat["hunted"], cards))
    hand = Text()
    for i, (cid, known) in enumerate(zip(seat["hand"], seat["hand_known"], strict=True)):
        if i:
            hand.append(", ")
        hand.append_text(card_text(cid, cards))
        if cid is not None and not known and q == viewer:
            hand.append(" (secret)", style="dim italic")
    if not seat["hand"]:
        hand = Text("-", style="dim")
    table.add_row(f"hand {seat['hand_count']}", hand)
    marks = []
    if q == obs["first_player"]:
        marks.append("first")
    if q == obs["current_player"]:
        marks.append("to move")
    title = words.seat(q) + (f" ({', '.join(marks)})" if marks else "")
    style = "bold yellow" if q == obs["current_player"] else "white"
    return Panel(table, title=title, title_align="left", border_style=style)


def render(observation: dict[str, Any], viewer: int | None,
           words: Words | None = None) -> RenderableType:
    obs = observation
    words = words or Words(viewer=viewer)
    cards = words.catalogue.get("cards", {})
    tiles = words.catalogue.get("artifacts", {})
    head = Text()
    head.append("The Vale of Eternity", style="bold")
    head.append(f"   round {obs['round']}/10   {obs['phase']} phase   "
                f"game ends at {obs['end_score']} points")
    if obs.get("expansion", "none") != "none":
        head.append(f"   expansion: {obs['expansion']}", style="dim")
    if obs["winners"] is not None:
        head.append(("   winner: " if len(obs["winners"]) == 1 else "   winners: ")
                    + ", ".join(words.seat(w) for w in obs["winners"]),
                    style="bold green")
    parts: list[RenderableType] = [head]
    deck = Text(f"deck {obs['deck']['count']}", style="dim")
    if obs["deck"]["top"]:
        deck.append("  top: ")
        deck.append_text(_cards_line(obs["deck"]["top"], cards))
    if obs["deck"].get("top_private"):
        deck.append("  top (known to you): ")
        deck.append_text(card_text(obs["deck"]["top_private"], cards))
    deck.append(f"   discard {len(obs['discard'])}", style="dim")
    if obs["discard"]:
        deck.append("  last: ")
        deck.append_text(card_text(obs["discard"][-1], cards))
    parts.append(deck)
    if obs["display"]:
        display = Table(title="hunting display", show_header=True, header_style="dim")
        display.add_column("card")
        display.add_column("family")
        display.add_column("effect", overflow="fold")
        for cid in obs["display"]:
            info = cards.get(cid, {})
            display.add_row(card_text(cid, cards), Text(info.get("family", "?"),
                            style=FAMILY_STYLE.get(info.get("family", ""), "")),
                            Text(effect_text(info.get("text", "")), style="dim"))
        parts.append(display)
    if obs.get("artifacts"):
        shown = Table(title="Artifacts", show_header=True, header_style="dim")
        shown.add_column("tile")
        shown.add_column("where")
        shown.add_column("ability", overflow="fold")
        for t in obs["artifacts"]:
            where = (f"held by {words.seat(t['held_by'])}" if t["held_by"] is not None
                     else "display" + (f", marker {words.seat(t['marker'])}"
                                       if t["marker"] is not None else ""))
            shown.add_row(tile_text(t["id"], tiles), Text(where),
                          Text(tiles.get(t["id"], {}).get("text", ""), style="dim"))
        parts.append(shown)
    for seat in obs["seats"]:
        parts.append(_seat_panel(seat, obs, viewer, words))
    pending = obs["pending"]
    if pending is not None:
        source = pending["source"]
        named = (tile_text(source, tiles) if source in tiles else card_text(source, cards))
        src = f" ({named.plain})" if source else ""
        line = Text(f"{words.seat(pending['player'])} must decide: "
                    f"{words.pending(pending['kind'])}{src}", style="bold yellow")
        if obs.get("to_order"):
            left = ", ".join(card_text(c, cards).plain for c in obs["to_order"])
            line.append(f"; still to resolve: {left}", style="yellow")
        parts.append(line)
    shown_ids = {c for s in obs["seats"] for c in (*s["area"], *s["hand"], *s["hunted"])}
    shown_ids |= set(obs["display"])
    for cid in sorted(c for c in shown_ids if c and cards.get(c, {}).get("provisional")):
        note = cards[cid].get("note") or "not yet confirmed against the printed game"
        parts.append(Text(f"* {cards[cid]['name']}: provisional. {note}", style="yellow"))
    parts.extend(Text(sentence, style="bold") for sentence in end_lines(obs.get("end"), words))
    parts.append(Text(LEGEND, style="dim"))
    return Group(*parts)


def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def status(observation: dict[str, Any], viewer: int | None,
           words: Words | None = None) -> Text:
    """One line between full boards: the round and phase, then each seat's points,
    stones, hand and area (the viewer's hand by name), and what is pending."""
    obs = observation
    words = words or Words(viewer=viewer)
    cards = words.catalogue.get("cards", {})
    line = Text(f"Round {obs['round']}/10, {obs['phase']} phase", style="bold")
    for seat in obs["seats"]:
        q = seat["seat"]
        stones = seat["stones"]
        worth = sum(stones[c] * seat["stone_values"][c] for c in stones)
        line.append(" · ")
        line.append(words.seat(q), style="bold" if q == viewer else "")
        held = ", ".join(f"{stones[c]} {c}" for c in ("red", "blue", "purple") if stones[c])
        line.append(f": {_points(seat['score'])}, "
                    + (f"stones {held} (worth {worth}), " if held else "no stones, "))
        if q == viewer and seat["hand"]:
            line.append("hand ")
            line.append_text(Text(", ").join(card_text(c, cards) for c in seat["hand"]))
        else:
            line.append(f"hand {seat['hand_count']}")
        limit = seat.get("area_limit", obs["area_limit"])
        line.append(f", area {len(seat['area'])}/{limit}")
    pending = obs["pending"]
    if pending is not None:
        source = pending["source"]
        named = f" ({words.name(source)})" if source else ""
        line.append(f" · {words.seat(pending['player'])} decides: "
                    f"{words.pending(pending['kind'])}{named}", style="yellow")
    return line
