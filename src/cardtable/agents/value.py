"""Learned values: a model of each seat's result from the position, for the search's
rollout cut-off in place of the hand-written evaluation (the `value=1` knob of ismcts,
issue 29).

A model is a logistic function of the features the game's "value" face computes (a
module with FEATURES, `features(state)` giving one row a seat, and `card_digest(state)`),
fitted by `cardtable train GAME` (agents/training.py) to the results the rollout policy
reaches from positions like those the search cuts off. It is a small JSON file: the
game, the player count, the digest of the cards it was trained on, the features' names,
one weight a feature, and how it was trained. At play time it is a dot product in plain
Python: for a dozen weights that is cheaper than a call into numpy, and playing needs
no numpy (nor PyTorch).

Where a model comes from: the files GAME-Np.json and GAME-Np-VARIANT.json (another
card set, such as Vale's with the Artifacts) in the directory $CARDTABLE_MODELS names,
then the package's own (cardtable/agents/models/); the first trained on the cards in
play is used. Where none is (Thalara's or Vale's `cards` option: a card file of the
player's own), the search falls back to the hand-written evaluation and says so once.
"""

from __future__ import annotations

import json
import logging
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from cardtable.engine.api import CardtableError, State
from cardtable.engine.registry import load_face

FORMAT: Final = "cardtable-value"
VERSION: Final = 1
MAX_BYTES: Final = 5 * 1024 * 1024      # the bound on a model's size
SHIPPED_DIR: Final = Path(__file__).parent / "models"
ENV_DIR: Final = "CARDTABLE_MODELS"
log = logging.getLogger("cardtable.value")


class ModelError(CardtableError, ValueError):
    """A model file that cannot be used: unreadable, malformed, or for another game."""


class ValueFace(Protocol):
    FEATURES: tuple[str, ...]

    def features(self, state: State) -> list[list[float]]: ...

    def card_digest(self, state: State) -> str: ...


def value_face(game: str) -> ValueFace | None:
    """The game's "value" face (what a model sees of a position), or None."""
    face = load_face(game, "value")
    return None if face is None else face  # type: ignore[return-value]


@dataclass(frozen=True)
class ValueModel:
    game: str
    players: int
    cards: str
    features: tuple[str, ...]
    weights: tuple[float, ...]
    trained: dict[str, Any] = field(default_factory=dict, compare=False)

    def chances(self, rows: list[list[float]]) -> list[float]:
        """Each seat's expected result (0 a loss, 1 a win) from its feature row."""
        weights = self.weights
        out = []
        for row in rows:
            z = 0.0
            for w, x in zip(weights, row, strict=True):
                z += w * x
            out.append(1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z)))))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game,
                "players": self.players, "cards": self.cards,
                "features": list(self.features), "weights": list(self.weights),
                "trained": self.trained}

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")


def load_model(path: Path) -> ValueModel:
    """Read and check a model file; ModelError says what is wrong with it."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ModelError(f"{path}: {size:,} bytes, more than a model may have "
                             f"({MAX_BYTES:,})")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        if isinstance(exc, ModelError):
            raise
        raise ModelError(f"{path}: not a readable model file ({exc})") from None
    return model_from_dict(data, str(path))


def model_from_dict(data: Any, where: str) -> ValueModel:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ModelError(f"{where}: not a cardtable value model (no \"format\": "
                         f"\"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise ModelError(f"{where}: model version {data.get('version')!r}; this cardtable "
                         f"reads version {VERSION}")
    game, players, cards = data.get("game"), data.get("players"), data.get("cards")
    features, weights = data.get("features"), data.get("weights")
    if not isinstance(game, str) or not isinstance(cards, str):
        raise ModelError(f"{where}: the model must name its game and cards")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 16:
        raise ModelError(f"{where}: players must be a whole number from 2, got {players!r}")
    face = value_face(game)
    if face is None:
        raise ModelError(f"{where}: the game {game!r} has no learned value")
    if not isinstance(features, list) or tuple(features) != tuple(face.FEATURES):
        raise ModelError(f"{where}: the model's features are not the ones this cardtable "
                         f"computes for {game}; train it again with 'cardtable train {game}'")
    if (not isinstance(weights, list) or len(weights) != len(features)
            or not all(isinstance(w, int | float) and not isinstance(w, bool)
                       and math.isfinite(w) for w in weights)):
        raise ModelError(f"{where}: the model needs one finite weight a feature "
                         f"({len(features)})")
    trained = data.get("trained", {})
    return ValueModel(game, players, cards, tuple(features), tuple(float(w) for w in weights),
                      trained if isinstance(trained, dict) else {})


def model_paths(game: str, players: int) -> list[Path]:
    """The model files for `game` with `players` (GAME-Np.json, or GAME-Np-VARIANT.json
    for another card set such as an expansion's): those in $CARDTABLE_MODELS first, then
    the package's."""
    given = os.environ.get(ENV_DIR)
    found: list[Path] = []
    for folder in ([Path(given)] if given else []) + [SHIPPED_DIR]:
        found += sorted(folder.glob(f"{game}-{players}p.json"))
        found += sorted(folder.glob(f"{game}-{players}p-*.json"))
    return found


_LOADED: dict[tuple[str, int, str], ValueModel | None] = {}


def model_for(game: str, players: int, cards: str) -> ValueModel | None:
    """The model to use for this game, player count and card set (the first of
    `model_paths` trained on these cards), or None: the search then uses the
    hand-written evaluation, and says so once a game, player count and card set."""
    key = (game, players, cards)
    if key in _LOADED:
        return _LOADED[key]
    paths = model_paths(game, players)
    chosen = None
    for path in paths:
        model = load_model(path)
        if model.game == game and model.players == players and model.cards == cards:
            chosen = model
            break
    if chosen is None and paths:
        log.warning("the learned values for %s with %d players (%s) were trained on other "
                    "cards than these (%s): the search uses the hand-written evaluation "
                    "instead", game, players, ", ".join(str(p) for p in paths), cards)
    elif chosen is None:
        log.warning("there is no learned value for %s with %d players: the search uses "
                    "the hand-written evaluation", game, players)
    _LOADED[key] = chosen
    return chosen
