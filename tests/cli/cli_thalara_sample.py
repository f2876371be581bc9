"""A Thalara observation in the documented shape, for drawing tests."""

from __future__ import annotations

from typing import Any


def sample_observation(viewer: int | None = 0) -> dict[str, Any]:
    def spells(seat: int) -> list[dict[str, Any]]:
        if seat == 0:
            return [{"id": "myrja-surge", "name": "Surge", "requires": ["red", "red"],
                     "kind": "permanent", "text": "Your red cards get +1 strength.",
                     "provisional": True, "cast_in": None},
                    {"id": "myrja-veil", "name": "Veil", "requires": ["blue"],
                     "kind": "instant", "text": "Turn a card face down.",
                     "provisional": False, "cast_in": 2}]
        return [{"id": "canto-echo", "name": "Echo", "requires": ["green", "yellow"],
                 "kind": "instant", "text": "Copy a spell.", "provisional": False,
                 "cast_in": None}]

    seats = []
    for seat, (character, name) in enumerate([("myrja", "Myrja"), ("canto", "Canto")]):
        mine = viewer == seat
        seats.append({
            "seat": seat, "character": character, "character_name": name, "stars": seat,
            "artifacts": ["A03"] if seat == 0 else [],
            "hand": ["blue4", "A07", "purple3"] if mine else None, "hand_count": 3,
            "supply": ["red2", "green5"] if mine else None, "supply_count": 2,
            "discard": ["yellow1"], "passed": seat == 1, "spells": spells(seat)})
    return {
        "game": "thalara", "viewer": viewer, "players": 2, "mode": "casual", "round": 3,
        "phase": "play", "current_player": 0, "start_player": 1, "last_player": 1,
        "pending": {"player": 1, "spell": "accaina-recall", "conflict": 2,
                    "prompt": "choose a Remnant to return"},
        "artifact_stack": 9, "aftershock_pool": 4, "seats": seats,
        "conflicts": [
            {"number": 1,
             "artifact": {"id": "A05", "name": "Sunken Crown", "color": "yellow",
                          "strength": 2, "stars": 3, "provisional": True},
             "sides": [{"seat": 0, "cards": [
                 {"card": "blue4", "color": "blue", "strength": 5, "printed": 4,
                  "face_down": False},
                 {"card": None, "color": None, "strength": None, "printed": None,
                  "face_down": True}], "total": 9},
                 {"seat": 1, "cards": [], "total": 0}],
             "spells": [{"id": "energy-barrier", "seat": 0}], "blocked_for": [1],
             "silenced": True},
            {"number": 2, "artifact": None, "sides": [], "spells": [], "blocked_for": [],
             "silenced": False}],
        "scores": [1, 0], "winners": None}
